import unittest

from shorten_mate_labels import claims, relabel


class ClaimsTest(unittest.TestCase):
    def test_shorter_mates_of_the_same_side_only(self):
        lines = [
            "wrong:\n",
            "  8/8/4K3/5P2/3k4/8/8/8 w - - bm #17;  (reported #10)\n",
            "  8/8/4K3/5P2/3k4/8/8/8 w - - bm #17;  (reported #12)\n",
            "  8/5p2/8/8/6n1/8/3k2Kp/8 b - - bm #-10;  (reported #-9)\n",
            # The other side's mate is a real error, not a better label.
            "  8/8/8/1p1k2p1/8/n7/1p6/2RK4 b - - bm #24;  (reported #-15)\n",
            "mates reported 1246 (74.1%)\n",
        ]
        self.assertEqual(claims(lines), {
            "8/8/4K3/5P2/3k4/8/8/8 w - -": 10,
            "8/5p2/8/8/6n1/8/3k2Kp/8 b - -": -9,
        })

    def test_claims_from_a_fault_listing(self):
        lines = [
            "wrong mates\t8/8/8/7p/7P/5bk1/3K4/8 b - - bm #26;\tinfo depth 2 seldepth 23 "
            "multipv 1 score mate 12 nodes 63 pv g3h4 d2c1\n",
            "illegal PVs\t8/8/8/7p/7P/5bk1/3K4/8 b - - bm #26;\tinfo depth 2 score mate 3 pv a1a2\n",
        ]
        self.assertEqual(claims(lines), {"8/8/8/7p/7P/5bk1/3K4/8 b - -": 12})

    def test_relabel_changes_only_proved_lines(self):
        lines = ["8/8/4K3/5P2/3k4/8/8/8 w - - bm #17;\n", "8/8/8/8/8/8/8/K1k5 w - - bm #3;\n"]
        self.assertEqual(relabel(lines, {"8/8/4K3/5P2/3k4/8/8/8 w - -": 10}),
                         ["8/8/4K3/5P2/3k4/8/8/8 w - - bm #10;\n", lines[1]])


if __name__ == "__main__":
    unittest.main()

import unittest

from fresh_cache_games import complete_tables, first_game_with, game_ends, tables_after_games


class FreshCacheGamesTest(unittest.TestCase):
    def test_only_finished_files_count(self):
        names = [
            "krk-1-ab.dtm",
            "krpk-1-ab.partial",
            "krkr-1-ab.dtm",
            "kqrk-1-ab.4242-0.tmp",
        ]
        self.assertEqual(complete_tables(names), ["krk", "krkr"])

    def test_the_first_process_is_not_a_game(self):
        log = [
            "10.0 A#0 < quit\n",
            "12.0 B#1 < quit\n",
            "12.0 A#1 < quit\n",
            "12.1 A#1 > bestmove e2e4\n",
            "19.5 A#2 < quit\n",
        ]
        self.assertEqual(game_ends(log), [12.0, 19.5])

    def test_a_save_within_the_grace_counts_for_the_game(self):
        snapshots = [
            (11.0, ["krk-1-x.dtm"]),
            (12.5, ["krk-1-x.dtm", "krkr-1-x.dtm"]),
            (15.0, ["krk-1-x.dtm", "krkr-1-x.dtm", "krpk-1-x.dtm"]),
        ]
        per_game = tables_after_games([12.0, 14.0, 16.0], snapshots)
        self.assertEqual(per_game, [["krk", "krkr"], ["krk", "krkr"], ["krk", "krkr", "krpk"]])
        self.assertEqual(first_game_with(["krkr", "krpk"], per_game), 3)
        self.assertIsNone(first_game_with(["krkp"], per_game))


if __name__ == "__main__":
    unittest.main()

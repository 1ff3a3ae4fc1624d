import unittest

import chess

from shorten_mate_labels import table_labels
from table_mate_proof import Prover


class FakeTables:
    """Stands in for the dtm_probe process: the given positions' mates
    (matetrack's form), no table for any other."""

    def __init__(self, mates):
        self.mates = mates

    def mate(self, board):
        return self.mates.get(board.epd())


class ProverTest(unittest.TestCase):
    def test_a_mate_on_the_board_needs_no_table(self):
        board = chess.Board("6k1/5ppp/8/8/8/8/8/R5K1 w - - 0 1")
        self.assertEqual(Prover(FakeTables({})).shortest(board, 5), 1)

    def test_a_capture_into_a_table_proves_the_mate_and_no_shorter(self):
        # Black's Kxh4 leaves K+B+P against K, which the table gives as
        # White mated in 11; no other line is known, so 12 is the proof.
        board = chess.Board("8/8/8/7p/7P/5bk1/3K4/8 b - - 0 1")
        child = board.copy()
        child.push_uci("g3h4")
        tables = FakeTables({child.epd(): -11})
        self.assertEqual(Prover(tables, budget=2_000).shortest(board, 26), 12)

    def test_a_defence_the_tables_do_not_lose_disproves(self):
        # The same position with the table's answer a draw: no mate proved.
        board = chess.Board("8/8/8/7p/7P/5bk1/3K4/8 b - - 0 1")
        child = board.copy()
        child.push_uci("g3h4")
        tables = FakeTables({child.epd(): 0})
        self.assertIsNone(Prover(tables, budget=2_000).shortest(board, 12))

    def test_the_side_mated_in_one(self):
        # Black's only move, Kg8, allows Ra8 mate.
        board = chess.Board("7k/R7/6K1/8/8/8/8/8 b - - 0 1")
        self.assertEqual(Prover(FakeTables({})).shortest(board, -3), -1)


class TableLabelsTest(unittest.TestCase):
    def test_four_men_take_the_tables_distance(self):
        lines = ["8/8/8/5K2/3r4/4k3/8/8 b - - bm #13;\n",
                 "8/8/8/8/8/8/8/K1k5 w - - bm #3;\n",
                 "6k1/5ppp/8/8/8/8/8/R5K1 w - - bm #1;\n"]
        krk = chess.Board("8/8/8/5K2/3r4/4k3/8/8 b - - 0 1").epd()
        tables = FakeTables({krk: 10, chess.Board("8/8/8/8/8/8/8/K1k5 w - - 0 1").epd(): 0})
        self.assertEqual(table_labels(lines, tables), {"8/8/8/5K2/3r4/4k3/8/8 b - -": 10})


if __name__ == "__main__":
    unittest.main()

"""Tests of tb_hits.py on a hand-written log."""

import os
import sys
import unittest

sys.path.insert(0, os.path.dirname(__file__))
import tb_hits  # noqa: E402

LOG = """\
1.0 A#3 < position fen 8/8/8/8/8/2k5/8/KR6 w - - 0 1
1.0 A#3 < go wtime 100 btime 100
1.1 A#3 > info depth 1 score mate 8 nodes 9 tbhits 7 pv a1a2
1.1 A#3 > bestmove b1b2
1.2 A#3 < position fen 8/8/8/8/8/2k5/8/KR6 w - - 0 1 moves b1b2 c3c4
1.2 A#3 < go wtime 100 btime 100
1.3 A#3 > info depth 1 score mate 7 nodes 9 tbhits 0 pv a1a2
1.3 A#3 > bestmove a1a2
1.4 B#3 < position startpos
1.5 A#4 < position startpos moves e2e4
1.5 A#4 < go wtime 100 btime 100
1.6 A#4 > info depth 1 score cp 10 nodes 9 tbhits 0 pv e7e5
1.6 A#4 > bestmove e7e5
"""


class TbHits(unittest.TestCase):
    def test_counts_the_searches_of_tabled_positions_per_game(self):
        games = tb_hits.per_game(LOG.splitlines(), "A", 4)
        self.assertEqual(games, {3: [7, 0]})

    def test_a_position_command_with_moves_is_played_out(self):
        board = tb_hits.board_of("position startpos moves e2e4 e7e5")
        self.assertEqual(board.fullmove_number, 2)
        self.assertIsNone(tb_hits.board_of("go infinite"))

    def test_a_dead_draw_is_no_tabled_position(self):
        board = tb_hits.board_of("position fen 8/8/8/8/8/2k5/8/KN6 w - - 0 1")
        self.assertFalse(tb_hits.tabled(board, 4))


if __name__ == "__main__":
    unittest.main()

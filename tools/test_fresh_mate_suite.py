"""Tests for fresh_mate_suite.py's choice of candidates (no engine)."""
import io
import os
import tempfile
import unittest

import chess.pgn

from fresh_mate_suite import candidates, decided, epd_line, excluded_keys, position_key


def game_with_comments(comments):
    """A game of knight moves back and forth, one comment a ply."""
    pgn = io.StringIO("[Event \"t\"]\n\n*")
    game = chess.pgn.read_game(pgn)
    node = game
    moves = ["g1f3", "g8f6", "f3g1", "f6g8"]
    for ply, comment in enumerate(comments):
        node = node.add_variation(chess.Move.from_uci(moves[ply % 4]))
        node.comment = comment
    return game


class DecidedTest(unittest.TestCase):
    def test_mates_and_large_scores_either_way(self):
        self.assertTrue(decided("+M7/13 0.231s", 4.0))
        self.assertTrue(decided(" -M6/12 0.067s ", 4.0))
        self.assertTrue(decided("-4.50/20 0.3s", 4.0))
        self.assertFalse(decided("+3.99/20 0.3s", 4.0))
        self.assertFalse(decided("book", 4.0))
        self.assertFalse(decided("", 4.0))


class CandidatesTest(unittest.TestCase):
    def test_from_ply_twenty_spaced_and_capped(self):
        comments = ["+0.10/10 0.1s"] * 20 + ["+5.00/12 0.1s"] * 30
        game = game_with_comments(comments)
        fens = candidates(game, 4.0, 6, 3)
        self.assertEqual(len(fens), 3)
        # The first is the position at ply 20 (the start after five cycles).
        self.assertEqual(position_key(fens[0]), position_key(chess.STARTING_FEN))
        # Six plies on: the knights stand on f3 and f6... after two more plies.
        board = chess.Board()
        for uci in ["g1f3", "g8f6"]:
            board.push_uci(uci)
        self.assertEqual(position_key(fens[1]), position_key(board.fen()))

    def test_a_quiet_game_gives_none(self):
        game = game_with_comments(["+0.10/10 0.1s"] * 60)
        self.assertEqual(candidates(game, 4.0, 6, 4), [])


class FormatTest(unittest.TestCase):
    def test_epd_line_and_exclusion(self):
        fen = "8/8/8/8/8/5k2/8/5K1R w - - 0 1"
        self.assertEqual(epd_line(fen, -3), "8/8/8/8/8/5k2/8/5K1R w - - bm #-3;")
        with tempfile.TemporaryDirectory() as folder:
            path = os.path.join(folder, "suite.epd")
            with open(path, "w") as f:
                f.write(epd_line(fen, 2) + "\n")
            self.assertEqual(excluded_keys([path]), {position_key(fen)})


if __name__ == "__main__":
    unittest.main()

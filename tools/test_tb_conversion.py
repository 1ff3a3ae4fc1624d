"""Tests of tb_conversion.py's pure parts (no engines, no Syzygy files)."""

import random
import unittest

import chess

import tb_conversion as tc


class FakeTablebase:
    """probe_wdl/probe_dtz from a function of the board."""

    def __init__(self, wdl, dtz=lambda board: 5):
        self.wdl, self.dtz = wdl, dtz

    def probe_wdl(self, board):
        return self.wdl(board)

    def probe_dtz(self, board):
        return self.dtz(board)


class Positions(unittest.TestCase):
    def test_krbvkr_is_legal_and_has_the_right_men(self):
        rng = random.Random(1)
        turns = set()
        for _ in range(500):
            board = tc.random_krbvkr(rng)
            self.assertTrue(board.is_valid(), board.fen())
            self.assertEqual(board.castling_rights, chess.BB_EMPTY)
            self.assertIsNone(board.ep_square)
            self.assertFalse(board.was_into_check())  # side not to move not in check
            men = sorted(p.symbol() for p in board.piece_map().values())
            self.assertEqual(men, sorted("KRBkr"))
            turns.add(board.turn)
        self.assertEqual(turns, {chess.WHITE, chess.BLACK})

    def test_same_seed_same_positions(self):
        a = [tc.random_krbvkr(random.Random(7)).fen() for _ in range(3)]
        b = [tc.random_krbvkr(random.Random(7)).fen() for _ in range(3)]
        self.assertEqual(a, b)
        self.assertNotEqual(tc.random_krbvkr(random.Random(7)).fen(),
                            tc.random_krbvkr(random.Random(8)).fen())

    def test_draw_positions_keeps_verdicts_interleaved_and_seeded(self):
        # a fake table: White to move wins, Black to move draws
        tb = FakeTablebase(lambda board: 2 if board.turn == chess.WHITE else 0)
        got = tc.draw_positions(random.Random(3), tb, 5)
        self.assertEqual([v for _, v in got], [tc.WON, tc.DRAWN] * 5)
        for board, verdict in got:
            self.assertEqual(board.turn == chess.WHITE, verdict == tc.WON)
            self.assertFalse(board.is_game_over())
        again = tc.draw_positions(random.Random(3), tb, 5)
        self.assertEqual([b.fen() for b, _ in got], [b.fen() for b, _ in again])
        self.assertEqual(len({b.fen() for b, _ in got}), 10)

    def test_draw_positions_min_dtz_drops_short_wins(self):
        tb = FakeTablebase(lambda board: 2 if board.turn == chess.WHITE else 0,
                           dtz=lambda board: 1 if board.king(chess.WHITE) < 32 else 9)
        got = tc.draw_positions(random.Random(3), tb, 5, min_dtz=2)
        for board, verdict in got:
            if verdict == tc.WON:
                self.assertGreaterEqual(board.king(chess.WHITE), 32)

    def test_verdicts(self):
        self.assertEqual(tc.table_verdict(2), tc.WON)
        self.assertEqual(tc.table_verdict(0), tc.DRAWN)
        for wdl in (-2, -1, 1, None):
            self.assertIsNone(tc.table_verdict(wdl))

    def test_matewise_colour(self):
        board = chess.Board("8/8/8/4B3/8/4K3/1r1R4/k7 b - - 0 1")
        self.assertEqual(tc.matewise_colour(board, tc.WON), chess.BLACK)
        board.turn = chess.WHITE
        self.assertEqual(tc.matewise_colour(board, tc.WON), chess.WHITE)
        self.assertEqual(tc.matewise_colour(board, tc.DRAWN), chess.BLACK)


class Judgement(unittest.TestCase):
    def test_won_needs_a_matewise_win(self):
        self.assertTrue(tc.achieved(tc.WON, chess.WHITE, chess.WHITE))
        self.assertFalse(tc.achieved(tc.WON, chess.WHITE, None))
        self.assertFalse(tc.achieved(tc.WON, chess.WHITE, chess.BLACK))
        self.assertTrue(tc.achieved(tc.WON, chess.BLACK, chess.BLACK))

    def test_drawn_needs_no_loss(self):
        self.assertTrue(tc.achieved(tc.DRAWN, chess.BLACK, None))
        self.assertTrue(tc.achieved(tc.DRAWN, chess.BLACK, chess.BLACK))
        self.assertFalse(tc.achieved(tc.DRAWN, chess.BLACK, chess.WHITE))

    def test_result_string(self):
        self.assertEqual(tc.result_string(chess.WHITE, True), "1-0")
        self.assertEqual(tc.result_string(chess.BLACK, True), "0-1")
        self.assertEqual(tc.result_string(None, True), "1/2-1/2")
        self.assertEqual(tc.result_string(None, False), "*")

    def test_first_spoil_names_the_move_that_lets_the_win_go(self):
        start = chess.Board("8/8/8/4B3/8/4K3/1r1R4/k7 w - - 0 1")
        good, bad = chess.Move.from_uci("d2b2"), chess.Move.from_uci("d2d3")
        # after White's move: Black loses unless the rook still stands on b2
        tb = FakeTablebase(lambda board: 2 if board.turn == chess.WHITE
                           else (0 if board.piece_at(chess.B2) == chess.Piece.from_symbol("r") else -2))
        self.assertIsNone(tc.first_spoil(start, [good], chess.WHITE, tc.WON, tb))
        self.assertEqual(tc.first_spoil(start, [bad], chess.WHITE, tc.WON, tb),
                         (0, bad, 2, 0))

    def test_first_spoil_drawn_ignores_opponent_moves(self):
        start = chess.Board("8/8/4r3/8/8/5B2/k3R3/4K3 b - - 0 1")
        moves = [chess.Move.from_uci("e6e2"), chess.Move.from_uci("e1e2")]
        tb = FakeTablebase(lambda board: 0)
        self.assertIsNone(tc.first_spoil(start, moves, chess.BLACK, tc.DRAWN, tb))
        tb = FakeTablebase(lambda board: 2 if board.turn == chess.WHITE else 0)
        self.assertEqual(tc.first_spoil(start, moves, chess.BLACK, tc.DRAWN, tb)[0], 0)


if __name__ == "__main__":
    unittest.main()

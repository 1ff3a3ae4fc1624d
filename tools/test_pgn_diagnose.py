"""Tests of pgn_diagnose.py on small synthetic positions and games.

    python3 -m unittest discover -s tools      # from the repository's root
    python3 -m unittest test_pgn_diagnose      # from tools/
"""
import gzip
import os
import pathlib
import sys
import tempfile
import unittest

sys.path.insert(0, str(pathlib.Path(__file__).resolve().parent))

import chess  # noqa: E402
import chess.pgn  # noqa: E402

import pgn_diagnose as diag  # noqa: E402

# A Giuoco Piano, 14 moves each; the opponent ("Other", Black) wins.
MOVES = ("e4 e5 Nf3 Nc6 Bc4 Bc5 c3 Nf6 d4 exd4 cxd4 Bb4+ Nc3 Nxe4 O-O Bxc3 d5 Bf6 "
         "Re1 Ne7 Rxe4 d6 Bg5 Bxg5 Nxg5 h6 Qe2 hxg5 Re1 Be6 dxe6 f6 Re3 c6 Rh3 Rxh3 "
         "gxh3 g6 Qf3 Qa5 Rd1 Qf5").split()
# Each engine's score of its move N (from its own side, pawns): Other's
# stays >= +1.50 from its move 5 on; Matewise calls that -0.25.
OTHER = [0.2, 0.3, 1.6, 0.8, 1.6, 1.7, 2.0, 2.2, 2.5, 3.0, 3.1, 3.5, 4.0, 5.0, 6.0, 7.0, 8.0,
         9.0, 10.0, 11.0, 12.0]
OWN = [0.1, 0.0, 0.2, 0.1, -0.25, -0.3, -0.5, -0.6, -0.8, -1.0, -1.2, -1.5, -2.0, -2.5, -3.0,
       -3.5, -4.0, -4.5, -5.0, -5.5, -6.0]


def synthetic_game(result="0-1"):
    game = chess.pgn.Game()
    game.headers.update({"White": "Matewise", "Black": "Other", "Result": result,
                         "Opening": "#1"})
    node = game
    for ply, san in enumerate(MOVES):
        scores = OWN if ply % 2 == 0 else OTHER
        score = scores[ply // 2]
        node = node.add_variation(node.board().parse_san(san),
                                  comment=f"{score:+.2f}/12 0.100s")
    return game


def write(games, gz=False):
    text = "\n\n".join(str(g) for g in games) + "\n"
    handle, path = tempfile.mkstemp(suffix=".pgn.gz" if gz else ".pgn")
    os.close(handle)
    if gz:
        with gzip.open(path, "wt", encoding="utf-8") as out:
            out.write(text)
    else:
        pathlib.Path(path).write_text(text, encoding="utf-8")
    return path


class Comments(unittest.TestCase):
    def test_scores(self):
        self.assertEqual(diag.comment_score("+0.12/10 0.148s"), 0.12)
        self.assertEqual(diag.comment_score("-1.05/12 0.235s"), -1.05)
        self.assertEqual(diag.comment_score("+M5/30 0.1s"), 10.0)
        self.assertEqual(diag.comment_score("-M9/13 0.092s, Black wins by adjudication"), -10.0)
        self.assertEqual(diag.comment_score("+1.00 0.2s"), 1.0)
        self.assertIsNone(diag.comment_score("0.148s"))
        self.assertIsNone(diag.comment_score(None))


class Positions(unittest.TestCase):
    def test_sheltered_king(self):
        board = chess.Board("6k1/8/8/8/8/8/5PPP/6K1 w - - 0 1")
        self.assertEqual(diag.shelter_pawns(board, chess.WHITE), 3)
        self.assertEqual(diag.ring_attacks(board, chess.WHITE), 0)
        self.assertFalse(diag.king_exposed(board, chess.WHITE))

    def test_bare_king(self):
        board = chess.Board("6k1/8/8/8/8/8/7P/6K1 w - - 0 1")
        self.assertEqual(diag.shelter_pawns(board, chess.WHITE), 1)
        self.assertTrue(diag.king_exposed(board, chess.WHITE))
        self.assertEqual(diag.shelter_pawns(board, chess.BLACK), 0)  # no pawns in front of g8

    def test_attacked_ring(self):
        # Full shelter, but the queen hits f2 and h2 and the knight g1 and h2.
        board = chess.Board("6k1/8/8/8/7q/5n2/5PPP/6K1 w - - 0 1")
        self.assertEqual(diag.shelter_pawns(board, chess.WHITE), 3)
        self.assertEqual(diag.ring_attacks(board, chess.WHITE), 3)
        self.assertTrue(diag.king_exposed(board, chess.WHITE))
        board.remove_piece_at(chess.F3)
        self.assertEqual(diag.ring_attacks(board, chess.WHITE), 2)
        self.assertFalse(diag.king_exposed(board, chess.WHITE))

    def test_passers(self):
        board = chess.Board("6k1/8/1P6/8/8/8/8/6K1 w - - 0 1")
        self.assertTrue(diag.advanced_passer(board, chess.WHITE))
        board.set_piece_at(chess.A7, chess.Piece(chess.PAWN, chess.BLACK))
        self.assertFalse(diag.advanced_passer(board, chess.WHITE))
        board = chess.Board("6k1/8/8/8/8/1p6/8/6K1 w - - 0 1")  # Black's sixth rank
        self.assertTrue(diag.advanced_passer(board, chess.BLACK))

    def test_phase_and_imbalance(self):
        start = chess.Board()
        self.assertEqual(diag.phase(start, 5, 12, 26), "opening")
        self.assertEqual(diag.phase(start, 20, 12, 26), "middlegame, queens on")
        rooks = chess.Board("r3k2r/pppppppp/8/8/8/8/PPPPPPPP/R3K2R w - - 0 1")
        self.assertEqual(diag.phase(rooks, 20, 12, 26), "endgame")
        # White has a rook for Black's bishop: an exchange, unequal material.
        board = chess.Board("4kb2/pppppppp/8/8/8/8/PPPPPPPP/R3K3 w - - 0 1")
        held = diag.categories(board, chess.WHITE, diag.argparse.Namespace(**diag.DEFAULTS))
        self.assertIn("rook against minor pieces", held)
        self.assertIn("piece material unequal", held)
        self.assertIn("queens off (both)", held)


class Games(unittest.TestCase):
    def test_decided_move_and_trajectory(self):
        path = write([synthetic_game()], gz=True)
        try:
            report = diag.diagnose([path])
            self.assertEqual(report["engine"], "Matewise")
            self.assertEqual(report["lost"], 1)
            phases = report["loss_phases"]
            self.assertEqual(phases["games"][0]["decided"], 5)
            self.assertEqual(phases["games"][0]["phase"], "opening")
            self.assertEqual(phases["own_median"], -0.25)   # Matewise's move 5, just before
            lost = report["trajectories"]["lost"]["moves"]
            self.assertEqual(lost[5]["other"], 1.6)
            self.assertEqual(lost[5]["own"], -0.25)
            self.assertEqual(lost[25]["n"], 0)              # the game ends at move 21
            later = diag.diagnose([path], opening_moves=3)
            self.assertEqual(later["loss_phases"]["games"][0]["phase"], "middlegame, queens on")
            previous = diag.diagnose([path], pairing="previous")
            self.assertEqual(previous["loss_phases"]["own_median"], -0.3)  # its move 6
            self.assertIn("Matewise", report["calibration"])
        finally:
            os.unlink(path)

    def test_pairs_and_optimism(self):
        path = write([synthetic_game()])
        try:
            _, games = diag.load([path], None)
            pair = games[0].pairs[4]                       # Matewise's move 5 and Other's reply
            self.assertEqual((pair["move"], pair["own"], pair["other"]), (5, -0.25, 1.6))
            self.assertEqual(pair["board"].turn, chess.BLACK)   # after Matewise's move
            self.assertAlmostEqual(diag.difference(pair, 0.5, 4.0), -0.25 + 0.8)
            self.assertAlmostEqual(diag.difference({"own": 6.0, "other": -9.0}, 1.0, 4.0), 0.0)
            report = diag.diagnose([path], window=(1, 21))
            rows = {r["category"]: r for r in report["optimism"]}
            self.assertEqual(rows["all positions"]["n"], 21)
            self.assertEqual(report["disagreement"]["points"], 1)
        finally:
            os.unlink(path)

    def test_engine_option(self):
        path = write([synthetic_game("1/2-1/2")])
        try:
            report = diag.diagnose([path], engine="Other")
            self.assertEqual((report["engine"], report["drawn"]), ("Other", 1))
            self.assertEqual(report["loss_phases"]["losses"], 0)
        finally:
            os.unlink(path)


if __name__ == "__main__":
    unittest.main()

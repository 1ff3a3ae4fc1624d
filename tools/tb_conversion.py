#!/usr/bin/env python3
"""KRBvKR conversion: does Matewise convert or hold what the Syzygy table says?

Draws random legal KRBvKR positions (White K+R+B, Black K+R, no castling,
side to move random, the side not to move not in check) from a fixed seed,
probes them with ``chess.syzygy`` and keeps N positions the side to move
wins (WDL +2: a win within the fifty-move rule) and N drawn ones (WDL 0).
Each is played out against an opponent engine (Stockfish): Matewise takes
the winning side in the won positions and the defending side (Black K+R) in
the drawn ones; both engines get the same Syzygy folders.

A game ends at mate, stalemate, threefold repetition, insufficient material
or the fifty-move rule (``board.outcome(claim_draw=True)``), or after
``--max-plies`` plies. A won position is achieved when Matewise mates (the
game stops at the fifty-move rule, so a mate is a win within it); a drawn
one when Matewise does not lose.

Per position it prints the FEN, the table's verdict, the result, the plies
and whether Matewise achieved the table result, then a summary. With
``--pgn`` every game is appended to a PGN file, with ``--jsonl`` one JSON
record a game; for a failed game the first Matewise move that changed the
table value is named.

Example (the issue 69 measurement):

    python3 tools/tb_conversion.py --engine target/release/matewise \\
        --cache /tmp/mw-cache --pgn krbvkr.pgn

Needs python-chess; the Syzygy folders are never copied anywhere.
"""

from __future__ import annotations

import argparse
import json
import random
import sys
import time

import chess
import chess.engine
import chess.pgn
import chess.syzygy

DEFAULT_SYZYGY = ["/work/shared/data/syzygy/3-4", "/work/shared/data/syzygy/5"]
WON, DRAWN = "won", "drawn"


# --------------------------------------------------------------------------
# Positions
# --------------------------------------------------------------------------

def random_krbvkr(rng: random.Random) -> chess.Board:
    """One random legal KRBvKR position (White K+R+B, Black K+R).

    Men on distinct random squares, side to move random, no castling and no
    en passant; drawn again until the position is valid (kings apart, the
    side not to move not in check).
    """
    pieces = [chess.Piece(chess.KING, chess.WHITE), chess.Piece(chess.ROOK, chess.WHITE),
              chess.Piece(chess.BISHOP, chess.WHITE), chess.Piece(chess.KING, chess.BLACK),
              chess.Piece(chess.ROOK, chess.BLACK)]
    while True:
        squares = rng.sample(chess.SQUARES, len(pieces))
        board = chess.Board(None)
        for square, piece in zip(squares, pieces):
            board.set_piece_at(square, piece)
        board.turn = rng.choice([chess.WHITE, chess.BLACK])
        if board.is_valid():
            return board


def table_verdict(wdl: int | None) -> str | None:
    """WON for WDL +2 (side to move wins within the 50-move rule), DRAWN for 0, else None."""
    if wdl == 2:
        return WON
    if wdl == 0:
        return DRAWN
    return None


def draw_positions(rng: random.Random, tablebase, per_kind: int,
                   min_dtz: int = 1) -> list[tuple[chess.Board, str]]:
    """Keep the first ``per_kind`` won and ``per_kind`` drawn positions in draw order.

    Positions without a legal move (mate, stalemate) are skipped, and won ones
    whose DTZ is below ``min_dtz`` (2 leaves out those won by capturing the
    rook at once). The list is interleaved (won, drawn, won, ...) so that a
    partial run covers both kinds.
    """
    kept: dict[str, list[chess.Board]] = {WON: [], DRAWN: []}
    seen: set[str] = set()
    while len(kept[WON]) < per_kind or len(kept[DRAWN]) < per_kind:
        board = random_krbvkr(rng)
        fen = board.fen()
        if fen in seen or board.is_game_over():
            continue
        seen.add(fen)
        verdict = table_verdict(tablebase.probe_wdl(board))
        if verdict == WON and tablebase.probe_dtz(board) < min_dtz:
            continue
        if verdict is not None and len(kept[verdict]) < per_kind:
            kept[verdict].append(board)
    out = []
    for won, drawn in zip(kept[WON], kept[DRAWN]):
        out += [(won, WON), (drawn, DRAWN)]
    return out


def matewise_colour(board: chess.Board, verdict: str) -> chess.Color:
    """The side Matewise plays: the winner (side to move) if won, Black K+R if drawn."""
    return board.turn if verdict == WON else chess.BLACK


# --------------------------------------------------------------------------
# Judgement
# --------------------------------------------------------------------------

def achieved(verdict: str, mw_colour: chess.Color, winner: chess.Color | None) -> bool:
    """Did Matewise get the table result? Won: Matewise won. Drawn: it did not lose.

    ``winner`` is the game's winner (None for a draw or an unfinished game).
    The game is stopped at the fifty-move rule, so a win is always within it.
    """
    if verdict == WON:
        return winner == mw_colour
    return winner is None or winner == mw_colour


def first_spoil(start: chess.Board, moves: list[chess.Move], mw_colour: chess.Color,
                verdict: str, tablebase) -> tuple[int, chess.Move, int, int] | None:
    """The first Matewise move after which the table no longer gives the verdict.

    Won: after Matewise's move the opponent, to move, no longer loses (WDL
    above -2). Drawn: the opponent, to move, now wins (WDL +2). Returns
    (ply index, move, WDL before as the mover, WDL after as the opponent) or None.
    """
    board = start.copy()
    for ply, move in enumerate(moves):
        mover = board.turn
        before = tablebase.probe_wdl(board) if mover == mw_colour else None
        board.push(move)
        if mover != mw_colour or board.is_game_over():
            continue
        after = tablebase.probe_wdl(board)
        if (verdict == WON and after > -2) or (verdict == DRAWN and after == 2):
            return ply, move, before, after
    return None


def result_string(winner: chess.Color | None, finished: bool) -> str:
    """PGN result: 1-0, 0-1, 1/2-1/2, or * for a game stopped at the ply limit."""
    if winner is None:
        return "1/2-1/2" if finished else "*"
    return "1-0" if winner == chess.WHITE else "0-1"


# --------------------------------------------------------------------------
# Playing
# --------------------------------------------------------------------------

def open_engine(command: str, options: dict) -> chess.engine.SimpleEngine:
    """Start a UCI engine and set its options."""
    engine = chess.engine.SimpleEngine.popen_uci(command)
    engine.configure({k: v for k, v in options.items() if k in engine.options})
    return engine


def play_game(start: chess.Board, engines: dict, limit: chess.engine.Limit,
              max_plies: int) -> dict:
    """Play from ``start`` with engines[colour]; return moves, winner, reason, tbhits."""
    board = start.copy()
    tbhits = {chess.WHITE: 0, chess.BLACK: 0}
    marker = object()
    while True:
        outcome = board.outcome(claim_draw=True)
        if outcome is not None:
            return {"board": board, "winner": outcome.winner, "finished": True,
                    "reason": outcome.termination.name.lower(), "tbhits": tbhits}
        if len(board.move_stack) >= max_plies:
            return {"board": board, "winner": None, "finished": False,
                    "reason": "ply_limit", "tbhits": tbhits}
        mover = board.turn
        res = engines[mover].play(board, limit, info=chess.engine.INFO_BASIC, game=marker)
        tbhits[mover] = max(tbhits[mover], int(res.info.get("tbhits", 0) or 0))
        if res.move is None or res.move not in board.legal_moves:
            return {"board": board, "winner": not mover, "finished": True,
                    "reason": f"illegal move {res.move}", "tbhits": tbhits}
        board.push(res.move)


def pgn_game(start: chess.Board, game: dict, names: dict, record: dict) -> chess.pgn.Game:
    """A PGN game with the position, verdict and judgement as headers."""
    pgn = chess.pgn.Game.from_board(game["board"])
    pgn.headers["Event"] = "KRBvKR conversion"
    pgn.headers["Round"] = str(record["index"])
    pgn.headers["White"] = names[chess.WHITE]
    pgn.headers["Black"] = names[chess.BLACK]
    pgn.headers["Result"] = record["result"]
    pgn.headers["Termination"] = record["reason"]
    pgn.headers["TableVerdict"] = record["verdict"]
    pgn.headers["Achieved"] = "yes" if record["achieved"] else "no"
    return pgn


def run(args: argparse.Namespace) -> int:
    """Draw the positions, play them, print the table and the summary."""
    tablebase = chess.syzygy.open_tablebase(args.syzygy[0])
    for folder in args.syzygy[1:]:
        tablebase.add_directory(folder)
    positions = draw_positions(random.Random(args.seed), tablebase, args.per_kind, args.min_dtz)
    if args.kind != "both":
        positions = [(board, verdict) for board, verdict in positions if verdict == args.kind]
    positions = positions[args.start:args.start + (args.count or len(positions))]
    limit = chess.engine.Limit(time=args.time)
    common = {"SyzygyPath": ":".join(args.syzygy), "Hash": 16, "Threads": 1}
    counts = {WON: [0, 0], DRAWN: [0, 0]}
    pgn_out = open(args.pgn, "a") if args.pgn else None
    json_out = open(args.jsonl, "a") if args.jsonl else None
    print(f"seed {args.seed}, {len(positions)} positions, {args.time} s a move, "
          f"max {args.max_plies} plies", flush=True)
    for offset, (start, verdict) in enumerate(positions):
        index = args.start + offset + 1
        mw = matewise_colour(start, verdict)
        mw_engine = open_engine(args.engine, {**common, "EndgameCache": args.cache})
        opp_engine = open_engine(args.opponent, common)
        t0 = time.time()
        try:
            game = play_game(start, {mw: mw_engine, not mw: opp_engine}, limit, args.max_plies)
        finally:
            mw_engine.quit()
            opp_engine.quit()
        moves = list(game["board"].move_stack)
        ok = achieved(verdict, mw, game["winner"])
        record = {"index": index, "fen": start.fen(), "verdict": verdict,
                  "dtz": tablebase.probe_dtz(start),
                  "matewise": "white" if mw == chess.WHITE else "black",
                  "result": result_string(game["winner"], game["finished"]),
                  "reason": game["reason"], "plies": len(moves), "achieved": ok,
                  "tbhits_matewise": game["tbhits"][mw], "seconds": round(time.time() - t0, 1),
                  "moves": [m.uci() for m in moves]}
        if not ok:
            spoil = first_spoil(start, moves, mw, verdict, tablebase)
            record["spoil"] = None if spoil is None else {
                "ply": spoil[0], "move": spoil[1].uci(), "wdl_before": spoil[2],
                "wdl_after_opponent": spoil[3]}
        counts[verdict][0 if ok else 1] += 1
        names = {mw: "Matewise", not mw: "Stockfish"}
        if pgn_out:
            print(pgn_game(start, game, names, record), file=pgn_out, end="\n\n", flush=True)
        if json_out:
            print(json.dumps(record), file=json_out, flush=True)
        print(f"{index:3d} {record['fen']:40s} {verdict:5s} dtz {record['dtz']:3d} {record['result']:7s} "
              f"{record['reason']:22s} {len(moves):3d} plies  "
              f"{'achieved' if ok else 'FAILED'}  tbhits {record['tbhits_matewise']}"
              + (f"  spoil {record['spoil']}" if not ok else ""), flush=True)
    print(f"summary: won converted {counts[WON][0]}/{sum(counts[WON])}, "
          f"drawn held {counts[DRAWN][0]}/{sum(counts[DRAWN])}", flush=True)
    return 0 if counts[WON][1] + counts[DRAWN][1] == 0 else 1


def parse_args(argv: list[str] | None = None) -> argparse.Namespace:
    """The command line."""
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--engine", required=True, help="Matewise binary")
    ap.add_argument("--opponent", default="/usr/games/stockfish", help="opponent UCI engine")
    ap.add_argument("--cache", required=True, help="Matewise's EndgameCache (a private folder)")
    ap.add_argument("--syzygy", nargs="+", default=DEFAULT_SYZYGY, help="Syzygy folders")
    ap.add_argument("--seed", type=int, default=69)
    ap.add_argument("--per-kind", type=int, default=50, help="won and drawn positions each")
    ap.add_argument("--min-dtz", type=int, default=1,
                    help="won positions need at least this DTZ (1: all; 2: no immediate winning capture)")
    ap.add_argument("--time", type=float, default=0.3, help="seconds a move")
    ap.add_argument("--max-plies", type=int, default=300)
    ap.add_argument("--kind", choices=["both", WON, DRAWN], default="both",
                    help="play only the won or only the drawn positions")
    ap.add_argument("--start", type=int, default=0, help="skip this many positions")
    ap.add_argument("--count", type=int, default=0, help="play only this many (0: all)")
    ap.add_argument("--pgn", help="append the games here")
    ap.add_argument("--jsonl", help="append one JSON record a game here")
    return ap.parse_args(argv)


if __name__ == "__main__":
    sys.exit(run(parse_args()))

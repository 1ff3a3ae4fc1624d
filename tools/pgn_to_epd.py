#!/usr/bin/env python3
"""Labelled positions for `cargo xtask tune` from finished games.

Each game's quiet positions (not in check, the move played from them not a
capture or promotion, after the first eight plies) are written as
`FEN [result]` with the result from White's side (1.0, 0.5, 0.0).

    python3 tools/pgn_to_epd.py OUT.epd GAMES.pgn [MORE.pgn ...]
"""
import sys

import chess.pgn


def main():
    out_path, paths = sys.argv[1], sys.argv[2:]
    positions = games = 0
    seen = set()
    with open(out_path, "w") as out:
        for path in paths:
            with open(path) as f:
                while (game := chess.pgn.read_game(f)) is not None:
                    result = {"1-0": "1.0", "0-1": "0.0", "1/2-1/2": "0.5"}.get(game.headers.get("Result"))
                    if result is None:
                        continue
                    games += 1
                    board = game.board()
                    for ply, move in enumerate(game.mainline_moves()):
                        quiet = not board.is_check() and not board.is_capture(move) and move.promotion is None
                        if ply >= 8 and quiet:
                            fen = board.fen()
                            key = " ".join(fen.split()[:4])
                            if key not in seen:
                                seen.add(key)
                                out.write(f"{fen} [{result}]\n")
                                positions += 1
                        board.push(move)
    print(f"{positions} positions from {games} games -> {out_path}")


if __name__ == "__main__":
    main()

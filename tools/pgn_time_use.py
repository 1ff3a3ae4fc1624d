#!/usr/bin/env python3
"""How each engine of a match spent its clock: seconds per move and depth
reached, in bands of ten moves, and the time used per game.

Reads match.py's per-move comments (`{+0.12/10 0.148s}`). An engine that
ends its games with much of its clock left, or that searches shallower than
its opponent in the same band, has time or depth to win back.

    python3 tools/pgn_time_use.py GAMES.pgn [MORE.pgn ...] [--band 10]
"""

import argparse
import collections
import re
import sys

import chess.pgn

COMMENT = re.compile(r"/(\d+) (\d+(?:\.\d+)?)s\b")
LAST_BAND = 8


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("pgn", nargs="+", help="match PGN files")
    parser.add_argument("--band", type=int, default=10, help="moves per band")
    args = parser.parse_args()

    per_game = collections.defaultdict(list)  # name -> [(seconds, moves)]
    bands = collections.defaultdict(lambda: collections.defaultdict(list))
    for path in args.pgn:
        with open(path, encoding="utf-8") as handle:
            while (game := chess.pgn.read_game(handle)) is not None:
                names = {chess.WHITE: game.headers["White"], chess.BLACK: game.headers["Black"]}
                used = {chess.WHITE: 0.0, chess.BLACK: 0.0}
                moves = {chess.WHITE: 0, chess.BLACK: 0}
                node = game
                while node.variations:
                    mover = node.board().turn
                    node = node.variations[0]
                    found = COMMENT.search(node.comment or "")
                    if not found:
                        continue
                    depth, seconds = int(found.group(1)), float(found.group(2))
                    band = min(moves[mover] // args.band, LAST_BAND)
                    bands[names[mover]][band].append((seconds, depth))
                    used[mover] += seconds
                    moves[mover] += 1
                for colour in (chess.WHITE, chess.BLACK):
                    if moves[colour]:
                        per_game[names[colour]].append((used[colour], moves[colour]))

    for name, games in per_game.items():
        seconds = sum(u for u, _ in games) / len(games)
        moves = sum(m for _, m in games) / len(games)
        print(f"{name}: {len(games)} games, {seconds:.2f} s used and {moves:.1f} moves per game")
        for band in sorted(bands[name]):
            entries = bands[name][band]
            first = band * args.band + 1
            label = f"{first}+" if band == LAST_BAND else f"{first}-{first + args.band - 1}"
            mean_time = sum(s for s, _ in entries) / len(entries)
            mean_depth = sum(d for _, d in entries) / len(entries)
            print(f"  moves {label:>7}: {mean_time:.3f} s, depth {mean_depth:5.2f} "
                  f"({len(entries)} moves)")
    return 0


if __name__ == "__main__":
    sys.exit(main())

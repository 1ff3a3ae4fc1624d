#!/usr/bin/env python3
"""How far each engine's own scores in a match came true: its scores in a
window of plies, in bands of half a pawn, beside the share of points it went
on to make from positions it scored so.

An engine that scores 30 % from positions it calls equal misjudges the
positions its opponent steers it into; one that makes 70 % from +1.0 and
its opponent 67 % uses a larger scale. Reads match.py's per-move comments
(`{+0.12/10 0.148s}`; mates count as +-10 pawns).

    python3 tools/pgn_eval_calibration.py GAMES.pgn [MORE.pgn ...] [--plies 16 40]
"""

import argparse
import collections
import re
import sys

import chess.pgn

from match_pgn import RESULTS

SCORE = re.compile(r"([+-]?\d+\.\d+|[+-]?M\d+)/\d+")
BAND = 0.5
WIDEST = 2.0


def pawns(text):
    """A comment's score in pawns, mates at +-10."""
    if "M" in text:
        return -10.0 if text.startswith("-") else 10.0
    return float(text)


def band_of(score):
    """The nearest band centre, the outermost bands open-ended."""
    return max(-WIDEST, min(WIDEST, round(score / BAND) * BAND))


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("pgn", nargs="+", help="match PGN files")
    parser.add_argument("--plies", type=int, nargs=2, default=(16, 40),
                        metavar=("FIRST", "LAST"), help="plies of the game to count")
    args = parser.parse_args()
    first, last = args.plies

    tally = collections.defaultdict(lambda: collections.defaultdict(lambda: [0, 0.0]))
    for path in args.pgn:
        with open(path, encoding="utf-8") as handle:
            while (game := chess.pgn.read_game(handle)) is not None:
                result = RESULTS.get(game.headers["Result"])
                if result is None:
                    continue
                node, ply = game, 0
                while node.variations and ply <= last:
                    mover = node.board().turn
                    node = node.variations[0]
                    found = SCORE.search(node.comment or "")
                    if found and ply >= first:
                        name = game.headers["White" if mover == chess.WHITE else "Black"]
                        made = result if mover == chess.WHITE else 1.0 - result
                        entry = tally[name][band_of(pawns(found.group(1)))]
                        entry[0] += 1
                        entry[1] += made
                    ply += 1

    for name, bands in tally.items():
        print(f"{name}, its own scores at plies {first}-{last}:")
        for centre in sorted(bands):
            moves, points = bands[centre]
            edge = "<=" if centre == -WIDEST else ">=" if centre == WIDEST else "  "
            print(f"  {edge}{centre:+.1f}: {moves:5d} moves, made {points / moves:.2f}")
    return 0


if __name__ == "__main__":
    sys.exit(main())

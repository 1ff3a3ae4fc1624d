#!/usr/bin/env python3
"""How far each engine's own scores in a match came true: its scores in a
window of plies, in bands of half a pawn, beside the share of points it went
on to make from positions it scored so.

An engine that scores 30 % from positions it calls equal misjudges the
positions its opponent steers it into; one that makes 70 % from +1.0 and
its opponent 67 % uses a larger scale. Reads match.py's per-move comments
(`{+0.12/10 0.148s}`; mates count as +-10 pawns).

    python3 tools/pgn_eval_calibration.py GAMES.pgn[.gz] [MORE ...] [--plies 16 40]

tools/pgn_diagnose.py prints this table beside its own (`tally_game`, `rows`).
"""

import argparse
import collections
import re
import sys

import chess.pgn

from match_pgn import RESULTS, read_games

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


def tally_game(tally, game, first, last):
    """Adds one game's moves at plies FIRST to LAST to TALLY:
    engine name -> band centre -> [moves, points the mover went on to make]."""
    result = RESULTS.get(game.headers["Result"])
    if result is None:
        return
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


def new_tally():
    """An empty tally for `tally_game`."""
    return collections.defaultdict(lambda: collections.defaultdict(lambda: [0, 0.0]))


def rows(bands):
    """One engine's bands as (label, moves, share of the points made), lowest first."""
    out = []
    for centre in sorted(bands):
        moves, points = bands[centre]
        edge = "<=" if centre == -WIDEST else ">=" if centre == WIDEST else ""
        out.append((f"{edge}{centre:+.1f}", moves, points / moves))
    return out


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("pgn", nargs="+", help="match PGN files (.pgn or .pgn.gz)")
    parser.add_argument("--plies", type=int, nargs=2, default=(16, 40),
                        metavar=("FIRST", "LAST"), help="plies of the game to count")
    args = parser.parse_args()
    first, last = args.plies

    tally = new_tally()
    for game in read_games(args.pgn):
        tally_game(tally, game, first, last)

    for name, bands in tally.items():
        print(f"{name}, its own scores at plies {first}-{last}:")
        for label, moves, made in rows(bands):
            print(f"  {label:>6}: {moves:5d} moves, made {made:.2f}")
    return 0


if __name__ == "__main__":
    sys.exit(main())

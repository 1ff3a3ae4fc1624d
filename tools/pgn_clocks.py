#!/usr/bin/env python3
"""Rebuilds each engine's clock from a match PGN's move times and reports,
per game and in total, the lowest clock each engine had left: at any move,
and (for repeating controls such as 40/10) just before each time control.

The PGN must carry the match runner's per-move comments (`{+0.12/10 0.148s}`)
and a `TimeControl` tag: `moves/base` (repeating), `base+increment`, or
`moves/base+increment`, in seconds.

Usage: tools/pgn_clocks.py GAMES.pgn [MORE.pgn ...] [--engine NAME]
"""

import argparse
import re
import sys

import chess.pgn

MOVE_TIME = re.compile(r"(\d+(?:\.\d+)?)s\b")
TIME_CONTROL = re.compile(r"^(?:(\d+)/)?(\d+(?:\.\d+)?)(?:\+(\d+(?:\.\d+)?))?$")


def parse_time_control(tag):
    """(moves per period or None, base seconds, increment seconds)."""
    match = TIME_CONTROL.match(tag.strip())
    if not match:
        raise ValueError(f"unreadable TimeControl tag {tag!r}")
    moves, base, increment = match.groups()
    return (int(moves) if moves else None, float(base), float(increment or 0))


def game_clocks(game):
    """Per side ('White', 'Black'): (lowest at any move, lowest at a control)
    in seconds, rebuilt from the move times; None where never measured."""
    period_moves, base, increment = parse_time_control(game.headers["TimeControl"])
    clock = {True: base, False: base}
    played = {True: 0, False: 0}
    lowest = {True: None, False: None}
    at_control = {True: None, False: None}
    node = game
    while node.variations:
        node = node.variations[0]
        mover = not node.board().turn  # the side that just moved
        match = MOVE_TIME.search(node.comment or "")
        if not match:
            continue
        clock[mover] -= float(match.group(1))
        played[mover] += 1
        if lowest[mover] is None or clock[mover] < lowest[mover]:
            lowest[mover] = clock[mover]
        if period_moves and played[mover] % period_moves == 0:
            if at_control[mover] is None or clock[mover] < at_control[mover]:
                at_control[mover] = clock[mover]
            clock[mover] += base
        clock[mover] += increment
    return {
        "White": (lowest[True], at_control[True]),
        "Black": (lowest[False], at_control[False]),
    }


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("pgn", nargs="+", help="match PGN files")
    parser.add_argument("--engine", help="report only this engine (by PGN name)")
    parser.add_argument("--quiet", action="store_true", help="totals only, no line per game")
    args = parser.parse_args()

    totals = {}
    for path in args.pgn:
        with open(path, encoding="utf-8") as handle:
            while (game := chess.pgn.read_game(handle)) is not None:
                _, base, _ = parse_time_control(game.headers["TimeControl"])
                clocks = game_clocks(game)
                for colour in ("White", "Black"):
                    name = game.headers[colour]
                    if args.engine and name != args.engine:
                        continue
                    low, control = clocks[colour]
                    if low is None:
                        continue
                    entry = totals.setdefault(
                        name, {"games": 0, "lowest": None, "control": None, "base": base,
                               "timeloss": 0, "under_tenth": 0})
                    entry["games"] += 1
                    lost_on_time = "time" in game.headers.get("TerminationDetails", "").lower() \
                        and game.headers["Result"] == ("0-1" if colour == "White" else "1-0")
                    entry["timeloss"] += lost_on_time
                    if entry["lowest"] is None or low < entry["lowest"]:
                        entry["lowest"] = low
                    if control is not None:
                        entry["under_tenth"] += control < base / 10
                        if entry["control"] is None or control < entry["control"]:
                            entry["control"] = control
                    if not args.quiet:
                        at = "-" if control is None else f"{control:.3f}"
                        print(f"round {game.headers.get('Round', '?'):>4} {name:>12}: "
                              f"lowest {low:.3f} s, at a control {at} s"
                              f"{'  LOST ON TIME' if lost_on_time else ''}")
    for name, entry in totals.items():
        control = "-" if entry["control"] is None else \
            f"{entry['control']:.3f} s ({100 * entry['control'] / entry['base']:.1f} % of the period)"
        print(f"{name}: {entry['games']} games, lowest clock {entry['lowest']:.3f} s, "
              f"lowest at a control {control}, games below 10 % at a control "
              f"{entry['under_tenth']}, time losses {entry['timeloss']}")
    return 0


if __name__ == "__main__":
    sys.exit(main())

#!/usr/bin/env python3
"""Plays games against an opponent with a fresh Matewise process per game
and an endgame cache that starts empty, and reports which of the own
tables the cache holds after each game: how many games it takes before
the tables an ending needs are there without `matewise tables build`.

The match runner starts a new engine process for every game, as
cutechess, fastchess and OpenBench do, so a table is there only if some
game's process finished it (or kept a stopped pawn build's progress for
the next to resume). By default the games start from three K+R+P against
K+R positions and the tables asked for are KRPK, KRKR and KRKP.

    python3 tools/fresh_cache_games.py --engine target/release/matewise \\
        --out /tmp/fresh --games 4

The cache is DIR/cache, polled every 0.2 s; the runner's I/O log, PGN and
report are kept in DIR. A game's tables are those complete (no `.tmp` or
`.partial` left of them) when its Matewise process has ended, allowing
the engine's grace to save a build under way at `quit`.
"""

import argparse
import os
import re
import subprocess
import sys
import threading
import time

# Three K+R+P against K+R positions, either side to move.
KRPKR = [
    "8/8/3k4/8/8/1r6/P7/KR6 w - - 0 1",
    "8/8/4k3/8/1P6/5r2/1K6/7R w - - 0 1",
    "8/5k2/8/4P3/3K4/8/r7/7R b - - 0 1",
]

# The engine's wait, at `quit`, for a build under way to keep its work.
QUIT_GRACE = 0.8

QUIT = re.compile(r"^(?P<time>\S+) A#(?P<game>\d+) < quit$")


def complete_tables(names):
    """The endings whose table file is complete among a cache's file names."""
    return sorted(
        {name.split("-")[0] for name in names if name.endswith(".dtm")}
    )


def game_ends(log_lines):
    """The times engine A's processes were sent `quit`, game by game. The
    runner's first process of A (game 0) only answers `uci`: it is left
    out."""
    ends = []
    for line in log_lines:
        match = QUIT.match(line.rstrip("\n"))
        if match and int(match["game"]) > 0:
            ends.append(float(match["time"]))
    return ends


def tables_after_games(ends, snapshots):
    """For each game end, the complete tables of the last snapshot (time,
    names) taken within the grace after it."""
    result = []
    for end in ends:
        seen = [names for when, names in snapshots if when <= end + QUIT_GRACE]
        result.append(complete_tables(seen[-1]) if seen else [])
    return result


def first_game_with(wanted, per_game):
    """The number (from 1) of the first game after which every wanted
    table is present, or None."""
    for number, tables in enumerate(per_game, 1):
        if set(wanted) <= set(tables):
            return number
    return None


def poll(directory, snapshots, done):
    """Records the cache's file names, with the time, whenever they change."""
    last = None
    while not done.is_set():
        try:
            names = sorted(os.listdir(directory))
        except FileNotFoundError:
            names = []
        if names != last:
            snapshots.append((time.monotonic(), names))
            last = names
        time.sleep(0.2)


def main():
    here = os.path.dirname(os.path.abspath(__file__))
    default_runner = os.path.join(here, "..", "..", "shared", "tools", "match", "match.py")
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--engine", required=True, help="the Matewise binary")
    parser.add_argument("--opponent", default="/usr/games/stockfish")
    parser.add_argument("--out", required=True, help="a directory for the cache and records")
    parser.add_argument("--games", type=int, default=4, help="games (the runner plays pairs)")
    parser.add_argument("--opening-start", type=int, default=1)
    parser.add_argument("--openings", help="EPD file (default: three K+R+P v K+R positions)")
    parser.add_argument("--want", default="krpk,krkr,krkp", help="tables to wait for")
    parser.add_argument("--tc", default="10+0.1")
    parser.add_argument("--runner", default=default_runner, help="match.py")
    args = parser.parse_args()

    cache = os.path.join(args.out, "cache")
    os.makedirs(cache, exist_ok=True)
    if os.listdir(cache):
        sys.exit(f"{cache} is not empty: the run needs a fresh cache")
    openings = args.openings
    if openings is None:
        openings = os.path.join(args.out, "krpkr.epd")
        with open(openings, "w") as f:
            f.write("\n".join(KRPKR) + "\n")
    log = os.path.join(args.out, "io.log")
    if os.path.exists(log):
        os.remove(log)

    snapshots, done = [], threading.Event()
    poller = threading.Thread(target=poll, args=(cache, snapshots, done))
    poller.start()
    command = [
        sys.executable, args.runner,
        "--engine", f"cmd={args.engine}", "name=Matewise", f"option.EndgameCache={cache}",
        "option.Hash=16", "option.Threads=1",
        "--engine", f"cmd={args.opponent}", "option.Hash=16", "option.Threads=1",
        "option.Move Overhead=100",
        "--tc", args.tc, "--concurrency", "1", "--no-probe",
        "--openings", openings, "--opening-start", str(args.opening_start),
        "--games", str(args.games),
        "--log", log, "--pgn", os.path.join(args.out, "games.pgn"),
    ]
    with open(os.path.join(args.out, "match.txt"), "w") as report:
        code = subprocess.call(command, stdout=report, stderr=subprocess.STDOUT)
    time.sleep(QUIT_GRACE + 0.4)
    done.set()
    poller.join()
    if code != 0:
        sys.exit(f"the match runner failed ({code}); see {args.out}/match.txt")

    with open(log) as f:
        ends = game_ends(f)
    per_game = tables_after_games(ends, snapshots)
    wanted = args.want.split(",")
    start = snapshots[0][0] if snapshots else 0.0
    previous = start
    for number, (end, tables) in enumerate(zip(ends, per_game), 1):
        present = [t for t in wanted if t in tables]
        print(
            f"game {number}: {end - previous:5.1f} s, {len(tables):2} tables, "
            f"wanted present: {' '.join(present) or '-'}"
        )
        previous = end
    first = first_game_with(wanted, per_game)
    print(f"RESULT games={len(ends)} wanted_after={first if first else 'never'}")


if __name__ == "__main__":
    main()

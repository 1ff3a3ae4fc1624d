#!/usr/bin/env python3
"""Does the engine report the exact mate distance of table endings quickly?

    python3 tools/mate_trials.py --engine x --per-ending 100 --seed 19 \\
        --list-starts > starts.txt
    cargo run --release -p matewise-endgame-tables --example dtm_probe < starts.txt > expected.txt
    python3 tools/table_mates.py ENGINE expected.txt [--nodes 1000]

Each line of expected.txt is `ENDING<TAB>INDEX<TAB>FEN<TAB>mate N` (the
tables' own answer, printed by the dtm_probe example). The engine first
searches one position of each ending until it reports a mate (its table is
built in the background the first time it is needed), then searches every
position with `ucinewgame` and `go nodes N` and reads its last score. Prints,
per ending, how many positions reported a mate and how many reported exactly
the expected N.
"""
import sys
import time

from uci_engine import UciEngine, parse_info


def search(engine, fen, limit):
    """The last score the engine reports for `fen`, as `mate N` / `cp N`, or None."""
    engine.new_game()
    engine.position("fen " + fen)
    score = None
    for line in engine.go(f"nodes {limit}"):
        if "score" in (info := parse_info(line)):
            kind, value, _ = info["score"]
            score = f"{kind} {value}"
    return score


def main():
    if any(arg in ("-h", "--help") for arg in sys.argv[1:]):
        print(__doc__)
        return
    args = sys.argv[1:]
    nodes = 1000
    if "--nodes" in args:
        i = args.index("--nodes")
        nodes = int(args[i + 1])
        del args[i:i + 2]
    if len(args) != 2:
        sys.exit(__doc__)
    engine_path, path = args
    rows = [line.rstrip("\n").split("\t") for line in open(path) if line.strip()]
    with UciEngine(engine_path, options={"Hash": 16}) as engine:
        engine.is_ready()
        for ending in dict.fromkeys(r[0] for r in rows):
            fen = next(r[2] for r in rows if r[0] == ending)
            deadline = time.time() + 120
            while not (search(engine, fen, 1) or "").startswith("mate") and time.time() < deadline:
                time.sleep(0.5)
        totals = {}
        misses = []
        for ending, index, fen, expected in rows:
            score = search(engine, fen, nodes) or ""
            reported = score.startswith("mate")
            exact = score == expected
            total = totals.setdefault(ending, [0, 0, 0])
            total[0] += 1
            total[1] += reported
            total[2] += exact
            if not exact:
                misses.append(f"{ending} {index} {fen}: expected {expected}, "
                              f"got {score or 'nothing'}")
    print(f"{'ending':8} {'positions':>9} {'mate':>6} {'exact':>6}   (go nodes {nodes})")
    for ending, (count, reported, exact) in totals.items():
        print(f"{ending:8} {count:9} {reported:6} {exact:6}")
    for miss in misses:
        print("miss:", miss)


if __name__ == "__main__":
    main()

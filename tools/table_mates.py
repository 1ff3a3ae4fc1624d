#!/usr/bin/env python3
"""Does the engine report the exact mate distance of table endings quickly?

    python3 tools/mate_trials.py --engine x --per-ending 100 --seed 19 \\
        --list-starts > starts.txt
    cargo run --release -p endgame-tables --example dtm_probe < starts.txt > expected.txt
    python3 tools/table_mates.py ENGINE expected.txt [--nodes 1000]

Each line of expected.txt is `ENDING<TAB>INDEX<TAB>FEN<TAB>mate N` (the
tables' own answer, printed by the dtm_probe example). The engine first
searches one position of each ending until it reports a mate (its table is
built in the background the first time it is needed), then searches every
position with `ucinewgame` and `go nodes N` and reads its last score. Prints,
per ending, how many positions reported a mate and how many reported exactly
the expected N.
"""
import subprocess
import sys
import time


def main():
    args = sys.argv[1:]
    nodes = 1000
    if "--nodes" in args:
        i = args.index("--nodes")
        nodes = int(args[i + 1])
        del args[i:i + 2]
    engine, path = args
    rows = [line.rstrip("\n").split("\t") for line in open(path) if line.strip()]
    proc = subprocess.Popen([engine], stdin=subprocess.PIPE, stdout=subprocess.PIPE,
                            text=True, bufsize=1)

    def send(line):
        proc.stdin.write(line + "\n")
        proc.stdin.flush()

    def search(fen, limit):
        send("ucinewgame")
        send("position fen " + fen)
        send(f"go nodes {limit}")
        score = None
        while True:
            line = proc.stdout.readline()
            if not line:
                sys.exit("engine exited")
            words = line.split()
            if "score" in words:
                i = words.index("score")
                score = " ".join(words[i:i + 3])
            if line.startswith("bestmove"):
                return score

    send("uci")
    send("setoption name Hash value 16")
    send("isready")
    while proc.stdout.readline().strip() != "readyok":
        pass
    for ending in dict.fromkeys(r[0] for r in rows):
        fen = next(r[2] for r in rows if r[0] == ending)
        deadline = time.time() + 120
        while not (search(fen, 1) or "").startswith("score mate") and time.time() < deadline:
            time.sleep(0.5)
    totals = {}
    misses = []
    for ending, index, fen, expected in rows:
        score = search(fen, nodes) or ""
        reported = score.startswith("score mate")
        exact = score == "score " + expected
        total = totals.setdefault(ending, [0, 0, 0])
        total[0] += 1
        total[1] += reported
        total[2] += exact
        if not exact:
            misses.append(f"{ending} {index} {fen}: expected {expected}, got {score or 'nothing'}")
    send("quit")
    print(f"{'ending':8} {'positions':>9} {'mate':>6} {'exact':>6}   (go nodes {nodes})")
    for ending, (count, reported, exact) in totals.items():
        print(f"{ending:8} {count:9} {reported:6} {exact:6}")
    for miss in misses:
        print("miss:", miss)


if __name__ == "__main__":
    main()

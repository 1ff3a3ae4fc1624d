#!/usr/bin/env python3
"""Run a `FEN bm #N;` mate suite through any UCI engine, as `cargo xtask mates --suite` does in-process.

    python3 tools/mate_suite_uci.py ENGINE SUITE [--nodes 100000] [--hash 16]
        [--sample N --seed S] [--concurrency 2] [--option Name=Value ...]

Each position gets a fresh engine state (`ucinewgame`) and `go nodes N`; the
mate reported by the engine's last `info ... score mate M` line is judged
against `bm` the way the xtask runner judges it: found (right sign), best
(exactly bm), wrong (wrong sign, or shorter than bm). `--sample N --seed S`
picks the same positions as the xtask runner with the same seed, so an
engine such as Glaurung or Stockfish can be measured on the very sample
Matewise is measured on.
"""
import argparse
import concurrent.futures
import re
import subprocess

MASK = (1 << 64) - 1


def splitmix_sample(count, size, seed):
    """The xtask runner's seeded sample: a Fisher-Yates shuffle driven by splitmix64."""
    state = seed

    def nxt():
        nonlocal state
        state = (state + 0x9E3779B97F4A7C15) & MASK
        z = state
        z = ((z ^ (z >> 30)) * 0xBF58476D1CE4E5B9) & MASK
        z = ((z ^ (z >> 27)) * 0x94D049BB133111EB) & MASK
        return z ^ (z >> 31)

    indices = list(range(size))
    for i in range(size - 1, 0, -1):
        j = nxt() % (i + 1)
        indices[i], indices[j] = indices[j], indices[i]
    return sorted(indices[:count])


def read_suite(path):
    problems = []
    for line in open(path):
        line = line.strip()
        if not line or line.startswith("#"):
            continue
        fen, rest = line.split(" bm #", 1)
        bm = int(re.match(r"-?\d+", rest).group(0))
        if len(fen.split()) == 4:
            fen += " 0 1"
        problems.append((line, fen, bm))
    return problems


class Engine:
    def __init__(self, command, options, hash_mb):
        self.proc = subprocess.Popen(command, shell=True, stdin=subprocess.PIPE,
                                     stdout=subprocess.PIPE, stderr=subprocess.DEVNULL,
                                     text=True, bufsize=1)
        self.send("uci")
        self.wait_for("uciok")
        self.send(f"setoption name Hash value {hash_mb}")
        for name, value in options:
            self.send(f"setoption name {name} value {value}")

    def send(self, text):
        self.proc.stdin.write(text + "\n")
        self.proc.stdin.flush()

    def wait_for(self, word):
        lines = []
        while True:
            line = self.proc.stdout.readline()
            if not line:
                raise RuntimeError("engine closed its output")
            lines.append(line.strip())
            if line.split() and line.split()[0] == word:
                return lines

    def mate(self, fen, nodes):
        self.send("ucinewgame")
        self.send("isready")
        self.wait_for("readyok")
        self.send(f"position fen {fen}")
        self.send(f"go nodes {nodes}")
        mate = None
        for line in self.wait_for("bestmove"):
            found = re.search(r"score (mate|cp) (-?\d+)( lowerbound| upperbound)?", line)
            if found:
                mate = int(found.group(2)) if found.group(1) == "mate" else None
                # A bound claims a mate only in its own direction (see the xtask runner).
                bound = (found.group(3) or "").strip()
                if mate is not None and (bound == "upperbound"
                                         or (bound == "lowerbound" and mate < 0)):
                    mate = None
        return mate

    def close(self):
        try:
            self.send("quit")
            self.proc.wait(timeout=5)
        except Exception:
            self.proc.kill()


def judge(bm, mate):
    if mate is None:
        return "missed"
    if (mate > 0) != (bm > 0) or abs(mate) < abs(bm):
        return "wrong"
    return "best" if mate == bm else "found"


def main():
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("engine")
    ap.add_argument("suite")
    ap.add_argument("--nodes", type=int, default=100_000)
    ap.add_argument("--hash", type=int, default=16)
    ap.add_argument("--sample", type=int)
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--concurrency", type=int, default=2)
    ap.add_argument("--option", action="append", default=[], help="Name=Value, sent to the engine")
    ap.add_argument("--missed", help="write the positions without a reported mate here")
    args = ap.parse_args()

    problems = read_suite(args.suite)
    if args.sample:
        problems = [problems[i] for i in splitmix_sample(args.sample, len(problems), args.seed)]
    options = [tuple(o.split("=", 1)) for o in args.option]
    chunks = [problems[i::args.concurrency] for i in range(args.concurrency)]

    def work(chunk):
        engine = Engine(args.engine, options, args.hash)
        try:
            return [(p, engine.mate(p[1], args.nodes)) for p in chunk]
        finally:
            engine.close()

    results = []
    with concurrent.futures.ThreadPoolExecutor(args.concurrency) as pool:
        for part in pool.map(work, chunks):
            results.extend(part)
    counts = {"missed": 0, "found": 0, "best": 0, "wrong": 0}
    missed = []
    for (line, _, bm), mate in results:
        verdict = judge(bm, mate)
        counts[verdict] += 1
        if verdict == "missed":
            missed.append(line)
        if verdict == "wrong":
            print(f"wrong: {line} (reported #{mate})")
    reported = counts["found"] + counts["best"] + counts["wrong"]
    print(f"{len(results)} positions, {args.nodes} nodes each, engine {args.engine}")
    print(f"mates reported {reported} ({100.0 * reported / len(results):.1f}%), at the best distance "
          f"{counts['best']}, wrong {counts['wrong']}, missed {counts['missed']}")
    if args.missed:
        with open(args.missed, "w") as out:
            out.write("".join(m + "\n" for m in missed))


if __name__ == "__main__":
    main()

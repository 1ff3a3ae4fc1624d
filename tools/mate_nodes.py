#!/usr/bin/env python3
"""Nodes each engine searches before it first reports a winning mate score.

    python3 tools/mate_trials.py --engine x --endings KRK,KQK --per-ending 20 \\
        --seed 7 --list-starts > starts.txt
    python3 tools/mate_nodes.py ENGINE[,ENGINE...] starts.txt [--nodes N] \\
        [--option Name=Value ...]

Each start (lines `ENDING<TAB>INDEX<TAB>FEN`, as `--list-starts` prints them) is
searched with `ucinewgame` and `go nodes N` (default 3,000,000, Hash 16); the
search is stopped at the first `score mate M` with M > 0. Each `--option` is
set on every engine (run twice to compare a switch: `MateAtAGlance=false`).
Prints, per ending and engine, how many starts were proven within N nodes and
the median, mean and geometric mean of the nodes that took. One position's count swings with
small changes to the search or the evaluation; many starts show the trend.
"""
import statistics
import sys

from uci_engine import UciEngine, parse_info


def nodes_to_mate(engine, starts, limit, options):
    found = {}
    with UciEngine(engine, options={"Hash": 16, **dict(options)}) as uci:
        uci.is_ready()
        for ending, index, fen in starts:
            uci.new_game()
            uci.position("fen " + fen)
            found[(ending, index)] = None
            for line in uci.go(f"nodes {limit}"):
                info = parse_info(line)
                kind, mate, _ = info.get("score", (None, 0, None))
                if kind == "mate" and mate > 0 and found[(ending, index)] is None:
                    found[(ending, index)] = info["nodes"]
                    uci.send("stop")
    return found


def main():
    if any(arg in ("-h", "--help") for arg in sys.argv[1:]):
        print(__doc__)
        return
    args = sys.argv[1:]
    limit = 3_000_000
    if "--nodes" in args:
        at = args.index("--nodes")
        limit = int(args[at + 1])
        del args[at:at + 2]
    options = []
    while "--option" in args:
        at = args.index("--option")
        options.append(tuple(args[at + 1].split("=", 1)))
        del args[at:at + 2]
    if len(args) != 2:
        sys.exit(__doc__)
    engines = args[0].split(",")
    starts = [line.split("\t") for line in open(args[1]).read().splitlines() if line.strip()]
    results = {engine: nodes_to_mate(engine, starts, limit, options) for engine in engines}
    for ending in sorted({s[0] for s in starts}):
        for engine in engines:
            runs = [n for (e, _), n in results[engine].items() if e == ending]
            nodes = [n for n in runs if n is not None]
            summary = (f"median {statistics.median(nodes):.0f} mean {statistics.mean(nodes):.0f} "
                       f"geomean {statistics.geometric_mean(nodes):.0f}") if nodes else "-"
            print(f"{ending:5} {engine}: proven {len(nodes)}/{len(runs)}, nodes {summary}")


if __name__ == "__main__":
    main()

#!/usr/bin/env python3
"""Corrects a mate suite's labels where a search found a shorter mate than
the label, once Stockfish proves that shorter mate.

A suite made by `tools/fresh_mate_suite.py` labels each position with the
mate Stockfish found within its node budget, which is not always the
shortest. `cargo xtask mates --suite S` then reports a shorter mate as
"wrong". This reads those claims from the runs' output, asks Stockfish
(`Use NNUE false`) for a mate within the claimed distance (`go mate N`),
and where it proves one, writes the label it proves. Claims of the other
side's mate are never taken: those are real errors.

    python3 tools/shorten_mate_labels.py SUITE.epd RUN.log [RUN.log ...]
        [--out OUT.epd] [--stockfish /usr/games/stockfish] [--nodes 20000000]
        [--hash 16] [--nnue] [--tables DTM_PROBE [--proof-nodes 200000]]

With `--tables`, Matewise's exact tables prove first (see
`tools/table_mate_proof.py`): every position of up to four men takes the
tables' distance, and a bigger one the shortest mate a bounded proof search
into the tables finds. What they leave unproved goes to Stockfish.

Stockfish's mate distances are the shortest it found, not always the
shortest there is, and differ with the hash size: a claim one run cannot
prove, another may. A label it never proves stays as it is.
"""
import argparse
import re
import sys

import chess
import chess.engine

from fresh_mate_suite import epd_line
from table_mate_proof import Prover, TableProbe, table_mate

CLAIM = re.compile(r"^\s+(\S+ [wb] \S+ \S+) bm #(-?\d+);\s+\(reported #(-?\d+)\)")
# The same claim in a `cargo xtask mates --check --faults F` listing.
FAULT = re.compile(r"^wrong mates\t(\S+ [wb] \S+ \S+) bm #(-?\d+);.*\bscore mate (-?\d+)\b")
LABEL = re.compile(r"^(\S+ [wb] \S+ \S+) bm #(-?\d+);")


def claims(lines):
    """{position: shortest claimed mate} of the shorter mates of the same
    side in `xtask mates` output lines or `--check` fault listings."""
    out = {}
    for line in lines:
        match = CLAIM.match(line) or FAULT.match(line)
        if not match:
            continue
        key, best, reported = match.group(1), int(match.group(2)), int(match.group(3))
        if (best > 0) == (reported > 0) and abs(reported) < abs(best):
            if key not in out or abs(reported) < abs(out[key]):
                out[key] = reported
    return out


def relabel(lines, proved):
    """The suite's lines with the labels of `proved` ({position: mate})."""
    out = []
    for line in lines:
        match = LABEL.match(line)
        if match and match.group(1) in proved:
            line = epd_line(match.group(1), proved[match.group(1)]) + "\n"
        out.append(line)
    return out


def table_labels(lines, tables):
    """{position: the tables' exact mate} for the suite's positions of up to
    four men whose label differs from it (a drawn one is left alone: the
    suite holds mates only, so that would be a fault for the maker)."""
    out = {}
    for line in lines:
        match = LABEL.match(line)
        if not match:
            continue
        key, label = match.group(1), int(match.group(2))
        mate = table_mate(tables, chess.Board(f"{key} 0 1"))
        if mate and mate != label:
            out[key] = mate
    return out


def table_proofs(claimed, tables, budget):
    """{position: shortest proved mate} for the claims bigger than the
    tables, each within `budget` nodes of proof search."""
    out = {}
    for n, (key, mate) in enumerate(sorted(claimed.items()), 1):
        board = chess.Board(f"{key} 0 1")
        if table_mate(tables, board) is None:
            proved = Prover(tables, budget).shortest(board, mate)
            if proved is not None:
                out[key] = proved
        print(f"\r{n}/{len(claimed)} claims, {len(out)} proved by the tables", end="",
              file=sys.stderr)
    print(file=sys.stderr)
    return out


def main(argv):
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("suite")
    parser.add_argument("logs", nargs="+")
    parser.add_argument("--out")
    parser.add_argument("--stockfish", default="/usr/games/stockfish")
    parser.add_argument("--nodes", type=int, default=20_000_000)
    parser.add_argument("--hash", type=int, default=16,
                        help="Stockfish's Hash in MB (its search, and so the mates it finds, differ by size)")
    parser.add_argument("--nnue", action="store_true",
                        help="let Stockfish use NNUE (stronger at long mates in endings)")
    parser.add_argument("--tables", metavar="DTM_PROBE",
                        help="prove with Matewise's tables first, through this dtm_probe binary")
    parser.add_argument("--proof-nodes", type=int, default=200_000,
                        help="the table proof search's budget a position")
    args = parser.parse_args(argv)
    with open(args.suite) as f:
        suite = f.readlines()
    claimed = {}
    for path in args.logs:
        with open(path) as f:
            for key, mate in claims(f).items():
                if key not in claimed or abs(mate) < abs(claimed[key]):
                    claimed[key] = mate
    proved = {}
    if args.tables:
        tables = TableProbe(args.tables)
        try:
            proved.update(table_labels(suite, tables))
            # The claims of up to four men are settled by now: this proves the rest.
            proved.update(table_proofs(claimed, tables, args.proof_nodes))
        finally:
            tables.close()
        claimed = {k: m for k, m in claimed.items() if k not in proved}
        print(f"{len(proved)} labels from the tables", file=sys.stderr)
    with chess.engine.SimpleEngine.popen_uci(args.stockfish) as engine:
        engine.configure({"Use NNUE": args.nnue, "Threads": 1, "Hash": args.hash})
        for n, (key, mate) in enumerate(sorted(claimed.items()), 1):
            board = chess.Board(f"{key} 0 1")
            # The attacker's mate in `mate` moves; the defender's side is
            # mated one ply after the attacker's `|mate|` moves.
            moves = abs(mate)
            info = engine.analyse(board, chess.engine.Limit(mate=moves, nodes=args.nodes),
                                  game=object())
            found = info["score"].relative.mate() if "score" in info else None
            if found and (found > 0) == (mate > 0) and abs(found) <= moves:
                proved[key] = found
            print(f"\r{n}/{len(claimed)} claims, {len(proved)} proved", end="", file=sys.stderr)
    print(file=sys.stderr)
    lines = relabel(suite, proved)
    with open(args.out or args.suite, "w") as f:
        f.writelines(lines)
    print(f"{len(proved)} labels proved ({len(claimed)} claims left to Stockfish); written to "
          f"{args.out or args.suite}", file=sys.stderr)


if __name__ == "__main__":
    main(sys.argv[1:])

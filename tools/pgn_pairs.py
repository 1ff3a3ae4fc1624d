#!/usr/bin/env python3
"""Pentanomial Elo of engine NAME over one or more match.py PGN files.

Games are paired by their `Opening` header (match.py plays each opening
twice, colours swapped), so a match finished in two runs (`--opening-start`)
is scored as one. Uses match.py's own estimator.

    python3 tools/pgn_pairs.py NAME file1.pgn [file2.pgn ...]
"""
import collections
import sys

sys.path.insert(0, "/work/shared/tools/match")
import chess.pgn  # noqa: E402
import match  # noqa: E402


def main():
    name, paths = sys.argv[1], sys.argv[2:]
    by_opening = collections.defaultdict(list)
    wdl = collections.Counter()
    for path in paths:
        with open(path) as f:
            while (game := chess.pgn.read_game(f)) is not None:
                h = game.headers
                result = h["Result"]
                if result not in ("1-0", "0-1", "1/2-1/2"):
                    continue
                white = h["White"] == name
                score = {"1-0": 1.0, "0-1": 0.0, "1/2-1/2": 0.5}[result]
                mine = score if white else 1.0 - score
                wdl["w" if mine == 1 else "l" if mine == 0 else "d"] += 1
                by_opening[(path, h["Opening"])].append(mine)
    penta = [0] * 5
    # A match longer than the opening set wraps around: an opening then has
    # two pairs or more, taken in the order they were played.
    for scores in by_opening.values():
        for pair in range(len(scores) // 2):
            penta[int(round(2 * (scores[2 * pair] + scores[2 * pair + 1])))] += 1
    est = match.estimate(penta, [0.0, 0.25, 0.5, 0.75, 1.0], paired=True)
    if est is None:
        sys.exit(f"{name}: no complete pairs to score")
    games = sum(wdl.values())
    print(f"{name}: {games} games +{wdl['w']} ={wdl['d']} -{wdl['l']}; pairs {sum(penta)} "
          f"pentanomial LL..WW {penta}; Elo {est.elo:+.1f} +- {est.err:.1f}, LOS {est.los:.3f}, "
          f"nElo {est.nelo:+.1f} +- {est.nelo_err:.1f}")


if __name__ == "__main__":
    main()

#!/usr/bin/env python3
"""Two builds of engine NAME against the same opponent, compared opening by
opening: each opening's colour-swapped pair is scored for build A (the PGNs
before `--`) and build B (those after), and only openings that both played
as a whole pair count.

    python3 tools/pgn_paired.py NAME a1.pgn [a2.pgn ...] -- b1.pgn [b2.pgn ...]

Pairing by opening takes the openings' own share of the variance out of the
difference (an opening that favours one side does so for both builds), so
the difference of A and B is known more closely than from two separate Elo
errors. Elo is the logistic of each build's mean pair score on the common
openings; the difference's error is the standard error of the per-opening
differences, carried through the logistic's slope at the mean score (95 %).
"""
import math
import sys

from match_pgn import match_runner, opening_games


def pair_scores(name, paths):
    """Opening -> NAME's mean score over its complete pairs (0 to 1)."""
    pairs = {}
    for opening, _, pair in opening_games(name, paths):
        if pair is not None:
            pairs.setdefault(opening, []).append(pair / 2)
    return {opening: sum(s) / len(s) for opening, s in pairs.items()}


def main():
    args = sys.argv[1:]
    if len(args) < 4 or "--" not in args or "-h" in args or "--help" in args:
        print(__doc__)
        return
    elo = match_runner().score_to_elo
    name, at = args[0], args.index("--")
    a, b = pair_scores(name, args[1:at]), pair_scores(name, args[at + 1:])
    common = sorted(set(a) & set(b), key=lambda o: int(o.lstrip("#")) if o.lstrip("#").isdigit() else 0)
    if len(common) < 2:
        sys.exit("fewer than two openings with a complete pair in both")
    n = len(common)
    mean_a = sum(a[o] for o in common) / n
    mean_b = sum(b[o] for o in common) / n
    diffs = [a[o] - b[o] for o in common]
    mean_d = mean_a - mean_b
    sd = math.sqrt(sum((d - mean_d) ** 2 for d in diffs) / (n - 1))
    mid = min(max((mean_a + mean_b) / 2, 0.01), 0.99)
    slope = 400 / math.log(10) / (mid * (1 - mid))
    err = 1.96 * sd / math.sqrt(n) * slope
    print(f"{name}: {n} openings with a pair in both; A {mean_a:.3f} ({elo(mean_a):+.1f}), "
          f"B {mean_b:.3f} ({elo(mean_b):+.1f}); A - B {elo(mean_a) - elo(mean_b):+.1f} +- {err:.1f}; "
          f"openings better for A {sum(d > 0 for d in diffs)}, for B {sum(d < 0 for d in diffs)}")


if __name__ == "__main__":
    main()

#!/usr/bin/env python3
"""Pentanomial Elo of engine NAME over one or more match.py PGN files.

Games are paired by their `Opening` header (match.py plays each opening
twice, colours swapped), so a match finished in two runs (`--opening-start`)
is scored as one. Uses match.py's own estimator.

    python3 tools/pgn_pairs.py NAME file1.pgn [file2.pgn ...] [--sprt ELO0 ELO1]

With --sprt, also prints the logistic SPRT log-likelihood ratio of the
combined games, so a stopped SPRT can be resumed in a second run.
"""
import collections
import sys

from match_pgn import match_runner, scored_games


def main():
    args = sys.argv[1:]
    if not args or "-h" in args or "--help" in args:
        print(__doc__)
        return
    match = match_runner()
    bounds = None
    if "--sprt" in args:
        at = args.index("--sprt")
        bounds = (float(args[at + 1]), float(args[at + 2]))
        del args[at:at + 3]
    name, paths = args[0], args[1:]
    wdl = collections.Counter()
    penta = [0] * 5
    for mine, pair in scored_games(name, paths):
        wdl["w" if mine == 1 else "l" if mine == 0 else "d"] += 1
        if pair is not None:
            penta[int(round(2 * pair))] += 1
    est = match.estimate(penta, [0.0, 0.25, 0.5, 0.75, 1.0], paired=True)
    if est is None:
        sys.exit(f"{name}: no complete pairs to score")
    games = sum(wdl.values())
    print(f"{name}: {games} games +{wdl['w']} ={wdl['d']} -{wdl['l']}; pairs {sum(penta)} "
          f"pentanomial LL..WW {penta}; Elo {est.elo:+.1f} +- {est.err:.1f}, LOS {est.los:.3f}, "
          f"nElo {est.nelo:+.1f} +- {est.nelo_err:.1f}")
    if bounds is not None:
        sprt = match.Sprt(elo0=bounds[0], elo1=bounds[1], model="logistic")
        llr = match.sprt_llr(penta, [0.0, 0.25, 0.5, 0.75, 1.0], *bounds, model="logistic")
        print(f"SPRT [{bounds[0]:g}, {bounds[1]:g}] logistic: LLR {llr:+.2f} "
              f"(bounds {sprt.lower:+.2f} / {sprt.upper:+.2f}) {sprt.decide(llr) or 'undecided'}")


if __name__ == "__main__":
    main()

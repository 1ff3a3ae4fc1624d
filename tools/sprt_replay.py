#!/usr/bin/env python3
"""Replays a finished match.py match as an SPRT, pair by pair in the order
the pairs were completed, and reports where the LLR first left its bounds.

A fixed-length match played without `--sprt` can be read this way as the
SPRT it would have been: the test's decision depends only on the pairs up
to the first crossing, in order, which is what the runner would have seen.
Uses match.py's own GSPRT, in normalised Elo unless `--logistic` asks for
ordinary Elo (as `--sprt ... model=logistic` does). A match stopped and
continued with `--opening-start` replays as one test.

    python3 tools/sprt_replay.py [--logistic] NAME ELO0 ELO1 file1.pgn [file2.pgn ...]
"""
import sys

from match_pgn import match_runner, scored_games

SCORES = [0.0, 0.25, 0.5, 0.75, 1.0]


def main():
    args = sys.argv[1:]
    if "-h" in args or "--help" in args:
        print(__doc__)
        return
    model = "normalized"
    if "--logistic" in args:
        args.remove("--logistic")
        model = "logistic"
    if len(args) < 4:
        sys.exit(__doc__)
    name, elo0, elo1, paths = args[0], float(args[1]), float(args[2]), args[3:]
    match = match_runner()
    sprt = match.Sprt(elo0=elo0, elo1=elo1, model=model)
    penta = [0] * 5
    games = 0
    decision = None
    for _, pair in scored_games(name, paths):
        games += 1
        if pair is None:
            continue
        penta[int(round(2 * pair))] += 1
        if decision is None:
            llr = match.sprt_llr(penta, SCORES, elo0, elo1, model)
            verdict = sprt.decide(llr)
            if verdict:
                decision = (verdict, games, sum(penta), llr, list(penta))
    llr = match.sprt_llr(penta, SCORES, elo0, elo1, model)
    unit = "nElo" if model == "normalized" else "Elo"
    print(f"bounds [{sprt.lower:.2f}, {sprt.upper:.2f}], {unit} [{elo0}, {elo1}]")
    if decision:
        verdict, at_games, pairs, at_llr, at_penta = decision
        print(f"{name}: {verdict} after {at_games} games ({pairs} pairs), LLR {at_llr:.2f}, "
              f"pentanomial {at_penta}")
    else:
        print(f"{name}: no decision")
    print(f"all {games} games: pentanomial {penta}, LLR {llr:.2f}")


if __name__ == "__main__":
    main()

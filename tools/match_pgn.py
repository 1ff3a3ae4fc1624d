"""Reading match.py PGN files: each finished game's score for one engine,
paired with the other game of its opening.

match.py plays each opening twice, colours swapped; a match longer than the
opening set plays an opening again, so a game pairs with the open game of
its opening (per file), in the order the games were written.
"""
import sys

sys.path.insert(0, "/work/shared/tools/match")
import chess.pgn  # noqa: E402

RESULTS = {"1-0": 1.0, "0-1": 0.0, "1/2-1/2": 0.5}


def scored_games(name, paths):
    """Yields (score, pair) for every finished game: NAME's score (1, 0.5, 0),
    and the pair's total (0 to 2) when this game completes a pair, else None."""
    open_pairs = {}
    for path in paths:
        with open(path) as f:
            while (game := chess.pgn.read_game(f)) is not None:
                h = game.headers
                if h["Result"] not in RESULTS:
                    continue
                score = RESULTS[h["Result"]]
                mine = score if h["White"] == name else 1.0 - score
                key = (path, h["Opening"])
                if key in open_pairs:
                    yield mine, open_pairs.pop(key) + mine
                else:
                    open_pairs[key] = mine
                    yield mine, None

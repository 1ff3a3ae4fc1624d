"""Reading match.py PGN files: each finished game's score for one engine,
paired with the other game of its opening.

match.py plays each opening twice, colours swapped; a match longer than the
opening set plays an opening again, so a game pairs with the open game of
its opening (per file), in the order the games were written.

The match runner (`match.py`) is looked for in `../shared/tools/match` next
to the repository, or in the directory `MATEWISE_MATCH_DIR` names.
"""
import gzip
import importlib
import os
import pathlib
import sys

import chess.pgn

REPOSITORY = pathlib.Path(__file__).resolve().parent.parent


def match_runner():
    """The match runner's module, `match.py`, imported from its directory."""
    directory = pathlib.Path(os.environ.get("MATEWISE_MATCH_DIR")
                             or REPOSITORY.parent / "shared" / "tools" / "match")
    if not (directory / "match.py").is_file():
        sys.exit(f"no match.py in {directory}: set MATEWISE_MATCH_DIR to the match runner's "
                 "directory")
    sys.path.insert(0, str(directory))
    return importlib.import_module("match")

RESULTS = {"1-0": 1.0, "0-1": 0.0, "1/2-1/2": 0.5}


def open_pgn(path):
    """A PGN file opened for reading as text, gzip-compressed if its name ends
    in `.gz` (the records in docs/results/ are)."""
    path = str(path)
    if path.endswith(".gz"):
        return gzip.open(path, "rt", encoding="utf-8")
    return open(path, encoding="utf-8")


def read_games(paths):
    """Every game of the files, in order, as python-chess games."""
    for path in paths:
        with open_pgn(path) as handle:
            while (game := chess.pgn.read_game(handle)) is not None:
                yield game


def scored_games(name, paths):
    """Yields (score, pair) for every finished game: NAME's score (1, 0.5, 0),
    and the pair's total (0 to 2) when this game completes a pair, else None."""
    for _, mine, pair in opening_games(name, paths):
        yield mine, pair


def opening_games(name, paths):
    """As `scored_games`, with each game's `Opening` header first:
    yields (opening, score, pair)."""
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
                    yield h["Opening"], mine, open_pairs.pop(key) + mine
                else:
                    open_pairs[key] = mine
                    yield h["Opening"], mine, None
#!/usr/bin/env python3
"""A mate suite from the project's own games, for judging mate finding on
positions no rule was tuned on: positions of match PGNs where an engine's
score comment already says the game is decided, kept where Stockfish
proves a forced mate, written in matetrack's format (`FEN bm #N;`, N < 0
when the side to move is mated).

    python3 tools/fresh_mate_suite.py OUT.epd GAMES.pgn[.gz] [MORE ...]
        [--stockfish /usr/games/stockfish] [--nodes 2000000]
        [--min-score 4.0] [--stride 6] [--per-game 4]
        [--exclude ../shared/data/matetrack-dev.epd] [--limit N]

Candidates: from ply 20 on, positions whose comment (`{+5.12/14 0.2s}`,
`{-M7/20 ...}`) is a mate or at least --min-score pawns either way, at
least --stride plies apart, at most --per-game a game, none twice (by the
first four FEN fields) and none in an --exclude suite. Each is searched by
Stockfish with `Use NNUE false` for --nodes nodes; a mate score is kept as
its distance. Keep the output out of all tuning.
"""
import argparse
import gzip
import re
import sys

import chess
import chess.engine
import chess.pgn

SCORE = re.compile(r"^\s*([+-]?)(M?)(\d+(?:\.\d+)?)/")
FIRST_PLY = 20


def open_text(path):
    return gzip.open(path, "rt") if path.endswith(".gz") else open(path)


def position_key(fen):
    """The placement, side, castling and en passant fields: a position."""
    return " ".join(fen.split()[:4])


def decided(comment, min_score):
    """True for a score comment that is a mate or at least `min_score`
    pawns either way."""
    match = SCORE.match(comment or "")
    if match is None:
        return False
    _, mate, value = match.groups()
    return bool(mate) or float(value) >= min_score


def excluded_keys(paths):
    keys = set()
    for path in paths:
        with open_text(path) as f:
            for line in f:
                fields = line.split()
                if len(fields) >= 4:
                    keys.add(" ".join(fields[:4]))
    return keys


def candidates(game, min_score, stride, per_game):
    """FENs of `game`'s decided positions, before the move whose comment
    says so (that comment is the score of the position it was played
    from), `stride` plies apart, at most `per_game`."""
    board = game.board()
    found = []
    last = -stride
    for ply, node in enumerate(game.mainline()):
        if (ply >= FIRST_PLY and ply - last >= stride and len(found) < per_game
                and decided(node.comment, min_score) and any(board.legal_moves)):
            found.append(board.fen())
            last = ply
        board.push(node.move)
    return found


def epd_line(fen, mate):
    """matetrack's line: the four FEN fields, `bm #N;`."""
    return f"{position_key(fen)} bm #{mate};"


def main(argv):
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("out")
    parser.add_argument("pgns", nargs="+")
    parser.add_argument("--stockfish", default="/usr/games/stockfish")
    parser.add_argument("--nodes", type=int, default=2_000_000)
    parser.add_argument("--min-score", type=float, default=4.0)
    parser.add_argument("--stride", type=int, default=6)
    parser.add_argument("--per-game", type=int, default=4)
    parser.add_argument("--exclude", action="append", default=[])
    parser.add_argument("--limit", type=int, default=0, help="stop after this many candidates")
    args = parser.parse_args(argv)
    skip = excluded_keys(args.exclude)
    seen = set()
    fens = []
    for path in args.pgns:
        with open_text(path) as f:
            while (game := chess.pgn.read_game(f)) is not None:
                for fen in candidates(game, args.min_score, args.stride, args.per_game):
                    key = position_key(fen)
                    if key not in seen and key not in skip:
                        seen.add(key)
                        fens.append(fen)
    if args.limit:
        fens = fens[:args.limit]
    kept = 0
    with chess.engine.SimpleEngine.popen_uci(args.stockfish) as engine, open(args.out, "w") as out:
        engine.configure({"Use NNUE": False, "Threads": 1, "Hash": 64})
        for n, fen in enumerate(fens, 1):
            info = engine.analyse(chess.Board(fen), chess.engine.Limit(nodes=args.nodes),
                                  game=object())
            mate = info["score"].relative.mate() if "score" in info else None
            if mate:
                out.write(epd_line(fen, mate) + "\n")
                out.flush()
                kept += 1
            print(f"\r{n}/{len(fens)} candidates, {kept} mates", end="", file=sys.stderr)
    print(f"\n{kept} mates from {len(fens)} candidates -> {args.out}", file=sys.stderr)


if __name__ == "__main__":
    main(sys.argv[1:])

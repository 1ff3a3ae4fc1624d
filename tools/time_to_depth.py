#!/usr/bin/env python3
"""Nodes and time an engine needs to reach a fixed depth over game positions.

    python3 tools/time_to_depth.py BIN GAMES.pgn --depth 10 --count 400 \\
        [--option MateAtAGlance=false ...]

Positions: every 12th ply from ply 16 of each game (game not over), shuffled
with seed 6, the first `--count` kept. Each is searched with `ucinewgame`
and `go depth N` (Hash 16). Prints the total nodes and wall time from `go`
to `bestmove`. Compare two settings in the same run, one after the other
on an idle machine: a feature's cost at equal depth, tree and speed together.
"""
import argparse
import random
import time

import chess.pgn

from uci_engine import UciEngine, parse_info


def positions(pgn_path, count):
    fens = []
    with open(pgn_path) as pgn:
        while (game := chess.pgn.read_game(pgn)) is not None:
            board = game.board()
            for ply, move in enumerate(game.mainline_moves(), start=1):
                board.push(move)
                if ply >= 16 and ply % 12 == 0 and not board.is_game_over():
                    fens.append(board.fen())
    random.Random(6).shuffle(fens)
    return fens[:count]


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("binary")
    parser.add_argument("pgn")
    parser.add_argument("--depth", type=int, default=10)
    parser.add_argument("--count", type=int, default=400)
    parser.add_argument("--option", action="append", default=[], help="Name=Value")
    args = parser.parse_args()

    options = {"Hash": 16, **dict(option.split("=", 1) for option in args.option)}
    total_nodes, total_time = 0, 0.0
    with UciEngine(args.binary, options=options, quiet=True) as engine:
        for fen in positions(args.pgn, args.count):
            engine.new_game()
            engine.position("fen " + fen)
            engine.is_ready()
            started = time.perf_counter()
            nodes = 0
            for line in engine.go(f"depth {args.depth}"):
                nodes = parse_info(line).get("nodes", nodes)
            total_time += time.perf_counter() - started
            total_nodes += nodes
    print(f"{' '.join(args.option) or 'defaults'}: depth {args.depth}, {args.count} positions, "
          f"{total_nodes} nodes, {total_time:.2f} s")


if __name__ == "__main__":
    main()

#!/usr/bin/env python3
"""Counts, from a match runner's --log, how often an engine's own endgame
tables answered in the games that reached a tabled ending.

For every `go` the engine was sent, the position of the `position`
command before it is set up; where it has at most --men men (kings
included) and enough material to mate, the `tbhits` of the engine's last
`info` line before `bestmove` are recorded. Prints, per game that met
such a position, the moves met and those with tbhits > 0, and a summary.

    python3 tools/tb_hits.py --log io.log --engine A
"""

import argparse
import re
import sys

import chess

LINE = re.compile(r"^\S+ (?P<who>[AB])#(?P<game>\d+) (?P<dir>[<>]) (?P<text>.*)$")


def board_of(command):
    """The board of a UCI `position` command, or None if it is not one."""
    words = command.split()
    if not words or words[0] != "position":
        return None
    if words[1] == "startpos":
        board, rest = chess.Board(), words[2:]
    else:
        end = words.index("moves") if "moves" in words else len(words)
        board, rest = chess.Board(" ".join(words[2:end])), words[end:]
    for move in rest[1:] if rest[:1] == ["moves"] else []:
        board.push_uci(move)
    return board


def tbhits_of(line):
    """The tbhits of an `info` line, or None."""
    words = line.split()
    if words[:1] != ["info"] or "tbhits" not in words:
        return None
    at = words.index("tbhits")
    return int(words[at + 1]) if at + 1 < len(words) else None


def tabled(board, men):
    """Whether `board` is an ending of at most `men` men that can be won."""
    return len(board.piece_map()) <= men and not board.is_insufficient_material()


def per_game(lines, engine, men):
    """{game: [tbhits of each search of a tabled position]}."""
    games, board, hits = {}, {}, {}
    for line in lines:
        m = LINE.match(line.rstrip("\n"))
        if not m or m["who"] != engine:
            continue
        game, text = int(m["game"]), m["text"]
        if m["dir"] == "<":
            if text.startswith("position"):
                board[game] = board_of(text)
            elif text.startswith("go"):
                hits[game] = 0 if board.get(game) and tabled(board[game], men) else None
        elif hits.get(game) is not None:
            found = tbhits_of(text)
            if found is not None:
                hits[game] = found
            elif text.startswith("bestmove"):
                games.setdefault(game, []).append(hits[game])
                hits[game] = None
    return games


def main(argv=None):
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--log", required=True)
    parser.add_argument("--engine", default="A", choices="AB")
    parser.add_argument("--men", type=int, default=4)
    args = parser.parse_args(argv)
    with open(args.log, encoding="utf-8", errors="replace") as log:
        games = per_game(log, args.engine, args.men)
    probed = 0
    for game, searches in sorted(games.items()):
        answered = sum(1 for h in searches if h > 0)
        probed += answered > 0
        print(f"game {game}: {len(searches)} searches of a tabled position, "
              f"{answered} with tbhits > 0")
    print(f"{len(games)} games met a tabled position; the tables answered in {probed}")
    return 0


if __name__ == "__main__":
    sys.exit(main())

#!/usr/bin/env python3
"""Proves mate distances with Matewise's exact tables of up to four men.

A position of up to four men gets its distance straight from the tables.
A bigger one gets a bounded proof search over python-chess's move
generator: the attacker needs one move, the defender is refuted in every
move, and each line ends in a checkmate or in a position of the tables.
The search gives up (it proves nothing) past a node budget, so a result is
always a proof, never a guess.

The tables are read through the `dtm_probe` example, which prints one
answer a FEN line:

    cargo build --release -p matewise-endgame-tables --example dtm_probe
    XDG_CACHE_HOME=C python3 tools/table_mate_proof.py \\
        target/release/examples/dtm_probe "8/8/8/5K2/3r4/4k3/8/8 b - - 0 1"

(`C/matewise` holds the tables, as `matewise tables build C/matewise`
leaves them.) Mates are in matetrack's form: `N` moves for a mate of the
side to move, `-N` where it is mated in N moves.
"""
import subprocess
import sys

import chess

TABLE_MEN = 4


class OutOfNodes(Exception):
    """The proof search reached its node budget."""


class TableProbe:
    """Matewise's exact tables, one `dtm_probe` process answering a FEN a
    line (Rust's stdout is line-buffered, so a pipe answers at once)."""

    def __init__(self, program):
        self.process = subprocess.Popen([program], stdin=subprocess.PIPE,
                                        stdout=subprocess.PIPE, text=True)
        self.known = {}

    def mate(self, board):
        """The side to move's mate from the tables: `N`, `-N`, 0 for a draw,
        or None where no table covers the position."""
        key = board.epd()
        if key not in self.known:
            self.process.stdin.write(board.fen() + "\n")
            self.process.stdin.flush()
            answer = self.process.stdout.readline().rstrip("\n").rsplit("\t", 1)[-1]
            if answer.startswith("mate "):
                self.known[key] = int(answer.split()[1])
            elif answer == "draw":
                self.known[key] = 0
            else:
                self.known[key] = None
        return self.known[key]

    def close(self):
        self.process.stdin.close()
        self.process.wait()


def men(board):
    return chess.popcount(board.occupied)


class Prover:
    """Bounded AND-OR proofs of mates within a number of plies."""

    def __init__(self, tables, budget=200_000):
        self.tables = tables
        self.budget = budget
        self.nodes = 0
        # (position, side to move mates / is mated) -> (most plies
        # disproved, fewest plies proved)
        self.bounds = {}

    def _leaf(self, board, winning, plies):
        """True/False where the node is decided without a search, else None."""
        if board.is_checkmate():
            return not winning
        if board.is_stalemate() or board.is_insufficient_material():
            return False
        mate = table_mate(self.tables, board)
        if mate is not None:
            if winning:
                return mate > 0 and 2 * mate - 1 <= plies
            return mate < 0 and -2 * mate <= plies
        # A mate takes one ply of the attacker's, being mated two.
        if plies < (1 if winning else 2):
            return False
        return None

    def proves(self, board, winning, plies):
        """Whether the side to move mates (`winning`) or is mated within
        `plies` plies, proved over every defence."""
        decided = self._leaf(board, winning, plies)
        if decided is not None:
            return decided
        key = (board.epd(), winning)
        disproved, proved = self.bounds.get(key, (-1, None))
        if proved is not None and plies >= proved:
            return True
        if plies <= disproved:
            return False
        self.nodes += 1
        if self.nodes > self.budget:
            raise OutOfNodes
        result = self._search(board, winning, plies)
        disproved, proved = self.bounds.get(key, (-1, None))
        if result:
            proved = plies if proved is None else min(proved, plies)
        else:
            disproved = max(disproved, plies)
        self.bounds[key] = (disproved, proved)
        return result

    def _search(self, board, winning, plies):
        moves = list(board.legal_moves)
        if winning:
            moves.sort(key=lambda m: self._attack_order(board, m))
        else:
            # Taking material is the defender's likeliest escape.
            moves.sort(key=lambda m: (not board.is_capture(m), not m.promotion))
        for move in moves:
            board.push(move)
            try:
                answer = self.proves(board, not winning, plies - 1)
            finally:
                board.pop()
            if winning and answer:
                return True
            if not winning and not answer:
                return False
        return not winning

    def _attack_order(self, board, move):
        """The attacker's moves, likeliest mates first: a table's shortest
        win, then the moves that leave the defender the fewest replies
        (the usual mate-search order), checks first among equals."""
        board.push(move)
        try:
            mate = table_mate(self.tables, board)
            # The defender's mated-in-N is negative: shortest first.
            if mate is not None and mate < 0:
                return (0, -mate, 0)
            replies = board.legal_moves.count()
            return (1, replies, not board.is_check())
        finally:
            board.pop()

    def shortest(self, board, mate):
        """The shortest mate of the same side as `mate` (matetrack's form)
        that the search proves, starting from `|mate|` moves and trying
        shorter ones; None where even `mate` is not proved."""
        winning = mate > 0
        plies_of = (lambda n: 2 * n - 1) if winning else (lambda n: 2 * n)
        best = None
        for n in range(abs(mate), 0, -1):
            try:
                if not self.proves(board, winning, plies_of(n)):
                    break
            except OutOfNodes:
                break
            best = n
        return None if best is None else (best if winning else -best)


def table_mate(tables, board):
    """The tables' exact mate for a position of up to four men (matetrack's
    form), 0 for a draw, None where no table covers it."""
    return tables.mate(board) if men(board) <= TABLE_MEN else None


def main(argv):
    tables = TableProbe(argv[0])
    try:
        for fen in argv[1:]:
            board = chess.Board(fen)
            print(fen, table_mate(tables, board))
    finally:
        tables.close()


if __name__ == "__main__":
    main(sys.argv[1:])

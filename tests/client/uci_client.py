#!/usr/bin/env python3
"""Drives Matewise as GUIs and bots do, through python-chess's UCI client.

    python3 tests/client/uci_client.py path/to/matewise

Each scenario asserts that every `bestmove` is legal and every `info pv`
is a legal line from the position searched. python-chess itself rejects an
illegal best move; a pv move it cannot parse it only logs, so every warning
or error python-chess logs fails the run. Exits non-zero on the first
failure, printing what went wrong.
"""
import logging
import random
import sys

import chess
import chess.engine

PROBLEMS = []


class Collect(logging.Handler):
    def emit(self, record):
        PROBLEMS.append(f"python-chess {record.levelname}: {record.getMessage()}")


def check(condition, message):
    if not condition:
        raise AssertionError(message)


def check_pv(board, info, where):
    pv = info.get("pv")
    if not pv:
        return
    line = board.copy()
    for move in pv:
        check(line.is_legal(move), f"{where}: illegal pv move {move} in {line.fen()} (pv {pv})")
        line.push(move)


def play_game(engine, board, plies):
    """The engine plays both sides for up to `plies` moves."""
    for _ in range(plies):
        if board.is_game_over():
            return
        result = engine.play(board, chess.engine.Limit(time=0.05), info=chess.engine.INFO_ALL)
        check(result.move is not None and board.is_legal(result.move), f"illegal bestmove {result.move} in {board.fen()}")
        check_pv(board, result.info, "play")
        board.push(result.move)


def scenario_game(engine):
    play_game(engine, chess.Board(), 40)


def scenario_multipv(engine):
    board = chess.Board("r1bqkb1r/pppp1ppp/2n2n2/4p3/2B1P3/5N2/PPPP1PPP/RNBQK2R w KQkq - 4 4")
    infos = engine.analyse(board, chess.engine.Limit(depth=8), multipv=3)
    check(len(infos) == 3, f"multipv 3 gave {len(infos)} lines")
    firsts = [info["pv"][0] for info in infos]
    check(len(set(firsts)) == 3, f"multipv lines share a first move: {firsts}")
    for info in infos:
        check_pv(board, info, "multipv")
    scores = [info["score"].white().score(mate_score=100000) for info in infos]
    check(scores == sorted(scores, reverse=True), f"multipv lines out of order: {scores}")


def scenario_ponderhit(engine):
    # The opponent always plays the move the engine ponders on: python-chess answers with `ponderhit`.
    board = chess.Board()
    for _ in range(6):
        result = engine.play(board, chess.engine.Limit(time=0.05), ponder=True, info=chess.engine.INFO_ALL)
        check(board.is_legal(result.move), f"illegal bestmove {result.move}")
        check_pv(board, result.info, "ponder")
        board.push(result.move)
        reply = result.ponder if result.ponder is not None and board.is_legal(result.ponder) else next(iter(board.legal_moves))
        board.push(reply)


def scenario_ponder_miss(engine):
    # The opponent plays something else: python-chess sends `stop`, then a new `go` (as lichess-bot does).
    rng = random.Random(3)
    board = chess.Board()
    for _ in range(6):
        result = engine.play(board, chess.engine.Limit(time=0.05), ponder=True)
        check(board.is_legal(result.move), f"illegal bestmove {result.move}")
        board.push(result.move)
        if board.is_game_over():
            return
        moves = [m for m in board.legal_moves if m != result.ponder]
        board.push(rng.choice(moves or list(board.legal_moves)))


def scenario_stop(engine):
    board = chess.Board("r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1")
    with engine.analysis(board) as analysis:
        seen = 0
        for info in analysis:
            check_pv(board, info, "infinite")
            if info.get("depth", 0) >= 6:
                break
            seen += 1
        analysis.stop()
        best = analysis.wait()
    check(best.move is not None and board.is_legal(best.move), f"illegal bestmove after stop: {best.move}")


def scenario_options(engine):
    board = chess.Board("8/8/4k3/8/2P5/4K3/8/8 w - - 0 1")
    for options in ({"Hash": 32, "Threads": 2}, {"Hash": 1, "Threads": 1}, {"Hash": 16, "Threads": 2}):
        engine.configure(options)
        info = engine.analyse(board, chess.engine.Limit(depth=10))
        check_pv(board, info, f"after {options}")
        check(info.get("pv") and board.is_legal(info["pv"][0]), f"no legal move after {options}")
    engine.configure({"Threads": 1})


def scenario_chess960(engine):
    board = chess.Board.from_chess960_pos(418)
    check(board.chess960, "not a Chess960 board")
    # python-chess sets UCI_Chess960 itself for a chess960 board and reads castling as king-takes-rook.
    play_game(engine, board, 40)
    check(engine.options["UCI_Chess960"] is not None, "no UCI_Chess960 option")


SCENARIOS = [
    scenario_game,
    scenario_multipv,
    scenario_ponderhit,
    scenario_ponder_miss,
    scenario_stop,
    scenario_options,
    scenario_chess960,
]


def main():
    binary = sys.argv[1]
    logger = logging.getLogger("chess.engine")
    logger.addHandler(Collect(level=logging.WARNING))
    failures = 0
    for scenario in SCENARIOS:
        PROBLEMS.clear()
        engine = chess.engine.SimpleEngine.popen_uci(binary, timeout=20)
        try:
            scenario(engine)
            check(not PROBLEMS, "; ".join(PROBLEMS))
            print(f"ok   {scenario.__name__}")
        except Exception as error:  # noqa: BLE001 - report every kind of failure
            failures += 1
            print(f"FAIL {scenario.__name__}: {type(error).__name__}: {error}")
        finally:
            engine.quit()
    sys.exit(1 if failures else 0)


if __name__ == "__main__":
    main()

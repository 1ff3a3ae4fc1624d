#!/usr/bin/env python3
"""Mating trials: does a UCI engine actually deliver mate with basic mating material?

The engine under test plays the strong side of random, seeded start positions in
the endings

    KQ  vs K   (``KQK``)
    KR  vs K   (``KRK``)
    KBB vs K   (``KBBK``, bishops on opposite square colours)
    KBN vs K   (``KBNK``)

against a defender engine (normally full-strength Stockfish) that keeps the lone
king.  Each start position is played as exactly one game.

Start positions
---------------
Positions are drawn from ``random.Random("<seed>-<ending>-<index>")`` so a given
``--seed`` always yields the same positions, independent of ``--concurrency`` or
of which endings are selected.  Pieces are placed uniformly at random and the
draw is repeated until the position is acceptable:

* legal (``chess.Board.is_valid``), strong side to move, weak king not in check;
* kings not adjacent;
* not already checkmate or stalemate;
* no strong piece next to the weak king is undefended (so the weak king cannot
  pick up material on its first move - the material survives the first move).

The strong side's colour alternates White/Black with the index (even index =
White) so both colours are exercised.

Game rules
----------
Both sides get the same Fischer clock (``--tc BASE+INC``, seconds).  The runner
keeps the clocks: the wall time from sending ``position``/``go`` to receiving
``bestmove`` is subtracted from the mover's clock, then the increment is added.
Each ``go`` carries ``wtime/btime/winc/binc``.  Every game uses a new game
object, so python-chess sends ``ucinewgame`` (+ ``isready``) before the first
move of each game; that round trip (milliseconds) is charged to the first move.

A game ends with (checks in this order after each move):

``mate``           the strong side checkmates                      -> SUCCESS
``flag``           a side's clock went below zero (side recorded)  -> FAIL
``illegal``/``crash``/``hang``  engine error (side recorded)       -> FAIL
``stalemate``      the weak side is stalemated                     -> FAIL
``material``       the weak king captured a piece (insufficient)   -> FAIL
``threefold``      a position occurred for the third time          -> FAIL
``fifty``          100 plies without capture or pawn move          -> FAIL

With no pawns and only the weak king able to capture, the fifty-move rule
triggers 100 plies after the start unless material is captured earlier, i.e.
the strong side has 50 moves to mate.  A mate delivered on the move that would
complete the count is a mate (the strong side moves on odd plies, so it never
coincides with ply 100 anyway).

``hang`` means an engine did not answer within its remaining clock plus
``--hang-grace`` seconds; the process is then killed and restarted.

Output
------
One progress line per finished game, a per-ending summary table (starts, mates,
starts where the engine announced a mate with its first move, games mated in
exactly the announced number of moves,
failures by reason, average/maximum strong-side moves to mate), and a CSV of all
games (``--csv``) with the start FEN, result, reason, plies, clocks, time used
and the full UCI move list (so any game can be replayed).  ``--pgn`` optionally
writes all games as PGN.

Concurrency
-----------
``--concurrency N`` plays N games at once; each worker thread owns its own pair
of engine processes (no pondering, so N engines think at a time).

Example
-------
    python3 tools/mate_trials.py --engine /path/to/engine \\
        --defender /usr/games/stockfish --per-ending 50 --seed 1 \\
        --tc 10+0.1 --concurrency 2 --csv /tmp/mate-trials.csv
"""

from __future__ import annotations

import argparse
import asyncio
import concurrent.futures
import csv
import dataclasses
import datetime
import queue
import random
import sys
import threading
import time
from typing import Dict, List, Optional, Sequence, Tuple

import chess
import chess.engine
import chess.pgn

# Non-king pieces of the strong side per ending.
ENDINGS: Dict[str, Tuple[chess.PieceType, ...]] = {
    "KQK": (chess.QUEEN,),
    "KRK": (chess.ROOK,),
    "KBBK": (chess.BISHOP, chess.BISHOP),
    "KBNK": (chess.BISHOP, chess.KNIGHT),
}

# Failure reasons in the order they are shown in the summary.
FAIL_REASONS = ("fifty", "stalemate", "material", "threefold", "flag", "illegal", "crash", "hang")

DEFAULT_OPTIONS = {"Threads": 1, "Hash": 16}


# --------------------------------------------------------------------------
# Start positions
# --------------------------------------------------------------------------

def _square_colour(square: chess.Square) -> int:
    """0 for dark squares, 1 for light squares."""
    return (chess.square_file(square) + chess.square_rank(square)) % 2


def is_acceptable_start(board: chess.Board, strong: chess.Color) -> bool:
    """True if ``board`` is a valid trial start for the strong side ``strong``."""
    if board.turn != strong or not board.is_valid():
        return False
    strong_king = board.king(strong)
    weak_king = board.king(not strong)
    if strong_king is None or weak_king is None:
        return False
    if chess.square_distance(strong_king, weak_king) <= 1:
        return False
    if board.is_attacked_by(strong, weak_king):  # weak king in check
        return False
    if board.is_game_over(claim_draw=False):
        return False
    # The weak king must not be able to take an undefended piece.
    for square in board.attacks(weak_king):
        piece = board.piece_at(square)
        if piece is not None and piece.color == strong and not board.is_attacked_by(strong, square):
            return False
    return True


def generate_start(ending: str, index: int, seed: int) -> Tuple[chess.Board, chess.Color]:
    """Deterministic random start position number ``index`` for ``ending``."""
    pieces = ENDINGS[ending]
    strong = chess.WHITE if index % 2 == 0 else chess.BLACK
    rng = random.Random(f"{seed}-{ending}-{index}")
    while True:
        squares = rng.sample(chess.SQUARES, 2 + len(pieces))
        strong_king, weak_king, piece_squares = squares[0], squares[1], squares[2:]
        if ending == "KBBK" and _square_colour(piece_squares[0]) == _square_colour(piece_squares[1]):
            continue
        board = chess.Board(None)
        board.set_piece_at(strong_king, chess.Piece(chess.KING, strong))
        board.set_piece_at(weak_king, chess.Piece(chess.KING, not strong))
        for piece_type, square in zip(pieces, piece_squares):
            board.set_piece_at(square, chess.Piece(piece_type, strong))
        board.turn = strong
        board.castling_rights = chess.BB_EMPTY
        board.ep_square = None
        board.halfmove_clock = 0
        board.fullmove_number = 1
        if is_acceptable_start(board, strong):
            return board, strong


# --------------------------------------------------------------------------
# Engines
# --------------------------------------------------------------------------

@dataclasses.dataclass
class EngineSpec:
    command: str
    options: Dict[str, object]


class ManagedEngine:
    """A UCI engine process that can be killed and restarted after a failure."""

    def __init__(self, spec: EngineSpec):
        self.spec = spec
        self.engine: Optional[chess.engine.SimpleEngine] = None
        self.start()

    def start(self) -> None:
        self.engine = chess.engine.SimpleEngine.popen_uci(self.spec.command)
        options = {k: v for k, v in self.spec.options.items() if k in self.engine.options}
        self.engine.configure(options)

    @property
    def name(self) -> str:
        assert self.engine is not None
        return self.engine.id.get("name", self.spec.command)

    def play(self, board: chess.Board, limit: chess.engine.Limit, game: object,
             timeout: float) -> chess.engine.PlayResult:
        """Like ``SimpleEngine.play`` but with a hard wall-clock timeout."""
        assert self.engine is not None
        coro = asyncio.wait_for(
            self.engine.protocol.play(board, limit, game=game, info=chess.engine.INFO_SCORE), timeout)
        future = asyncio.run_coroutine_threadsafe(coro, self.engine.protocol.loop)
        return future.result()

    def kill(self) -> None:
        """Kill the process (it may be hung) and forget it."""
        engine, self.engine = self.engine, None
        if engine is None:
            return
        try:
            transport = engine.protocol.transport
            engine.protocol.loop.call_soon_threadsafe(transport.kill)
        except Exception:
            pass
        try:
            engine.close()
        except Exception:
            pass

    def restart(self) -> None:
        self.kill()
        self.start()

    def close(self) -> None:
        engine, self.engine = self.engine, None
        if engine is not None:
            try:
                engine.quit()
            except Exception:
                pass
            try:
                engine.close()
            except Exception:
                pass


# --------------------------------------------------------------------------
# Playing one game
# --------------------------------------------------------------------------

@dataclasses.dataclass
class GameRecord:
    ending: str
    index: int
    strong_colour: str
    start_fen: str
    result: str = "FAIL"           # "MATE" or "FAIL"
    reason: str = ""               # "mate" or one of FAIL_REASONS
    side: str = ""                 # for flag/illegal/crash/hang: "strong" or "defender"
    detail: str = ""
    plies: int = 0                 # plies played
    strong_moves: int = 0          # strong-side moves played (= moves to mate on success)
    strong_time: float = 0.0       # seconds of wall time used by the strong side
    defender_time: float = 0.0
    strong_max_move_time: float = 0.0
    strong_clock_left: float = 0.0
    defender_clock_left: float = 0.0
    final_fen: str = ""
    moves: str = ""                # UCI moves, space separated
    announced: str = ""            # the strong side's score at its first move ("mate N" or cp)

    @property
    def announced_mate(self) -> Optional[int]:
        """N of a first-move "mate N" announcement, if there was one."""
        if self.announced.startswith("mate "):
            return int(self.announced.split()[1])
        return None

    @property
    def exact(self) -> bool:
        """Mated in exactly the number of moves announced at the first move."""
        return self.mated and self.announced_mate == self.strong_moves

    @property
    def mated(self) -> bool:
        return self.result == "MATE"


def play_game(ending: str, index: int, seed: int, strong_engine: ManagedEngine,
              defender: ManagedEngine, base: float, inc: float, hang_grace: float) -> GameRecord:
    start, strong = generate_start(ending, index, seed)
    board = start.copy()
    rec = GameRecord(ending=ending, index=index,
                     strong_colour="white" if strong == chess.WHITE else "black",
                     start_fen=start.fen())
    clocks = {chess.WHITE: base, chess.BLACK: base}
    used = {chess.WHITE: 0.0, chess.BLACK: 0.0}
    game = object()  # new game object -> ucinewgame for both engines
    moves: List[chess.Move] = []

    def fail(reason: str, side: str = "", detail: str = "") -> None:
        rec.result, rec.reason, rec.side, rec.detail = "FAIL", reason, side, detail

    while True:
        mover = board.turn
        is_strong = mover == strong
        engine = strong_engine if is_strong else defender
        side = "strong" if is_strong else "defender"
        limit = chess.engine.Limit(white_clock=clocks[chess.WHITE], black_clock=clocks[chess.BLACK],
                                   white_inc=inc, black_inc=inc)
        t0 = time.perf_counter()
        try:
            result = engine.play(board, limit, game, timeout=max(clocks[mover], 0.0) + hang_grace)
        except asyncio.TimeoutError:
            elapsed = time.perf_counter() - t0
            used[mover] += elapsed
            clocks[mover] -= elapsed
            fail("hang", side, f"ply {len(moves) + 1}: no bestmove after {elapsed:.1f}s")
            engine.restart()
            break
        except chess.engine.EngineTerminatedError as exc:
            fail("crash", side, f"ply {len(moves) + 1}: {exc}")
            engine.restart()
            break
        except chess.engine.EngineError as exc:
            fail("illegal", side, f"ply {len(moves) + 1}: {exc}")
            engine.restart()
            break
        elapsed = time.perf_counter() - t0
        used[mover] += elapsed
        clocks[mover] -= elapsed
        if is_strong:
            rec.strong_max_move_time = max(rec.strong_max_move_time, elapsed)
        if clocks[mover] < 0:
            fail("flag", side, f"ply {len(moves) + 1}: clock {clocks[mover]:.3f}s after a {elapsed:.3f}s move")
            break
        clocks[mover] += inc
        if is_strong and not moves:
            score = result.info.get("score")
            if score is not None:
                pov = score.pov(mover)
                rec.announced = f"mate {pov.mate()}" if pov.is_mate() else f"cp {pov.score()}"
        move = result.move
        if move is None or move not in board.legal_moves:
            fail("illegal", side, f"ply {len(moves) + 1}: bestmove {move}")
            break
        captured = board.piece_at(move.to_square) if board.is_capture(move) else None
        board.push(move)
        moves.append(move)
        ply = len(moves)

        if board.is_checkmate():
            if is_strong:
                rec.result, rec.reason = "MATE", "mate"
            else:  # impossible with a lone king, but be explicit
                fail("material", "defender", f"ply {ply}: defender mated?!")
            break
        if board.is_stalemate():
            fail("stalemate", "", f"ply {ply} (strong move {(ply + 1) // 2})")
            break
        if captured is not None or board.is_insufficient_material():
            what = chess.piece_name(captured.piece_type) if captured else "material"
            fail("material", "", f"ply {ply}: weak king took the {what} on {chess.square_name(move.to_square)}")
            break
        if board.is_repetition(3):
            fail("threefold", "", f"ply {ply} (strong move {(ply + 1) // 2})")
            break
        if board.halfmove_clock >= 100:
            fail("fifty", "", f"ply {ply}: 100 plies without capture")
            break

    rec.plies = len(moves)
    rec.strong_moves = (len(moves) + 1) // 2  # the strong side moves first
    rec.strong_time = used[strong]
    rec.defender_time = used[not strong]
    rec.strong_clock_left = clocks[strong]
    rec.defender_clock_left = clocks[not strong]
    rec.final_fen = board.fen()
    rec.moves = " ".join(m.uci() for m in moves)
    return rec


# --------------------------------------------------------------------------
# Running the trials
# --------------------------------------------------------------------------

CSV_FIELDS = [f.name for f in dataclasses.fields(GameRecord)]


def _csv_row(rec: GameRecord) -> Dict[str, object]:
    row = dataclasses.asdict(rec)
    for key in ("strong_time", "defender_time", "strong_max_move_time",
                "strong_clock_left", "defender_clock_left"):
        row[key] = f"{row[key]:.3f}"
    return row


def write_csv(path: str, records: Sequence[GameRecord]) -> None:
    with open(path, "w", newline="") as fh:
        writer = csv.DictWriter(fh, fieldnames=CSV_FIELDS)
        writer.writeheader()
        for rec in records:
            writer.writerow(_csv_row(rec))


def write_pgn(path: str, records: Sequence[GameRecord], engine_name: str, defender_name: str,
              tc: str) -> None:
    with open(path, "w") as fh:
        for rec in records:
            board = chess.Board(rec.start_fen)
            game = chess.pgn.Game.from_board(board)
            node = game
            for uci in rec.moves.split():
                node = node.add_variation(chess.Move.from_uci(uci))
            strong_white = rec.strong_colour == "white"
            game.headers["Event"] = f"Mate trial {rec.ending} #{rec.index}"
            game.headers["White"] = engine_name if strong_white else defender_name
            game.headers["Black"] = defender_name if strong_white else engine_name
            game.headers["TimeControl"] = tc
            if rec.mated:
                game.headers["Result"] = "1-0" if strong_white else "0-1"
            elif rec.reason == "flag":
                strong_lost = rec.side == "strong"
                game.headers["Result"] = "0-1" if strong_white == strong_lost else "1-0"
            else:
                game.headers["Result"] = "1/2-1/2"
            game.headers["Termination"] = rec.reason + (f" ({rec.side})" if rec.side else "")
            game.comment = rec.detail
            print(game, file=fh, end="\n\n")


def summarise(records: Sequence[GameRecord], endings: Sequence[str]) -> str:
    header = (["ending", "starts", "mates", "announced", "exact"] + list(FAIL_REASONS)
              + ["avg_moves", "max_moves", "avg_time_s"])
    rows = []
    for ending in list(endings) + ["all"]:
        recs = [r for r in records if ending == "all" or r.ending == ending]
        mates = [r for r in recs if r.mated]
        announced = sum(1 for r in recs if r.announced_mate is not None and r.announced_mate > 0)
        exact = sum(1 for r in recs if r.exact)
        row = [ending, str(len(recs)), f"{len(mates)}/{len(recs)}", str(announced), str(exact)]
        for reason in FAIL_REASONS:
            row.append(str(sum(1 for r in recs if not r.mated and r.reason == reason)))
        if mates:
            row.append(f"{sum(r.strong_moves for r in mates) / len(mates):.1f}")
            row.append(str(max(r.strong_moves for r in mates)))
            row.append(f"{sum(r.strong_time for r in mates) / len(mates):.2f}")
        else:
            row += ["-", "-", "-"]
        rows.append(row)
    widths = [max(len(h), *(len(r[i]) for r in rows)) for i, h in enumerate(header)]
    fmt = lambda cells: "  ".join(c.rjust(w) if i else c.ljust(w) for i, (c, w) in enumerate(zip(cells, widths)))
    lines = [fmt(header), fmt(["-" * w for w in widths])] + [fmt(r) for r in rows]
    lines.append("(moves = strong-side moves to mate; avg_time_s = strong side's total time in mated games)")
    failures = [r for r in records if not r.mated]
    if failures:
        lines.append("")
        lines.append("Failures:")
        for r in failures:
            side = f" [{r.side}]" if r.side else ""
            lines.append(f"  {r.ending} #{r.index} ({r.strong_colour}) {r.reason}{side}: {r.detail}")
            lines.append(f"      start {r.start_fen}")
            lines.append(f"      final {r.final_fen}")
    flags = [r for r in records if r.reason in ("flag", "hang")]
    errors = [r for r in records if r.reason in ("illegal", "crash")]
    lines.append("")
    lines.append(f"Time losses/hangs: {len(flags)}; engine errors (illegal/crash): {len(errors)}")
    return "\n".join(lines)


def parse_tc(text: str) -> Tuple[float, float]:
    base, _, inc = text.partition("+")
    try:
        return float(base), float(inc or 0.0)
    except ValueError:
        raise argparse.ArgumentTypeError(f"bad time control {text!r}; expected BASE+INC in seconds")


def parse_option(text: str) -> Tuple[str, str]:
    name, sep, value = text.partition("=")
    if not sep or not name:
        raise argparse.ArgumentTypeError(f"bad option {text!r}; expected NAME=VALUE")
    return name.strip(), value.strip()


def main(argv: Optional[Sequence[str]] = None) -> int:
    parser = argparse.ArgumentParser(
        description="Play seeded KQK/KRK/KBBK/KBNK starts: engine (strong side) vs defender; count mates.",
        formatter_class=argparse.ArgumentDefaultsHelpFormatter)
    parser.add_argument("--engine", required=True, help="UCI engine under test (plays the strong side)")
    parser.add_argument("--defender", default="/usr/games/stockfish", help="UCI defender engine (lone king)")
    parser.add_argument("--endings", default=",".join(ENDINGS),
                        help=f"comma-separated subset of {','.join(ENDINGS)}")
    parser.add_argument("--per-ending", type=int, default=50, help="start positions per ending")
    parser.add_argument("--first-index", type=int, default=0,
                        help="index of the first start (to replay/extend a run with the same seed)")
    parser.add_argument("--seed", type=int, default=1, help="seed for start positions")
    parser.add_argument("--tc", type=parse_tc, default=(10.0, 0.1), help="time control BASE+INC (seconds)")
    parser.add_argument("--concurrency", type=int, default=2, help="games played at once")
    parser.add_argument("--engine-option", type=parse_option, action="append", default=[],
                        metavar="NAME=VALUE", help="extra UCI option for the engine (repeatable)")
    parser.add_argument("--defender-option", type=parse_option, action="append", default=[],
                        metavar="NAME=VALUE", help="extra UCI option for the defender (repeatable)")
    parser.add_argument("--hang-grace", type=float, default=10.0,
                        help="seconds past an engine's remaining clock before it counts as hung")
    parser.add_argument("--csv", help="write all games to this CSV file")
    parser.add_argument("--pgn", help="also write all games to this PGN file")
    parser.add_argument("--list-starts", action="store_true",
                        help="only print the generated start FENs and exit")
    args = parser.parse_args(argv)

    endings = [e.strip() for e in args.endings.split(",") if e.strip()]
    for e in endings:
        if e not in ENDINGS:
            parser.error(f"unknown ending {e!r}")
    tasks = [(e, i) for e in endings for i in range(args.first_index, args.first_index + args.per_ending)]

    if args.list_starts:
        for e, i in tasks:
            board, _ = generate_start(e, i, args.seed)
            print(f"{e}\t{i}\t{board.fen()}")
        return 0

    base, inc = args.tc
    tc_text = f"{base:g}+{inc:g}"
    engine_spec = EngineSpec(args.engine, {**DEFAULT_OPTIONS, **dict(args.engine_option)})
    defender_spec = EngineSpec(args.defender, {**DEFAULT_OPTIONS, **dict(args.defender_option)})

    # One engine pair per worker; a worker takes a pair for the duration of a game.
    pairs: "queue.Queue[Tuple[ManagedEngine, ManagedEngine]]" = queue.Queue()
    all_pairs = []
    for _ in range(max(1, args.concurrency)):
        pair = (ManagedEngine(engine_spec), ManagedEngine(defender_spec))
        all_pairs.append(pair)
        pairs.put(pair)
    engine_name, defender_name = all_pairs[0][0].name, all_pairs[0][1].name
    print(f"# {engine_name} ({args.engine}) vs {defender_name} ({args.defender}); "
          f"tc {tc_text}; seed {args.seed}; {len(tasks)} games; concurrency {args.concurrency}; "
          f"started {datetime.datetime.now().isoformat(timespec='seconds')}", flush=True)

    def run(task: Tuple[str, int]) -> GameRecord:
        ending, index = task
        pair = pairs.get()
        try:
            return play_game(ending, index, args.seed, pair[0], pair[1], base, inc, args.hang_grace)
        finally:
            pairs.put(pair)

    records: List[GameRecord] = []
    csv_fh = None
    csv_writer = None
    if args.csv:  # written incrementally (completion order), rewritten sorted at the end
        csv_fh = open(args.csv, "w", newline="")
        csv_writer = csv.DictWriter(csv_fh, fieldnames=CSV_FIELDS)
        csv_writer.writeheader()
    t_start = time.time()
    lock = threading.Lock()
    try:
        with concurrent.futures.ThreadPoolExecutor(max_workers=max(1, args.concurrency)) as pool:
            futures = [pool.submit(run, t) for t in tasks]
            for fut in concurrent.futures.as_completed(futures):
                rec = fut.result()
                with lock:
                    records.append(rec)
                    if csv_writer is not None:
                        csv_writer.writerow(_csv_row(rec))
                        csv_fh.flush()
                    outcome = (f"MATE in {rec.strong_moves}" if rec.mated else
                               f"FAIL {rec.reason}{'/' + rec.side if rec.side else ''}: {rec.detail}")
                    print(f"[{len(records):3d}/{len(tasks)} {time.time() - t_start:6.0f}s] "
                          f"{rec.ending} #{rec.index} {rec.strong_colour:5s} {outcome}  "
                          f"(strong {rec.strong_time:.1f}s, defender {rec.defender_time:.1f}s)  {rec.start_fen}",
                          flush=True)
    finally:
        if csv_fh is not None:
            csv_fh.close()
        for a, b in all_pairs:
            a.close()
            b.close()

    order = {e: n for n, e in enumerate(endings)}
    records.sort(key=lambda r: (order[r.ending], r.index))
    if args.csv:
        write_csv(args.csv, records)
    if args.pgn:
        write_pgn(args.pgn, records, engine_name, defender_name, tc_text)
    print()
    print(f"Summary ({engine_name} vs {defender_name}, tc {tc_text}, seed {args.seed}, "
          f"{time.time() - t_start:.0f}s wall):")
    print(summarise(records, endings))
    return 0


if __name__ == "__main__":
    sys.exit(main())

#!/usr/bin/env python3
"""The CPU a UCI engine takes while it waits for the opponent (ponder off).

Starts N busy loops (standing for the opponent's search and other games on
the machine), then the engine with an empty cache directory, plays one
clocked `go` on a five-man position (where Matewise readies the endgame
tables its captures lead into), and measures, over the idle seconds after
`bestmove`, the CPU time the engine and the busy loops got.

Usage: tools/idle_cpu.py ENGINE [--loops N] [--idle SECONDS] [--fen FEN]
"""

import argparse
import os
import subprocess
import sys
import tempfile
import time

TICK = os.sysconf("SC_CLK_TCK")


def cpu_seconds(pid):
    """User and system time of a whole process, ended threads included."""
    with open(f"/proc/{pid}/stat") as stat:
        fields = stat.read().rsplit(")", 1)[1].split()
    return (int(fields[11]) + int(fields[12])) / TICK


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("engine")
    parser.add_argument("--loops", type=int, default=1)
    parser.add_argument("--idle", type=float, default=3.0)
    parser.add_argument("--fen", default="8/1K6/8/4bB2/8/5k2/8/3r4 b - - 0 1")
    args = parser.parse_args()

    loops = [subprocess.Popen([sys.executable, "-c", "while True: pass"])
             for _ in range(args.loops)]
    cache = tempfile.mkdtemp(prefix="idle-cpu-")
    engine = subprocess.Popen([args.engine], stdin=subprocess.PIPE,
                              stdout=subprocess.PIPE, text=True, bufsize=1,
                              env=dict(os.environ, XDG_CACHE_HOME=cache))

    def send(line):
        engine.stdin.write(line + "\n")
        engine.stdin.flush()

    def wait_for(prefix):
        while not engine.stdout.readline().startswith(prefix):
            pass

    try:
        send("uci")
        wait_for("uciok")
        send("isready")
        wait_for("readyok")
        send("position fen " + args.fen)
        send("go wtime 10000 btime 10000 winc 100 binc 100")
        wait_for("bestmove")
        engine_before = cpu_seconds(engine.pid)
        loops_before = sum(cpu_seconds(loop.pid) for loop in loops)
        time.sleep(args.idle)
        engine_used = cpu_seconds(engine.pid) - engine_before
        loops_used = sum(cpu_seconds(loop.pid) for loop in loops) - loops_before
        send("quit")
        engine.wait(timeout=10)
    finally:
        engine.kill()
        for loop in loops:
            loop.kill()
    print(f"{args.loops} busy loops, {args.idle:.1f} s idle: engine "
          f"{engine_used:.2f} CPU-s, busy loops {loops_used:.2f} CPU-s "
          f"(of {args.loops * args.idle:.2f})")


if __name__ == "__main__":
    main()

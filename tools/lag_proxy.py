#!/usr/bin/env python3
"""Runs a UCI engine with lag injected: every line the engine writes that
starts with `bestmove` reaches the GUI LAG milliseconds late, so the GUI's
clock charges each move that much more than the engine spent, as a slow
GUI, a loaded machine or a server would. Everything else passes through
at once, both ways.

    python3 tools/lag_proxy.py LAG ENGINE [ARG...]

For a match with 50 ms of lag on Matewise's side:

    match.py --engine "cmd=python3 tools/lag_proxy.py 50 target/release/matewise" ...
"""
import subprocess
import sys
import threading
import time


def forward_input(engine):
    """The GUI's lines to the engine, as they come; EOF closes its input."""
    try:
        for line in sys.stdin:
            engine.stdin.write(line)
            engine.stdin.flush()
    except (BrokenPipeError, OSError):
        pass
    try:
        engine.stdin.close()
    except OSError:
        pass


def forward_output(engine, lag_seconds, out=sys.stdout):
    """The engine's lines to the GUI, `bestmove` after the lag."""
    for line in engine.stdout:
        if line.startswith("bestmove"):
            time.sleep(lag_seconds)
        out.write(line)
        out.flush()


def main(argv):
    if len(argv) < 3 or argv[1] in ("-h", "--help"):
        sys.exit(__doc__)
    lag_seconds = float(argv[1]) / 1000
    engine = subprocess.Popen(argv[2:], stdin=subprocess.PIPE, stdout=subprocess.PIPE,
                              text=True, bufsize=1)
    threading.Thread(target=forward_input, args=(engine,), daemon=True).start()
    try:
        forward_output(engine, lag_seconds)
    except BrokenPipeError:
        pass
    return engine.wait()


if __name__ == "__main__":
    sys.exit(main(sys.argv))

#!/usr/bin/env python3
"""Time from `stop` to `bestmove`: 24 infinite searches (1 and 2 threads), stopped
after 0.3-1.0 s.

    python3 tools/stop_latency.py target/release/matewise
"""
import statistics
import sys
import time

from uci_engine import UciEngine

POSITIONS = [
    ("startpos", 1),
    ("fen r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1", 1),
    ("startpos", 2),
]


def main():
    if any(arg in ("-h", "--help") for arg in sys.argv[1:]):
        print(__doc__)
        return
    if len(sys.argv) != 2 or sys.argv[1].startswith("-"):
        sys.exit(__doc__)
    latencies = []
    with UciEngine(sys.argv[1]) as engine:
        for position, threads in POSITIONS:
            engine.set_option("Threads", threads)
            for i in range(8):
                engine.position(position)
                search = engine.go("infinite")
                time.sleep(0.3 + 0.1 * i)
                started = time.perf_counter()
                engine.send("stop")
                for _ in search:
                    pass
                latencies.append((time.perf_counter() - started) * 1000)
    print(f"{len(latencies)} stops: median {statistics.median(latencies):.2f} ms, "
          f"max {max(latencies):.2f} ms")


if __name__ == "__main__":
    main()

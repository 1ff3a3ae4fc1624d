"""Tests for lag_proxy.py: a stand-in engine that answers `go` at once."""
import os
import subprocess
import sys
import time
import unittest

HERE = os.path.dirname(os.path.abspath(__file__))
PROXY = os.path.join(HERE, "lag_proxy.py")
ENGINE = """
import sys
for line in sys.stdin:
    line = line.strip()
    if line == "uci":
        print("id name stand-in"); print("uciok", flush=True)
    elif line == "isready":
        print("readyok", flush=True)
    elif line.startswith("go"):
        print("info depth 1 score cp 0"); print("bestmove e2e4", flush=True)
    elif line == "quit":
        break
"""


class LagProxyTest(unittest.TestCase):
    def run_proxy(self, lag_ms):
        proxy = subprocess.Popen([sys.executable, PROXY, str(lag_ms), sys.executable, "-c", ENGINE],
                                 stdin=subprocess.PIPE, stdout=subprocess.PIPE, text=True,
                                 bufsize=1)
        try:
            proxy.stdin.write("uci\n")
            proxy.stdin.flush()
            self.assertEqual(proxy.stdout.readline().strip(), "id name stand-in")
            self.assertEqual(proxy.stdout.readline().strip(), "uciok")
            started = time.monotonic()
            proxy.stdin.write("go movetime 10\n")
            proxy.stdin.flush()
            self.assertEqual(proxy.stdout.readline().strip(), "info depth 1 score cp 0")
            info_at = time.monotonic() - started
            self.assertEqual(proxy.stdout.readline().strip(), "bestmove e2e4")
            bestmove_at = time.monotonic() - started
            proxy.stdin.write("quit\n")
            proxy.stdin.flush()
            self.assertEqual(proxy.wait(timeout=10), 0)
            return info_at, bestmove_at
        finally:
            if proxy.poll() is None:
                proxy.kill()

    def test_bestmove_arrives_late_and_the_rest_at_once(self):
        info_at, bestmove_at = self.run_proxy(300)
        self.assertLess(info_at, 0.25)
        self.assertGreaterEqual(bestmove_at, 0.3)

    def test_no_lag_passes_everything_through(self):
        _, bestmove_at = self.run_proxy(0)
        self.assertLess(bestmove_at, 0.25)


if __name__ == "__main__":
    unittest.main()

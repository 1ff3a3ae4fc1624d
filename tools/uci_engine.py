"""The UCI driver the scripts in tools/ share: start an engine, set options,
search, read its `info` lines. Standard library only.

    from uci_engine import UciEngine, parse_info

    with UciEngine("target/release/matewise", options={"Hash": 16}) as engine:
        engine.new_game()
        engine.position("fen 8/8/8/8/8/8/R7/k1K5 w - - 0 1")
        for line in engine.go("nodes 10000"):
            score = parse_info(line).get("score")
        print(score, engine.bestmove)
"""
import subprocess

BOUNDS = ("lowerbound", "upperbound")
INTEGER_FIELDS = ("depth", "seldepth", "multipv", "nodes", "nps", "time", "hashfull", "tbhits")


class EngineClosed(RuntimeError):
    """The engine closed its output (it exited or crashed)."""


class UciEngine:
    """One engine process spoken to over UCI; `uci` is sent and answered on start.

    `command` is a program path (or an argument list); `options` are set once
    with `setoption`; `quiet` sends the engine's stderr to /dev/null.
    """

    def __init__(self, command, options=None, quiet=False):
        args = [command] if isinstance(command, str) else list(command)
        self.proc = subprocess.Popen(args, stdin=subprocess.PIPE, stdout=subprocess.PIPE,
                                     stderr=subprocess.DEVNULL if quiet else None,
                                     text=True, bufsize=1)
        self.bestmove = None
        self.send("uci")
        self.wait_for("uciok")
        for name, value in (options or {}).items():
            self.set_option(name, value)

    def __enter__(self):
        return self

    def __exit__(self, *_):
        self.close()

    def send(self, line):
        self.proc.stdin.write(line + "\n")
        self.proc.stdin.flush()

    def read_line(self):
        line = self.proc.stdout.readline()
        if not line:
            raise EngineClosed("the engine closed its output")
        return line.rstrip("\n")

    def wait_for(self, word):
        """Every line up to and including the first whose first word is `word`."""
        lines = []
        while True:
            line = self.read_line()
            lines.append(line)
            if line.split()[:1] == [word]:
                return lines

    def set_option(self, name, value):
        self.send(f"setoption name {name} value {value}")

    def is_ready(self):
        self.send("isready")
        self.wait_for("readyok")

    def new_game(self):
        """`ucinewgame`, then waits until the engine is ready."""
        self.send("ucinewgame")
        self.is_ready()

    def position(self, position):
        """`position ...`: `startpos [moves ...]` or `fen FEN [moves ...]`."""
        self.send("position " + position)

    def go(self, limits):
        """Sends `go LIMITS` at once and returns an iterator over the lines the
        engine prints until its `bestmove`, whose move is then in
        `self.bestmove`. The caller may send `stop` while iterating."""
        self.bestmove = None
        self.send("go " + limits)
        return self._lines_until_bestmove()

    def _lines_until_bestmove(self):
        while True:
            line = self.read_line()
            words = line.split()
            if words[:1] == ["bestmove"]:
                self.bestmove = words[1] if len(words) > 1 else None
                return
            yield line

    def close(self):
        """`quit`, then waits for the process (killed after five seconds)."""
        try:
            self.send("quit")
            self.proc.wait(timeout=5)
        except (OSError, subprocess.TimeoutExpired):
            self.proc.kill()
            self.proc.wait()


def parse_info(line):
    """The numeric fields of an `info` line, and its score as
    `(kind, value, bound)`: kind `cp` or `mate`, bound `lowerbound`,
    `upperbound` or None. `{}` for any other line, `info string` included."""
    words = line.split()
    if words[:1] != ["info"] or words[1:2] == ["string"]:
        return {}
    info = {}
    for i, word in enumerate(words[:-1]):
        if word == "pv":
            break
        if word in INTEGER_FIELDS:
            info[word] = int(words[i + 1])
        elif word == "score" and i + 2 < len(words):
            bound = words[i + 3] if i + 3 < len(words) and words[i + 3] in BOUNDS else None
            info["score"] = (words[i + 1], int(words[i + 2]), bound)
    return info

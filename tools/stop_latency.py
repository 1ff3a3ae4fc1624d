"""Time from `stop` to `bestmove`: 24 infinite searches (1 and 2 threads), stopped
after 0.3-1.0 s. Usage: python3 tools/stop_latency.py target/release/matewise"""
import subprocess, time, sys, statistics
exe = sys.argv[1]
lat = []
p = subprocess.Popen([exe], stdin=subprocess.PIPE, stdout=subprocess.PIPE, text=True, bufsize=1)
def send(s): p.stdin.write(s + "\n"); p.stdin.flush()
for fen, threads in [("startpos", 1), ("fen r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1", 1), ("startpos", 2)]:
    send(f"setoption name Threads value {threads}")
    for i in range(8):
        send(f"position {fen}"); send("go infinite")
        time.sleep(0.3 + 0.1 * i)
        t0 = time.perf_counter(); send("stop")
        while True:
            line = p.stdout.readline()
            if line.startswith("bestmove"):
                lat.append((time.perf_counter() - t0) * 1000); break
send("quit")
print(f"{len(lat)} stops: median {statistics.median(lat):.2f} ms, max {max(lat):.2f} ms")

//! Matewise driven by python-chess's UCI client, as GUIs and bots drive it:
//! a game, MultiPV analysis, pondering answered by `ponderhit` and by
//! `stop` plus a new `go`, an infinite analysis stopped midway, Hash and
//! Threads changed between searches, and a Chess960 game. The scenarios are
//! in `tests/client/uci_client.py`; every `bestmove` and every `info pv` must
//! be legal. Without python3 or python-chess the test is skipped, saying
//! why: it never installs anything (`.ci/run` installs python-chess).

use std::io::Write;
use std::process::Command;
use test_kit::TempDir;

fn python() -> &'static str {
    "python3"
}

/// Whether python3 can import python-chess's UCI client.
fn has_python_chess() -> bool {
    Command::new(python())
        .args(["-c", "import chess.engine"])
        .stderr(std::process::Stdio::null())
        .status()
        .is_ok_and(|s| s.success())
}

#[test]
fn python_chess_client_scenarios() {
    if !has_python_chess() {
        // Straight to stderr, past the harness's capture, so that the skip is seen.
        let _ = writeln!(
            std::io::stderr(),
            "python_chess_client_scenarios skipped: python3 with python-chess is needed \
             (python3 -m pip install chess)"
        );
        return;
    }
    let script = concat!(env!("CARGO_MANIFEST_DIR"), "/tests/client/uci_client.py");
    // The tables the engine solves (K+Q, K+R and K+P against K) go to a
    // cache of this test's own, never the user's: the engine's default
    // `EndgameCache` is `$XDG_CACHE_HOME/matewise`.
    let cache = TempDir::new("python-client-cache");
    let output = Command::new(python())
        .arg(script)
        .arg(env!("CARGO_BIN_EXE_matewise"))
        .env("XDG_CACHE_HOME", cache.path())
        .env_remove("RUST_LOG")
        .output()
        .expect("run the client script");
    let stdout = String::from_utf8_lossy(&output.stdout);
    let stderr = String::from_utf8_lossy(&output.stderr);
    assert!(
        output.status.success(),
        "client scenarios failed:\n{stdout}\n{stderr}"
    );
    assert_eq!(
        stdout.lines().filter(|l| l.starts_with("ok ")).count(),
        7,
        "{stdout}"
    );
}

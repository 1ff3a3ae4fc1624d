//! Matewise driven by python-chess's UCI client, as GUIs and bots drive it:
//! a game, MultiPV analysis, pondering answered by `ponderhit` and by
//! `stop` plus a new `go`, an infinite analysis stopped midway, Hash and
//! Threads changed between searches, and a Chess960 game. The scenarios are
//! in `tests/client/uci_client.py`; every `bestmove` and every `info pv` must
//! be legal. python-chess is installed with pip when it is missing.

use std::process::Command;

fn python() -> &'static str {
    "python3"
}

/// Makes sure `import chess` works, installing python-chess if needed.
fn ensure_python_chess() {
    let has = |python: &str| {
        Command::new(python)
            .args(["-c", "import chess.engine"])
            .status()
            .is_ok_and(|s| s.success())
    };
    if has(python()) {
        return;
    }
    // System-wide if allowed, else into the user's site-packages.
    let install = |extra: &[&str]| {
        Command::new(python())
            .args(["-m", "pip", "install", "--quiet"])
            .args(extra)
            .arg("chess")
            .status()
            .is_ok_and(|s| s.success())
    };
    assert!(
        install(&[]) || install(&["--user"]),
        "pip install chess failed"
    );
    assert!(
        has(python()),
        "python-chess still missing after pip install"
    );
}

#[test]
fn python_chess_client_scenarios() {
    ensure_python_chess();
    let script = concat!(env!("CARGO_MANIFEST_DIR"), "/tests/client/uci_client.py");
    let output = Command::new(python())
        .arg(script)
        .arg(env!("CARGO_BIN_EXE_matewise"))
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

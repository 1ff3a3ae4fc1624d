//! `cargo xtask mates --suite FILE --engine PROGRAM`: another UCI engine
//! searches the suite, and its reported mates are judged as Matewise's are.
#![cfg(unix)]

use std::os::unix::fs::PermissionsExt;
use std::path::{Path, PathBuf};
use std::process::{Command, Output};

/// A stand-in engine: with Black to move it reports being mated in one;
/// with a white queen on the board only a centipawn score; else a cp score
/// and then a mate in two.
const FAKE_ENGINE: &str = r#"#!/bin/sh
while read -r line; do
  case "$line" in
    uci) echo "id name fake"; echo uciok ;;
    isready) echo readyok ;;
    "position fen "*) fen="${line#position fen }" ;;
    go*)
      case "$fen" in
        *" b "*) echo "info depth 1 score mate -1 nodes 5" ;;
        *Q*) echo "info depth 1 score cp 900 nodes 9" ;;
        *) echo "info depth 1 score cp 20 nodes 7"; echo "info depth 2 score mate 2 nodes 30 pv a1a2" ;;
      esac
      echo "bestmove a1a2" ;;
    quit) exit 0 ;;
  esac
done
"#;

const SUITE: &str = "\
6k1/5ppp/8/8/8/8/8/R5K1 w - - bm #1;
6k1/8/8/8/8/8/R7/1R4K1 w - - bm #2;
8/8/8/8/8/8/R7/k1K5 b - - bm #-1;
8/7K/8/8/8/8/R7/7k w - - bm #3;
8/8/8/4k3/8/8/8/4K2Q w - - bm #7;
";

fn scratch(name: &str) -> PathBuf {
    let dir = Path::new(env!("CARGO_TARGET_TMPDIR")).join(name);
    std::fs::create_dir_all(&dir).unwrap();
    dir
}

fn mates(args: &[&str]) -> Output {
    // The tables Matewise solves go to the build's own directory, never
    // the user's cache.
    Command::new(env!("CARGO_BIN_EXE_xtask"))
        .arg("mates")
        .args(args)
        .env("XDG_CACHE_HOME", env!("CARGO_TARGET_TMPDIR"))
        .output()
        .expect("the xtask binary runs")
}

#[test]
fn another_engine_is_judged_like_matewise() {
    let dir = scratch("mate_suite_engine");
    let engine = dir.join("fake_engine.sh");
    std::fs::write(&engine, FAKE_ENGINE).unwrap();
    std::fs::set_permissions(&engine, std::fs::Permissions::from_mode(0o755)).unwrap();
    let suite = dir.join("suite.epd");
    std::fs::write(&suite, SUITE).unwrap();
    let missed = dir.join("missed.epd");
    let engine = engine.to_str().unwrap();
    let out = mates(&[
        "--suite",
        suite.to_str().unwrap(),
        "--engine",
        engine,
        "--option",
        "Threads=1",
        "--threads",
        "2",
        "--missed",
        missed.to_str().unwrap(),
    ]);
    let stdout = String::from_utf8_lossy(&out.stdout);
    let stderr = String::from_utf8_lossy(&out.stderr);
    assert!(out.status.success(), "{stdout}\n{stderr}");
    assert!(
        stdout.contains(&format!("5 positions, 100000 nodes each, engine {engine}")),
        "{stdout}"
    );
    // #1 found as #2 (found), #2 (best), #-1 (best), #3 claimed as #2 (wrong), the queen missed.
    assert!(
        stdout.contains("mates reported 4 (80.0%), at the best distance 2, wrong 1, missed 1"),
        "{stdout}"
    );
    assert!(
        stdout.contains("8/7K/8/8/8/8/R7/7k w - - bm #3;  (reported #2)"),
        "{stdout}"
    );
    assert!(stderr.contains("searching 5 positions"), "{stderr}");
    assert_eq!(
        std::fs::read_to_string(&missed).unwrap(),
        "8/8/8/4k3/8/8/8/4K2Q w - - bm #7;\n"
    );
}

#[test]
fn a_missing_engine_is_an_error() {
    let dir = scratch("mate_suite_no_engine");
    let suite = dir.join("suite.epd");
    std::fs::write(&suite, SUITE).unwrap();
    let out = mates(&[
        "--suite",
        suite.to_str().unwrap(),
        "--engine",
        "/no/such/engine",
    ]);
    assert!(!out.status.success());
    let stderr = String::from_utf8_lossy(&out.stderr);
    assert!(stderr.contains("error: /no/such/engine"), "{stderr}");
}

#[test]
fn engine_flags_need_an_engine_and_exclude_matewise_switches() {
    let out = mates(&["--suite", "F", "--option", "Hash=16"]);
    assert!(!out.status.success());
    assert!(
        String::from_utf8_lossy(&out.stderr).contains("--engine <PROGRAM>"),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    let out = mates(&["--suite", "F", "--engine", "sf", "--no-glance"]);
    assert!(!out.status.success());
    assert!(
        String::from_utf8_lossy(&out.stderr).contains("cannot be used with"),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
}

#[test]
fn check_reports_every_bad_line_an_engine_prints() {
    let dir = scratch("mate_suite_check");
    let engine = dir.join("fake_engine.sh");
    std::fs::write(&engine, FAKE_ENGINE).unwrap();
    std::fs::set_permissions(&engine, std::fs::Permissions::from_mode(0o755)).unwrap();
    let suite = dir.join("suite.epd");
    std::fs::write(&suite, SUITE).unwrap();
    let faults = dir.join("faults.txt");
    let out = mates(&[
        "--suite",
        suite.to_str().unwrap(),
        "--check",
        "--engine",
        engine.to_str().unwrap(),
        "--faults",
        faults.to_str().unwrap(),
    ]);
    let stdout = String::from_utf8_lossy(&out.stdout);
    assert!(out.status.success(), "{stdout}");
    // Its one-move PVs are too short for the mates they announce, or
    // illegal; it plays a1a2 where there is no piece on a1; and it claims
    // mate in two where the best is three.
    assert!(
        stdout.contains("mates reported 4 (at the best distance 2), missed 1"),
        "{stdout}"
    );
    assert!(
        stdout.contains(
            "wrong mates 1, illegal PVs 2, PVs of the wrong length 2, \
             PVs not ending in mate 0, PVs through a draw 0, bad bestmoves 3"
        ),
        "{stdout}"
    );
    let listed = std::fs::read_to_string(&faults).unwrap();
    assert_eq!(listed.lines().count(), 8, "{listed}");
    assert!(
        listed.contains("wrong mates\t8/7K/8/8/8/8/R7/7k w - - bm #3;"),
        "{listed}"
    );
}

//! Resident memory: the engine holds the transposition table it was asked
//! for plus a small fixed amount, during a long analysis and across `Hash`
//! resizes between games. Linux only, where `/proc` reports resident memory.
//!
//! `MATEWISE_MEMORY_SECONDS` sets how long each analysis runs (default 1.5 s);
//! the closing note of the reliability issue used a minute per step.
#![cfg(target_os = "linux")]

mod common;

use common::{Engine, LINE_TIMEOUT, board};
use std::time::{Duration, Instant};

/// Everything but the table: code, thread stacks, per-thread histories and
/// pawn tables. Measured at about 4 MB with two threads; this leaves room.
const FIXED_BOUND_MB: u64 = 32;

fn resident_mb(engine: &mut Engine) -> u64 {
    let path = format!("/proc/{}/status", engine.pid());
    let status = std::fs::read_to_string(&path).unwrap_or_default();
    let kilobytes = status
        .lines()
        .find_map(|line| line.strip_prefix("VmRSS:"))
        .and_then(|rest| rest.split_whitespace().next())
        .and_then(|number| number.parse::<u64>().ok());
    match kilobytes {
        Some(kb) => kb / 1024,
        None => engine.fail(&format!("no VmRSS in {path}")),
    }
}

fn analysis_duration() -> Duration {
    let seconds = std::env::var("MATEWISE_MEMORY_SECONDS")
        .ok()
        .and_then(|text| text.parse::<f64>().ok())
        .unwrap_or(1.5);
    Duration::from_secs_f64(seconds)
}

/// Analyses with `go infinite` and returns the peak resident memory sampled.
fn analyse(engine: &mut Engine, moves: &[&str]) -> u64 {
    let position = format!("position startpos moves {}", moves.join(" "));
    engine.send(&position);
    engine.send("go infinite");
    let duration = analysis_duration();
    let start = Instant::now();
    let mut peak = 0;
    while start.elapsed() < duration {
        std::thread::sleep(Duration::from_millis(50));
        peak = peak.max(resident_mb(engine));
    }
    engine.send("stop");
    let output = engine.collect_search(LINE_TIMEOUT);
    engine.check_search(&board(common::START_FEN, moves, false), &output);
    peak
}

#[test]
fn resident_memory_stays_within_hash_plus_a_fixed_bound_across_resizes() {
    let mut engine = Engine::spawn();
    engine.handshake();
    // Each step is a new game: resize, `ucinewgame`, analyse a position of it.
    let steps: [(u64, u32, &[&str]); 4] = [
        (64, 2, &["e2e4", "c7c5"]),
        (1, 1, &["d2d4", "g8f6", "c2c4"]),
        (256, 2, &["g1f3", "d7d5"]),
        (16, 1, &["e2e4", "e7e5", "g1f3", "b8c6"]),
    ];
    let mut report = Vec::new();
    for (hash, threads, moves) in steps {
        engine.send(&format!("setoption name Hash value {hash}"));
        engine.send(&format!("setoption name Threads value {threads}"));
        engine.send("ucinewgame");
        let unexpected = engine.sync();
        engine.check(unexpected.is_empty(), || {
            format!("resizing to {hash} MB printed {unexpected:?}")
        });
        let idle = resident_mb(&mut engine);
        let peak = analyse(&mut engine, moves);
        report.push(format!(
            "Hash {hash} MB, Threads {threads}: idle {idle} MB, peak {peak} MB"
        ));
        engine.check(peak <= hash + FIXED_BOUND_MB, || {
            format!("peak {peak} MB exceeds Hash {hash} + {FIXED_BOUND_MB} MB; {report:?}")
        });
        // The table is really there (it is filled when made), and a smaller
        // one really replaced a larger: the old memory went back.
        engine.check(idle + 2 >= hash, || {
            format!("idle {idle} MB is below Hash {hash} MB; {report:?}")
        });
    }
    eprintln!("{}", report.join("\n"));
}

//! End-to-end tests of reproducibility, driving the built binary: a
//! single-threaded `go nodes` or `go depth` search after `ucinewgame`
//! prints the same lines (times aside) and the same best move every time,
//! and `bench` (over UCI or on the command line) gives the same node count
//! on every run, its last line being `<nodes> nodes <nps> nps`.

mod common;

use common::{Engine, LINE_TIMEOUT, START_FEN, board};
use std::time::Duration;

/// The search's output with the timing fields (`nps`, `time`) removed.
fn without_timing(line: &str) -> String {
    let mut kept = Vec::new();
    let mut tokens = line.split(' ');
    while let Some(token) = tokens.next() {
        if token == "nps" || token == "time" {
            tokens.next();
        } else {
            kept.push(token);
        }
    }
    kept.join(" ")
}

fn search_lines(engine: &mut Engine, position: &str, go: &str) -> Vec<String> {
    engine.send("ucinewgame");
    engine.send(position);
    engine.send(go);
    let lines = engine.collect_until("bestmove", |l| l.starts_with("bestmove"), LINE_TIMEOUT);
    lines.iter().map(|l| without_timing(l)).collect()
}

#[test]
fn go_nodes_is_reproducible() {
    let mut engine = Engine::spawn();
    let first = search_lines(&mut engine, "position startpos", "go nodes 20000");
    let second = search_lines(&mut engine, "position startpos", "go nodes 20000");
    engine.check(first == second, || {
        format!("two runs differ:\n{first:#?}\n{second:#?}")
    });
    // The final info line's node count and the best move, explicitly.
    let raw = engine.search_output(first.clone());
    engine.check(raw.last_info().and_then(|i| i.nodes).is_some(), || {
        "no node count".into()
    });
    engine.check_search(&board(START_FEN, &[], false), &raw);
    // A second process agrees with the first.
    let mut other = Engine::spawn();
    let third = search_lines(&mut other, "position startpos", "go nodes 20000");
    engine.check(first == third, || {
        format!("another process differs:\n{first:#?}\n{third:#?}")
    });
}

#[test]
fn go_depth_is_reproducible_after_ucinewgame() {
    let mut engine = Engine::spawn();
    let position =
        "position fen r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1";
    let first = search_lines(&mut engine, position, "go depth 7");
    // Something else in between, to leave the tables and histories dirty.
    let _ = search_lines(&mut engine, "position startpos moves e2e4", "go depth 6");
    let second = search_lines(&mut engine, position, "go depth 7");
    engine.check(first == second, || {
        format!("two runs differ:\n{first:#?}\n{second:#?}")
    });
}

/// Parses the last line of a bench: `<nodes> nodes <nps> nps`.
fn bench_nodes(line: &str) -> Option<u64> {
    let digits = |s: &str| !s.is_empty() && s.bytes().all(|b| b.is_ascii_digit());
    match line.split(' ').collect::<Vec<_>>().as_slice() {
        [nodes, "nodes", nps, "nps"] if digits(nodes) && digits(nps) => nodes.parse().ok(),
        _ => None,
    }
}

fn cli_bench(depth: u32) -> (Vec<String>, u64) {
    let mut engine = Engine::spawn_with_args(&["bench", &depth.to_string()]);
    let lines = engine.collect_until(
        "the bench's last line",
        |l| bench_nodes(l).is_some(),
        Duration::from_secs(30),
    );
    let status = engine.wait_exit(Duration::from_secs(5));
    engine.check(status.success(), || format!("bench exited with {status}"));
    let rest = engine.remaining_lines();
    engine.check(rest.is_empty(), || {
        format!("output after the last line: {rest:?}")
    });
    let nodes = lines.last().and_then(|l| bench_nodes(l)).unwrap_or(0);
    (lines, nodes)
}

#[test]
fn command_line_bench_is_reproducible() {
    let (lines, first) = cli_bench(6);
    assert!(first > 0, "no nodes: {lines:?}");
    assert_eq!(lines.len(), 5, "bench printed {lines:#?}");
    let positions = lines[0]
        .strip_prefix("Positions searched: ")
        .and_then(|rest| rest.strip_suffix(" at depth 6"))
        .and_then(|n| n.parse::<u32>().ok());
    assert!(
        positions.is_some_and(|n| n > 0),
        "first line '{}'",
        lines[0]
    );
    assert_eq!(lines[2], format!("Nodes searched  : {first}"), "{lines:#?}");
    let (_, second) = cli_bench(6);
    assert_eq!(first, second, "bench 6 gave {first} then {second} nodes");
    // A deeper bench searches more.
    let (_, deeper) = cli_bench(7);
    assert!(deeper > first, "bench 7: {deeper} nodes, bench 6: {first}");
}

#[test]
fn uci_bench_matches_the_command_line_bench() {
    let mut engine = Engine::spawn();
    engine.send("bench 5");
    let lines = engine.collect_until(
        "the bench's last line",
        |l| bench_nodes(l).is_some(),
        Duration::from_secs(30),
    );
    let uci_nodes = lines.last().and_then(|l| bench_nodes(l)).unwrap_or(0);
    engine.check(lines.len() == 5, || format!("bench printed {lines:?}"));
    let (_, cli_nodes) = cli_bench(5);
    engine.check(uci_nodes == cli_nodes && uci_nodes > 0, || {
        format!("bench 5: {uci_nodes} nodes over UCI, {cli_nodes} on the command line")
    });
    // The engine carries on afterwards, its position untouched.
    engine.send("position startpos moves g1f3");
    engine.send("bench 1");
    engine.expect_line(
        "the bench's last line",
        |l| bench_nodes(l).is_some(),
        LINE_TIMEOUT,
    );
    engine.expect_fen("rnbqkbnr/pppppppp/8/8/8/5N2/PPPPPPPP/RNBQKB1R b KQkq - 1 1");
}

//! End-to-end tests of the UCI session itself, driving the built binary:
//! the `uci` handshake, `isready`, `debug`, `register`, unknown commands,
//! garbage input, `quit`, end of input, perft and bench running beside
//! the input loop, and the command line.

mod common;

use common::{Engine, LINE_TIMEOUT, START_FEN, board};
use std::time::{Duration, Instant};

/// The option lines `uci` must print, in this order (others may be added
/// between them): the engine's own options, then the search's.
const EXPECTED_OPTIONS: [&str; 9] = [
    "option name Hash type spin default 16 min 1 max 65536",
    "option name Threads type spin default 1 min 1 max 256",
    "option name Ponder type check default false",
    "option name UCI_Chess960 type check default false",
    "option name Clear Hash type button",
    "option name UCI_ShowWDL type check default false",
    "option name MultiPV type spin default 1 min 1 max 256",
    "option name Move Overhead type spin default 10 min 0 max 5000",
    "option name MateDistancePruning type check default true",
];

/// Checks one `option` line's form; returns the option's name.
fn check_option_line(line: &str) -> Result<String, String> {
    let rest = line
        .strip_prefix("option name ")
        .ok_or("not an option line")?;
    let (name, kind) = rest.split_once(" type ").ok_or("no type")?;
    if name.trim().is_empty() {
        return Err("empty name".into());
    }
    let tokens: Vec<&str> = kind.split(' ').collect();
    let number = |s: &str| {
        s.parse::<i64>()
            .map_err(|_| format!("'{s}' is not a number"))
    };
    match tokens.as_slice() {
        ["check", "default", "true" | "false"] | ["button"] => {}
        ["spin", "default", d, "min", lo, "max", hi] => {
            let (d, lo, hi) = (number(d)?, number(lo)?, number(hi)?);
            if !(lo <= d && d <= hi) {
                return Err(format!("default {d} outside {lo}..{hi}"));
            }
        }
        ["string", "default", _, ..] => {}
        ["combo", "default", _, ..] if kind.contains(" var ") => {}
        _ => return Err(format!("bad type '{kind}'")),
    }
    Ok(name.to_string())
}

#[test]
fn uci_prints_identity_every_option_and_uciok() {
    let mut engine = Engine::spawn();
    let lines = engine.handshake();
    // The engine crate shares the workspace version with this package.
    let name = format!("id name Matewise {}", env!("CARGO_PKG_VERSION"));
    engine.check(lines.len() > 2 + EXPECTED_OPTIONS.len(), || {
        format!("handshake too short: {lines:#?}")
    });
    engine.check(lines[0] == name, || format!("first line '{}'", lines[0]));
    engine.check(lines[1] == "id author the Matewise developers", || {
        format!("second line '{}'", lines[1])
    });
    let options = &lines[2..lines.len() - 1];
    let mut names = Vec::new();
    for line in options {
        match check_option_line(line) {
            Ok(name) => names.push(name.to_lowercase()),
            Err(error) => engine.fail(&format!("option line '{line}': {error}")),
        }
    }
    let mut unique = names.clone();
    unique.sort();
    unique.dedup();
    engine.check(unique.len() == names.len(), || {
        format!("duplicate options: {names:?}")
    });
    // Every expected option, exactly as declared, in this order.
    let mut at = 0;
    for expected in EXPECTED_OPTIONS {
        match options[at..].iter().position(|l| l == expected) {
            Some(offset) => at += offset + 1,
            None => engine.fail(&format!("missing or out of order: '{expected}'")),
        }
    }
    // A second `uci` gives the same answer; nothing else is printed.
    let again = engine.handshake();
    engine.check(again == lines, || format!("second handshake: {again:?}"));
    engine.expect_silence("after the handshake");
}

#[test]
fn isready_answers_readyok_every_time() {
    let mut engine = Engine::spawn();
    // Before `uci`, after it, and several in a row.
    engine.expect_silence("isready before uci");
    engine.handshake();
    for _ in 0..3 {
        engine.send("isready");
    }
    for _ in 0..3 {
        engine.expect_exact("readyok", LINE_TIMEOUT);
    }
    // Trailing tokens after a complete command are ignored.
    engine.send("isready now");
    engine.expect_exact("readyok", LINE_TIMEOUT);
    engine.expect_silence("after 'isready now'");
}

#[test]
fn debug_on_and_off_print_nothing() {
    let mut engine = Engine::spawn();
    engine.send("debug on");
    engine.expect_silence("debug on");
    // Debug mode does not disturb a search.
    engine.send("position startpos");
    let out = engine.go("go depth 3", LINE_TIMEOUT);
    engine.check_search(&board(START_FEN, &[], false), &out);
    engine.send("debug off");
    engine.expect_silence("debug off");
    engine.expect_reply(
        "debug maybe",
        &["info string debug: expected on or off, found 'maybe'"],
    );
    engine.expect_reply("debug", &["info string debug: missing on or off"]);
}

#[test]
fn register_needs_nothing() {
    let mut engine = Engine::spawn();
    for line in [
        "register later",
        "register name Stefan MK code 4359874324",
        "register code 1234",
    ] {
        engine.expect_reply(line, &["info string registration is not needed"]);
    }
    engine.expect_reply(
        "register",
        &["info string register: missing later, name <name> or code <code>"],
    );
    engine.expect_reply(
        "register soon",
        &["info string register: expected later, name <name> or code <code>, found 'soon'"],
    );
}

#[test]
fn unknown_commands_are_reported_and_skipped() {
    let mut engine = Engine::spawn();
    engine.expect_reply("fly away", &["info string unknown command 'fly'"]);
    engine.expect_reply("UCI", &["info string unknown command 'UCI'"]);
    engine.expect_reply("Isready", &["info string unknown command 'Isready'"]);
    // As UCI asks, unknown tokens before a command word are skipped.
    engine.send("joho isready");
    engine.expect_exact("readyok", LINE_TIMEOUT);
    engine.expect_silence("after 'joho isready'");
}

#[test]
fn stop_and_ponderhit_while_idle_print_nothing() {
    let mut engine = Engine::spawn();
    engine.send("stop");
    engine.send("ponderhit");
    engine.send("stop");
    engine.expect_silence("stop and ponderhit without a search");
}

#[test]
fn garbage_and_empty_lines_do_not_disturb_the_engine() {
    let mut engine = Engine::spawn();
    let long_line = "x".repeat(20_000);
    let long_command = format!("go {}", "depth ".repeat(2_000));
    let garbage: Vec<&str> = vec![
        "",
        "   ",
        "\t\t",
        "?",
        "12345",
        "\u{2654}\u{2655} \u{00e9}t\u{00e9}",
        "\u{0}\u{1}\u{7f}",
        "position startpos moves",
        "go go go depth",
        "setoption name",
        "setoption name value",
        &long_line,
        &long_command,
        "bench x",
    ];
    for line in &garbage {
        engine.send(line);
    }
    // Windows line endings.
    engine.send_raw(b"isready\r\n");
    let lines = engine.collect_until("readyok after CRLF", |l| l == "readyok", LINE_TIMEOUT);
    for line in &lines[..lines.len() - 1] {
        let ok = line.starts_with("info string ") || line.is_empty();
        engine.check(ok, || format!("unexpected reply to garbage: '{line}'"));
    }
    // The engine still plays chess.
    engine.send("ucinewgame");
    engine.send("position startpos moves e2e4");
    let out = engine.go("go depth 4", LINE_TIMEOUT);
    engine.check_search(&board(START_FEN, &["e2e4"], false), &out);
    let alive = engine.is_alive();
    engine.check(alive, || "engine died".into());
}

/// A small deterministic generator, so that a failure can be replayed.
struct Lcg(u64);

impl Lcg {
    fn next(&mut self, below: usize) -> usize {
        self.0 = self
            .0
            .wrapping_mul(6_364_136_223_846_793_005)
            .wrapping_add(1_442_695_040_888_963_407);
        ((self.0 >> 33) % below as u64) as usize
    }
}

#[test]
fn random_garbage_lines_each_get_one_unknown_command_report() {
    let mut engine = Engine::spawn();
    // No lowercase letters: commands are case-sensitive and all lowercase,
    // so no line can hold a command word.
    let alphabet: Vec<char> =
        "ABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789!@#$%^&*()-_=+[]{};:'\",.<>/?\\|`~\u{e9}\u{265e}\u{1f600}"
            .chars()
            .collect();
    let mut rng = Lcg(0x5eed_0f6a_4ba6_e123);
    let mut expected = Vec::new();
    for _ in 0..300 {
        let tokens: Vec<String> = (0..1 + rng.next(6))
            .map(|_| {
                (0..1 + rng.next(12))
                    .map(|_| alphabet[rng.next(alphabet.len())])
                    .collect()
            })
            .collect();
        let separator = [" ", "  ", "\t"][rng.next(3)];
        engine.send(&tokens.join(separator));
        expected.push(format!("info string unknown command '{}'", tokens[0]));
        if rng.next(10) == 0 {
            engine.send("");
        }
    }
    let got = engine.sync();
    engine.check(got == expected, || {
        let first_difference = got.iter().zip(&expected).position(|(g, e)| g != e);
        format!(
            "{} replies for {} lines; first difference at {first_difference:?}",
            got.len(),
            expected.len()
        )
    });
    let out = engine.go("go depth 3", LINE_TIMEOUT);
    engine.check_search(&board(START_FEN, &[], false), &out);
}

#[test]
fn a_line_that_is_not_utf8_is_skipped() {
    let mut engine = Engine::spawn();
    engine.send_raw(b"\xff\xfe garbage \xc3\x28\n");
    engine.send("isready");
    engine.expect_exact("readyok", Duration::from_secs(5));
    let alive = engine.is_alive();
    engine.check(alive, || "engine exited on non-UTF-8 input".into());
}

#[test]
fn quit_exits_with_status_zero_quickly() {
    let mut engine = Engine::spawn();
    engine.handshake();
    let start = Instant::now();
    engine.send("quit");
    let status = engine.wait_exit(Duration::from_secs(2));
    engine.check(status.success(), || format!("exit status {status}"));
    let lines = engine.remaining_lines();
    engine.check(lines.is_empty(), || format!("output after quit: {lines:?}"));
    engine.check(start.elapsed() < Duration::from_secs(2), || {
        format!("quit took {:?}", start.elapsed())
    });
}

#[test]
fn quit_during_a_search_prints_bestmove_and_exits() {
    let mut engine = Engine::spawn();
    engine.send("position startpos");
    engine.send("go infinite");
    engine.expect_line(
        "an info depth line",
        |l| l.starts_with("info depth"),
        LINE_TIMEOUT,
    );
    engine.send("quit");
    let status = engine.wait_exit(Duration::from_secs(2));
    engine.check(status.success(), || format!("exit status {status}"));
    let mut lines = engine.remaining_lines();
    let at = lines.iter().position(|l| l.starts_with("bestmove"));
    engine.check(at.is_some(), || "no bestmove after quit".into());
    lines.truncate(at.unwrap_or(0) + 1);
    let out = engine.search_output(lines);
    engine.check_search(&board(START_FEN, &[], false), &out);
}

/// A start-position perft that takes minutes: long enough that only an
/// interruption can end it within a test's deadlines.
const LONG_PERFT: &str = "go perft 7";

/// How soon `readyok`, `stop` and `quit` must be answered while perft or bench runs.
const PROMPTLY: Duration = Duration::from_secs(2);

#[test]
fn stop_interrupts_perft_and_bench_and_isready_is_answered_meanwhile() {
    let mut engine = Engine::spawn();
    engine.send("position startpos");
    engine.send(LONG_PERFT);
    engine.send("isready");
    engine.expect_exact("readyok", PROMPTLY);
    let sent = Instant::now();
    engine.send("stop");
    engine.expect_exact("info string perft 7 stopped before it finished", PROMPTLY);
    engine.check(sent.elapsed() < PROMPTLY, || {
        format!("perft stopped {:?} after stop", sent.elapsed())
    });
    engine.expect_silence("after a stopped perft");

    engine.send("bench");
    engine.send("isready");
    engine.expect_exact("readyok", PROMPTLY);
    engine.send("stop");
    engine.expect_exact("info string bench 11 stopped before it finished", PROMPTLY);
    engine.expect_silence("after a stopped bench");

    // A new go ends a running perft too, and the engine goes on working.
    engine.send(LONG_PERFT);
    let out = engine.go("go depth 3", LINE_TIMEOUT);
    engine.check_search(&board(START_FEN, &[], false), &out);
    engine.check(
        out.strings == ["perft 7 stopped before it finished"],
        || format!("info strings {:?}", out.strings),
    );
    engine.send("go perft 3");
    engine.expect_exact("Nodes searched: 8902", LINE_TIMEOUT);
}

#[test]
fn quit_ends_a_running_perft_or_bench_at_once() {
    for command in [LONG_PERFT, "bench 30"] {
        let mut engine = Engine::spawn();
        engine.send("position startpos");
        engine.send(command);
        engine.sync();
        let sent = Instant::now();
        engine.send("quit");
        let status = engine.wait_exit(PROMPTLY);
        engine.check(status.success(), || {
            format!("{command}: exit status {status}")
        });
        engine.check(sent.elapsed() < PROMPTLY, || {
            format!("{command}: quit took {:?}", sent.elapsed())
        });
    }
}

#[test]
fn end_of_input_lets_perft_and_bench_finish() {
    // `echo bench | matewise` is how the bench is taken: now that bench
    // runs beside the input loop, end of input must not stop it.
    for (commands, last_line) in [
        (&["bench 3"][..], " nps"),
        (
            &["position startpos", "go perft 4"][..],
            "Nodes searched: 197281",
        ),
    ] {
        let mut engine = Engine::spawn();
        for command in commands {
            engine.send(command);
        }
        engine.close_stdin();
        let status = engine.wait_exit(LINE_TIMEOUT);
        engine.check(status.success(), || format!("exit status {status}"));
        let lines = engine.remaining_lines();
        engine.check(lines.last().is_some_and(|l| l.ends_with(last_line)), || {
            format!("{commands:?} then end of input: {lines:?}")
        });
    }
}

#[test]
fn end_of_input_while_idle_exits_with_status_zero() {
    let mut engine = Engine::spawn();
    engine.handshake();
    engine.sync();
    engine.close_stdin();
    let status = engine.wait_exit(Duration::from_secs(2));
    engine.check(status.success(), || format!("exit status {status}"));
    let lines = engine.remaining_lines();
    engine.check(lines.is_empty(), || {
        format!("output after end of input: {lines:?}")
    });
}

#[test]
fn end_of_input_during_go_infinite_prints_bestmove_and_exits() {
    let mut engine = Engine::spawn();
    engine.send("position startpos moves d2d4");
    engine.send("go infinite");
    engine.expect_line(
        "an info depth line",
        |l| l.starts_with("info depth"),
        LINE_TIMEOUT,
    );
    engine.close_stdin();
    let status = engine.wait_exit(Duration::from_secs(2));
    engine.check(status.success(), || format!("exit status {status}"));
    let lines = engine.remaining_lines();
    let bestmoves: Vec<&String> = lines.iter().filter(|l| l.starts_with("bestmove")).collect();
    engine.check(bestmoves.len() == 1, || {
        format!("expected one bestmove, got {bestmoves:?}")
    });
    let at = lines
        .iter()
        .position(|l| l.starts_with("bestmove"))
        .unwrap_or(0);
    let out = engine.search_output(lines[..=at].to_vec());
    engine.check_search(&board(START_FEN, &["d2d4"], false), &out);
}

#[test]
fn unknown_command_line_argument_exits_with_status_two() {
    let mut engine = Engine::spawn_with_args(&["frobnicate"]);
    let status = engine.wait_exit(Duration::from_secs(5));
    engine.check(status.code() == Some(2), || format!("exit status {status}"));
    let stderr = engine.stderr_after_exit();
    engine.check(stderr.contains("unknown argument 'frobnicate'"), || {
        format!("stderr: {stderr}")
    });
}

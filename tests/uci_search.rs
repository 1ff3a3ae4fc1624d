//! End-to-end tests of `go` and everything around a search, driving the
//! built binary: each limit (depth, nodes, movetime, clocks, mate,
//! infinite, searchmoves, perft), `stop`, `ponder`/`ponderhit`, analysis
//! with `isready` during the search, known mates, mated and stalemated
//! roots, a single legal move under a clock, and the legality of every
//! `pv` and `bestmove` printed.

mod common;

use common::{
    CHECKMATED_FEN, Engine, KRK_FEN, LINE_TIMEOUT, MATE_IN_ONE_FEN, ONE_LEGAL_MOVE_FEN,
    STALEMATE_FEN, START_FEN, Score, SearchOutput, board, check_line, millis,
};
use std::time::{Duration, Instant};

const KIWIPETE: &str = "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1";

#[test]
fn go_depth_reports_every_depth_and_a_legal_bestmove() {
    let mut engine = Engine::spawn();
    engine.send("position startpos moves e2e4 e7e5");
    let root = board(START_FEN, &["e2e4", "e7e5"], false);
    let out = engine.go("go depth 6", LINE_TIMEOUT);
    engine.check_search(&root, &out);
    let depths: Vec<u32> = out.infos.iter().filter_map(|i| i.depth).collect();
    engine.check(depths == [1, 2, 3, 4, 5, 6], || {
        format!("depths {depths:?}")
    });
    for info in &out.infos {
        let complete = info.seldepth.is_some()
            && info.multipv == Some(1)
            && info.score.is_some()
            && info.nodes.is_some()
            && info.nps.is_some()
            && info.hashfull.is_some()
            && info.time.is_some()
            && !info.pv.is_empty();
        engine.check(complete, || format!("incomplete info line '{}'", info.raw));
    }
    let nodes: Vec<u64> = out.infos.iter().filter_map(|i| i.nodes).collect();
    let times: Vec<u64> = out.infos.iter().filter_map(|i| i.time).collect();
    engine.check(nodes.windows(2).all(|w| w[0] <= w[1]), || {
        format!("node counts go down: {nodes:?}")
    });
    engine.check(times.windows(2).all(|w| w[0] <= w[1]), || {
        format!("times go down: {times:?}")
    });
    // The best move and ponder move are the last line's first two moves.
    let last = out.infos.last().cloned().unwrap_or_default();
    engine.check(last.pv.first() == Some(&out.bestmove.best), || {
        format!("bestmove {:?} is not the pv's first move", out.bestmove)
    });
    if last.pv.len() > 1 {
        engine.check(out.bestmove.ponder.as_ref() == last.pv.get(1), || {
            format!("ponder {:?} is not the pv's second move", out.bestmove)
        });
    }
}

#[test]
fn every_pv_and_bestmove_is_legal_across_positions() {
    let mut engine = Engine::spawn();
    engine.send("setoption name MultiPV value 3");
    let positions = [
        KIWIPETE,
        // Endgame with checks and en-passant chances.
        "8/2p5/3p4/KP5r/1R3p1k/8/4P1P1/8 w - - 0 1",
        // Promotions for both sides.
        "n1n5/PPPk4/8/8/8/8/4Kppp/5N1N b - - 0 1",
        // An en-passant capture is possible.
        "rnbqkbnr/ppp1p1pp/8/3pPp2/8/8/PPPP1PPP/RNBQKBNR w KQkq f6 0 3",
        // Castling both ways, pins, checks.
        "r3k2r/Pppp1ppp/1b3nbN/nP6/BBP1P3/q4N2/Pp1P2PP/R2Q1RK1 w kq - 0 1",
        "rnbq1k1r/pp1Pbppp/2p5/8/2B5/8/PPP1NnPP/RNBQK2R w KQ - 1 8",
        // Rook endgame near the fifty-move limit.
        "8/8/3k4/8/2r5/8/3K4/4R3 w - - 97 120",
    ];
    for fen in positions {
        engine.send("ucinewgame");
        engine.send(&format!("position fen {fen}"));
        // A K+R vs K+R root is solved before a search without a clock: in
        // a process with no cached table that takes seconds (more under load).
        let men = fen.split(' ').next().unwrap().chars();
        let tabled = men.filter(char::is_ascii_alphabetic).count() <= 4;
        let timeout = Duration::from_secs(if tabled { 300 } else { 20 });
        let out = engine.go("go depth 7", timeout);
        engine.check_search(&board(fen, &[], false), &out);
        engine.check(!out.infos.is_empty(), || format!("{fen}: no info lines"));
    }
    // After moves, including a capture, promotion and castling.
    engine.send(&format!(
        "position fen {KIWIPETE} moves e1g1 h3g2 a2a3 g2f1q"
    ));
    let root = board(KIWIPETE, &["e1g1", "h3g2", "a2a3", "g2f1q"], false);
    let out = engine.go("go depth 6", LINE_TIMEOUT);
    engine.check_search(&root, &out);
}

#[test]
fn go_nodes_stops_at_the_node_limit() {
    let mut engine = Engine::spawn();
    engine.send("position startpos");
    let out = engine.go("go nodes 5000", LINE_TIMEOUT);
    engine.check_search(&board(START_FEN, &[], false), &out);
    for info in &out.infos {
        let nodes = info.nodes.unwrap_or(u64::MAX);
        engine.check(nodes <= 5000, || {
            format!("over the node limit: '{}'", info.raw)
        });
    }
    // More nodes, deeper search.
    let small = out.last_info().and_then(|i| i.depth).unwrap_or(0);
    let out = engine.go("go nodes 200000", LINE_TIMEOUT);
    let large = out.last_info().and_then(|i| i.depth).unwrap_or(0);
    engine.check(large > small, || {
        format!("depth {small} with 5000 nodes, {large} with 200000")
    });
}

#[test]
fn go_movetime_uses_about_the_move_time() {
    let mut engine = Engine::spawn();
    engine.send("position startpos");
    engine.sync();
    let start = Instant::now();
    let out = engine.go("go movetime 400", LINE_TIMEOUT);
    let elapsed = start.elapsed();
    engine.check_search(&board(START_FEN, &[], false), &out);
    engine.check(
        elapsed >= Duration::from_millis(300) && elapsed < Duration::from_millis(1500),
        || format!("movetime 400 took {elapsed:?}"),
    );
}

#[test]
fn go_clock_uses_the_side_to_moves_time() {
    let mut engine = Engine::spawn();
    // White to move, a small clock with increment and moves to go.
    engine.send("position startpos");
    engine.sync();
    let start = Instant::now();
    let out = engine.go(
        "go wtime 3000 btime 3000 winc 100 binc 100 movestogo 20",
        Duration::from_secs(5),
    );
    engine.check_search(&board(START_FEN, &[], false), &out);
    engine.check(start.elapsed() < Duration::from_millis(1500), || {
        format!("3 s on the clock, used {} ms", millis(start))
    });
    // Black to move with little time: White's ten minutes must not be used.
    engine.send("position startpos moves e2e4");
    engine.sync();
    let start = Instant::now();
    let out = engine.go(
        "go wtime 600000 btime 1500 winc 0 binc 0",
        Duration::from_secs(5),
    );
    engine.check_search(&board(START_FEN, &["e2e4"], false), &out);
    engine.check(start.elapsed() < Duration::from_millis(1000), || {
        format!("black has 1.5 s, used {} ms", millis(start))
    });
    // White to move with little time, Black with plenty.
    engine.send("position startpos moves e2e4 e7e5");
    engine.sync();
    let start = Instant::now();
    let out = engine.go("go wtime 1500 btime 600000", Duration::from_secs(5));
    engine.check_search(&board(START_FEN, &["e2e4", "e7e5"], false), &out);
    engine.check(start.elapsed() < Duration::from_millis(1000), || {
        format!("white has 1.5 s, used {} ms", millis(start))
    });
    // Flagged (negative time, as some GUIs send): still a legal move, at once.
    engine.send("position startpos");
    engine.sync();
    let start = Instant::now();
    let out = engine.go("go wtime -100 btime -100", Duration::from_secs(5));
    engine.check_search(&board(START_FEN, &[], false), &out);
    engine.check(start.elapsed() < Duration::from_millis(1000), || {
        format!("negative time, used {} ms", millis(start))
    });
}

#[test]
fn a_single_legal_move_is_played_at_once_under_a_clock() {
    let mut engine = Engine::spawn();
    engine.send(&format!("position fen {ONE_LEGAL_MOVE_FEN}"));
    engine.sync();
    let start = Instant::now();
    let out = engine.go(
        "go wtime 60000 btime 60000 winc 1000 binc 1000",
        Duration::from_secs(5),
    );
    let elapsed = start.elapsed();
    engine.check_search(&board(ONE_LEGAL_MOVE_FEN, &[], false), &out);
    engine.check(out.bestmove.best == "a1b2", || {
        format!("{:?}", out.bestmove)
    });
    engine.check(elapsed < Duration::from_secs(1), || {
        format!("one legal move took {elapsed:?}")
    });
}

/// Analysis: infinite search, `isready` answered during it, no `bestmove`
/// before `stop`, and one promptly after it.
#[test]
fn go_infinite_analysis_with_isready_and_stop() {
    let mut engine = Engine::spawn();
    engine.send(&format!("position fen {KIWIPETE}"));
    engine.send("go infinite");
    let mut lines = engine.collect_until(
        "an info depth line with score and pv",
        |l| l.starts_with("info depth") && l.contains(" score ") && l.contains(" pv "),
        LINE_TIMEOUT,
    );
    let sent = Instant::now();
    engine.send("isready");
    lines.extend(engine.collect_until("readyok", |l| l == "readyok", LINE_TIMEOUT));
    let ready = sent.elapsed();
    lines.pop();
    engine.check(ready < Duration::from_millis(500), || {
        format!("readyok took {ready:?} during the search")
    });
    // Let it think; an infinite search must not end by itself.
    lines.extend(engine.lines_within(Duration::from_millis(400)));
    engine.check(!lines.iter().any(|l| l.starts_with("bestmove")), || {
        "bestmove before stop".into()
    });
    let sent = Instant::now();
    engine.send("stop");
    lines.extend(engine.collect_until("bestmove", |l| l.starts_with("bestmove"), LINE_TIMEOUT));
    let elapsed = sent.elapsed();
    engine.check(elapsed < Duration::from_millis(500), || {
        format!("bestmove {elapsed:?} after stop")
    });
    let out = engine.search_output(lines);
    engine.check_search(&board(KIWIPETE, &[], false), &out);
    engine.check(
        out.infos
            .iter()
            .any(|i| i.score.is_some() && !i.pv.is_empty()),
        || "no info with score and pv".into(),
    );
    engine.expect_silence("after the bestmove");
}

/// An infinite search that has nothing left to search still waits for `stop`.
#[test]
fn go_infinite_waits_for_stop_even_when_the_search_is_done() {
    let mut engine = Engine::spawn();
    for (fen, best) in [(MATE_IN_ONE_FEN, "a1a8"), (CHECKMATED_FEN, "0000")] {
        engine.send(&format!("position fen {fen}"));
        engine.send("go infinite");
        let early = engine.lines_within(Duration::from_millis(400));
        engine.check(!early.iter().any(|l| l.starts_with("bestmove")), || {
            format!("{fen}: bestmove before stop")
        });
        let sent = Instant::now();
        engine.send("stop");
        let mut lines = early;
        lines.extend(engine.collect_until("bestmove", |l| l.starts_with("bestmove"), LINE_TIMEOUT));
        engine.check(sent.elapsed() < Duration::from_millis(500), || {
            format!("bestmove {:?} after stop", sent.elapsed())
        });
        let out = engine.search_output(lines);
        engine.check_search(&board(fen, &[], false), &out);
        engine.check(out.bestmove.best == best, || {
            format!("{fen}: {:?}", out.bestmove)
        });
    }
}

#[test]
fn ponderhit_turns_a_ponder_search_into_a_timed_one() {
    let mut engine = Engine::spawn();
    // We played e2e4 and expect e7e5; ponder on the position after it.
    engine.send("position startpos moves e2e4 e7e5");
    let root = board(START_FEN, &["e2e4", "e7e5"], false);
    engine.send("go ponder wtime 2000 btime 2000 winc 0 binc 0");
    // Pondering ignores the clock: no bestmove, however long it takes.
    let mut lines = engine.lines_within(Duration::from_millis(700));
    engine.check(!lines.iter().any(|l| l.starts_with("bestmove")), || {
        "bestmove while pondering".into()
    });
    engine.check(lines.iter().any(|l| l.starts_with("info depth")), || {
        "no search output while pondering".into()
    });
    // The opponent played the expected move: now the clock runs.
    let sent = Instant::now();
    engine.send("ponderhit");
    lines.extend(engine.collect_until(
        "bestmove",
        |l| l.starts_with("bestmove"),
        Duration::from_secs(5),
    ));
    let elapsed = sent.elapsed();
    engine.check(elapsed < Duration::from_millis(1000), || {
        format!("bestmove {elapsed:?} after ponderhit with 2 s on the clock")
    });
    let out = engine.search_output(lines);
    engine.check_search(&root, &out);
}

#[test]
fn stop_ends_a_ponder_search() {
    let mut engine = Engine::spawn();
    engine.send("position startpos moves d2d4 d7d5");
    engine.send("go ponder wtime 60000 btime 60000");
    let mut lines = engine.collect_until(
        "an info depth line",
        |l| l.starts_with("info depth"),
        LINE_TIMEOUT,
    );
    lines.extend(engine.lines_within(Duration::from_millis(200)));
    let sent = Instant::now();
    engine.send("stop");
    lines.extend(engine.collect_until("bestmove", |l| l.starts_with("bestmove"), LINE_TIMEOUT));
    engine.check(sent.elapsed() < Duration::from_millis(500), || {
        format!("bestmove {:?} after stop", sent.elapsed())
    });
    let out = engine.search_output(lines);
    engine.check_search(&board(START_FEN, &["d2d4", "d7d5"], false), &out);
}

#[test]
fn mate_in_one_is_found_at_every_depth() {
    let mut engine = Engine::spawn();
    engine.send(&format!("position fen {MATE_IN_ONE_FEN}"));
    let out = engine.go("go depth 6", LINE_TIMEOUT);
    engine.check_search(&board(MATE_IN_ONE_FEN, &[], false), &out);
    engine.check(out.bestmove.best == "a1a8", || {
        format!("{:?}", out.bestmove)
    });
    engine.check(out.infos.len() == 6, || {
        format!("{} info lines", out.infos.len())
    });
    for info in &out.infos {
        engine.check(
            info.score == Some(Score::Mate(1)) && info.pv == ["a1a8"],
            || format!("not mate 1 by a1a8: '{}'", info.raw),
        );
    }
    // `go mate 1` stops by itself once the mate is proven.
    let out = engine.go("go mate 1", LINE_TIMEOUT);
    engine.check(out.bestmove.best == "a1a8", || {
        format!("{:?}", out.bestmove)
    });
}

#[test]
fn king_and_rook_mate_in_eight() {
    let mut engine = Engine::spawn();
    engine.send(&format!("position fen {KRK_FEN}"));
    let root = board(KRK_FEN, &[], false);
    let out = engine.go("go depth 20", Duration::from_secs(30));
    engine.check_search(&root, &out);
    engine.check(
        out.infos.iter().any(|i| i.score == Some(Score::Mate(8))),
        || "no 'score mate 8'".into(),
    );
    // A longer mate may be found on the way; a shorter one would be a false claim.
    for info in &out.infos {
        let ok = match info.score {
            Some(Score::Mate(n)) => n >= 8,
            Some(Score::Cp(cp)) => cp > 0,
            None => false,
        };
        engine.check(ok, || format!("wrong score in '{}'", info.raw));
    }
    // The final line is the mate itself: 15 plies ending in checkmate.
    // The final line is the mate: at most 15 plies, and when complete it
    // ends in checkmate.
    let last = out.infos.last().cloned().unwrap_or_default();
    engine.check(
        last.score == Some(Score::Mate(8)) && last.pv.len() <= 15,
        || format!("final line '{}'", last.raw),
    );
    let end = check_line(&root, &last.pv).unwrap_or_else(|e| panic!("{e}"));
    engine.check(last.pv.len() < 15 || end.is_checkmate(), || {
        format!("the 15-ply pv does not end in mate: {}", end.to_fen())
    });
    // `go mate 8` finds it and stops by itself.
    engine.send("ucinewgame");
    engine.send(&format!("position fen {KRK_FEN}"));
    let out = engine.go("go mate 8", Duration::from_secs(30));
    engine.check_search(&root, &out);
    let score = out.last_info().and_then(|i| i.score);
    engine.check(matches!(score, Some(Score::Mate(1..=8))), || {
        format!("go mate 8 ended on {score:?}")
    });
    // From the losing side, the score is against the side to move. The
    // selective search can see a longer mate than the shortest (it reports
    // the mate it proved), so the distance is only bounded, not exact.
    let black = "8/7K/8/8/8/8/R7/7k b - - 0 1";
    engine.send("ucinewgame");
    engine.send(&format!("position fen {black}"));
    let out = engine.go("go depth 20", Duration::from_secs(30));
    engine.check_search(&board(black, &[], false), &out);
    for info in &out.infos {
        let ok = match info.score {
            Some(Score::Mate(n)) => (-16..=-1).contains(&n),
            Some(Score::Cp(cp)) => cp < -300,
            None => false,
        };
        engine.check(ok, || format!("the losing side's score in '{}'", info.raw));
    }
}

#[test]
fn mated_and_stalemated_roots_answer_bestmove_0000() {
    let mut engine = Engine::spawn();
    for (fen, score) in [
        (CHECKMATED_FEN, Score::Mate(0)),
        (STALEMATE_FEN, Score::Cp(0)),
    ] {
        engine.send(&format!("position fen {fen}"));
        for go in [
            "go depth 5",
            "go wtime 10000 btime 10000",
            "go movetime 200",
            "go nodes 1000",
        ] {
            let start = Instant::now();
            let out = engine.go(go, LINE_TIMEOUT);
            engine.check_search(&board(fen, &[], false), &out);
            engine.check(
                out.bestmove.best == "0000" && out.bestmove.ponder.is_none(),
                || format!("{fen} / {go}: {:?}", out.bestmove),
            );
            // Issue 42, item 10: the result comes first, as GUIs expect.
            let reported = out.infos.len() == 1
                && out.infos[0].raw == format!("info depth 0 score {}", uci_score(score));
            engine.check(reported, || format!("{fen} / {go}: infos {:?}", out.infos));
            engine.check(start.elapsed() < Duration::from_millis(500), || {
                format!(
                    "{fen} / {go}: took {:?} with no legal move",
                    start.elapsed()
                )
            });
        }
    }
}

fn uci_score(score: Score) -> String {
    match score {
        Score::Cp(cp) => format!("cp {cp}"),
        Score::Mate(moves) => format!("mate {moves}"),
    }
}

#[test]
fn searchmoves_restricts_the_root_moves() {
    let mut engine = Engine::spawn();
    engine.send("position startpos");
    let root = board(START_FEN, &[], false);
    let out = engine.go("go depth 5 searchmoves a2a3 h2h3", LINE_TIMEOUT);
    engine.check_search(&root, &out);
    for info in &out.infos {
        let first = info.pv.first().map(String::as_str);
        engine.check(matches!(first, Some("a2a3" | "h2h3")), || {
            format!("pv outside searchmoves: '{}'", info.raw)
        });
    }
    engine.check(
        ["a2a3", "h2h3"].contains(&out.bestmove.best.as_str()),
        || format!("{:?}", out.bestmove),
    );
    // searchmoves may come before other parameters and be a single move.
    let out = engine.go("go searchmoves g2g4 depth 4", LINE_TIMEOUT);
    engine.check(out.bestmove.best == "g2g4", || {
        format!("{:?}", out.bestmove)
    });
    // An illegal search move is reported and ignored.
    let out = engine.go("go depth 3 searchmoves e2e5 b1c3", LINE_TIMEOUT);
    engine.check(
        out.strings == ["searchmoves e2e5: e2e5 is not legal in this position; ignored"],
        || format!("info strings {:?}", out.strings),
    );
    engine.check(out.bestmove.best == "b1c3", || {
        format!("{:?}", out.bestmove)
    });
}

fn perft(engine: &mut Engine, depth: u32) -> (Vec<(String, u64)>, u64) {
    engine.send(&format!("go perft {depth}"));
    let lines = engine.collect_until(
        "Nodes searched",
        |l| l.starts_with("Nodes searched: "),
        Duration::from_secs(20),
    );
    let total: u64 = lines
        .last()
        .and_then(|l| l.strip_prefix("Nodes searched: "))
        .and_then(|n| n.parse().ok())
        .unwrap_or_else(|| engine.fail("bad perft total"));
    let mut divide = Vec::new();
    for line in &lines[..lines.len() - 1] {
        if line.is_empty() {
            continue;
        }
        let parsed = line
            .split_once(": ")
            .and_then(|(mv, n)| Some((mv.to_string(), n.parse::<u64>().ok()?)));
        match parsed {
            Some(entry) => divide.push(entry),
            None => engine.fail(&format!("bad perft line '{line}'")),
        }
    }
    (divide, total)
}

#[test]
fn go_perft_divides_and_counts() {
    let mut engine = Engine::spawn();
    engine.send("position startpos");
    let (divide, total) = perft(&mut engine, 3);
    engine.check(total == 8902, || format!("perft 3 = {total}"));
    engine.check(divide.len() == 20, || {
        format!("{} root moves", divide.len())
    });
    engine.check(divide.iter().map(|(_, n)| n).sum::<u64>() == total, || {
        "divide does not add up".into()
    });
    let root = board(START_FEN, &[], false);
    for (mv, _) in &divide {
        let legal = common::play(&root, mv);
        engine.check(legal.is_ok(), || format!("perft move {mv}: {legal:?}"));
    }
    engine.send(&format!("position fen {KIWIPETE}"));
    let (divide, total) = perft(&mut engine, 2);
    engine.check(total == 2039 && divide.len() == 48, || {
        format!("kiwipete perft 2 = {total} over {} moves", divide.len())
    });
    let (divide, total) = perft(&mut engine, 0);
    engine.check(total == 1 && divide.is_empty(), || {
        format!("perft 0 = {total}")
    });
    // Perft prints no bestmove.
    engine.expect_silence("after perft");
}

#[test]
fn bad_go_parameters_are_reported_and_start_nothing() {
    let mut engine = Engine::spawn();
    for (line, message) in [
        (
            "go depth x",
            "go depth: 'x' is not a whole number of plies (0 or more)",
        ),
        (
            "go depth -1",
            "go depth: '-1' is not a whole number of plies (0 or more)",
        ),
        (
            "go nodes -5",
            "go nodes: '-5' is not a whole number of nodes (0 or more)",
        ),
        (
            "go movetime",
            "go movetime: missing value, expected a whole number of milliseconds",
        ),
        (
            "go wtime infinite",
            "go wtime: missing value, expected a whole number of milliseconds",
        ),
        (
            "go mate soon",
            "go mate: 'soon' is not a whole number of moves (0 or more)",
        ),
        (
            "go perft",
            "go perft: missing value, expected a whole number of plies (0 or more)",
        ),
        (
            "go searchmoves e2e9",
            "go: 'e2e9' (index 0 in the move list) is not a UCI move like e2e4, e7e8q or 0000",
        ),
    ] {
        engine.expect_reply(line, &[&format!("info string {message}")]);
    }
    // Unknown tokens inside go are skipped.
    let out = engine.go("go fast depth 2 please", LINE_TIMEOUT);
    engine.check_search(&board(START_FEN, &[], false), &out);
    let depth = out.last_info().and_then(|i| i.depth);
    engine.check(depth == Some(2), || format!("depth {depth:?}"));
}

#[test]
fn a_new_go_ends_the_running_search_first() {
    let mut engine = Engine::spawn();
    engine.send("position startpos");
    engine.send("go infinite");
    engine.expect_line(
        "an info depth line",
        |l| l.starts_with("info depth"),
        LINE_TIMEOUT,
    );
    engine.send("go depth 3");
    let root = board(START_FEN, &[], false);
    let first = engine.collect_search(LINE_TIMEOUT);
    engine.check_search(&root, &first);
    let second: SearchOutput = engine.collect_search(LINE_TIMEOUT);
    engine.check_search(&root, &second);
    let depth = second.last_info().and_then(|i| i.depth);
    engine.check(depth == Some(3), || {
        format!("second search ended at depth {depth:?}")
    });
    engine.expect_silence("after two searches");
}

#[test]
fn an_immediate_stop_still_gives_a_legal_move() {
    let mut engine = Engine::spawn();
    for fen in [START_FEN, KIWIPETE, ONE_LEGAL_MOVE_FEN] {
        engine.send(&format!("position fen {fen}"));
        let root = board(fen, &[], false);
        for go in [
            "go infinite",
            "go depth 30",
            "go nodes 1",
            "go movetime 1",
            "go wtime 1 btime 1",
        ] {
            engine.send(go);
            let out = engine.go("stop", LINE_TIMEOUT);
            engine.check_search(&root, &out);
            engine.check(out.bestmove.best != "0000", || {
                format!("{fen} / {go}: bestmove 0000")
            });
        }
    }
    engine.expect_silence("after the searches");
}

#[test]
fn a_finished_ponder_search_waits_for_ponderhit() {
    let mut engine = Engine::spawn();
    engine.send(&format!("position fen {MATE_IN_ONE_FEN}"));
    engine.send("go ponder wtime 1000 btime 1000");
    let mut lines = engine.lines_within(Duration::from_millis(400));
    engine.check(!lines.iter().any(|l| l.starts_with("bestmove")), || {
        "bestmove while pondering".into()
    });
    let sent = Instant::now();
    engine.send("ponderhit");
    lines.extend(engine.collect_until("bestmove", |l| l.starts_with("bestmove"), LINE_TIMEOUT));
    engine.check(sent.elapsed() < Duration::from_millis(500), || {
        format!("bestmove {:?} after ponderhit", sent.elapsed())
    });
    let out = engine.search_output(lines);
    engine.check_search(&board(MATE_IN_ONE_FEN, &[], false), &out);
    engine.check(out.bestmove.best == "a1a8", || {
        format!("{:?}", out.bestmove)
    });
}

/// With MultiPV, line 1 is the best and the lines come best first.
#[test]
fn multipv_lines_come_best_first() {
    let mut engine = Engine::spawn();
    engine.send("setoption name MultiPV value 256");
    engine.send("position startpos");
    let out = engine.go("go depth 7", LINE_TIMEOUT);
    engine.check_search(&board(START_FEN, &[], false), &out);
    let cp = |info: &common::Info| match info.score {
        Some(Score::Cp(cp)) => cp,
        other => panic!("unexpected score {other:?}"),
    };
    let last: Vec<_> = out.infos.iter().filter(|i| i.depth == Some(7)).collect();
    engine.check(last.len() == 20, || {
        format!("{} lines at depth 7", last.len())
    });
    for pair in last.windows(2) {
        engine.check(cp(pair[0]) >= cp(pair[1]), || {
            format!(
                "line '{}' scores below the next, '{}'",
                pair[0].raw, pair[1].raw
            )
        });
    }
}

#[test]
fn a_node_limit_inside_the_first_iteration_reports_no_false_mate() {
    // Issue 42: after the first root move (Ka4, met by a2a1q mate) the
    // node limit struck in quiescence, and that move's `mate -1` was printed
    // as the position's score and played. White mates in 7 here.
    let fen = "2BB4/1PPPPPPP/5Nk1/K1bqnnpb/8/8/p4p2/1r6 w - - 0 1";
    let mut engine = Engine::spawn();
    engine.send(&format!("position fen {fen}"));
    let out = engine.go("go nodes 10000", LINE_TIMEOUT);
    engine.check_search(&board(fen, &[], false), &out);
    for info in &out.infos {
        engine.check(
            !matches!(info.score, Some(Score::Mate(m)) if m <= 0),
            || format!("a mated score from a position that mates: '{}'", info.raw),
        );
    }
    engine.check(out.bestmove.best != "a5a4", || {
        "played a5a4, walking into mate in one".to_string()
    });
}

#[test]
fn go_nodes_counts_the_nodes_of_every_thread() {
    // Issue 42: only the main thread's nodes were counted, so two threads
    // searched about twice what was asked.
    let mut engine = Engine::spawn();
    engine.send("setoption name Threads value 2");
    engine.send("position startpos");
    let out = engine.go("go nodes 400000", LINE_TIMEOUT);
    engine.check_search(&board(START_FEN, &[], false), &out);
    let nodes = out.infos.iter().filter_map(|i| i.nodes).max().unwrap_or(0);
    // The helper publishes its count every 256 nodes, so the limit may be
    // passed by a few hundred; twice the limit was the old behaviour.
    engine.check(nodes <= 400_000 + 1_024, || {
        format!("{nodes} nodes searched with a limit of 400000 on two threads")
    });
}

/// K+B+N vs K.
/// K+Q against K+R: a table of many seconds, after K+Q and K+R against K.
const KQKR_FEN: &str = "8/8/8/3r4/8/2k5/8/KQ6 w - - 0 1";
const KBNK_FEN: &str = "8/8/8/8/8/2k5/8/KBN5 w - - 0 1";

/// An engine set up on `fen` whose endgame cache is an empty directory of
/// this test's own (not the user's), and that directory.
fn engine_with_fresh_tables(name: &str, fen: &str) -> (Engine, std::path::PathBuf) {
    let dir = std::env::temp_dir().join(format!("matewise-{name}-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    let mut engine = Engine::spawn();
    engine.send(&format!(
        "setoption name EndgameCache value {}",
        dir.display()
    ));
    engine.send(&format!("position fen {fen}"));
    (engine, dir)
}

#[test]
fn a_fresh_process_solves_a_tabled_root_before_a_node_limited_search() {
    // No table yet: the search has no clock, so the K+R vs K table is
    // built before it starts, and 20,000 nodes announce the 8-move mate
    // with its whole line.
    let (mut engine, dir) = engine_with_fresh_tables("krk-nodes", KRK_FEN);
    let root = board(KRK_FEN, &[], false);
    let out = engine.go("go nodes 20000", Duration::from_secs(600));
    engine.check_search(&root, &out);
    let last = out.last_info().cloned().unwrap_or_default();
    engine.check(
        last.score == Some(Score::Mate(8)) && last.pv.len() == 15,
        || format!("final line '{}'", last.raw),
    );
    let end = check_line(&root, &last.pv).unwrap_or_else(|e| panic!("{e}"));
    engine.check(end.is_checkmate(), || {
        format!("the line does not end in mate: {}", end.to_fen())
    });
    let krk = endgame_tables::cache::file(&dir, endgame_tables::dtm::Ending::Krk);
    engine.check(krk.exists(), || "no KRK table saved".into());
    drop(engine);
    let _ = std::fs::remove_dir_all(&dir);
}

/// How long `stop` and `quit` may take here: far less than a table build.
const QUIT_BOUND: Duration = Duration::from_secs(5);

/// Sends `quit` and checks that the process ends successfully, at once.
fn quit_at_once(engine: &mut Engine) {
    let quit = Instant::now();
    engine.send("quit");
    let status = engine.wait_exit(Duration::from_secs(60));
    let ended = quit.elapsed();
    engine.check(status.success(), || format!("exit status {status}"));
    // Within a second on a quiet machine (docs/results.md); the bound here
    // allows for a loaded test machine and is still far below the build.
    engine.check(ended < QUIT_BOUND, || {
        format!("the process lived {ended:?} after quit")
    });
}

/// Every table file in `dir` loads whole: no build left one half written.
fn assert_no_partial_table(engine: &mut Engine, dir: &std::path::Path) {
    let files: Vec<_> = std::fs::read_dir(dir)
        .map(|entries| entries.flatten().map(|e| e.path()).collect())
        .unwrap_or_default();
    for file in files {
        let name = file.file_name().unwrap().to_string_lossy().into_owned();
        let ending = endgame_tables::dtm::Ending::ALL
            .into_iter()
            .filter(|e| name.starts_with(e.name()))
            .max_by_key(|e| e.name().len());
        let whole = ending.is_some_and(|e| endgame_tables::cache::load(e, &file).is_ok());
        engine.check(whole, || format!("a file not whole: {name}"));
    }
}

#[test]
fn stop_while_a_root_table_builds_is_answered_at_once_and_quit_too() {
    // `go infinite` on a fresh tabled root waits for its table; `stop`
    // ends the wait and the search at once, while the build goes on, and
    // `quit` then ends the process at once, leaving no table half written.
    // K+B+N against K: one table (its captures end in dead draws) of
    // seconds to build, long enough to stop the search midway.
    let (mut engine, dir) = engine_with_fresh_tables("kbnk-stop", KBNK_FEN);
    engine.send("go infinite");
    std::thread::sleep(Duration::from_millis(200));
    let stopped = Instant::now();
    engine.send("stop");
    let out = engine.collect_search(Duration::from_secs(600));
    let answered = stopped.elapsed();
    engine.check_search(&board(KBNK_FEN, &[], false), &out);
    engine.check(answered < QUIT_BOUND, || {
        format!("bestmove {answered:?} after stop")
    });
    quit_at_once(&mut engine);
    assert_no_partial_table(&mut engine, &dir);
    drop(engine);
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn quit_while_a_root_table_builds_ends_the_process_at_once() {
    // `go infinite` on a fresh tabled root builds the table first; `quit`
    // meanwhile stops the search, which prints its move, and ends the
    // process within a second, whatever is building.
    let (mut engine, dir) = engine_with_fresh_tables("kqkr-quit", KQKR_FEN);
    engine.send("go infinite");
    std::thread::sleep(Duration::from_millis(300));
    quit_at_once(&mut engine);
    let mut lines = engine.remaining_lines();
    let at = lines.iter().position(|l| l.starts_with("bestmove"));
    engine.check(at.is_some(), || "no bestmove after quit".into());
    lines.truncate(at.unwrap_or(0) + 1);
    let out = engine.search_output(lines);
    engine.check_search(&board(KQKR_FEN, &[], false), &out);
    assert_no_partial_table(&mut engine, &dir);
    drop(engine);
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn go_infinite_on_a_fresh_tabled_root_reports_while_its_table_builds() {
    // Analysis shows its lines from the start: the K+Q vs K+R table (many
    // seconds, after K+Q and K+R vs K) builds beside the search, which
    // says so once and keeps reporting.
    let (mut engine, dir) = engine_with_fresh_tables("kqkr-infinite", KQKR_FEN);
    engine.send("go infinite");
    let note = engine.expect_line(
        "the build's info string",
        |l| l.starts_with("info string building the endgame tables"),
        LINE_TIMEOUT,
    );
    engine.check(note.contains("kqkr beside the search"), || note.clone());
    let deep = engine.expect_line(
        "a depth 6 line",
        |l| {
            l.starts_with("info depth ")
                && l.split_whitespace()
                    .nth(2)
                    .and_then(|d| d.parse::<u32>().ok())
                    >= Some(6)
        },
        QUIT_BOUND,
    );
    engine.check(deep.contains(" pv "), || deep.clone());
    engine.send("stop");
    let out = engine.collect_search(QUIT_BOUND);
    engine.check_search(&board(KQKR_FEN, &[], false), &out);
    drop(engine);
    let _ = std::fs::remove_dir_all(&dir);
}

//! End-to-end tests of `setoption`, driving the built binary: every option
//! with good values (silent) and bad ones (`info string`, nothing changes),
//! and the options' effects on a search: MultiPV, UCI_ShowWDL, Hash,
//! Threads, Clear Hash, Move Overhead, MateDistancePruning and
//! UCI_LimitStrength.

mod common;

use common::{
    Engine, LINE_TIMEOUT, MATE_IN_ONE_FEN, ONE_LEGAL_MOVE_FEN, START_FEN, Score, board, millis,
};
use search::strength::MAX_ELO;
use std::collections::HashSet;
use std::time::{Duration, Instant};

#[test]
fn every_option_takes_good_values_silently() {
    let mut engine = Engine::spawn();
    engine.handshake();
    for line in [
        "setoption name Hash value 1",
        "setoption name Hash value 64",
        "setoption name Hash value 16",
        "setoption name Threads value 2",
        "setoption name Threads value 1",
        "setoption name MultiPV value 256",
        "setoption name MultiPV value 1",
        "setoption name Ponder value true",
        "setoption name Ponder value false",
        "setoption name UCI_Chess960 value true",
        "setoption name UCI_Chess960 value false",
        "setoption name Move Overhead value 0",
        "setoption name Move Overhead value 5000",
        "setoption name Move Overhead value 10",
        "setoption name Clear Hash",
        "setoption name UCI_ShowWDL value true",
        "setoption name UCI_ShowWDL value false",
        "setoption name MateDistancePruning value false",
        "setoption name MateDistancePruning value true",
        "setoption name EndgameMemory value 512",
        "setoption name EndgameMemory value 1024",
        "setoption name UCI_LimitStrength value true",
        &format!("setoption name UCI_Elo value {MAX_ELO}"),
        "setoption name UCI_Elo value 1320",
        "setoption name StrengthNodes value 20000",
        "setoption name StrengthTemperature value 7809",
        "setoption name StrengthNodes value 0",
        "setoption name StrengthTemperature value 0",
        "setoption name UCI_LimitStrength value false",
        // Names match case-insensitively, values `true`/`false` too.
        "setoption name hash value 8",
        "setoption name THREADS value 1",
        "setoption name move overhead value 20",
        "setoption name uci_showwdl value FALSE",
        "setoption name clear hash",
    ] {
        engine.send(line);
        engine.expect_silence(line);
    }
    engine.send("position startpos");
    let out = engine.go("go depth 4", LINE_TIMEOUT);
    engine.check_search(&board(START_FEN, &[], false), &out);
}

#[test]
fn bad_option_values_are_reported_and_change_nothing() {
    let mut engine = Engine::spawn();
    let cases: [(&str, &str); 24] = [
        (
            "setoption name Hash value 0",
            "option Hash: 0 is outside 1..65536",
        ),
        (
            "setoption name Hash value 65537",
            "option Hash: 65537 is outside 1..65536",
        ),
        (
            "setoption name Hash value lots",
            "option Hash: 'lots' is not a whole number",
        ),
        ("setoption name Hash", "option Hash needs a value"),
        (
            "setoption name Threads value 0",
            "option Threads: 0 is outside 1..256",
        ),
        (
            "setoption name Threads value 257",
            "option Threads: 257 is outside 1..256",
        ),
        (
            "setoption name MultiPV value 0",
            "option MultiPV: 0 is outside 1..256",
        ),
        (
            "setoption name MultiPV value 2.5",
            "option MultiPV: '2.5' is not a whole number",
        ),
        (
            "setoption name Ponder value maybe",
            "option Ponder: 'maybe' is not true or false",
        ),
        (
            "setoption name UCI_Chess960",
            "option UCI_Chess960 needs a value true or false",
        ),
        (
            "setoption name Move Overhead value -1",
            "option Move Overhead: -1 is outside 0..5000",
        ),
        (
            "setoption name Move Overhead value 5001",
            "option Move Overhead: 5001 is outside 0..5000",
        ),
        (
            "setoption name UCI_ShowWDL value 1",
            "option UCI_ShowWDL: '1' is not true or false",
        ),
        (
            "setoption name MateDistancePruning value yes",
            "option MateDistancePruning: 'yes' is not true or false",
        ),
        (
            "setoption name UCI_Elo value 1000",
            &format!("option UCI_Elo: 1000 is outside 1320..{MAX_ELO}"),
        ),
        (
            &format!("setoption name UCI_Elo value {}", MAX_ELO + 1),
            &format!("option UCI_Elo: {} is outside 1320..{MAX_ELO}", MAX_ELO + 1),
        ),
        (
            "setoption name StrengthNodes value -5",
            "option StrengthNodes: -5 is outside 0..1000000000",
        ),
        (
            "setoption name EndgameMemory value -1",
            "option EndgameMemory: -1 is outside 0..65536",
        ),
        (
            "setoption name UCI_LimitStrength value on",
            "option UCI_LimitStrength: 'on' is not true or false",
        ),
        (
            "setoption name NoSuchOption value 3",
            "no such option: 'NoSuchOption'",
        ),
        (
            "setoption name Style value Aggressive",
            "no such option: 'Style'",
        ),
        (
            "setoption name",
            "setoption: missing an option name after name",
        ),
        (
            "setoption Hash 32",
            "setoption: expected name, found 'Hash'",
        ),
        ("setoption", "setoption: missing name <option name>"),
    ];
    for (line, message) in cases {
        engine.expect_reply(line, &[&format!("info string {message}")]);
    }
    // Nothing changed: one line per depth, no WDL, and the engine still searches.
    engine.send("position startpos");
    let out = engine.go("go depth 4", LINE_TIMEOUT);
    engine.check_search(&board(START_FEN, &[], false), &out);
    for info in &out.infos {
        engine.check(info.multipv == Some(1) && info.wdl.is_none(), || {
            format!("options changed by bad values: '{}'", info.raw)
        });
    }
    let depths: Vec<u32> = out.infos.iter().filter_map(|i| i.depth).collect();
    engine.check(depths == [1, 2, 3, 4], || format!("depths {depths:?}"));
}

#[test]
fn multipv_reports_distinct_lines_per_depth() {
    let mut engine = Engine::spawn();
    engine.send("setoption name MultiPV value 3");
    engine.send("position startpos moves e2e4");
    let out = engine.go("go depth 5", LINE_TIMEOUT);
    let root = board(START_FEN, &["e2e4"], false);
    engine.check_search(&root, &out);
    for depth in 1..=5 {
        let lines: Vec<_> = out
            .infos
            .iter()
            .filter(|i| i.depth == Some(depth))
            .collect();
        let numbers: Vec<u32> = lines.iter().filter_map(|i| i.multipv).collect();
        engine.check(numbers == [1, 2, 3], || {
            format!("depth {depth}: multipv numbers {numbers:?}")
        });
        let firsts: HashSet<&String> = lines.iter().filter_map(|i| i.pv.first()).collect();
        engine.check(firsts.len() == 3, || {
            format!("depth {depth}: the three lines do not start with three moves: {firsts:?}")
        });
    }
    // The best move is the first move of line 1 at the last depth.
    let last_first = out
        .infos
        .iter()
        .rev()
        .find(|i| i.multipv == Some(1))
        .and_then(|i| i.pv.first().cloned());
    engine.check(last_first.as_ref() == Some(&out.bestmove.best), || {
        format!(
            "bestmove {} is not line 1's {last_first:?}",
            out.bestmove.best
        )
    });
}

#[test]
fn multipv_is_capped_by_the_number_of_legal_moves() {
    let mut engine = Engine::spawn();
    engine.send("setoption name MultiPV value 5");
    engine.send(&format!("position fen {ONE_LEGAL_MOVE_FEN}"));
    let out = engine.go("go depth 3", LINE_TIMEOUT);
    engine.check_search(&board(ONE_LEGAL_MOVE_FEN, &[], false), &out);
    engine.check(!out.infos.is_empty(), || "no info lines".into());
    for info in &out.infos {
        engine.check(info.multipv == Some(1), || {
            format!("extra line '{}'", info.raw)
        });
    }
    engine.check(out.bestmove.best == "a1b2", || {
        format!("{:?}", out.bestmove)
    });
}

#[test]
fn show_wdl_adds_win_draw_loss_to_every_line() {
    let mut engine = Engine::spawn();
    engine.send("setoption name UCI_ShowWDL value true");
    engine.send("position startpos");
    let out = engine.go("go depth 4", LINE_TIMEOUT);
    engine.check_search(&board(START_FEN, &[], false), &out);
    for info in &out.infos {
        let ok = info.wdl.is_some_and(|[w, d, l]| w + d + l == 1000);
        engine.check(ok, || format!("no or bad wdl in '{}'", info.raw));
    }
    // A mate for the side to move is a certain win.
    engine.send(&format!("position fen {MATE_IN_ONE_FEN}"));
    let out = engine.go("go depth 3", LINE_TIMEOUT);
    for info in &out.infos {
        engine.check(
            info.score == Some(Score::Mate(1)) && info.wdl == Some([1000, 0, 0]),
            || format!("mate line '{}'", info.raw),
        );
    }
    engine.send("setoption name UCI_ShowWDL value false");
    engine.send("position startpos");
    let out = engine.go("go depth 3", LINE_TIMEOUT);
    for info in &out.infos {
        engine.check(info.wdl.is_none(), || {
            format!("wdl still shown: '{}'", info.raw)
        });
    }
}

#[test]
fn hash_resizes_and_clear_hash_between_searches() {
    let mut engine = Engine::spawn();
    let root = board(START_FEN, &["d2d4", "g8f6"], false);
    engine.send("position startpos moves d2d4 g8f6");
    let first = engine.go("go depth 5", LINE_TIMEOUT);
    engine.check_search(&root, &first);
    engine.send("setoption name Hash value 64");
    engine.send("setoption name Hash value 1");
    engine.expect_silence("resizing the hash");
    let out = engine.go("go depth 5", LINE_TIMEOUT);
    engine.check_search(&root, &out);
    engine.check(out.last_info().and_then(|i| i.depth) == Some(5), || {
        "did not reach depth 5 with a 1 MB table".into()
    });
    engine.send("setoption name Clear Hash");
    engine.send("setoption name Hash value 32");
    engine.expect_silence("clear and resize");
    let out = engine.go("go depth 6", LINE_TIMEOUT);
    engine.check_search(&root, &out);
    // A fresh table reports little use.
    let hashfull = out.infos.first().and_then(|i| i.hashfull);
    engine.check(hashfull == Some(0), || {
        format!("first hashfull {hashfull:?}")
    });
}

#[test]
fn two_threads_search_legally_and_stop_promptly() {
    let mut engine = Engine::spawn();
    engine.send("setoption name Threads value 2");
    engine.send("position startpos moves e2e4 c7c5 g1f3");
    let root = board(START_FEN, &["e2e4", "c7c5", "g1f3"], false);
    let out = engine.go("go depth 8", Duration::from_secs(30));
    engine.check_search(&root, &out);
    let depth = out.last_info().and_then(|i| i.depth);
    engine.check(depth == Some(8), || format!("last depth {depth:?}"));
    // Infinite with two threads: stop still answers at once.
    engine.send("go infinite");
    engine.expect_line(
        "an info depth line",
        |l| l.starts_with("info depth"),
        LINE_TIMEOUT,
    );
    let sent = Instant::now();
    engine.send("stop");
    let out = engine.collect_search(Duration::from_secs(5));
    let elapsed = sent.elapsed();
    engine.check(elapsed < Duration::from_millis(500), || {
        format!("bestmove {elapsed:?} after stop")
    });
    engine.check_search(&root, &out);
    // Back to one thread.
    engine.send("setoption name Threads value 1");
    let out = engine.go("go depth 4", LINE_TIMEOUT);
    engine.check_search(&root, &out);
}

#[test]
fn move_overhead_is_taken_off_the_move_time() {
    let mut engine = Engine::spawn();
    let root = board(START_FEN, &[], false);
    engine.send("position startpos");
    engine.sync();
    // With the default overhead (10 ms) the move time is used.
    let start = Instant::now();
    let out = engine.go("go movetime 600", LINE_TIMEOUT);
    let baseline = start.elapsed();
    engine.check_search(&root, &out);
    engine.check(baseline >= Duration::from_millis(450), || {
        format!("movetime 600 answered after only {baseline:?}")
    });
    // An overhead larger than the move time leaves almost nothing to think with.
    engine.send("setoption name Move Overhead value 5000");
    engine.sync();
    let start = Instant::now();
    let out = engine.go("go movetime 600", LINE_TIMEOUT);
    let elapsed = start.elapsed();
    engine.check_search(&root, &out);
    engine.check(elapsed < Duration::from_millis(300), || {
        format!("movetime 600 with overhead 5000 took {} ms", millis(start))
    });
}

#[test]
fn mate_distance_pruning_off_still_finds_the_mate() {
    let mut engine = Engine::spawn();
    engine.send("setoption name MateDistancePruning value false");
    engine.send(&format!("position fen {MATE_IN_ONE_FEN}"));
    let out = engine.go("go depth 6", LINE_TIMEOUT);
    engine.check_search(&board(MATE_IN_ONE_FEN, &[], false), &out);
    engine.check(out.bestmove.best == "a1a8", || {
        format!("{:?}", out.bestmove)
    });
    let score = out.last_info().and_then(|i| i.score);
    engine.check(score == Some(Score::Mate(1)), || format!("score {score:?}"));
}

#[test]
fn limited_strength_varies_its_moves_but_takes_a_mate_in_one() {
    let mut engine = Engine::spawn();
    engine.send("setoption name UCI_LimitStrength value true");
    engine.send("setoption name UCI_Elo value 1320");
    let clock = "go wtime 60000 btime 60000 winc 1000 binc 1000";
    let start = board(START_FEN, &[], false);
    let mut played = HashSet::new();
    for _ in 0..12 {
        engine.send("position startpos");
        let out = engine.go(clock, LINE_TIMEOUT);
        engine.check_search(&start, &out);
        played.insert(out.bestmove.best.clone());
    }
    // A full-strength search plays one opening move here; a 1320 player
    // chooses among its four best lines, none of them much worse.
    engine.check(played.len() >= 2, || format!("always {played:?}"));
    for _ in 0..6 {
        engine.send(&format!("position fen {MATE_IN_ONE_FEN}"));
        let out = engine.go(clock, LINE_TIMEOUT);
        engine.check(out.bestmove.best == "a1a8", || {
            format!("missed the mate: {:?}", out.bestmove)
        });
    }
}

/// The nodes of a search from the start position on a clock it never nears.
fn searched_nodes(engine: &mut Engine) -> u64 {
    let out = engine.go("go wtime 60000 btime 60000", LINE_TIMEOUT);
    out.infos
        .iter()
        .filter_map(|info| info.nodes)
        .max()
        .unwrap_or(0)
}

#[test]
fn a_setting_played_directly_searches_its_own_node_budget() {
    // How `cargo xtask calibrate-elo` plays a setting: StrengthNodes
    // replaces UCI_Elo's budget (1320's is under a thousand nodes), and a
    // search without a clock ends there.
    let mut engine = Engine::spawn();
    for line in [
        "setoption name UCI_LimitStrength value true",
        "setoption name UCI_Elo value 1320",
        "setoption name StrengthNodes value 30000",
        "setoption name StrengthTemperature value 2500",
        "position startpos",
    ] {
        engine.send(line);
    }
    let nodes = searched_nodes(&mut engine);
    engine.check((15_000..=32_000).contains(&nodes), || {
        format!("{nodes} nodes for a setting of 30,000")
    });
    // Back to UCI_Elo's own budget.
    engine.send("setoption name StrengthNodes value 0");
    let nodes = searched_nodes(&mut engine);
    engine.check(nodes < 3_000, || format!("{nodes} nodes at UCI_Elo 1320"));
}

#[test]
fn endgame_cache_keeps_solved_tables_for_the_next_process() {
    // K+Q vs K: the table decides the root at once, so a mate at depth 1
    // shows that it was ready from the start.
    let fen = "8/8/8/4k3/8/8/8/KQ6 w - - 0 1";
    let dir = std::env::temp_dir().join(format!("matewise-cache-test-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    let set_dir = format!("setoption name EndgameCache value {}", dir.display());

    // With no file, nothing is written.
    let mut engine = Engine::spawn();
    engine.send("setoption name EndgameCache value none");
    engine.send(&format!("position fen {fen}"));
    engine.go("go movetime 1500", LINE_TIMEOUT);
    engine.sync();
    engine.check(!dir.exists(), || {
        "a cache written with EndgameCache none".into()
    });
    drop(engine);

    // The first process builds the table in the background, once the
    // search (on a clock) is over, and saves it.
    let mut engine = Engine::spawn();
    engine.send(&set_dir);
    engine.send(&format!("position fen {fen}"));
    engine.go("go movetime 1500", LINE_TIMEOUT);
    let file = endgame_tables::cache::file(&dir, endgame_tables::dtm::Ending::Kqk);
    let start = Instant::now();
    while !file.exists() && start.elapsed() < LINE_TIMEOUT {
        std::thread::sleep(Duration::from_millis(20));
    }
    engine.sync();
    engine.check(file.exists(), || {
        format!("no {} after a K+Q vs K search", file.display())
    });
    drop(engine);

    // The next one loads it at isready and announces the mate at depth 1.
    let mut engine = Engine::spawn();
    engine.send(&set_dir);
    engine.sync();
    engine.send(&format!("position fen {fen}"));
    let out = engine.go("go depth 1", LINE_TIMEOUT);
    let mated = out
        .infos
        .iter()
        .any(|i| matches!(i.score, Some(Score::Mate(m)) if m > 0));
    engine.check(mated, || {
        "no table mate at depth 1 with the cached table".into()
    });
    let _ = std::fs::remove_dir_all(&dir);
}

/// The shared Syzygy test folders as a `SyzygyPath`, if they are here.
fn syzygy_path(test: &str) -> Option<String> {
    let dir = std::env::var_os("MATEWISE_SYZYGY_DIR")
        .map(std::path::PathBuf::from)
        .unwrap_or_else(|| {
            std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("../shared/data/syzygy")
        });
    if !dir.join("3-4").is_dir() || !dir.join("5").is_dir() {
        println!(
            "{test}: skipped, no Syzygy test tables at {}",
            dir.display()
        );
        return None;
    }
    Some(format!(
        "{}:{}",
        dir.join("3-4").display(),
        dir.join("5").display()
    ))
}

#[test]
fn a_bad_syzygy_path_is_reported_and_a_good_one_probed() {
    let mut engine = Engine::spawn();
    engine.expect_reply(
        "setoption name SyzygyPath value /nonexistent/syzygy",
        &[
            "info string SyzygyPath: Syzygy folder /nonexistent/syzygy cannot be read: No such file or directory (os error 2)",
            "info string SyzygyPath: no usable Syzygy WDL table (.rtbw) in /nonexistent/syzygy",
        ],
    );
    engine.expect_reply("setoption name SyzygyPath value <empty>", &[]);
    engine.expect_reply(
        "setoption name SyzygyProbeLimit value 9",
        &["info string option SyzygyProbeLimit: 9 is outside 0..7"],
    );
    let Some(path) = syzygy_path("a_bad_syzygy_path_is_reported_and_a_good_one_probed") else {
        return;
    };
    engine.expect_reply(
        &format!("setoption name SyzygyPath value {path}"),
        &["info string found Syzygy tables of up to 5 men"],
    );
    // K+R+B against K+R, won: the root is ranked by the tables and scored
    // in their band (or as the mate the search finds).
    engine.send("position fen 8/8/k7/3K4/8/5R2/1B6/5r2 w - - 0 1");
    let out = engine.go("go nodes 20000", Duration::from_secs(60));
    let last = out.last_info().cloned().unwrap_or_default();
    let won = match last.score {
        Some(Score::Cp(cp)) => cp > 30_000,
        Some(Score::Mate(moves)) => moves > 0,
        _ => false,
    };
    engine.check(won, || format!("final line '{}'", last.raw));
    let words: Vec<&str> = last.raw.split_whitespace().collect();
    let tbhits = words
        .iter()
        .position(|&w| w == "tbhits")
        .and_then(|at| words.get(at + 1)?.parse::<u64>().ok());
    engine.check(tbhits.is_some_and(|hits| hits > 0), || {
        format!("no tbhits in '{}'", last.raw)
    });
}

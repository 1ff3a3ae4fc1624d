//! A tabled root is solved before a search without a clock, even in a
//! process that has no table yet, and that never waits for a background
//! build paused by a search; so is the table a five-man root's capture
//! leads into. Each test has tables of its own, in memory, starting with
//! none.

use endgame_tables::dtm::{Dtm, Ending};
use endgame_tables::{Ready, Tablebases};
use matewise_search::{Limits, Score, SearchControl, SearchInfo, SearchOptions, Searcher};
use movegen::Board;
use movegen::KeyHistory;
use std::sync::mpsc;
use std::time::{Duration, Instant};

/// White mates in 8 (the table says so).
const KRK: &str = "8/7K/8/8/8/8/R7/7k w - - 0 1";
/// White mates in 8.
const KQK: &str = "8/K7/8/8/Q7/6k1/8/8 w - - 0 1";
/// K+R against K+N+N; Rxb5 leaves K+R against K+N.
const KRKNN: &str = "2n5/4k3/8/1n5R/8/8/8/K7 w - - 0 1";
/// K+R against K+B, a table of seconds to build.
const KRKB: &str = "8/8/8/3k4/8/2b5/8/K6R w - - 0 1";

/// Searches `fen` within `nodes` in another thread; the lines reported
/// and the result's score, or `None` if it took more than `timeout`.
fn search(
    fen: &str,
    nodes: u64,
    timeout: Duration,
    tables: &Tablebases,
) -> Option<(Vec<SearchInfo>, Score)> {
    let board = Board::from_fen(fen).unwrap();
    let (tx, rx) = mpsc::channel();
    let tables = tables.clone();
    std::thread::spawn(move || {
        let limits = Limits {
            nodes: Some(nodes),
            ..Limits::default()
        };
        let mut searcher = Searcher::new(16, 1);
        searcher.set_tablebases(tables);
        let mut lines = Vec::new();
        let result = test_kit::search_with(
            &mut searcher,
            &board,
            &limits,
            &SearchOptions::default(),
            &mut |info: &SearchInfo| lines.push(info.clone()),
        );
        let _ = tx.send((lines, result.score));
    });
    rx.recv_timeout(timeout).ok()
}

/// The last line is an exact mate in `moves` whose line runs, legally, to
/// checkmate.
fn assert_mate_line(fen: &str, lines: &[SearchInfo], moves: i32) {
    let last = lines.last().expect("a line");
    assert_eq!(
        (last.score, last.bound),
        (Score::Mate(moves), None),
        "{fen}"
    );
    assert_eq!(
        last.pv.len(),
        2 * moves as usize - 1,
        "{fen}: {:?}",
        last.pv
    );
    let mut position = Board::from_fen(fen).unwrap();
    for &mv in &last.pv {
        assert!(position.is_legal(mv), "{fen}: an illegal move in the line");
        position.play_unchecked(mv);
    }
    assert!(
        position.is_checkmate(),
        "{fen}: the line ends in no checkmate"
    );
}

#[test]
fn a_node_limited_search_on_a_fresh_krk_root_reports_the_table_mate() {
    let tables = Tablebases::in_memory();
    let (lines, score) = search(KRK, 20_000, Duration::from_secs(600), &tables).expect("finished");
    assert_eq!(score, Score::Mate(8));
    assert_mate_line(KRK, &lines, 8);
    let board = Board::from_fen(KRK).unwrap();
    assert_eq!(tables.dtm(&board), Some(Dtm::MateIn(15)));
}

#[test]
fn a_search_solves_its_root_table_without_waiting_for_a_paused_background_build() {
    let tables = Tablebases::in_memory();
    // Another search runs: the K+Q vs K table, asked for meanwhile, starts
    // building in the background and waits at its first checkpoint (it
    // would also wait, at its idle priority, for a busy machine).
    let other_search = tables.searching();
    assert!(tables.table(Ending::Kqk, Ready::Background).is_none());
    std::thread::sleep(Duration::from_millis(200));
    // A search without a clock on a K+Q vs K root solves the table itself
    // rather than wait for that build, and runs on it while the other
    // search still holds the background build.
    let (tx, rx) = mpsc::channel();
    let same = tables.clone();
    std::thread::spawn(move || {
        let _ = tx.send(search(KQK, 20_000, Duration::from_secs(120), &same));
    });
    let (lines, score) = rx
        .recv_timeout(Duration::from_secs(150))
        .expect("the search thread ended")
        .expect("the search waited for the paused background build");
    assert_eq!(score, Score::Mate(8));
    assert_mate_line(KQK, &lines, 8);
    drop(other_search);
}

#[test]
fn a_five_man_root_builds_the_table_its_capture_leads_into_beside_the_search() {
    let tables = Tablebases::in_memory();
    // The search answers at once: the table is built beside it, not first.
    let (lines, _) = search(KRKNN, 2_000, Duration::from_secs(5), &tables).expect("not held back");
    assert!(!lines.is_empty());
    // Ready a little later, with no one asking for it (`Cached` never
    // starts a build of its own).
    let started = Instant::now();
    while tables.table(Ending::Krkn, Ready::Cached).is_none() {
        assert!(started.elapsed() < Duration::from_secs(600), "never built");
        std::thread::sleep(Duration::from_millis(100));
    }
    // After Rxb5 the position is scored exactly.
    let mut board = Board::from_fen(KRKNN).unwrap();
    board.play_unchecked(board.parse_uci_move("h5b5").unwrap());
    assert!(tables.dtm(&board).is_some());
}

#[test]
fn a_stop_ends_the_wait_for_the_root_table_and_the_build_goes_on() {
    let tables = Tablebases::in_memory();
    let board = Board::from_fen(KRKB).unwrap();
    let control = SearchControl::new(false);
    let limits = Limits {
        infinite: true,
        ..Limits::default()
    };
    let started = Instant::now();
    let (best_move, answered) = std::thread::scope(|scope| {
        scope.spawn(|| {
            std::thread::sleep(Duration::from_millis(100));
            control.stop();
        });
        let mut searcher = Searcher::new(16, 1);
        searcher.set_tablebases(tables.clone());
        let result = searcher.search(
            &board,
            &KeyHistory::default(),
            &limits,
            &SearchOptions::default(),
            &control,
            &mut |_| {},
        );
        (result.best_move, started.elapsed())
    });
    assert!(best_move.is_some_and(|mv| board.is_legal(mv)));
    // The build the search left goes on; waiting for it joins it.
    let table = tables
        .table(Ending::Krkb, Ready::UnlessStopped(&|| false))
        .expect("within the limit");
    let built = started.elapsed();
    assert_eq!(table.longest_mate(), 29);
    assert!(
        answered * 4 < built,
        "the search answered after {answered:?}, the table was ready after {built:?}"
    );
}

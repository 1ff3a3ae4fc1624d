//! The search with Syzygy tables: a won root is searched on its winning
//! moves only and scored in the tablebase band, and the tree probes the
//! tables after captures. Needs the shared test tables
//! (`../shared/data/syzygy` beside the workspace, or `MATEWISE_SYZYGY_DIR`);
//! each test says it skipped where they are absent.

use endgame_tables::syzygy::Wdl;
use endgame_tables::{Board, TableAnswer, Tablebases};
use matewise_search::{Score, SearchOptions, SearchResult, Searcher, TB_BOUND};
use movegen::{Color, SplitMix64};
use std::path::{Path, PathBuf};

/// Tables in memory with the shared Syzygy folders, or `None` (and a note).
fn tables(test: &str) -> Option<Tablebases> {
    let dir = std::env::var_os("MATEWISE_SYZYGY_DIR")
        .map(PathBuf::from)
        .unwrap_or_else(|| {
            Path::new(env!("CARGO_MANIFEST_DIR")).join("../../../shared/data/syzygy")
        });
    if !dir.join("3-4").is_dir() || !dir.join("5").is_dir() {
        println!(
            "{test}: skipped, no Syzygy test tables at {}",
            dir.display()
        );
        return None;
    }
    let tables = Tablebases::in_memory();
    let path = format!("{}:{}", dir.join("3-4").display(), dir.join("5").display());
    let warnings = tables.set_syzygy_path(&path);
    assert!(warnings.is_empty(), "{warnings:?}");
    assert_eq!(tables.syzygy_max_pieces(), 5);
    Some(tables)
}

fn search(tables: &Tablebases, board: &Board, nodes: u64) -> SearchResult {
    let mut searcher = Searcher::new(16, 1);
    searcher.set_tablebases(tables.clone());
    test_kit::search_with(
        &mut searcher,
        board,
        &test_kit::nodes(nodes),
        &SearchOptions::default(),
        &mut |_| {},
    )
}

/// Random positions of `men` that the tables call `wanted` for the side
/// to move, White to move.
fn positions(tables: &Tablebases, men: &str, wanted: Wdl, count: usize) -> Vec<Board> {
    let mut rng = SplitMix64::new(17);
    let mut found = Vec::new();
    while found.len() < count {
        let squares: Vec<usize> = men.chars().map(|_| rng.below(64)).collect();
        let Some(board) = test_kit::placed(men, &squares, true) else {
            continue;
        };
        if board.side_to_move() == Color::White
            && tables.probe(&board) == Some(TableAnswer::Wdl(wanted))
        {
            found.push(board);
        }
    }
    found
}

#[test]
fn a_won_root_plays_a_winning_move_and_scores_in_the_tablebase_band() {
    let Some(tables) = tables("a_won_root_plays_a_winning_move") else {
        return;
    };
    for board in positions(&tables, "KkRBr", Wdl::Win, 5) {
        let result = search(&tables, &board, 20_000);
        // A tablebase win, or a mate the search proves.
        let won = match result.score {
            Score::Centipawns(score) => score >= TB_BOUND,
            Score::Mate(moves) => moves > 0,
        };
        assert!(won, "{}: {:?}", board.to_fen(), result.score);
        assert!(result.tb_hits > 0, "{}", board.to_fen());
        let mut next = board.clone();
        next.play(result.best_move.unwrap()).unwrap();
        assert_eq!(
            tables.probe(&next),
            Some(TableAnswer::Wdl(Wdl::Loss)),
            "{}: {} throws the win away",
            board.to_fen(),
            board.to_uci(result.best_move.unwrap())
        );
    }
}

#[test]
fn a_drawn_root_is_scored_a_draw() {
    let Some(tables) = tables("a_drawn_root_is_scored_a_draw") else {
        return;
    };
    for board in positions(&tables, "KkRBr", Wdl::Draw, 3) {
        let result = search(&tables, &board, 20_000);
        assert_eq!(result.score, Score::Centipawns(0), "{}", board.to_fen());
        let mut next = board.clone();
        next.play(result.best_move.unwrap()).unwrap();
        assert_eq!(tables.probe(&next), Some(TableAnswer::Wdl(Wdl::Draw)));
    }
}

#[test]
fn the_tree_probes_the_tables_after_captures() {
    let Some(tables) = tables("the_tree_probes_the_tables_after_captures") else {
        return;
    };
    // Five men of no Syzygy table (K+Q against K+R+P): every capture leads
    // into a table of four, which the own tables (in memory, none built
    // yet) cannot answer yet, and Syzygy can.
    let board = Board::from_fen("8/8/8/3k4/8/2r5/3p4/KQ6 w - - 0 1").unwrap();
    let result = search(&tables, &board, 50_000);
    assert!(result.tb_hits > 0, "no tablebase hit");
    // Without the Syzygy tables, none.
    let plain = search(&Tablebases::in_memory(), &board, 5_000);
    assert!(plain.best_move.is_some());
}

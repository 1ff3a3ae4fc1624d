//! A whole `position ... moves ...` command as the engine meets it,
//! followed by a short search: the moves are applied until the first one
//! that fails (as the engine does), and the search returns a legal move
//! or none exactly when there is no legal move.
//!
//! One searcher serves every input, cleared before each (as `ucinewgame`
//! does), so each search starts from nothing without allocating a table
//! and histories per input. The node limit does not bind the first
//! iteration (it always completes), and in positions crowded with queens
//! its quiescence search alone can run to millions of nodes (seconds per
//! input); the move time stops such an iteration at twice its hard limit,
//! and the search stopped inside it must still answer with a legal move.
#![no_main]

use libfuzzer_sys::fuzz_target;
use movegen::{Board, KeyHistory, MoveList};
use protocol::Command;
use search::{Limits, SearchControl, SearchOptions, Searcher};
use std::cell::RefCell;
use std::time::Duration;

thread_local! {
    static SEARCHER: RefCell<Searcher> = RefCell::new(Searcher::new(1, 1));
}

fuzz_target!(|data: &[u8]| {
    let line = String::from_utf8_lossy(data);
    let Ok(Some(Command::Position { setup, moves })) = protocol::parse(&line) else {
        return;
    };
    let Ok(mut board) = Board::from_fen(setup.fen()) else {
        return;
    };
    let mut history = KeyHistory::default();
    for uci in moves.into_iter().take(200) {
        let Ok(mv) = board.from_uci(uci) else { break };
        history.push(board.hash());
        if board.play(mv).is_err() {
            break;
        }
    }
    let limits = Limits {
        depth: Some(3),
        nodes: Some(20_000),
        move_time: Some(Duration::from_millis(50)),
        ..Limits::default()
    };
    let result = SEARCHER.with_borrow_mut(|searcher| {
        searcher.clear();
        searcher.search(
            &board,
            &history,
            &limits,
            &SearchOptions::default(),
            &SearchControl::new(false),
            &mut |_| {},
        )
    });
    let mut legal = MoveList::new();
    board.generate_moves(&mut legal);
    match result.best_move {
        Some(mv) => assert!(legal.contains(&mv)),
        None => assert!(legal.is_empty()),
    }
});

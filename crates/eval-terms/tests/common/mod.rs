//! Helpers shared by the integration tests: reading a weights.rs-style table
//! and flipping a position's colours.

// Each test file includes this module and uses only part of it.
#![allow(dead_code)]

use matewise_eval_terms::{S, Weights};
use movegen::Board;

/// The `s(mg, eg)` values of a weights.rs-style source, in order.
pub fn parse_values(source: &str) -> Vec<S> {
    let mut values = Vec::new();
    let mut rest = source;
    while let Some(at) = rest.find("s(") {
        let before = rest[..at].chars().last();
        rest = &rest[at + 2..];
        if before.is_some_and(|c| c.is_alphanumeric() || c == '_') {
            continue; // part of a longer identifier
        }
        let end = rest.find(')').unwrap();
        let mut parts = rest[..end].split(',').map(|p| p.trim().parse::<i32>());
        if let (Some(Ok(mg)), Some(Ok(eg)), None) = (parts.next(), parts.next(), parts.next()) {
            values.push(S::new(mg, eg));
        }
    }
    values
}

/// The source of the table at the Compendium's own numbers, before any tune.
pub const COMPENDIUM_SOURCE: &str = include_str!("../../../../docs/compendium-weights.rs");

/// The table at the Compendium's own numbers: the signs and zeros each term
/// was designed with, whatever a tune has since made of them.
pub fn compendium_weights() -> Weights {
    Weights::from_flat(&parse_values(COMPENDIUM_SOURCE))
        .expect("docs/compendium-weights.rs has every term of the table")
}

/// The colour-flipped FEN: ranks mirrored, colours and side to move swapped.
pub fn flip(fen: &str) -> String {
    Board::from_fen(fen)
        .unwrap_or_else(|e| panic!("{fen}: {e}"))
        .mirrored()
        .to_fen()
}

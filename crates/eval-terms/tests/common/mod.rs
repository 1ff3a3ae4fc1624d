//! Helpers shared by the integration tests: reading a weights.rs-style table
//! and flipping a position's colours.

// Each test file includes this module and uses only part of it.
#![allow(dead_code)]

use matewise_eval_terms::{S, Weights};

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
    let swap = |c: char| {
        if c.is_ascii_uppercase() {
            c.to_ascii_lowercase()
        } else {
            c.to_ascii_uppercase()
        }
    };
    let fields: Vec<&str> = fen.split_whitespace().collect();
    let placement: Vec<String> = fields[0]
        .split('/')
        .rev()
        .map(|rank| rank.chars().map(swap).collect())
        .collect();
    let side = if fields[1] == "w" { "b" } else { "w" };
    let castling = if fields[2] == "-" {
        "-".to_string()
    } else {
        let mut rights: Vec<char> = fields[2].chars().map(swap).collect();
        rights.sort_by_key(|c| c.is_ascii_lowercase());
        rights.into_iter().collect()
    };
    let en_passant = if fields[3] == "-" {
        "-".to_string()
    } else {
        let b = fields[3].as_bytes();
        format!("{}{}", b[0] as char, (b'9' - (b[1] - b'0')) as char)
    };
    format!(
        "{} {side} {castling} {en_passant} {} {}",
        placement.join("/"),
        fields[4],
        fields[5]
    )
}

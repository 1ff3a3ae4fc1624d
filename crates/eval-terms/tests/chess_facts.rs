//! The engine's weight table keeps the chess facts of
//! `matewise_eval_terms::facts`, which are well formed.

use matewise_eval_terms::Weights;
use matewise_eval_terms::facts::{self, FACTS};

#[test]
fn the_table_in_use_keeps_the_chess_facts() {
    let broken = facts::broken(&Weights::default());
    assert!(
        broken.is_empty(),
        "{} fact(s) broken:\n{}",
        broken.len(),
        broken.join("\n")
    );
}

#[test]
fn the_two_positions_of_a_fact_hold_the_same_material() {
    let material = |fen: &str| {
        let mut counts: Vec<char> = fen
            .split(' ')
            .next()
            .unwrap()
            .chars()
            .filter(char::is_ascii_alphabetic)
            .collect();
        counts.sort_unstable();
        counts
    };
    for fact in FACTS {
        assert_eq!(material(fact.better), material(fact.worse), "{}", fact.name);
        assert_eq!(
            fact.better.split(' ').nth(1),
            fact.worse.split(' ').nth(1),
            "{}: the side to move differs",
            fact.name
        );
    }
}

#[test]
fn a_table_that_turns_a_fact_around_is_caught() {
    // Knights that love the rim: the centralisation fact breaks.
    let mut weights = Weights::default();
    let mut flat = weights.to_flat();
    let names: Vec<&str> = Weights::params()
        .iter()
        .flat_map(|p| std::iter::repeat_n(p.name, p.len))
        .collect();
    for (value, name) in flat.iter_mut().zip(&names) {
        match *name {
            "KNIGHT_SQUARE" => *value = -*value * 4,
            "KNIGHT_MOBILITY" => *value = -*value * 4,
            _ => {}
        }
    }
    weights = Weights::from_flat(&flat).unwrap();
    let broken = facts::broken(&weights);
    assert!(
        broken
            .iter()
            .any(|line| line.starts_with("a knight in the centre")),
        "{broken:?}"
    );
}

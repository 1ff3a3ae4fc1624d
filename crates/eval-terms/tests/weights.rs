//! The weight table's machinery: flat vector and source round trips, and
//! the trace rebuilding every evaluation exactly.

use matewise_eval_terms::{Evaluator, NoTrace, S, Tables, Trace, Weights, evaluate};
use movegen::{Board, Color};

mod common;
use common::{COMPENDIUM_SOURCE, parse_values};

/// Every position of a few seeded random games.
fn random_positions(games: usize, visit: impl FnMut(&Board)) {
    test_kit::random_games(&Board::default(), 0x9E37_79B9_7F4A_7C15, games, 120, visit);
}

#[test]
fn flat_vector_round_trips() {
    let defaults = Weights::default();
    let mut flat = defaults.to_flat();
    assert_eq!(flat.len(), Weights::LEN);
    for (i, s) in flat.iter_mut().enumerate() {
        *s += S::new(i as i32 % 7 - 3, 5 - i as i32 % 11);
    }
    let changed = Weights::from_flat(&flat).unwrap();
    assert_eq!(changed.to_flat(), flat);
    assert_ne!(changed, defaults);
    assert!(Weights::from_flat(&flat[1..]).is_none());
}

#[test]
fn params_tile_the_flat_vector() {
    let mut next = 0;
    for param in Weights::params() {
        assert_eq!(param.offset, next, "{}", param.name);
        assert!(param.len > 0);
        next += param.len;
        assert_eq!(Weights::param_of(param.offset), Some((*param, 0)));
    }
    assert_eq!(next, Weights::LEN);
}

#[test]
fn printed_source_round_trips() {
    let mut flat = Weights::default().to_flat();
    flat[3] = S::new(-123, 456);
    let weights = Weights::from_flat(&flat).unwrap();
    let source = weights.to_rust_source();
    assert_eq!(parse_values(&source), flat);
    for param in Weights::params() {
        assert!(source.contains(&format!(
            "    {}: \"{}\" [{}] = [",
            param.name, param.group, param.len
        )));
    }
}

#[test]
fn the_weights_file_is_the_default_table() {
    let file = include_str!("../src/weights.rs");
    assert_eq!(Weights::default().to_rust_source(), file);
    assert_eq!(parse_values(file), Weights::default().to_flat());
    // The reference copy at the Compendium's own numbers has the same terms in the same order.
    assert_eq!(parse_values(COMPENDIUM_SOURCE).len(), Weights::LEN);
}

#[test]
fn the_trace_rebuilds_every_evaluation() {
    let weights = Weights::default();
    let mut checked = 0;
    random_positions(40, |board| {
        let mut trace = Trace::default();
        let traced = evaluate(board, &weights, None, &mut trace);
        assert_eq!(trace.score(&weights), traced.terms, "{}", board.to_fen());
        let plain = evaluate(board, &weights, None, &mut NoTrace);
        assert_eq!(plain, traced, "{}", board.to_fen());
        checked += 1;
    });
    assert!(checked > 3_000);
}

#[test]
fn cached_and_uncached_evaluations_agree() {
    let weights = Weights::default();
    let mut tables = Tables::default();
    tables.mating_rules = false;
    random_positions(40, |board| {
        let cached = evaluate(board, &weights, Some(&mut tables), &mut NoTrace);
        let fresh = evaluate(board, &weights, None, &mut NoTrace);
        assert_eq!(cached.white_score, fresh.white_score, "{}", board.to_fen());
        assert_eq!(cached.terms, fresh.terms, "{}", board.to_fen());
        // Again, now with the pawn entry and its shelter memos in place.
        let again = evaluate(board, &weights, Some(&mut tables), &mut NoTrace);
        assert_eq!(again.terms, fresh.terms, "{}", board.to_fen());
    });
    let (probes, hits) = tables.pawn_table_stats();
    assert!(probes > 3_000 && hits > 0);
}

#[test]
fn cached_tables_follow_a_change_of_weights() {
    // Every weight moved, so the placement sums and pawn entries built for
    // the defaults are wrong for the second set: the tables must rebuild.
    let defaults = Weights::default();
    let flat: Vec<S> = defaults
        .to_flat()
        .iter()
        .enumerate()
        .map(|(i, s)| *s + S::new(i as i32 % 5 - 2, 3 - i as i32 % 7))
        .collect();
    let changed = Weights::from_flat(&flat).unwrap();
    let mut tables = Tables::default();
    random_positions(10, |board| {
        for weights in [&defaults, &changed] {
            let cached = evaluate(board, weights, Some(&mut tables), &mut NoTrace);
            let fresh = evaluate(board, weights, None, &mut NoTrace);
            assert_eq!(cached.terms, fresh.terms, "{}", board.to_fen());
        }
    });
}

#[test]
fn the_evaluators_score_cache_returns_fresh_scores() {
    let weights = Weights::default();
    let mut evaluator = Evaluator::new();
    for mating_rules in [true, false, true] {
        evaluator.set_mating_rules(mating_rules);
        let mut tables = Tables::default();
        tables.mating_rules = mating_rules;
        random_positions(20, |board| {
            let white = evaluate(board, &weights, Some(&mut tables), &mut NoTrace).white_score;
            let expected = match board.side_to_move() {
                Color::White => white,
                Color::Black => -white,
            };
            // The second call is answered from the cache.
            assert_eq!(evaluator.evaluate(board), expected, "{}", board.to_fen());
            assert_eq!(evaluator.evaluate(board), expected, "{}", board.to_fen());
        });
    }
}

#[test]
fn changed_weights_change_the_score_linearly() {
    let board =
        Board::from_fen("r1bqkb1r/pppp1ppp/2n2n2/4p3/2B1P3/5N2/PPPP1PPP/RNBQK2R w KQkq - 4 4")
            .unwrap();
    let defaults = Weights::default();
    let mut trace = Trace::default();
    let base = evaluate(&board, &defaults, None, &mut trace).terms;
    for (index, [white, black]) in trace.coefficients.iter().enumerate() {
        if white == black {
            continue;
        }
        let mut changed = defaults.clone();
        changed[index] += S::new(10, -10);
        let moved = evaluate(&board, &changed, None, &mut NoTrace).terms;
        assert_eq!(
            moved - base,
            S::new(10, -10) * (white - black),
            "weight {index}"
        );
    }
}

//! Chess facts the table in use must keep, judged on the whole evaluation.
//!
//! A tune is free to move single entries, even across zero, where the games
//! say so: a term's entry can be small or negative because a neighbouring
//! term already pays for the same feature. What it may not do is turn the
//! sum against what every strong player knows. Each fact compares two
//! positions with the same material and the same side to move, differing
//! only in the feature named, and is checked again with colours flipped.

use matewise_eval_terms::Evaluator;
use movegen::Board;

mod common;
use common::flip;

/// (the fact, the better position for White, the worse one).
type Fact = (&'static str, &'static str, &'static str);

#[rustfmt::skip]
const FACTS: &[Fact] = &[
    ("a passed pawn is worth more the further it has run",
        "7k/r7/4P3/8/8/8/8/1R2K3 w - - 0 1",
        "7k/r7/8/8/8/4P3/8/1R2K3 w - - 0 1"),
    ("a passer on the seventh is worth more than one on the fifth",
        "7k/4P3/8/8/8/8/r7/1R2K3 w - - 0 1",
        "7k/8/8/4P3/8/8/r7/1R2K3 w - - 0 1"),
    ("doubled, isolated pawns are worse than a healthy pair",
        "4k1r1/3pp3/8/8/8/8/3PP3/1R2K3 w - - 0 1",
        "4k1r1/3pp3/8/8/8/4P3/4P3/1R2K3 w - - 0 1"),
    ("a castled king is safer than one stuck in the centre",
        "r1bq1rk1/pppp1ppp/2n2n2/2b1p3/2B1P3/2N2N2/PPPP1PPP/R1BQ1RK1 w - - 0 1",
        "r1bq1rk1/pppp1ppp/2n2n2/2b1p3/2B1P3/2N2N2/PPPPKPPP/R1BQ3R w - - 0 1"),
    ("an intact pawn shelter beats one pushed up the board",
        "r1bq1rk1/ppppnppp/2n5/2b1p3/2B1P3/2NP1N2/PPP2PPP/R1BQ1RK1 w - - 0 1",
        "r1bq1rk1/ppppnppp/2n5/2b1p3/2B1P1PP/2NP1N2/PPP2P2/R1BQ1RK1 w - - 0 1"),
    ("with the queens on, a king behind its g pawn is safer than one whose g file is open",
        "r1b2rk1/pp1nqppp/2p1pn2/3p4/2PP4/2N1PN2/PPQ1BPPP/R4RK1 w - - 0 1",
        "r1b2rk1/pp1nqppp/2p1pn2/3p4/2PP4/1PN1PN2/PPQ1BP1P/R4RK1 w - - 0 1"),
    ("a queen and a knight aimed at the castled king beat the same pieces at home",
        "r1b2rk1/pp1nqppp/2p1p3/3p2NQ/2PP4/4P3/PP2BPPP/R4RK1 w - - 0 1",
        "r1b2rk1/pp1nqppp/2p1p3/3p4/2PP4/4PN2/PP2BPPP/R2Q1RK1 w - - 0 1"),
    ("developed pieces beat pawn moves on the wings",
        "r1bqk1nr/pppp1ppp/2n5/2b1p3/2B1P3/5N2/PPPP1PPP/RNBQK2R w KQkq - 4 4",
        "r1bqk1nr/pppp1ppp/2n5/2b1p3/4P3/P6P/1PPP1PP1/RNBQKBNR w KQkq - 0 4"),
    ("a rook on an open file beats one shut in behind its pawn",
        "4k3/pp3ppp/8/8/8/8/PP3PPP/3RK3 w - - 0 1",
        "4k3/pp3ppp/8/8/8/8/PP3PPP/R3K3 w - - 0 1"),
    ("in the endgame the king belongs in the centre",
        "4k3/pp4pp/8/8/4K3/8/PP4PP/8 w - - 0 1",
        "4k3/pp4pp/8/8/8/8/PP4PP/7K w - - 0 1"),
    ("a knight in the centre beats one on the rim",
        "4k3/pp3ppp/8/8/3N4/8/PP3PPP/4K3 w - - 0 1",
        "4k3/pp3ppp/8/8/8/8/PP3PPP/N3K3 w - - 0 1"),
    ("a bishop on an open diagonal beats one hemmed in by its own pawns",
        "4k3/pp3ppp/8/8/3B4/8/PP1P1PPP/4K3 w - - 0 1",
        "4k3/pp3ppp/8/8/8/8/PP1P1PPP/2B1K3 w - - 0 1"),
    ("a passer protected by a pawn beats one whose neighbour lags behind",
        "6k1/5ppp/8/3P4/2P5/8/5PPP/6K1 w - - 0 1",
        "6k1/5ppp/8/3P4/8/8/2P2PPP/6K1 w - - 0 1"),
];

/// The evaluation of `fen` for the side to move, with the table in use.
fn eval(fen: &str) -> i32 {
    Evaluator::new().evaluate(&Board::from_fen(fen).unwrap_or_else(|e| panic!("{fen}: {e:?}")))
}

#[test]
fn the_table_in_use_keeps_the_chess_facts() {
    let mut broken = Vec::new();
    for &(fact, better, worse) in FACTS {
        let (b, w) = (eval(better), eval(worse));
        if b <= w {
            broken.push(format!("{fact}: {b} for {better}, {w} for {worse}"));
        }
        // With colours flipped Black is to move and has the better game.
        let (fb, fw) = (eval(&flip(better)), eval(&flip(worse)));
        if fb <= fw {
            broken.push(format!("{fact}, colours flipped: {fb} against {fw}"));
        }
    }
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
    for &(fact, better, worse) in FACTS {
        assert_eq!(material(better), material(worse), "{fact}");
        assert_eq!(
            better.split(' ').nth(1),
            worse.split(' ').nth(1),
            "{fact}: the side to move differs"
        );
    }
}

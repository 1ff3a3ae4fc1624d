//! The `eval` command's table, in the manner of Stockfish 11: a row per
//! term, White, Black and Total in middlegame and endgame.

use crate::psqt;
use crate::score::{Phase, S};
use core::fmt;
use mating_heuristics::{Scale, Side};
use movegen::{Board, Color};

/// One row of the table: a term's White and Black contributions.
#[derive(Clone, Debug)]
pub struct TermRow {
    /// The term's name.
    pub name: &'static str,
    /// White's contribution.
    pub white: S,
    /// Black's contribution (positive is good for Black).
    pub black: S,
}

/// Everything `eval` prints: the rows, the phase, the drawishness scale and the final score.
#[derive(Clone, Debug)]
pub struct EvalReport {
    /// One row per term.
    pub rows: Vec<TermRow>,
    /// The game stage.
    pub phase: Phase,
    /// The tapered sum of the rows, from White's side, before scaling.
    pub unscaled: i32,
    /// Pair-o-Max's drawishness scale and the rule that set it (`None`
    /// when the rules are switched off).
    pub scale: Option<Scale>,
    /// The final evaluation from White's side, in centipawns.
    pub white_score: i32,
}

pub(crate) fn build(board: &Board, mating_rules: bool) -> EvalReport {
    let (white_material, white_placement) = psqt::split(board, Color::White);
    let (black_material, black_placement) = psqt::split(board, Color::Black);
    let phase = Phase::of(board);
    let rows = vec![
        TermRow {
            name: "Material",
            white: white_material,
            black: black_material,
        },
        TermRow {
            name: "Placement",
            white: white_placement,
            black: black_placement,
        },
        TermRow {
            name: "Mop-up",
            white: crate::mop_up::mop_up(board, Color::White),
            black: crate::mop_up::mop_up(board, Color::Black),
        },
    ];
    let material = crate::drawishness::material(board);
    let pieces = &crate::drawishness::PIECES;
    let pair = |side| {
        let bonus = pieces.pair_bonus(&material, side);
        S::new(bonus, bonus)
    };
    let mut rows = rows;
    if mating_rules {
        rows.push(TermRow {
            name: "Pair bonus",
            white: pair(Side::White),
            black: pair(Side::Black),
        });
    }
    let total = rows.iter().fold(S::ZERO, |acc, r| acc + r.white - r.black);
    let unscaled = total.taper(phase);
    let scale = mating_rules.then(|| crate::drawishness::scale(&material, unscaled));
    EvalReport {
        rows,
        phase,
        unscaled,
        scale,
        white_score: scale.map_or(unscaled, |s| s.apply(unscaled)),
    }
}

fn cp(v: i32) -> String {
    format!("{:6.2}", v as f64 / 100.0)
}

impl fmt::Display for EvalReport {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        writeln!(f, "     Term    |    White    |    Black    |    Total   ")?;
        writeln!(f, "             |   MG    EG  |   MG    EG  |   MG    EG ")?;
        writeln!(f, " ------------+-------------+-------------+------------")?;
        for row in &self.rows {
            let total = row.white - row.black;
            writeln!(
                f,
                " {:>11} | {} {} | {} {} | {} {}",
                row.name,
                cp(row.white.mg()),
                cp(row.white.eg()),
                cp(row.black.mg()),
                cp(row.black.eg()),
                cp(total.mg()),
                cp(total.eg()),
            )?;
        }
        writeln!(f, " ------------+-------------+-------------+------------")?;
        writeln!(
            f,
            "Phase: piece strength {} of 60 ({})",
            self.phase.piece_strength(),
            self.phase.name()
        )?;
        writeln!(f, "Unscaled: {:+} cp (white side)", self.unscaled)?;
        match &self.scale {
            Some(scale) => writeln!(f, "Mating potential: divisor {} ({scale})", scale.divisor())?,
            None => writeln!(f, "Mating potential: rules switched off")?,
        }
        write!(
            f,
            "Final evaluation: {:+} cp (white side)",
            self.white_score
        )
    }
}

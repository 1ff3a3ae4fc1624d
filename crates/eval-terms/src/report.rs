//! The `eval` command's table, in the manner of Stockfish 11: a row per
//! term, White, Black and Total in middlegame and endgame.

use crate::psqt;
use crate::score::{Phase, S};
use core::fmt;
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

/// Everything `eval` prints: the rows, the phase and the final score.
#[derive(Clone, Debug)]
pub struct EvalReport {
    /// One row per term.
    pub rows: Vec<TermRow>,
    /// The game stage.
    pub phase: Phase,
    /// The final evaluation from White's side, in centipawns.
    pub white_score: i32,
}

pub(crate) fn build(board: &Board) -> EvalReport {
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
    let total = rows.iter().fold(S::ZERO, |acc, r| acc + r.white - r.black);
    EvalReport {
        rows,
        phase,
        white_score: total.taper(phase),
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
        write!(
            f,
            "Final evaluation: {:+} cp (white side)",
            self.white_score
        )
    }
}

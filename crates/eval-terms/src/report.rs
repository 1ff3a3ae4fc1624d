//! The `eval` command's table, in the manner of Stockfish 11: a row per
//! term group (per term with `eval full`), White, Black and Total in
//! middlegame and endgame, rebuilt from the trace so the rows add up to
//! exactly what the search sees.

use crate::evaluate::{Evaluation, Tables, evaluate};
use crate::params::Weights;
use crate::score::S;
use crate::trace::Trace;
use core::fmt;
use movegen::{Board, Color};

/// One row of the table: a term's (or group's) White and Black contributions.
#[derive(Clone, Debug)]
pub struct TermRow {
    /// The term's or group's name.
    pub name: &'static str,
    /// White's contribution.
    pub white: S,
    /// Black's contribution (positive is good for Black).
    pub black: S,
}

/// Everything `eval` prints.
#[derive(Clone, Debug)]
pub struct EvalReport {
    /// One row per group or term.
    pub rows: Vec<TermRow>,
    /// The evaluation itself.
    pub evaluation: Evaluation,
}

pub(crate) fn build(
    board: &Board,
    weights: &Weights,
    tables: &mut Tables,
    full: bool,
) -> EvalReport {
    let mut trace = Trace::default();
    let evaluation = evaluate(board, weights, Some(tables), &mut trace);
    let mut rows: Vec<TermRow> = Vec::new();
    for param in Weights::params() {
        let white = trace.param_score(weights, *param, Color::White);
        let black = trace.param_score(weights, *param, Color::Black);
        let name = if full { param.name } else { param.group };
        if full && white == S::ZERO && black == S::ZERO {
            continue;
        }
        match rows.iter_mut().find(|r| r.name == name) {
            Some(row) => {
                row.white += white;
                row.black += black;
            }
            None => rows.push(TermRow { name, white, black }),
        }
    }
    EvalReport { rows, evaluation }
}

fn cp(v: i32) -> String {
    format!("{:6.2}", v as f64 / 100.0)
}

impl fmt::Display for EvalReport {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let width = self
            .rows
            .iter()
            .map(|r| r.name.len())
            .max()
            .unwrap_or(4)
            .max(12);
        let rule = format!(
            " {}-+---------------+---------------+---------------",
            "-".repeat(width)
        );
        writeln!(
            f,
            " {:>width$} |     White     |     Black     |     Total",
            "Term"
        )?;
        writeln!(
            f,
            " {:>width$} |     MG     EG |     MG     EG |     MG     EG",
            ""
        )?;
        writeln!(f, "{rule}")?;
        for row in &self.rows {
            let total = row.white - row.black;
            writeln!(
                f,
                " {:>width$} | {} {} | {} {} | {} {}",
                row.name,
                cp(row.white.mg()),
                cp(row.white.eg()),
                cp(row.black.mg()),
                cp(row.black.eg()),
                cp(total.mg()),
                cp(total.eg()),
            )?;
        }
        writeln!(f, "{rule}")?;
        let e = &self.evaluation;
        writeln!(
            f,
            " {:>width$} |               |               | {} {}",
            "Total",
            cp(e.terms.mg()),
            cp(e.terms.eg())
        )?;
        writeln!(
            f,
            "Phase: piece strength {} of 60 ({}), middlegame weight {}/120",
            e.phase.piece_strength(),
            e.phase.name(),
            e.phase.0
        )?;
        writeln!(
            f,
            "Drawing chances: endgame scaled {}/{} ({})",
            e.drawing.scale,
            crate::DRAW_SCALE_ONE,
            e.drawing
        )?;
        writeln!(f, "Tapered: {:+} cp (white side)", e.unscaled)?;
        match &e.mating {
            Some(scale) => {
                writeln!(f, "Pair bonuses: {:+} cp", e.pair_bonus)?;
                writeln!(f, "Mating potential: divisor {} ({scale})", scale.divisor())?
            }
            None => writeln!(f, "Mating potential: rules switched off")?,
        }
        if let Some(rule) = e.known_draw {
            writeln!(f, "Known draw: {rule}, scored 0")?;
        }
        write!(f, "Final evaluation: {:+} cp (white side)", e.white_score)
    }
}

//! From games to a table: each setting's rating with its error, and the
//! table, signature and documentation written from them.

use search::strength::CalibrationPoint;
use std::path::Path;

/// What one setting scored against its opponent.
#[derive(Clone, Debug, PartialEq)]
pub(crate) struct Measured {
    pub(crate) nodes: u64,
    pub(crate) temperature: f64,
    pub(crate) opponent: u32,
    pub(crate) wins: usize,
    pub(crate) draws: usize,
    pub(crate) losses: usize,
    /// Matewise's time losses, illegal moves and engine failures.
    pub(crate) faults: usize,
    /// The Elo difference from Matewise's side and the half-width of its
    /// 95 % interval, from game pairs (the same opening, both colours).
    pub(crate) elo: f64,
    pub(crate) error: f64,
}

impl Measured {
    /// The rating measured: the opponent's plus the difference.
    pub(crate) fn rating(&self) -> u32 {
        (f64::from(self.opponent) + self.elo).round().max(0.0) as u32
    }

    pub(crate) fn games(&self) -> usize {
        self.wins + self.draws + self.losses
    }
}

/// The logistic Elo difference of a score in (0, 1).
fn elo_of(score: f64) -> f64 {
    let score = score.clamp(1e-3, 1.0 - 1e-3);
    -400.0 * (1.0 / score - 1.0).log10()
}

/// The Elo difference and its 95 % half-width from pair scores (each the
/// sum of two games, 0 to 2): the pentanomial estimate, as match runners
/// give it.
pub(crate) fn pair_elo(pairs: &[f64]) -> (f64, f64) {
    if pairs.is_empty() {
        return (0.0, f64::INFINITY);
    }
    let n = pairs.len() as f64;
    let scores: Vec<f64> = pairs.iter().map(|p| p / 2.0).collect();
    let mean = scores.iter().sum::<f64>() / n;
    let variance = scores.iter().map(|s| (s - mean).powi(2)).sum::<f64>() / n;
    let margin = 1.959_964 * (variance / n).sqrt();
    let elo = elo_of(mean);
    let error = (elo_of(mean + margin) - elo_of(mean - margin)) / 2.0;
    (elo, error)
}

/// The table the measurements give, weakest first, or why they give none:
/// ratings must rise with the node budget.
pub(crate) fn table(measured: &[Measured]) -> Result<Vec<CalibrationPoint>, String> {
    let mut sorted: Vec<&Measured> = measured.iter().collect();
    sorted.sort_by_key(|m| m.nodes);
    if sorted.len() < 2 {
        return Err("a table needs at least two settings".into());
    }
    for pair in sorted.windows(2) {
        if pair[1].rating() <= pair[0].rating() {
            return Err(format!(
                "{} nodes rated {} but {} nodes {}: ratings must rise with the budget \
                 (play more games, or settings further apart)",
                pair[0].nodes,
                pair[0].rating(),
                pair[1].nodes,
                pair[1].rating()
            ));
        }
    }
    Ok(sorted
        .iter()
        .map(|m| CalibrationPoint {
            elo: m.rating(),
            nodes: m.nodes,
            temperature: m.temperature,
        })
        .collect())
}

/// A number with thousands separators: 144,859.
fn grouped(n: u64) -> String {
    let digits = n.to_string();
    let mut out = String::new();
    for (i, c) in digits.chars().enumerate() {
        if i > 0 && (digits.len() - i).is_multiple_of(3) {
            out.push(',');
        }
        out.push(c);
    }
    out
}

/// The `CALIBRATION` constant, with its doc comment, as Rust source.
pub(crate) fn calibration_source(points: &[CalibrationPoint], games: usize, tc: &str) -> String {
    let mut text = format!(
        "/// The measured settings, weakest first: each played {games} games at {tc}\n\
         /// against Stockfish 15.1 at a `UCI_Elo` near its own, and `elo` is that\n\
         /// rating plus the Elo difference measured. Written by `cargo xtask\n\
         /// calibrate-elo` (with [`signature`] of the search it measured; the\n\
         /// source tree's `docs/uci-elo-calibration.md` has the games).\n\
         pub const CALIBRATION: [CalibrationPoint; {}] = [\n",
        points.len()
    );
    for point in points {
        text.push_str(&format!(
            "    CalibrationPoint {{\n        elo: {},\n        nodes: {},\n        temperature: {:.3},\n    }},\n",
            point.elo,
            grouped(point.nodes).replace(',', "_"),
            point.temperature
        ));
    }
    text.push_str("];\n");
    text
}

/// The documentation's table of the measured settings.
pub(crate) fn markdown_table(measured: &[Measured]) -> String {
    let mut sorted: Vec<&Measured> = measured.iter().collect();
    sorted.sort_by_key(|m| m.nodes);
    let mut text = String::from(
        "| nodes a move | T | against Stockfish at | Matewise W / D / L | Elo difference | rating |\n\
         |---:|---:|---:|---|---:|---:|\n",
    );
    for m in sorted {
        text.push_str(&format!(
            "| {} | {:.2} cp | {} | +{} ={} −{} | {:+.1} ± {:.1} | {} |\n",
            grouped(m.nodes),
            m.temperature,
            m.opponent,
            m.wins,
            m.draws,
            m.losses,
            // Adding zero turns a -0.0 into 0.0.
            m.elo + 0.0,
            m.error,
            m.rating()
        ));
    }
    text
}

/// Replaces the text between the line holding `start` and the next line
/// holding `end` (both kept) with `body`.
pub(crate) fn replace_between(
    text: &str,
    start: &str,
    end: &str,
    body: &str,
) -> Result<String, String> {
    let from = text.find(start).ok_or(format!("no '{start}'"))?;
    let from = from + text[from..].find('\n').map_or(text.len() - from, |i| i + 1);
    let to = from
        + text[from..]
            .find(end)
            .ok_or(format!("no '{end}' after '{start}'"))?;
    let to = text[..to].rfind('\n').map_or(from, |i| (i + 1).max(from));
    Ok(format!("{}{}{}", &text[..from], body, &text[to..]))
}

/// Rewrites `path` by `edit`.
pub(crate) fn rewrite(
    path: &Path,
    edit: impl FnOnce(&str) -> Result<String, String>,
) -> Result<(), String> {
    let text = std::fs::read_to_string(path).map_err(|e| format!("{}: {e}", path.display()))?;
    let new = edit(&text).map_err(|e| format!("{}: {e}", path.display()))?;
    std::fs::write(path, new).map_err(|e| format!("{}: {e}", path.display()))
}

#[cfg(test)]
mod tests {
    use super::*;

    fn measured(nodes: u64, opponent: u32, elo: f64) -> Measured {
        Measured {
            nodes,
            temperature: 5.0,
            opponent,
            wins: 1,
            draws: 0,
            losses: 1,
            faults: 0,
            elo,
            error: 50.0,
        }
    }

    #[test]
    fn pairs_give_the_logistic_elo_and_a_pentanomial_error() {
        // Even pairs: no difference.
        let (elo, error) = pair_elo(&[1.0, 1.0, 2.0, 0.0]);
        assert!(elo.abs() < 1e-9 && error > 0.0);
        // Three quarters of the points: 191 Elo.
        let (elo, _) = pair_elo(&[1.5, 1.5, 1.5, 1.5]);
        assert!((elo - 190.85).abs() < 0.1, "{elo}");
        // The same score in mixed pairs is less certain than in even ones.
        let (_, steady) = pair_elo(&[1.5; 8]);
        let (_, mixed) = pair_elo(&[2.0, 1.0, 2.0, 1.0, 2.0, 1.0, 2.0, 1.0]);
        assert!(mixed > steady);
    }

    #[test]
    fn a_table_needs_ratings_that_rise_with_the_budget() {
        let points = table(&[measured(18_000, 1800, 93.4), measured(1_131, 1400, -52.5)]).unwrap();
        assert_eq!(
            points.iter().map(|p| (p.elo, p.nodes)).collect::<Vec<_>>(),
            [(1348, 1_131), (1893, 18_000)]
        );
        let error = table(&[measured(1_000, 1400, 50.0), measured(4_000, 1400, 0.0)]).unwrap_err();
        assert!(error.contains("must rise"), "{error}");
        assert!(table(&[measured(1_000, 1400, 0.0)]).is_err());
    }

    #[test]
    fn the_table_is_written_as_source_and_as_markdown() {
        let points = [
            CalibrationPoint {
                elo: 1348,
                nodes: 1_131,
                temperature: 25.302,
            },
            CalibrationPoint {
                elo: 2046,
                nodes: 144_859,
                temperature: 1.249,
            },
        ];
        let source = calibration_source(&points, 200, "10+0.1");
        assert!(
            source.contains("pub const CALIBRATION: [CalibrationPoint; 2] = ["),
            "{source}"
        );
        assert!(
            source.contains("nodes: 144_859,\n        temperature: 1.249,"),
            "{source}"
        );
        let doc = markdown_table(&[measured(144_859, 2100, -54.3)]);
        assert!(
            doc.contains("| 144,859 | 5.00 cp | 2100 | +1 =0 −1 | -54.3 ± 50.0 | 2046 |"),
            "{doc}"
        );
    }

    #[test]
    fn text_between_two_marks_is_replaced_and_the_marks_kept() {
        let text = "a\n<!-- start -->\nold\nold\n<!-- end -->\nb\n";
        let new = replace_between(text, "<!-- start", "<!-- end", "new\n").unwrap();
        assert_eq!(new, "a\n<!-- start -->\nnew\n<!-- end -->\nb\n");
        assert!(replace_between(text, "<!-- none", "<!-- end", "x").is_err());
    }
}

//! A position as the tuner sees it: its trace's sparse coefficients and the
//! factors the evaluation applies after the weighted sum, and the model
//! that rebuilds the evaluation from them.

use eval_terms::{Tables, Trace, Weights, evaluate};
use movegen::Board;

/// One traced position.
#[derive(Clone)]
pub(crate) struct Sample {
    /// (flat weight index, White-minus-Black coefficient).
    pub(super) coefficients: Vec<(u32, i32)>,
    /// Middlegame weight, 0..=120.
    pub(super) phase: f64,
    /// The endgame half's drawing-chance factor.
    pub(super) drawing: f64,
    /// Pair-o-Max's pair bonuses (not tuned).
    pub(super) pair_bonus: f64,
    /// Pair-o-Max's divisor.
    pub(super) divisor: f64,
    /// The game's result from White's side.
    pub(super) result: f64,
}

/// Traces `board` with `weights` into a sample.
pub(crate) fn sample(board: &Board, weights: &Weights, tables: &mut Tables, result: f64) -> Sample {
    let mut trace = Trace::default();
    let evaluation = evaluate(board, weights, Some(tables), &mut trace);
    let coefficients = trace
        .coefficients
        .iter()
        .enumerate()
        .filter(|(_, [w, b])| w != b)
        .map(|(i, [w, b])| (i as u32, w - b))
        .collect();
    Sample {
        coefficients,
        phase: f64::from(evaluation.phase.0),
        drawing: f64::from(evaluation.drawing.scale) / f64::from(eval_terms::DRAW_SCALE_ONE),
        pair_bonus: f64::from(evaluation.pair_bonus),
        divisor: f64::from(evaluation.mating.map_or(1, |s| s.divisor())),
        result,
    }
}

/// Weights as floats: middlegame and endgame halves.
#[derive(Clone)]
pub(crate) struct Params {
    pub(crate) mg: Vec<f64>,
    pub(crate) eg: Vec<f64>,
}

impl Params {
    pub(crate) fn from_weights(weights: &Weights) -> Params {
        let flat = weights.to_flat();
        Params {
            mg: flat.iter().map(|s| f64::from(s.mg())).collect(),
            eg: flat.iter().map(|s| f64::from(s.eg())).collect(),
        }
    }

    pub(crate) fn to_weights(&self) -> Weights {
        let flat: Vec<eval_terms::S> = self
            .mg
            .iter()
            .zip(&self.eg)
            .map(|(mg, eg)| eval_terms::S::new(mg.round() as i32, eg.round() as i32))
            .collect();
        Weights::from_flat(&flat).expect("one value per weight")
    }
}

/// The tuner's model of the evaluation (White's side, centipawns).
pub(crate) fn model(sample: &Sample, params: &Params) -> f64 {
    let (mut mg, mut eg) = (0.0, 0.0);
    for &(i, c) in &sample.coefficients {
        mg += params.mg[i as usize] * f64::from(c);
        eg += params.eg[i as usize] * f64::from(c);
    }
    let tapered = (mg * sample.phase + eg * sample.drawing * (120.0 - sample.phase)) / 120.0;
    (tapered + sample.pair_bonus) / sample.divisor
}

/// Adds `d` times the slope of [`model`] for `sample` in every weight to
/// `grad`: the chain rule's last step, for any loss of the model's output.
pub(super) fn add_model_slope(sample: &Sample, d: f64, grad: &mut Params) {
    let d_mg = d * sample.phase / 120.0 / sample.divisor;
    let d_eg = d * sample.drawing * (120.0 - sample.phase) / 120.0 / sample.divisor;
    for &(i, c) in &sample.coefficients {
        grad.mg[i as usize] += d_mg * f64::from(c);
        grad.eg[i as usize] += d_eg * f64::from(c);
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::tune::data::parse_board;
    use crate::tune::fixtures::DATA;

    #[test]
    fn the_model_matches_the_evaluation() {
        let weights = Weights::default();
        let params = Params::from_weights(&weights);
        for line in DATA {
            let board = parse_board(line).unwrap();
            let mut tables = Tables::default();
            let real = evaluate(
                &board,
                &weights,
                Some(&mut tables),
                &mut eval_terms::NoTrace,
            );
            let s = sample(&board, &weights, &mut Tables::default(), 0.5);
            // The engine rounds at each division; the model does not.
            assert!(
                (model(&s, &params) - f64::from(real.white_score)).abs() <= 2.0,
                "{line}"
            );
        }
    }
}

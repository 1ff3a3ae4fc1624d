//! Data the tuning tests share: a few real positions, and synthetic
//! samples labelled by the model itself.

use super::data::{parse_board, parse_result};
use super::loss::sigmoid;
use super::trace::{Params, Sample, model, sample};
use eval_terms::{Tables, Weights};

pub(super) const DATA: &[&str] = &[
    "r1bqkb1r/pppp1ppp/2n2n2/4p3/2B1P3/5N2/PPPP1PPP/RNBQK2R w KQkq - 4 4 [0.5]",
    "4k3/8/8/8/8/8/4P3/4K3 w - - 0 1 [1.0]",
    "4k3/pp6/8/8/8/8/8/4K3 b - - c9 \"0-1\";",
    "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1 1/2-1/2",
    "8/8/4k3/8/1B6/4K3/8/6N1 w - - 0 1 [1.0]",
    "3r2k1/pp3ppp/2p5/8/8/2P5/PP3PPP/3R2K1 w - - 0 1 [0.5]",
];

/// The traced samples of data lines.
pub(super) fn samples(lines: &[&str]) -> Vec<Sample> {
    let weights = Weights::default();
    let mut tables = Tables::default();
    lines
        .iter()
        .map(|l| {
            sample(
                &parse_board(l).unwrap(),
                &weights,
                &mut tables,
                parse_result(l).unwrap(),
            )
        })
        .collect()
}

/// Samples on weight `index` alone, through mixed phases, labelled by
/// the model with that weight at (`mg`, `eg`).
pub(super) fn synthetic(index: usize, mg: f64, eg: f64, k: f64) -> Vec<Sample> {
    let mut truth = Params::from_weights(&Weights::default());
    truth.mg[index] = mg;
    truth.eg[index] = eg;
    (0..60)
        .map(|i| {
            let mut s = Sample {
                coefficients: vec![(index as u32, i % 7 - 3)],
                phase: f64::from((i * 37) % 121),
                drawing: 1.0,
                pair_bonus: 0.0,
                divisor: 1.0,
                result: 0.0,
            };
            s.result = sigmoid(k, model(&s, &truth));
            s
        })
        .collect()
}

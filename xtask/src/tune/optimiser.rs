//! The optimisers: Adam over every weight under a [`Prior`], or one shrink
//! factor per group or term.

use super::facts::FactConstraint;
use super::loss::{fit_k, gradient, loss};
use super::trace::Params;
use super::trace::Sample;
use crate::progress;
use eval_terms::Weights;

/// How far the tuner may stray from the starting weights.
#[derive(Clone, Copy, Debug)]
pub(crate) struct Prior {
    /// The L2 pull towards the starting weights, per centipawn squared.
    /// Adam moves a weight the data rarely exercises as fast as a common
    /// one, so without a pull rare terms drift to whatever fits their few
    /// positions.
    pub(crate) l2: f64,
    /// Keep a half at zero when it starts at zero and the other half does
    /// not: the Compendium's opening-only and endgame-only terms.
    pub(crate) keep_one_phase_terms: bool,
    /// Which weights may cross zero or leave it.
    pub(crate) signs: Signs,
    /// Keep the mating technique (mop-up and KBN vs K) at its starting
    /// weights: games are adjudicated or resigned long before a bare king
    /// is driven to the edge, so the data barely sees these terms, yet the
    /// engine needs them to finish won endings (a free tune halved the
    /// mop-up and turned the seed's KR vs K mate in 8 into a mate in 10).
    pub(crate) keep_technique: bool,
}

/// How the tuner treats zero: where a term points, and a table's reference.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum Signs {
    /// Every nonzero weight stays on the side of zero it starts on, at
    /// least 1 cp away, and every zero stays at zero: the Compendium says
    /// which way a term points and where a table has its reference entry,
    /// the data how far; a term that flipped would no longer be the term
    /// it names.
    Kept,
    /// Nonzero weights keep their signs; a zero moves either way. The
    /// reference entry of a table (a knight with four squares, a pawn on a
    /// file the Compendium leaves neutral) and the empty half of an
    /// opening-only or endgame-only term (with `keep_one_phase_terms` off)
    /// say nothing about a direction.
    ZerosFree,
    /// Any weight may cross zero or leave it.
    Free,
}

impl Prior {
    /// Plain least squares: no pull, every half free.
    #[cfg(test)]
    pub(crate) const NONE: Prior = Prior {
        l2: 0.0,
        keep_one_phase_terms: false,
        signs: Signs::Free,
        keep_technique: false,
    };
}

/// The terms that drive a bare king to the edge and corner.
fn is_mating_technique(p: &eval_terms::Param) -> bool {
    p.name.starts_with("MOP_UP") || p.name.starts_with("KBN")
}

/// Adam over the flat weights, full batch, with the chess `facts` as a
/// penalty; returns the parameters of the epoch with the lowest loss on
/// `held_back` plus that penalty, and the loss alone.
#[allow(clippy::too_many_arguments)]
pub(crate) fn adam(
    train: &[Sample],
    held_back: &[Sample],
    start: &Params,
    k: f64,
    epochs: usize,
    lr: f64,
    prior: Prior,
    facts: &FactConstraint,
    mut report: impl FnMut(usize, f64, f64),
) -> (Params, f64) {
    let (beta1, beta2, eps) = (0.9, 0.999, 1e-8);
    let len = start.mg.len();
    let mut params = start.clone();
    let technique: Vec<bool> = Weights::params()
        .iter()
        .flat_map(|p| std::iter::repeat_n(is_mating_technique(p), p.len))
        .collect();
    let fixed: Vec<bool> = (0..2 * len)
        .map(|j| {
            let (own, other) = if j < len {
                (start.mg[j], start.eg[j])
            } else {
                (start.eg[j - len], start.mg[j - len])
            };
            (prior.keep_one_phase_terms && own == 0.0 && other != 0.0)
                || (prior.signs == Signs::Kept && own == 0.0)
                || (prior.keep_technique && technique[j % len])
        })
        .collect();
    let mut m = vec![0.0; 2 * len];
    let mut v = vec![0.0; 2 * len];
    let held = loss(held_back, &params, k);
    let mut best = (params.clone(), held, held + facts.penalty(&params));
    for epoch in 1..=epochs {
        let mut grad = gradient(train, &params, k);
        facts.add_gradient(&params, &mut grad);
        for j in 0..2 * len {
            if fixed[j] {
                continue;
            }
            let (g, value, origin) = if j < len {
                (grad.mg[j], params.mg[j], start.mg[j])
            } else {
                (grad.eg[j - len], params.eg[j - len], start.eg[j - len])
            };
            let g = g + 2.0 * prior.l2 * (value - origin);
            m[j] = beta1 * m[j] + (1.0 - beta1) * g;
            v[j] = beta2 * v[j] + (1.0 - beta2) * g * g;
            let m_hat = m[j] / (1.0 - beta1.powi(epoch as i32));
            let v_hat = v[j] / (1.0 - beta2.powi(epoch as i32));
            let mut next = value - lr * m_hat / (v_hat.sqrt() + eps);
            if prior.signs != Signs::Free && origin.abs() >= 1.0 {
                next = if origin > 0.0 {
                    next.max(1.0)
                } else {
                    next.min(-1.0)
                };
            }
            if j < len {
                params.mg[j] = next;
            } else {
                params.eg[j - len] = next;
            }
        }
        let held = loss(held_back, &params, k);
        let judged = held + facts.penalty(&params);
        if judged < best.2 {
            best = (params.clone(), held, judged);
        }
        report(epoch, loss(train, &params, k), held);
    }
    (best.0, best.1)
}

/// One multiplier per `eval` group, or per term with `per_term` (Material
/// and the mating technique held at 1: the first anchors the scale, the
/// second is for won endings games rarely reach), fitted by Adam with K
/// refitted between rounds and kept in [0.1, 1]: the Compendium's value is
/// the ceiling, so the fit can only say a term is worth less than the book
/// says. A dozen or a hundred parameters, so a few tens of thousands of
/// positions determine them where they could not determine every weight.
/// Returns the scaled parameters, the multipliers and K.
pub(crate) fn fit_group_scales(
    train: &[Sample],
    held_back: &[Sample],
    start: &Params,
    rounds: usize,
    per_term: bool,
) -> (Params, Vec<(&'static str, f64)>, f64) {
    let label = |p: &eval_terms::Param| if per_term { p.name } else { p.group };
    let mut groups: Vec<&'static str> = Vec::new();
    for p in Weights::params() {
        if !groups.contains(&label(p)) {
            groups.push(label(p));
        }
    }
    let group_of: Vec<usize> = Weights::params()
        .iter()
        .flat_map(|p| {
            std::iter::repeat_n(groups.iter().position(|g| *g == label(p)).unwrap(), p.len)
        })
        .collect();
    // Material sets the scale; the mating technique is for won endings the games rarely reach.
    let anchored = |p: &eval_terms::Param| p.group == "Material" || is_mating_technique(p);
    let anchor_group = |g: &str| {
        Weights::params()
            .iter()
            .any(|p| anchored(p) && (p.group == g || p.name == g))
    };
    let mut scales = vec![1.0f64; groups.len()];
    let apply = |scales: &[f64]| -> Params {
        Params {
            mg: start
                .mg
                .iter()
                .zip(&group_of)
                .map(|(w, g)| w * scales[*g])
                .collect(),
            eg: start
                .eg
                .iter()
                .zip(&group_of)
                .map(|(w, g)| w * scales[*g])
                .collect(),
        }
    };
    let mut k = fit_k(train, start);
    let (beta1, beta2, eps, lr) = (0.9, 0.999, 1e-12, 0.01);
    let bar = progress::bar(rounds as u64 * 150, "epoch {pos}/{len}");
    for round in 0..rounds {
        let mut m = vec![0.0; scales.len()];
        let mut v = vec![0.0; scales.len()];
        for epoch in 1..=150 {
            let params = apply(&scales);
            let grad = gradient(train, &params, k);
            let mut g = vec![0.0; scales.len()];
            for i in 0..start.mg.len() {
                g[group_of[i]] += grad.mg[i] * start.mg[i] + grad.eg[i] * start.eg[i];
            }
            for j in 0..scales.len() {
                if anchor_group(groups[j]) {
                    continue;
                }
                m[j] = beta1 * m[j] + (1.0 - beta1) * g[j];
                v[j] = beta2 * v[j] + (1.0 - beta2) * g[j] * g[j];
                let m_hat = m[j] / (1.0 - beta1.powi(epoch));
                let v_hat = v[j] / (1.0 - beta2.powi(epoch));
                scales[j] -= lr * m_hat / (v_hat.sqrt() + eps);
                // Shrink only: the Compendium's value is the ceiling, a tenth of it the floor.
                scales[j] = scales[j].clamp(0.1, 1.0);
            }
            bar.inc(1);
        }
        k = fit_k(train, &apply(&scales));
        progress::note(
            &bar,
            format!(
                "round {}: K {k:.4}, train {:.6}, held-back {:.6}",
                round + 1,
                loss(train, &apply(&scales), k),
                loss(held_back, &apply(&scales), k)
            ),
        );
    }
    bar.finish_and_clear();
    let named = groups.into_iter().zip(scales.iter().copied()).collect();
    // A shrunk weight keeps at least one centipawn of its sign, so no term rounds away.
    let mut scaled = apply(&scales);
    for (value, start) in scaled
        .mg
        .iter_mut()
        .zip(&start.mg)
        .chain(scaled.eg.iter_mut().zip(&start.eg))
    {
        if *start != 0.0 && value.round() == 0.0 {
            *value = start.signum();
        }
    }
    (scaled, named, k)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::tune::fixtures::synthetic;

    /// Adam on `data` (trained and judged on the same samples), no facts.
    fn fit(data: &[Sample], start: &Params, k: f64, epochs: usize, prior: Prior) -> (Params, f64) {
        let none = FactConstraint::none();
        adam(
            data,
            data,
            start,
            k,
            epochs,
            1.0,
            prior,
            &none,
            |_, _, _| {},
        )
    }

    #[test]
    fn tuning_recovers_a_known_weight() {
        // A pawn-count coefficient labelled with the weight at (130, 90):
        // tuning from the default (100, 100) finds it.
        let pawn = eval_terms::weights::PAWN_VALUE.at(0);
        let k = 1.0;
        let data = synthetic(pawn, 130.0, 90.0, k);
        let start = Params::from_weights(&Weights::default());
        let (best, held) = fit(&data, &start, k, 3000, Prior::NONE);
        assert!((best.mg[pawn] - 130.0).abs() < 2.0, "mg {}", best.mg[pawn]);
        assert!((best.eg[pawn] - 90.0).abs() < 2.0, "eg {}", best.eg[pawn]);
        assert!(held < 1e-6);
    }

    #[test]
    fn the_prior_keeps_one_phase_halves_and_pulls_towards_the_start() {
        // The development lead is an opening term: its endgame half starts
        // at zero in the Compendium. A tune with `--free-phases` may have
        // moved it in the table in use, so the start puts it back. Labels
        // want (60, 40).
        let lead = eval_terms::weights::DEVELOPMENT_LEAD.at(0);
        let mut start = Params::from_weights(&Weights::default());
        start.eg[lead] = 0.0;
        assert!(start.mg[lead] != 0.0);
        let k = 1.0;
        let data = synthetic(lead, 60.0, 40.0, k);
        let tune = |l2| {
            let prior = Prior {
                l2,
                signs: Signs::Free,
                ..ALL_HELD
            };
            fit(&data, &start, k, 3000, prior).0
        };
        let free = tune(0.0);
        assert_eq!(free.eg[lead], 0.0, "the endgame half moved");
        assert!(free.mg[lead] > 55.0, "mg {}", free.mg[lead]);
        let pulled = tune(1e-6);
        assert!(
            pulled.mg[lead] > start.mg[lead] + 1.0 && pulled.mg[lead] < free.mg[lead] - 5.0,
            "with the pull {} (start {}, free {})",
            pulled.mg[lead],
            start.mg[lead],
            free.mg[lead]
        );
    }

    /// Every constraint on, no pull.
    const ALL_HELD: Prior = Prior {
        l2: 0.0,
        keep_one_phase_terms: true,
        signs: Signs::Kept,
        keep_technique: true,
    };

    #[test]
    fn the_prior_keeps_signs() {
        // Labels want the development lead negative; it stops at 1 cp.
        let lead = eval_terms::weights::DEVELOPMENT_LEAD.at(0);
        let mut start = Params::from_weights(&Weights::default());
        let k = 1.0;
        let data = synthetic(lead, -40.0, 0.0, k);
        let prior = ALL_HELD;
        let (kept, _) = fit(&data, &start, k, 1000, prior);
        assert_eq!(kept.mg[lead], 1.0);
        let free = Prior {
            signs: Signs::Free,
            ..prior
        };
        let (crossed, _) = fit(&data, &start, k, 1000, free);
        assert!(crossed.mg[lead] < -30.0, "mg {}", crossed.mg[lead]);
        // A table's zero entry (a piece on the a file) is its reference point.
        // The Compendium's is zero; a free-zeros tune may have moved the one
        // in use, so the test starts from the Compendium's.
        let a_file = eval_terms::weights::PIECE_FILE.at(0);
        (start.mg[a_file], start.eg[a_file]) = (0.0, 0.0);
        let data = synthetic(a_file, 30.0, 30.0, k);
        let (kept, _) = fit(&data, &start, k, 1000, prior);
        assert_eq!((kept.mg[a_file], kept.eg[a_file]), (0.0, 0.0));
        // Zeros freed, it moves; a signed weight still stops at 1 cp.
        let zeros_free = Prior {
            signs: Signs::ZerosFree,
            ..prior
        };
        let (moved, _) = fit(&data, &start, k, 1000, zeros_free);
        assert!(moved.mg[a_file] > 20.0, "mg {}", moved.mg[a_file]);
        let data = synthetic(lead, -40.0, 0.0, k);
        let (kept, _) = fit(&data, &start, k, 1000, zeros_free);
        assert_eq!(kept.mg[lead], 1.0);
    }

    #[test]
    fn the_prior_holds_the_mating_technique() {
        let edge = eval_terms::weights::MOP_UP_EDGE.at(0);
        let start = Params::from_weights(&Weights::default());
        let k = 1.0;
        let data = synthetic(edge, 0.0, 5.0, k);
        let prior = ALL_HELD;
        let (held, _) = fit(&data, &start, k, 1000, prior);
        assert_eq!(held.eg[edge], start.eg[edge]);
        let free = Prior {
            keep_technique: false,
            ..prior
        };
        let (moved, _) = fit(&data, &start, k, 1000, free);
        assert!((moved.eg[edge] - 5.0).abs() < 1.0, "eg {}", moved.eg[edge]);
    }

    #[test]
    fn the_facts_pull_a_table_that_breaks_them_back() {
        let weights = Weights::default();
        let facts = FactConstraint::every_fact(&weights, 1e-3);
        let start = crate::tune::facts::rim_knights(&Params::from_weights(&weights));
        assert!(facts.short(&start) > 0);
        let data = crate::tune::fixtures::samples(crate::tune::fixtures::DATA);
        let tune = |facts: &FactConstraint| {
            adam(
                &data,
                &data,
                &start,
                1.0,
                300,
                1.0,
                Prior::NONE,
                facts,
                |_, _, _| {},
            )
            .0
        };
        assert_eq!(facts.short(&tune(&facts)), 0);
        assert!(facts.short(&tune(&FactConstraint::none())) > 0);
    }
}

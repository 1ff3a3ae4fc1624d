//! The loss the tuner minimises, its exact gradient (both spread over every
//! core) and the fit of the sigmoid's K.

use super::trace::{Params, Sample, add_model_slope, model};

/// The predicted result (White's side) of an evaluation, with the sigmoid constant `k`.
pub(super) fn sigmoid(k: f64, eval: f64) -> f64 {
    1.0 / (1.0 + 10f64.powf(-k * eval / 400.0))
}

/// Below this many samples a pass runs on one thread: spawning costs more.
const SAMPLES_PER_THREAD: usize = 50_000;

/// `work` over contiguous chunks of `samples`, one per core, in order.
fn on_every_core<T: Send>(samples: &[Sample], work: impl Fn(&[Sample]) -> T + Sync) -> Vec<T> {
    let cores = std::thread::available_parallelism().map_or(1, usize::from);
    let threads = cores.min(samples.len() / SAMPLES_PER_THREAD).max(1);
    if threads == 1 {
        return vec![work(samples)];
    }
    let chunk = samples.len().div_ceil(threads);
    std::thread::scope(|scope| {
        let handles: Vec<_> = samples
            .chunks(chunk)
            .map(|part| scope.spawn(|| work(part)))
            .collect();
        handles
            .into_iter()
            .map(|h| h.join().expect("a tuning thread panicked"))
            .collect()
    })
}

/// Mean squared error of the predicted results.
pub(crate) fn loss(samples: &[Sample], params: &Params, k: f64) -> f64 {
    let total: f64 = on_every_core(samples, |part| {
        part.iter()
            .map(|s| (s.result - sigmoid(k, model(s, params))).powi(2))
            .sum::<f64>()
    })
    .into_iter()
    .sum();
    total / samples.len().max(1) as f64
}

/// The exact gradient of [`loss`] with respect to every mg and eg weight.
pub(crate) fn gradient(samples: &[Sample], params: &Params, k: f64) -> Params {
    let n = samples.len().max(1) as f64;
    let mut parts = on_every_core(samples, |part| partial_gradient(part, params, k, n)).into_iter();
    let mut grad = parts.next().expect("at least one part");
    for part in parts {
        for (sum, x) in grad.mg.iter_mut().zip(part.mg) {
            *sum += x;
        }
        for (sum, x) in grad.eg.iter_mut().zip(part.eg) {
            *sum += x;
        }
    }
    grad
}

/// The gradient's terms from `samples`, each divided by the whole set's size `n`.
fn partial_gradient(samples: &[Sample], params: &Params, k: f64, n: f64) -> Params {
    let mut grad = Params {
        mg: vec![0.0; params.mg.len()],
        eg: vec![0.0; params.eg.len()],
    };
    for s in samples {
        let p = sigmoid(k, model(s, params));
        // d loss / d eval for this sample.
        let d = -2.0 * (s.result - p) * p * (1.0 - p) * k * std::f64::consts::LN_10 / 400.0 / n;
        add_model_slope(s, d, &mut grad);
    }
    grad
}

/// The K that best fits the results with `params` (golden-section search).
pub(crate) fn fit_k(samples: &[Sample], params: &Params) -> f64 {
    let (mut lo, mut hi) = (0.1, 4.0);
    let ratio = (5f64.sqrt() - 1.0) / 2.0;
    for _ in 0..40 {
        let a = hi - ratio * (hi - lo);
        let b = lo + ratio * (hi - lo);
        if loss(samples, params, a) < loss(samples, params, b) {
            hi = b;
        } else {
            lo = a;
        }
    }
    (lo + hi) / 2.0
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::tune::fixtures::{DATA, samples, synthetic};
    use eval_terms::Weights;

    #[test]
    fn the_gradient_matches_finite_differences() {
        let data = samples(DATA);
        let params = Params::from_weights(&Weights::default());
        let k = 1.2;
        let grad = gradient(&data, &params, k);
        let h = 1e-3;
        let mut checked = 0;
        for i in 0..params.mg.len() {
            for half in 0..2 {
                let analytic = if half == 0 { grad.mg[i] } else { grad.eg[i] };
                let mut plus = params.clone();
                let mut minus = params.clone();
                if half == 0 {
                    plus.mg[i] += h;
                    minus.mg[i] -= h;
                } else {
                    plus.eg[i] += h;
                    minus.eg[i] -= h;
                }
                let numeric = (loss(&data, &plus, k) - loss(&data, &minus, k)) / (2.0 * h);
                assert!(
                    (analytic - numeric).abs() <= 1e-7 + 1e-4 * numeric.abs(),
                    "weight {i} half {half}: {analytic} vs {numeric}"
                );
                if analytic != 0.0 {
                    checked += 1;
                }
            }
        }
        assert!(checked > 50, "only {checked} weights move the loss");
    }

    #[test]
    fn the_threaded_passes_match_one_thread() {
        let pawn = eval_terms::weights::PAWN_VALUE.at(0);
        let k = 1.0;
        let samples: Vec<Sample> = (0..2 * SAMPLES_PER_THREAD / 60 + 1)
            .flat_map(|_| synthetic(pawn, 130.0, 90.0, k))
            .collect();
        let start = Params::from_weights(&Weights::default());
        let n = samples.len() as f64;
        let threaded = gradient(&samples, &start, k);
        let single = partial_gradient(&samples, &start, k, n);
        for (a, b) in threaded
            .mg
            .iter()
            .zip(&single.mg)
            .chain(threaded.eg.iter().zip(&single.eg))
        {
            assert!((a - b).abs() <= 1e-12 * b.abs().max(1e-9), "{a} vs {b}");
        }
        assert!(single.mg[pawn] != 0.0);
        let single_loss: f64 = samples
            .iter()
            .map(|s| (s.result - sigmoid(k, model(s, &start))).powi(2))
            .sum::<f64>()
            / n;
        assert!((loss(&samples, &start, k) - single_loss).abs() < 1e-12);
    }
}

//! `cargo xtask tune --data FILE`: Texel tuning of every eval-terms weight.
//!
//! Each position is traced once: the evaluation is linear in the weights
//! up to the taper, the drawing-chance scale and Pair-o-Max's divisor, so
//! a position is kept as its sparse coefficients (White minus Black) plus
//! those three factors. The sigmoid constant K is fitted first (with the
//! starting weights), then Adam runs full-batch epochs over the middlegame
//! and endgame halves; a tenth of the data is held back (see
//! [`held_back_mask`]), and the weights of
//! the epoch with the lowest held-back loss are written out as the Rust
//! source of the weight table.
//!
//! With `--groups` (or `--per-term`) only one multiplier per `eval` group
//! (or per term) is fitted, in [0.1, 1], for data sets too small to set
//! every weight; see [`fit_group_scales`].
//!
//! Options: `--epochs N` (default 400), `--lr X` (default 1.0, in
//! centipawns per step), `--out PATH` (default the table itself,
//! `crates/eval-terms/src/weights.rs`), `--limit N` (read at most N lines),
//! `--l2 X` (the pull towards the starting weights, default 1e-7 per
//! centipawn squared; see [`Prior`]), `--free-phases` (let the zero half of
//! an opening-only or endgame-only term move too), `--free-signs` (let a
//! weight cross zero or leave it), `--free-technique` (tune the mop-up and
//! KBN vs K terms too).
//!
//! Data lines: a FEN (4 to 6 fields) and a result, written any of the usual
//! ways: `[1.0]` / `[0.5]` / `[0]`, `c9 "1-0";`, or a bare `1-0`, `0-1`,
//! `1/2-1/2` field. Results are from White's side.

use crate::progress;
use eval_terms::{Tables, Trace, Weights, evaluate};
use movegen::Board;
use std::io::{BufRead, Write};

/// One traced position.
pub(crate) struct Sample {
    /// (flat weight index, White-minus-Black coefficient).
    coefficients: Vec<(u32, i32)>,
    /// Middlegame weight, 0..=120.
    phase: f64,
    /// The endgame half's drawing-chance factor.
    drawing: f64,
    /// Pair-o-Max's pair bonuses (not tuned).
    pair_bonus: f64,
    /// Pair-o-Max's divisor.
    divisor: f64,
    /// The game's result from White's side.
    result: f64,
}

/// The result written on a data line, from White's side.
pub(crate) fn parse_result(line: &str) -> Option<f64> {
    for (pattern, value) in [
        ("[1.0]", 1.0),
        ("[1]", 1.0),
        ("[0.5]", 0.5),
        ("[0.0]", 0.0),
        ("[0]", 0.0),
        ("\"1-0\"", 1.0),
        ("\"0-1\"", 0.0),
        ("\"1/2-1/2\"", 0.5),
    ] {
        if line.contains(pattern) {
            return Some(value);
        }
    }
    line.split_whitespace()
        .find_map(|field| match field.trim_end_matches(';') {
            "1-0" => Some(1.0),
            "0-1" => Some(0.0),
            "1/2-1/2" => Some(0.5),
            _ => None,
        })
}

/// The position on a data line: its first six fields as a FEN, or its first four.
pub(crate) fn parse_board(line: &str) -> Option<Board> {
    let fields: Vec<&str> = line.split_whitespace().collect();
    if fields.len() >= 6 {
        if let Ok(board) = Board::from_fen(&fields[..6].join(" ")) {
            return Some(board);
        }
    }
    if fields.len() >= 4 {
        return Board::from_fen(&format!("{} 0 1", fields[..4].join(" "))).ok();
    }
    None
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

fn sigmoid(k: f64, eval: f64) -> f64 {
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
        let d_mg = d * s.phase / 120.0 / s.divisor;
        let d_eg = d * s.drawing * (120.0 - s.phase) / 120.0 / s.divisor;
        for &(i, c) in &s.coefficients {
            grad.mg[i as usize] += d_mg * f64::from(c);
            grad.eg[i as usize] += d_eg * f64::from(c);
        }
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
    /// Keep every nonzero weight on the side of zero it starts on, at least
    /// 1 cp away, and every zero at zero: the Compendium says which way a
    /// term points and where a table has its reference entry, the data how
    /// far; a term that flipped would no longer be the term it names.
    pub(crate) keep_signs: bool,
    /// Keep the mating technique (mop-up and KBN vs K) at its starting
    /// weights: games are adjudicated or resigned long before a bare king
    /// is driven to the edge, so the data barely sees these terms, yet the
    /// engine needs them to finish won endings (a free tune halved the
    /// mop-up and turned the seed's KR vs K mate in 8 into a mate in 10).
    pub(crate) keep_technique: bool,
}

impl Prior {
    /// Plain least squares: no pull, every half free.
    #[cfg(test)]
    pub(crate) const NONE: Prior = Prior {
        l2: 0.0,
        keep_one_phase_terms: false,
        keep_signs: false,
        keep_technique: false,
    };
}

/// The terms that drive a bare king to the edge and corner.
fn is_mating_technique(p: &eval_terms::Param) -> bool {
    p.name.starts_with("MOP_UP") || p.name.starts_with("KBN")
}

/// Adam over the flat weights, full batch; returns the parameters of the
/// epoch with the lowest loss on `held_back`, and that loss.
#[allow(clippy::too_many_arguments)]
pub(crate) fn adam(
    train: &[Sample],
    held_back: &[Sample],
    start: &Params,
    k: f64,
    epochs: usize,
    lr: f64,
    prior: Prior,
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
                || (prior.keep_signs && own == 0.0)
                || (prior.keep_technique && technique[j % len])
        })
        .collect();
    let mut m = vec![0.0; 2 * len];
    let mut v = vec![0.0; 2 * len];
    let mut best = (params.clone(), loss(held_back, &params, k));
    for epoch in 1..=epochs {
        let grad = gradient(train, &params, k);
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
            if prior.keep_signs && origin.abs() >= 1.0 {
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
        if held < best.1 {
            best = (params.clone(), held);
        }
        report(epoch, loss(train, &params, k), held);
    }
    best
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

/// The default pull towards the starting weights (see [`Prior`]).
const DEFAULT_L2: &str = "1e-7";

/// Lines per block of the held-back split (a few games' worth).
const HELD_BACK_BLOCK: usize = 500;

/// `cargo xtask tune`: Texel-tunes every evaluation weight (K fit, Adam, a
/// held-back tenth in blocks of whole games) and writes the weight table.
#[derive(clap::Args, Debug)]
pub(crate) struct Args {
    /// Positions with results: `FEN [1.0]`, `FEN c9 "1-0";` or `FEN 1-0` lines (White's side).
    #[arg(long, value_name = "FILE")]
    data: String,
    /// Full-batch Adam epochs.
    #[arg(long, value_name = "N", default_value_t = 400)]
    epochs: usize,
    /// Adam's step, in centipawns.
    #[arg(long, value_name = "X", default_value = "1.0")]
    lr: f64,
    /// Where to write the tuned weight table [default: crates/eval-terms/src/weights.rs].
    #[arg(long, value_name = "PATH")]
    out: Option<String>,
    /// Read at most N lines of --data.
    #[arg(long, value_name = "N")]
    limit: Option<usize>,
    /// The L2 pull towards the starting weights, per centipawn squared.
    #[arg(long, value_name = "X", default_value = DEFAULT_L2)]
    l2: f64,
    /// Let the zero half of an opening-only or endgame-only term move too.
    #[arg(long)]
    free_phases: bool,
    /// Let a weight cross zero, or leave zero.
    #[arg(long)]
    free_signs: bool,
    /// Tune the mop-up and KBN vs K terms too.
    #[arg(long)]
    free_technique: bool,
    /// Fit only one shrink factor per evaluation group (for small data sets).
    #[arg(long, conflicts_with = "per_term")]
    groups: bool,
    /// Fit only one shrink factor per evaluation term (for small data sets).
    #[arg(long)]
    per_term: bool,
}

/// Where a sample came from in the data file.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) struct Origin {
    /// Its line number (from 0).
    pub(crate) line: usize,
    /// The `# game` lines before it: datagen ends each game with one.
    pub(crate) game: usize,
}

/// Which samples are held back, given where each came from and how many
/// lines were read.
///
/// With at least ten blocks of [`HELD_BACK_BLOCK`] lines, every tenth block
/// (as always, so that results on large files stay reproducible). On less,
/// every tenth game when the file marks its games (`marked`: datagen's
/// `# game i` lines), else every tenth of the positions in order; with
/// fewer than ten games (or positions) the last one. Empty when there is
/// only one game (or position): then nothing can be held back honestly.
pub(crate) fn held_back_mask(origins: &[Origin], lines: usize, marked: bool) -> Vec<bool> {
    if lines.div_ceil(HELD_BACK_BLOCK) >= 10 {
        return origins
            .iter()
            .map(|o| (o.line / HELD_BACK_BLOCK) % 10 == 9)
            .collect();
    }
    // Units: games that have positions, numbered in order; else tenths of the positions.
    let mut units = Vec::with_capacity(origins.len());
    if marked {
        let mut unit = 0;
        for (i, o) in origins.iter().enumerate() {
            if i > 0 && origins[i - 1].game != o.game {
                unit += 1;
            }
            units.push(unit);
        }
    } else {
        let n = origins.len();
        units.extend((0..n).map(|i| i * 10.min(n) / n.max(1)));
    }
    let count = units.last().map_or(0, |u| u + 1);
    if count < 2 {
        return vec![false; origins.len()];
    }
    units
        .into_iter()
        .map(|u| {
            if count >= 10 {
                u % 10 == 9
            } else {
                u == count - 1
            }
        })
        .collect()
}

pub(crate) fn run(args: &Args) -> Result<(), String> {
    let data = args.data.as_str();
    let (epochs, lr) = (args.epochs, args.lr);
    let prior = Prior {
        l2: args.l2,
        keep_one_phase_terms: !args.free_phases,
        keep_signs: !args.free_signs,
        keep_technique: !args.free_technique,
    };
    let limit = args.limit.unwrap_or(usize::MAX);
    let out = args.out.clone().unwrap_or_else(|| {
        concat!(
            env!("CARGO_MANIFEST_DIR"),
            "/../crates/eval-terms/src/weights.rs"
        )
        .to_string()
    });

    let weights = Weights::default();
    let mut tables = Tables::default();
    let file = std::fs::File::open(data).map_err(|e| format!("{data}: {e}"))?;
    let size = file.metadata().map_or(0, |m| m.len());
    let bar = progress::bar(size, "{binary_bytes}/{binary_total_bytes} read");
    let (mut samples, mut origins, mut skipped) = (Vec::new(), Vec::new(), 0usize);
    let (mut lines, mut game) = (0usize, 0usize);
    for (n, line) in std::io::BufReader::new(file)
        .lines()
        .enumerate()
        .take(limit)
    {
        let line = line.map_err(|e| format!("{data}: {e}"))?;
        lines = n + 1;
        bar.inc(line.len() as u64 + 1);
        if line.starts_with("# game") {
            game += 1;
            continue;
        }
        match (parse_board(&line), parse_result(&line)) {
            (Some(board), Some(result)) => {
                samples.push(sample(&board, &weights, &mut tables, result));
                origins.push(Origin { line: n, game });
            }
            _ => skipped += 1,
        }
    }
    bar.finish_and_clear();
    // Whole blocks of lines (or whole games), so that a game's positions
    // mostly fall on one side and the held-back loss is honest.
    let mask = held_back_mask(&origins, lines, game > 0);
    let (mut train, mut held_back) = (Vec::new(), Vec::new());
    for (s, held) in samples.into_iter().zip(mask) {
        if held {
            held_back.push(s);
        } else {
            train.push(s);
        }
    }
    eprintln!(
        "{} training positions, {} held back, {skipped} lines skipped",
        train.len(),
        held_back.len()
    );
    if train.is_empty() && held_back.is_empty() {
        return Err(format!(
            "no line of {data} has a position and a result ({lines} lines read, {skipped} skipped); \
             tune reads `FEN [1.0]`, `FEN c9 \"1-0\";` or `FEN 1-0` lines, as `cargo xtask datagen` \
             and tools/pgn_to_epd.py write them"
        ));
    }
    if train.is_empty() || held_back.is_empty() {
        return Err(format!(
            "{data}: {} usable positions, too few to hold any back to check the fit: tune \
             needs positions from at least two games (datagen ends each game with a `# game` \
             line), and thousands of positions for weights worth keeping; e.g. \
             `cargo xtask datagen --games 100 --nodes 5000 --threads 2 --out FILE`",
            train.len() + held_back.len()
        ));
    }
    let start = Params::from_weights(&weights);
    let k = fit_k(&train, &start);
    let before = loss(&held_back, &start, k);
    println!("K = {k:.4}; held-back loss before: {before:.6}");
    if args.per_term || args.groups {
        let (scaled, scales, k) = fit_group_scales(&train, &held_back, &start, 4, args.per_term);
        for (group, scale) in &scales {
            println!("{group:>14}: x{scale:.3}");
        }
        let after = loss(&held_back, &scaled, k);
        println!("K = {k:.4}; held-back loss after: {after:.6} (before {before:.6})");
        let tuned = scaled.to_weights();
        let mut file = std::fs::File::create(&out).map_err(|e| format!("{out}: {e}"))?;
        file.write_all(tuned.to_rust_source().as_bytes())
            .map_err(|e| format!("{out}: {e}"))?;
        println!("scaled weights written to {out}");
        return Ok(());
    }
    let bar = progress::bar(epochs as u64, "epoch {pos}/{len}");
    let (best, after) = adam(
        &train,
        &held_back,
        &start,
        k,
        epochs,
        lr,
        prior,
        |epoch, train_loss, held| {
            bar.set_message(format!("train {train_loss:.6}  held-back {held:.6}"));
            bar.inc(1);
            if epoch % 50 == 0 || epoch == epochs {
                progress::note(
                    &bar,
                    format!(
                        "epoch {epoch:>5}/{epochs}  train {train_loss:.6}  held-back {held:.6}"
                    ),
                );
            }
        },
    );
    bar.finish_and_clear();
    println!("held-back loss after: {after:.6} (before {before:.6})");
    let tuned = best.to_weights();
    let mut file = std::fs::File::create(&out).map_err(|e| format!("{out}: {e}"))?;
    file.write_all(tuned.to_rust_source().as_bytes())
        .map_err(|e| format!("{out}: {e}"))?;
    println!("tuned weights written to {out}");
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;

    fn samples(lines: &[&str]) -> Vec<Sample> {
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

    const DATA: &[&str] = &[
        "r1bqkb1r/pppp1ppp/2n2n2/4p3/2B1P3/5N2/PPPP1PPP/RNBQK2R w KQkq - 4 4 [0.5]",
        "4k3/8/8/8/8/8/4P3/4K3 w - - 0 1 [1.0]",
        "4k3/pp6/8/8/8/8/8/4K3 b - - c9 \"0-1\";",
        "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1 1/2-1/2",
        "8/8/4k3/8/1B6/4K3/8/6N1 w - - 0 1 [1.0]",
        "3r2k1/pp3ppp/2p5/8/8/2P5/PP3PPP/3R2K1 w - - 0 1 [0.5]",
    ];

    #[test]
    fn every_result_format_is_read() {
        assert_eq!(parse_result("x [1.0]"), Some(1.0));
        assert_eq!(parse_result("x [0]"), Some(0.0));
        assert_eq!(parse_result("x c9 \"1/2-1/2\";"), Some(0.5));
        assert_eq!(parse_result("8/8 w - - 0-1"), Some(0.0));
        assert_eq!(parse_result("no result"), None);
        assert!(parse_board("4k3/8/8/8/8/8/8/4K3 w - - c9 \"1-0\";").is_some());
    }

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

    /// Samples on weight `index` alone, through mixed phases, labelled by
    /// the model with that weight at (`mg`, `eg`).
    fn synthetic(index: usize, mg: f64, eg: f64, k: f64) -> Vec<Sample> {
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

    #[test]
    fn tuning_recovers_a_known_weight() {
        // A pawn-count coefficient labelled with the weight at (130, 90):
        // tuning from the default (100, 100) finds it.
        let pawn = eval_terms::weights::PAWN_VALUE.at(0);
        let k = 1.0;
        let data = synthetic(pawn, 130.0, 90.0, k);
        let start = Params::from_weights(&Weights::default());
        let (best, held) = adam(
            &data,
            &data,
            &start,
            k,
            3000,
            1.0,
            Prior::NONE,
            |_, _, _| {},
        );
        assert!((best.mg[pawn] - 130.0).abs() < 2.0, "mg {}", best.mg[pawn]);
        assert!((best.eg[pawn] - 90.0).abs() < 2.0, "eg {}", best.eg[pawn]);
        assert!(held < 1e-6);
    }

    #[test]
    fn the_prior_keeps_one_phase_halves_and_pulls_towards_the_start() {
        // The development lead is an opening term: its endgame half starts
        // at zero. Labels want (60, 40).
        let lead = eval_terms::weights::DEVELOPMENT_LEAD.at(0);
        let start = Params::from_weights(&Weights::default());
        assert!(start.mg[lead] != 0.0 && start.eg[lead] == 0.0);
        let k = 1.0;
        let data = synthetic(lead, 60.0, 40.0, k);
        let tune = |l2| {
            let prior = Prior {
                l2,
                keep_signs: false,
                ..ALL_HELD
            };
            adam(&data, &data, &start, k, 3000, 1.0, prior, |_, _, _| {}).0
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
        keep_signs: true,
        keep_technique: true,
    };

    #[test]
    fn the_prior_keeps_signs() {
        // Labels want the development lead negative; it stops at 1 cp.
        let lead = eval_terms::weights::DEVELOPMENT_LEAD.at(0);
        let start = Params::from_weights(&Weights::default());
        let k = 1.0;
        let data = synthetic(lead, -40.0, 0.0, k);
        let prior = ALL_HELD;
        let (kept, _) = adam(&data, &data, &start, k, 1000, 1.0, prior, |_, _, _| {});
        assert_eq!(kept.mg[lead], 1.0);
        let free = Prior {
            keep_signs: false,
            ..prior
        };
        let (crossed, _) = adam(&data, &data, &start, k, 1000, 1.0, free, |_, _, _| {});
        assert!(crossed.mg[lead] < -30.0, "mg {}", crossed.mg[lead]);
        // A table's zero entry (a piece on the a file) is its reference point.
        let a_file = eval_terms::weights::PIECE_FILE.at(0);
        assert_eq!((start.mg[a_file], start.eg[a_file]), (0.0, 0.0));
        let data = synthetic(a_file, 30.0, 30.0, k);
        let (kept, _) = adam(&data, &data, &start, k, 1000, 1.0, prior, |_, _, _| {});
        assert_eq!((kept.mg[a_file], kept.eg[a_file]), (0.0, 0.0));
    }

    #[test]
    fn the_prior_holds_the_mating_technique() {
        let edge = eval_terms::weights::MOP_UP_EDGE.at(0);
        let start = Params::from_weights(&Weights::default());
        let k = 1.0;
        let data = synthetic(edge, 0.0, 5.0, k);
        let prior = ALL_HELD;
        let (held, _) = adam(&data, &data, &start, k, 1000, 1.0, prior, |_, _, _| {});
        assert_eq!(held.eg[edge], start.eg[edge]);
        let free = Prior {
            keep_technique: false,
            ..prior
        };
        let (moved, _) = adam(&data, &data, &start, k, 1000, 1.0, free, |_, _, _| {});
        assert!((moved.eg[edge] - 5.0).abs() < 1.0, "eg {}", moved.eg[edge]);
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

    /// Origins of `games` games of `per_game` positions each, datagen-style:
    /// each game's lines followed by its `# game` line.
    fn datagen_origins(games: usize, per_game: usize) -> (Vec<Origin>, usize) {
        let mut origins = Vec::new();
        let mut line = 0;
        for game in 0..games {
            for _ in 0..per_game {
                origins.push(Origin { line, game });
                line += 1;
            }
            line += 1; // the `# game` line
        }
        (origins, line)
    }

    #[test]
    fn large_files_keep_the_tenth_block_split() {
        let (origins, lines) = datagen_origins(200, 39);
        assert!(lines >= 10 * HELD_BACK_BLOCK);
        let mask = held_back_mask(&origins, lines, true);
        for (o, held) in origins.iter().zip(&mask) {
            assert_eq!(*held, (o.line / HELD_BACK_BLOCK) % 10 == 9, "{o:?}");
        }
        assert!(mask.iter().any(|&h| h));
    }

    #[test]
    fn small_files_hold_back_whole_games() {
        // The run: 4 games, 153 positions.
        let (origins, lines) = datagen_origins(4, 38);
        let mask = held_back_mask(&origins, lines, true);
        let held: Vec<&Origin> = origins
            .iter()
            .zip(&mask)
            .filter(|(_, h)| **h)
            .map(|(o, _)| o)
            .collect();
        assert_eq!(held.len(), 38);
        assert!(held.iter().all(|o| o.game == 3), "the last game, whole");
        // Twenty games: every tenth game.
        let (origins, lines) = datagen_origins(20, 20);
        let mask = held_back_mask(&origins, lines, true);
        for (o, held) in origins.iter().zip(&mask) {
            assert_eq!(*held, o.game % 10 == 9, "{o:?}");
        }
        // A game without positions is no unit: the last game with some is held back.
        let mut origins = datagen_origins(3, 5).0;
        for o in &mut origins {
            if o.game == 2 {
                o.game = 3;
            }
        }
        let mask = held_back_mask(&origins, 30, true);
        assert_eq!(mask.iter().filter(|&&h| h).count(), 5);
        assert!(mask[10..].iter().all(|&h| h));
    }

    #[test]
    fn small_files_without_games_hold_back_the_last_tenth() {
        let origins: Vec<Origin> = (0..100).map(|line| Origin { line, game: 0 }).collect();
        let mask = held_back_mask(&origins, 100, false);
        assert!(mask[..90].iter().all(|&h| !h) && mask[90..].iter().all(|&h| h));
        let origins: Vec<Origin> = (0..3).map(|line| Origin { line, game: 0 }).collect();
        assert_eq!(held_back_mask(&origins, 3, false), [false, false, true]);
    }

    #[test]
    fn one_game_or_one_position_holds_nothing_back() {
        let (origins, lines) = datagen_origins(1, 40);
        assert!(held_back_mask(&origins, lines, true).iter().all(|&h| !h));
        assert_eq!(
            held_back_mask(&[Origin { line: 0, game: 0 }], 1, false),
            [false]
        );
        assert!(held_back_mask(&[], 0, false).is_empty());
    }
}

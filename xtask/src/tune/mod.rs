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
//! By job: [`data`] reads the file and splits it, [`trace`] turns a
//! position into a sample and models its evaluation, [`loss`](mod@loss) scores a fit,
//! [`optimiser`] runs it and [`table`] writes the result.
//!
//! With `--groups` (or `--per-term`) only one multiplier per `eval` group
//! (or per term) is fitted, in [0.1, 1], for data sets too small to set
//! every weight; see [`fit_group_scales`].
//!
//! Options: `--epochs N` (default 400), `--lr X` (default 1.0, in
//! centipawns per step), `--out PATH` (default `tune/weights.rs` in the
//! target directory, untracked; `--out crates/eval-terms/src/weights.rs`
//! replaces the engine's table), `--limit N` (read at most N lines),
//! `--l2 X` (the pull towards the starting weights, default 1e-7 per
//! centipawn squared; see [`Prior`]), `--free-phases` (let the zero half of
//! an opening-only or endgame-only term move too), `--free-signs` (let a
//! weight cross zero or leave it), `--free-technique` (tune the mop-up and
//! KBN vs K terms too), `--facts-weight X` (the cost of a chess fact of
//! `eval_terms::facts` turned around, default 1e-4 per centipawn squared
//! short of a 4 cp margin, 0 for none; see [`facts`]). `--groups` and
//! `--per-term` take none of the Adam options, and refuse them rather than
//! ignore them.
//!
//! Data lines: a FEN (4 to 6 fields) and a result, written any of the usual
//! ways: `[1.0]` / `[0.5]` / `[0]`, `c9 "1-0";`, or a bare `1-0`, `0-1`,
//! `1/2-1/2` field. Results are from White's side.

pub(crate) mod data;
mod facts;
#[cfg(test)]
mod fixtures;
mod loss;
mod optimiser;
mod table;
mod trace;

use crate::progress;
use data::{Data, held_back_mask};
use eval_terms::Weights;
use facts::FactConstraint;
use loss::{fit_k, loss};
use optimiser::{Prior, Signs, adam, fit_group_scales};
use trace::Params;

/// The default pull towards the starting weights (see [`Prior`]).
const DEFAULT_L2: &str = "1e-7";

/// The default cost of a chess fact short of its margin (see [`facts`]):
/// 4 cp short costs 1.6e-3, a twentieth of a typical loss, so a fact
/// outweighs any one term's fit.
const DEFAULT_FACTS_WEIGHT: &str = "1e-4";

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
    /// Where to write the tuned weight table [default: tune/weights.rs in the target directory].
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
    /// Let a zero weight move either way while every other keeps its sign
    /// (a table's reference entry; with --free-phases, the empty half of a
    /// one-phase term).
    #[arg(long, conflicts_with = "free_signs")]
    free_zeros: bool,
    /// Tune the mop-up and KBN vs K terms too.
    #[arg(long)]
    free_technique: bool,
    /// The cost of a chess fact (`eval_terms::facts`) the fit turns around,
    /// per centipawn squared short of its margin; 0 leaves the facts out.
    #[arg(long, value_name = "X", default_value = DEFAULT_FACTS_WEIGHT)]
    facts_weight: f64,
    /// Train towards this share of the search score (datagen's `FEN [result]
    /// score` lines) and the rest of the result: in [0, 1]. Held-back losses
    /// are reported against the results as well.
    #[arg(long, value_name = "X", default_value_t = 0.0)]
    score_weight: f64,
    /// Fit only one shrink factor per evaluation group (for small data sets).
    #[arg(long, conflicts_with_all = ["per_term", "epochs", "lr", "l2", "free_phases",
        "free_signs", "free_zeros", "free_technique", "facts_weight"])]
    groups: bool,
    /// Fit only one shrink factor per evaluation term (for small data sets).
    #[arg(long, conflicts_with_all = ["epochs", "lr", "l2", "free_phases", "free_signs",
        "free_zeros", "free_technique", "facts_weight"])]
    per_term: bool,
}

/// Where a result and a search score meet: `weight` of the score (mapped
/// through the same sigmoid, capped at ten pawns) and the rest of the result.
fn blend(result: f64, score: f64, k: f64, weight: f64) -> f64 {
    let predicted = loss::sigmoid(k, score.clamp(-1000.0, 1000.0));
    (1.0 - weight) * result + weight * predicted
}

pub(crate) fn run(args: &Args) -> Result<(), String> {
    let data = args.data.as_str();
    let (epochs, lr) = (args.epochs, args.lr);
    let prior = Prior {
        l2: args.l2,
        keep_one_phase_terms: !args.free_phases,
        signs: if args.free_signs {
            Signs::Free
        } else if args.free_zeros {
            Signs::ZerosFree
        } else {
            Signs::Kept
        },
        keep_technique: !args.free_technique,
    };
    let limit = args.limit.unwrap_or(usize::MAX);
    if !(0.0..=1.0).contains(&args.score_weight) {
        return Err(format!(
            "--score-weight {} is outside [0, 1]",
            args.score_weight
        ));
    }

    let weights = Weights::default();
    let Data {
        samples,
        origins,
        scores,
        lines,
        games: game,
        skipped,
    } = data::read(data, limit, &weights)?;
    let scored = scores.iter().filter(|s| s.is_some()).count();
    if args.score_weight > 0.0 && scored == 0 {
        return Err(format!(
            "--score-weight needs search scores, and no line of {data} has one \
             (`FEN [result] score`, as datagen writes)"
        ));
    }
    // Whole blocks of lines (or whole games), so that a game's positions
    // mostly fall on one side and the held-back loss is honest.
    let mask = held_back_mask(&origins, lines, game > 0);
    let (mut train, mut held_back) = (Vec::new(), Vec::new());
    // Each side's search scores, in the order of its samples.
    let (mut train_scores, mut held_back_scores) = (Vec::new(), Vec::new());
    for ((s, score), &held) in samples.into_iter().zip(scores).zip(&mask) {
        if held {
            held_back.push(s);
            held_back_scores.push(score);
        } else {
            train.push(s);
            train_scores.push(score);
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
    let mut before = loss(&held_back, &start, k);
    let before_results = before;
    println!("K = {k:.4}; held-back loss before: {before:.6}");
    // The held-back samples against their results alone, whatever the target.
    let held_back_results = held_back.clone();
    if args.score_weight > 0.0 {
        let mut blended = 0;
        let sides = [
            (&mut train, &train_scores),
            (&mut held_back, &held_back_scores),
        ];
        for (samples, scores) in sides {
            for (sample, score) in samples.iter_mut().zip(scores) {
                if let Some(score) = score {
                    sample.result = blend(sample.result, *score, k, args.score_weight);
                    blended += 1;
                }
            }
        }
        before = loss(&held_back, &start, k);
        println!(
            "targets: {:.0} % score, {:.0} % result on {blended} scored positions; \
             held-back loss before against them: {before:.6}",
            args.score_weight * 100.0,
            (1.0 - args.score_weight) * 100.0,
        );
    }
    if args.per_term || args.groups {
        let (scaled, scales, k) = fit_group_scales(&train, &held_back, &start, 4, args.per_term);
        for (group, scale) in &scales {
            println!("{group:>14}: x{scale:.3}");
        }
        let after = loss(&held_back, &scaled, k);
        println!("K = {k:.4}; held-back loss after: {after:.6} (before {before:.6})");
        table::write(args.out.as_deref(), &scaled.to_weights(), "scaled")?;
        return Ok(());
    }
    let facts = FactConstraint::every_fact(&weights, args.facts_weight);
    let bar = progress::bar(epochs as u64, "epoch {pos}/{len}");
    let (best, after) = adam(
        &train,
        &held_back,
        &start,
        k,
        epochs,
        lr,
        prior,
        &facts,
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
    println!(
        "held-back loss after: {after:.6} (before {before:.6}); facts short of their \
         {} cp margin in the model: {}",
        facts::FACT_MARGIN,
        facts.short(&best)
    );
    if args.score_weight > 0.0 {
        println!(
            "held-back loss against the results alone: {:.6} (before {before_results:.6})",
            loss(&held_back_results, &best, k)
        );
    }
    let tuned = best.to_weights();
    let broken = eval_terms::facts::broken(&tuned);
    if broken.is_empty() {
        println!(
            "every chess fact holds ({} facts, both colours)",
            eval_terms::facts::FACTS.len()
        );
    } else {
        // Written all the same, to study: the engine's test refuses it.
        println!(
            "{} chess fact(s) broken:\n  {}",
            broken.len(),
            broken.join("\n  ")
        );
    }
    table::write(args.out.as_deref(), &tuned, "tuned")?;
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::blend;

    #[test]
    fn a_blend_weighs_the_score_through_the_sigmoid() {
        let k = 1.2;
        // A level score predicts a draw: half of a win and half of 0.5.
        assert!((blend(1.0, 0.0, k, 0.5) - 0.75).abs() < 1e-12);
        // No weight leaves the result; full weight leaves only the score.
        assert_eq!(blend(0.0, 300.0, k, 0.0), 0.0);
        let won = blend(0.0, 300.0, k, 1.0);
        assert!(won > 0.8 && won < 1.0, "{won}");
        // Scores beyond ten pawns (mates) count as ten pawns.
        assert_eq!(blend(0.5, 30_000.0, k, 0.5), blend(0.5, 1000.0, k, 0.5));
        assert!(blend(0.5, -400.0, k, 0.5) < 0.5);
    }
}

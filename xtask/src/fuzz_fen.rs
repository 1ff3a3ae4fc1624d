//! `cargo xtask fuzz-fen`: the structure-aware FEN fuzz harness of
//! [`crate::random_fen`], run from a seed on stable Rust.

use crate::progress;
use crate::random_fen::{Summary, run_seeded};
use std::time::Instant;

/// `cargo xtask fuzz-fen`: random positions through the parser, move generator and perft.
#[derive(clap::Args, Debug)]
pub(crate) struct Args {
    /// How many random FENs to try.
    #[arg(long, value_name = "N", default_value_t = 10_000_000)]
    runs: u64,
    /// The generator's seed; the same seed tries the same FENs.
    #[arg(long, value_name = "N", default_value_t = 42)]
    seed: u64,
}

pub(crate) fn run(args: &Args) -> Result<(), String> {
    let bar = progress::bar(args.runs, "{human_pos}/{human_len} FENs");
    let start = Instant::now();
    // A failed check panics with the FEN in its message; the run stops there.
    let summary = run_seeded(args.seed, args.runs, |run| {
        if run % 4096 == 0 {
            bar.set_position(run);
        }
    });
    bar.finish_and_clear();
    let Summary {
        runs,
        accepted,
        most_moves,
        no_moves,
    } = summary;
    println!(
        "{runs} FENs (seed {}) in {:.1} s: {accepted} accepted ({no_moves} with no legal move), \
         at most {most_moves} legal moves; no panic",
        args.seed,
        start.elapsed().as_secs_f64()
    );
    Ok(())
}

#[cfg(test)]
mod tests {
    use crate::random_fen::{check_fen, run_seeded};

    #[test]
    fn twenty_thousand_random_fens_pass_every_check() {
        let summary = run_seeded(7, 20_000, |_| {});
        assert_eq!(summary.runs, 20_000);
        // Enough boards get past the parser for the checks to mean something.
        assert!(summary.accepted > 1_000, "{summary:?}");
        assert!(summary.most_moves > 80, "{summary:?}");
    }

    #[test]
    fn the_issue_fen_is_refused_and_a_crowded_legal_one_checked() {
        assert_eq!(
            check_fen("QQQQQQQQ/Q6Q/Q6R/Q6Q/Q6Q/Q5QQ/Q4Qbn/KQQQQQnk w - - 0 1"),
            None
        );
        assert_eq!(
            check_fen("R6R/3Q4/1Q4Q1/4Q3/2Q4Q/Q4Q2/pp1Q4/kBNN1KB1 w - - 0 1"),
            Some(218)
        );
    }
}

//! `cargo xtask verify`: the exhaustive checks too slow for `cargo test`.
//!
//! - The full perft suites (`crates/movegen/suites/*.epd`, every depth,
//!   about 10⁹ leaves), in this process by `cargo xtask perft --suite`'s
//!   code; `cargo test` checks the same files only up to a million leaves
//!   a count.
//! - The `#[ignore]`d tests of [`IGNORED`]: every endgame table against
//!   the published counts, the four- and five-man tables against their
//!   moves and a brute-force mate search. They stay tests beside the small
//!   tables' ones, sharing those files' helpers (the backed-up value, the
//!   brute-force search), and run here with `cargo test -- --ignored`,
//!   in the test profile `cargo test --workspace` has built already.
//!
//! - Each published crate README's first example, built and run as a
//!   user's own project would ([`crate::readme_examples`]).
//!
//! Any mismatch or failed test makes the task fail. `.ci/run` runs it
//! after `cargo test --workspace`.

use crate::{paths, perft, readme_examples};
use std::process::Command;
use std::time::Instant;

/// The perft suites, from the workspace root.
const SUITES: [&str; 2] = [
    "crates/movegen/suites/standard.epd",
    "crates/movegen/suites/chess960.epd",
];

/// The `#[ignore]`d tests run: a package, its directory, its test targets
/// with `#[ignore]`d exhaustive tests, and the ignored tests left out.
type Ignored = (
    &'static str,
    &'static str,
    &'static [&'static str],
    &'static [&'static str],
);

pub(crate) const IGNORED: [Ignored; 2] = [
    (
        "matewise-endgame-tables",
        "crates/endgame-tables",
        &[
            "published_counts",
            "dtm",
            "pawns",
            "versus",
            "three_against_one",
            "syzygy",
        ],
        &[],
    ),
    (
        "matewise-search",
        "crates/search",
        &["search", "mate_lines", "pawn_tables"],
        // `docs/results.md`'s sweep: 6,400 searches, not a check.
        &["every_ending_is_exact_on_random_positions"],
    ),
];

/// `cargo xtask verify`.
#[derive(clap::Args, Debug)]
pub(crate) struct Args {
    /// Skip the perft suites.
    #[arg(long)]
    no_perft: bool,
    /// Skip the `#[ignore]`d tests.
    #[arg(long)]
    no_tests: bool,
    /// Skip the crate READMEs' examples.
    #[arg(long)]
    no_readmes: bool,
}

pub(crate) fn run(args: &Args) -> Result<(), String> {
    let root = paths::workspace_root();
    let start = Instant::now();
    let mut failed = Vec::new();
    if !args.no_perft {
        for suite in SUITES {
            println!("perft suite {suite}");
            let path = root.join(suite);
            if let Err(e) = perft::run_suite(&path.to_string_lossy(), u64::MAX) {
                failed.push(format!("{suite}: {e}"));
            }
        }
    }
    if !args.no_tests {
        for (package, _, targets, skipped) in IGNORED {
            let mut command = Command::new(env!("CARGO"));
            command.args(["test", "--package", package]);
            for target in targets {
                command.args(["--test", target]);
            }
            command.args(["--", "--ignored"]);
            for test in skipped {
                command.args(["--skip", test]);
            }
            command.current_dir(&root);
            println!("ignored tests of {package}: {}", targets.join(", "));
            let status = command.status().map_err(|e| format!("cargo test: {e}"))?;
            if !status.success() {
                failed.push(format!("the ignored tests of {package}"));
            }
        }
    }
    if !args.no_readmes {
        println!("crate README examples");
        if let Err(e) = readme_examples::run(&readme_examples::Args {}) {
            failed.push(e);
        }
    }
    println!("verify: {:.0?}", start.elapsed());
    if failed.is_empty() {
        Ok(())
    } else {
        Err(format!("failed: {}", failed.join("; ")))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_listed_target_has_ignored_tests_and_every_suite_exists() {
        let root = paths::workspace_root();
        for (_, dir, targets, _) in IGNORED {
            for target in targets {
                let path = root.join(dir).join("tests").join(format!("{target}.rs"));
                let text = std::fs::read_to_string(&path)
                    .unwrap_or_else(|e| panic!("{}: {e}", path.display()));
                assert!(text.contains("#[ignore"), "{}", path.display());
            }
        }
        for suite in SUITES {
            assert!(root.join(suite).is_file(), "{suite}");
        }
    }
}

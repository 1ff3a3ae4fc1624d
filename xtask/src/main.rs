//! Project tasks: `cargo xtask perft | verify | bench | mates | mdp | datagen | relabel | tune | spsa |
//! fuzz-fen | readme-examples | calibrate-elo`.
//!
//! Run `cargo xtask --help` (or `cargo xtask help`) for the list, and
//! `cargo xtask <task> --help` for a task's options and their defaults.

mod bench;
mod calibrate_elo;
mod datagen;
mod fuzz_fen;
mod mate_check;
mod mate_suite;
mod mates;
mod mdp;
mod parallel;
mod paths;
mod perft;
mod progress;
mod random_fen;
mod readme_examples;
mod relabel;
mod san;
mod spsa;
#[cfg(test)]
mod task_args;
mod tune;
mod uci_engine;
mod uci_game;
mod verify;

use clap::{CommandFactory, Parser, Subcommand};
use std::process::ExitCode;

/// Matewise's project tasks: perft, bench, mate suites, MDP table, self-play data and tuning.
#[derive(Parser, Debug)]
#[command(
    name = "cargo xtask",
    bin_name = "cargo xtask",
    after_help = "Run `cargo xtask <task> --help` for a task's options and their defaults."
)]
struct Cli {
    #[command(subcommand)]
    task: Option<Task>,
}

#[derive(Subcommand, Debug)]
enum Task {
    /// Count the leaves of one position, or check every ;Dn count of an EPD suite.
    Perft(perft::Args),
    /// The exhaustive checks `cargo test` leaves out: full perft suites, every endgame table.
    Verify(verify::Args),
    /// Bench node count and speed of the release binary, optionally against a git revision.
    Bench(bench::Args),
    /// Nodes and time to prove the mate test positions (glance on/off), or run a `FEN bm #N;` suite.
    Mates(mates::Args),
    /// The mate distance pruning table, MDP off and on.
    Mdp(mdp::Args),
    /// Self-play games for the tuner; resumable, deterministic.
    Datagen(datagen::Args),
    /// Texel-tune every eval weight; writes the weight table.
    Tune(tune::Args),
    /// Score a tuner file's positions again with a deeper search; resumable.
    Relabel(relabel::Args),
    /// Structure-aware FEN fuzzing: random positions through the parser, move generator and perft.
    FuzzFen(fuzz_fen::Args),
    /// Tune the search parameters by SPSA in self-play; resumable.
    Spsa(spsa::Args),
    /// Build and run each crate README's example in a project of its own.
    ReadmeExamples(readme_examples::Args),
    /// Measure the UCI_Elo table against Stockfish; writes it with its signature.
    CalibrateElo(calibrate_elo::Args),
}

fn main() -> ExitCode {
    let cli = Cli::parse();
    let result = match cli.task {
        Some(Task::Perft(args)) => perft::run(&args),
        Some(Task::Verify(args)) => verify::run(&args),
        Some(Task::Bench(args)) => bench::run(&args),
        Some(Task::Mates(args)) => mates::run(&args),
        Some(Task::Mdp(args)) => mdp::run(&args),
        Some(Task::Datagen(args)) => datagen::run(&args),
        Some(Task::Tune(args)) => tune::run(&args),
        Some(Task::Relabel(args)) => relabel::run(&args),
        Some(Task::FuzzFen(args)) => fuzz_fen::run(&args),
        Some(Task::Spsa(args)) => spsa::run(&args),
        Some(Task::ReadmeExamples(args)) => readme_examples::run(&args),
        Some(Task::CalibrateElo(args)) => calibrate_elo::run(&args),
        None => {
            // `cargo xtask` alone lists the tasks, as it always has.
            let _ = Cli::command().print_help();
            Ok(())
        }
    };
    match result {
        Ok(()) => ExitCode::SUCCESS,
        Err(message) => {
            eprintln!("error: {message}");
            ExitCode::FAILURE
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_command_line_is_consistent() {
        Cli::command().debug_assert();
    }

    /// Splits a command line like a shell would for these simple cases.
    fn words(line: &str) -> Vec<String> {
        let mut words = vec!["cargo xtask".to_string()];
        for (i, part) in line.split('"').enumerate() {
            if i % 2 == 1 {
                words.push(part.to_string());
            } else {
                words.extend(part.split_whitespace().map(str::to_string));
            }
        }
        words
    }

    #[test]
    fn every_documented_command_line_parses() {
        let fen = "8/7K/8/8/8/8/R7/7k w - - 0 1";
        for line in [
            format!("perft --fen \"{fen}\" --depth 5 --divide"),
            format!("perft --fen \"{fen}\" --depth 5"),
            "perft --depth 5".to_string(),
            "perft --suite crates/movegen/suites/standard.epd".to_string(),
            "perft --suite crates/movegen/suites/chess960.epd --max-nodes 1000000".to_string(),
            "verify".to_string(),
            "verify --no-perft".to_string(),
            "verify --no-tests".to_string(),
            "bench".to_string(),
            "bench --depth 12".to_string(),
            "bench --rounds 3".to_string(),
            "bench --depth 12 --baseline HEAD~1 --rounds 5".to_string(),
            "mates".to_string(),
            "mates --suite FILE".to_string(),
            "mates --suite FILE --nodes 100000 --threads 1 --hash 16 --missed OUT \
             --sample 100 --seed 7 --no-glance --no-tables"
                .to_string(),
            "mates --suite FILE --engine stockfish --option Threads=1 --option Hash=16 \
             --nodes 100000 --threads 2 --sample 100 --seed 7"
                .to_string(),
            "mdp".to_string(),
            "mdp --full-width".to_string(),
            format!("mdp --depth 20 --fen \"{fen}\" --full-width"),
            "datagen --games 4 --nodes 2000 --threads 1 --out d.epd".to_string(),
            "datagen --games 4 --nodes 2000 --threads 1 --out d.epd --seed 3".to_string(),
            "datagen --out d.epd".to_string(),
            "tune --data d.epd".to_string(),
            "tune --data d.epd --epochs 2".to_string(),
            "tune --data d.epd --epochs 400 --lr 1.0 --out w.rs --limit 1000".to_string(),
            "tune --data d.epd --out w.rs --limit 1000 --groups".to_string(),
            "tune --data d.epd --per-term".to_string(),
            "tune --data d.epd --l2 1e-6 --free-phases --free-signs --free-technique".to_string(),
            "help".to_string(),
            String::new(),
        ] {
            let parsed = Cli::try_parse_from(words(&line));
            // `help` answers with its text, which clap reports as an "error" of kind DisplayHelp.
            match parsed {
                Ok(_) => {}
                Err(e) => assert_eq!(e.kind(), clap::error::ErrorKind::DisplayHelp, "{line}: {e}"),
            }
        }
    }

    #[test]
    fn the_documented_defaults_hold() {
        for (line, defaults) in [
            ("bench", &["rounds: 5"][..]),
            (
                "mates --suite F",
                &["nodes: 100000", "threads: 1", "hash: 16", "seed: 1"],
            ),
            ("mdp", &["depth: 20"]),
            (
                "datagen --out F",
                &["games: 1000", "nodes: 5000", "threads: 1", "seed: 1"],
            ),
            ("tune --data F", &["epochs: 400", "lr: 1.0", "l2: 1e-7"]),
        ] {
            let parsed = format!("{:?}", Cli::parse_from(words(line)).task);
            for default in defaults {
                assert!(parsed.contains(default), "{line}: {parsed}");
            }
        }
    }
}

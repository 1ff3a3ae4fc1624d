//! Project tasks: `cargo xtask perft | bench | tune | datagen`.
//!
//! Run `cargo xtask help` for the list.

mod bench;
mod datagen;
mod mate_suite;
mod mates;
mod mdp;
mod perft;
mod tune;

use std::process::ExitCode;

const USAGE: &str = "\
usage: cargo xtask <task> [options]

tasks:
  perft --fen \"<FEN>\" --depth N [--divide]   count leaves of one position
  perft --suite FILE [--max-nodes N]          check every ;Dn count of an EPD suite
  bench [--depth N] [--baseline REV] [--rounds 5]
                                              bench node count and speed, optionally against a git revision
  mates                                       nodes and time to prove the mate test positions, glance on/off
  mates --suite FILE [--nodes 100000] [--threads 1] [--hash 16] [--missed FILE]
        [--sample N --seed S] [--no-glance] [--no-tables]   mates proven of a `FEN bm #N;` suite (matetrack)
  mdp [--depth 20] [--fen \"<FEN>\"] [--full-width]
                                              mate distance pruning table, MDP off and on
  datagen --games N --nodes K --threads T --out FILE [--seed S]
                                              self-play games for the tuner; resumable, deterministic
  tune --data FILE [--epochs 400] [--lr 1.0] [--out PATH] [--limit N] [--groups | --per-term]
                                              Texel-tune every eval weight; writes the weight table
";

fn main() -> ExitCode {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let result = match args.first().map(String::as_str) {
        Some("perft") => perft::run(&args[1..]),
        Some("mdp") => mdp::run(&args[1..]),
        Some("bench") => bench::run(&args[1..]),
        Some("mates") => mates::run(&args[1..]),
        Some("tune") => tune::run(&args[1..]),
        Some("datagen") => datagen::run(&args[1..]),
        Some("help") | Some("--help") | None => {
            print!("{USAGE}");
            Ok(())
        }
        Some(other) => Err(format!("unknown task '{other}'\n{USAGE}")),
    };
    match result {
        Ok(()) => ExitCode::SUCCESS,
        Err(message) => {
            eprintln!("error: {message}");
            ExitCode::FAILURE
        }
    }
}

/// The value following `--name` in `args`, if present.
pub(crate) fn option<'a>(args: &'a [String], name: &str) -> Option<&'a str> {
    args.iter()
        .position(|a| a == name)
        .and_then(|i| args.get(i + 1))
        .map(String::as_str)
}

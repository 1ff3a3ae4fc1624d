//! Matewise, the UCI binary.
//!
//! With no argument it speaks UCI on stdin/stdout. `matewise bench [depth]`
//! runs the fixed-depth bench and exits (OpenBench's contract); `--help`
//! and `--version` say what it is and how to run it.

use std::process::ExitCode;

fn help() -> String {
    format!(
        "Matewise {version}, a UCI chess engine.

Usage:
  matewise               speak UCI on stdin/stdout: what a GUI or lichess-bot runs
  matewise bench [DEPTH] search the bench positions to DEPTH (default {depth}), print the node count
  matewise tables build [DIR]
                         solve every endgame table of up to four men into the cache
                         (DIR, else $XDG_CACHE_HOME/matewise or ~/.cache/matewise):
                         about 2 minutes on one core and 962 MiB of disk, once
  matewise --help        print this help
  matewise --version     print the version
",
        version = env!("CARGO_PKG_VERSION"),
        depth = engine::BENCH_DEPTH,
    )
}

/// The bench depth given on the command line: a whole number from 1 up.
fn bench_depth(text: &str) -> Result<u32, String> {
    match text.parse::<u32>() {
        Ok(depth) if depth > 0 => Ok(depth),
        _ => Err(format!(
            "bench depth '{text}' is not a whole number from 1 up"
        )),
    }
}

fn main() -> ExitCode {
    engine::init_tracing();
    let args: Vec<String> = std::env::args().skip(1).collect();
    let args: Vec<&str> = args.iter().map(String::as_str).collect();
    let usage_error = |message: String| {
        eprintln!(
            "matewise: {message}\nusage: matewise [bench [DEPTH] | tables build [DIR]]; see matewise --help"
        );
        ExitCode::from(2)
    };
    match args.as_slice() {
        [] => engine::run(),
        ["-h" | "--help" | "help"] => print!("{}", help()),
        ["-V" | "--version" | "version"] => println!("matewise {}", env!("CARGO_PKG_VERSION")),
        ["bench"] => engine::bench(&engine::Output::stdout(), None),
        ["bench", depth] => match bench_depth(depth) {
            Ok(depth) => engine::bench(&engine::Output::stdout(), Some(depth)),
            Err(message) => return usage_error(message),
        },
        ["bench", _, extra, ..] => return usage_error(format!("unexpected argument '{extra}'")),
        ["tables", "build", rest @ ..] if rest.len() <= 1 => {
            let dir = rest.first().map(std::path::PathBuf::from);
            if let Err(why) = engine::build_tables(dir, &mut std::io::stderr()) {
                eprintln!("matewise: {why}");
                return ExitCode::FAILURE;
            }
        }
        [other, ..] => return usage_error(format!("unknown argument '{other}'")),
    }
    ExitCode::SUCCESS
}

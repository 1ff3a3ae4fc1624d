//! `cargo xtask bench [--depth N] [--baseline <git rev>] [--rounds N]`:
//! builds the release binary and runs its bench; with a baseline, also
//! builds that revision in a scratch worktree and compares node counts and
//! speed, alternating runs so that machine noise hits both alike.

use crate::paths::{target_dir, workspace_root};
use std::path::{Path, PathBuf};
use std::process::Command;

struct BenchRun {
    nodes: u64,
    nps: u64,
}

/// Builds the release binary of the checkout in `dir` into `target_dir`,
/// showing Cargo's progress: a build from scratch takes minutes.
fn build(dir: &Path, target_dir: &Path) -> Result<PathBuf, String> {
    eprintln!(
        "building the release binary of {} in {}",
        dir.display(),
        target_dir.display()
    );
    let status = Command::new(env!("CARGO"))
        .args(["build", "--release", "--package", "matewise"])
        .env("CARGO_TARGET_DIR", target_dir)
        .current_dir(dir)
        .status()
        .map_err(|e| format!("cargo build: {e}"))?;
    if !status.success() {
        return Err(format!("building {} failed", dir.display()));
    }
    Ok(target_dir.join("release").join("matewise"))
}

fn run_bench(binary: &Path, depth: Option<&str>) -> Result<BenchRun, String> {
    let mut command = Command::new(binary);
    command.arg("bench");
    if let Some(d) = depth {
        command.arg(d);
    }
    let output = command
        .output()
        .map_err(|e| format!("{}: {e}", binary.display()))?;
    let text = String::from_utf8_lossy(&output.stdout);
    let last = text.lines().last().unwrap_or_default();
    let words: Vec<&str> = last.split_whitespace().collect();
    match words.as_slice() {
        [nodes, "nodes", nps, "nps"] => Ok(BenchRun {
            nodes: nodes
                .parse()
                .map_err(|_| format!("bad bench line '{last}'"))?,
            nps: nps
                .parse()
                .map_err(|_| format!("bad bench line '{last}'"))?,
        }),
        _ => Err(format!("unexpected bench output '{last}'")),
    }
}

fn median(mut values: Vec<u64>) -> u64 {
    values.sort_unstable();
    values[values.len() / 2]
}

/// `cargo xtask bench`: the release binary's bench, optionally against a git revision.
#[derive(clap::Args, Debug)]
pub(crate) struct Args {
    /// Bench depth [default: the binary's own].
    #[arg(long, value_name = "N")]
    depth: Option<u32>,
    /// Also build this git revision in a scratch worktree and compare node counts and speed.
    #[arg(long, value_name = "REV")]
    baseline: Option<String>,
    /// Alternating runs of each binary (with --baseline).
    #[arg(long, value_name = "N", default_value_t = 5)]
    rounds: usize,
}

pub(crate) fn run(args: &Args) -> Result<(), String> {
    let root = workspace_root();
    let depth = args.depth.map(|d| d.to_string());
    let depth = depth.as_deref();
    let rounds = args.rounds;
    let target = target_dir();
    let current = build(&root, &target)?;
    let Some(rev) = args.baseline.as_deref() else {
        let run = run_bench(&current, depth)?;
        println!("{} nodes {} nps", run.nodes, run.nps);
        return Ok(());
    };
    let scratch = target.join("bench-baseline");
    let worktree = scratch.join("tree");
    let _ = Command::new("git")
        .args(["worktree", "remove", "--force"])
        .arg(&worktree)
        .current_dir(&root)
        .status();
    let status = Command::new("git")
        .args(["worktree", "add", "--detach", "--force"])
        .arg(&worktree)
        .arg(rev)
        .current_dir(&root)
        .status()
        .map_err(|e| format!("git worktree: {e}"))?;
    if !status.success() {
        return Err(format!("cannot check out '{rev}'"));
    }
    let baseline = build(&worktree, &scratch.join("target"));
    let _ = Command::new("git")
        .args(["worktree", "remove", "--force"])
        .arg(&worktree)
        .current_dir(&root)
        .status();
    let baseline = baseline?;
    let (mut ours, mut theirs) = (Vec::new(), Vec::new());
    let (mut our_nodes, mut their_nodes) = (0, 0);
    for round in 0..rounds {
        let a = run_bench(&current, depth)?;
        let b = run_bench(&baseline, depth)?;
        println!(
            "round {}: current {} nodes {} nps | baseline {} nodes {} nps",
            round + 1,
            a.nodes,
            a.nps,
            b.nodes,
            b.nps
        );
        (our_nodes, their_nodes) = (a.nodes, b.nodes);
        ours.push(a.nps);
        theirs.push(b.nps);
    }
    let (a, b) = (median(ours), median(theirs));
    println!("current:  {our_nodes} nodes, median {a} nps");
    println!("baseline: {their_nodes} nodes, median {b} nps ({rev})");
    println!(
        "search {}; speed ratio current/baseline {:.3}",
        if our_nodes == their_nodes {
            "unchanged (same node count)"
        } else {
            "changed (node counts differ)"
        },
        a as f64 / b.max(1) as f64
    );
    Ok(())
}

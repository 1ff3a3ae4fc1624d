//! The xtask binary's command line: help for every task, clap's errors for bad arguments.

use std::process::{Command, Output};

const TASKS: [&str; 6] = ["perft", "bench", "mates", "mdp", "datagen", "tune"];

fn xtask(args: &[&str]) -> Output {
    Command::new(env!("CARGO_BIN_EXE_xtask"))
        .args(args)
        .output()
        .expect("the xtask binary runs")
}

fn text(bytes: &[u8]) -> String {
    String::from_utf8_lossy(bytes).into_owned()
}

#[test]
fn a_bad_argument_fails_with_clap_s_error() {
    let out = xtask(&["datagen", "--games", "four", "--out", "d.epd"]);
    assert!(!out.status.success());
    let err = text(&out.stderr);
    assert!(
        err.contains("error: invalid value 'four' for '--games <N>'"),
        "{err}"
    );
    assert!(err.contains("For more information, try '--help'."), "{err}");

    let out = xtask(&["perft", "--depth", "3", "--no-such-flag"]);
    assert!(!out.status.success());
    let err = text(&out.stderr);
    assert!(
        err.contains("error: unexpected argument '--no-such-flag' found"),
        "{err}"
    );

    let out = xtask(&["no-such-task"]);
    assert!(!out.status.success());
    assert!(
        text(&out.stderr).contains("error: unrecognized subcommand 'no-such-task'"),
        "{}",
        text(&out.stderr)
    );
}

#[test]
fn a_missing_argument_names_what_is_needed() {
    for (args, needed) in [
        (&["datagen"][..], "--out <FILE>"),
        (&["tune"], "--data <FILE>"),
        (&["perft"], "--depth <N>"),
    ] {
        let out = xtask(args);
        assert!(!out.status.success(), "{args:?}");
        let err = text(&out.stderr);
        assert!(
            err.contains("the following required arguments were not provided")
                && err.contains(needed),
            "{args:?}: {err}"
        );
    }
}

#[test]
fn every_task_answers_help() {
    for task in TASKS {
        let out = xtask(&[task, "--help"]);
        assert!(out.status.success(), "{task} --help");
        let help = text(&out.stdout);
        assert!(
            help.contains(&format!("Usage: cargo xtask {task}")),
            "{task}: {help}"
        );
        assert!(help.contains("--help"), "{task}: {help}");
    }
    // Defaults are shown.
    let tune = text(&xtask(&["tune", "--help"]).stdout);
    assert!(tune.contains("[default: 400]"), "{tune}");
    let datagen = text(&xtask(&["datagen", "--help"]).stdout);
    assert!(datagen.contains("[default: 5000]"), "{datagen}");
}

#[test]
fn the_top_level_lists_every_task() {
    for args in [&["--help"][..], &["help"], &[]] {
        let out = xtask(args);
        assert!(out.status.success(), "{args:?}");
        let help = text(&out.stdout);
        for task in TASKS {
            assert!(help.contains(task), "{args:?}: {task} missing from {help}");
        }
    }
}

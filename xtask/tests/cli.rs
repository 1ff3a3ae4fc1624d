//! The xtask binary's command line: help for every task, clap's errors for bad arguments.

use std::process::{Command, Output};

const TASKS: [&str; 7] = [
    "perft", "verify", "bench", "mates", "mdp", "datagen", "tune",
];

fn xtask(args: &[&str]) -> Output {
    // Any endgame table a task solves goes to the build's own directory,
    // never the user's cache.
    Command::new(env!("CARGO_BIN_EXE_xtask"))
        .args(args)
        .env("XDG_CACHE_HOME", env!("CARGO_TARGET_TMPDIR"))
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

#[test]
fn tune_refuses_options_its_mode_ignores() {
    for args in [
        &["--groups", "--epochs", "3"][..],
        &["--groups", "--lr", "0.5"],
        &["--per-term", "--l2", "0"],
        &["--per-term", "--free-signs"],
        &["--groups", "--free-phases"],
        &["--groups", "--free-technique"],
    ] {
        let out = xtask(&[&["tune", "--data", "d.epd"][..], args].concat());
        assert!(!out.status.success(), "{args:?}");
        let err = text(&out.stderr);
        assert!(err.contains("cannot be used with"), "{args:?}: {err}");
    }
}

#[test]
fn tune_writes_an_untracked_table_unless_told() {
    let scratch = std::path::Path::new(env!("CARGO_TARGET_TMPDIR")).join("tune_default_out");
    let _ = std::fs::remove_dir_all(&scratch);
    std::fs::create_dir_all(&scratch).unwrap();
    let data = scratch.join("d.epd");
    std::fs::write(
        &data,
        "4k3/8/8/8/8/8/4P3/4K3 w - - 0 1 [1.0]\n\
         4k3/pp6/8/8/8/8/8/4K3 b - - 0 1 [0.0]\n\
         3r2k1/pp3ppp/2p5/8/8/2P5/PP3PPP/3R2K1 w - - 0 1 [0.5]\n\
         8/8/4k3/8/1B6/4K3/8/6N1 w - - 0 1 [0.5]\n\
         4k3/8/8/8/8/8/3QP3/4K3 w - - 0 1 [1.0]\n",
    )
    .unwrap();
    let table = concat!(
        env!("CARGO_MANIFEST_DIR"),
        "/../crates/eval-terms/src/weights.rs"
    );
    let before = std::fs::read(table).unwrap();
    let target = scratch.join("target");
    let out = Command::new(env!("CARGO_BIN_EXE_xtask"))
        .args(["tune", "--data", data.to_str().unwrap(), "--epochs", "2"])
        .env("CARGO_TARGET_DIR", &target)
        .output()
        .expect("the xtask binary runs");
    let stdout = text(&out.stdout);
    assert!(out.status.success(), "{stdout}\n{}", text(&out.stderr));
    let written = target.join("tune").join("weights.rs");
    assert!(
        stdout.contains(&format!("tuned weights written to {}", written.display())),
        "{stdout}"
    );
    assert!(
        std::fs::read_to_string(&written)
            .unwrap()
            .contains("weights!")
    );
    assert_eq!(
        std::fs::read(table).unwrap(),
        before,
        "the engine's table changed"
    );
}

//! The binary's command line outside UCI: help, version, the bench's
//! depth, and errors for arguments it does not take.

use std::process::{Command, Output};

fn matewise(args: &[&str]) -> Output {
    Command::new(env!("CARGO_BIN_EXE_matewise"))
        .args(args)
        .output()
        .expect("the matewise binary runs")
}

fn text(bytes: &[u8]) -> String {
    String::from_utf8_lossy(bytes).into_owned()
}

#[test]
fn help_says_how_to_run_it() {
    for flag in ["--help", "-h", "help"] {
        let out = matewise(&[flag]);
        assert!(out.status.success(), "{flag}");
        let help = text(&out.stdout);
        assert!(help.starts_with("Matewise "), "{flag}: {help}");
        assert!(help.contains("matewise bench [DEPTH]"), "{flag}: {help}");
        assert!(
            help.contains(&format!("(default {})", engine::BENCH_DEPTH)),
            "{flag}: {help}"
        );
        assert!(help.contains("--version"), "{flag}: {help}");
    }
}

#[test]
fn version_prints_the_crate_version() {
    for flag in ["--version", "-V", "version"] {
        let out = matewise(&[flag]);
        assert!(out.status.success(), "{flag}");
        assert_eq!(
            text(&out.stdout),
            format!("matewise {}\n", env!("CARGO_PKG_VERSION"))
        );
    }
}

#[test]
fn a_bad_bench_depth_is_an_error_not_the_default() {
    for args in [
        &["bench", "abc"][..],
        &["bench", "0"],
        &["bench", "-3"],
        &["bench", "2", "extra"],
    ] {
        let out = matewise(args);
        assert_eq!(out.status.code(), Some(2), "{args:?}");
        assert!(out.stdout.is_empty(), "{args:?}: {}", text(&out.stdout));
        let err = text(&out.stderr);
        assert!(err.contains("usage: matewise"), "{args:?}: {err}");
    }
    let err = text(&matewise(&["bench", "abc"]).stderr);
    assert!(err.contains("bench depth 'abc'"), "{err}");
}

#[test]
fn bench_takes_a_depth() {
    let out = matewise(&["bench", "2"]);
    assert!(out.status.success());
    let stdout = text(&out.stdout);
    assert!(stdout.contains(" at depth 2\n"), "{stdout}");
    let last = stdout.lines().last().unwrap_or_default();
    let words: Vec<&str> = last.split_whitespace().collect();
    assert!(
        matches!(words.as_slice(), [n, "nodes", _, "nps"] if n.parse::<u64>().is_ok()),
        "{last}"
    );
}

#[test]
fn tables_build_refuses_a_directory_that_cannot_hold_tables() {
    let out = matewise(&["tables", "build", "/nonexistent/dir"]);
    assert_eq!(out.status.code(), Some(1));
    let err = text(&out.stderr);
    assert!(
        err.contains("/nonexistent/dir: does not exist, nor does its parent"),
        "{err}"
    );
    assert!(!std::path::Path::new("/nonexistent").exists());
    let out = matewise(&["tables", "build", "a", "b"]);
    assert_eq!(out.status.code(), Some(2));
}

//! `cargo xtask readme-examples`: each library crate's README example, as
//! a user meets it. The first ```` ```rust ```` block of every published
//! crate's README is copied verbatim into a scratch project outside the
//! workspace that depends on the crates by their published names
//! (`matewise-movegen = { path = ... }`), built, and run. A doctest cannot
//! show this: inside the workspace a README may lean on names only the
//! workspace has (`movegen::` for `matewise_movegen::`).

use crate::paths;
use std::path::{Path, PathBuf};
use std::process::Command;

/// `cargo xtask readme-examples`: build and run every crate README's example.
#[derive(clap::Args, Debug)]
pub(crate) struct Args {}

/// A published library crate: its folder, package name and README example.
struct Example {
    folder: PathBuf,
    package: String,
    code: String,
}

/// The first fenced block marked `rust` in `readme`.
fn first_rust_block(readme: &str) -> Option<String> {
    let mut lines = readme.lines();
    lines.find(|line| line.trim_start().starts_with("```rust"))?;
    let mut code = String::new();
    for line in lines {
        if line.trim_start().starts_with("```") {
            return Some(code);
        }
        code.push_str(line);
        code.push('\n');
    }
    None
}

/// The package name in a manifest, unless it is `publish = false`.
fn published_package(manifest: &str) -> Option<String> {
    if manifest
        .lines()
        .any(|line| line.replace(' ', "") == "publish=false")
    {
        return None;
    }
    manifest.lines().find_map(|line| {
        let value = line.trim().strip_prefix("name")?.trim().strip_prefix('=')?;
        Some(value.trim().trim_matches('"').to_string())
    })
}

/// Every published crate under `crates/` with its README's example.
fn examples(root: &Path) -> Result<Vec<Example>, String> {
    let mut found = Vec::new();
    let mut folders: Vec<PathBuf> = std::fs::read_dir(root.join("crates"))
        .map_err(|e| format!("crates/: {e}"))?
        .filter_map(|entry| Some(entry.ok()?.path()))
        .filter(|path| path.join("Cargo.toml").is_file())
        .collect();
    folders.sort();
    for folder in folders {
        let manifest = std::fs::read_to_string(folder.join("Cargo.toml"))
            .map_err(|e| format!("{}: {e}", folder.display()))?;
        let Some(package) = published_package(&manifest) else {
            continue;
        };
        let readme = std::fs::read_to_string(folder.join("README.md"))
            .map_err(|e| format!("{package} has no README: {e}"))?;
        let code = first_rust_block(&readme)
            .ok_or_else(|| format!("{package}'s README has no rust example"))?;
        found.push(Example {
            folder,
            package,
            code,
        });
    }
    Ok(found)
}

/// The scratch project's manifest: every crate by its published name.
fn manifest(examples: &[Example]) -> String {
    let mut text = String::from(
        "[package]\nname = \"readme-examples\"\nversion = \"0.0.0\"\nedition = \"2024\"\n\
         publish = false\n\n# Its own workspace, not Matewise's.\n[workspace]\n\n[dependencies]\n",
    );
    for example in examples {
        text.push_str(&format!(
            "{} = {{ path = {:?} }}\n",
            example.package,
            example.folder.display().to_string()
        ));
    }
    text
}

fn run_command(command: &mut Command, what: &str) -> Result<(), String> {
    let status = command
        .status()
        .map_err(|e| format!("{what}: could not start: {e}"))?;
    if status.success() {
        Ok(())
    } else {
        Err(format!("{what}: {status}"))
    }
}

pub(crate) fn run(_args: &Args) -> Result<(), String> {
    let root = paths::workspace_root();
    let examples = examples(&root)?;
    let scratch = paths::target_dir().join("readme-examples");
    let bin = scratch.join("src/bin");
    let _ = std::fs::remove_dir_all(scratch.join("src"));
    std::fs::create_dir_all(&bin).map_err(|e| format!("{}: {e}", bin.display()))?;
    std::fs::write(scratch.join("Cargo.toml"), manifest(&examples))
        .map_err(|e| format!("scratch manifest: {e}"))?;
    for example in &examples {
        std::fs::write(bin.join(format!("{}.rs", example.package)), &example.code)
            .map_err(|e| format!("{}: {e}", example.package))?;
    }
    eprintln!(
        "readme-examples: {} examples in {}",
        examples.len(),
        scratch.display()
    );
    let cargo = std::env::var("CARGO").unwrap_or_else(|_| "cargo".into());
    run_command(
        Command::new(&cargo)
            .args(["build", "--release", "--bins", "--quiet"])
            .current_dir(&scratch)
            .env_remove("CARGO_TARGET_DIR"),
        "building the examples",
    )?;
    // Examples that solve endgame tables keep them in the scratch folder.
    let cache = scratch.join("cache");
    let mut failed = Vec::new();
    for example in &examples {
        let program = scratch.join("target/release").join(&example.package);
        let outcome = run_command(
            Command::new(&program)
                .env("XDG_CACHE_HOME", &cache)
                .stdout(std::process::Stdio::null()),
            &example.package,
        );
        match outcome {
            Ok(()) => eprintln!("  {}: ran", example.package),
            Err(message) => failed.push(message),
        }
    }
    if failed.is_empty() {
        eprintln!("readme-examples: all {} ran", examples.len());
        Ok(())
    } else {
        Err(format!("README examples failed: {}", failed.join("; ")))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_first_rust_block_is_taken_whole() {
        let readme =
            "# x\n```toml\na = 1\n```\n```rust\nfn main() {}\nlet x = 1;\n```\n```rust\nno\n```\n";
        assert_eq!(
            first_rust_block(readme).as_deref(),
            Some("fn main() {}\nlet x = 1;\n")
        );
        assert_eq!(first_rust_block("```rust\nunclosed\n"), None);
    }

    #[test]
    fn unpublished_crates_are_left_out() {
        let kit = "[package]\nname = \"matewise-test-kit\"\npublish = false\n";
        assert_eq!(published_package(kit), None);
        let movegen = "[package]\nname = \"matewise-movegen\"\nversion.workspace = true\n";
        assert_eq!(
            published_package(movegen).as_deref(),
            Some("matewise-movegen")
        );
    }

    #[test]
    fn every_published_crate_has_an_example() {
        let examples = examples(&paths::workspace_root()).unwrap();
        let names: Vec<&str> = examples.iter().map(|e| e.package.as_str()).collect();
        assert!(names.contains(&"matewise-movegen"), "{names:?}");
        assert!(names.len() >= 8, "{names:?}");
        for example in &examples {
            assert!(example.code.contains("fn main"), "{}", example.package);
            assert!(
                !example.code.contains("\n# "),
                "{}: a hidden line",
                example.package
            );
        }
    }
}

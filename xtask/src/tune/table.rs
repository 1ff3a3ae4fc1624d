//! Writing the tuned weights out as the Rust source of the weight table.

use crate::paths::target_dir;
use eval_terms::Weights;
use std::io::Write;
use std::path::PathBuf;

/// Where a tuned table goes unless `--out` says otherwise: `tune/weights.rs`
/// in the target directory (created if needed), untracked, so that a tuning
/// run never overwrites the engine's own table by accident.
fn default_path() -> Result<PathBuf, String> {
    let dir = target_dir().join("tune");
    std::fs::create_dir_all(&dir).map_err(|e| format!("{}: {e}", dir.display()))?;
    Ok(dir.join("weights.rs"))
}

/// Writes `weights` as the source of `crates/eval-terms/src/weights.rs` to
/// `out` (or the default path), and says where (`what`: which weights).
pub(super) fn write(out: Option<&str>, weights: &Weights, what: &str) -> Result<(), String> {
    let path = match out {
        Some(out) => PathBuf::from(out),
        None => default_path()?,
    };
    let shown = path.display();
    let mut file = std::fs::File::create(&path).map_err(|e| format!("{shown}: {e}"))?;
    file.write_all(weights.to_rust_source().as_bytes())
        .map_err(|e| format!("{shown}: {e}"))?;
    println!("{what} weights written to {shown}");
    if out.is_none() {
        println!(
            "to build the engine with them, copy them over crates/eval-terms/src/weights.rs \
             (or tune with --out crates/eval-terms/src/weights.rs)"
        );
    }
    Ok(())
}

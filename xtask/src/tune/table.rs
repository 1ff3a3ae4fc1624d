//! Writing the tuned weights out as the Rust source of the weight table.

use eval_terms::Weights;
use std::io::Write;

/// Writes `weights` to `path` as the source of `crates/eval-terms/src/weights.rs`.
pub(super) fn write(path: &str, weights: &Weights) -> Result<(), String> {
    let mut file = std::fs::File::create(path).map_err(|e| format!("{path}: {e}"))?;
    file.write_all(weights.to_rust_source().as_bytes())
        .map_err(|e| format!("{path}: {e}"))
}

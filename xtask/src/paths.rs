//! Where the tasks find the workspace and put what they build or write.

use std::ffi::OsStr;
use std::path::{Path, PathBuf};

/// The workspace's root directory.
pub(crate) fn workspace_root() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR"))
        .parent()
        .expect("xtask sits in the workspace")
        .to_path_buf()
}

/// Cargo's target directory, as Cargo itself would choose it.
pub(crate) fn target_dir() -> PathBuf {
    let cwd = std::env::current_dir().unwrap_or_else(|_| workspace_root());
    resolve_target_dir(
        &workspace_root(),
        std::env::var_os("CARGO_TARGET_DIR").as_deref(),
        &cwd,
    )
}

/// `CARGO_TARGET_DIR` when set (a relative one from the current directory,
/// as Cargo reads it), else `target/` in the workspace.
fn resolve_target_dir(root: &Path, cargo_target_dir: Option<&OsStr>, cwd: &Path) -> PathBuf {
    match cargo_target_dir {
        Some(dir) if !dir.is_empty() => cwd.join(dir),
        _ => root.join("target"),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn cargo_target_dir_wins_over_the_workspace_target() {
        let (root, cwd) = (Path::new("/ws"), Path::new("/ws/sub"));
        assert_eq!(resolve_target_dir(root, None, cwd), Path::new("/ws/target"));
        assert_eq!(
            resolve_target_dir(root, Some(OsStr::new("")), cwd),
            Path::new("/ws/target")
        );
        assert_eq!(
            resolve_target_dir(root, Some(OsStr::new("/elsewhere")), cwd),
            Path::new("/elsewhere")
        );
        assert_eq!(
            resolve_target_dir(root, Some(OsStr::new("out")), cwd),
            Path::new("/ws/sub/out")
        );
    }
}

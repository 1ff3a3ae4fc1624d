//! `matewise tables build`: every own endgame table solved into the cache
//! ahead of play, so that a tournament's first game has them (a match tool
//! starts a fresh process per game, which a build on demand cannot finish).

use endgame_tables::dtm::Ending;
use endgame_tables::{Ready, Tablebases};
use std::io::Write;
use std::path::PathBuf;
use std::time::Instant;

/// Width of the progress bar, in characters.
const BAR: usize = 32;

/// Builds (or finds) every table in `dir`, the default cache directory if
/// `None`, writing one progress line per table to `progress`; returns the
/// tables' bytes on disk, or why nothing could be built.
///
/// ```no_run
/// let bytes = matewise_engine::build_tables(None, &mut std::io::stderr()).unwrap();
/// assert!(bytes > 900 << 20);
/// ```
pub fn build_tables(dir: Option<PathBuf>, progress: &mut dyn Write) -> Result<u64, String> {
    let dir = dir
        .or_else(endgame_tables::cache::default_dir)
        .ok_or("no cache directory: set XDG_CACHE_HOME or HOME, or name one")?;
    endgame_tables::cache::check_dir(&dir).map_err(|why| format!("{}: {why}", dir.display()))?;
    let tables = Tablebases::with_cache_dir(Some(dir.clone()));
    let started = Instant::now();
    let total = Ending::ALL.len();
    let mut bytes = 0;
    // Each table after those it leads into, so that each line is one build.
    let mut endings: Vec<Ending> = Vec::new();
    for ending in order() {
        for next in tables.missing(ending).into_iter().chain([ending]) {
            if !endings.contains(&next) {
                endings.push(next);
            }
        }
    }
    for (done, ending) in endings.into_iter().enumerate() {
        let file = endgame_tables::cache::file(&dir, ending);
        let cached = file.is_file();
        let one = Instant::now();
        tables
            .table(ending, Ready::Now)
            .ok_or_else(|| format!("{}: not built", ending.name()))?;
        let how = if cached { "cached" } else { "built" };
        let size = std::fs::metadata(&file).map_or(0, |m| m.len());
        bytes += size;
        let filled = (done + 1) * BAR / total;
        let _ = writeln!(
            progress,
            "[{}{}] {:>2}/{total} {:<5} {how} in {:.1} s, {} MiB",
            "#".repeat(filled),
            ".".repeat(BAR - filled),
            done + 1,
            ending.name(),
            one.elapsed().as_secs_f64(),
            size >> 20
        );
    }
    let _ = writeln!(
        progress,
        "all {total} tables in {} ({} MiB) after {:.0} s",
        dir.display(),
        bytes >> 20,
        started.elapsed().as_secs_f64()
    );
    Ok(bytes)
}

/// The endings in the order they are built: the three-man tables first,
/// then those a game meets most (pawn endings and rook endings), so that
/// an interrupted run has made the likeliest ones.
fn order() -> Vec<Ending> {
    use Ending::*;
    let first = [
        Kqk, Krk, Kpk, Kpkp, Krkp, Krpk, Krkr, Kqkp, Kqpk, Kppk, Kbkp, Knkp, Kbpk, Knpk, Kqkq, Kqkr,
    ];
    let mut order: Vec<Ending> = first.to_vec();
    order.extend(Ending::ALL.into_iter().filter(|e| !first.contains(e)));
    order
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_ending_is_built_once() {
        let order = order();
        assert_eq!(order.len(), Ending::ALL.len());
        assert!(Ending::ALL.iter().all(|e| order.contains(e)));
    }

    #[test]
    fn a_directory_that_cannot_hold_tables_is_refused() {
        let why = build_tables(Some("/nonexistent/dir".into()), &mut Vec::new()).unwrap_err();
        assert!(why.starts_with("/nonexistent/dir: does not exist"), "{why}");
    }
}

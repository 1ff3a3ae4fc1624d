//! Reading the data file: positions with results, traced as they are read,
//! and the split into training and held-back samples.

use super::trace::{Sample, sample};
use crate::progress;
use eval_terms::{Tables, Weights};
use movegen::Board;
use std::io::BufRead;

/// Lines per block of the held-back split (a few games' worth).
const HELD_BACK_BLOCK: usize = 500;

/// The result written on a data line, from White's side.
pub(crate) fn parse_result(line: &str) -> Option<f64> {
    for (pattern, value) in [
        ("[1.0]", 1.0),
        ("[1]", 1.0),
        ("[0.5]", 0.5),
        ("[0.0]", 0.0),
        ("[0]", 0.0),
        ("\"1-0\"", 1.0),
        ("\"0-1\"", 0.0),
        ("\"1/2-1/2\"", 0.5),
    ] {
        if line.contains(pattern) {
            return Some(value);
        }
    }
    line.split_whitespace()
        .find_map(|field| match field.trim_end_matches(';') {
            "1-0" => Some(1.0),
            "0-1" => Some(0.0),
            "1/2-1/2" => Some(0.5),
            _ => None,
        })
}

/// The search score written after a bracketed result (`FEN [1.0] 35`, as
/// datagen writes it), in centipawns from White's side.
pub(crate) fn parse_score(line: &str) -> Option<f64> {
    let (_, after) = line.split_once(']')?;
    after
        .split_whitespace()
        .next()?
        .parse::<i32>()
        .ok()
        .map(f64::from)
}

/// The position on a data line: its first six fields as a FEN, or its first four.
pub(crate) fn parse_board(line: &str) -> Option<Board> {
    let fields: Vec<&str> = line.split_whitespace().collect();
    if fields.len() >= 6 {
        if let Ok(board) = Board::from_fen(&fields[..6].join(" ")) {
            return Some(board);
        }
    }
    if fields.len() >= 4 {
        return Board::from_fen(&format!("{} 0 1", fields[..4].join(" "))).ok();
    }
    None
}

/// Where a sample came from in the data file.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) struct Origin {
    /// Its line number (from 0).
    pub(crate) line: usize,
    /// The `# game` lines before it: datagen ends each game with one.
    pub(crate) game: usize,
}

/// Which samples are held back, given where each came from and how many
/// lines were read.
///
/// With at least ten blocks of [`HELD_BACK_BLOCK`] lines, every tenth block
/// (as always, so that results on large files stay reproducible). On less,
/// every tenth game when the file marks its games (`marked`: datagen's
/// `# game i` lines), else every tenth of the positions in order; with
/// fewer than ten games (or positions) the last one. Empty when there is
/// only one game (or position): then nothing can be held back honestly.
pub(crate) fn held_back_mask(origins: &[Origin], lines: usize, marked: bool) -> Vec<bool> {
    if lines.div_ceil(HELD_BACK_BLOCK) >= 10 {
        return origins
            .iter()
            .map(|o| (o.line / HELD_BACK_BLOCK) % 10 == 9)
            .collect();
    }
    // Units: games that have positions, numbered in order; else tenths of the positions.
    let mut units = Vec::with_capacity(origins.len());
    if marked {
        let mut unit = 0;
        for (i, o) in origins.iter().enumerate() {
            if i > 0 && origins[i - 1].game != o.game {
                unit += 1;
            }
            units.push(unit);
        }
    } else {
        let n = origins.len();
        units.extend((0..n).map(|i| i * 10.min(n) / n.max(1)));
    }
    let count = units.last().map_or(0, |u| u + 1);
    if count < 2 {
        return vec![false; origins.len()];
    }
    units
        .into_iter()
        .map(|u| {
            if count >= 10 {
                u % 10 == 9
            } else {
                u == count - 1
            }
        })
        .collect()
}

/// What [`read`] found in the data file.
pub(crate) struct Data {
    /// Every usable line, traced.
    pub(crate) samples: Vec<Sample>,
    /// Where each sample came from.
    pub(crate) origins: Vec<Origin>,
    /// Each sample's search score, where its line has one.
    pub(crate) scores: Vec<Option<f64>>,
    /// Lines read.
    pub(crate) lines: usize,
    /// `# game` lines read: datagen ends each game with one.
    pub(crate) games: usize,
    /// Lines without a position and a result.
    pub(crate) skipped: usize,
}

/// Reads at most `limit` lines of `data`, tracing each position with `weights`.
pub(crate) fn read(data: &str, limit: usize, weights: &Weights) -> Result<Data, String> {
    let mut tables = Tables::default();
    let file = std::fs::File::open(data).map_err(|e| format!("{data}: {e}"))?;
    let size = file.metadata().map_or(0, |m| m.len());
    let bar = progress::bar(size, "{binary_bytes}/{binary_total_bytes} read");
    let (mut samples, mut origins, mut scores, mut skipped) =
        (Vec::new(), Vec::new(), Vec::new(), 0usize);
    let (mut lines, mut game) = (0usize, 0usize);
    for (n, line) in std::io::BufReader::new(file)
        .lines()
        .enumerate()
        .take(limit)
    {
        let line = line.map_err(|e| format!("{data}: {e}"))?;
        lines = n + 1;
        bar.inc(line.len() as u64 + 1);
        if line.starts_with("# game") {
            game += 1;
            continue;
        }
        match (parse_board(&line), parse_result(&line)) {
            (Some(board), Some(result)) => {
                samples.push(sample(&board, weights, &mut tables, result));
                origins.push(Origin { line: n, game });
                scores.push(parse_score(&line));
            }
            _ => skipped += 1,
        }
    }
    bar.finish_and_clear();
    Ok(Data {
        samples,
        origins,
        scores,
        lines,
        games: game,
        skipped,
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_result_format_is_read() {
        assert_eq!(parse_result("x [1.0]"), Some(1.0));
        assert_eq!(parse_result("x [0]"), Some(0.0));
        assert_eq!(parse_result("x c9 \"1/2-1/2\";"), Some(0.5));
        assert_eq!(parse_result("8/8 w - - 0-1"), Some(0.0));
        assert_eq!(parse_result("no result"), None);
        assert_eq!(parse_score("8/8 w - - 0 1 [1.0] -35"), Some(-35.0));
        assert_eq!(parse_score("8/8 w - - 0 1 [1.0]"), None);
        assert_eq!(parse_score("8/8 w - - c9 \"1-0\";"), None);
        assert!(parse_board("4k3/8/8/8/8/8/8/4K3 w - - c9 \"1-0\";").is_some());
    }

    /// Origins of `games` games of `per_game` positions each, datagen-style:
    /// each game's lines followed by its `# game` line.
    fn datagen_origins(games: usize, per_game: usize) -> (Vec<Origin>, usize) {
        let mut origins = Vec::new();
        let mut line = 0;
        for game in 0..games {
            for _ in 0..per_game {
                origins.push(Origin { line, game });
                line += 1;
            }
            line += 1; // the `# game` line
        }
        (origins, line)
    }

    #[test]
    fn large_files_keep_the_tenth_block_split() {
        let (origins, lines) = datagen_origins(200, 39);
        assert!(lines >= 10 * HELD_BACK_BLOCK);
        let mask = held_back_mask(&origins, lines, true);
        for (o, held) in origins.iter().zip(&mask) {
            assert_eq!(*held, (o.line / HELD_BACK_BLOCK) % 10 == 9, "{o:?}");
        }
        assert!(mask.iter().any(|&h| h));
    }

    #[test]
    fn small_files_hold_back_whole_games() {
        // The run: 4 games, 153 positions.
        let (origins, lines) = datagen_origins(4, 38);
        let mask = held_back_mask(&origins, lines, true);
        let held: Vec<&Origin> = origins
            .iter()
            .zip(&mask)
            .filter(|(_, h)| **h)
            .map(|(o, _)| o)
            .collect();
        assert_eq!(held.len(), 38);
        assert!(held.iter().all(|o| o.game == 3), "the last game, whole");
        // Twenty games: every tenth game.
        let (origins, lines) = datagen_origins(20, 20);
        let mask = held_back_mask(&origins, lines, true);
        for (o, held) in origins.iter().zip(&mask) {
            assert_eq!(*held, o.game % 10 == 9, "{o:?}");
        }
        // A game without positions is no unit: the last game with some is held back.
        let mut origins = datagen_origins(3, 5).0;
        for o in &mut origins {
            if o.game == 2 {
                o.game = 3;
            }
        }
        let mask = held_back_mask(&origins, 30, true);
        assert_eq!(mask.iter().filter(|&&h| h).count(), 5);
        assert!(mask[10..].iter().all(|&h| h));
    }

    #[test]
    fn small_files_without_games_hold_back_the_last_tenth() {
        let origins: Vec<Origin> = (0..100).map(|line| Origin { line, game: 0 }).collect();
        let mask = held_back_mask(&origins, 100, false);
        assert!(mask[..90].iter().all(|&h| !h) && mask[90..].iter().all(|&h| h));
        let origins: Vec<Origin> = (0..3).map(|line| Origin { line, game: 0 }).collect();
        assert_eq!(held_back_mask(&origins, 3, false), [false, false, true]);
    }

    #[test]
    fn one_game_or_one_position_holds_nothing_back() {
        let (origins, lines) = datagen_origins(1, 40);
        assert!(held_back_mask(&origins, lines, true).iter().all(|&h| !h));
        assert_eq!(
            held_back_mask(&[Origin { line: 0, game: 0 }], 1, false),
            [false]
        );
        assert!(held_back_mask(&[], 0, false).is_empty());
    }
}

//! `cargo xtask relabel --data IN --out OUT [--nodes K | --depth D]`: the
//! positions of a tuner file scored again by a deeper search of Matewise's
//! own, so that `tune --score-weight` fits to a label that knows more than
//! the 5,000-node search that played the game.
//!
//! Every line of IN gives one line of OUT, in order: a data line
//! (`FEN [result] score`, as datagen writes it) keeps its FEN and result and
//! gets the new score, from White's side, in centipawns; `# game` lines and
//! any other line pass through as they are, so the tuner's held-back split
//! by game is the same on both files. A mate score is written as
//! [`MATE_LABEL`] centipawns, which the tuner's blend caps at ten pawns.
//!
//! Each position gets a fresh search (hash cleared, no history), so a label
//! depends only on the position and the limit, never on the thread or the
//! order. IN is read as the searches go, never held whole; lines are
//! written in order, and an interrupted run resumes after the last complete
//! line of OUT.

use crate::progress;
use crate::tune::data::{parse_board, parse_result};
use endgame_tables::Tablebases;
use movegen::{Color, KeyHistory};
use search::{Limits, Score, SearchControl, SearchOptions, Searcher};
use std::collections::BTreeMap;
use std::io::{BufRead, Write};
use std::sync::{Mutex, mpsc};

/// The label written for a mate score, in centipawns from the winner's side.
const MATE_LABEL: i32 = 3000;

/// Lines written between two flushes: an interrupted run loses at most
/// these and the searches under way.
const FLUSH_EVERY: usize = 64;

/// Hash per searcher: a cleared table per position, so small.
const HASH_MB: usize = 8;

/// `cargo xtask relabel`: re-score a tuner file's positions with a deeper search.
#[derive(clap::Args, Debug)]
pub(crate) struct Args {
    /// The tuner file to read (`FEN [result] score` lines, `# game` lines).
    #[arg(long, value_name = "FILE")]
    data: String,
    /// Where the relabelled lines go; a run resumes after its last complete line.
    #[arg(long, value_name = "FILE")]
    out: String,
    /// Nodes per position.
    #[arg(
        long,
        value_name = "K",
        default_value_t = 50_000,
        conflicts_with = "depth"
    )]
    nodes: u64,
    /// Search each position to this depth instead of a node count.
    #[arg(long, value_name = "D")]
    depth: Option<u32>,
    /// Positions searched at once.
    #[arg(long, value_name = "T", default_value_t = 1)]
    threads: usize,
    /// The endgame-table cache [default: the user's, as the engine's].
    #[arg(long, value_name = "DIR")]
    cache: Option<std::path::PathBuf>,
}

/// The limit of every search.
fn limits(args: &Args) -> Limits {
    match args.depth {
        Some(depth) => Limits {
            depth: Some(depth),
            ..Limits::default()
        },
        None => Limits {
            nodes: Some(args.nodes),
            ..Limits::default()
        },
    }
}

/// The score of one search, in centipawns from White's side.
fn white_score(score: Score, side: Color) -> i32 {
    let own = match score {
        Score::Centipawns(cp) => cp,
        Score::Mate(m) if m > 0 => MATE_LABEL,
        Score::Mate(_) => -MATE_LABEL,
    };
    if side == Color::White { own } else { -own }
}

/// `line` with its score replaced by `score`: everything up to and
/// including the bracketed result stays; a line without one (an EPD result
/// field) gets the score appended.
fn relabelled(line: &str, score: i32) -> String {
    match line.find(']') {
        Some(end) => format!("{} {score}", &line[..=end]),
        None => format!("{} {score}", line.trim_end()),
    }
}

/// Scores one line: a data line gets a search, any other passes through.
fn label(line: &str, searcher: &mut Searcher, limits: &Limits, options: &SearchOptions) -> String {
    if line.starts_with('#') {
        return line.to_string();
    }
    let Some(board) = parse_board(line).filter(|_| parse_result(line).is_some()) else {
        return line.to_string();
    };
    searcher.clear();
    let result = searcher.search(
        &board,
        &KeyHistory::default(),
        limits,
        options,
        &SearchControl::new(false),
        &mut |_| {},
    );
    relabelled(line, white_score(result.score, board.side_to_move()))
}

/// Complete lines already in `path`, after cutting off a partly written last
/// line.
fn resume_point(path: &str) -> Result<usize, String> {
    let Ok(text) = std::fs::read(path) else {
        return Ok(0);
    };
    let complete = text.iter().rposition(|&b| b == b'\n').map_or(0, |i| i + 1);
    if complete < text.len() {
        let file = std::fs::OpenOptions::new()
            .write(true)
            .open(path)
            .map_err(|e| format!("{path}: {e}"))?;
        file.set_len(complete as u64)
            .map_err(|e| format!("{path}: {e}"))?;
    }
    Ok(text[..complete].iter().filter(|&&b| b == b'\n').count())
}

/// Lines in `path`, counted without holding them.
fn count_lines(path: &str) -> Result<usize, String> {
    let input = std::fs::File::open(path).map_err(|e| format!("{path}: {e}"))?;
    let mut reader = std::io::BufReader::new(input);
    let (mut lines, mut last) = (0, b'\n');
    loop {
        let buffer = reader.fill_buf().map_err(|e| format!("{path}: {e}"))?;
        let Some(&end) = buffer.last() else {
            break;
        };
        lines += buffer.iter().filter(|&&b| b == b'\n').count();
        last = end;
        let read = buffer.len();
        reader.consume(read);
    }
    // A last line without its newline is a line too.
    Ok(lines + usize::from(last != b'\n'))
}

pub(crate) fn run(args: &Args) -> Result<(), String> {
    let threads = args.threads.max(1);
    let total = count_lines(&args.data)?;
    let done = resume_point(&args.out)?;
    if done > total {
        return Err(format!(
            "{} has {done} lines, more than the {total} of {}: not its relabelling",
            args.out, args.data
        ));
    }
    let limits = limits(args);
    eprintln!(
        "relabel: {done} of {total} lines already in {}; {} more at {} on {threads} threads",
        args.out,
        total - done,
        match args.depth {
            Some(d) => format!("depth {d}"),
            None => format!("{} nodes", args.nodes),
        }
    );
    let input = std::fs::File::open(&args.data).map_err(|e| format!("{}: {e}", args.data))?;
    // The input is read as the searchers take its lines, so a file of ten
    // million positions is never held whole.
    let source = Mutex::new(
        std::io::BufReader::new(input)
            .lines()
            .skip(done)
            .enumerate(),
    );
    let file = std::fs::OpenOptions::new()
        .create(true)
        .append(true)
        .open(&args.out)
        .map_err(|e| format!("{}: {e}", args.out))?;
    let mut writer = std::io::BufWriter::new(file);
    let tables = match &args.cache {
        Some(dir) => Tablebases::with_cache_dir(Some(dir.clone())),
        None => Tablebases::new(),
    };
    let options = SearchOptions {
        endgame_tables: true,
        ..SearchOptions::default()
    };
    let mut searchers: Vec<Searcher> = (0..threads)
        .map(|_| {
            let mut searcher = Searcher::new(HASH_MB, 1);
            searcher.set_tablebases(tables.clone());
            searcher
        })
        .collect();
    let bar = progress::bar((total - done) as u64, "{human_pos}/{human_len} lines");
    let written = std::thread::scope(|scope| {
        let (send, receive) = mpsc::channel::<(usize, Result<String, String>)>();
        for searcher in &mut searchers {
            let (send, source, limits, options) = (send.clone(), &source, &limits, &options);
            scope.spawn(move || {
                loop {
                    // Taken under the lock, so that each line is taken once.
                    let next = source.lock().unwrap_or_else(|e| e.into_inner()).next();
                    let Some((i, line)) = next else {
                        return;
                    };
                    let labelled = line
                        .map(|line| label(&line, searcher, limits, options))
                        .map_err(|e| format!("{}: {e}", args.data));
                    // The writer has stopped (an error): stop too.
                    if send.send((i, labelled)).is_err() {
                        return;
                    }
                }
            });
        }
        drop(send);
        // Lines come back out of order; each is written once all before
        // it are, so OUT is always a prefix of the finished file.
        let mut waiting = BTreeMap::new();
        let mut written = 0;
        for (i, labelled) in receive {
            waiting.insert(i, labelled);
            while let Some(labelled) = waiting.remove(&written) {
                writeln!(writer, "{}", labelled?).map_err(|e| format!("{}: {e}", args.out))?;
                written += 1;
                bar.inc(1);
                if written % FLUSH_EVERY == 0 {
                    writer.flush().map_err(|e| format!("{}: {e}", args.out))?;
                }
            }
        }
        writer.flush().map_err(|e| format!("{}: {e}", args.out))?;
        Ok::<usize, String>(written)
    })?;
    bar.finish_and_clear();
    println!("{} lines written to {}", done + written, args.out);
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;

    fn args(words: &[&str]) -> Args {
        crate::task_args::parse(words).unwrap()
    }

    #[test]
    fn a_line_keeps_its_position_and_result_and_gets_the_new_score() {
        let line = "4k3/8/8/8/8/8/4P3/4K3 w - - 0 1 [1.0] 35";
        assert_eq!(
            relabelled(line, -12),
            "4k3/8/8/8/8/8/4P3/4K3 w - - 0 1 [1.0] -12"
        );
        assert_eq!(
            relabelled("4k3/8/8/8/8/8/4P3/4K3 w - - 1-0", 7),
            "4k3/8/8/8/8/8/4P3/4K3 w - - 1-0 7"
        );
        assert_eq!(white_score(Score::Centipawns(40), Color::Black), -40);
        assert_eq!(white_score(Score::Mate(3), Color::Black), -MATE_LABEL);
        assert_eq!(white_score(Score::Mate(-2), Color::Black), MATE_LABEL);
    }

    #[test]
    fn a_file_is_relabelled_line_for_line_and_resumes_after_a_cut_line() {
        let dir = std::env::temp_dir().join(format!("matewise-relabel-{}", std::process::id()));
        std::fs::create_dir_all(&dir).unwrap();
        let (data, out) = (dir.join("in.epd"), dir.join("out.epd"));
        // A mate in one for White (Ra8#), a mate in one for Black to move
        // (Ra1#), a bare draw, and datagen's game line.
        let lines = [
            "6k1/5ppp/8/8/8/8/5PPP/R5K1 w - - 0 1 [1.0] 20",
            "r5k1/5ppp/8/8/8/8/5PPP/6K1 b - - 0 1 [0.0] 15",
            "4k3/8/8/8/8/8/8/4K3 w - - 0 1 [0.5] 80",
            "# game 0",
        ];
        std::fs::write(&data, lines.join("\n") + "\n").unwrap();
        // A run cut off in its second line.
        std::fs::write(
            &out,
            "6k1/5ppp/8/8/8/8/5PPP/R5K1 w - - 0 1 [1.0] 3000\nr5k1/5",
        )
        .unwrap();
        let (data_s, out_s) = (data.to_str().unwrap(), out.to_str().unwrap());
        let cache = dir.join("cache");
        let cache_s = cache.to_str().unwrap();
        run(&args(&[
            "--data",
            data_s,
            "--out",
            out_s,
            "--nodes",
            "2000",
            "--threads",
            "2",
            "--cache",
            cache_s,
        ]))
        .unwrap();
        let text = std::fs::read_to_string(&out).unwrap();
        let written: Vec<&str> = text.lines().collect();
        assert_eq!(
            written,
            [
                "6k1/5ppp/8/8/8/8/5PPP/R5K1 w - - 0 1 [1.0] 3000",
                "r5k1/5ppp/8/8/8/8/5PPP/6K1 b - - 0 1 [0.0] -3000",
                "4k3/8/8/8/8/8/8/4K3 w - - 0 1 [0.5] 0",
                "# game 0",
            ]
        );
        // Run again: nothing left to do, nothing written twice.
        run(&args(&[
            "--data", data_s, "--out", out_s, "--depth", "3", "--cache", cache_s,
        ]))
        .unwrap();
        assert_eq!(std::fs::read_to_string(&out).unwrap(), text);
        std::fs::remove_dir_all(&dir).unwrap();
    }

    #[test]
    fn lines_are_counted_with_or_without_a_last_newline() {
        let dir = std::env::temp_dir().join(format!("matewise-count-{}", std::process::id()));
        std::fs::create_dir_all(&dir).unwrap();
        let path = dir.join("lines.epd");
        let path_s = path.to_str().unwrap();
        for (text, lines) in [("", 0), ("a\n", 1), ("a\nb", 2), ("a\n\nb\n", 3)] {
            std::fs::write(&path, text).unwrap();
            assert_eq!(count_lines(path_s).unwrap(), lines, "{text:?}");
        }
        std::fs::remove_dir_all(&dir).unwrap();
    }

    #[test]
    fn depth_and_nodes_are_one_or_the_other() {
        let a = args(&["--data", "a", "--out", "b", "--depth", "10"]);
        assert_eq!(limits(&a).depth, Some(10));
        assert_eq!(limits(&a).nodes, None);
        let b = args(&["--data", "a", "--out", "b"]);
        assert_eq!(limits(&b).nodes, Some(50_000));
        let both = ["--data", "a", "--out", "b", "--depth", "4", "--nodes", "9"];
        assert!(crate::task_args::parse::<Args>(&both).is_err());
    }
}

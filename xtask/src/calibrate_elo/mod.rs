//! `cargo xtask calibrate-elo`: measures the settings of the `UCI_Elo`
//! table in games against Stockfish's own `UCI_Elo`, and writes the table
//! (`search::strength::CALIBRATION`), the signature of the search it was
//! measured on and the documentation's table from that one run.
//!
//! A setting is a node budget and a move-choice temperature
//! (`--setting 18107:7.809@1800`: 18,107 nodes, 7.809 cp, against
//! Stockfish at 1800). Matewise plays it through `UCI_LimitStrength` with
//! `StrengthNodes` and `StrengthTemperature`, so no rating is assumed
//! before it is measured. Every game starts fresh engine processes, as
//! match tools do; each opening is played twice with colours swapped; the
//! clock is kept here (100 ms of grace), and there is no adjudication.
//! Finished games go to the state file at once, so an interrupted run
//! resumes; `--write` fits and writes once every game is played.

mod fit;
mod record;

use crate::progress;
use crate::uci_engine::UciEngine;
use crate::uci_game::{self, MoveLimit};
use fit::Measured;
use movegen::Board;
use record::Finished;
use std::collections::HashMap;
use std::io::Write;
use std::path::PathBuf;
use std::sync::Mutex;
use std::sync::atomic::{AtomicUsize, Ordering};

/// `cargo xtask calibrate-elo`: the `UCI_Elo` table measured against Stockfish.
#[derive(clap::Args, Debug)]
pub(crate) struct Args {
    /// The Matewise binary to measure (a release build).
    #[arg(long, value_name = "PATH")]
    engine: String,
    /// Stockfish 15.1, whose `UCI_Elo` is the scale.
    #[arg(long, value_name = "PATH", default_value = "/usr/games/stockfish")]
    stockfish: String,
    /// A setting to measure, NODES:TEMPERATURE@OPPONENT: that node budget
    /// and move-choice temperature (cp) against Stockfish at `UCI_Elo`
    /// OPPONENT. Give one for each point of the table.
    #[arg(long = "setting", value_name = "N:T@E", required = true, value_parser = Setting::parse)]
    settings: Vec<Setting>,
    /// Games per setting (rounded up to pairs).
    #[arg(long, value_name = "N", default_value_t = 200)]
    games: usize,
    /// The clock: base+increment in seconds.
    #[arg(long, value_name = "TC", default_value = "10+0.1")]
    tc: String,
    /// Games played at once.
    #[arg(long, value_name = "N", default_value_t = 2)]
    concurrency: usize,
    /// Openings, one FEN or four-field EPD a line, played in order.
    #[arg(long, value_name = "FILE")]
    openings: PathBuf,
    /// Finished games, one a line; a run resumes from it.
    #[arg(long, value_name = "FILE", default_value = "calibrate-elo-state.txt")]
    state: PathBuf,
    /// Where each setting's games are written as PGN (gzip), e.g. docs/results.
    #[arg(long, value_name = "DIR")]
    records: Option<PathBuf>,
    /// Once every game is played: write CALIBRATION, the signature and the
    /// calibration page's table into the source tree.
    #[arg(long)]
    write: bool,
}

/// A setting to measure and its opponent.
#[derive(Clone, Debug, PartialEq)]
pub(crate) struct Setting {
    nodes: u64,
    /// Thousandths of a centipawn, as `StrengthTemperature` takes it.
    millis: u32,
    opponent: u32,
}

impl Setting {
    fn parse(text: &str) -> Result<Setting, String> {
        let bad = || format!("'{text}' is not NODES:TEMPERATURE@OPPONENT (e.g. 18107:7.809@1800)");
        let (handicaps, opponent) = text.split_once('@').ok_or_else(bad)?;
        let (nodes, temperature) = handicaps.split_once(':').ok_or_else(bad)?;
        let nodes: u64 = nodes.replace('_', "").parse().map_err(|_| bad())?;
        let temperature: f64 = temperature.parse().map_err(|_| bad())?;
        let opponent: u32 = opponent.parse().map_err(|_| bad())?;
        if nodes == 0
            || !(0.0..=1000.0).contains(&temperature)
            || !(1320..=3190).contains(&opponent)
        {
            return Err(format!(
                "'{text}': nodes from 1, a temperature of 0 to 1000 cp, and Stockfish's UCI_Elo 1320 to 3190"
            ));
        }
        Ok(Setting {
            nodes,
            millis: (temperature * 1000.0).round() as u32,
            opponent,
        })
    }

    fn temperature(&self) -> f64 {
        f64::from(self.millis) / 1000.0
    }

    /// The name in the state file and the records.
    fn key(&self) -> String {
        format!("{}:{:.3}@{}", self.nodes, self.temperature(), self.opponent)
    }
}

/// The openings of `path`: FENs, or EPD's four fields (read as the
/// tuner reads its data lines).
fn openings(path: &std::path::Path) -> Result<Vec<Board>, String> {
    let text = std::fs::read_to_string(path).map_err(|e| format!("{}: {e}", path.display()))?;
    let boards: Vec<Board> = text
        .lines()
        .filter(|line| !line.trim().is_empty() && !line.starts_with('#'))
        .map(|line| {
            crate::tune::data::parse_board(line)
                .ok_or_else(|| format!("{}: '{line}' is not a position", path.display()))
        })
        .collect::<Result<_, _>>()?;
    if boards.is_empty() {
        return Err(format!("{}: no openings", path.display()));
    }
    Ok(boards)
}

/// The games already in the state file.
fn finished(path: &std::path::Path) -> Vec<Finished> {
    std::fs::read_to_string(path)
        .map(|text| text.lines().filter_map(Finished::parse).collect())
        .unwrap_or_default()
}

/// Plays game `game` of `setting`: Matewise White in even games.
fn play_one(
    args: &Args,
    setting: &Setting,
    game: usize,
    openings: &[Board],
    limit: MoveLimit,
) -> Result<(Finished, String), String> {
    let opening = (game / 2) % openings.len();
    let start = &openings[opening];
    let options = |pairs: &[(&str, String)]| -> Vec<(String, String)> {
        pairs
            .iter()
            .map(|(n, v)| (n.to_string(), v.clone()))
            .collect()
    };
    let common = [
        ("Hash", "16".to_string()),
        ("Threads", "1".to_string()),
        ("UCI_LimitStrength", "true".to_string()),
    ];
    let mut matewise_options = options(&common);
    matewise_options.extend(options(&[
        ("StrengthNodes", setting.nodes.to_string()),
        ("StrengthTemperature", setting.millis.to_string()),
    ]));
    let mut stockfish_options = options(&common);
    stockfish_options.extend(options(&[("UCI_Elo", setting.opponent.to_string())]));
    let mut matewise = UciEngine::start(&args.engine, &matewise_options)?;
    let mut stockfish = UciEngine::start(&args.stockfish, &stockfish_options)?;
    let matewise_white = game.is_multiple_of(2);
    let (name, opponent) = (
        format!("Matewise {}", setting.key()),
        format!("Stockfish UCI_Elo {}", setting.opponent),
    );
    let (played, players) = if matewise_white {
        (
            uci_game::play(start, &mut matewise, &mut stockfish, limit, false)?,
            [name.as_str(), opponent.as_str()],
        )
    } else {
        (
            uci_game::play(start, &mut stockfish, &mut matewise, limit, false)?,
            [opponent.as_str(), name.as_str()],
        )
    };
    let white_score = played.outcome.0;
    let score = if matewise_white {
        white_score
    } else {
        1.0 - white_score
    };
    // A fault is charged to the side that lost by it.
    let reason = match played.reason.as_str() {
        "time forfeit" | "illegal move" | "engine failure" if score == 0.0 => {
            format!("matewise {}", played.reason)
        }
        "time forfeit" | "illegal move" | "engine failure" => {
            format!("stockfish {}", played.reason)
        }
        other => other.to_string(),
    };
    let pgn = record::pgn(game + 1, opening + 1, start, players, &args.tc, &played);
    Ok((
        Finished {
            setting: setting.key(),
            game,
            score,
            reason,
        },
        pgn,
    ))
}

/// Appends `pgn` to the setting's gzip record (one gzip member a game,
/// which every gzip reader reads as one stream).
fn append_record(dir: &std::path::Path, setting: &Setting, pgn: &str) -> Result<(), String> {
    std::fs::create_dir_all(dir).map_err(|e| format!("{}: {e}", dir.display()))?;
    let path = dir.join(format!(
        "uci-elo-{}-nodes-{}-cp-vs-sf15-{}.pgn.gz",
        setting.nodes,
        setting.temperature(),
        setting.opponent
    ));
    let file = std::fs::OpenOptions::new()
        .create(true)
        .append(true)
        .open(&path)
        .map_err(|e| format!("{}: {e}", path.display()))?;
    let mut gz = flate2::write::GzEncoder::new(file, flate2::Compression::default());
    gz.write_all(pgn.as_bytes())
        .and_then(|_| gz.finish().map(|_| ()))
        .map_err(|e| format!("{}: {e}", path.display()))
}

/// What each setting scored, from the finished games.
fn measure(settings: &[Setting], games: &[Finished]) -> Vec<Measured> {
    settings
        .iter()
        .map(|setting| {
            let key = setting.key();
            let mine: HashMap<usize, &Finished> = games
                .iter()
                .filter(|g| g.setting == key)
                .map(|g| (g.game, g))
                .collect();
            let count = |score: f64| mine.values().filter(|g| g.score == score).count();
            let pairs: Vec<f64> = mine
                .keys()
                .filter(|&&g| g.is_multiple_of(2))
                .filter_map(|g| Some(mine.get(g)?.score + mine.get(&(g + 1))?.score))
                .collect();
            let (elo, error) = fit::pair_elo(&pairs);
            Measured {
                nodes: setting.nodes,
                temperature: setting.temperature(),
                opponent: setting.opponent,
                wins: count(1.0),
                draws: count(0.5),
                losses: count(0.0),
                faults: mine
                    .values()
                    .filter(|g| g.reason.starts_with("matewise"))
                    .count(),
                elo,
                error,
            }
        })
        .collect()
}

pub(crate) fn run(args: &Args) -> Result<(), String> {
    let limit = MoveLimit::clock(&args.tc)?;
    let openings = openings(&args.openings)?;
    let per_setting = args.games.div_ceil(2) * 2;
    let done = finished(&args.state);
    let todo: Vec<(usize, usize)> = args
        .settings
        .iter()
        .enumerate()
        .flat_map(|(s, setting)| {
            let key = setting.key();
            let done = &done;
            (0..per_setting)
                .filter(move |&g| !done.iter().any(|f| f.setting == key && f.game == g))
                .map(move |g| (s, g))
        })
        .collect();
    eprintln!(
        "calibrate-elo: {} settings, {per_setting} games each at {}; {} already in {}, {} to play, {} at once",
        args.settings.len(),
        args.tc,
        done.len(),
        args.state.display(),
        todo.len(),
        args.concurrency
    );
    let state = Mutex::new(
        std::fs::OpenOptions::new()
            .create(true)
            .append(true)
            .open(&args.state)
            .map_err(|e| format!("{}: {e}", args.state.display()))?,
    );
    let games = Mutex::new(done);
    let next = AtomicUsize::new(0);
    let first_error = Mutex::new(None);
    let bar = progress::bar(todo.len() as u64, "{human_pos}/{human_len} games");
    std::thread::scope(|scope| {
        for _ in 0..args.concurrency.max(1) {
            scope.spawn(|| {
                while let Some(&(s, g)) = todo.get(next.fetch_add(1, Ordering::Relaxed)) {
                    let setting = &args.settings[s];
                    let result =
                        play_one(args, setting, g, &openings, limit).and_then(|(game, pgn)| {
                            if let Some(dir) = &args.records {
                                append_record(dir, setting, &pgn)?;
                            }
                            let mut file = state.lock().expect("state lock");
                            writeln!(file, "{}", game.line())
                                .and_then(|_| file.flush())
                                .map_err(|e| format!("{}: {e}", args.state.display()))?;
                            drop(file);
                            let mut games = games.lock().expect("games lock");
                            games.push(game);
                            let m = &measure(std::slice::from_ref(setting), &games)[0];
                            bar.set_message(format!(
                                "{} +{} ={} -{}",
                                setting.key(),
                                m.wins,
                                m.draws,
                                m.losses
                            ));
                            Ok(())
                        });
                    if let Err(e) = result {
                        next.store(todo.len(), Ordering::Relaxed);
                        first_error.lock().expect("error lock").get_or_insert(e);
                        return;
                    }
                    bar.inc(1);
                }
            });
        }
    });
    bar.finish_and_clear();
    if let Some(e) = first_error.into_inner().expect("error lock") {
        return Err(e);
    }
    let games = games.into_inner().expect("games lock");
    let measured = measure(&args.settings, &games);
    print!("{}", fit::markdown_table(&measured));
    for m in &measured {
        println!(
            "{} nodes, {:.3} cp: {} games, {} faults of Matewise",
            m.nodes,
            m.temperature,
            m.games(),
            m.faults
        );
    }
    if args.write {
        write(args, &measured, per_setting)?;
    }
    Ok(())
}

/// Writes the table, its signature and the calibration page's table.
fn write(args: &Args, measured: &[Measured], per_setting: usize) -> Result<(), String> {
    if let Some(short) = measured.iter().find(|m| m.games() < per_setting) {
        return Err(format!(
            "{} nodes has {} of {per_setting} games: finish the run before --write",
            short.nodes,
            short.games()
        ));
    }
    let points = fit::table(measured)?;
    let signature = search::strength::signature(&points);
    let root = crate::paths::workspace_root();
    let source = fit::calibration_source(&points, per_setting, &args.tc);
    fit::rewrite(&root.join("crates/search/src/strength.rs"), |text| {
        let start = text
            .find("/// The measured settings, weakest first")
            .ok_or("no CALIBRATION")?;
        let end = start + text[start..].find("];\n").ok_or("no end of CALIBRATION")? + 3;
        Ok(format!("{}{source}{}", &text[..start], &text[end..]))
    })?;
    fit::rewrite(&root.join("crates/search/tests/strength.rs"), |text| {
        let start = text
            .find("const CALIBRATED_SIGNATURE: u64 = ")
            .ok_or("no CALIBRATED_SIGNATURE")?;
        let end = start + text[start..].find(';').ok_or("no ; after the signature")?;
        let hex = format!("{signature:016x}");
        Ok(format!(
            "{}const CALIBRATED_SIGNATURE: u64 = 0x{}_{}_{}_{}{}",
            &text[..start],
            &hex[0..4],
            &hex[4..8],
            &hex[8..12],
            &hex[12..16],
            &text[end..]
        ))
    })?;
    fit::rewrite(&root.join("docs/uci-elo-calibration.md"), |text| {
        fit::replace_between(
            text,
            "<!-- calibrate-elo: table -->",
            "<!-- calibrate-elo: end -->",
            &fit::markdown_table(measured),
        )
    })?;
    println!(
        "wrote CALIBRATION ({} points, {} to {}), the signature {signature:#x} and docs/uci-elo-calibration.md's table",
        points.len(),
        points[0].elo,
        points[points.len() - 1].elo
    );
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_setting_is_nodes_temperature_and_opponent() {
        let s = Setting::parse("18_107:7.809@1800").unwrap();
        assert_eq!((s.nodes, s.millis, s.opponent), (18_107, 7_809, 1800));
        assert_eq!(s.key(), "18107:7.809@1800");
        for bad in [
            "18107@1800",
            "x:1@1800",
            "100:1@1000",
            "0:1@1500",
            "100:-1@1500",
        ] {
            assert!(Setting::parse(bad).is_err(), "{bad}");
        }
    }

    #[test]
    fn finished_games_are_measured_by_pairs() {
        let setting = Setting::parse("1000:10@1500").unwrap();
        let game = |game, score, reason: &str| Finished {
            setting: setting.key(),
            game,
            score,
            reason: reason.into(),
        };
        let games = [
            game(0, 1.0, "checkmate"),
            game(1, 0.5, "repetition"),
            game(2, 0.0, "matewise time forfeit"),
            game(3, 1.0, "checkmate"),
            // An unpaired game counts in W/D/L but not in the pairs.
            game(4, 1.0, "checkmate"),
        ];
        let m = &measure(&[setting], &games)[0];
        assert_eq!((m.wins, m.draws, m.losses, m.faults), (3, 1, 1, 1));
        let (elo, _) = fit::pair_elo(&[1.5, 1.0]);
        assert_eq!(m.elo, elo);
    }
}

//! The engine's UCI options. Each is declared once, with what setting it
//! does, as in Stockfish's `options.add(...)` list in `engine.cpp`: the
//! session's own and the search's, whose values the search takes as a
//! plain [`SearchOptions`]. The `uci` listing and the checking of
//! `setoption` both come from these declarations. Names match
//! case-insensitively, as the UCI specification asks.

use crate::session::Session;
use protocol::{Declared, OptionKind, UciOption, find_option};
use search::SearchOptions;
use search::strength::{MAX_ELO, MIN_ELO};

/// The options the engine acts on itself, with what each one does.
pub const ENGINE_OPTIONS: &[Declared<Session>] = &[
    Declared::spin("Hash", 16, 1, 65_536, Session::resize_hash),
    Declared::spin("Threads", 1, 1, 256, Session::set_threads),
    // Only informs: the GUI decides to ponder, and says so with `go ponder`.
    Declared::check("Ponder", false, |_, _| {}),
    Declared::check("UCI_Chess960", false, Session::set_chess960),
    Declared::button("Clear Hash", Session::clear_hash),
    Declared::check("UCI_ShowWDL", false, Session::set_show_wdl),
    // Empty: the default directory; `none`: no cache file.
    Declared::string("EndgameCache", "", Session::set_endgame_cache),
    // MiB: all thirty-two tables take 962.
    Declared::spin(
        "EndgameMemory",
        1024,
        0,
        65_536,
        Session::set_endgame_memory,
    ),
    // As Stockfish reads it: several folders, `:` between them (`;` on
    // Windows); `<empty>` for none.
    Declared::string("SyzygyPath", "<empty>", Session::set_syzygy_path),
    // With UCI_LimitStrength: a setting's handicaps played directly, as
    // `cargo xtask calibrate-elo` measures it (0 nodes: UCI_Elo's);
    // the temperature in thousandths of a centipawn.
    Declared::spin(
        "StrengthNodes",
        0,
        0,
        1_000_000_000,
        Session::set_strength_nodes,
    ),
    Declared::spin(
        "StrengthTemperature",
        0,
        0,
        1_000_000,
        Session::set_strength_temperature,
    ),
];

/// The defaults, from the one place the search keeps them.
const DEFAULT: SearchOptions = SearchOptions::DEFAULT;

/// The options whose values the search takes, with their ranges.
pub const SEARCH_OPTIONS: &[Declared<SearchOptions>] = &[
    Declared::spin("MultiPV", DEFAULT.multipv as i64, 1, 256, |o, n| {
        o.multipv = n as usize;
    }),
    Declared::spin(
        "Move Overhead",
        DEFAULT.move_overhead_ms as i64,
        0,
        5_000,
        |o, n| o.move_overhead_ms = n as u64,
    ),
    Declared::check(
        "MateDistancePruning",
        DEFAULT.mate_distance_pruning,
        |o, on| o.mate_distance_pruning = on,
    ),
    Declared::check("MatingPotential", DEFAULT.mating_potential, |o, on| {
        o.mating_potential = on;
    }),
    Declared::check("MateAtAGlance", DEFAULT.mate_at_a_glance, |o, on| {
        o.mate_at_a_glance = on;
    }),
    Declared::check("UseEndgameTables", DEFAULT.endgame_tables, |o, on| {
        o.endgame_tables = on;
    }),
    Declared::spin(
        "SyzygyProbeDepth",
        DEFAULT.syzygy_probe_depth as i64,
        1,
        100,
        |o, n| o.syzygy_probe_depth = n as i32,
    ),
    Declared::spin(
        "SyzygyProbeLimit",
        DEFAULT.syzygy_probe_limit as i64,
        0,
        7,
        |o, n| o.syzygy_probe_limit = n as u32,
    ),
    Declared::check("Syzygy50MoveRule", DEFAULT.syzygy_50_move_rule, |o, on| {
        o.syzygy_50_move_rule = on;
    }),
    Declared::check("UCI_LimitStrength", DEFAULT.limit_strength, |o, on| {
        o.limit_strength = on;
    }),
    Declared::spin(
        "UCI_Elo",
        DEFAULT.elo as i64,
        MIN_ELO as i64,
        MAX_ELO as i64,
        |o, n| o.elo = n as u32,
    ),
];

/// The search's tunable parameters as spin options: every one of them in a
/// `tune` build, none in a normal one (their values are then constants).
fn tunable() -> impl Iterator<Item = &'static search::params::Param> {
    search::params::ALL
        .iter()
        .copied()
        .filter(|_| cfg!(feature = "tune"))
}

/// A tunable parameter's option line.
fn tunable_option(param: &search::params::Param) -> UciOption {
    UciOption {
        name: param.name.to_string(),
        kind: OptionKind::Spin {
            default: i64::from(param.default),
            min: i64::from(param.min),
            max: i64::from(param.max),
        },
    }
}

/// Sets the tunable parameter named `name`, if there is one (`tune`
/// builds only): `None` when there is not.
#[cfg(feature = "tune")]
fn set_tunable(name: &str, value: Option<&str>) -> Option<Result<(), String>> {
    let param = tunable().find(|p| p.name.eq_ignore_ascii_case(name.trim()))?;
    let set = match value.and_then(|v| v.trim().parse::<i32>().ok()) {
        Some(v) => param.set(v),
        None => Err("a whole number is needed".to_string()),
    };
    Some(set.map_err(|e| format!("option {}: {e}", param.name)))
}

#[cfg(not(feature = "tune"))]
fn set_tunable(_name: &str, _value: Option<&str>) -> Option<Result<(), String>> {
    None
}

/// The `option` lines sent after `uci`: the engine's options, then the search's.
///
/// ```
/// let lines: Vec<String> = matewise_engine::declarations().iter().map(|o| o.to_string()).collect();
/// assert_eq!(lines[0], "option name Hash type spin default 16 min 1 max 65536");
/// let top = search::strength::MAX_ELO;
/// assert!(lines.contains(&format!("option name UCI_Elo type spin default 1320 min 1320 max {top}")));
/// ```
pub fn declarations() -> Vec<UciOption> {
    let engine = ENGINE_OPTIONS.iter().map(Declared::uci_option);
    let search = SEARCH_OPTIONS.iter().map(Declared::uci_option);
    engine
        .chain(search)
        .chain(tunable().map(tunable_option))
        .collect()
}

/// Applies `setoption name <name> [value <value>]` to the session or to its
/// search options. On error nothing changes and the message says why.
pub(crate) fn set_option(
    session: &mut Session,
    name: &str,
    value: Option<&str>,
) -> Result<(), String> {
    if let Some(option) = find_option(ENGINE_OPTIONS, name) {
        option.set(session, value)
    } else if let Some(option) = find_option(SEARCH_OPTIONS, name) {
        option.set(session.search_options_mut(), value)
    } else if let Some(result) = set_tunable(name, value) {
        result
    } else {
        Err(format!("no such option: '{}'", name.trim()))
    }
}

#[cfg(test)]
mod tests {
    use crate::session::OptionValues;
    use crate::{Output, Session};
    use protocol::{OptionKind, UciOption};
    use test_kit::Buffer;

    fn session() -> (Session, Buffer) {
        let buffer = Buffer::default();
        let tables = test_kit::private_tables();
        let session = Session::with_tablebases(Output::new(Box::new(buffer.clone())), tables);
        (session, buffer)
    }

    /// The options as `uci` lists them, read back from the text it sends.
    fn listed(session: &mut Session, out: &Buffer) -> Vec<UciOption> {
        out.take();
        session.handle_line("uci");
        let lines = out.take();
        assert_eq!(lines.last().map(String::as_str), Some("uciok"));
        let options: Vec<UciOption> = crate::declarations();
        let texts: Vec<&String> = lines.iter().filter(|l| l.starts_with("option ")).collect();
        assert_eq!(texts.len(), options.len());
        for (text, option) in texts.iter().zip(&options) {
            assert_eq!(**text, option.to_string());
        }
        options
    }

    /// Sends `setoption` and returns what the engine answered.
    fn set(session: &mut Session, out: &Buffer, name: &str, value: Option<String>) -> Vec<String> {
        out.take();
        match value {
            Some(value) => session.handle_line(&format!("setoption name {name} value {value}")),
            None => session.handle_line(&format!("setoption name {name}")),
        };
        out.take()
    }

    #[test]
    fn every_listed_option_is_accepted_at_its_default_and_bounds() {
        let (mut session, out) = session();
        for option in listed(&mut session, &out) {
            let name = &option.name;
            let good: Vec<Option<String>> = match &option.kind {
                OptionKind::Check { default } => {
                    vec![Some((!default).to_string()), Some(default.to_string())]
                }
                OptionKind::Spin { default, min, max } => {
                    vec![
                        Some(min.to_string()),
                        Some(max.to_string()),
                        Some(default.to_string()),
                    ]
                }
                OptionKind::Combo { default, vars } => vars
                    .iter()
                    .chain([default])
                    .map(|v| Some(v.clone()))
                    .collect(),
                OptionKind::String { default } => vec![Some(default.clone())],
                OptionKind::Button => vec![None],
            };
            for value in good {
                let answer = set(&mut session, &out, name, value.clone());
                // A value may be accepted yet not be had (a 64 GB table here):
                // that is reported, but not as a bad value.
                let rejected = |line: &String| {
                    line.starts_with(&format!("info string option {name}"))
                        || line.starts_with("info string no such option")
                };
                assert!(
                    !answer.iter().any(rejected),
                    "{name} = {value:?}: {answer:?}"
                );
            }
        }
    }

    #[test]
    fn values_outside_an_option_are_rejected_with_an_error() {
        let (mut session, out) = session();
        for option in listed(&mut session, &out) {
            let name = &option.name;
            let bad: Vec<String> = match &option.kind {
                OptionKind::Check { .. } => vec!["maybe".into()],
                OptionKind::Spin { min, max, .. } => {
                    vec![(min - 1).to_string(), (max + 1).to_string(), "x".into()]
                }
                OptionKind::Combo { .. } => vec!["no such choice".into()],
                OptionKind::String { .. } | OptionKind::Button => vec![],
            };
            for value in bad {
                let answer = set(&mut session, &out, name, Some(value.clone()));
                assert_eq!(answer.len(), 1, "{name} = {value}: {answer:?}");
                assert!(
                    answer[0].starts_with(&format!("info string option {name}")),
                    "{answer:?}"
                );
            }
        }
        let answer = set(&mut session, &out, "NoSuchOption", Some("1".into()));
        assert_eq!(answer, ["info string no such option: 'NoSuchOption'"]);
        // The engine still works.
        session.handle_line("go depth 1");
        session.shutdown();
        assert!(out.take().last().unwrap().starts_with("bestmove "));
    }

    #[test]
    fn listed_defaults_are_the_values_the_engine_uses() {
        let (mut session, out) = session();
        let fresh = session.option_values();
        assert_eq!(fresh.search, search::SearchOptions::default());
        for option in listed(&mut session, &out) {
            let default = match &option.kind {
                OptionKind::Check { default } => default.to_string(),
                OptionKind::Spin { default, .. } => default.to_string(),
                OptionKind::Combo { default, .. } | OptionKind::String { default } => {
                    default.clone()
                }
                OptionKind::Button => continue,
            };
            let answer = set(&mut session, &out, &option.name, Some(default));
            assert!(answer.is_empty(), "{}: {answer:?}", option.name);
            assert_eq!(
                session.option_values(),
                fresh,
                "{} changed setting its default",
                option.name
            );
        }
    }

    #[test]
    fn a_cache_directory_that_cannot_be_had_is_reported() {
        let (mut session, out) = session();
        let answer = set(
            &mut session,
            &out,
            "EndgameCache",
            Some("/nonexistent/dir".into()),
        );
        assert_eq!(
            answer,
            [
                "info string EndgameCache: '/nonexistent/dir' does not exist, nor does its \
              parent; solved tables are not saved"
            ]
        );
        assert_eq!(session.tablebases().cache_dir(), None);
        assert!(!std::path::Path::new("/nonexistent").exists());
        // A file is no directory either.
        let file = std::env::temp_dir().join(format!("matewise-cache-file-{}", std::process::id()));
        std::fs::write(&file, b"").unwrap();
        let answer = set(
            &mut session,
            &out,
            "EndgameCache",
            Some(file.display().to_string()),
        );
        assert!(
            answer[0].ends_with("is not a directory; solved tables are not saved"),
            "{answer:?}"
        );
        std::fs::remove_file(&file).unwrap();
        assert!(set(&mut session, &out, "EndgameCache", Some("none".into())).is_empty());
    }

    #[test]
    fn options_reach_what_they_set() {
        type Check = fn(&OptionValues) -> bool;
        let cases: [(&str, Check); 7] = [
            ("setoption name Hash value 2", |v| v.hash_mb == 2),
            ("setoption name threads value 3", |v| v.threads == 3),
            ("setoption name UCI_ShowWDL value true", |v| v.show_wdl),
            ("setoption name UCI_Chess960 value true", |v| v.chess960),
            ("setoption name MultiPV value 4", |v| v.search.multipv == 4),
            ("setoption name Move Overhead value 50", |v| {
                v.search.move_overhead_ms == 50
            }),
            ("setoption name UCI_Elo value 1500", |v| {
                v.search.elo == 1500
            }),
        ];
        let (mut session, out) = session();
        for (line, check) in cases {
            session.handle_line(line);
            assert!(check(&session.option_values()), "{line}");
        }
        assert!(out.take().iter().all(|l| !l.starts_with("info string")));
    }
}

//! `cargo xtask spsa --engine PATH`: tunes the search parameters
//! (`search::params`) by SPSA, playing the engine against itself.
//!
//! Each step perturbs every parameter by +-c at random, plays a pair of
//! games between the two perturbed sets from one balanced random opening
//! (colours swapped), and moves every parameter towards the side that
//! scored better, by a step that shrinks as the run goes on. The schedule is
//! fishtest's: `c_k = c_end (N / k)^gamma` and `a_k = a_end ((A + N) / (A + k))^alpha`,
//! with `a_end = r_end c_end^2`, each parameter's `c_end` being its declared
//! step. Games run several at a time, each update applied as its pair ends.
//!
//! The engine must be a `tune` build, which takes each parameter as a UCI
//! spin option: `cargo build --release --features tune --target-dir target/tune`.
//! The state (the step count and the current values) is written to
//! `--state` after every pair, so an interrupted run resumes where it
//! stopped; the values are printed at the end as `setoption` lines.

use crate::datagen;
use crate::progress;
use crate::uci_engine::UciEngine;
use crate::uci_game::{self, MoveLimit};
use movegen::SplitMix64;
use search::Searcher;
use search::params::{self, Param};
use std::collections::HashMap;
use std::sync::Mutex;

/// `cargo xtask spsa`: SPSA over the search parameters, by self-play.
#[derive(clap::Args, Debug)]
pub(crate) struct Args {
    /// The engine: a build with the `tune` feature.
    #[arg(long, value_name = "PATH", required_unless_present = "openbench")]
    engine: Option<String>,
    /// Print the parameters in OpenBench's SPSA input form (`name, int,
    /// start, min, max, C_end, R_end`), with --r-end as R_end, and exit.
    #[arg(long)]
    openbench: bool,
    /// Game pairs to play in all (a resumed run counts those already played).
    #[arg(long, value_name = "N", default_value_t = 5000)]
    pairs: u64,
    /// Nodes a move; ignored with --tc.
    #[arg(long, value_name = "K", default_value_t = 10_000)]
    nodes: u64,
    /// A clock instead of nodes: `base+increment` in seconds, e.g. `2+0.02`.
    #[arg(long, value_name = "TC")]
    tc: Option<String>,
    /// Games played at once.
    #[arg(long, value_name = "T", default_value_t = 1)]
    threads: usize,
    /// Only these parameters, comma-separated [default: all].
    #[arg(long, value_name = "NAMES", value_delimiter = ',')]
    params: Vec<String>,
    /// Where the run's state is kept (and resumed from).
    #[arg(long, value_name = "FILE", default_value = "spsa-state.txt")]
    state: String,
    /// Learning rate at the end of the run (fishtest's r_end).
    #[arg(long, value_name = "R", default_value_t = 0.002)]
    r_end: f64,
    /// Exponent of the step size's decay.
    #[arg(long, value_name = "X", default_value_t = 0.602)]
    alpha: f64,
    /// Exponent of the perturbation's decay.
    #[arg(long, value_name = "X", default_value_t = 0.101)]
    gamma: f64,
    /// Stability constant A, as a fraction of --pairs.
    #[arg(long, value_name = "X", default_value_t = 0.1)]
    a_ratio: f64,
    /// Seed of the openings and the perturbations.
    #[arg(long, value_name = "S", default_value_t = 1)]
    seed: u64,
}

/// The tuned values and how many pairs produced them.
#[derive(Clone, Debug, PartialEq)]
struct State {
    pairs_played: u64,
    values: Vec<f64>,
}

impl State {
    fn fresh(tuned: &[&Param]) -> State {
        State {
            pairs_played: 0,
            values: tuned.iter().map(|p| f64::from(p.default)).collect(),
        }
    }

    fn to_text(&self, tuned: &[&Param]) -> String {
        let mut text = format!("# cargo xtask spsa state\npairs {}\n", self.pairs_played);
        for (p, v) in tuned.iter().zip(&self.values) {
            text += &format!("{} {v}\n", p.name);
        }
        text
    }

    /// Reads a state written by `to_text`; parameters it lacks start at
    /// their defaults.
    fn from_text(text: &str, tuned: &[&Param]) -> Result<State, String> {
        let mut state = State::fresh(tuned);
        let mut values: HashMap<&str, f64> = HashMap::new();
        for line in text
            .lines()
            .filter(|l| !l.starts_with('#') && !l.trim().is_empty())
        {
            let (key, value) = line
                .split_once(' ')
                .ok_or(format!("unreadable line '{line}'"))?;
            if key == "pairs" {
                state.pairs_played = value.trim().parse().map_err(|_| format!("bad '{line}'"))?;
            } else {
                values.insert(
                    key,
                    value.trim().parse().map_err(|_| format!("bad '{line}'"))?,
                );
            }
        }
        for (p, v) in tuned.iter().zip(&mut state.values) {
            if let Some(&saved) = values.get(p.name) {
                *v = saved.clamp(f64::from(p.min), f64::from(p.max));
            }
        }
        Ok(state)
    }
}

/// The gains of step `k` (1-based) of `total` for `param`: (a_k, c_k).
fn gains(args: &Args, param: &Param, k: u64, total: u64) -> (f64, f64) {
    let (k, n) = (k as f64, total.max(1) as f64);
    let big_a = args.a_ratio * n;
    let c_end = f64::from(param.step);
    let c = c_end * (n / k).powf(args.gamma);
    let a = args.r_end * c_end * c_end * ((big_a + n) / (big_a + k)).powf(args.alpha);
    (a, c)
}

/// One SplitMix64 output for `seed`: the perturbation signs of a step.
fn mix(seed: u64) -> u64 {
    SplitMix64::new(seed).next_u64()
}

/// The engine options for one side of a pair.
fn options(tuned: &[&Param], values: &[f64], signs: &[f64], c: &[f64]) -> Vec<(String, String)> {
    let mut options = vec![("Hash".to_string(), "16".to_string())];
    for (i, p) in tuned.iter().enumerate() {
        let value = (values[i] + signs[i] * c[i]).clamp(f64::from(p.min), f64::from(p.max));
        options.push((p.name.to_string(), format!("{}", value.round() as i64)));
    }
    options
}

/// What a move may spend: --nodes, or the --tc clock.
fn move_limit(args: &Args) -> Result<MoveLimit, String> {
    let Some(tc) = &args.tc else {
        return Ok(MoveLimit::Nodes(args.nodes));
    };
    MoveLimit::clock(tc)
}

/// Plays the pair of step `k`; returns plus's score minus minus's, in -2..=2.
fn play_pair(
    args: &Args,
    engine: &str,
    plus: &[(String, String)],
    minus: &[(String, String)],
    k: u64,
    limit: MoveLimit,
    searcher: &mut Searcher,
) -> Result<f64, String> {
    let start = datagen::opening(args.seed, k, searcher);
    let mut difference = 0.0;
    for plus_is_white in [true, false] {
        let mut plus_engine = UciEngine::start(engine, plus)?;
        let mut minus_engine = UciEngine::start(engine, minus)?;
        let outcome = if plus_is_white {
            uci_game::play(&start, &mut plus_engine, &mut minus_engine, limit, true)?
                .outcome
                .0
        } else {
            1.0 - uci_game::play(&start, &mut minus_engine, &mut plus_engine, limit, true)?
                .outcome
                .0
        };
        difference += 2.0 * outcome - 1.0;
    }
    Ok(difference)
}

/// The parameters as OpenBench's SPSA form reads them, one a line: name,
/// type, start, min, max, the final perturbation (the declared step) and
/// the final learning rate `r_end`. A `tune` build takes each as a UCI
/// spin option of that name, which is how OpenBench sets them.
fn openbench_input(tuned: &[&Param], r_end: f64) -> String {
    tuned
        .iter()
        .map(|p| {
            format!(
                "{}, int, {}, {}, {}, {}, {r_end}\n",
                p.name, p.default, p.min, p.max, p.step
            )
        })
        .collect()
}

pub(crate) fn run(args: &Args) -> Result<(), String> {
    let tuned: Vec<&Param> = if args.params.is_empty() {
        params::ALL.to_vec()
    } else {
        args.params
            .iter()
            .map(|name| params::find(name).ok_or(format!("no search parameter {name}")))
            .collect::<Result<_, _>>()?
    };
    if args.openbench {
        print!("{}", openbench_input(&tuned, args.r_end));
        return Ok(());
    }
    let engine = args.engine.as_deref().ok_or("--engine is needed")?;
    let limit = move_limit(args)?;
    let state = match std::fs::read_to_string(&args.state) {
        Ok(text) => State::from_text(&text, &tuned)?,
        Err(_) => State::fresh(&tuned),
    };
    // Fail early if the engine is not a tune build.
    drop(UciEngine::start(
        engine,
        &options(
            &tuned,
            &state.values,
            &vec![0.0; tuned.len()],
            &vec![0.0; tuned.len()],
        ),
    )?);
    eprintln!(
        "spsa: {} parameters, {} of {} pairs played, {limit:?} a move, {} games at once; state in {}",
        tuned.len(),
        state.pairs_played,
        args.pairs,
        args.threads.max(1),
        args.state
    );
    let bar = progress::bar(args.pairs, "{human_pos}/{human_len} pairs");
    bar.set_position(state.pairs_played.min(args.pairs));
    let next_step = Mutex::new(state.pairs_played);
    let shared = Mutex::new((state, 0.0f64));
    let failure: Mutex<Option<String>> = Mutex::new(None);
    std::thread::scope(|scope| {
        for _ in 0..args.threads.max(1) {
            scope.spawn(|| {
                let mut searcher = Searcher::new(16, 1);
                loop {
                    let k = {
                        let mut next = next_step.lock().expect("step lock");
                        if *next >= args.pairs || failure.lock().expect("failure lock").is_some() {
                            return;
                        }
                        *next += 1;
                        *next
                    };
                    let step_gains: Vec<(f64, f64)> = tuned
                        .iter()
                        .map(|p| gains(args, p, k, args.pairs))
                        .collect();
                    let c: Vec<f64> = step_gains.iter().map(|g| g.1).collect();
                    let signs: Vec<f64> = (0..tuned.len())
                        .map(|i| {
                            if mix(args.seed ^ mix(k) ^ (i as u64)) & 1 == 0 {
                                1.0
                            } else {
                                -1.0
                            }
                        })
                        .collect();
                    let values = shared.lock().expect("state lock").0.values.clone();
                    let negated: Vec<f64> = signs.iter().map(|s| -s).collect();
                    let plus = options(&tuned, &values, &signs, &c);
                    let minus = options(&tuned, &values, &negated, &c);
                    let result =
                        match play_pair(args, engine, &plus, &minus, k, limit, &mut searcher) {
                            Ok(result) => result,
                            Err(e) => {
                                *failure.lock().expect("failure lock") = Some(e);
                                return;
                            }
                        };
                    let mut guard = shared.lock().expect("state lock");
                    let (state, score) = &mut *guard;
                    for (i, p) in tuned.iter().enumerate() {
                        let (a, c) = step_gains[i];
                        state.values[i] = (state.values[i] + a * result * signs[i] / c)
                            .clamp(f64::from(p.min), f64::from(p.max));
                    }
                    state.pairs_played += 1;
                    *score += result;
                    let text = state.to_text(&tuned);
                    let temporary = format!("{}.tmp", args.state);
                    if let Err(e) = std::fs::write(&temporary, text)
                        .and_then(|()| std::fs::rename(&temporary, &args.state))
                    {
                        *failure.lock().expect("failure lock") =
                            Some(format!("{}: {e}", args.state));
                        return;
                    }
                    bar.set_message(format!("plus-minus {score:+}"));
                    bar.inc(1);
                }
            });
        }
    });
    bar.finish_and_clear();
    if let Some(e) = failure.into_inner().expect("failure lock") {
        return Err(e);
    }
    let (state, _) = shared.into_inner().expect("state lock");
    println!(
        "# {} pairs; as UCI options (default in brackets):",
        state.pairs_played
    );
    for (p, v) in tuned.iter().zip(&state.values) {
        println!(
            "setoption name {} value {}  [{}]",
            p.name,
            v.round() as i64,
            p.default
        );
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;

    fn args(extra: &[&str]) -> Args {
        let mut words = vec!["--engine", "unused"];
        words.extend_from_slice(extra);
        crate::task_args::parse(&words).unwrap()
    }

    #[test]
    fn openbench_input_lists_each_parameter_in_its_form_without_an_engine() {
        let parsed: Args =
            crate::task_args::parse(&["--openbench", "--params", "LMR_BASE,RFP_MARGIN"]).unwrap();
        assert!(parsed.openbench && parsed.engine.is_none());
        let tuned = [&params::LMR_BASE, &params::RFP_MARGIN];
        let text = openbench_input(&tuned, 0.002);
        let lines: Vec<Vec<&str>> = text.lines().map(|l| l.split(", ").collect()).collect();
        assert_eq!(lines.len(), 2);
        for (fields, param) in lines.iter().zip(tuned) {
            let number = |i: usize| fields[i].parse::<i32>().unwrap();
            assert_eq!(
                (fields[0], fields[1], fields[6]),
                (param.name, "int", "0.002")
            );
            assert_eq!(
                (number(2), number(3), number(4), number(5)),
                (param.default, param.min, param.max, param.step)
            );
        }
        // Without --openbench the engine is needed.
        assert!(crate::task_args::parse::<Args>(&["--pairs", "10"]).is_err());
    }

    #[test]
    fn the_state_survives_a_round_trip_and_clamps_to_the_range() {
        let tuned: Vec<&Param> = params::ALL.to_vec();
        let mut state = State::fresh(&tuned);
        state.pairs_played = 17;
        state.values[0] += 0.25;
        assert_eq!(State::from_text(&state.to_text(&tuned), &tuned), Ok(state));
        let wild = format!("pairs 3\n{} 100000\n", tuned[0].name);
        let read = State::from_text(&wild, &tuned).unwrap();
        assert_eq!(read.values[0], f64::from(tuned[0].max));
        assert_eq!(read.values[1], f64::from(tuned[1].default));
    }

    #[test]
    fn the_perturbation_ends_at_the_step_and_the_gain_decays() {
        let a = args(&["--pairs", "1000"]);
        let p = params::find("RFP_MARGIN").unwrap();
        let (a_first, c_first) = gains(&a, p, 1, 1000);
        let (a_last, c_last) = gains(&a, p, 1000, 1000);
        assert!((c_last - f64::from(p.step)).abs() < 1e-9);
        assert!(c_first > c_last && a_first > a_last);
        // The last update moves a parameter by r_end * c_end per unit of result.
        assert!((a_last / c_last - a.r_end * f64::from(p.step)).abs() < 1e-9);
    }

    #[test]
    fn the_move_limit_follows_the_flags() {
        assert_eq!(
            move_limit(&args(&["--nodes", "500"])),
            Ok(MoveLimit::Nodes(500))
        );
        assert_eq!(
            move_limit(&args(&["--tc", "2+0.02"])),
            Ok(MoveLimit::Clock {
                base_ms: 2000,
                increment_ms: 20
            })
        );
        assert!(move_limit(&args(&["--tc", "fast"])).is_err());
        assert!(move_limit(&args(&["--tc=-1+0"])).is_err());
    }
}

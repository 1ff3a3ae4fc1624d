//! The engine's state between commands, and what each command does to it.

use crate::job::{JobSpec, SearchJob, Work};
use crate::options::{ENGINE_OPTIONS, declarations, set_option};
use crate::output::Output;
use endgame_tables::Tablebases;
use eval_terms::Evaluator;
use movegen::{Board, KeyHistory, Move, UciMove};
use protocol::{Command, GoParams, Info, ParseError, Response, Score, Setup, Wdl};
use search::{Clock, ClockLag, ControlPeriods, Limits, SearchOptions, Searcher};
use std::sync::{Arc, OnceLock};
use std::time::{Duration, Instant};

/// How long an ending engine waits for its table builds to stop and keep
/// their progress: a build stops within milliseconds and writes its
/// progress (some tens of MB) in a fraction of this, and `quit` must end
/// the process within a second.
pub(crate) const BUILD_STOP_GRACE: Duration = Duration::from_millis(700);

/// The engine: position, options, and either an idle searcher or a running search.
pub struct Session {
    out: Output,
    /// The table size (`Hash`) and thread count (`Threads`) for the searcher.
    hash_mb: usize,
    threads: usize,
    /// `UCI_Chess960`: castling in Chess960 notation whatever the position.
    chess960: bool,
    /// `UCI_ShowWDL`.
    show_wdl: bool,
    /// `StrengthNodes` and `StrengthTemperature` (thousandths of a
    /// centipawn): a limited strength's handicaps set directly, as a
    /// calibration plays a setting; 0 nodes is `UCI_Elo`'s.
    strength_nodes: u64,
    strength_temperature: u32,
    search_options: SearchOptions,
    board: Board,
    history: KeyHistory,
    idle: Option<Searcher>,
    running: Option<SearchJob>,
    debug: bool,
    /// The current position's castling needs Chess960 notation whatever the option says.
    position_is_chess960: bool,
    /// Why the last `position` command failed: until a valid one arrives
    /// there is no position the GUI sent, so `go` searches nothing.
    position_error: Option<String>,
    /// Where each side's `movestogo` period began, for the time plan.
    periods: ControlPeriods,
    /// The lag the GUI's clocks show beyond the searches' own time.
    lag: ClockLag,
    /// The last search's side, its `go`'s arrival and its `bestmove`'s
    /// writing, for the next clock of that side to be read against.
    last_search: Option<(movegen::Color, Instant, Arc<OnceLock<Instant>>)>,
    /// The endgame tables, own and Syzygy, that every search reads.
    tablebases: Tablebases,
}

/// Whether the loop should go on reading commands.
#[derive(Debug, PartialEq, Eq)]
pub enum Flow {
    /// Keep reading.
    Continue,
    /// `quit`: stop reading.
    Quit,
}

impl Session {
    /// A new session writing to `out`, its tables cached in the default
    /// directory ([`endgame_tables::cache::default_dir`]).
    pub fn new(out: Output) -> Session {
        Session::with_tablebases(out, Tablebases::new())
    }

    /// A new session writing to `out` and reading `tablebases`, whose cache
    /// directory it keeps (until `setoption name EndgameCache` says
    /// otherwise): for a test, tables of its own.
    ///
    /// ```
    /// use matewise_engine::{Output, Session};
    /// use endgame_tables::Tablebases;
    /// let session = Session::with_tablebases(Output::new(Box::new(std::io::sink())), Tablebases::in_memory());
    /// assert_eq!(session.tablebases().cache_dir(), None);
    /// ```
    pub fn with_tablebases(out: Output, tablebases: Tablebases) -> Session {
        let cache_dir = tablebases.cache_dir();
        let mut session = Session {
            out,
            // Each set to its declared default below.
            hash_mb: 1,
            threads: 1,
            chess960: false,
            show_wdl: false,
            strength_nodes: 0,
            strength_temperature: 0,
            search_options: SearchOptions::default(),
            idle: None,
            board: Board::default(),
            history: KeyHistory::with_capacity(1024),
            running: None,
            debug: false,
            position_is_chess960: false,
            position_error: None,
            periods: ControlPeriods::default(),
            lag: ClockLag::default(),
            last_search: None,
            tablebases,
        };
        for option in ENGINE_OPTIONS {
            option.set_default(&mut session);
        }
        // The default `EndgameCache` is the default directory: the tables'
        // own stays.
        session.tablebases.set_cache_dir(cache_dir);
        session.searcher();
        session
    }

    /// Parses and executes one input line.
    pub fn handle_line(&mut self, line: &str) -> Flow {
        tracing::trace!(line, "input");
        match protocol::parse(line) {
            Ok(Some(command)) => self.execute(command),
            Ok(None) => Flow::Continue,
            Err(error) => {
                if is_position_error(&error) {
                    self.position_error = Some(error.to_string());
                }
                self.out.info_string(error.to_string());
                Flow::Continue
            }
        }
    }

    /// At end of input: stops a running search (it prints its
    /// `bestmove`), or waits for a running perft or bench to finish.
    pub fn shutdown(&mut self) {
        if let Some(job) = self.running.take() {
            self.idle = job.end_of_input();
        }
    }

    /// Stops the table builds under way as the engine ends, waiting at most
    /// 700 ms for them to keep their progress (see
    /// `Tablebases::stop_builds`).
    pub fn stop_table_builds(&self) {
        if !self.tablebases.stop_builds(BUILD_STOP_GRACE) {
            tracing::debug!("a table build had not stopped within the grace");
        }
    }

    fn searcher(&mut self) -> &mut Searcher {
        self.finish_search();
        if self.idle.is_none() {
            self.idle = Some(self.new_searcher());
        }
        self.idle.as_mut().expect("just made")
    }

    /// A searcher of the options' size, reading the session's tables.
    fn new_searcher(&self) -> Searcher {
        let mut searcher = Searcher::new(self.hash_mb, self.threads);
        searcher.set_tablebases(self.tablebases.clone());
        searcher
    }

    /// Stops a running search, if any, and takes the searcher back (none if
    /// the search failed: the next use builds a new one).
    fn finish_search(&mut self) {
        if let Some(job) = self.running.take() {
            self.idle = job.stop_and_join();
        }
    }

    fn execute(&mut self, command: Command) -> Flow {
        match command {
            Command::Uci => {
                self.out.send(&Response::IdName(format!(
                    "Matewise {}",
                    env!("CARGO_PKG_VERSION")
                )));
                self.out
                    .send(&Response::IdAuthor("the Matewise developers".into()));
                for option in declarations() {
                    self.out.send(&Response::Option(option));
                }
                self.out.send(&Response::UciOk);
            }
            Command::Debug(on) => self.debug = on,
            Command::IsReady => {
                // A GUI waits here before the clock runs; solved lazily, the
                // bitbase would cost its ~10 ms inside the first K+P vs K search.
                endgame_tables::kpk::bitbase();
                // The three-man tables (half a MiB each), solved by an
                // earlier run, load here in a millisecond, so they are there
                // from the first search. The four-man ones (32 MiB each) would
                // cost every process memory most games never use: they load
                // from the cache, in about 0.1 s, when first met.
                if self.search_options.endgame_tables {
                    // Once a process: old versions' files and killed writes.
                    static SWEPT: std::sync::Once = std::sync::Once::new();
                    SWEPT.call_once(|| {
                        if let Some(dir) = self.tablebases.cache_dir() {
                            endgame_tables::cache::sweep(&dir);
                        }
                    });
                    let three_men = endgame_tables::dtm::Ending::ALL
                        .into_iter()
                        .filter(|ending| ending.pieces().len() + ending.weak_pieces().len() == 1);
                    for ending in three_men {
                        self.tablebases.table(ending, endgame_tables::Ready::Cached);
                    }
                }
                self.out.send(&Response::ReadyOk);
            }
            Command::SetOption { name, value } => self.set_option(&name, value.as_deref()),
            Command::Register(_) => self.out.info_string("registration is not needed"),
            Command::UciNewGame => {
                self.searcher().clear();
                self.periods.clear();
                self.lag.new_game();
                self.set_board(Board::default(), KeyHistory::with_capacity(1024));
            }
            Command::Position { setup, moves } => self.set_position(&setup, &moves),
            Command::Go(params) => self.go(&params),
            Command::Stop => self.finish_search(),
            Command::PonderHit => {
                if let Some(job) = &self.running {
                    job.control().ponderhit();
                }
            }
            Command::Quit => {
                self.finish_search();
                return Flow::Quit;
            }
            Command::Bench { depth } => self.start(Work::Bench { depth }),
            Command::D => {
                if let Some(reason) = &self.position_error {
                    self.out.info_string(format!(
                        "no valid position (the last position command failed: {reason}); the board shown is not searched"
                    ));
                }
                self.out.line(&self.board.to_string());
            }
            Command::Eval { full } => {
                let mut evaluator = Evaluator::new();
                evaluator.set_mating_rules(self.search_options.mating_potential);
                let report = evaluator.report(&self.board, full);
                self.out.line(&report.to_string());
            }
            Command::Glance => {
                let show = |mv: Option<Move>, board: &Board| {
                    mv.map_or("none".to_string(), |m| board.to_uci(m).to_string())
                };
                let mate = mate_detection::mate_at_a_glance(&self.board);
                self.out
                    .line(&format!("Mate at a glance: {}", show(mate, &self.board)));
                // The threat is the other side's move, so it is written on the board it would be played on.
                let threat = mate_detection::mate_threat(&self.board);
                let threat_board = self.board.null_move().unwrap_or_else(|| self.board.clone());
                self.out
                    .line(&format!("Mate threat: {}", show(threat, &threat_board)));
            }
        }
        Flow::Continue
    }

    fn set_option(&mut self, name: &str, value: Option<&str>) {
        if let Err(message) = set_option(self, name, value) {
            self.out.info_string(message);
        }
    }

    /// `Hash`: a new table of `mb` MB, made now if a searcher exists.
    pub(crate) fn resize_hash(&mut self, mb: i64) {
        self.hash_mb = mb as usize;
        self.finish_search();
        if let Some(searcher) = &mut self.idle {
            if let Err(message) = searcher.set_hash(self.hash_mb) {
                self.hash_mb = searcher.hash_mb();
                self.out.info_string(message);
            }
        }
    }

    /// `Threads`.
    pub(crate) fn set_threads(&mut self, threads: i64) {
        self.threads = threads as usize;
        // Background table builds run at the lowest priority; beside a
        // search they wait only if its threads leave no core free.
        let cores = std::thread::available_parallelism().map_or(1, usize::from);
        self.tablebases
            .set_builds_pause_for_searches(self.threads >= cores);
        self.finish_search();
        if let Some(searcher) = &mut self.idle {
            searcher.set_threads(self.threads);
        }
    }

    /// `UCI_Chess960`: switching it off leaves a Chess960 position's
    /// notation alone. The position's own need decides, not the board's
    /// current notation: that is still on from an earlier `true`.
    pub(crate) fn set_chess960(&mut self, on: bool) {
        self.chess960 = on;
        self.board.set_chess960(on || self.position_is_chess960);
    }

    /// `UCI_ShowWDL`.
    pub(crate) fn set_show_wdl(&mut self, on: bool) {
        self.show_wdl = on;
    }

    /// `StrengthNodes`: with `UCI_LimitStrength`, this many nodes a move
    /// instead of `UCI_Elo`'s budget (0: `UCI_Elo`'s handicaps).
    pub(crate) fn set_strength_nodes(&mut self, nodes: i64) {
        self.strength_nodes = nodes.max(0) as u64;
    }

    /// `StrengthTemperature`: with `StrengthNodes`, the move-choice
    /// temperature in thousandths of a centipawn.
    pub(crate) fn set_strength_temperature(&mut self, millis: i64) {
        self.strength_temperature = millis.clamp(0, i64::from(u32::MAX)) as u32;
    }

    /// `EndgameCache`: where solved endgame tables are kept between runs.
    /// Empty is the default directory (`$XDG_CACHE_HOME/matewise` or
    /// `~/.cache/matewise`), `none` keeps no file. A directory that cannot
    /// keep them is reported, and no file is kept.
    pub(crate) fn set_endgame_cache(&mut self, dir: &str) {
        let dir = dir.trim();
        let chosen = if dir.is_empty() {
            endgame_tables::cache::default_dir()
        } else if dir.eq_ignore_ascii_case("none") {
            None
        } else {
            let path = std::path::PathBuf::from(dir);
            match endgame_tables::cache::check_dir(&path) {
                Ok(()) => Some(path),
                Err(problem) => {
                    self.out.info_string(format!(
                        "EndgameCache: '{dir}' {problem}; solved tables are not saved"
                    ));
                    None
                }
            }
        };
        self.tablebases.set_cache_dir(chosen);
    }

    /// `EndgameMemory`: MiB the endgame tables may hold. Tables held stay;
    /// once the limit is reached, further endings are played without one.
    pub(crate) fn set_endgame_memory(&mut self, mb: i64) {
        let bytes = usize::try_from(mb).unwrap_or(0).saturating_mul(1 << 20);
        self.tablebases.set_memory_limit(bytes);
    }

    /// `SyzygyPath`: the folders of Syzygy files, split on `:` (`;` on
    /// Windows); `<empty>` or nothing for none. Each folder or file left
    /// out is reported, and so are the tables found.
    pub(crate) fn set_syzygy_path(&mut self, paths: &str) {
        // The running search reads the tables: it ends first.
        self.finish_search();
        let warnings = self.tablebases.set_syzygy_path(paths);
        for warning in warnings {
            self.out.info_string(format!("SyzygyPath: {warning}"));
        }
        let men = self.tablebases.syzygy_max_pieces();
        if men > 0 {
            self.out
                .info_string(format!("found Syzygy tables of up to {men} men"));
        }
    }

    /// The endgame tables the searches read.
    pub fn tablebases(&self) -> &Tablebases {
        &self.tablebases
    }

    /// `Clear Hash`.
    pub(crate) fn clear_hash(&mut self) {
        self.searcher().clear_hash();
    }

    /// The options the search reads, for `setoption`.
    pub(crate) fn search_options_mut(&mut self) -> &mut SearchOptions {
        &mut self.search_options
    }

    /// The lag learned from the clocks so far.
    #[cfg(test)]
    pub(crate) fn clock_lag(&self) -> &ClockLag {
        &self.lag
    }

    /// The `Move Overhead` the next search plans with.
    #[cfg(test)]
    pub(crate) fn planned_overhead_ms(&self) -> u64 {
        self.planned_options().move_overhead_ms
    }

    /// The value of each option as the engine uses it now.
    #[cfg(test)]
    pub(crate) fn option_values(&mut self) -> OptionValues {
        let searcher = self.searcher();
        let (hash_mb, threads) = (searcher.hash_mb(), searcher.threads());
        OptionValues {
            hash_mb,
            threads,
            chess960: self.chess960,
            show_wdl: self.show_wdl,
            search: self.search_options.clone(),
        }
    }

    fn set_board(&mut self, mut board: Board, history: KeyHistory) {
        self.position_error = None;
        self.position_is_chess960 = board.chess960();
        board.set_chess960(self.chess960 || board.chess960());
        self.board = board;
        self.history = history;
    }

    /// Loads a position; on a bad FEN or move, reports it and leaves no
    /// valid position, since neither the previous one nor the moves before
    /// the bad one are what the GUI asked for.
    fn set_position(&mut self, setup: &Setup, moves: &[UciMove]) {
        let board = match Board::from_fen(setup.fen()) {
            Ok(board) => board,
            Err(error) => {
                self.reject_position(format!("invalid FEN '{}': {error}", setup.fen()));
                return;
            }
        };
        self.set_board(board, KeyHistory::with_capacity(1024 + moves.len()));
        for (index, &text) in moves.iter().enumerate() {
            match self.board.from_uci(text) {
                Ok(mv) => {
                    self.history.push(self.board.hash());
                    self.board.play_unchecked(mv);
                }
                Err(error) => {
                    self.reject_position(format!("move {} ({text}): {error}", index + 1));
                    return;
                }
            }
        }
    }

    fn reject_position(&mut self, reason: String) {
        self.out.info_string(format!(
            "{reason}; no valid position until the next position command"
        ));
        self.position_error = Some(reason);
    }

    fn go(&mut self, params: &GoParams) {
        if let Some(reason) = self.position_error.clone() {
            self.finish_search();
            self.out.info_string(format!(
                "go: no valid position to search (the last position command failed: {reason})"
            ));
            if params.perft.is_none() {
                self.out.send(&Response::BestMove {
                    best: None,
                    ponder: None,
                });
            }
            return;
        }
        if let Some(depth) = params.perft {
            let board = self.board.clone();
            self.start(Work::Perft { board, depth });
            return;
        }
        let arrived = Instant::now();
        let limits = self.limits(params);
        self.learn_lag(self.board.side_to_move(), limits.clock, params);
        if self.search_options.endgame_tables && !limits.is_timed() {
            self.announce_root_table_build(limits.infinite);
        }
        let answered = Arc::new(OnceLock::new());
        self.last_search = Some((self.board.side_to_move(), arrived, Arc::clone(&answered)));
        let spec = JobSpec {
            board: self.board.clone(),
            history: self.history.clone(),
            limits,
            options: self.planned_options(),
            show_wdl: self.show_wdl,
            ponder: params.ponder,
            answered,
        };
        self.finish_search();
        self.report_game_over();
        self.start(Work::Search(Box::new(spec)));
    }

    /// Runs `work` on the job thread, after ending any job still running,
    /// so that `isready`, `stop` and `quit` are answered meanwhile.
    fn start(&mut self, work: Work) {
        self.finish_search();
        let searcher = self.idle.take().unwrap_or_else(|| self.new_searcher());
        self.running = Some(SearchJob::start(searcher, work, self.out.clone()));
    }

    /// A search without a clock on a root whose table is neither held nor
    /// cached builds it first: the GUI is told what and for how long.
    fn announce_root_table_build(&self, beside: bool) {
        let Some((ending, _)) = endgame_tables::dtm::Ending::of(&self.board) else {
            return;
        };
        let missing = self.tablebases.missing(ending);
        if missing.is_empty() {
            return;
        }
        let seconds: f64 = missing.iter().map(|e| e.typical_build_seconds()).sum();
        let names: Vec<&str> = missing.iter().map(|e| e.name()).collect();
        let when = if beside { "beside the search" } else { "first" };
        self.out.info_string(format!(
            "building the endgame tables {} {when}, about {seconds:.0} s on one core \
             (once: they are cached; `matewise tables build` builds all ahead)",
            names.join(" ")
        ));
    }

    /// A root with no legal move has a known result; GUIs expect it as a
    /// score line before the search's `bestmove 0000`.
    fn report_game_over(&self) {
        if self.board.count_legal_moves() != 0 {
            return;
        }
        let (score, wdl) = if self.board.in_check() {
            (
                Score::Mate(0),
                Wdl {
                    win: 0,
                    draw: 0,
                    loss: 1000,
                },
            )
        } else {
            (
                Score::Cp(0),
                Wdl {
                    win: 0,
                    draw: 1000,
                    loss: 0,
                },
            )
        };
        self.out.send(&Response::Info(Info {
            depth: Some(0),
            score: Some(score),
            wdl: self.show_wdl.then_some(wdl),
            ..Info::default()
        }));
    }

    /// Reads this `go`'s clock against the last search of the same side:
    /// what the GUI charged beyond the time from `go` to `bestmove` is lag.
    fn learn_lag(&mut self, us: movegen::Color, clock: Option<Clock>, params: &GoParams) {
        if let Some((side, arrived, answered)) = &self.last_search
            && let Some(at) = answered.get()
        {
            self.lag
                .answered(*side, at.saturating_duration_since(*arrived));
        }
        let before = self.lag.estimate();
        self.lag.go(
            us,
            self.history.len(),
            clock,
            params.movestogo,
            params.ponder,
        );
        if self.lag.estimate() != before {
            tracing::debug!(lag_ms = self.lag.estimate().as_millis(), "the clock's lag");
        }
    }

    /// The options a search runs with: `Move Overhead` raised to the lag
    /// the GUI's clocks have shown, where that is more.
    fn planned_options(&self) -> SearchOptions {
        let learned = self.lag.estimate().as_millis() as u64;
        let strength_setting = (self.strength_nodes > 0).then(|| {
            search::StrengthLimit::with_handicaps(
                self.strength_nodes,
                f64::from(self.strength_temperature) / 1000.0,
            )
        });
        SearchOptions {
            move_overhead_ms: self.search_options.move_overhead_ms.max(learned),
            strength_setting,
            ..self.search_options.clone()
        }
    }

    fn limits(&mut self, params: &GoParams) -> Limits {
        let us = self.board.side_to_move();
        let ms = |v: i64| Duration::from_millis(v.max(0) as u64);
        let clock = params.time_left(us).map(|time| Clock {
            time: ms(time),
            increment: ms(params.increment(us).unwrap_or(0)),
        });
        let mut search_moves: Vec<Move> = Vec::new();
        for &m in &params.searchmoves {
            match self.board.from_uci(m) {
                Ok(mv) => search_moves.push(mv),
                Err(error) => self
                    .out
                    .info_string(format!("searchmoves {m}: {error}; ignored")),
            }
        }
        let period_start = self
            .periods
            .observe(us, clock.map(|c| c.time), params.movestogo);
        Limits {
            clock,
            moves_to_go: params.movestogo,
            period_start,
            move_time: params.movetime.map(ms),
            depth: params.depth,
            nodes: params.nodes,
            mate: params.mate,
            infinite: params.infinite,
            search_moves,
        }
    }
}

/// Each option's value as the engine uses it, to compare with its declaration.
#[cfg(test)]
#[derive(Debug, PartialEq)]
pub(crate) struct OptionValues {
    pub(crate) hash_mb: usize,
    pub(crate) threads: usize,
    pub(crate) chess960: bool,
    pub(crate) show_wdl: bool,
    pub(crate) search: SearchOptions,
}

/// True for a `position` command the parser refused: like a bad FEN, it
/// leaves no valid position.
fn is_position_error(error: &ParseError) -> bool {
    match error {
        ParseError::MissingArgument { command, .. }
        | ParseError::InvalidArgument { command, .. }
        | ParseError::InvalidMove { command, .. }
        | ParseError::MissingValue { command, .. }
        | ParseError::InvalidValue { command, .. } => *command == "position",
        ParseError::UnknownCommand(_) => false,
    }
}

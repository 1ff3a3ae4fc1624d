//! The engine's state between commands, and what each command does to it.

use crate::job::{JobSpec, SearchJob};
use crate::options::{ENGINE_OPTIONS, declarations, set_option};
use crate::output::Output;
use eval_terms::Evaluator;
use movegen::{Board, KeyHistory, Move, UciMove};
use protocol::{Command, GoParams, Response, Setup};
use search::{Clock, Limits, SearchOptions, Searcher};
use std::time::Duration;

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
    search_options: SearchOptions,
    board: Board,
    history: KeyHistory,
    idle: Option<Searcher>,
    running: Option<SearchJob>,
    debug: bool,
    /// The current position's castling needs Chess960 notation whatever the option says.
    position_is_chess960: bool,
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
    /// A new session writing to `out`.
    pub fn new(out: Output) -> Session {
        let mut session = Session {
            out,
            // Each set to its declared default below.
            hash_mb: 1,
            threads: 1,
            chess960: false,
            show_wdl: false,
            search_options: SearchOptions::default(),
            idle: None,
            board: Board::default(),
            history: KeyHistory::with_capacity(1024),
            running: None,
            debug: false,
            position_is_chess960: false,
        };
        for option in ENGINE_OPTIONS {
            option.set_default(&mut session);
        }
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
                self.out.info_string(error.to_string());
                Flow::Continue
            }
        }
    }

    /// Waits for a running search to finish (after stopping it) and ends.
    pub fn shutdown(&mut self) {
        self.finish_search();
    }

    fn searcher(&mut self) -> &mut Searcher {
        self.finish_search();
        let (hash, threads) = (self.hash_mb, self.threads);
        self.idle
            .get_or_insert_with(|| Searcher::new(hash, threads))
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
                self.out.send(&Response::ReadyOk);
            }
            Command::SetOption { name, value } => self.set_option(&name, value.as_deref()),
            Command::Register(_) => self.out.info_string("registration is not needed"),
            Command::UciNewGame => {
                self.searcher().clear();
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
            Command::Bench { depth } => {
                self.finish_search();
                crate::bench(&self.out, depth);
            }
            Command::D => self.out.line(&self.board.to_string()),
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
        self.finish_search();
        if let Some(searcher) = &mut self.idle {
            searcher.set_threads(self.threads);
        }
    }

    /// `UCI_Chess960`: switching it off leaves a Chess960 position's notation alone.
    pub(crate) fn set_chess960(&mut self, on: bool) {
        self.chess960 = on;
        self.board.set_chess960(on || self.board.chess960());
    }

    /// `UCI_ShowWDL`.
    pub(crate) fn set_show_wdl(&mut self, on: bool) {
        self.show_wdl = on;
    }

    /// `Clear Hash`.
    pub(crate) fn clear_hash(&mut self) {
        self.searcher().clear_hash();
    }

    /// The options the search reads, for `setoption`.
    pub(crate) fn search_options_mut(&mut self) -> &mut SearchOptions {
        &mut self.search_options
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
        self.position_is_chess960 = board.chess960();
        board.set_chess960(self.chess960 || board.chess960());
        self.board = board;
        self.history = history;
    }

    /// Loads a position; on a bad move, reports it and keeps the position
    /// reached just before it.
    fn set_position(&mut self, setup: &Setup, moves: &[UciMove]) {
        let board = match Board::from_fen(setup.fen()) {
            Ok(board) => board,
            Err(error) => {
                self.out.info_string(format!(
                    "invalid FEN '{}': {error}; position unchanged",
                    setup.fen()
                ));
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
                    self.out.info_string(format!(
                        "move {} ({text}): {error}; position kept after the {index} move(s) before it",
                        index + 1
                    ));
                    return;
                }
            }
        }
    }

    fn go(&mut self, params: &GoParams) {
        if let Some(depth) = params.perft {
            self.finish_search();
            self.out.line(&crate::perft_text(&self.board, depth));
            return;
        }
        let limits = self.limits(params);
        let spec = JobSpec {
            board: self.board.clone(),
            history: self.history.clone(),
            limits,
            options: self.search_options.clone(),
            show_wdl: self.show_wdl,
            ponder: params.ponder,
        };
        self.finish_search();
        let searcher = self
            .idle
            .take()
            .unwrap_or_else(|| Searcher::new(self.hash_mb, self.threads));
        self.running = Some(SearchJob::start(searcher, spec, self.out.clone()));
    }

    fn limits(&self, params: &GoParams) -> Limits {
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
        Limits {
            clock,
            moves_to_go: params.movestogo,
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

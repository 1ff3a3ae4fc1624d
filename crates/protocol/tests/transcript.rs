//! Transcript tests: representative GUI lines, one test per command, each
//! asserting the exact typed result (or typed error).

use matewise_protocol::{Command, GoParams, ParseError, Registration, Setup, UciMove, parse};
use movegen::{Board, PieceKind, Square};

fn cmd(line: &str) -> Command {
    match parse(line) {
        Ok(Some(command)) => command,
        other => panic!("{line:?} gave {other:?}"),
    }
}

fn err(line: &str) -> ParseError {
    match parse(line) {
        Err(e) => e,
        other => panic!("{line:?} should fail but gave {other:?}"),
    }
}

fn mv(text: &str) -> UciMove {
    text.parse().unwrap()
}

fn moves(texts: &[&str]) -> Vec<UciMove> {
    texts.iter().map(|t| mv(t)).collect()
}

fn go(line: &str) -> GoParams {
    match cmd(line) {
        Command::Go(params) => params,
        other => panic!("{line:?} gave {other:?}"),
    }
}

#[test]
fn blank_lines_are_nothing() {
    assert_eq!(parse(""), Ok(None));
    assert_eq!(parse("   \t  \r\n"), Ok(None));
}

#[test]
fn unknown_commands() {
    assert_eq!(err("hello"), ParseError::UnknownCommand("hello".into()));
    assert_eq!(err("  UCI  "), ParseError::UnknownCommand("UCI".into()));
    assert_eq!(
        err("hello world 42"),
        ParseError::UnknownCommand("hello".into())
    );
    assert_eq!(err("hello").to_string(), "unknown command 'hello'");
}

#[test]
fn unknown_tokens_before_a_command_are_skipped() {
    assert_eq!(cmd("joho debug on"), Command::Debug(true));
    assert_eq!(cmd("foo bar isready"), Command::IsReady);
    assert_eq!(cmd("xyzzy go depth 3").to_string(), "go depth 3");
}

#[test]
fn uci() {
    assert_eq!(cmd("uci"), Command::Uci);
    assert_eq!(cmd("  uci \r\n"), Command::Uci);
}

#[test]
fn debug() {
    assert_eq!(cmd("debug on"), Command::Debug(true));
    assert_eq!(cmd("debug off"), Command::Debug(false));
    assert_eq!(
        err("debug"),
        ParseError::MissingArgument {
            command: "debug",
            expected: "on or off"
        }
    );
    let maybe = err("debug maybe");
    assert_eq!(
        maybe,
        ParseError::InvalidArgument {
            command: "debug",
            expected: "on or off",
            found: "maybe".into()
        }
    );
    assert_eq!(
        maybe.to_string(),
        "debug: expected on or off, found 'maybe'"
    );
}

#[test]
fn isready() {
    assert_eq!(cmd("isready"), Command::IsReady);
    assert_eq!(cmd("isready now please"), Command::IsReady);
}

#[test]
fn setoption() {
    let set = |name: &str, value: Option<&str>| Command::SetOption {
        name: name.into(),
        value: value.map(Into::into),
    };
    assert_eq!(cmd("setoption name Clear Hash"), set("Clear Hash", None));
    assert_eq!(
        cmd("setoption name Move Overhead value 100"),
        set("Move Overhead", Some("100"))
    );
    assert_eq!(
        cmd("setoption name UCI_Chess960 value true"),
        set("UCI_Chess960", Some("true"))
    );
    assert_eq!(cmd("setoption name Hash value 64"), set("Hash", Some("64")));
    assert_eq!(
        cmd("setoption name SyzygyPath value C:\\Table Bases\\3-4-5  extra"),
        set("SyzygyPath", Some("C:\\Table Bases\\3-4-5 extra"))
    );
    assert_eq!(
        cmd("setoption name Style value a value b"),
        set("Style", Some("a value b"))
    );
    assert_eq!(
        cmd("setoption name Debug Log File value"),
        set("Debug Log File", Some(""))
    );
    assert_eq!(
        err("setoption"),
        ParseError::MissingArgument {
            command: "setoption",
            expected: "name <option name>"
        }
    );
    assert_eq!(
        err("setoption name value 3"),
        ParseError::MissingArgument {
            command: "setoption",
            expected: "an option name after name"
        }
    );
    assert_eq!(
        err("setoption Hash value 3"),
        ParseError::InvalidArgument {
            command: "setoption",
            expected: "name",
            found: "Hash".into()
        }
    );
}

#[test]
fn register() {
    assert_eq!(
        cmd("register later"),
        Command::Register(Registration::Later)
    );
    assert_eq!(
        cmd("register name Stefan MK code 4359874324"),
        Command::Register(Registration::Details {
            name: Some("Stefan MK".into()),
            code: Some("4359874324".into())
        })
    );
    assert_eq!(
        cmd("register code 12 34"),
        Command::Register(Registration::Details {
            name: None,
            code: Some("12 34".into())
        })
    );
    assert!(matches!(
        err("register"),
        ParseError::MissingArgument {
            command: "register",
            ..
        }
    ));
    assert!(matches!(
        err("register soon"),
        ParseError::InvalidArgument {
            command: "register",
            ..
        }
    ));
    assert!(matches!(
        err("register name"),
        ParseError::MissingArgument {
            command: "register",
            ..
        }
    ));
}

#[test]
fn ucinewgame() {
    assert_eq!(cmd("ucinewgame"), Command::UciNewGame);
}

#[test]
fn position_startpos() {
    assert_eq!(
        cmd("position startpos"),
        Command::Position {
            setup: Setup::StartPos,
            moves: vec![]
        }
    );
    assert_eq!(
        cmd("position startpos moves e2e4 e7e5 g1f3"),
        Command::Position {
            setup: Setup::StartPos,
            moves: moves(&["e2e4", "e7e5", "g1f3"])
        }
    );
    assert_eq!(
        cmd("position startpos moves e2e4 0000 a7a8q"),
        Command::Position {
            setup: Setup::StartPos,
            moves: vec![
                mv("e2e4"),
                UciMove::Null,
                UciMove::Move {
                    from: Square::A7,
                    to: Square::A8,
                    promotion: Some(PieceKind::Queen)
                }
            ]
        }
    );
}

#[test]
fn position_fen() {
    let kiwipete = "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1";
    assert_eq!(
        cmd(&format!("position fen {kiwipete}")),
        Command::Position {
            setup: Setup::Fen(kiwipete.into()),
            moves: vec![]
        }
    );
    // Four fields, extra spaces: kept as given, fields joined by one space.
    assert_eq!(
        cmd("position fen  8/8/8/8/8/8/8/K6k   w - -  moves a1a2"),
        Command::Position {
            setup: Setup::Fen("8/8/8/8/8/8/8/K6k w - -".into()),
            moves: vec![mv("a1a2")]
        }
    );
}

#[test]
fn position_chess960_xfen_castling() {
    let xfen = "1rbqk2r/pppppppp/8/8/8/8/PPPPPPPP/1RBQK2R w KQkq - 0 1";
    let command = cmd(&format!("position fen {xfen} moves e1h1"));
    assert_eq!(
        command,
        Command::Position {
            setup: Setup::Fen(xfen.into()),
            moves: vec![mv("e1h1")]
        }
    );
    // The engine's side of the contract: movegen reads the FEN and the move.
    let Command::Position { setup, moves } = command else {
        unreachable!()
    };
    let board = Board::from_fen(setup.fen()).unwrap();
    assert!(board.chess960());
    assert!(board.from_uci(moves[0]).unwrap().is_castle());
}

#[test]
fn position_errors() {
    let bad = err("position startpos moves e2e4 zz9");
    assert_eq!(
        bad,
        ParseError::InvalidMove {
            command: "position",
            index: 1,
            token: "zz9".into()
        }
    );
    assert_eq!(
        bad.to_string(),
        "position: 'zz9' (index 1 in the move list) is not a UCI move like e2e4, e7e8q or 0000"
    );
    assert_eq!(
        err("position"),
        ParseError::MissingArgument {
            command: "position",
            expected: "startpos or fen <FEN>"
        }
    );
    assert_eq!(
        err("position fen moves e2e4"),
        ParseError::MissingArgument {
            command: "position",
            expected: "the FEN after fen"
        }
    );
    assert_eq!(
        err("position middlegame"),
        ParseError::InvalidArgument {
            command: "position",
            expected: "startpos or fen",
            found: "middlegame".into()
        }
    );
    assert_eq!(
        err("position startpos e2e4"),
        ParseError::InvalidArgument {
            command: "position",
            expected: "moves after startpos",
            found: "e2e4".into()
        }
    );
}

#[test]
fn go_clock() {
    assert_eq!(
        go("go wtime 300000 btime 300000 winc 0 binc 0 movestogo 40"),
        GoParams {
            wtime: Some(300_000),
            btime: Some(300_000),
            winc: Some(0),
            binc: Some(0),
            movestogo: Some(40),
            ..GoParams::default()
        }
    );
    assert_eq!(
        go("go wtime -150 btime 5000"),
        GoParams {
            wtime: Some(-150),
            btime: Some(5000),
            ..GoParams::default()
        }
    );
}

#[test]
fn go_infinite_and_searchmoves() {
    assert_eq!(
        go("go infinite searchmoves e2e4 d2d4"),
        GoParams {
            infinite: true,
            searchmoves: moves(&["e2e4", "d2d4"]),
            ..GoParams::default()
        }
    );
    // searchmoves ends at the next go keyword.
    assert_eq!(
        go("go searchmoves e2e4 d2d4 depth 6"),
        GoParams {
            depth: Some(6),
            searchmoves: moves(&["e2e4", "d2d4"]),
            ..GoParams::default()
        }
    );
    assert_eq!(
        err("go searchmoves e2e4 x1"),
        ParseError::InvalidMove {
            command: "go",
            index: 1,
            token: "x1".into()
        }
    );
}

#[test]
fn go_ponder() {
    assert_eq!(
        go("go ponder wtime 1000 btime 1000"),
        GoParams {
            ponder: true,
            wtime: Some(1000),
            btime: Some(1000),
            ..GoParams::default()
        }
    );
}

#[test]
fn go_limits() {
    assert_eq!(
        go("go mate 3"),
        GoParams {
            mate: Some(3),
            ..GoParams::default()
        }
    );
    assert_eq!(
        go("go perft 5"),
        GoParams {
            perft: Some(5),
            ..GoParams::default()
        }
    );
    assert_eq!(
        go("go depth 12 nodes 1000000 movetime 2500"),
        GoParams {
            depth: Some(12),
            nodes: Some(1_000_000),
            movetime: Some(2500),
            ..GoParams::default()
        }
    );
    assert_eq!(go("go"), GoParams::default());
}

#[test]
fn go_skips_unknown_tokens() {
    assert_eq!(
        go("go fast depth 4 please infinite"),
        GoParams {
            depth: Some(4),
            infinite: true,
            ..GoParams::default()
        }
    );
}

#[test]
fn go_errors() {
    let depth = err("go depth x");
    assert_eq!(
        depth,
        ParseError::InvalidValue {
            command: "go",
            param: "depth",
            value: "x".into()
        }
    );
    assert_eq!(
        depth.to_string(),
        "go depth: 'x' is not a whole number of plies (0 or more)"
    );
    let wtime = err("go wtime abc");
    assert_eq!(
        wtime,
        ParseError::InvalidValue {
            command: "go",
            param: "wtime",
            value: "abc".into()
        }
    );
    assert_eq!(
        wtime.to_string(),
        "go wtime: 'abc' is not a whole number of milliseconds"
    );
    let missing = err("go depth");
    assert_eq!(
        missing,
        ParseError::MissingValue {
            command: "go",
            param: "depth"
        }
    );
    assert_eq!(
        missing.to_string(),
        "go depth: missing value, expected a whole number of plies (0 or more)"
    );
    assert_eq!(
        err("go movetime infinite"),
        ParseError::MissingValue {
            command: "go",
            param: "movetime"
        }
    );
    assert_eq!(
        err("go nodes -5"),
        ParseError::InvalidValue {
            command: "go",
            param: "nodes",
            value: "-5".into()
        }
    );
    assert_eq!(
        err("go nodes 99999999999999999999999"),
        ParseError::InvalidValue {
            command: "go",
            param: "nodes",
            value: "99999999999999999999999".into()
        }
    );
}

#[test]
fn stop_ponderhit_quit() {
    assert_eq!(cmd("stop"), Command::Stop);
    assert_eq!(cmd("ponderhit"), Command::PonderHit);
    assert_eq!(cmd("quit"), Command::Quit);
}

#[test]
fn bench() {
    assert_eq!(cmd("bench"), Command::Bench { depth: None });
    assert_eq!(cmd("bench 13"), Command::Bench { depth: Some(13) });
    assert_eq!(
        err("bench deep"),
        ParseError::InvalidValue {
            command: "bench",
            param: "depth",
            value: "deep".into()
        }
    );
}

#[test]
fn d() {
    assert_eq!(cmd("d"), Command::D);
}

#[test]
fn eval() {
    assert_eq!(cmd("eval"), Command::Eval { full: false });
    assert_eq!(cmd("eval full"), Command::Eval { full: true });
}

#[test]
fn glance() {
    assert_eq!(cmd("glance"), Command::Glance);
}

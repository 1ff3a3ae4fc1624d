//! Every line the engine sends, formatted exactly.

use matewise_protocol::{Bound, Info, OptionKind, Response, Score, UciMove, UciOption, Wdl};

fn mv(text: &str) -> UciMove {
    text.parse().unwrap()
}

fn line(response: impl Into<Response>) -> String {
    response.into().to_string()
}

#[test]
fn identification_and_handshake() {
    assert_eq!(
        line(Response::IdName("Matewise 0.1.0".into())),
        "id name Matewise 0.1.0"
    );
    assert_eq!(
        line(Response::IdAuthor("The Matewise authors".into())),
        "id author The Matewise authors"
    );
    assert_eq!(line(Response::UciOk), "uciok");
    assert_eq!(line(Response::ReadyOk), "readyok");
}

#[test]
fn options() {
    let option = |name: &str, kind| line(UciOption::new(name, kind));
    assert_eq!(
        option("UCI_Chess960", OptionKind::Check { default: false }),
        "option name UCI_Chess960 type check default false"
    );
    assert_eq!(
        option("Ponder", OptionKind::Check { default: true }),
        "option name Ponder type check default true"
    );
    assert_eq!(
        option(
            "Move Overhead",
            OptionKind::Spin {
                default: 10,
                min: 0,
                max: 5000
            }
        ),
        "option name Move Overhead type spin default 10 min 0 max 5000"
    );
    assert_eq!(
        option(
            "Style",
            OptionKind::Combo {
                default: "Normal".into(),
                vars: vec!["Solid".into(), "Normal".into(), "Risky".into()]
            }
        ),
        "option name Style type combo default Normal var Solid var Normal var Risky"
    );
    assert_eq!(
        option("Clear Hash", OptionKind::Button),
        "option name Clear Hash type button"
    );
    assert_eq!(
        option(
            "SyzygyPath",
            OptionKind::String {
                default: String::new()
            }
        ),
        "option name SyzygyPath type string default <empty>"
    );
    assert_eq!(
        option(
            "Debug Log File",
            OptionKind::String {
                default: "log.txt".into()
            }
        ),
        "option name Debug Log File type string default log.txt"
    );
}

#[test]
fn bestmove() {
    let best = |best, ponder| line(Response::BestMove { best, ponder });
    assert_eq!(best(Some(mv("e2e4")), None), "bestmove e2e4");
    assert_eq!(
        best(Some(mv("e7e8q")), Some(mv("d8e8"))),
        "bestmove e7e8q ponder d8e8"
    );
    assert_eq!(best(None, None), "bestmove 0000");
    assert_eq!(best(None, Some(mv("e2e4"))), "bestmove 0000");
}

#[test]
fn info_all_fields_in_stockfish_order() {
    let info = Info {
        depth: Some(20),
        seldepth: Some(31),
        multipv: Some(1),
        score: Some(Score::Cp(-17)),
        bound: Bound::Upper,
        wdl: Some(Wdl {
            win: 40,
            draw: 900,
            loss: 60,
        }),
        nodes: Some(2_000_000),
        nps: Some(1_500_000),
        hashfull: Some(312),
        tbhits: Some(0),
        time: Some(1333),
        currmove: Some(mv("g1f3")),
        currmovenumber: Some(2),
        pv: vec![mv("e2e4"), mv("c7c5"), mv("g1f3")],
    };
    assert_eq!(
        line(info),
        "info depth 20 seldepth 31 multipv 1 score cp -17 upperbound wdl 40 900 60 \
         nodes 2000000 nps 1500000 hashfull 312 tbhits 0 time 1333 \
         currmove g1f3 currmovenumber 2 pv e2e4 c7c5 g1f3"
    );
}

#[test]
fn info_subsets() {
    assert_eq!(line(Info::default()), "info");
    assert_eq!(
        line(Info {
            depth: Some(5),
            currmove: Some(mv("e2e4")),
            currmovenumber: Some(1),
            ..Info::default()
        }),
        "info depth 5 currmove e2e4 currmovenumber 1"
    );
    assert_eq!(
        line(Info {
            depth: Some(9),
            score: Some(Score::Mate(3)),
            pv: vec![mv("h5f7")],
            ..Info::default()
        }),
        "info depth 9 score mate 3 pv h5f7"
    );
    assert_eq!(
        line(Info {
            score: Some(Score::Mate(-2)),
            bound: Bound::Lower,
            ..Info::default()
        }),
        "info score mate -2 lowerbound"
    );
    // A bound without a score is not written.
    assert_eq!(
        line(Info {
            bound: Bound::Lower,
            nodes: Some(1),
            ..Info::default()
        }),
        "info nodes 1"
    );
}

#[test]
fn info_string_is_one_line() {
    assert_eq!(
        line(Response::InfoString("hello world".into())),
        "info string hello world"
    );
    assert_eq!(
        line(Response::InfoString("two\nlines\r\n".into())),
        "info string two lines"
    );
    let err = matewise_protocol::parse("go depth x").unwrap_err();
    assert_eq!(
        line(Response::InfoString(err.to_string())),
        "info string go depth: 'x' is not a whole number of plies (0 or more)"
    );
}

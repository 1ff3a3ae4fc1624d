//! Reading `info` lines: every field Matewise writes, lines from other
//! engines, and one error per kind of mistake.

use matewise_protocol::{Bound, Info, InfoError, Response, Score, UciMove, Wdl};

fn mv(text: &str) -> UciMove {
    text.parse().unwrap()
}

#[test]
fn every_field_matewise_writes() {
    let line = "info depth 20 seldepth 31 multipv 1 score cp -17 upperbound wdl 40 900 60 \
                nodes 1000000 nps 2000000 hashfull 512 tbhits 7 time 500 currmove g1f3 \
                currmovenumber 2 pv e2e4 e7e5 g1f3";
    let info = Info::parse(line).unwrap();
    assert_eq!(
        info,
        Info {
            depth: Some(20),
            seldepth: Some(31),
            multipv: Some(1),
            score: Some(Score::Cp(-17)),
            bound: Bound::Upper,
            wdl: Some(Wdl {
                win: 40,
                draw: 900,
                loss: 60
            }),
            nodes: Some(1_000_000),
            nps: Some(2_000_000),
            hashfull: Some(512),
            tbhits: Some(7),
            time: Some(500),
            currmove: Some(mv("g1f3")),
            currmovenumber: Some(2),
            pv: vec![mv("e2e4"), mv("e7e5"), mv("g1f3")],
        }
    );
    assert_eq!(info.to_string(), line);
}

#[test]
fn bare_info_and_mate_bounds() {
    assert_eq!(Info::parse("info"), Ok(Info::default()));
    let info: Info = "info score mate -2 lowerbound".parse().unwrap();
    assert_eq!(
        (info.score, info.bound),
        (Some(Score::Mate(-2)), Bound::Lower)
    );
    let info: Info = "info depth 9 score mate 3 pv h5f7".parse().unwrap();
    assert_eq!(
        (info.score, info.bound),
        (Some(Score::Mate(3)), Bound::Exact)
    );
}

#[test]
fn other_engines_lines_read() {
    // Any order, runs of whitespace, and UCI's fields Info does not hold.
    let info = Info::parse("info  time 20 nodes 300\tnps 15000 cpuload 998 sbhits 0").unwrap();
    assert_eq!(
        (info.time, info.nodes, info.nps),
        (Some(20), Some(300), Some(15_000))
    );
    let info = Info::parse("info depth 3 pv e2e4 e7e5 score cp 12 refutation d1h5 g7g6").unwrap();
    assert_eq!(info.pv, [mv("e2e4"), mv("e7e5")]);
    assert_eq!(info.score, Some(Score::Cp(12)));
    let info = Info::parse("info currline 1 e2e4 e7e5 nodes 9").unwrap();
    assert_eq!(info.nodes, Some(9));
}

#[test]
fn info_string_is_a_response_of_its_own() {
    assert_eq!(Info::parse("info string hello"), Err(InfoError::InfoString));
    assert_eq!(
        Response::parse_info("info string"),
        Ok(Response::InfoString(String::new()))
    );
    assert_eq!(
        Response::parse_info("info string  two  spaces "),
        Ok(Response::InfoString(" two  spaces ".into()))
    );
}

#[test]
fn errors_name_the_field_and_token() {
    let cases: [(&str, InfoError, &str); 9] = [
        (
            "",
            InfoError::NotInfo(String::new()),
            "an empty line is not an info line",
        ),
        (
            "bestmove e2e4",
            InfoError::NotInfo("bestmove".into()),
            "'bestmove' is not an info line",
        ),
        (
            "info depth 3 movesleft 40",
            InfoError::UnknownField("movesleft".into()),
            "info: unknown field 'movesleft'",
        ),
        (
            "info depth 3 depth 4",
            InfoError::RepeatedField("depth"),
            "info depth: given twice",
        ),
        (
            "info depth nodes 5",
            InfoError::MissingValue { field: "depth" },
            "info depth: missing value, expected a whole number (0 or more)",
        ),
        (
            "info depth -1",
            InfoError::InvalidValue {
                field: "depth",
                value: "-1".into(),
            },
            "info depth: '-1' is not a whole number (0 or more)",
        ),
        (
            "info score pawns 3",
            InfoError::InvalidValue {
                field: "score",
                value: "pawns".into(),
            },
            "info score: 'pawns' is not cp or mate and a whole number",
        ),
        (
            "info pv",
            InfoError::MissingValue { field: "pv" },
            "info pv: missing value, expected UCI moves",
        ),
        (
            "info pv e2e4 e9e5",
            InfoError::InvalidMove {
                field: "pv",
                token: "e9e5".into(),
            },
            "info pv: 'e9e5' is not a UCI move like e2e4, e7e8q or 0000",
        ),
    ];
    for (line, error, message) in cases {
        assert_eq!(Info::parse(line), Err(error.clone()), "{line:?}");
        assert_eq!(error.to_string(), message, "{line:?}");
    }
}

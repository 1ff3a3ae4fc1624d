//! Property tests: no input makes the parser panic, whatever parses prints
//! back to text that parses to the same command, and every well-formed
//! command round-trips through its text; so does every `info` line the
//! engine can write.

use matewise_protocol::{
    Bound, Command, GoParams, Info, Registration, Response, Score, Setup, UciMove, Wdl, parse,
};
use movegen::{PieceKind, Square};
use proptest::prelude::*;

/// Every word the parser gives a meaning to.
const KEYWORDS: &[&str] = &[
    "uci",
    "debug",
    "on",
    "off",
    "isready",
    "setoption",
    "name",
    "value",
    "register",
    "later",
    "code",
    "ucinewgame",
    "position",
    "startpos",
    "fen",
    "moves",
    "go",
    "searchmoves",
    "ponder",
    "wtime",
    "btime",
    "winc",
    "binc",
    "movestogo",
    "depth",
    "nodes",
    "mate",
    "movetime",
    "infinite",
    "perft",
    "stop",
    "ponderhit",
    "quit",
    "bench",
    "d",
    "eval",
    "full",
    "glance",
    "0000",
    "-",
];

fn uci_move() -> impl Strategy<Value = UciMove> {
    let promotion = prop_oneof![
        Just(None),
        Just(Some(PieceKind::Knight)),
        Just(Some(PieceKind::Bishop)),
        Just(Some(PieceKind::Rook)),
        Just(Some(PieceKind::Queen)),
    ];
    prop_oneof![
        1 => Just(UciMove::Null),
        9 => (0..64usize, 0..64usize, promotion).prop_map(|(from, to, promotion)| UciMove::Move {
            from: Square::ALL[from],
            to: Square::ALL[to],
            promotion,
        }),
    ]
}

/// A token as a GUI, a user or line noise might produce one.
fn token() -> impl Strategy<Value = String> {
    prop_oneof![
        4 => prop::sample::select(KEYWORDS).prop_map(str::to_string),
        2 => any::<i64>().prop_map(|n| n.to_string()),
        1 => any::<u128>().prop_map(|n| n.to_string()),
        2 => uci_move().prop_map(|m| m.to_string()),
        1 => "[a-h][1-9][a-i][0-9][a-z]?",
        2 => "[!-~]{1,6}",
        1 => "\\PC{1,4}",
    ]
}

/// Lines made of tokens joined by assorted whitespace.
fn token_soup() -> impl Strategy<Value = String> {
    let sep = prop_oneof![
        Just(" "),
        Just("  "),
        Just("\t"),
        Just(" \r\n "),
        Just("\u{a0}")
    ];
    prop::collection::vec((token(), sep), 0..16).prop_map(|parts| {
        parts
            .into_iter()
            .map(|(t, s)| format!("{t}{s}"))
            .collect::<String>()
    })
}

/// The property every input must satisfy.
fn check_line(line: &str) -> Result<(), TestCaseError> {
    match parse(line) {
        Ok(None) => prop_assert!(line.trim().is_empty()),
        Ok(Some(command)) => {
            let text = command.to_string();
            prop_assert!(!text.contains('\n'));
            prop_assert_eq!(parse(&text), Ok(Some(command)), "reprinted as {:?}", text);
        }
        Err(e) => {
            let message = e.to_string();
            prop_assert!(!message.is_empty() && !message.contains('\n'));
        }
    }
    Ok(())
}

/// Words that may appear inside a free-text field, avoiding `stop_words`.
fn words(stop_words: &'static [&'static str]) -> impl Strategy<Value = String> {
    prop::collection::vec(
        prop_oneof![
            "[!-~]{1,8}",
            prop::sample::select(KEYWORDS).prop_map(str::to_string)
        ]
        .prop_filter("stop word", move |w| !stop_words.contains(&w.as_str())),
        1..4,
    )
    .prop_map(|ws| ws.join(" "))
}

fn go_params() -> impl Strategy<Value = GoParams> {
    let ms = || prop::option::of(any::<i64>());
    (
        (
            prop::collection::vec(uci_move(), 0..4),
            any::<bool>(),
            ms(),
            ms(),
            ms(),
            ms(),
        ),
        (
            prop::option::of(any::<u32>()),
            prop::option::of(any::<u32>()),
            prop::option::of(any::<u64>()),
            prop::option::of(any::<u32>()),
            ms(),
            any::<bool>(),
            prop::option::of(any::<u32>()),
        ),
    )
        .prop_map(
            |(
                (searchmoves, ponder, wtime, btime, winc, binc),
                (movestogo, depth, nodes, mate, movetime, infinite, perft),
            )| GoParams {
                searchmoves,
                ponder,
                wtime,
                btime,
                winc,
                binc,
                movestogo,
                depth,
                nodes,
                mate,
                movetime,
                infinite,
                perft,
            },
        )
}

fn command() -> impl Strategy<Value = Command> {
    let setup = prop_oneof![
        Just(Setup::StartPos),
        words(&["moves"]).prop_map(Setup::Fen),
    ];
    let registration = prop_oneof![
        Just(Registration::Later),
        (
            prop::option::of(words(&["name", "code"])),
            prop::option::of(words(&["name", "code"]))
        )
            .prop_filter("name or code", |(n, c)| n.is_some() || c.is_some())
            .prop_map(|(name, code)| Registration::Details { name, code }),
    ];
    prop_oneof![
        Just(Command::Uci),
        any::<bool>().prop_map(Command::Debug),
        Just(Command::IsReady),
        (
            words(&["value"]),
            prop::option::of(prop_oneof![Just(String::new()), words(&[])])
        )
            .prop_map(|(name, value)| Command::SetOption { name, value }),
        registration.prop_map(Command::Register),
        Just(Command::UciNewGame),
        (setup, prop::collection::vec(uci_move(), 0..6))
            .prop_map(|(setup, moves)| Command::Position { setup, moves }),
        go_params().prop_map(Command::Go),
        Just(Command::Stop),
        Just(Command::PonderHit),
        Just(Command::Quit),
        prop::option::of(any::<u32>()).prop_map(|depth| Command::Bench { depth }),
        Just(Command::D),
        any::<bool>().prop_map(|full| Command::Eval { full }),
        Just(Command::Glance),
    ]
}

/// Any `Info`, except a bound without a score (which is not written).
fn info() -> impl Strategy<Value = Info> {
    let score = prop::option::of(prop_oneof![
        any::<i32>().prop_map(Score::Cp),
        any::<i32>().prop_map(Score::Mate),
    ]);
    let bound = prop_oneof![Just(Bound::Exact), Just(Bound::Lower), Just(Bound::Upper)];
    let wdl = prop::option::of(
        (any::<u32>(), any::<u32>(), any::<u32>()).prop_map(|(win, draw, loss)| Wdl {
            win,
            draw,
            loss,
        }),
    );
    let u32s = || prop::option::of(any::<u32>());
    let u64s = || prop::option::of(any::<u64>());
    (
        (u32s(), u32s(), u32s(), score, bound, wdl),
        (u64s(), u64s(), u32s(), u64s(), u64s()),
        (
            prop::option::of(uci_move()),
            u32s(),
            prop::collection::vec(uci_move(), 0..8),
        ),
    )
        .prop_map(
            |(
                (depth, seldepth, multipv, score, bound, wdl),
                (nodes, nps, hashfull, tbhits, time),
                (currmove, currmovenumber, pv),
            )| Info {
                depth,
                seldepth,
                multipv,
                score,
                bound: if score.is_some() { bound } else { Bound::Exact },
                wdl,
                nodes,
                nps,
                hashfull,
                tbhits,
                time,
                currmove,
                currmovenumber,
                pv,
            },
        )
}

/// Every word an `info` line gives a meaning to.
const INFO_WORDS: &[&str] = &[
    "info",
    "depth",
    "seldepth",
    "multipv",
    "score",
    "cp",
    "mate",
    "lowerbound",
    "upperbound",
    "wdl",
    "nodes",
    "nps",
    "hashfull",
    "tbhits",
    "time",
    "currmove",
    "currmovenumber",
    "pv",
    "sbhits",
    "cpuload",
    "refutation",
    "currline",
    "string",
];

/// `info` and then words, numbers and moves in any order.
fn info_soup() -> impl Strategy<Value = String> {
    prop::collection::vec(
        prop_oneof![
            4 => prop::sample::select(INFO_WORDS).prop_map(str::to_string),
            3 => any::<i64>().prop_map(|n| n.to_string()),
            2 => uci_move().prop_map(|m| m.to_string()),
            1 => "[!-~]{1,6}",
        ],
        0..16,
    )
    .prop_map(|words| format!("info {}", words.join(" ")))
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(10_000))]

    #[test]
    fn infos_round_trip(info in info()) {
        let text = info.to_string();
        prop_assert_eq!(Info::parse(&text), Ok(info.clone()), "text was {:?}", text);
        prop_assert_eq!(Response::parse_info(&text), Ok(Response::Info(info)));
    }

    #[test]
    fn info_strings_round_trip(text in "[^\\r\\n]*") {
        let line = Response::InfoString(text.clone()).to_string();
        prop_assert_eq!(Response::parse_info(&line), Ok(Response::InfoString(text)));
    }

    #[test]
    fn info_soup_never_panics(line in info_soup()) {
        match Info::parse(&line) {
            // What parses reprints to a line that parses the same.
            Ok(info) => prop_assert_eq!(Info::parse(&info.to_string()), Ok(info)),
            Err(e) => prop_assert!(!e.to_string().is_empty() && !e.to_string().contains('\n')),
        }
    }

    #[test]
    fn arbitrary_info_text_never_panics(rest in any::<String>()) {
        let _ = Response::parse_info(&format!("info {rest}"));
    }

    #[test]
    fn token_soup_never_panics(line in token_soup()) {
        check_line(&line)?;
    }

    #[test]
    fn arbitrary_text_never_panics(line in any::<String>()) {
        check_line(&line)?;
    }

    #[test]
    fn command_prefixed_soup_never_panics(word in prop::sample::select(KEYWORDS), rest in token_soup()) {
        check_line(&format!("{word} {rest}"))?;
    }

    #[test]
    fn commands_round_trip(command in command()) {
        let text = command.to_string();
        prop_assert_eq!(parse(&text), Ok(Some(command)), "text was {:?}", text);
    }
}

//! Garbage in, no panic out: random token soups and random bytes fed to the
//! engine's command loop, after which it still answers `isready`.

use matewise_engine::{Output, Session};
use proptest::prelude::*;

use test_kit::Buffer;

/// UCI words, numbers, moves, FEN pieces and junk. Perft depths stay small:
/// `go perft` runs on the command thread and a deep one would only be slow.
const VOCABULARY: &[&str] = &[
    "uci",
    "isready",
    "ucinewgame",
    "position",
    "startpos",
    "fen",
    "moves",
    "go",
    "stop",
    "ponderhit",
    "setoption",
    "name",
    "value",
    "Hash",
    "Threads",
    "MultiPV",
    "UCI_Chess960",
    "Move",
    "Overhead",
    "Clear",
    "MateDistancePruning",
    "MatingPotential",
    "MateAtAGlance",
    "true",
    "false",
    "depth",
    "nodes",
    "movetime",
    "wtime",
    "btime",
    "winc",
    "binc",
    "movestogo",
    "mate",
    "infinite",
    "ponder",
    "searchmoves",
    "perft",
    "debug",
    "on",
    "off",
    "register",
    "later",
    "d",
    "eval",
    "glance",
    "bench",
    "e2e4",
    "e7e5",
    "g1f3",
    "e1g1",
    "e1h1",
    "a7a8q",
    "0000",
    "h9h9",
    "1",
    "2",
    "3",
    "0",
    "-1",
    "64",
    "100000",
    "99999999999999999999",
    "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR",
    "w",
    "b",
    "KQkq",
    "-",
    "8/8/8/8/8/8/8/8",
    "4k3/8/8/8/8/8/8/4K3",
    "k7/8/8/8/8/8/8/7K",
    "\u{fffd}",
    "🙂",
    "\t",
    "",
];

fn run_lines(lines: &[String]) -> String {
    // Any table a search meets is kept in the build's own directory.
    let buffer = Buffer::default();
    let mut session = Session::with_tablebases(
        Output::new(Box::new(buffer.clone())),
        test_kit::private_tables(),
    );
    for line in lines {
        // `bench` and deep perft are legitimate but slow; the soup skips them.
        if line.contains("bench")
            || line.contains("perft")
                && line
                    .split_whitespace()
                    .any(|w| w.parse::<u32>().is_ok_and(|n| n > 3))
        {
            continue;
        }
        session.handle_line(line);
    }
    session.handle_line("stop");
    session.handle_line("isready");
    session.shutdown();
    buffer.text()
}

fn soup() -> impl Strategy<Value = Vec<String>> {
    let word = prop::sample::select(VOCABULARY);
    let line = prop::collection::vec(word, 0..12).prop_map(|words| words.join(" "));
    prop::collection::vec(line, 1..16)
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 256, ..ProptestConfig::default() })]

    #[test]
    fn token_soup_never_breaks_the_engine(lines in soup()) {
        let text = run_lines(&lines);
        prop_assert_eq!(text.lines().last(), Some("readyok"), "after {:?}\n{}", lines, text);
    }

    #[test]
    fn random_text_never_breaks_the_engine(lines in prop::collection::vec(".{0,60}", 1..10)) {
        let text = run_lines(&lines);
        prop_assert_eq!(text.lines().last(), Some("readyok"));
    }
}

//! The `glance` command and the `MateAtAGlance` option, over UCI.

mod common;

use common::{Engine, Score};
use std::time::Duration;

fn glance(engine: &mut Engine, fen: &str) -> (String, String) {
    engine.send(&format!("position fen {fen}"));
    engine.send("glance");
    let mate = engine.expect_line(
        "glance",
        |l| l.starts_with("Mate at a glance:"),
        Duration::from_secs(10),
    );
    let threat = engine.expect_line(
        "threat",
        |l| l.starts_with("Mate threat:"),
        Duration::from_secs(10),
    );
    (mate, threat)
}

#[test]
fn glance_names_the_mate_and_the_threat() {
    let mut engine = Engine::spawn();
    let (mate, threat) = glance(&mut engine, "6k1/5ppp/8/8/8/8/8/R5K1 w - - 0 1");
    assert_eq!(
        (mate.as_str(), threat.as_str()),
        ("Mate at a glance: a1a8", "Mate threat: none")
    );
    let (mate, threat) = glance(&mut engine, "6k1/5ppp/8/8/8/8/8/R5K1 b - - 0 1");
    assert_eq!(
        (mate.as_str(), threat.as_str()),
        ("Mate at a glance: none", "Mate threat: a1a8")
    );
    // Smothered mate and the start position.
    let (mate, _) = glance(&mut engine, "r5rk/6pp/7N/4Q3/8/8/8/6K1 w - - 0 1");
    assert_eq!(mate, "Mate at a glance: h6f7");
    let (mate, threat) = glance(&mut engine, movegen::START_FEN);
    assert_eq!(
        (mate.as_str(), threat.as_str()),
        ("Mate at a glance: none", "Mate threat: none")
    );
}

#[test]
fn mates_are_found_with_the_option_on_and_off() {
    for on in [true, false] {
        let mut engine = Engine::spawn();
        engine.send(&format!("setoption name MateAtAGlance value {on}"));
        engine.send("position fen 6k1/8/8/8/8/8/R7/1R4K1 w - - 0 1");
        let output = engine.go("go depth 6", Duration::from_secs(30));
        let score = output.last_info().and_then(|i| i.score);
        assert_eq!(score, Some(Score::Mate(2)), "MateAtAGlance {on}");
    }
}

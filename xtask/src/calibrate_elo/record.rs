//! The PGN record of a calibration game, and the state line that lets a
//! run resume.

use crate::san::san;
use crate::uci_game::Played;
use movegen::{Board, Color};

/// One game's PGN: headers, then the moves in SAN from `start`.
pub(crate) fn pgn(
    round: usize,
    opening: usize,
    start: &Board,
    players: [&str; 2],
    tc: &str,
    played: &Played,
) -> String {
    let result = match played.outcome.0 {
        x if x > 0.75 => "1-0",
        x if x < 0.25 => "0-1",
        _ => "1/2-1/2",
    };
    let termination = match played.reason.as_str() {
        "time forfeit" => "time forfeit",
        "illegal move" | "engine failure" => "rules infraction",
        "adjudication" => "adjudication",
        _ => "normal",
    };
    let mut text = String::new();
    for (tag, value) in [
        ("Event", "cargo xtask calibrate-elo".to_string()),
        ("Round", round.to_string()),
        ("White", players[0].to_string()),
        ("Black", players[1].to_string()),
        ("Result", result.to_string()),
        ("FEN", start.to_fen()),
        ("SetUp", "1".to_string()),
        ("Opening", opening.to_string()),
        ("TimeControl", tc.to_string()),
        ("Termination", termination.to_string()),
        ("TerminationDetails", played.reason.clone()),
    ] {
        text.push_str(&format!("[{tag} \"{value}\"]\n"));
    }
    text.push('\n');
    let mut board = start.clone();
    let mut line = String::new();
    for (i, &mv) in played.moves.iter().enumerate() {
        let number = board.fullmove_number();
        if board.side_to_move() == Color::White {
            line.push_str(&format!("{number}. "));
        } else if i == 0 {
            line.push_str(&format!("{number}... "));
        }
        line.push_str(&san(&board, mv));
        line.push(' ');
        board.play_unchecked(mv);
    }
    line.push_str(&format!("{{{}}} {result}", played.reason));
    // PGN lines stay under 80 characters.
    let mut width = 0;
    for word in line.split(' ') {
        if width > 0 && width + word.len() >= 80 {
            text.push('\n');
            width = 0;
        } else if width > 0 {
            text.push(' ');
            width += 1;
        }
        text.push_str(word);
        width += word.len();
    }
    text.push_str("\n\n");
    text
}

/// A finished game as the state file keeps it: the setting, the game's
/// index, Matewise's score in it and why it ended.
#[derive(Clone, Debug, PartialEq)]
pub(crate) struct Finished {
    pub(crate) setting: String,
    pub(crate) game: usize,
    pub(crate) score: f64,
    pub(crate) reason: String,
}

impl Finished {
    /// `game SETTING INDEX SCORE REASON...`
    pub(crate) fn line(&self) -> String {
        format!(
            "game {} {} {} {}",
            self.setting, self.game, self.score, self.reason
        )
    }

    /// Reads a line [`Finished::line`] wrote; `None` for anything else.
    pub(crate) fn parse(line: &str) -> Option<Finished> {
        let mut words = line.split_whitespace();
        if words.next()? != "game" {
            return None;
        }
        let setting = words.next()?.to_string();
        let game = words.next()?.parse().ok()?;
        let score: f64 = words.next()?.parse().ok()?;
        if ![0.0, 0.5, 1.0].contains(&score) {
            return None;
        }
        let reason = words.collect::<Vec<_>>().join(" ");
        Some(Finished {
            setting,
            game,
            score,
            reason,
        })
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::uci_game::Outcome;

    #[test]
    fn a_state_line_reads_back_as_written() {
        let game = Finished {
            setting: "18107:7.809@1800".into(),
            game: 17,
            score: 0.5,
            reason: "insufficient material".into(),
        };
        assert_eq!(Finished::parse(&game.line()), Some(game));
        assert_eq!(Finished::parse("game x 1 0.7 checkmate"), None);
        assert_eq!(Finished::parse("# a comment"), None);
    }

    #[test]
    fn a_record_numbers_its_moves_from_the_opening() {
        let start = Board::from_fen("4k3/8/8/8/8/8/R7/4K3 b - - 0 30").unwrap();
        let moves = ["e8f8", "a2a8"]
            .iter()
            .scan(start.clone(), |board, text| {
                let mv = board.parse_uci_move(text).unwrap();
                board.play_unchecked(mv);
                Some(mv)
            })
            .collect();
        let played = Played {
            outcome: Outcome(0.5),
            moves,
            reason: "adjudication".into(),
        };
        let text = pgn(3, 2, &start, ["A", "B"], "10+0.1", &played);
        assert!(text.contains("[Result \"1/2-1/2\"]"), "{text}");
        assert!(text.contains("[Termination \"adjudication\"]"), "{text}");
        assert!(
            text.contains("30... Kf8 31. Ra8+ {adjudication} 1/2-1/2"),
            "{text}"
        );
    }
}

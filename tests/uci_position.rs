//! End-to-end tests of `position`, `d`, `eval` and `ucinewgame`, driving the
//! built binary: start position, FENs and move lists (captures, en passant,
//! promotions, castling in both notations, Chess960), what `d` and `eval`
//! print, and bad input: a malformed FEN or an illegal move leaves no
//! position, and `go` answers `bestmove 0000` until a valid one arrives.

mod common;

use common::{Engine, LINE_TIMEOUT, START_FEN, board};

const KIWIPETE: &str = "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1";
const AFTER_E4: &str = "rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq - 0 1";

#[test]
fn d_prints_the_board_fen_key_and_checkers() {
    let mut engine = Engine::spawn();
    engine.send("d");
    let lines = engine.collect_until("Checkers:", |l| l.starts_with("Checkers:"), LINE_TIMEOUT);
    engine.check(lines.len() == 22, || {
        format!("d printed {} lines", lines.len())
    });
    let border = " +---+---+---+---+---+---+---+---+";
    engine.check(lines[0] == border && lines[16] == border, || {
        "no board border".into()
    });
    engine.check(lines[1] == " | r | n | b | q | k | b | n | r | 8", || {
        lines[1].clone()
    });
    engine.check(lines[15] == " | R | N | B | Q | K | B | N | R | 1", || {
        lines[15].clone()
    });
    engine.check(lines[17] == "   a   b   c   d   e   f   g   h", || {
        lines[17].clone()
    });
    engine.check(lines[19] == format!("Fen: {START_FEN}"), || {
        lines[19].clone()
    });
    let key = lines[20].strip_prefix("Key: ").unwrap_or("");
    engine.check(
        key.len() == 16 && key.chars().all(|c| c.is_ascii_hexdigit()),
        || format!("bad key line '{}'", lines[20]),
    );
    engine.check(lines[21].trim_end() == "Checkers:", || lines[21].clone());
}

fn key(engine: &mut Engine) -> String {
    engine.send("d");
    let line = engine.expect_line("Key:", |l| l.starts_with("Key: "), LINE_TIMEOUT);
    engine.expect_line("Checkers:", |l| l.starts_with("Checkers:"), LINE_TIMEOUT);
    line
}

#[test]
fn transpositions_have_the_same_key_and_checkers_are_listed() {
    let mut engine = Engine::spawn();
    engine.send("position startpos moves g1f3 g8f6 b1c3");
    let first = key(&mut engine);
    engine.send("position startpos moves b1c3 g8f6 g1f3");
    let second = key(&mut engine);
    engine.check(first == second, || format!("{first} != {second}"));
    engine.send("position startpos moves b1c3 g8f6 g1f3 b8c6");
    let third = key(&mut engine);
    engine.check(first != third, || "different positions share a key".into());
    engine.send("position fen k7/8/8/8/8/8/1q6/K7 w - - 0 1");
    engine.send("d");
    let checkers = engine.expect_line("Checkers:", |l| l.starts_with("Checkers:"), LINE_TIMEOUT);
    engine.check(checkers == "Checkers: b2", || checkers.clone());
}

#[test]
fn position_startpos_and_moves() {
    let mut engine = Engine::spawn();
    engine.expect_fen(START_FEN);
    let cases = [
        ("position startpos", START_FEN),
        ("position startpos moves", START_FEN),
        ("position startpos moves e2e4", AFTER_E4),
        (
            "position startpos moves e2e4 e7e5 g1f3",
            "rnbqkbnr/pppp1ppp/8/4p3/4P3/5N2/PPPP1PPP/RNBQKB1R b KQkq - 1 2",
        ),
        // En passant.
        (
            "position startpos moves e2e4 a7a6 e4e5 d7d5 e5d6",
            "rnbqkbnr/1pp1pppp/p2P4/8/8/8/PPPP1PPP/RNBQKBNR b KQkq - 0 3",
        ),
        // Castling short, in standard and in king-takes-rook notation.
        (
            "position startpos moves e2e4 e7e5 g1f3 b8c6 f1c4 g8f6 e1g1",
            "r1bqkb1r/pppp1ppp/2n2n2/4p3/2B1P3/5N2/PPPP1PPP/RNBQ1RK1 b kq - 5 4",
        ),
        (
            "position startpos moves e2e4 e7e5 g1f3 b8c6 f1c4 g8f6 e1h1",
            "r1bqkb1r/pppp1ppp/2n2n2/4p3/2B1P3/5N2/PPPP1PPP/RNBQ1RK1 b kq - 5 4",
        ),
        // Castling long, then short, with the counters running.
        (
            "position fen r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 7 30 moves e1c1 e8g8",
            "r4rk1/8/8/8/8/8/8/2KR3R w - - 9 31",
        ),
        // Promotions, under-promotion included.
        (
            "position fen 8/P6k/8/8/8/8/8/K7 w - - 0 1 moves a7a8q",
            "Q7/7k/8/8/8/8/8/K7 b - - 0 1",
        ),
        (
            "position fen 8/P6k/8/8/8/8/8/K7 w - - 0 1 moves a7a8n",
            "N7/7k/8/8/8/8/8/K7 b - - 0 1",
        ),
        (
            "position fen 1r5k/P7/8/8/8/8/8/K7 w - - 3 9 moves a7b8r h8g7",
            "1R6/6k1/8/8/8/8/8/K7 w - - 1 10",
        ),
        // FENs round-trip, with or without the move counters.
        (&format!("position fen {KIWIPETE}"), KIWIPETE),
        (
            "position fen rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq -",
            START_FEN,
        ),
        // A fullmove number of 0 (written by some tools) is read as 1.
        (
            "position fen 4k3/8/8/8/8/8/8/4K3 w - - 0 0",
            "4k3/8/8/8/8/8/8/4K3 w - - 0 1",
        ),
    ];
    for (command, fen) in cases {
        engine.send(command);
        engine.expect_silence(command);
        engine.expect_fen(fen);
    }
}

const NO_POSITION: &str = "no valid position until the next position command";

/// Asserts that `go` finds no position to search: an `info string` saying
/// why, then `bestmove 0000` at once.
fn expect_no_position(engine: &mut Engine, context: &str) {
    let out = engine.go("go depth 5", LINE_TIMEOUT);
    let explained = out.strings.len() == 1
        && out.strings[0]
            .starts_with("go: no valid position to search (the last position command failed: ");
    engine.check(
        explained && out.infos.is_empty() && out.bestmove.best == "0000",
        || format!("{context}: go gave {out:?}"),
    );
}

#[test]
fn a_failed_position_leaves_nothing_to_search_until_a_valid_one() {
    let mut engine = Engine::spawn();
    // Issue 42, item 6: a malformed FEN after a valid position...
    engine.send("position startpos moves e2e4");
    engine.expect_reply(
        "position fen 8/8 w - - 0 1",
        &[&format!(
            "info string invalid FEN '8/8 w - - 0 1': board needs 8 ranks, found 2; {NO_POSITION}"
        )],
    );
    expect_no_position(&mut engine, "after a malformed FEN");
    // ...and an illegal move: the start position is not what the GUI sent.
    engine.send("position startpos moves e2e4");
    engine.expect_reply(
        "position startpos moves e2e5",
        &[&format!(
            "info string move 1 (e2e5): e2e5 is not legal in this position; {NO_POSITION}"
        )],
    );
    expect_no_position(&mut engine, "after an illegal move");
    // It stays so, search after search, until a valid position arrives.
    expect_no_position(&mut engine, "a second go");
    engine.send("position startpos moves e2e4");
    let out = engine.go("go depth 3", LINE_TIMEOUT);
    engine.check_search(&board(START_FEN, &["e2e4"], false), &out);
    engine.check(
        out.bestmove.best != "0000" && out.strings.is_empty(),
        || format!("after a valid position: {out:?}"),
    );
    // ucinewgame sets the start position, which is valid too.
    engine.send("position startpos moves e2e5");
    engine.send("ucinewgame");
    let out = engine.go("go depth 3", LINE_TIMEOUT);
    engine.check_search(&board(START_FEN, &[], false), &out);
    // go perft has nothing to count either, and prints no bestmove.
    engine.send("position startpos moves e2e5");
    engine.sync();
    engine.expect_reply(
        "go perft 2",
        &["info string go: no valid position to search (the last position command failed: move 1 (e2e5): e2e5 is not legal in this position)"],
    );
}

#[test]
fn malformed_fens_are_reported_and_leave_no_position() {
    let mut engine = Engine::spawn();
    engine.send("position startpos moves e2e4");
    let cases = [
        ("8/8 w - - 0 1", "board needs 8 ranks, found 2"),
        (
            "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR x KQkq - 0 1",
            "side to move must be 'w' or 'b', not 'x'",
        ),
        (
            "8/8/8/8/8/8/8/8 w - - 0 1",
            "White has 0 kings, needs exactly 1",
        ),
        (
            "4k3/8/8/8/8/8/8/4K1k1 w - - 0 1",
            "Black has 2 kings, needs exactly 1",
        ),
        (
            "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNX w KQkq - 0 1",
            "bad piece letter 'X'",
        ),
        (
            "rnbqkbnr/ppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1",
            "rank 7 describes 7 squares, not 8",
        ),
        (
            "P3k3/8/8/8/8/8/8/4K3 w - - 0 1",
            "pawn on first or last rank at a8",
        ),
        (
            "4k2R/8/8/8/8/8/8/4K3 w - - 0 1",
            "the side not to move is in check",
        ),
        // Issue 42: 258 legal moves, more than the move list holds.
        (
            "QQQQQQQQ/Q6Q/Q6R/Q6Q/Q6Q/Q5QQ/Q4Qbn/KQQQQQnk w - - 0 1",
            "White has 27 men, at most 16",
        ),
        (
            "4k3/pppppppp/p7/8/8/8/8/4K3 b - - 0 1",
            "Black has 9 pawns, at most 8",
        ),
        (
            "4k3/8/8/8/8/8/PPPPPPPP/QQ2K3 w - - 0 1",
            "White has 1 pieces beyond its starting set but only 0 missing pawns to have promoted",
        ),
        (
            "4k3/8/8/8/8/8/8/4K3 w K - 0 1",
            "castling right 'K' without king and rook on their squares",
        ),
        (
            "4k3/8/8/8/8/8/8/4K3 w - e3 0 1",
            "en-passant square e3 is impossible here",
        ),
        ("4k3/8/8/8/8/8/8/4K3 w - - x 1", "bad move counter 'x'"),
        ("4k3/8/8/8/8/8/8/4K3", "FEN needs 4 to 6 fields, found 1"),
    ];
    for (fen, problem) in cases {
        engine.send("position startpos moves e2e4");
        let expected = format!("info string invalid FEN '{fen}': {problem}; {NO_POSITION}");
        engine.expect_reply(&format!("position fen {fen}"), &[&expected]);
        expect_no_position(&mut engine, fen);
    }
    // A bad FEN followed by moves: nothing is played either.
    engine.send("position startpos moves e2e4");
    engine.send("position fen 8/8 w - - 0 1 moves e2e4");
    let lines = engine.sync();
    engine.check(
        lines.len() == 1 && lines[0].starts_with("info string invalid FEN '8/8 w - - 0 1'"),
        || format!("{lines:?}"),
    );
    expect_no_position(&mut engine, "a bad FEN with moves");
    // Commands the parser rejects leave no position either.
    for (command, message) in [
        ("position fen", "position: missing the FEN after fen"),
        ("position", "position: missing startpos or fen <FEN>"),
        (
            "position sideways",
            "position: expected startpos or fen, found 'sideways'",
        ),
        (
            "position startpos e2e4",
            "position: expected moves after startpos, found 'e2e4'",
        ),
    ] {
        engine.send("position startpos moves e2e4");
        engine.expect_reply(command, &[&format!("info string {message}")]);
        expect_no_position(&mut engine, command);
    }
    // Other commands the parser rejects do not touch the position.
    engine.send("position startpos moves e2e4");
    engine.expect_reply(
        "go depth x",
        &["info string go depth: 'x' is not a whole number of plies (0 or more)"],
    );
    engine.expect_fen(AFTER_E4);
    let out = engine.go("go depth 3", LINE_TIMEOUT);
    engine.check_search(&board(START_FEN, &["e2e4"], false), &out);
}

#[test]
fn an_illegal_move_leaves_no_position() {
    let mut engine = Engine::spawn();
    let cases = [
        (
            "position startpos moves e2e4 e7e5 e1e3 g1f3",
            "move 3 (e1e3): e1e3 is not legal in this position",
        ),
        (
            "position startpos moves e2e4 e2e4",
            "move 2 (e2e4): no piece on e2",
        ),
        (
            "position startpos moves e7e5",
            "move 1 (e7e5): the piece on e7 belongs to the side not to move",
        ),
        (
            "position startpos moves e2e4 0000 e7e5",
            "move 2 (0000): the null move 0000 cannot be played",
        ),
        // Castling through check is illegal (the rook on d1 covers d8).
        (
            "position fen r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 7 30 moves e1c1 e8c8",
            "move 2 (e8c8): e8c8 is not legal in this position",
        ),
        (
            "position fen 4k3/8/8/8/8/8/5r2/4K2R w K - 0 1 moves e1g1",
            "move 1 (e1g1): e1g1 is not legal in this position",
        ),
        // A promotion needs its piece.
        (
            "position fen 8/P6k/8/8/8/8/8/K7 w - - 0 1 moves a7a8",
            "move 1 (a7a8): a7a8 is not legal in this position",
        ),
    ];
    for (command, message) in cases {
        engine.expect_reply(command, &[&format!("info string {message}; {NO_POSITION}")]);
        expect_no_position(&mut engine, command);
    }
    // Move text that is not UCI rejects the whole command, which leaves no position too.
    engine.send("position startpos");
    engine.expect_reply(
        "position startpos moves e2e4 e7e9",
        &["info string position: 'e7e9' (index 1 in the move list) is not a UCI move like e2e4, e7e8q or 0000"],
    );
    expect_no_position(&mut engine, "move text that is not UCI");
}

#[test]
fn ucinewgame_returns_to_the_start_position() {
    let mut engine = Engine::spawn();
    engine.send(&format!("position fen {KIWIPETE} moves e1g1"));
    engine.send("ucinewgame");
    engine.expect_silence("ucinewgame");
    engine.expect_fen(START_FEN);
}

#[test]
fn eval_prints_a_report_ending_with_the_final_evaluation() {
    let mut engine = Engine::spawn();
    let final_line = |engine: &mut Engine, command: &str| -> String {
        engine.send(command);
        let lines = engine.collect_until(
            "Final evaluation",
            |l| l.starts_with("Final evaluation:"),
            LINE_TIMEOUT,
        );
        engine.check(lines.len() > 3, || format!("{command}: only {lines:?}"));
        engine.expect_silence(command);
        lines.last().cloned().unwrap_or_default()
    };
    // Always from White's side, whoever is to move.
    let cp = |line: &str| -> i32 {
        line.strip_prefix("Final evaluation: ")
            .and_then(|rest| rest.strip_suffix(" cp (white side)"))
            .and_then(|n| n.trim_start_matches('+').parse().ok())
            .unwrap_or_else(|| panic!("bad final line '{line}'"))
    };
    // The start position is symmetric: only the side to move's tempo is left,
    // and the per-term table adds up to the same score.
    let grouped = final_line(&mut engine, "eval");
    engine.check((0..=30).contains(&cp(&grouped)), || grouped.clone());
    let full = final_line(&mut engine, "eval full");
    engine.check(full == grouped, || format!("{full} vs {grouped}"));
    engine.send("position startpos moves e2e4");
    let after = final_line(&mut engine, "eval");
    engine.check((1..=200).contains(&cp(&after)), || after.clone());
    for (fen, white_ahead) in [
        ("4k3/8/8/8/8/8/8/3QK3 w - - 0 1", true),
        ("4k3/8/8/8/8/8/8/3QK3 b - - 0 1", true),
        ("3qk3/8/8/8/8/8/8/4K3 w - - 0 1", false),
        ("3qk3/8/8/8/8/8/8/4K3 b - - 0 1", false),
    ] {
        engine.send(&format!("position fen {fen}"));
        let line = final_line(&mut engine, "eval");
        let score = cp(&line);
        let ok = if white_ahead {
            score > 500
        } else {
            score < -500
        };
        engine.check(ok, || format!("{fen}: '{line}'"));
    }
}

#[test]
fn chess960_castling_is_king_takes_rook() {
    let mut engine = Engine::spawn();
    // King on d1, rooks on a1 and h1: both castlings are legal.
    let fen = "r2k3r/pppppppp/8/8/8/8/PPPPPPPP/R2K3R w KQkq - 0 1";
    engine.send("setoption name UCI_Chess960 value true");
    engine.send(&format!("position fen {fen}"));
    engine.expect_silence("Chess960 position");
    engine.expect_fen(fen);
    let root = board(fen, &[], true);
    let out = engine.go("go depth 4", LINE_TIMEOUT);
    engine.check_search(&root, &out);
    // Castling is written king-takes-rook.
    for (castle, other) in [("d1h1", "d1g1"), ("d1a1", "d1c1")] {
        let out = engine.go(&format!("go depth 3 searchmoves {castle}"), LINE_TIMEOUT);
        engine.check_search(&root, &out);
        engine.check(out.bestmove.best == castle, || {
            format!(
                "castling written {} (not {castle}; {other} is the king's square)",
                out.bestmove.best
            )
        });
    }
    // ... and read so in `position ... moves`, for both sides.
    engine.send(&format!("position fen {fen} moves d1h1 d8a8"));
    engine.expect_silence("castling moves");
    engine.expect_fen("2kr3r/pppppppp/8/8/8/8/PPPPPPPP/R4RK1 w - - 2 2");
    // A Shredder-FEN of the same position is the same position.
    engine.send("position fen r2k3r/pppppppp/8/8/8/8/PPPPPPPP/R2K3R w HAha - 0 1 moves d1a1");
    engine.expect_silence("Shredder-FEN");
    engine.expect_fen("r2k3r/pppppppp/8/8/8/8/PPPPPPPP/2KR3R b kq - 1 1");
    // A Chess960 game position searches legally.
    let fen = "bqnb1rkr/pp3ppp/3ppn2/2p5/5P2/P2P4/NPP1P1PP/BQ1BNRKR w HFhf - 2 9";
    engine.send(&format!("position fen {fen}"));
    let out = engine.go("go depth 6", LINE_TIMEOUT);
    engine.check_search(&board(fen, &[], true), &out);
    // In the standard start position, castling in 960 mode is e1h1 too.
    engine.send("position startpos moves e2e4 e7e5 g1f3 b8c6 f1c4 g8f6");
    let out = engine.go("go depth 2 searchmoves e1h1", LINE_TIMEOUT);
    engine.check(out.bestmove.best == "e1h1", || {
        format!("{:?}", out.bestmove)
    });
    // Issue 42, item 9: switched off again, the current position writes
    // castling the standard way at once, without a new position command.
    engine.send("setoption name UCI_Chess960 value false");
    let out = engine.go("go depth 2 searchmoves e1g1", LINE_TIMEOUT);
    engine.check(out.bestmove.best == "e1g1", || {
        format!("after UCI_Chess960 false: {:?}", out.bestmove)
    });
    // A Chess960 position still needs king-takes-rook, whatever the option says.
    engine.send("position fen r2k3r/pppppppp/8/8/8/8/PPPPPPPP/R2K3R w KQkq - 0 1");
    engine.send("setoption name UCI_Chess960 value false");
    let out = engine.go("go depth 2 searchmoves d1h1", LINE_TIMEOUT);
    engine.check(out.bestmove.best == "d1h1", || {
        format!(
            "a Chess960 position with the option off: {:?}",
            out.bestmove
        )
    });
}

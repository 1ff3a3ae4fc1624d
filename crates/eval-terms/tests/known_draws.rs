//! Known draws score 0, and the winning endings next to them do not.

use matewise_eval_terms::{Evaluator, KnownDraw, known_draw};
use movegen::{Board, SplitMix64};

/// Random legal placements of `men` (FEN letters; pawns kept off the back
/// ranks), `count` of them, with `keep` deciding which qualify.
fn positions(men: &str, count: usize, seed: u64, keep: impl Fn(&Board) -> bool) -> Vec<Board> {
    let mut rng = SplitMix64::new(seed);
    let mut next = || rng.next_u64();
    let mut found = Vec::new();
    while found.len() < count {
        let mut grid = [['1'; 8]; 8];
        let mut ok = true;
        for man in men.chars() {
            let square = (next() % 64) as usize;
            let (rank, file) = (square / 8, square % 8);
            if grid[rank][file] != '1'
                || (man.eq_ignore_ascii_case(&'p') && (rank == 0 || rank == 7))
            {
                ok = false;
                break;
            }
            grid[rank][file] = man;
        }
        let side = if next() % 2 == 0 { "w" } else { "b" };
        let rows: Vec<String> = grid.iter().map(|r| r.iter().collect()).collect();
        let fen = format!("{} {side} - - 0 1", rows.join("/"));
        if let (true, Ok(board)) = (ok, Board::from_fen(&fen)) {
            if keep(&board) {
                found.push(board);
            }
        }
    }
    found
}

fn white_score(evaluator: &mut Evaluator, board: &Board) -> i32 {
    let score = evaluator.evaluate(board);
    if board.side_to_move() == movegen::Color::White {
        score
    } else {
        -score
    }
}

#[test]
fn the_issues_positions_are_draws() {
    let mut evaluator = Evaluator::new();
    for fen in [
        "8/8/4k3/8/8/2NN4/8/4K3 w - - 0 1",
        "8/8/8/3k4/8/8/2B5/KB6 w - - 0 1",
        "7k/8/8/7P/8/8/8/3BK3 w - - 0 1",
        "k7/8/8/P7/8/8/8/2B1K3 b - - 0 1",
    ] {
        let board = Board::from_fen(fen).unwrap();
        assert!(known_draw(&board).is_some(), "{fen}");
        assert_eq!(evaluator.evaluate(&board), 0, "{fen}");
    }
}

#[test]
fn random_dead_draws_score_zero() {
    let mut evaluator = Evaluator::new();
    let same_colour = |b: &Board| known_draw(b) == Some(KnownDraw::SameColouredBishops);
    let wrong_corner = |b: &Board| known_draw(b) == Some(KnownDraw::WrongRookPawn);
    let kpk_draw = |b: &Board| known_draw(b) == Some(KnownDraw::KingAndPawn);
    let sets = [
        positions("KNNk", 100, 1, |_| true),
        positions("KBBk", 100, 2, same_colour),
        positions("KBPk", 100, 3, wrong_corner),
        positions("kbppK", 100, 4, wrong_corner),
        positions("KPk", 100, 7, kpk_draw),
        positions("kpK", 100, 8, kpk_draw),
    ];
    for board in sets.iter().flatten() {
        assert!(known_draw(board).is_some(), "{}", board.to_fen());
        assert!(
            white_score(&mut evaluator, board).abs() <= 10,
            "{}",
            board.to_fen()
        );
    }
}

#[test]
fn winning_neighbours_stay_winning() {
    let mut evaluator = Evaluator::new();
    let opposite = |b: &Board| {
        let bishops = b.pieces(movegen::PieceKind::Bishop);
        bishops.iter().filter(|s| s.is_light()).count() == 1
    };
    for board in positions("KBNk", 100, 5, |_| true)
        .iter()
        .chain(&positions("KBBk", 100, 6, opposite))
    {
        assert!(known_draw(board).is_none(), "{}", board.to_fen());
        assert!(
            white_score(&mut evaluator, board) >= 500,
            "{}",
            board.to_fen()
        );
    }
}

#[test]
fn won_king_and_pawn_endings_are_not_draws() {
    let mut evaluator = Evaluator::new();
    let won = |b: &Board| endgame_tables::kpk::probe(b) == Some(true);
    for board in positions("KPk", 100, 9, won) {
        assert!(known_draw(&board).is_none(), "{}", board.to_fen());
        assert!(
            white_score(&mut evaluator, &board) > 0,
            "{}",
            board.to_fen()
        );
    }
}

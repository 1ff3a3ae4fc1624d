//! The KPK bitbase against an independent solution: every K+P vs K
//! position with White's pawn, solved again here from the move generator's
//! legal moves (all eight files, no mirroring) with promotions judged by the
//! K+Q and K+R vs K distance-to-mate tables, must agree with
//! `kpk::probe`, and so must the colour-flipped positions.

use matewise_endgame_tables::dtm::{self, Dtm};

mod common;
use matewise_endgame_tables::kpk;
use movegen::{Board, Color, MoveList, PieceKind, Square};

#[derive(Copy, Clone, PartialEq, Eq, Debug)]
enum Value {
    Unknown,
    Draw,
    Win,
}

enum Child {
    Settled(Value),
    Position(usize),
}

struct Node {
    board: Board,
    white_to_move: bool,
    children: Vec<Child>,
}

fn slot(white_to_move: bool, white_king: Square, black_king: Square, pawn: Square) -> usize {
    ((usize::from(white_to_move) * 64 + white_king.index()) * 64 + black_king.index()) * 64
        + pawn.index()
}

fn fen(white_king: Square, black_king: Square, pawn: Square, white_to_move: bool) -> String {
    placement_fen(
        [(white_king, 'K'), (black_king, 'k'), (pawn, 'P')],
        white_to_move,
    )
}

fn placement_fen(men: [(Square, char); 3], white_to_move: bool) -> String {
    let mut grid = [['1'; 8]; 8];
    for (square, man) in men {
        grid[7 - square.rank().index()][square.file().index()] = man;
    }
    let rows: Vec<String> = grid.iter().map(|r| r.iter().collect()).collect();
    let side = if white_to_move { 'w' } else { 'b' };
    format!("{} {side} - - 0 1", rows.join("/"))
}

/// What a position reached by one move is worth to White, if it has left
/// K+P vs K: a bare-king draw, a minor-piece draw, or a Q/R table answer.
fn after_conversion(child: &Board) -> Value {
    let white_piece = child.colors(Color::White) - child.pieces(PieceKind::King);
    match white_piece.single().and_then(|s| child.kind_on(s)) {
        None => Value::Draw,
        Some(PieceKind::Queen | PieceKind::Rook) => match common::probe(child) {
            Some(Dtm::MatedIn(_)) => Value::Win,
            Some(Dtm::Draw) => Value::Draw,
            other => panic!("unexpected table answer {other:?} for {}", child.to_fen()),
        },
        Some(_) => Value::Draw,
    }
}

fn solve_independently() -> (Vec<Node>, Vec<Value>) {
    common::build(dtm::Ending::Kqk);
    common::build(dtm::Ending::Krk);
    let mut nodes = Vec::new();
    let mut node_of = vec![usize::MAX; 2 * 64 * 64 * 64];
    for white_to_move in [true, false] {
        for pawn in Square::ALL
            .into_iter()
            .filter(|s| (1..=6).contains(&s.rank().index()))
        {
            for white_king in Square::ALL {
                for black_king in Square::ALL {
                    if white_king == black_king || pawn == white_king || pawn == black_king {
                        continue;
                    }
                    let text = fen(white_king, black_king, pawn, white_to_move);
                    if let Ok(board) = Board::from_fen(&text) {
                        node_of[slot(white_to_move, white_king, black_king, pawn)] = nodes.len();
                        nodes.push(Node {
                            board,
                            white_to_move,
                            children: Vec::new(),
                        });
                    }
                }
            }
        }
    }
    for node in &mut nodes {
        let mut moves = MoveList::new();
        node.board.generate_moves(&mut moves);
        for &mv in moves.iter() {
            let mut child = node.board.clone();
            child.play_unchecked(mv);
            let child = match child.pieces(PieceKind::Pawn).single() {
                Some(pawn) => Child::Position(
                    node_of[slot(
                        !node.white_to_move,
                        child.king(Color::White),
                        child.king(Color::Black),
                        pawn,
                    )],
                ),
                None => Child::Settled(after_conversion(&child)),
            };
            node.children.push(child);
        }
    }
    let mut values = vec![Value::Unknown; nodes.len()];
    loop {
        let mut changed = false;
        for (i, node) in nodes.iter().enumerate() {
            if values[i] != Value::Unknown {
                continue;
            }
            let child_values = node.children.iter().map(|child| match child {
                Child::Settled(value) => *value,
                Child::Position(j) => values[*j],
            });
            let value = if node.children.is_empty() {
                if node.board.in_check() && !node.white_to_move {
                    Value::Win
                } else {
                    Value::Draw
                }
            } else {
                // The mover wants its own result: a win for White, a draw for Black.
                let (hoped, feared) = if node.white_to_move {
                    (Value::Win, Value::Draw)
                } else {
                    (Value::Draw, Value::Win)
                };
                let all: Vec<Value> = child_values.collect();
                if all.contains(&hoped) {
                    hoped
                } else if all.iter().all(|v| *v == feared) {
                    feared
                } else {
                    Value::Unknown
                }
            };
            if value != Value::Unknown {
                values[i] = value;
                changed = true;
            }
        }
        if !changed {
            break;
        }
    }
    (nodes, values)
}

#[test]
fn the_bitbase_agrees_with_an_independent_solution_at_every_position() {
    let (nodes, values) = solve_independently();
    let mut counts = [(0u32, 0u32); 2];
    let mut mismatches = Vec::new();
    for (node, value) in nodes.iter().zip(&values) {
        let wins = *value == Value::Win;
        let slot = usize::from(!node.white_to_move);
        if node
            .board
            .pieces(PieceKind::Pawn)
            .first()
            .unwrap()
            .file()
            .index()
            < 4
        {
            if wins {
                counts[slot].0 += 1;
            } else {
                counts[slot].1 += 1;
            }
        }
        if kpk::probe(&node.board) != Some(wins) {
            mismatches.push(node.board.to_fen());
        }
        if kpk::probe(&node.board.mirrored()) != Some(wins) {
            mismatches.push(format!("flipped {}", node.board.to_fen()));
        }
    }
    assert!(
        mismatches.is_empty(),
        "{} positions disagree, e.g. {:?}",
        mismatches.len(),
        &mismatches[..mismatches.len().min(10)]
    );
    assert_eq!(kpk::bitbase().counts(), counts);
}

#[test]
fn textbook_positions() {
    let cases = [
        // Key squares: the king two ranks in front of its pawn wins, whoever moves.
        ("8/8/3k4/8/3K4/8/3P4/8 w - - 0 1", true),
        ("8/8/3k4/8/3K4/8/3P4/8 b - - 0 1", true),
        // The defender in front of the pawn with the opposition draws;
        // without it he must give way to a key square.
        ("8/3k4/8/3K4/3P4/8/8/8 w - - 0 1", false),
        ("8/3k4/8/3K4/3P4/8/8/8 b - - 0 1", true),
        // With the king on the sixth in front of its pawn, always a win.
        ("3k4/8/3K4/3P4/8/8/8/8 w - - 0 1", true),
        ("8/3k4/8/3K4/8/8/3P4/8 w - - 0 1", true),
        ("8/3k4/8/3K4/8/8/3P4/8 b - - 0 1", true),
        // A rook pawn with the defending king in the corner is drawn.
        ("7k/8/6K1/7P/8/8/8/8 w - - 0 1", false),
        // Outside the square of a passed pawn: it queens unaided.
        ("8/8/8/8/P7/8/7k/K7 w - - 0 1", true),
        ("8/8/8/8/P7/8/7k/K7 b - - 0 1", true),
        // Inside the square with the move: the pawn is caught.
        ("8/8/8/8/P7/5k2/8/K7 b - - 0 1", false),
    ];
    for (fen, wins) in cases {
        let board = Board::from_fen(fen).unwrap();
        assert_eq!(kpk::probe(&board), Some(wins), "{fen}");
    }
    let not_kpk = Board::from_fen("8/8/8/8/P7/8/6k1/KR6 b - - 0 1").unwrap();
    assert_eq!(kpk::probe(&not_kpk), None);
}

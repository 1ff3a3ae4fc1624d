//! Standard algebraic notation, for the PGN records of xtask's games.

use movegen::{Board, Move, PieceKind};

/// `mv` (legal on `board`) in SAN: `Nbd7`, `exd5`, `e8=Q+`, `O-O-O#`.
pub(crate) fn san(board: &Board, mv: Move) -> String {
    let mut text = String::new();
    if mv.is_castle() {
        // The king's move to the rook's side (Matewise encodes castling as
        // the king taking its own rook): the h side is the short one.
        text.push_str(if mv.to().file() > mv.from().file() {
            "O-O"
        } else {
            "O-O-O"
        });
    } else {
        let kind = board
            .kind_on(mv.from())
            .expect("a piece on the from square");
        let capture = board.kind_on(mv.to()).is_some() || mv.is_en_passant();
        if kind == PieceKind::Pawn {
            if capture {
                text.push(mv.from().file().to_char());
            }
        } else {
            text.push(kind.to_char().to_ascii_uppercase());
            let rivals: Vec<Move> = board
                .legal_moves()
                .iter()
                .copied()
                .filter(|other| {
                    other.to() == mv.to()
                        && other.from() != mv.from()
                        && !other.is_castle()
                        && board.kind_on(other.from()) == Some(kind)
                })
                .collect();
            if !rivals.is_empty() {
                let same_file = rivals.iter().any(|o| o.from().file() == mv.from().file());
                let same_rank = rivals.iter().any(|o| o.from().rank() == mv.from().rank());
                if !same_file {
                    text.push(mv.from().file().to_char());
                } else if !same_rank {
                    text.push(mv.from().rank().to_char());
                } else {
                    text.push_str(&mv.from().to_string());
                }
            }
        }
        if capture {
            text.push('x');
        }
        text.push_str(&mv.to().to_string());
        if let Some(promotion) = mv.promotion() {
            text.push('=');
            text.push(promotion.to_char().to_ascii_uppercase());
        }
    }
    let mut after = board.clone();
    after.play_unchecked(mv);
    if after.is_checkmate() {
        text.push('#');
    } else if after.in_check() {
        text.push('+');
    }
    text
}

#[cfg(test)]
mod tests {
    use super::*;

    fn san_of(fen: &str, uci: &str) -> String {
        let board = Board::from_fen(fen).unwrap();
        san(&board, board.parse_uci_move(uci).unwrap())
    }

    #[test]
    fn moves_are_written_as_a_pgn_reader_expects() {
        let start = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1";
        assert_eq!(san_of(start, "e2e4"), "e4");
        assert_eq!(san_of(start, "g1f3"), "Nf3");
        // A capture by a pawn names its file; en passant too.
        let ep = "4k3/8/8/3pP3/8/8/8/4K3 w - d6 0 2";
        assert_eq!(san_of(ep, "e5d6"), "exd6");
        // Two knights reach d2: the file tells them apart; two rooks on a
        // file: the rank.
        assert_eq!(san_of("4k3/8/8/8/8/8/8/1N2KN2 w - - 0 1", "b1d2"), "Nbd2");
        assert_eq!(san_of("R7/7k/8/8/8/8/8/R3K3 w - - 0 1", "a1a5"), "R1a5");
        // Three queens on two files and two ranks: the square.
        assert_eq!(san_of("7k/8/8/8/Q1Q5/8/Q7/4K3 w - - 0 1", "a4b3"), "Qa4b3");
        // Castling both ways, and a promotion with check and with mate.
        let castle = "r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1";
        assert_eq!(san_of(castle, "e1g1"), "O-O");
        assert_eq!(san_of(castle, "e1c1"), "O-O-O");
        assert_eq!(san_of("8/4P3/8/8/8/8/k7/4K3 w - - 0 1", "e7e8q"), "e8=Q");
        assert_eq!(san_of("k7/4P3/8/8/8/8/8/4K3 w - - 0 1", "e7e8q"), "e8=Q+");
        assert_eq!(san_of("6k1/5ppp/8/8/8/8/8/R5K1 w - - 0 1", "a1a8"), "Ra8#");
    }
}

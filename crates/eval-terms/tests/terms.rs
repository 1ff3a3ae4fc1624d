//! Every evaluation term of the weight table, at least one row each: a
//! position where the term fires for its owner with the sign the Compendium
//! gives it, and a position where it does not (the owner's contribution is
//! zero). Each row is also checked on the colour-flipped position with the
//! owner swapped, and a term added to `weights.rs` without a row fails
//! `every_term_has_a_row`.
//!
//! The rows test each term's code, so they are judged at the Compendium's own
//! numbers (`docs/compendium-weights.rs`), not at the tuned table in use: a
//! tune may move a table's reference entry off zero or turn a sign where the
//! games say so, and that is the data's verdict, not a bug in the term. The
//! tuned table is held to chess facts in `tests/chess_facts.rs`.

use std::collections::BTreeSet;
use std::sync::OnceLock;

use matewise_eval_terms::{Param, S, Trace, Weights, evaluate};
use movegen::Board;
use movegen::Color::{self, Black, White};

mod common;
use common::flip;

#[derive(Copy, Clone, Debug, PartialEq, Eq)]
enum Sign {
    Positive,
    Negative,
}
use Sign::{Negative, Positive};

/// (term, FEN where it fires, its owner, the sign of the owner's
/// contribution, FEN where it stays zero for the owner). A term may have
/// more than one row.
type Row = (&'static str, &'static str, Color, Sign, &'static str);

#[rustfmt::skip]
const ROWS: &[Row] = &[
    // Material.
    ("PAWN_VALUE", "4k3/8/8/8/8/8/4P3/4K3 w - - 0 1", White, Positive, "4k3/8/8/8/8/8/8/4K3 w - - 0 1"),
    ("KNIGHT_VALUE", "4k3/8/8/8/8/8/8/1N2K3 w - - 0 1", White, Positive, "4k3/8/8/8/8/8/8/4K3 w - - 0 1"),
    ("BISHOP_VALUE", "4k3/8/8/8/8/8/8/2B1K3 w - - 0 1", White, Positive, "4k3/8/8/8/8/8/8/4K3 w - - 0 1"),
    ("ROOK_VALUE", "4k3/8/8/8/8/8/8/R3K3 w - - 0 1", White, Positive, "4k3/8/8/8/8/8/8/4K3 w - - 0 1"),
    ("QUEEN_VALUE", "4k3/8/8/8/8/8/8/3QK3 w - - 0 1", White, Positive, "4k3/8/8/8/8/8/8/4K3 w - - 0 1"),
    // Bishops on c1 (dark) and f1 (light); one bishop is no pair.
    ("BISHOP_PAIR", "4k3/8/8/8/8/8/8/2B1KB2 w - - 0 1", White, Positive, "4k3/8/8/8/8/8/8/2B1K3 w - - 0 1"),
    // Placement. A knight on d5 (5th rank +6); no pieces, no entry.
    ("PIECE_RANK", "4k3/8/8/3N4/8/8/8/4K3 w - - 0 1", White, Positive, "4k3/8/8/8/8/8/8/4K3 w - - 0 1"),
    // A knight on d4 (focal centre, +10).
    ("PIECE_RING", "4k3/8/8/8/3N4/8/8/4K3 w - - 0 1", White, Positive, "4k3/8/8/8/8/8/8/4K3 w - - 0 1"),
    // A knight on the d file (+5); on the a file the entry is 0.
    ("PIECE_FILE", "4k3/8/8/8/3N4/8/8/4K3 w - - 0 1", White, Positive, "4k3/8/8/8/N7/8/8/4K3 w - - 0 1"),
    // The king on g1 (+100); off the first rank the file is not scored.
    ("KING_FILE", "6k1/8/8/8/8/8/8/6K1 w - - 0 1", White, Positive, "6k1/8/8/8/8/8/6K1/8 w - - 0 1"),
    // The king on e3 (3rd rank, -100); on e1 the entry is 0.
    ("KING_RANK", "4k3/8/8/8/8/4K3/8/8 w - - 0 1", White, Negative, "4k3/8/8/8/8/8/8/4K3 w - - 0 1"),
    // Centre. A pawn on e4; on e3 it stands outside the focal centre.
    ("FOCAL_OCCUPATION", "4k3/8/8/8/4P3/8/8/4K3 w - - 0 1", White, Positive, "4k3/8/8/8/8/4P3/8/4K3 w - - 0 1"),
    // The pawn on e3 attacks d4 and f4; one on a2 attacks only b3.
    ("FOCAL_CONTROL", "4k3/8/8/8/8/4P3/8/4K3 w - - 0 1", White, Positive, "4k3/8/8/8/8/8/P7/4K3 w - - 0 1"),
    // A knight on c3; in the corner it is outside the c3-f6 box.
    ("WIDER_OCCUPATION", "4k3/8/8/8/8/2N5/8/4K3 w - - 0 1", White, Positive, "4k3/8/8/8/8/8/8/N3K3 w - - 0 1"),
    // The pawn on e2 attacks d3 and f3; one on a2 attacks only b3.
    ("WIDER_CONTROL", "4k3/8/8/8/8/8/4P3/4K3 w - - 0 1", White, Positive, "4k3/8/8/8/8/8/P7/4K3 w - - 0 1"),
    // Opening. Two knights out against none.
    ("DEVELOPMENT_LEAD", "rnbqkbnr/pppppppp/8/8/8/2N2N2/PPPPPPPP/R1BQKB1R b KQkq - 4 3", White, Positive, "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1"),
    // 1.e4 e5 2.Qh5; with the queen still on d1 nothing.
    ("QUEEN_BEFORE_MINORS", "rnbqkbnr/pppp1ppp/8/4p2Q/4P3/8/PPPP1PPP/RNB1KBNR b KQkq - 1 2", White, Negative, "rnbqkbnr/pppp1ppp/8/4p3/4P3/8/PPPP1PPP/RNBQKBNR w KQkq - 0 2"),
    // 1.a4 and Ra3; after 1.a4 alone nothing.
    ("ROOK_BEFORE_MINORS", "rnbqkbnr/pppppppp/8/8/P7/R7/1PPPPPPP/1NBQKBNR b Kkq - 1 2", White, Negative, "rnbqkbnr/pppppppp/8/8/P7/8/1PPPPPPP/RNBQKBNR b KQkq - 0 1"),
    // Bd3 in front of the unmoved d2 pawn; Bc4 blocks nothing.
    ("MINOR_BLOCKS_CENTRE_PAWN", "rnbqkbnr/pppp1ppp/8/4p3/4P3/3B4/PPPP1PPP/RNBQK1NR b KQkq - 1 2", White, Negative, "rnbqkbnr/pppp1ppp/8/4p3/2B1P3/8/PPPP1PPP/RNBQK1NR b KQkq - 1 2"),
    // Both white castling rights; White without rights.
    ("CASTLING_OPTION", "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1", White, Positive, "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w kq - 0 1"),
    // The rook on g1 covers g8, which the black king must reach to castle; from a1 it covers nothing.
    ("CASTLING_PREVENTED", "4k2r/8/8/8/8/8/8/4K1R1 w k - 0 1", White, Positive, "4k2r/8/8/8/8/8/8/R3K3 w k - 0 1"),
    // Queens off early with the king on e1 and no rights; with the rights kept nothing.
    ("EARLY_QUEEN_EXCHANGE", "rnb1kbnr/pppp1ppp/8/4p3/4P3/8/PPPP1PPP/RNB1KBNR w - - 0 4", White, Negative, "rnb1kbnr/pppp1ppp/8/4p3/4P3/8/PPPP1PPP/RNB1KBNR w KQkq - 0 4"),
    // Mobility. A knight on d4 reaches 8 squares (+24); no knight, no entry.
    ("KNIGHT_MOBILITY", "4k3/8/8/8/3N4/8/8/4K3 w - - 0 1", White, Positive, "4k3/8/8/8/8/8/8/4K3 w - - 0 1"),
    // A bishop on d4 reaches 13 squares (+28).
    ("BISHOP_MOBILITY", "4k3/8/8/8/3B4/8/8/4K3 w - - 0 1", White, Positive, "4k3/8/8/8/8/8/8/4K3 w - - 0 1"),
    // A rook on d4 reaches 14 squares (+28).
    ("ROOK_MOBILITY", "4k3/7p/8/8/3R4/8/8/4K3 w - - 0 1", White, Positive, "4k3/7p/8/8/8/8/8/4K3 w - - 0 1"),
    // A queen on d4 reaches 27 squares (+85).
    ("QUEEN_MOBILITY", "4k3/7p/8/8/3Q4/8/8/4K3 w - - 0 1", White, Positive, "4k3/7p/8/8/8/8/8/4K3 w - - 0 1"),
    // The rook on the open d file reaches d5-d8; the a1 rook behind its pawn stays at home.
    ("MOBILITY_ENEMY_CAMP", "4k3/7p/8/8/8/8/8/3RK3 w - - 0 1", White, Positive, "4k3/7p/8/8/8/8/P7/R3K3 w - - 0 1"),
    // The e2 pawn can push; blocked by the e3 pawn it cannot.
    ("PAWN_MOBILITY", "4k3/8/8/8/8/8/4P3/4K3 w - - 0 1", White, Positive, "4k3/8/8/8/8/4p3/4P3/4K3 w - - 0 1"),
    // A blocked pawn still has its capture.
    ("PAWN_MOBILITY", "4k3/8/8/3pp3/4P3/8/8/4K3 w - - 0 1", White, Positive, "4k3/8/8/4p3/4P3/8/8/4K3 w - - 0 1"),
    // Knights on a2 and h2 and a rook on h3 without squares; at home in the start position pieces are undeveloped, not cramped.
    ("CRAMPED", "4k3/8/8/p6p/3pp1pP/6PR/Np4pN/4K3 w - - 0 1", White, Negative, "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1"),
    // Pawns. A rim pawn on a2 (-21); a d/e pawn has entry 0.
    ("PAWN_FILE", "4k3/8/8/8/8/8/P7/4K3 w - - 0 1", White, Negative, "4k3/8/8/8/8/8/4P3/4K3 w - - 0 1"),
    // A pawn on e4 (+4); on e2 the entry is 0.
    ("PAWN_RANK", "4k3/8/8/8/4P3/8/8/4K3 w - - 0 1", White, Positive, "4k3/8/8/8/8/8/4P3/4K3 w - - 0 1"),
    ("DOUBLED", "4k3/8/8/8/8/4P3/4P3/4K3 w - - 0 1", White, Negative, "4k3/8/8/8/8/8/3PP3/4K3 w - - 0 1"),
    // A lone a pawn; with a b pawn beside it, none.
    ("ISOLATED", "4k3/8/8/8/8/8/P7/4K3 w - - 0 1", White, Negative, "4k3/8/8/8/8/8/PP6/4K3 w - - 0 1"),
    // A lone e pawn; a lone a pawn is isolated but not central.
    ("ISOLATED_CENTRAL", "4k3/8/8/8/8/8/4P3/4K3 w - - 0 1", White, Negative, "4k3/8/8/8/8/8/P7/4K3 w - - 0 1"),
    // d3 behind e4, its stop d4 hit by e5 (3rd rank, -12); with c3 beside it, it is supported.
    ("BACKWARD", "4k3/8/8/4p3/4P3/3P4/8/4K3 w - - 0 1", White, Negative, "4k3/8/8/4p3/4P3/2PP4/8/4K3 w - - 0 1"),
    // As above with d4 hit by c5 and e5 (-23); hit once it is only backward.
    ("BACKWARD_FATED", "4k3/8/8/2p1p3/4P3/3P4/8/4K3 w - - 0 1", White, Negative, "4k3/8/8/4p3/4P3/3P4/8/4K3 w - - 0 1"),
    // d4 with no black pawn ahead on its file, but c6 beside (4th rank, +14); opposed by d6 it is not.
    ("UNOPPOSED", "4k3/8/2p5/8/3P4/8/8/4K3 w - - 0 1", White, Positive, "4k3/8/3p4/8/3P4/8/8/4K3 w - - 0 1"),
    // The chain d3-e4 is led by e4 (+7); a phalanx has no lead pawn.
    ("LEAD_PAWN", "4k3/8/8/8/4P3/3P4/8/4K3 w - - 0 1", White, Positive, "4k3/8/8/8/8/3PP3/8/4K3 w - - 0 1"),
    // The chain d3-e4 has its root on d3.
    ("ROOT_PAWN", "4k3/8/8/8/4P3/3P4/8/4K3 w - - 0 1", White, Negative, "4k3/8/8/8/8/3PP3/8/4K3 w - - 0 1"),
    // d4 leads c3 and e3; a single chain has no apex.
    ("APEX_PAWN", "4k3/8/8/8/3P4/2P1P3/8/4K3 w - - 0 1", White, Positive, "4k3/8/8/8/4P3/3P4/8/4K3 w - - 0 1"),
    // d4 and e4 side by side (4th rank, +3 each); a chain is no phalanx.
    ("PHALANX", "4k3/8/8/8/3PP3/8/8/4K3 w - - 0 1", White, Positive, "4k3/8/8/8/4P3/3P4/8/4K3 w - - 0 1"),
    ("PAWN_DEFENDED", "4k3/8/8/8/4P3/3P4/8/4K3 w - - 0 1", White, Positive, "4k3/8/8/8/3PP3/8/8/4K3 w - - 0 1"),
    // One island; no pawns, no islands.
    ("PAWN_ISLAND", "4k3/8/8/8/8/8/P7/4K3 w - - 0 1", White, Negative, "4k3/8/8/8/8/8/8/4K3 w - - 0 1"),
    // a2 blocked by a3 (endgame only, -40); with a4 the pawn still moves.
    ("FIXED_ON_SECOND", "4k3/8/8/8/8/p7/P7/4K3 w - - 0 1", White, Negative, "4k3/8/8/8/p7/8/P7/4K3 w - - 0 1"),
    // One fixed pair (d4/d5) and a knight (+5); d4 and d7 are no fixed pair.
    ("PIECE_PER_FIXED_PAIR", "4k3/8/8/3p4/3P4/8/8/1N2K3 w - - 0 1", White, Positive, "4k3/3p4/8/8/3P4/8/8/1N2K3 w - - 0 1"),
    // d4, unopposed, one sentry (c6) and one helper (c4); without the helper it is no candidate.
    ("CANDIDATE_PASSER", "4k3/8/2p5/8/2PP4/8/8/4K3 w - - 0 1", White, Positive, "4k3/8/2p5/8/3P4/8/8/4K3 w - - 0 1"),
    // Passed pawns. A passer on e5 (+22); opposed by e7 it is not passed.
    ("PASSED_RANK", "4k3/8/8/4P3/8/8/8/4K3 w - - 0 1", White, Positive, "4k3/4p3/8/4P3/8/8/8/4K3 w - - 0 1"),
    // A passer on the e file (+15); on the a file the entry is 0.
    ("PASSED_FILE", "4k3/8/8/4P3/8/8/8/4K3 w - - 0 1", White, Positive, "4k3/8/8/P7/8/8/8/4K3 w - - 0 1"),
    // e5 defended by d4.
    ("PASSED_PROTECTED", "4k3/8/8/4P3/3P4/8/8/4K3 w - - 0 1", White, Positive, "4k3/8/8/4P3/8/8/8/4K3 w - - 0 1"),
    // Passers on d5 and e5; a5 and e5 are apart.
    ("PASSED_CONNECTED", "4k3/8/8/3PP3/8/8/8/4K3 w - - 0 1", White, Positive, "4k3/8/8/P3P3/8/8/8/4K3 w - - 0 1"),
    // A white knight on d3 blockades the black d4 passer; from c2 it does not.
    ("PASSER_BLOCKADE", "4k3/8/8/8/3p4/3N4/8/4K3 w - - 0 1", White, Positive, "4k3/8/8/8/3p4/8/2N5/4K3 w - - 0 1"),
    // The white rook on the 3rd rank covers d3, the black d4 passer's stop square; on the 2nd it does not.
    ("PASSER_STOP_CONTROL", "4k3/8/8/8/3p4/R7/8/4K3 w - - 0 1", White, Positive, "4k3/8/8/8/3p4/8/R7/4K3 w - - 0 1"),
    // a5 with a6-a8 empty and unguarded (+5); a black king on a8 blocks the path.
    ("PASSED_FREE_PATH", "4k3/8/8/P7/8/8/8/4K3 w - - 0 1", White, Positive, "k7/8/8/P7/8/8/8/4K3 w - - 0 1"),
    // The black king on h8 is six squares from a8, where the a5 passer queens (endgame only, -20); on b8 it is next to it.
    ("KING_FAR_FROM_PASSER", "7k/8/8/P7/8/8/8/4K3 w - - 0 1", Black, Negative, "1k6/8/8/P7/8/8/8/4K3 w - - 0 1"),
    // The king on e1 next to its e2 passer; far from the a2 passer.
    ("KING_SUPPORTS_PASSER", "4k3/8/8/8/8/8/4P3/4K3 w - - 0 1", White, Positive, "4k3/8/8/8/8/8/P7/4K3 w - - 0 1"),
    // The d5 passer with the black king on d6 and its own king far away on h1; with its king on e4 it is fine.
    ("NEGATIVE_PASSER", "8/8/3k4/3P4/8/8/8/7K w - - 0 1", White, Negative, "8/8/3k4/3P4/4K3/8/8/8 w - - 0 1"),
    // The a5 passer outruns the king on h8; the king on b8 catches it.
    ("UNSTOPPABLE_PASSER", "7k/8/8/P7/8/8/8/4K3 w - - 0 1", White, Positive, "1k6/8/8/P7/8/8/8/4K3 w - - 0 1"),
    // The rook on a1 behind the a5 passer; on b1 it is not behind.
    ("ROOK_BEHIND_PASSER", "4k3/7p/8/P7/8/8/8/R3K3 w - - 0 1", White, Positive, "4k3/7p/8/P7/8/8/8/1R2K3 w - - 0 1"),
    // The white rook on a8 behind the black a4 passer; on b8 it is not.
    ("ROOK_BEHIND_ENEMY_PASSER", "R7/7k/8/8/p7/8/8/4K3 w - - 0 1", White, Positive, "1R6/7k/8/8/p7/8/8/4K3 w - - 0 1"),
    // Space. e5, not passed because of d7 (+10); on e4 it gains no space.
    ("SPACE_PAWN", "4k3/3p4/8/4P3/8/8/8/4K3 w - - 0 1", White, Positive, "4k3/3p4/8/8/4P3/8/8/4K3 w - - 0 1"),
    // e5 with e6 free (-3); fixed by e6 it is not counted.
    ("SPACE_UNFIXED", "4k3/3p4/8/4P3/8/8/8/4K3 w - - 0 1", White, Negative, "4k3/8/4p3/4P3/8/8/8/4K3 w - - 0 1"),
    // Space pawns on b5 and g5; b5 alone is one wing.
    ("SPACE_BOTH_WINGS", "4k3/p6p/8/1P4P1/8/8/8/4K3 w - - 0 1", White, Positive, "4k3/p6p/8/1P6/8/8/8/4K3 w - - 0 1"),
    // A knight on e5 (+25); on e4 it gains no space.
    ("SPACE_MINOR", "4k3/8/8/4N3/8/8/8/4K3 w - - 0 1", White, Positive, "4k3/8/8/8/4N3/8/8/4K3 w - - 0 1"),
    // A knight on e5 that nothing can ever chase; d7-d6 would.
    ("ETERNAL_KNIGHT", "4k3/8/8/4N3/8/8/8/4K3 w - - 0 1", White, Positive, "4k3/3p4/8/4N3/8/8/8/4K3 w - - 0 1"),
    // King safety. f2 g2 h2 one rank ahead of the g1 king (+50 each); no pawns, entry 0.
    ("SHELTER", "6k1/8/8/8/8/8/5PPP/6K1 w - - 0 1", White, Positive, "6k1/8/8/8/8/8/8/6K1 w - - 0 1"),
    // g5 storms the g8 king (+60); g3 is not yet a storm.
    ("STORM", "6k1/8/8/6P1/8/8/8/6K1 w - - 0 1", White, Positive, "6k1/8/8/8/8/6P1/8/6K1 w - - 0 1"),
    // g5 is fixed by g6; without g6 it is not.
    ("STORM_FIXED", "6k1/8/6p1/6P1/8/8/8/6K1 w - - 0 1", White, Negative, "6k1/8/8/6P1/8/8/8/6K1 w - - 0 1"),
    // Queen h5 and knight g5 both hit f7 and h7; the queen alone is not counted.
    ("KING_ATTACK_NEAR", "6k1/5ppp/8/6NQ/8/8/8/6K1 w - - 0 1", White, Positive, "6k1/5ppp/8/7Q/8/8/8/6K1 w - - 0 1"),
    ("KING_ATTACK_FAR", "6k1/5ppp/8/6NQ/8/8/8/6K1 w - - 0 1", White, Positive, "6k1/5ppp/8/7Q/8/8/8/6K1 w - - 0 1"),
    ("KING_ATTACKERS", "6k1/5ppp/8/6NQ/8/8/8/6K1 w - - 0 1", White, Positive, "6k1/5ppp/8/7Q/8/8/8/6K1 w - - 0 1"),
    // The e4 knight reaches d6 and f6, checking squares of the e8 king; from a1 it reaches none.
    ("SAFE_CHECK", "4k3/8/8/8/4N3/8/8/4K3 w - - 0 1", White, Positive, "4k3/8/8/8/8/8/8/N3K3 w - - 0 1"),
    // Queen h5 and knight g5 on the g8 king with g7 gone: attacks, weak squares and safe checks add
    // up; the queen alone is one attacker, and one is not an attack.
    ("KING_DANGER", "6k1/5p1p/8/6NQ/8/8/8/6K1 w - - 0 1", White, Positive, "6k1/5p1p/8/7Q/8/8/8/6K1 w - - 0 1"),
    // A rook on the open f file beside the g8 king; on the c file it is far from it.
    ("KING_FILE_ATTACK", "6k1/p7/8/8/8/8/8/K4R2 w - - 0 1", White, Positive, "6k1/p7/8/8/8/8/8/K1R5 w - - 0 1"),
    // The e1 king without castling rights; with them it may still leave.
    ("KING_LEFT_IN_CENTRE", "r3k2r/8/8/8/8/8/8/R3K2R w kq - 0 1", White, Negative, "r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1"),
    // Pieces. A knight on d5 held by e4, no black pawn to chase it; c7-c6 would.
    ("OUTPOST", "4k3/8/8/3N4/4P3/8/8/4K3 w - - 0 1", White, Positive, "4k3/2p5/8/3N4/4P3/8/8/4K3 w - - 0 1"),
    // The same for a bishop on d5.
    ("OUTPOST", "4k3/8/8/3B4/4P3/8/8/4K3 w - - 0 1", White, Positive, "4k3/2p5/8/3B4/4P3/8/8/4K3 w - - 0 1"),
    // A knight a pawn attacks right now is no outpost.
    ("OUTPOST", "4k3/8/8/3N4/4P3/8/8/4K3 w - - 0 1", White, Positive, "4k3/8/2p5/3N4/4P3/8/8/4K3 w - - 0 1"),
    // The dark-squared c1 bishop with a pawn on dark e3; with the pawn on light e4 nothing.
    ("BAD_BISHOP", "4k3/8/8/8/8/4P3/8/2B1K3 w - - 0 1", White, Negative, "4k3/8/8/8/4P3/8/8/2B1K3 w - - 0 1"),
    // Bd3 walled in by c2, e2 and the blocked c4, e4; at home behind unmoved pawns it is only undeveloped.
    ("PAWN_BISHOP", "4k3/8/8/2p1p3/2P1P3/3B4/2P1P3/4K3 w - - 0 1", White, Negative, "4k3/8/8/8/8/8/1P1P4/2B1K3 w - - 0 1"),
    // A rook on the open d file (+30); behind its own pawn nothing.
    ("ROOK_FILE", "4k3/7p/8/8/8/8/8/3RK3 w - - 0 1", White, Positive, "4k3/7p/8/8/8/8/3P4/3RK3 w - - 0 1"),
    ("QUEEN_FILE", "4k3/7p/8/8/8/8/8/3QK3 w - - 0 1", White, Positive, "4k3/7p/8/8/8/8/3P4/3QK3 w - - 0 1"),
    // A rook on a7 with the king on e8; with the king on e6 and no pawns on the 7th nothing.
    ("HEAVY_SEVENTH", "4k3/R7/7p/8/8/8/8/4K3 w - - 0 1", White, Positive, "8/R7/4k2p/8/8/8/8/4K3 w - - 0 1"),
    // A rook on a8; on a1 nothing.
    ("HEAVY_EIGHTH", "R7/7k/8/7p/8/8/8/4K3 w - - 0 1", White, Positive, "8/7k/8/7p/8/8/8/R3K3 w - - 0 1"),
    // The h1 rook shut in by the f1 king without castling rights; with the king on e1 and the right, nothing.
    ("TRAPPED_ROOK", "4k3/p7/8/8/8/8/6PP/5K1R w - - 0 1", White, Negative, "4k3/p7/8/8/8/8/6PP/4K2R w K - 0 1"),
    // The a7 bishop caught by b6 (b6 guarded by c7); on an empty board it walks out.
    ("TRAPPED_PIECE", "4k3/B1p5/1p6/8/8/8/8/4K3 w - - 0 1", White, Negative, "4k3/B7/8/8/8/8/8/4K3 w - - 0 1"),
    // The a1 knight with b3 (blocked) and c2 its own; alone in the corner it has b3 and c2.
    ("END_FILE_KNIGHT", "4k3/8/8/8/1p6/1P6/2P5/N3K3 w - - 0 1", White, Negative, "4k3/8/8/8/8/8/8/N3K3 w - - 0 1"),
    // A knight on d4 right in front of d3 (+2); with the pawn on c3 nothing.
    ("MINOR_AND_PAWN", "4k3/8/8/8/3N4/3P4/8/4K3 w - - 0 1", White, Positive, "4k3/8/8/8/3N4/2P5/8/4K3 w - - 0 1"),
    // Threats. The d1 rook hits the d5 knight; a knight on c5 it does not.
    ("ATTACKED_OBJECT", "4k3/8/8/3n4/8/8/8/3RK3 w - - 0 1", White, Positive, "4k3/8/8/2n5/8/8/8/3RK3 w - - 0 1"),
    // The king guards e2; a2 is unguarded.
    ("DEFENDED_OBJECT", "4k3/8/8/8/8/8/4P3/4K3 w - - 0 1", White, Positive, "4k3/8/8/8/8/8/P7/4K3 w - - 0 1"),
    // A knight on a4 guarded by nothing; on d2 the king guards it.
    ("UNDEFENDED_PIECE", "4k3/8/8/8/N7/8/8/4K3 w - - 0 1", White, Negative, "4k3/8/8/8/8/8/3N4/4K3 w - - 0 1"),
    // The e4 pawn hits the d5 knight; a rook hitting it is not lesser.
    ("ATTACKED_BY_LESSER", "4k3/8/8/3n4/4P3/8/8/4K3 w - - 0 1", White, Positive, "4k3/8/8/3n4/8/8/8/3RK3 w - - 0 1"),
    // The rook hits the unguarded d5 knight; guarded by e6 it is not hanging.
    ("HANGING", "4k3/8/8/3n4/8/8/8/3RK3 w - - 0 1", White, Positive, "4k3/8/4p3/3n4/8/8/8/3RK3 w - - 0 1"),
    // Bb5 pins the d7 knight to the e8 king; from c4 it does not.
    ("PIN_TO_KING", "4k3/3n4/8/1B6/8/8/8/4K3 w - - 0 1", White, Positive, "4k3/3n4/8/8/2B5/8/8/4K3 w - - 0 1"),
    // Bb5 pins the c6 knight to the d7 queen; with the queen on c7 there is no pin.
    ("PIN_TO_QUEEN", "3k4/3q4/2n5/1B6/8/8/8/4K3 w - - 0 1", White, Positive, "3k4/2q5/2n5/1B6/8/8/8/4K3 w - - 0 1"),
    // The d1 rook x-rays the d8 queen through its own d4 knight; with the file empty it attacks it directly.
    ("XRAY", "3qk3/8/8/8/3N4/8/8/3RK3 w - - 0 1", White, Positive, "3qk3/8/8/8/8/8/8/3RK3 w - - 0 1"),
    // The e5 knight forks the d7 and f7 rooks; from e4 it hits neither.
    ("DOUBLE_ATTACK", "7k/3r1r2/8/4N3/8/8/8/4K3 w - - 0 1", White, Positive, "7k/3r1r2/8/8/4N3/8/8/4K3 w - - 0 1"),
    // The e4 pawn forks the d5 and f5 knights; from e3 it hits neither.
    ("DOUBLE_ATTACK", "4k3/8/8/3n1n2/4P3/8/8/4K3 w - - 0 1", White, Positive, "4k3/8/8/3n1n2/8/4P3/8/4K3 w - - 0 1"),
    // Endgame. The e1 king has five free squares; on a1 behind its pieces none. Against a bare
    // king the mop-up term takes over from both.
    ("KING_MOBILITY", "4k3/p7/8/8/8/8/7P/4K3 w - - 0 1", White, Positive, "4k3/p7/8/8/8/8/PP6/KB6 w - - 0 1"),
    ("KING_MOBILITY", "4k3/p7/8/8/8/8/7P/4K3 w - - 0 1", White, Positive, "4k3/8/8/8/8/8/7P/4K3 w - - 0 1"),
    // The king on e4 (+35); on a4 the 4th rank does not count.
    ("KING_ACTIVITY", "4k3/p7/8/8/4K3/8/7P/8 w - - 0 1", White, Positive, "4k3/p7/8/8/K7/8/7P/8 w - - 0 1"),
    ("KING_ACTIVITY", "4k3/p7/8/8/4K3/8/7P/8 w - - 0 1", White, Positive, "4k3/8/8/8/4K3/8/7P/8 w - - 0 1"),
    // Two pawns down with opposite bishops, Black has drawing chances; with same-coloured bishops not.
    ("OCB_DEFENCE", "2b1k3/8/8/8/8/8/PP6/2B1K3 w - - 0 1", Black, Positive, "4kb2/8/8/8/8/8/PP6/2B1K3 w - - 0 1"),
    // A knight down with five fixed pairs, Black gets the chain's drawing chances; with four not.
    ("FIXED_CHAIN_DEFENCE", "4k3/8/8/ppppp3/PPPPP3/8/8/1N2K3 w - - 0 1", Black, Positive, "4k3/8/8/pppp4/PPPP4/8/8/1N2K3 w - - 0 1"),
    // The bare black king in the corner (distance 6 from the centre); with a pawn it is not bare.
    ("MOP_UP_EDGE", "7k/8/8/8/8/8/8/R3K3 w - - 0 1", White, Positive, "7k/7p/8/8/8/8/8/R3K3 w - - 0 1"),
    // The kings three steps apart; with a black pawn no mop-up.
    ("MOP_UP_KINGS", "7k/8/6K1/8/8/8/8/R7 w - - 0 1", White, Positive, "7k/7p/6K1/8/8/8/8/R7 w - - 0 1"),
    // K+B+N with a dark bishop: the bare king on h8 is 7 steps from the light long diagonal; on d5 it stands on it.
    ("KBN_CORNER", "7k/8/8/8/8/8/8/2B1KN2 w - - 0 1", White, Positive, "8/8/8/3k4/8/8/8/2B1KN2 w - - 0 1"),
    // The kings two apart (+5 steps); seven apart, nothing.
    ("KBN_KINGS", "7k/8/5K2/8/8/8/8/2B2N2 w - - 0 1", White, Positive, "7k/8/8/8/8/8/8/2B1KN2 w - - 0 1"),
    // White to move; Black to move.
    ("TEMPO", "4k3/8/8/8/8/8/8/4K3 w - - 0 1", White, Positive, "4k3/8/8/8/8/8/8/4K3 b - - 0 1"),
];

/// The per-square residuals start at zero, with no Compendium number and so
/// no sign to judge: their rows check where a piece is counted instead.
/// (term, FEN, the owner of the one such piece, the entry it must land in:
/// relative rank * 4 + file folded to a-d, pawns from their second rank.)
#[rustfmt::skip]
const SQUARE_ROWS: &[(&str, &str, Color, usize)] = &[
    // e4: rank 4, file e folded to d.
    ("PAWN_SQUARE", "4k3/8/8/8/4P3/8/8/4K3 w - - 0 1", White, 2 * 4 + 3),
    // b1, and the same square a wing away on g1.
    ("KNIGHT_SQUARE", "4k3/8/8/8/8/8/8/1N2K3 w - - 0 1", White, 1),
    ("KNIGHT_SQUARE", "4k3/8/8/8/8/8/8/4K1N1 w - - 0 1", White, 1),
    ("BISHOP_SQUARE", "4k3/8/8/8/2B5/8/8/4K3 w - - 0 1", White, 3 * 4 + 2),
    // A black pawn each, or the bare king's mop-up would leave placement out.
    ("ROOK_SQUARE", "4k3/7R/8/8/8/8/p7/4K3 w - - 0 1", White, 6 * 4),
    ("QUEEN_SQUARE", "3Q4/p7/6k1/8/8/8/8/4K3 w - - 0 1", White, 7 * 4 + 3),
    // The g1 king, folded to b1; Black's e8 king is White's e1.
    ("KING_SQUARE", "4k3/8/8/8/8/8/8/6K1 w - - 0 1", White, 1),
    ("KING_SQUARE", "4k3/8/8/8/8/8/8/6K1 w - - 0 1", Black, 3),
];

/// The problems with one row of [`SQUARE_ROWS`]: the owner's coefficients
/// of the term must be exactly one piece on `entry`.
fn check_square_row(name: &str, fen: &str, owner: Color, entry: usize) -> Vec<String> {
    let trace = trace(fen);
    let param = param(name);
    let counts: Vec<i32> = trace.coefficients[param.offset..param.offset + param.len]
        .iter()
        .map(|pair| pair[owner.index()])
        .collect();
    let mut expected = vec![0; param.len];
    expected[entry] = 1;
    if counts == expected {
        Vec::new()
    } else {
        vec![format!(
            "{name}: {owner:?}'s piece in {fen} should count once at entry {entry}, got {counts:?}"
        )]
    }
}

#[test]
fn every_square_residual_counts_the_square_it_should() {
    let mut problems = Vec::new();
    for &(name, fen, owner, entry) in SQUARE_ROWS {
        problems.extend(check_square_row(name, fen, owner, entry));
        problems.extend(check_square_row(name, &flip(fen), !owner, entry));
    }
    assert_no_problems(problems);
}

fn param(name: &str) -> Param {
    *Weights::params()
        .iter()
        .find(|p| p.name == name)
        .unwrap_or_else(|| panic!("no term named {name}"))
}

/// The table the rows are judged at: the Compendium's numbers.
fn reference() -> &'static Weights {
    static REFERENCE: OnceLock<Weights> = OnceLock::new();
    REFERENCE.get_or_init(common::compendium_weights)
}

fn trace(fen: &str) -> Trace {
    let board = Board::from_fen(fen).unwrap_or_else(|e| panic!("{fen}: {e:?}"));
    let mut trace = Trace::default();
    evaluate(&board, reference(), None, &mut trace);
    trace
}

/// White's and Black's contribution from the term `name` in `fen`.
fn contribution(fen: &str, name: &str) -> (S, S) {
    let trace = trace(fen);
    let param = param(name);
    (
        trace.param_score(reference(), param, White),
        trace.param_score(reference(), param, Black),
    )
}

/// White's and Black's coefficients of the term `name` in `fen`, summed over its entries.
fn coefficient_sum(fen: &str, name: &str) -> [i32; 2] {
    let trace = trace(fen);
    let param = param(name);
    trace.coefficients[param.offset..param.offset + param.len]
        .iter()
        .fold([0, 0], |[w, b], [cw, cb]| [w + cw, b + cb])
}

/// Middlegame terms are judged by their middlegame half; terms whose
/// Compendium weights are all zero there (endgame-only) by the endgame half.
fn judged_half(name: &str, s: S) -> i32 {
    let param = param(name);
    let endgame_only = (param.offset..param.offset + param.len).all(|i| reference()[i].mg() == 0);
    if endgame_only { s.eg() } else { s.mg() }
}

fn own(pair: (S, S), owner: Color) -> S {
    match owner {
        White => pair.0,
        Black => pair.1,
    }
}

/// The problems with one row, as messages (none if it holds).
fn check_row(name: &str, fires: &str, owner: Color, sign: Sign, quiet: &str) -> Vec<String> {
    let mut problems = Vec::new();
    let fired = own(contribution(fires, name), owner);
    let count = coefficient_sum(fires, name)[owner.index()];
    let value = judged_half(name, fired);
    let right_sign = match sign {
        Positive => value > 0,
        Negative => value < 0,
    };
    if count <= 0 || !right_sign {
        problems.push(format!(
            "{name}: should fire {sign:?} for {owner:?} in {fires}, got count {count}, contribution {fired:?}"
        ));
    }
    let calm = own(contribution(quiet, name), owner);
    if calm != S::ZERO {
        problems.push(format!(
            "{name}: should not fire for {owner:?} in {quiet}, got count {}, contribution {calm:?}",
            coefficient_sum(quiet, name)[owner.index()]
        ));
    }
    problems
}

fn assert_no_problems(problems: Vec<String>) {
    assert!(
        problems.is_empty(),
        "{} problem(s):\n{}",
        problems.len(),
        problems.join("\n")
    );
}

#[test]
fn every_term_has_a_row() {
    let terms: BTreeSet<&str> = Weights::params().iter().map(|p| p.name).collect();
    let rows: BTreeSet<&str> = ROWS
        .iter()
        .map(|row| row.0)
        .chain(SQUARE_ROWS.iter().map(|row| row.0))
        .collect();
    let mut problems = Vec::new();
    for name in &rows {
        if !terms.contains(name) {
            problems.push(format!("{name}: a row for a term that does not exist"));
        }
    }
    for name in terms.difference(&rows) {
        problems.push(format!("{name}: no row (add one to ROWS)"));
    }
    assert_no_problems(problems);
}

#[test]
fn every_term_fires_with_its_sign_and_not_elsewhere() {
    let mut problems = Vec::new();
    for &(name, fires, owner, sign, quiet) in ROWS {
        problems.extend(check_row(name, fires, owner, sign, quiet));
    }
    assert_no_problems(problems);
}

#[test]
fn every_row_holds_with_colours_flipped() {
    let mut problems = Vec::new();
    for &(name, fires, owner, sign, quiet) in ROWS {
        problems.extend(check_row(name, &flip(fires), !owner, sign, &flip(quiet)));
    }
    assert_no_problems(problems);
}

/// The terms with a nonzero coefficient in `fen`.
fn terms_present(fen: &str) -> Vec<&'static str> {
    let trace = trace(fen);
    Weights::params()
        .iter()
        .filter(|p| {
            trace.coefficients[p.offset..p.offset + p.len]
                .iter()
                .any(|&[w, b]| w != 0 || b != 0)
        })
        .map(|p| p.name)
        .collect()
}

#[test]
fn against_a_bare_king_only_material_and_mating_technique_count() {
    for fen in [
        "8/8/8/3k4/8/8/R7/4K3 w - - 0 1",
        "8/7K/8/8/8/8/R7/7k w - - 0 1",
        "8/8/2k5/8/8/8/1Q6/4K3 b - - 0 1",
        "8/8/8/4k3/8/8/2BB4/4K3 w - - 0 1",
        "7k/8/8/8/8/8/2BN4/4K3 w - - 0 1",
        "8/8/8/4k3/8/8/PP3R2/4K3 w - - 0 1",
    ] {
        for fen in [fen.to_string(), flip(fen)] {
            for name in terms_present(&fen) {
                let allowed = name.ends_with("_VALUE")
                    || name == "BISHOP_PAIR"
                    || name.starts_with("MOP_UP")
                    || name.starts_with("KBN");
                assert!(allowed, "{name} speaks in {fen}");
            }
        }
    }
    // Without mating material (a lone knight and a pawn) the ordinary terms stay.
    assert!(terms_present("8/8/8/4k3/8/8/P7/4K1N1 w - - 0 1").contains(&"PASSED_RANK"));
}

#[test]
fn a_bare_king_is_worse_off_at_the_edge_and_far_from_help() {
    let white = |fen: &str| {
        let board = Board::from_fen(fen).unwrap();
        evaluate(
            &board,
            &Weights::default(),
            None,
            &mut matewise_eval_terms::NoTrace,
        )
        .white_score
    };
    let centre = white("8/8/8/3k4/8/8/R7/4K3 w - - 0 1");
    let edge = white("3k4/8/8/8/8/8/R7/4K3 w - - 0 1");
    let corner_kings_close = white("k7/8/1K6/8/8/8/1R6/8 w - - 0 1");
    assert!(centre > 400, "KR vs K is won: {centre}");
    assert!(edge > centre, "edge {edge} vs centre {centre}");
    assert!(
        corner_kings_close > edge,
        "corner {corner_kings_close} vs edge {edge}"
    );
}

//! The one table of evaluation weights: `name: "Group" [entries] = [s(mg, eg), ...];`
//! Each term's doc comment names the Compendium section (`Lnnnn` = the line of its
//! heading in `little-chess-evaluation-compendium.md`) its starting weight comes from.
//! Values are centipawns from the term owner's side. `docs/compendium-weights.rs`
//! holds this table at the Compendium's own numbers; the values here are tuned
//! from them by `cargo xtask tune`, which rewrites this file: `docs/tuning.md`
//! gives the data, the mode and the losses of the table in use, and
//! `docs/eval-terms.md` shows both numbers side by side.

use crate::params::{s, weights};

weights! {
    /// Pawn value by the piece strength left (60-45, 45-30, 30-15, 15-0): "Grading of pawns" L167
    /// (0, +5, +10, +15%), with every grading percentage of this group halved: at full size a knight
    /// fell to 255 and self-play gave pieces for three pawns.
    PAWN_VALUE: "Material" [4] = [s(75, 101), s(75, 105), s(68, 108), s(102, 96),];
    /// Knight value by pawns on the board (closed 13-16, semi-closed 9-12, semi-open 5-8, open 0-4): "Grading of pieces" L115-L158
    /// (+10, +10, -10, -15% of 300), halved.
    KNIGHT_VALUE: "Material" [4] = [s(272, 289), s(276, 315), s(305, 298), s(313, 232),];
    /// Bishop value by pawns on the board: "Grading of pieces" L115-L158 (0, +5, +15, +20% of 300), halved.
    BISHOP_VALUE: "Material" [4] = [s(286, 330), s(297, 345), s(334, 330), s(339, 260),];
    /// Rook value by pawns on the board: "Grading of pieces" L115-L158 (-15, -10, +10, +10%; closed read as
    /// -15%), halved, on a base of 500 rather than the Compendium's 450: with 450 and the closed discount
    /// the exchange was worth half a pawn and self-play games were lost to exchange sacrifices.
    ROOK_VALUE: "Material" [4] = [s(388, 492), s(396, 562), s(461, 567), s(547, 443),];
    /// Queen value by pawns on the board: "Grading of pieces" L115-L158 (-10, -5, +20, +30% of 900), halved.
    QUEEN_VALUE: "Material" [4] = [s(868, 873), s(935, 984), s(1017, 1071), s(988, 927),];
    /// Both bishops: "Early exchange of queens" L439 (+25).
    BISHOP_PAIR: "Material" [1] = [s(1, 4),];
    /// Pieces (N, B, R, Q) by rank: "General positioning of pieces in terms of space advantage" L543, 30% lower in the endgame (L6079).
    PIECE_RANK: "Placement" [8] = [
        s(-1, -1), s(7, 4), s(2, 15), s(3, 18), s(1, 18), s(4, 18), s(1, 11), s(1, 11),
    ];
    /// Pieces (N, B, R, Q) by ring, focal centre to rim: "General positioning of pieces in terms of centralisation" L553.
    PIECE_RING: "Placement" [4] = [s(1, 8), s(1, 11), s(4, 25), s(2, 30),];
    /// Pieces (N, B, R, Q) by file, a/h to d/e: "Piece positioning in terms of file placements" L571.
    PIECE_FILE: "Placement" [4] = [s(-2, 13), s(1, 15), s(1, 15), s(4, 17),];
    /// The king on its first rank by file, a to h: "Placements of the king" L1987, divided by 2.5 (at full
    /// size a castled king against an uncastled one was worth two pawns, and self-play gave pawns for it).
    KING_FILE: "Placement" [8] = [
        s(4, -29), s(8, -7), s(-2, 15), s(-21, 18), s(-24, 19), s(-6, -1), s(16, -1), s(17, -8),
    ];
    /// The king by rank, added to the file: "Placements of the king" L1987 (3rd and 4th read as penalties), divided by 2.5.
    KING_RANK: "Placement" [8] = [
        s(-14, -1), s(-5, 14), s(-30, 24), s(-29, 31), s(-8, 4), s(-6, 13), s(-1, -35), s(-1, -94),
    ];
    /// A pawn's square: no Compendium number, ours. A residual on the Compendium's placement terms,
    /// as Ethereal-class evaluations tune per square; index relative rank * 4 + file folded to a-d (ranks 2 to 7).
    PAWN_SQUARE: "Placement" [24] = [
        s(-4, 2), s(4, -1), s(0, 2), s(-3, 6), s(-2, -1), s(-1, -4), s(-2, -3), s(-3, 1),
        s(0, 1), s(-3, -2), s(3, -5), s(0, -13), s(-2, 9), s(-1, 0), s(1, 1), s(-1, -7),
        s(8, 1), s(1, -2), s(-1, 5), s(-4, 14), s(12, -7), s(-1, -1), s(-6, 3), s(5, 13),
    ];
    /// A knight's square: no Compendium number, ours. A residual on the Compendium's placement terms,
    /// as Ethereal-class evaluations tune per square; index relative rank * 4 + file folded to a-d.
    KNIGHT_SQUARE: "Placement" [32] = [
        s(-1, -9), s(-7, -4), s(-2, 0), s(2, -1), s(-11, 6), s(4, 10), s(-4, 1), s(-5, 5),
        s(2, -2), s(2, -6), s(-3, 6), s(3, 3), s(12, -1), s(5, -6), s(3, 3), s(3, 1),
        s(19, -5), s(1, -9), s(-2, -2), s(4, 5), s(-7, 1), s(6, 1), s(-3, 6), s(7, -6),
        s(-1, -6), s(-3, -1), s(6, -2), s(-1, -1), s(-27, -9), s(1, 4), s(-17, -1), s(-1, 3),
    ];
    /// A bishop's square: no Compendium number, ours. A residual on the Compendium's placement terms,
    /// as Ethereal-class evaluations tune per square; index relative rank * 4 + file folded to a-d.
    BISHOP_SQUARE: "Placement" [32] = [
        s(5, -8), s(-7, 6), s(1, 6), s(1, 10), s(-1, -6), s(3, -9), s(1, -1), s(-4, -1),
        s(7, 1), s(9, 1), s(9, 1), s(4, -1), s(-1, -3), s(-4, -7), s(-2, 1), s(1, -3),
        s(-1, 1), s(-7, -1), s(1, -3), s(-5, -2), s(1, -6), s(-3, -1), s(1, -1), s(-1, -4),
        s(-4, -3), s(-13, 2), s(-10, 6), s(-4, 2), s(-8, 4), s(-10, -4), s(-11, -6), s(2, 8),
    ];
    /// A rook's square: no Compendium number, ours. A residual on the Compendium's placement terms,
    /// as Ethereal-class evaluations tune per square; index relative rank * 4 + file folded to a-d.
    ROOK_SQUARE: "Placement" [32] = [
        s(-1, 4), s(4, 2), s(5, -1), s(9, -8), s(-15, -1), s(-10, 7), s(-5, 5), s(-5, -2),
        s(-6, -2), s(-3, 2), s(-10, 5), s(-5, 1), s(-6, 3), s(-13, 6), s(1, 5), s(-5, -1),
        s(1, 1), s(1, -2), s(1, 1), s(-1, 1), s(4, -1), s(-1, 2), s(3, 1), s(3, -4),
        s(3, 1), s(3, -1), s(2, -2), s(4, 1), s(-1, 1), s(5, -1), s(-1, -5), s(-5, -1),
    ];
    /// A queen's square: no Compendium number, ours. A residual on the Compendium's placement terms,
    /// as Ethereal-class evaluations tune per square; index relative rank * 4 + file folded to a-d.
    QUEEN_SQUARE: "Placement" [32] = [
        s(3, 6), s(3, 1), s(5, -5), s(7, -15), s(1, 1), s(7, -7), s(4, -8), s(-1, -5),
        s(9, 3), s(5, 2), s(4, -5), s(1, -7), s(7, 12), s(-1, 5), s(-8, 3), s(-15, 5),
        s(15, -1), s(-15, 11), s(-9, 1), s(-16, 1), s(13, 4), s(-4, 5), s(-10, 4), s(-11, 0),
        s(1, 7), s(-10, 4), s(-11, 3), s(0, 3), s(-12, 5), s(-8, -1), s(3, 5), s(4, 0),
    ];
    /// The king's square: no Compendium number, ours. A residual on the Compendium's placement terms,
    /// as Ethereal-class evaluations tune per square; index relative rank * 4 + file folded to a-d.
    KING_SQUARE: "Placement" [32] = [
        s(-8, 9), s(1, 7), s(-1, 14), s(1, 5), s(1, 6), s(-1, 5), s(-1, 2), s(-13, -3),
        s(-7, 10), s(1, 3), s(-2, 5), s(4, -3), s(-11, 9), s(2, 3), s(2, 3), s(1, -2),
        s(1, 0), s(-1, -3), s(1, 2), s(1, 2), s(2, -5), s(2, 5), s(3, 8), s(-2, -8),
        s(2, -33), s(4, 17), s(1, 3), s(3, -6), s(-2, -47), s(3, -16), s(6, 12), s(5, -1),
    ];
    /// A pawn or piece standing on the focal centre (P, N, B, R, Q, K): "Control of focal center" L380; endgame 25% lower (L6035).
    FOCAL_OCCUPATION: "Centre" [6] = [
        s(3, 1), s(5, 7), s(3, 4), s(1, 10), s(1, 10), s(11, -3),
    ];
    /// Each focal-centre square attacked, per attacker kind (P, N, B, R, Q, K): "Control of focal center" L380.
    FOCAL_CONTROL: "Centre" [6] = [
        s(7, 14), s(1, 1), s(5, 7), s(1, 1), s(1, 7), s(-2, -3),
    ];
    /// A piece on the wider centre (c3-f6 box) (P, N, B, R, Q, K): "Control of wider center" L398.
    WIDER_OCCUPATION: "Centre" [6] = [
        s(-3, -5), s(10, 9), s(4, 12), s(1, 9), s(1, 20), s(-1, 11),
    ];
    /// Each wider-centre square attacked (P, N, B, R, Q, K): "General control of squares" L842 (mps rounded up to 1).
    WIDER_CONTROL: "Centre" [6] = [
        s(1, 12), s(1, 4), s(2, 6), s(1, 1), s(1, 5), s(-5, 11),
    ];
    /// Two or more minors developed beyond the opponent's, in the opening: "Underdevelopment" L422 gives
    /// +175; at that size self-play traded developed pieces off to create a lead, so 50.
    DEVELOPMENT_LEAD: "Opening" [1] = [s(1, 17),];
    /// The queen off the back rank before two minors: "Order of development" L404.
    QUEEN_BEFORE_MINORS: "Opening" [1] = [s(-4, -11),];
    /// A rook off the back rank before two minors: "Order of development" L404.
    ROOK_BEFORE_MINORS: "Opening" [1] = [s(-1, -2),];
    /// A minor in front of an unmoved d or e pawn: "Order of development" L404.
    MINOR_BLOCKS_CENTRE_PAWN: "Opening" [1] = [s(-18, 3),];
    /// Each castling right still held: "Bonus for an existing option of castling" L6780.
    CASTLING_OPTION: "Opening" [1] = [s(8, 7),];
    /// Attacking a square the enemy king must cross to castle: "Temporary prevention of castling" L435.
    CASTLING_PREVENTED: "Opening" [1] = [s(1, -2),];
    /// Queens exchanged early after losing the right to castle: "Early exchange of queens with loss of right to castle" L439.
    EARLY_QUEEN_EXCHANGE: "Opening" [1] = [s(-1, 23),];
    /// Knight mobility by safe squares (0-8): "Mobility" L477, 15 per square (L489) below the average of 4, half above; endgame 20% lower (L5981).
    KNIGHT_MOBILITY: "Mobility" [9] = [
        s(-27, -26), s(-24, -67), s(-15, -35), s(-9, -18), s(-3, -6), s(1, 8), s(7, 9), s(13, 12),
        s(20, 8),
    ];
    /// Bishop mobility by safe squares (0-13): L477, 10 per square below the average of 6, half above.
    BISHOP_MOBILITY: "Mobility" [14] = [
        s(-31, -36), s(-22, -37), s(-15, -23), s(-10, -12), s(-7, -5), s(-3, -1), s(-1, 4), s(1, 3),
        s(3, 4), s(5, 2), s(6, 3), s(9, 1), s(17, 6), s(19, 1),
    ];
    /// Rook mobility by safe squares (0-14): L477, 10 per square below the average of 7, half above.
    ROOK_MOBILITY: "Mobility" [15] = [
        s(-67, -58), s(-22, -38), s(-13, -34), s(-12, -22), s(-8, -14), s(-6, -5), s(-4, -1), s(-3, 5),
        s(1, 10), s(1, 12), s(2, 12), s(7, 15), s(11, 15), s(17, 12), s(31, 9),
    ];
    /// Queen mobility by safe squares (0-27): L477 gives 15 per square (L489); 5 here, since at 15 the
    /// queen's range of 27 squares alone would span four pawns.
    QUEEN_MOBILITY: "Mobility" [28] = [
        s(-62, -53), s(-16, -51), s(-17, -47), s(-15, -47), s(-13, -43), s(-13, -42), s(-10, -46), s(-9, -27),
        s(-5, -30), s(-4, -9), s(-3, -1), s(-2, -1), s(-1, -1), s(-1, 18), s(1, 15), s(1, 24),
        s(2, 22), s(1, 14), s(8, 15), s(9, 14), s(17, 11), s(17, 10), s(23, 13), s(17, 6),
        s(22, 6), s(24, 5), s(32, 22), s(35, 27),
    ];
    /// Each safe square a piece reaches in the enemy half: "Mobility in terms of own and enemy camp" L4782.
    MOBILITY_ENEMY_CAMP: "Mobility" [1] = [s(1, 3),];
    /// Each pawn move (push or capture): "Mobility of pawns" L523.
    PAWN_MOBILITY: "Mobility" [1] = [s(4, 5),];
    /// Each piece with under 2 squares when more than 2 are so: "Considerable space disadvantage" L1948.
    CRAMPED: "Mobility" [1] = [s(-20, -20),];
    /// Pawns by file, a/h to d/e: "General positioning of pawns" L946.
    PAWN_FILE: "Pawns" [4] = [s(-33, -3), s(-29, -8), s(-23, -3), s(-18, -14),];
    /// Pawns by rank: "Positioning of pawns vertically" L950.
    PAWN_RANK: "Pawns" [8] = [
        s(0, 0), s(2, -1), s(1, 1), s(2, 1), s(3, -2), s(1, 27), s(22, 58), s(0, 0),
    ];
    /// Each pawn behind another own pawn on its file: "Double pawns" L1080, doubled in the endgame.
    DOUBLED: "Pawns" [1] = [s(-4, -22),];
    /// A pawn with no own pawn on either adjacent file: "Isolated pawns" L1134, doubled in the endgame (L2986).
    ISOLATED: "Pawns" [1] = [s(-2, -8),];
    /// Extra for an isolated d or e pawn: "Horizontally isolated central p" L1162.
    ISOLATED_CENTRAL: "Pawns" [1] = [s(-5, -2),];
    /// Backward pawn by rank: "Definition of a backward-fated pawn" L1206 (7th -25, halving per rank), doubled in the endgame.
    BACKWARD: "Pawns" [8] = [
        s(0, 0), s(-4, -13), s(-4, -10), s(-10, -11), s(-38, -1), s(0, 0), s(0, 0), s(0, 0),
    ];
    /// Backward-fated pawn (its path held by two enemy pawns) by rank: L1206 (7th -35, 2/3 per rank).
    BACKWARD_FATED: "Pawns" [8] = [
        s(0, 0), s(-20, -6), s(-4, -5), s(-19, -13), s(-6, -7), s(0, 0), s(0, 0), s(0, 0),
    ];
    /// A pawn with no enemy pawn ahead on its file (not passed) by rank: "Unopposed pawns" L1376, L1388, L1422.
    UNOPPOSED: "Pawns" [8] = [
        s(0, 0), s(1, 1), s(1, 1), s(8, 1), s(5, 7), s(14, 32), s(1, 1), s(0, 0),
    ];
    /// The front pawn of a diagonal chain by rank: "Lead pawns" L1476, L1498.
    LEAD_PAWN: "Pawns" [8] = [
        s(0, 0), s(0, 0), s(2, 3), s(1, 1), s(5, 12), s(22, 35), s(61, 44), s(0, 0),
    ];
    /// The back pawn of a chain, per chain pawn it holds: "Penalties for root pawns" L1553.
    ROOT_PAWN: "Pawns" [1] = [s(-1, -16),];
    /// A pawn leading two diagonals, double if fixed: "Apex pawns" L1595.
    APEX_PAWN: "Pawns" [1] = [s(6, 9),];
    /// A pawn beside an own pawn on the same rank, by rank: "Number of horizontally adjacent pawns" L5642, L4752.
    PHALANX: "Pawns" [8] = [
        s(0, 0), s(2, -1), s(5, 1), s(8, 8), s(14, 29), s(45, 63), s(20, 47), s(0, 0),
    ];
    /// A pawn defended by a pawn: "Connectedness of pawns" L898.
    PAWN_DEFENDED: "Pawns" [1] = [s(8, 12),];
    /// Each group (island) of pawns: "Scoring of groups of pawns" L904.
    PAWN_ISLAND: "Pawns" [1] = [s(-1, -1),];
    /// An own pawn on its second rank held by an enemy pawn, by file a/h to d/e: "Fixed ps on the 7th rank" L1804.
    FIXED_ON_SECOND: "Pawns" [4] = [s(11, -1), s(14, -14), s(-1, -3), s(-9, -7),];
    /// Per fixed pawn pair, per own piece (N, B, R, Q): "Pieces in relation to the number of fixed pawns" L4706.
    PIECE_PER_FIXED_PAIR: "Pawns" [4] = [s(3, 11), s(-1, -1), s(1, 15), s(-1, -1),];
    /// A candidate (potential) passer by rank: "A candidate, prospective or a potential passer" L1852 (20/35 plus half a passer's rank bonus).
    CANDIDATE_PASSER: "Pawns" [8] = [
        s(0, 0), s(3, 3), s(4, 8), s(4, 14), s(10, 9), s(1, 22), s(4, 7), s(0, 0),
    ];
    /// A passed pawn by rank: "Pawn structure" L880 / L2986 (25 mg, 50 eg, 70 on the 7th), each rank 1/4 higher (L1004).
    PASSED_RANK: "Passed pawns" [8] = [
        s(0, 0), s(3, 1), s(1, 1), s(1, 31), s(18, 63), s(37, 100), s(53, 121), s(0, 0),
    ];
    /// A passed pawn by file, a/h to d/e: "Importance of central passers" L3390.
    PASSED_FILE: "Passed pawns" [4] = [s(-1, 3), s(9, 4), s(1, 1), s(1, 1),];
    /// A passed pawn defended by a pawn: "Pawn structure" L880 / L2986 (protected +25 over a passer).
    PASSED_PROTECTED: "Passed pawns" [1] = [s(7, 7),];
    /// A passed pawn with a passer beside it: L880 / L2986 (the tandem's +50/+75 shared).
    PASSED_CONNECTED: "Passed pawns" [1] = [s(5, 4),];
    /// Blocking an enemy passer with N, B, R, Q, K: "Blocking a passed pawn" L2521 (king: no number, ours).
    PASSER_BLOCKADE: "Passed pawns" [5] = [
        s(9, 21), s(11, 43), s(2, 11), s(-1, -13), s(48, 35),
    ];
    /// Controlling the square in front of an enemy passer: "Blocking prospective passers" L3014.
    PASSER_STOP_CONTROL: "Passed pawns" [1] = [s(2, 14),];
    /// A passer whose path is empty and unattacked, by rank (no Compendium number; ours).
    PASSED_FREE_PATH: "Passed pawns" [8] = [
        s(0, 0), s(-9, -1), s(1, 1), s(1, 8), s(1, 29), s(28, 64), s(60, 122), s(0, 0),
    ];
    /// The defending king by squares between it and the promotion square: "Penalty for king being too far away from an enemy passer" L3022.
    KING_FAR_FROM_PASSER: "Passed pawns" [8] = [
        s(-11, 26), s(-13, 20), s(-1, -3), s(11, -20), s(19, -32), s(19, -34), s(9, -30), s(0, -20),
    ];
    /// The own king next to its passer: "Pawn endings" L3086 (+50).
    KING_SUPPORTS_PASSER: "Passed pawns" [1] = [s(3, 25),];
    /// A d/e passer in the enemy camp with the enemy king two squares nearer: "Negatively valued passed pawn" L3070.
    NEGATIVE_PASSER: "Passed pawns" [1] = [s(-1, -33),];
    /// A passer the bare enemy king cannot catch (rule of the square; no Compendium number, ours).
    UNSTOPPABLE_PASSER: "Passed pawns" [1] = [s(0, 72),];
    /// A rook behind its own passer: "Rook endings" L3168, L2252.
    ROOK_BEHIND_PASSER: "Passed pawns" [1] = [s(18, 20),];
    /// A rook behind an enemy passer: "Rook endings" L3168.
    ROOK_BEHIND_ENEMY_PASSER: "Passed pawns" [1] = [s(7, 42),];
    /// Non-passed pawns gaining space, by rank: "Space advantage" L1930 (5th +10, 6th +30).
    SPACE_PAWN: "Space" [8] = [
        s(0, 0), s(0, 0), s(0, 0), s(0, 0), s(3, 5), s(18, 3), s(0, 0), s(0, 0),
    ];
    /// A space-gaining pawn not fixed by an enemy pawn: "Space advantage for pawns in terms of fixed and unfixed ps" L1944 (1/3 less).
    SPACE_UNFIXED: "Space" [1] = [s(-1, -1),];
    /// Space-gaining pawns on both wings: "Space advantage on both sides" L4663.
    SPACE_BOTH_WINGS: "Space" [1] = [s(2, 6),];
    /// A minor on the 5th or 6th rank no enemy pawn attacks, by rank: "Special cases of b and n" L1936
    /// (+25, +50), halved: it adds to the outpost and rank terms.
    SPACE_MINOR: "Space" [8] = [
        s(0, 0), s(0, 0), s(0, 0), s(0, 0), s(4, 1), s(1, 2), s(0, 0), s(0, 0),
    ];
    /// A knight on d5/e5 no enemy pawn, knight or same-coloured bishop can ever attack: "Eternal knight" L1940.
    ETERNAL_KNIGHT: "Space" [1] = [s(6, 1),];
    /// The nearest own pawn on each shelter file, by ranks ahead of the king (0 = none): "Scores for ps of the pawn shelter" L2005, L2021, L2027.
    SHELTER: "King safety" [8] = [
        s(-6, 6), s(10, -1), s(2, 10), s(-1, 4), s(2, 1), s(5, -13), s(-10, 1), s(0, 0),
    ];
    /// An own pawn storming the enemy king's files, by rank: "King attack" L2107 (4th +40, 5th +60, 6th +80).
    STORM: "King safety" [8] = [
        s(0, 0), s(-3, 1), s(-5, -1), s(2, -5), s(6, -12), s(24, -35), s(-22, -48), s(0, 0),
    ];
    /// A storming pawn fixed by a shelter pawn: "Fixing an enemy storming pawn" L6201.
    STORM_FIXED: "King safety" [1] = [s(-7, 8),];
    /// Each square next to the enemy king attacked, per attacker (N, B, R, Q), with two or more attackers:
    /// "Attacking squares of the king position" L2131 (immediate squares' mean: 25, 26, 34, 67) divided by 4,
    /// since summed over every attacked square a queen and a bishop aimed at a sound shelter scored over a pawn.
    KING_ATTACK_NEAR: "King safety" [4] = [s(4, -4), s(3, 1), s(7, -1), s(2, 26),];
    /// Each wider shelter-zone square attacked, per attacker (N, B, R, Q): L2131 (wider squares' mean: 10, 15, 14, 40), L2109, divided by 4.
    KING_ATTACK_FAR: "King safety" [4] = [s(2, 3), s(1, -5), s(1, -1), s(1, 18),];
    /// Pieces attacking the king zone, by number: "Attackers with no same-type defender" L6721 (+5 per attacker).
    KING_ATTACKERS: "King safety" [8] = [
        s(0, 0), s(0, 0), s(1, -2), s(12, 10), s(31, 7), s(39, 3), s(30, 0), s(35, 0),
    ];
    /// A safe square from which N, B, R, Q could check: "Attacking pieces" L2115 (N +15; the others on its scale, ours).
    SAFE_CHECK: "King safety" [4] = [s(31, 4), s(8, 24), s(45, 7), s(13, 27),];
    /// The square of the danger units aimed at the enemy king (attackers, attacks next to it, weak squares
    /// and safe checks; `king.rs`): no Compendium number, ours.
    KING_DANGER: "King safety" [1] = [s(6, -2),];
    /// A rook or queen on a semi-open / open file at the enemy king: "Attacking pieces" L2115, "Heavy pieces on an open file against the enemy king position" L2915.
    KING_FILE_ATTACK: "King safety" [2] = [s(6, -28), s(2, 3),];
    /// An uncastled king left in the centre without castling rights: "Losing castling rights" L430 (-200),
    /// divided by 2.5 like the king's placement.
    KING_LEFT_IN_CENTRE: "King safety" [1] = [s(-1, 4),];
    /// Outposts no enemy pawn can attack: knight held by 1 / 2 pawns, bishop by 1 / 2: L4378, "Control of thoroughfares" L3681, L6111, "Fischer perfection" L2858.
    OUTPOST: "Pieces" [4] = [s(18, 6), s(14, 4), s(20, 6), s(25, 17),];
    /// Each own pawn on the bishop's colour: "Same colour bishops" L3114 (-15 endgame), "Bishop vs knight" L2812 (-5).
    BAD_BISHOP: "Pieces" [1] = [s(-4, -7),];
    /// A bishop hemmed in by its own pawns: "Pawn bishop" L2836.
    PAWN_BISHOP: "Pieces" [1] = [s(-149, -150),];
    /// Rook on a semi-open / open file: "Heavy pieces on an open file" L2873, semi-open halved (L2927).
    ROOK_FILE: "Pieces" [2] = [s(13, 16), s(27, 1),];
    /// Queen on a semi-open / open file: "Files, ranks and diagonals" L5708, semi-open halved.
    QUEEN_FILE: "Pieces" [2] = [s(2, 26), s(1, 1),];
    /// Rook / queen on the 7th rank with the enemy king on the 8th or pawns on the 7th: "Heavy pieces on the 7th rank" L2887.
    HEAVY_SEVENTH: "Pieces" [2] = [s(15, 21), s(1, 34),];
    /// Rook / queen on the 8th rank: "Heavy pieces on the 8th rank" L2901.
    HEAVY_EIGHTH: "Pieces" [2] = [s(15, 1), s(1, 26),];
    /// A rook shut in by its own uncastled king: "Losing castling rights" L430.
    TRAPPED_ROOK: "Pieces" [1] = [s(-4, -18),];
    /// A piece in the enemy camp with almost no safe squares (N, B, R, Q): "Trapped pieces" L2747 (a third of its value).
    TRAPPED_PIECE: "Pieces" [4] = [s(-42, -12), s(-1, -11), s(-25, -10), s(-43, -50),];
    /// A knight on the a or h file without a square: "End-file knight" L2840.
    END_FILE_KNIGHT: "Pieces" [1] = [s(-42, -51),];
    /// A minor right behind / right in front of an own pawn: "Piece-pawn positioning in relation to the enemy camp" L958.
    MINOR_AND_PAWN: "Pieces" [2] = [s(-1, -1), s(1, 1),];
    /// Each enemy pawn or piece attacked (P, N, B, R, Q): "General piece attacking potential" L587 (1/10 of its
    /// value), halved: counted at every leaf whoever is to move, the full values swung the score by a pawn between plies.
    ATTACKED_OBJECT: "Threats" [5] = [
        s(1, 16), s(4, 24), s(14, 18), s(1, 1), s(20, 5),
    ];
    /// Each own pawn or piece defended (P, N, B, R, Q): "General piece defending potential" L649 (1/20 of its value), halved.
    DEFENDED_OBJECT: "Threats" [5] = [
        s(3, 8), s(4, 3), s(2, 9), s(1, 5), s(1, 9),
    ];
    /// Each own piece defended by nothing: "Penalties for undefended pieces" L653.
    UNDEFENDED_PIECE: "Threats" [1] = [s(-1, -1),];
    /// An enemy piece attacked by a less valuable one (P, N, B, R, Q): "Losing tempo" L2656.
    ATTACKED_BY_LESSER: "Threats" [5] = [
        s(0, 0), s(40, 4), s(36, 26), s(49, 18), s(29, 15),
    ];
    /// An enemy piece attacked and undefended (no Compendium number, ours).
    HANGING: "Threats" [1] = [s(11, 14),];
    /// Pinning a piece to the king by B, R, Q: "Pins" L2310 (B 20, R 15, Q 10, doubled against the king).
    PIN_TO_KING: "Threats" [3] = [s(1, 20), s(10, 1), s(1, 1),];
    /// Pinning a piece to the queen by B, R: "Pins" L2310.
    PIN_TO_QUEEN: "Threats" [2] = [s(15, 23), s(15, 20),];
    /// A slider x-raying the enemy queen / king through one piece: "X-ray attacks" L671.
    XRAY: "Threats" [2] = [s(15, 1), s(21, 1),];
    /// Each further enemy piece one piece attacks: "Same piece attacking 2 enemy pieces" L3906.
    DOUBLE_ATTACK: "Threats" [1] = [s(1, 1),];
    /// Each safe square next to the king in the endgame: "King mobility" L2978.
    KING_MOBILITY: "Endgame" [1] = [s(-2, 1),];
    /// The king by rank (ranks 3-4 on files c-f only): "Position of the King" L3034.
    KING_ACTIVITY: "Endgame" [8] = [
        s(0, 0), s(0, 0), s(-1, 2), s(5, 11), s(12, 47), s(14, 53), s(22, 106), s(20, 116),
    ];
    /// The weaker side with opposite-coloured bishops, by pieces each (1-4): "Drawing chances with opposite colour bishops" L3134.
    OCB_DEFENCE: "Endgame" [4] = [s(-1, 81), s(-28, 1), s(-32, 1), s(-19, 1),];
    /// The weaker side with 5 / 6 / 7 fixed pawn pairs: "Drawing possibilities with bigger fixed pawn chains" L1762.
    FIXED_CHAIN_DEFENCE: "Endgame" [3] = [s(4, 6), s(1, 2), s(22, 10),];
    /// Against a bare king: per step the defending king is from the centre (mating technique; ours, Pair-o-Max issue;
    /// 22 rather than the first evaluation's 12, which had king tables adding to it).
    MOP_UP_EDGE: "Endgame" [1] = [s(0, 22),];
    /// Against a bare king: per step the kings are closer, and per step the attacking king is nearer
    /// the centre (ours).
    MOP_UP_KINGS: "Endgame" [1] = [s(0, 6),];
    /// K+B+N: per step the bare king is from the wrong long diagonal (ours).
    KBN_CORNER: "Endgame" [1] = [s(0, 60),];
    /// K+B+N: per step the kings are closer (ours).
    KBN_KINGS: "Endgame" [1] = [s(0, 25),];
    /// The side to move (the Compendium has no general tempo bonus; ours).
    TEMPO: "Tempo" [1] = [s(13, 5),];
}

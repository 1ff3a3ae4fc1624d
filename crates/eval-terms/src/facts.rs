//! Chess facts a weight table must keep, judged on the whole evaluation.
//!
//! A tune is free to move single entries, even across zero, where the games
//! say so: a term's entry can be small or negative because a neighbouring
//! term already pays for the same feature. What it may not do is turn the
//! sum against what every strong player knows. Each fact compares two
//! positions with the same material and the same side to move, differing
//! only in the feature named, and holds with colours flipped as well. The
//! engine's table keeps them (a test checks it), and the tuner keeps them
//! while it fits (`cargo xtask tune`, see docs/tuning.md).
//!
//! ```
//! use matewise_eval_terms::{Weights, facts};
//!
//! assert!(facts::broken(&Weights::default()).is_empty());
//! assert!(facts::FACTS.len() >= 10);
//! ```

use crate::{Board, Evaluator, Weights};

/// One fact: the position that is better for the side to move, and the
/// worse one, which differs from it only in what `name` says.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Fact {
    /// What the fact says, as a player would.
    pub name: &'static str,
    /// The better position for the side to move (a FEN).
    pub better: &'static str,
    /// The worse one (a FEN).
    pub worse: &'static str,
}

impl Fact {
    /// The two positions as boards, and the same two with colours flipped
    /// (ranks mirrored, the other side to move): `[(better, worse); 2]`.
    ///
    /// ```
    /// use matewise_eval_terms::facts::FACTS;
    ///
    /// let [(better, _), (flipped, _)] = FACTS[0].boards();
    /// assert_ne!(better.side_to_move(), flipped.side_to_move());
    /// ```
    pub fn boards(&self) -> [(Board, Board); 2] {
        let board = |fen: &str| Board::from_fen(fen).unwrap_or_else(|e| panic!("{fen}: {e:?}"));
        let (better, worse) = (board(self.better), board(self.worse));
        let flipped = (better.mirrored(), worse.mirrored());
        [(better, worse), flipped]
    }
}

/// The facts.
#[rustfmt::skip]
pub const FACTS: &[Fact] = &[
    Fact {
        name: "a passed pawn is worth more the further it has run",
        better: "7k/r7/4P3/8/8/8/8/1R2K3 w - - 0 1",
        worse: "7k/r7/8/8/8/4P3/8/1R2K3 w - - 0 1",
    },
    Fact {
        name: "a passer on the seventh is worth more than one on the fifth",
        better: "7k/4P3/8/8/8/8/r7/1R2K3 w - - 0 1",
        worse: "7k/8/8/4P3/8/8/r7/1R2K3 w - - 0 1",
    },
    Fact {
        name: "doubled, isolated pawns are worse than a healthy pair",
        better: "4k1r1/3pp3/8/8/8/8/3PP3/1R2K3 w - - 0 1",
        worse: "4k1r1/3pp3/8/8/8/4P3/4P3/1R2K3 w - - 0 1",
    },
    Fact {
        name: "a castled king is safer than one stuck in the centre",
        better: "r1bq1rk1/pppp1ppp/2n2n2/2b1p3/2B1P3/2N2N2/PPPP1PPP/R1BQ1RK1 w - - 0 1",
        worse: "r1bq1rk1/pppp1ppp/2n2n2/2b1p3/2B1P3/2N2N2/PPPPKPPP/R1BQ3R w - - 0 1",
    },
    Fact {
        name: "an intact pawn shelter beats one pushed up the board",
        better: "r1bq1rk1/ppppnppp/2n5/2b1p3/2B1P3/2NP1N2/PPP2PPP/R1BQ1RK1 w - - 0 1",
        worse: "r1bq1rk1/ppppnppp/2n5/2b1p3/2B1P1PP/2NP1N2/PPP2P2/R1BQ1RK1 w - - 0 1",
    },
    Fact {
        name: "with the queens on, a king behind its g pawn is safer than one whose g file is open",
        better: "r1b2rk1/pp1nqppp/2p1pn2/3p4/2PP4/2N1PN2/PPQ1BPPP/R4RK1 w - - 0 1",
        worse: "r1b2rk1/pp1nqppp/2p1pn2/3p4/2PP4/1PN1PN2/PPQ1BP1P/R4RK1 w - - 0 1",
    },
    Fact {
        name: "a queen and a knight aimed at the castled king beat the same pieces at home",
        better: "r1b2rk1/pp1nqppp/2p1p3/3p2NQ/2PP4/4P3/PP2BPPP/R4RK1 w - - 0 1",
        worse: "r1b2rk1/pp1nqppp/2p1p3/3p4/2PP4/4PN2/PP2BPPP/R2Q1RK1 w - - 0 1",
    },
    Fact {
        name: "developed pieces beat pawn moves on the wings",
        better: "r1bqk1nr/pppp1ppp/2n5/2b1p3/2B1P3/5N2/PPPP1PPP/RNBQK2R w KQkq - 4 4",
        worse: "r1bqk1nr/pppp1ppp/2n5/2b1p3/4P3/P6P/1PPP1PP1/RNBQKBNR w KQkq - 0 4",
    },
    Fact {
        name: "a rook on an open file beats one shut in behind its pawn",
        better: "4k3/pp3ppp/8/8/8/8/PP3PPP/3RK3 w - - 0 1",
        worse: "4k3/pp3ppp/8/8/8/8/PP3PPP/R3K3 w - - 0 1",
    },
    Fact {
        name: "in the endgame the king belongs in the centre",
        better: "4k3/pp4pp/8/8/4K3/8/PP4PP/8 w - - 0 1",
        worse: "4k3/pp4pp/8/8/8/8/PP4PP/7K w - - 0 1",
    },
    Fact {
        name: "a knight in the centre beats one on the rim",
        better: "4k3/pp3ppp/8/8/3N4/8/PP3PPP/4K3 w - - 0 1",
        worse: "4k3/pp3ppp/8/8/8/8/PP3PPP/N3K3 w - - 0 1",
    },
    Fact {
        name: "a bishop on an open diagonal beats one hemmed in by its own pawns",
        better: "4k3/pp3ppp/8/8/3B4/8/PP1P1PPP/4K3 w - - 0 1",
        worse: "4k3/pp3ppp/8/8/8/8/PP1P1PPP/2B1K3 w - - 0 1",
    },
    Fact {
        name: "a passer protected by a pawn beats one whose neighbour lags behind",
        better: "6k1/5ppp/8/3P4/2P5/8/5PPP/6K1 w - - 0 1",
        worse: "6k1/5ppp/8/3P4/8/8/2P2PPP/6K1 w - - 0 1",
    },
];

/// The facts that `weights` breaks, a line each with both evaluations (for
/// the side to move, in centipawns): empty if it keeps them all.
///
/// ```
/// use matewise_eval_terms::{Weights, facts};
///
/// assert_eq!(facts::broken(&Weights::default()), Vec::<String>::new());
/// ```
pub fn broken(weights: &Weights) -> Vec<String> {
    let mut evaluator = Evaluator::with_weights(weights.clone());
    let mut broken = Vec::new();
    for fact in FACTS {
        for (flipped, (better, worse)) in fact.boards().into_iter().enumerate() {
            let (b, w) = (evaluator.evaluate(&better), evaluator.evaluate(&worse));
            if b <= w {
                let colours = if flipped == 1 {
                    ", colours flipped"
                } else {
                    ""
                };
                broken.push(format!("{}{colours}: {b} against {w}", fact.name));
            }
        }
    }
    broken
}

//! Distance-to-mate tables for every ending of up to four men but those
//! that are dead draws: K+Q and K+R against a bare king, every pair of
//! pieces against a bare king (K+Q+Q, K+Q+R, ..., K+B+N), every ending of
//! one piece against one piece (K+Q against K+R, K+R against K+N, ...), and
//! the endings with pawns: K+P against K, a piece or a pawn and a pawn
//! against a bare king (K+Q+P, K+R+P, K+B+P, K+N+P, K+P+P), and a piece or
//! a pawn against a pawn (K+Q against K+P, ..., K+P against K+P).
//! Captures and promotions lead into the other tables or a dead draw. Each
//! is solved by retrograde analysis (no download), and answers exactly from
//! then on. The tables are held by a [`crate::Tablebases`], which builds
//! them when asked ([`crate::Ready`]): in the calling thread, or in a
//! background thread that works between searches at the system's lowest
//! priority (Linux), so that it takes no core from a search or from
//! anything else busy on the machine. A solved table is kept in the
//! [`crate::cache`] directory, from which later processes load it instead
//! of solving it again.
//!
//! A table holds no position with the right to take en passant (as
//! published tablebases do not): [`crate::Tablebases::probe`] answers one
//! from its moves.
//!
//! ```
//! use matewise_endgame_tables::dtm::{Dtm, Ending};
//! use matewise_endgame_tables::{Board, Ready, Tablebases};
//!
//! let tables = Tablebases::in_memory();
//! tables.table(Ending::Krk, Ready::Now);
//! // The mate-distance-pruning seed: White mates in 8 (15 plies).
//! let seed = Board::from_fen("8/7K/8/8/8/8/R7/7k w - - 0 1").unwrap();
//! assert_eq!(tables.dtm(&seed), Some(Dtm::MateIn(15)));
//! ```

mod budget;
mod exits;
mod gate;
mod general;
mod men;
mod progress;
mod retrograde;
mod running;
pub(crate) mod store;
mod symmetry;
mod versus;
pub(crate) mod workers;

pub use gate::SearchGuard;

use movegen::{BitBoard, Board, Color, MoveList, PieceKind};
use store::{Build, Cancelled, Store};

/// The endings with a table.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub enum Ending {
    /// King and queen against king.
    Kqk,
    /// King and rook against king.
    Krk,
    /// King and two bishops against king (of one colour: a dead draw).
    Kbbk,
    /// King, bishop and knight against king.
    Kbnk,
    /// King and queen against king and rook.
    Kqkr,
    /// King and rook against king and bishop.
    Krkb,
    /// King and rook against king and knight.
    Krkn,
    /// King and queen against king and bishop.
    Kqkb,
    /// King and queen against king and knight.
    Kqkn,
    /// King and queen against king and queen.
    Kqkq,
    /// King and rook against king and rook.
    Krkr,
    /// King and bishop against king and knight.
    Kbkn,
    /// King and bishop against king and bishop.
    Kbkb,
    /// King and knight against king and knight.
    Knkn,
    /// King and two queens against king.
    Kqqk,
    /// King, queen and rook against king.
    Kqrk,
    /// King, queen and bishop against king.
    Kqbk,
    /// King, queen and knight against king.
    Kqnk,
    /// King and two rooks against king.
    Krrk,
    /// King, rook and bishop against king.
    Krbk,
    /// King, rook and knight against king.
    Krnk,
    /// King and pawn against king.
    Kpk,
    /// King, queen and pawn against king.
    Kqpk,
    /// King, rook and pawn against king.
    Krpk,
    /// King, bishop and pawn against king.
    Kbpk,
    /// King, knight and pawn against king.
    Knpk,
    /// King and two pawns against king.
    Kppk,
    /// King and queen against king and pawn.
    Kqkp,
    /// King and rook against king and pawn.
    Krkp,
    /// King and bishop against king and pawn.
    Kbkp,
    /// King and knight against king and pawn.
    Knkp,
    /// King and pawn against king and pawn.
    Kpkp,
}

impl Ending {
    /// Every ending with a table.
    pub const ALL: [Ending; 32] = [
        Ending::Kqk,
        Ending::Krk,
        Ending::Kbbk,
        Ending::Kbnk,
        Ending::Kqkr,
        Ending::Krkb,
        Ending::Krkn,
        Ending::Kqkb,
        Ending::Kqkn,
        Ending::Kqkq,
        Ending::Krkr,
        Ending::Kbkn,
        Ending::Kbkb,
        Ending::Knkn,
        Ending::Kqqk,
        Ending::Kqrk,
        Ending::Kqbk,
        Ending::Kqnk,
        Ending::Krrk,
        Ending::Krbk,
        Ending::Krnk,
        Ending::Kpk,
        Ending::Kqpk,
        Ending::Krpk,
        Ending::Kbpk,
        Ending::Knpk,
        Ending::Kppk,
        Ending::Kqkp,
        Ending::Krkp,
        Ending::Kbkp,
        Ending::Knkp,
        Ending::Kpkp,
    ];

    /// The strong side's pieces besides its king, in table order. The
    /// "strong" side is only the one named first: in K+Q against K+R
    /// the rook's side wins some positions too.
    pub const fn pieces(self) -> &'static [PieceKind] {
        use PieceKind::*;
        match self {
            Ending::Kqk
            | Ending::Kqkr
            | Ending::Kqkb
            | Ending::Kqkn
            | Ending::Kqkq
            | Ending::Kqkp => &[Queen],
            Ending::Krk | Ending::Krkb | Ending::Krkn | Ending::Krkr | Ending::Krkp => &[Rook],
            Ending::Kbbk => &[Bishop, Bishop],
            Ending::Kbnk => &[Bishop, Knight],
            Ending::Kbkn | Ending::Kbkb | Ending::Kbkp => &[Bishop],
            Ending::Knkn | Ending::Knkp => &[Knight],
            Ending::Kpk | Ending::Kpkp => &[Pawn],
            Ending::Kqpk => &[Queen, Pawn],
            Ending::Krpk => &[Rook, Pawn],
            Ending::Kbpk => &[Bishop, Pawn],
            Ending::Knpk => &[Knight, Pawn],
            Ending::Kppk => &[Pawn, Pawn],
            Ending::Kqqk => &[Queen, Queen],
            Ending::Kqrk => &[Queen, Rook],
            Ending::Kqbk => &[Queen, Bishop],
            Ending::Kqnk => &[Queen, Knight],
            Ending::Krrk => &[Rook, Rook],
            Ending::Krbk => &[Rook, Bishop],
            Ending::Krnk => &[Rook, Knight],
        }
    }

    /// The other side's pieces besides its king (none for K+X against K).
    pub const fn weak_pieces(self) -> &'static [PieceKind] {
        use PieceKind::*;
        match self {
            Ending::Kqk
            | Ending::Krk
            | Ending::Kbbk
            | Ending::Kbnk
            | Ending::Kqqk
            | Ending::Kqrk
            | Ending::Kqbk
            | Ending::Kqnk
            | Ending::Krrk
            | Ending::Krbk
            | Ending::Krnk
            | Ending::Kpk
            | Ending::Kqpk
            | Ending::Krpk
            | Ending::Kbpk
            | Ending::Knpk
            | Ending::Kppk => &[],
            Ending::Kqkr | Ending::Krkr => &[Rook],
            Ending::Krkb | Ending::Kqkb | Ending::Kbkb => &[Bishop],
            Ending::Krkn | Ending::Kqkn | Ending::Kbkn | Ending::Knkn => &[Knight],
            Ending::Kqkq => &[Queen],
            Ending::Kqkp | Ending::Krkp | Ending::Kbkp | Ending::Knkp | Ending::Kpkp => &[Pawn],
        }
    }

    /// Men besides the two kings.
    const fn men_besides_kings(self) -> usize {
        self.pieces().len() + self.weak_pieces().len()
    }

    const fn slot(self) -> usize {
        self as usize
    }

    /// The ending's name in lower case, as in `kbnk`.
    pub const fn name(self) -> &'static str {
        match self {
            Ending::Kqk => "kqk",
            Ending::Krk => "krk",
            Ending::Kbbk => "kbbk",
            Ending::Kbnk => "kbnk",
            Ending::Kqkr => "kqkr",
            Ending::Krkb => "krkb",
            Ending::Krkn => "krkn",
            Ending::Kqkb => "kqkb",
            Ending::Kqkn => "kqkn",
            Ending::Kqkq => "kqkq",
            Ending::Krkr => "krkr",
            Ending::Kbkn => "kbkn",
            Ending::Kbkb => "kbkb",
            Ending::Knkn => "knkn",
            Ending::Kqqk => "kqqk",
            Ending::Kqrk => "kqrk",
            Ending::Kqbk => "kqbk",
            Ending::Kqnk => "kqnk",
            Ending::Krrk => "krrk",
            Ending::Krbk => "krbk",
            Ending::Krnk => "krnk",
            Ending::Kpk => "kpk",
            Ending::Kqpk => "kqpk",
            Ending::Krpk => "krpk",
            Ending::Kbpk => "kbpk",
            Ending::Knpk => "knpk",
            Ending::Kppk => "kppk",
            Ending::Kqkp => "kqkp",
            Ending::Krkp => "krkp",
            Ending::Kbkp => "kbkp",
            Ending::Knkp => "knkp",
            Ending::Kpkp => "kpkp",
        }
    }

    /// The ending of `board`, with the strong side, if it has a table.
    /// Where both sides have the same material, White is the strong side.
    pub fn of(board: &Board) -> Option<(Ending, Color)> {
        if board.occupied().len() > 4 || !board.castling_rights().is_empty() {
            return None;
        }
        let material =
            |color| MATERIAL_KINDS.map(|kind| board.colored_pieces(kind, color).len() as u8);
        let (ending, strong) =
            Ending::with_material(material(Color::White), material(Color::Black))?;
        Some((
            ending,
            if strong == 0 {
                Color::White
            } else {
                Color::Black
            },
        ))
    }

    /// The ending with `first` and `second` as the two sides' queens,
    /// rooks, bishops, knights and pawns (see [`MATERIAL_KINDS`]), if it
    /// has a table, and which of the two (0: `first`) is its strong side.
    pub(crate) fn with_material(first: Material, second: Material) -> Option<(Ending, usize)> {
        Ending::ALL.into_iter().find_map(|ending| {
            let strong = material_of(ending.pieces());
            let weak = material_of(ending.weak_pieces());
            if (first, second) == (strong, weak) {
                Some((ending, 0))
            } else if (second, first) == (strong, weak) {
                Some((ending, 1))
            } else {
                None
            }
        })
    }

    /// About how long a build of this table alone takes on one core, in
    /// seconds (measured with `matewise tables build` on a quiet machine; a
    /// loaded one takes longer): for an estimate to show a user, not a
    /// promise.
    ///
    /// ```
    /// use matewise_endgame_tables::dtm::Ending;
    /// assert!(Ending::Krk.typical_build_seconds() < Ending::Kqkr.typical_build_seconds());
    /// ```
    pub fn typical_build_seconds(self) -> f64 {
        match (self.men_besides_kings(), self.has_pawns()) {
            (1, _) => 0.1,
            (_, false) => 2.5,
            (_, true) => 9.0,
        }
    }

    /// Whether either side has a pawn.
    ///
    /// ```
    /// use matewise_endgame_tables::dtm::Ending;
    /// assert!(Ending::Kqkp.has_pawns() && !Ending::Kqkr.has_pawns());
    /// ```
    pub fn has_pawns(self) -> bool {
        (self.pieces().iter().chain(self.weak_pieces())).any(|&kind| kind == PieceKind::Pawn)
    }

    /// Every table a move of this ending can lead into: a capture of any
    /// man but a king, a promotion to any piece, or both at once. Endings
    /// left without a table (a bare king against a minor piece, two
    /// knights, ...) are dead draws but for a mate on the board.
    ///
    /// ```
    /// use matewise_endgame_tables::dtm::Ending;
    /// let next: Vec<Ending> = Ending::Kpk.leads_into().collect();
    /// assert_eq!(next, [Ending::Kqk, Ending::Krk]);
    /// ```
    pub fn leads_into(self) -> impl Iterator<Item = Ending> {
        self.next_endings(true)
    }

    /// The tables a capture, and with `promotions` a promotion (taking
    /// something or not), leads into, each once.
    fn next_endings(self, promotions: bool) -> impl Iterator<Item = Ending> {
        let mut sides = [material_of(self.pieces()), material_of(self.weak_pieces())];
        let mut next: Vec<Ending> = Vec::new();
        let mut add = |sides: &[Material; 2]| {
            if let Some((ending, _)) = Ending::with_material(sides[0], sides[1]) {
                if !next.contains(&ending) {
                    next.push(ending);
                }
            }
        };
        // Pawns are the last kind counted.
        let pawn = MATERIAL_KINDS.len() - 1;
        for side in 0..2 {
            for taken in 0..MATERIAL_KINDS.len() {
                if sides[1 - side][taken] > 0 {
                    sides[1 - side][taken] -= 1;
                    add(&sides);
                    sides[1 - side][taken] += 1;
                }
            }
            if !promotions || sides[side][pawn] == 0 {
                continue;
            }
            sides[side][pawn] -= 1;
            for piece in 0..pawn {
                sides[side][piece] += 1;
                add(&sides);
                // A pawn takes nothing but pieces as it promotes.
                for taken in 0..pawn {
                    if sides[1 - side][taken] > 0 {
                        sides[1 - side][taken] -= 1;
                        add(&sides);
                        sides[1 - side][taken] += 1;
                    }
                }
                sides[side][piece] -= 1;
            }
            sides[side][pawn] += 1;
        }
        next.into_iter()
    }

    /// The tables a capture leads into (see [`Ending::leads_into`], which
    /// adds the promotions): a man taken, the ending left if it has a
    /// table (a minor piece, or nothing, against a bare king is a dead draw).
    ///
    /// ```
    /// use matewise_endgame_tables::dtm::Ending;
    /// let next: Vec<Ending> = Ending::Kqkp.captures_into().collect();
    /// assert_eq!(next, [Ending::Kqk, Ending::Kpk]);
    /// ```
    pub fn captures_into(self) -> impl Iterator<Item = Ending> {
        self.next_endings(false)
    }

    /// The table a capture by a side with only `piece` left leads into
    /// (that side strong), or `None` if the ending left is a dead draw.
    pub(crate) const fn with_lone(piece: PieceKind) -> Option<Ending> {
        match piece {
            PieceKind::Queen => Some(Ending::Kqk),
            PieceKind::Rook => Some(Ending::Krk),
            _ => None,
        }
    }
}

/// One side's queens, rooks, bishops, knights and pawns.
pub(crate) type Material = [u8; 5];

/// The kinds counted in a [`Material`], in its order.
pub(crate) const MATERIAL_KINDS: [PieceKind; 5] = [
    PieceKind::Queen,
    PieceKind::Rook,
    PieceKind::Bishop,
    PieceKind::Knight,
    PieceKind::Pawn,
];

/// The material of `pieces`.
pub(crate) fn material_of(pieces: &[PieceKind]) -> Material {
    MATERIAL_KINDS.map(|kind| pieces.iter().filter(|&&piece| piece == kind).count() as u8)
}

/// A table's answer, for the side to move, in plies to the mate.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub enum Dtm {
    /// The side to move mates in this many plies (always odd).
    MateIn(u32),
    /// The side to move is mated in this many plies (always even; 0: it is mated now).
    MatedIn(u32),
    /// No side can force mate.
    Draw,
}

/// One solved ending: for each side to move, plies to mate plus one per
/// position (0: a draw, or an illegal position). An odd number of plies
/// is a win for the side to move, an even number a loss.
#[derive(PartialEq, Eq)]
pub struct Table {
    ending: Ending,
    strong_to_move: Vec<u8>,
    weak_to_move: Vec<u8>,
}

/// The squares of one position: strong king, weak king, then the strong
/// side's pieces, then the weak side's.
type Squares = [usize; 4];

/// A position's place in a table of `pieces` pieces besides the kings: its
/// squares as the digits of a base-64 number.
fn index(pieces: usize, squares: &Squares) -> usize {
    squares[..2 + pieces]
        .iter()
        .fold(0, |index, &square| index * 64 + square)
}

/// The squares of the position at `index` (see [`index`]).
fn squares(pieces: usize, mut index: usize) -> Squares {
    let mut squares = [0; 4];
    for i in (0..2 + pieces).rev() {
        squares[i] = index % 64;
        index /= 64;
    }
    squares
}

impl Table {
    /// Bytes the table holds.
    pub fn bytes(&self) -> usize {
        self.strong_to_move.len() + self.weak_to_move.len()
    }

    /// The longest mate in the table, in moves of the strong side, with
    /// the strong side to move.
    pub fn longest_mate(&self) -> u32 {
        let wins = self.strong_to_move.iter().filter(|&&v| v > 0 && v % 2 == 0);
        let plies = wins.max().copied().unwrap_or(0);
        u32::from(plies) / 2
    }

    /// Positions won, drawn and lost by the side to move, with the strong
    /// side to move and then with the weak side to move, counted the way
    /// published tablebase statistics count them: legal positions only
    /// (the side not to move is not in check), and one position for each
    /// class of positions that the board's eight symmetries turn into each
    /// other. Two pieces of one kind count in both orders, as they do in
    /// the table (a placement and its twin with the two swapped are two
    /// placements) and in the figures `tests/published_counts.rs` compares
    /// these with.
    pub fn counts(&self) -> [(usize, usize, usize); 2] {
        let ending = self.ending;
        let pieces = ending.men_besides_kings();
        let men = men::Men::of(ending);
        // With pawns only the mirror image left to right is the same
        // position; without, all eight reflections and rotations are.
        let symmetries = if ending.has_pawns() { 2 } else { 8 };
        let mut counts = [(0, 0, 0); 2];
        for i in 0..Table::half_len(ending) {
            let squares = squares(pieces, i);
            let Some(placement) = men::Placement::new(men, squares) else {
                continue;
            };
            let canonical = symmetry::images(&squares, pieces)
                .take(symmetries)
                .all(|image| index(pieces, &image) >= i);
            if !canonical {
                continue;
            }
            for (half, count) in counts.iter_mut().enumerate() {
                // The side not to move may not stand in check.
                if !placement.legal_with(half) {
                    continue;
                }
                match self.value(half, &squares) {
                    0 => count.1 += 1,
                    v if v % 2 == 0 => count.0 += 1,
                    _ => count.2 += 1,
                }
            }
        }
        counts
    }

    /// Looks up a position of this table's ending (`strong` names the
    /// side whose pieces the ending names first).
    pub fn probe(&self, ending: Ending, strong: Color, board: &Board) -> Dtm {
        let mut squares = [0; 4];
        squares[0] = board.king(strong).index();
        squares[1] = board.king(!strong).index();
        let men = (ending.pieces().iter().map(|&kind| (kind, strong)))
            .chain(ending.weak_pieces().iter().map(|&kind| (kind, !strong)));
        let mut taken = BitBoard::EMPTY;
        for (slot, (kind, color)) in (2..).zip(men) {
            let square = (board.colored_pieces(kind, color) - taken)
                .first()
                .expect("the ending's pieces are on the board");
            taken |= square.bitboard();
            squares[slot] = square.index();
        }
        // Tables with pawns are solved with the strong side's pawns moving
        // up the board: a Black strong side is seen in the mirror (which
        // changes nothing in a pawnless table).
        if strong == Color::Black {
            for square in &mut squares {
                *square ^= 56;
            }
        }
        let half = usize::from(board.side_to_move() != strong);
        match self.value(half, &squares) {
            0 => Dtm::Draw,
            v if v % 2 == 0 => Dtm::MateIn(u32::from(v) - 1),
            v => Dtm::MatedIn(u32::from(v) - 1),
        }
    }

    /// The stored value (plies to mate plus one, 0 for a draw) of the
    /// placement `squares`, with the strong side to move (`half` 0) or the
    /// weak side (`half` 1).
    pub(crate) fn value(&self, half: usize, squares: &Squares) -> u8 {
        self.halves()[half][index(self.ending.men_besides_kings(), squares)]
    }

    /// Solves `ending` by retrograde analysis (see the `retrograde` and
    /// `versus` modules), in this thread, with no cache file read or
    /// written. An ending whose captures lead into other tables solves
    /// those first.
    ///
    /// ```
    /// use matewise_endgame_tables::dtm::{Ending, Table};
    /// assert_eq!(Table::build(Ending::Kqk).longest_mate(), 10);
    /// ```
    pub fn build(ending: Ending) -> Table {
        let store = Store::new(None);
        store
            .build_now(ending, false)
            .expect("a build no one cancels");
        store.take(ending).expect("the table was just built")
    }

    /// Solves `ending` within `build`, which supplies the tables it leads
    /// into and may pause or stop it.
    pub(crate) fn solve(ending: Ending, build: &Build) -> Result<Table, Cancelled> {
        let (strong_to_move, weak_to_move) = if ending.has_pawns() {
            general::solve(ending, build)?
        } else if ending.weak_pieces().is_empty() {
            retrograde::solve(ending, build)?
        } else {
            versus::solve(ending, build)?
        };
        Ok(Table::from_halves(ending, strong_to_move, weak_to_move))
    }

    /// Positions per side to move in a table of `ending`.
    pub(crate) const fn half_len(ending: Ending) -> usize {
        1 << (6 * (2 + ending.men_besides_kings()))
    }

    /// The values with the strong side to move, then with the weak side.
    pub(crate) fn halves(&self) -> [&[u8]; 2] {
        [&self.strong_to_move, &self.weak_to_move]
    }

    pub(crate) fn from_halves(
        ending: Ending,
        strong_to_move: Vec<u8>,
        weak_to_move: Vec<u8>,
    ) -> Table {
        Table {
            ending,
            strong_to_move,
            weak_to_move,
        }
    }
}

/// The answer for a position with the right to take en passant, which no
/// table stores: the best of its moves' answers, a capture into an ending
/// without a table a draw unless it mates.
#[cold]
pub(crate) fn probe_by_moves(board: &Board, probe: &dyn Fn(&Board) -> Option<Dtm>) -> Option<Dtm> {
    let mut moves = MoveList::new();
    board.generate_moves(&mut moves);
    let mut best = if board.in_check() {
        Dtm::MatedIn(0)
    } else {
        Dtm::Draw
    };
    for (n, &mv) in moves.iter().enumerate() {
        let mut child = board.clone();
        child.play_unchecked(mv);
        let value = match Ending::of(&child) {
            Some(_) => match probe(&child)? {
                Dtm::MateIn(plies) => Dtm::MatedIn(plies + 1),
                Dtm::MatedIn(plies) => Dtm::MateIn(plies + 1),
                Dtm::Draw => Dtm::Draw,
            },
            None if child.is_checkmate() => Dtm::MateIn(1),
            None => Dtm::Draw,
        };
        if n == 0 || value.rank() > best.rank() {
            best = value;
        }
    }
    Some(best)
}

impl Dtm {
    /// Orders answers from the side to move's point of view: the quickest
    /// mate first, the slowest loss last but one, being mated now last.
    fn rank(self) -> i64 {
        match self {
            Dtm::MateIn(plies) => 1_000 - i64::from(plies),
            Dtm::Draw => 0,
            Dtm::MatedIn(plies) => -1_000 + i64::from(plies),
        }
    }
}

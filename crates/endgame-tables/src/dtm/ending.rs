//! The endings with a table: which men each side has, and which tables a
//! capture or a promotion leads into. The solver's fingerprint covers this
//! file (see `cache::SOLVER`): the endings shape every table.

use movegen::{Board, Color, PieceKind};

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
    pub(crate) const fn men_besides_kings(self) -> usize {
        self.pieces().len() + self.weak_pieces().len()
    }

    pub(crate) const fn slot(self) -> usize {
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

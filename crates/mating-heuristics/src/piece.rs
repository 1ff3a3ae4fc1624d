//! What the rules need to know about one kind of piece.

/// How a kind of piece takes part in the rules.
///
/// Kings are never counted, pawns are counted as pawns, and everything else
/// is a piece whose value and marks decide about mating potential.
///
/// ```
/// use matewise_mating_heuristics::{PieceKind, Role};
///
/// assert_eq!(PieceKind::king('k').role(), Role::Royal);
/// assert_eq!(PieceKind::pawn('p', 100).role(), Role::Pawn);
/// assert_eq!(PieceKind::piece('n', 300).role(), Role::Piece);
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Role {
    /// A royal piece (the king): not counted as material.
    Royal,
    /// A pawn: counted, but not as a piece ("K+B+P" is a 1-piece army).
    Pawn,
    /// Any other piece: counted for the piece situation (1:0, 2:1, ...).
    Piece,
}

/// One mark from the end of a Pair-o-Max move-descriptor list (`0,N`).
///
/// Pair-o-Max appends these to a piece's descriptors; a step of 0 never
/// moves a piece, so it cannot be mistaken for a real `step,rights` pair.
///
/// ```
/// use matewise_mating_heuristics::Mark;
///
/// assert_eq!(Mark::from_code(3), Some(Mark::MatingPotential));
/// assert_eq!(Mark::from_code(-4), Some(Mark::NonMatingPair));
/// assert_eq!(Mark::from_code(-1), Some(Mark::ToughDefender));
/// assert_eq!(Mark::from_code(50), Some(Mark::PairBonus(50)));
/// assert_eq!(Mark::from_code(2), None);
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Mark {
    /// `0,3`: a light piece that can mate a bare king on its own
    /// (Woody Rook WD, Commoner WF).
    MatingPotential,
    /// `0,-4`: even a pair of these cannot force mate (K+N+N vs K).
    NonMatingPair,
    /// `0,-1`: holds a 1:1 ending against any piece (Commoner vs Queen);
    /// also implies mating potential against a bare king.
    ToughDefender,
    /// `0,BONUS` with BONUS > 3: an explicit pair bonus in centipawns.
    /// Pair-o-Max reads the presence of a bonus as "this piece is
    /// colour-bound".
    PairBonus(i32),
}

impl Mark {
    /// The mark a Pair-o-Max `0,N` element stands for, if N means one.
    pub const fn from_code(code: i32) -> Option<Mark> {
        match code {
            3 => Some(Mark::MatingPotential),
            -4 => Some(Mark::NonMatingPair),
            -1 => Some(Mark::ToughDefender),
            bonus if bonus > 3 => Some(Mark::PairBonus(bonus)),
            _ => None,
        }
    }
}

/// A kind of piece as the drawishness rules see it: value, colour-binding,
/// pair bonus and Pair-o-Max marks. No moves, no board.
///
/// Build one in Rust with the `const` builder methods, or parse one from a
/// Fairy-Max piece line with [`PieceKind::from_fmax`].
///
/// ```
/// use matewise_mating_heuristics::PieceKind;
///
/// const ADJUTANT: PieceKind = PieceKind::piece('a', 700).colour_bound();
/// assert!(ADJUTANT.is_colour_bound());
/// assert_eq!(ADJUTANT.pair_bonus(), 700 / 8); // derived: 1/8 of the value
///
/// const WOODY_ROOK: PieceKind = PieceKind::piece('w', 310).with_mating_potential();
/// assert!(WOODY_ROOK.has_mating_potential());
/// assert_eq!(WOODY_ROOK.pair_bonus(), 0);
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct PieceKind {
    letter: char,
    value: i32,
    role: Role,
    colour_bound: bool,
    explicit_pair_bonus: Option<i32>,
    mating_potential: bool,
    non_mating_pair: bool,
    tough_defender: bool,
}

impl PieceKind {
    /// A non-royal, non-pawn piece worth `value` centipawns, with no marks.
    pub const fn piece(letter: char, value: i32) -> PieceKind {
        PieceKind {
            letter,
            value,
            role: Role::Piece,
            colour_bound: false,
            explicit_pair_bonus: None,
            mating_potential: false,
            non_mating_pair: false,
            tough_defender: false,
        }
    }

    /// A pawn worth `value` centipawns.
    pub const fn pawn(letter: char, value: i32) -> PieceKind {
        PieceKind::piece(letter, value).with_role(Role::Pawn)
    }

    /// A royal piece; its value is irrelevant to the rules and reads as 0.
    pub const fn king(letter: char) -> PieceKind {
        PieceKind::piece(letter, 0).with_role(Role::Royal)
    }

    /// The same kind with another role (e.g. a parsed Fairy-Max pawn line,
    /// which a single line cannot reveal as a pawn).
    ///
    /// ```
    /// use matewise_mating_heuristics::{PieceKind, Role};
    ///
    /// let pawn = PieceKind::from_fmax("p:100 -16,24 -16,6 -15,5 -17,5")?.with_role(Role::Pawn);
    /// assert_eq!(pawn.role(), Role::Pawn);
    /// # Ok::<(), matewise_mating_heuristics::ParseError>(())
    /// ```
    pub const fn with_role(mut self, role: Role) -> PieceKind {
        self.role = role;
        self
    }

    /// The same kind, bound to squares of one colour (like a bishop). Its
    /// pair bonus becomes 1/8 of its value unless one is given explicitly.
    pub const fn colour_bound(mut self) -> PieceKind {
        self.colour_bound = true;
        self
    }

    /// The same kind with an explicit pair bonus in centipawns, replacing the
    /// derived one.
    pub const fn with_pair_bonus(mut self, bonus: i32) -> PieceKind {
        self.explicit_pair_bonus = Some(bonus);
        self
    }

    /// The same kind, marked as able to mate a bare king on its own (`0,3`).
    pub const fn with_mating_potential(mut self) -> PieceKind {
        self.mating_potential = true;
        self
    }

    /// The same kind, marked so that even a pair cannot force mate (`0,-4`).
    pub const fn with_non_mating_pair(mut self) -> PieceKind {
        self.non_mating_pair = true;
        self
    }

    /// The same kind, marked as a tough defender (`0,-1`).
    pub const fn as_tough_defender(mut self) -> PieceKind {
        self.tough_defender = true;
        self
    }

    /// The same kind with one Pair-o-Max mark applied.
    ///
    /// ```
    /// use matewise_mating_heuristics::{Mark, PieceKind};
    ///
    /// let commoner = PieceKind::piece('m', 260).with_mark(Mark::ToughDefender);
    /// assert!(commoner.is_tough_defender());
    /// assert!(commoner.has_mating_potential()); // implied by the mark
    /// ```
    pub const fn with_mark(self, mark: Mark) -> PieceKind {
        match mark {
            Mark::MatingPotential => self.with_mating_potential(),
            Mark::NonMatingPair => self.with_non_mating_pair(),
            Mark::ToughDefender => self.as_tough_defender(),
            // Pair-o-Max takes an explicit bonus as the sign of colour-binding.
            Mark::PairBonus(bonus) => self.with_pair_bonus(bonus).colour_bound(),
        }
    }

    /// The letter that names the kind (Fairy-Max's piece indicator).
    pub const fn letter(&self) -> char {
        self.letter
    }

    /// The value in centipawns.
    pub const fn value(&self) -> i32 {
        self.value
    }

    /// How the kind is counted.
    pub const fn role(&self) -> Role {
        self.role
    }

    /// Whether the kind can only ever stand on squares of one colour.
    pub const fn is_colour_bound(&self) -> bool {
        self.colour_bound
    }

    /// The bonus for having a pair: the explicit one if given, else 1/8 of
    /// the value for colour-bound kinds, else 0.
    ///
    /// ```
    /// use matewise_mating_heuristics::PieceKind;
    ///
    /// assert_eq!(PieceKind::piece('b', 300).colour_bound().pair_bonus(), 37);
    /// assert_eq!(PieceKind::piece('b', 300).colour_bound().with_pair_bonus(50).pair_bonus(), 50);
    /// assert_eq!(PieceKind::piece('n', 300).pair_bonus(), 0);
    /// ```
    pub const fn pair_bonus(&self) -> i32 {
        match self.explicit_pair_bonus {
            Some(bonus) => bonus,
            None if self.colour_bound => self.value / 8,
            None => 0,
        }
    }

    /// Whether the kind alone can mate a bare king by its marks: marked
    /// `0,3`, or a tough defender (`0,-1`), which implies it.
    pub const fn has_mating_potential(&self) -> bool {
        self.mating_potential || self.tough_defender
    }

    /// Whether even a pair of this kind cannot force mate (`0,-4`).
    pub const fn is_non_mating_pair(&self) -> bool {
        self.non_mating_pair
    }

    /// Whether the kind holds 1:1 endings against any piece (`0,-1`).
    pub const fn is_tough_defender(&self) -> bool {
        self.tough_defender
    }
}

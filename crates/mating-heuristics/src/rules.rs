//! Pair-o-Max's drawishness rules and pair bonuses.

use core::fmt;

use crate::material::{Material, Shade, Side};
use crate::piece::{PieceKind, Role};
use crate::set::{KindId, PieceSet};

/// Advantage in piece material (pair bonuses included) below which a small
/// army cannot force mate: "one minor ahead is not enough".
pub const MINOR_AHEAD: i32 = 350;

/// Why the leader's pieces cannot force mate.
///
/// ```
/// use matewise_mating_heuristics::Shortfall;
///
/// assert_eq!(Shortfall::NonMatingPair.to_string(), "a non-mating pair");
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Shortfall {
    /// The leader has no pieces at all.
    BareKing,
    /// All the leader's pieces are colour-bound on one shade (one bishop,
    /// an Adjutant, two bishops on the same colour), against at most one
    /// piece.
    ColourBound,
    /// The leader has just a pair of a kind marked `0,-4` (K+N+N), against
    /// at most one piece.
    NonMatingPair,
    /// 1:1 against a piece marked `0,-1` (K+Q vs K+Commoner).
    ToughDefender,
    /// At most 2 pieces against at most 1, and less than [`MINOR_AHEAD`]
    /// ahead in piece material (K+N vs K, K+R vs K+N).
    SmallAdvantage,
}

impl fmt::Display for Shortfall {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(match self {
            Shortfall::BareKing => "a bare king",
            Shortfall::ColourBound => "colour-bound pieces on one shade",
            Shortfall::NonMatingPair => "a non-mating pair",
            Shortfall::ToughDefender => "1:1 against a tough defender",
            Shortfall::SmallAdvantage => "less than 350 cP ahead in pieces",
        })
    }
}

/// Which rule decided the [`Scale`].
///
/// ```
/// use matewise_mating_heuristics::{Rule, Shortfall};
///
/// assert_eq!(Rule::Pawnless.divisor(), 2);
/// assert_eq!(Rule::NoMatingPotential(Shortfall::SmallAdvantage).divisor(), 8);
/// assert_eq!(Rule::Pawnless.to_string(), "leader has no pawns: score / 2");
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Rule {
    /// Nothing drawish about the material: divide by 1.
    NoDiscount,
    /// The leader has no pawns, but the defender has only king and pawns,
    /// which makes the win simple: divide by 1.
    BareDefender,
    /// The leader has no pawns: divide by 2.
    Pawnless,
    /// The leader has no pawns and cannot force mate: divide by 8.
    NoMatingPotential(Shortfall),
    /// The leader has one pawn, and the defender could give its cheapest
    /// piece for it, leaving the leader without mating potential: divide
    /// by 4.
    MatingPotentialInJeopardy(Shortfall),
}

impl Rule {
    /// What the rule divides the score by: 1, 2, 4 or 8.
    pub const fn divisor(self) -> i32 {
        match self {
            Rule::NoDiscount | Rule::BareDefender => 1,
            Rule::Pawnless => 2,
            Rule::MatingPotentialInJeopardy(_) => 4,
            Rule::NoMatingPotential(_) => 8,
        }
    }
}

impl fmt::Display for Rule {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Rule::NoDiscount => write!(f, "no discount"),
            Rule::BareDefender => {
                write!(
                    f,
                    "no discount: leader has no pawns, defender only king and pawns"
                )
            }
            Rule::Pawnless => write!(f, "leader has no pawns: score / 2"),
            Rule::NoMatingPotential(why) => {
                write!(f, "no pawns and no mating potential ({why}): score / 8")
            }
            Rule::MatingPotentialInJeopardy(why) => write!(
                f,
                "last pawn can be bought with the cheapest piece, leaving {why}: score / 4"
            ),
        }
    }
}

/// How much to shrink an evaluation, for whom, and why.
///
/// ```
/// use matewise_mating_heuristics::{orthodox, Material, PieceSet, Rule, Side};
///
/// let set = PieceSet::orthodox();
/// // K+R vs K+N: a rook is not enough against a knight.
/// let material = Material::new()
///     .with(Side::White, orthodox::ROOK, 1)
///     .with(Side::Black, orthodox::KNIGHT, 1);
/// let scale = set.drawishness(&material, Side::White);
/// assert_eq!(scale.divisor(), 8);
/// assert_eq!(scale.apply(200), 25);
/// assert!(matches!(scale.rule(), Rule::NoMatingPotential(_)));
/// println!("{scale}"); // white leads: no pawns and no mating potential (…): score / 8
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Scale {
    leader: Side,
    rule: Rule,
}

impl Scale {
    /// What to divide the score by: 1, 2, 4 or 8.
    pub const fn divisor(&self) -> i32 {
        self.rule.divisor()
    }

    /// The side the unscaled score favoured.
    pub const fn leader(&self) -> Side {
        self.leader
    }

    /// The rule that fired.
    pub const fn rule(&self) -> Rule {
        self.rule
    }

    /// The score divided by the divisor, rounding towards zero.
    pub const fn apply(&self, score: i32) -> i32 {
        score / self.divisor()
    }
}

impl fmt::Display for Scale {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{} leads: {}", self.leader, self.rule)
    }
}

impl PieceSet {
    /// How drawish the material is for `leader`, the side the unscaled
    /// evaluation favours (see [`Side::favoured_by`]). Allocates nothing.
    ///
    /// - No leader pawns and no mating potential: divide by 8.
    /// - No leader pawns otherwise: divide by 2, unless the defender has
    ///   only king and pawns.
    /// - One leader pawn, 1 or 2 pieces each, and the defender's cheapest
    ///   piece given for that pawn would leave no mating potential: divide
    ///   by 4.
    ///
    /// The leader lacks mating potential with no pieces at all, and with at
    /// most one defending piece when: all its pieces are colour-bound on
    /// one shade; or it has just a non-mating pair; or it is 1:1 against a
    /// tough defender; or it has at most two pieces and is less than
    /// [`MINOR_AHEAD`] ahead in piece material including pair bonuses. A
    /// leader piece marked with mating potential (or a tough defender)
    /// cancels all of these.
    ///
    /// ```
    /// use matewise_mating_heuristics::{orthodox, Material, PieceSet, Rule, Shortfall, Side};
    ///
    /// let set = PieceSet::orthodox();
    /// let two_knights = Material::new().with(Side::Black, orthodox::KNIGHT, 2);
    /// let scale = set.drawishness(&two_knights, Side::Black);
    /// assert_eq!(scale.rule(), Rule::NoMatingPotential(Shortfall::NonMatingPair));
    ///
    /// let rook = Material::new().with(Side::Black, orthodox::ROOK, 1);
    /// assert_eq!(set.drawishness(&rook, Side::Black).rule(), Rule::BareDefender);
    /// ```
    pub fn drawishness(&self, material: &Material, leader: Side) -> Scale {
        let attack = Army::of(self, material, leader);
        if attack.pawns >= 2 {
            // The common case in search: nothing to discount, and no need
            // to look at the defender.
            return Scale {
                leader,
                rule: Rule::NoDiscount,
            };
        }
        let defender = leader.opponent();
        let defence = Army::of(self, material, defender);
        let rule = if attack.pawns == 0 {
            match lacks_mating_potential(&attack, &defence) {
                Some(why) => Rule::NoMatingPotential(why),
                None if defence.pieces == 0 => Rule::BareDefender,
                None => Rule::Pawnless,
            }
        } else if attack.pawns == 1
            && (1..=2).contains(&attack.pieces)
            && (1..=2).contains(&defence.pieces)
        {
            match self.shortfall_after_sacrifice(material, &attack, defender) {
                Some(why) => Rule::MatingPotentialInJeopardy(why),
                None => Rule::NoDiscount,
            }
        } else {
            Rule::NoDiscount
        };
        Scale { leader, rule }
    }

    /// The sum of pair bonuses `side` earns: one bonus per kind of which it
    /// has a pair. For a colour-bound kind a pair means one on each shade.
    ///
    /// ```
    /// use matewise_mating_heuristics::{orthodox, Material, PieceSet, Shade, Side};
    ///
    /// let set = PieceSet::orthodox();
    /// let pair = Material::new().with(Side::White, orthodox::BISHOP, 2);
    /// assert_eq!(set.pair_bonus(&pair, Side::White), 37);
    /// let same_shade = Material::new().with_on(Side::White, orthodox::BISHOP, Shade::Dark, 2);
    /// assert_eq!(set.pair_bonus(&same_shade, Side::White), 0);
    /// ```
    pub fn pair_bonus(&self, material: &Material, side: Side) -> i32 {
        self.iter()
            .filter(|(id, kind)| kind.role() == Role::Piece && has_pair(material, side, *id, kind))
            .fold(0, |sum, (_, kind)| sum.saturating_add(kind.pair_bonus()))
    }

    /// Whether some sacrifice of the defender's cheapest piece would leave
    /// the attacking pieces without mating potential, and why.
    fn shortfall_after_sacrifice(
        &self,
        material: &Material,
        attack: &Army,
        defender: Side,
    ) -> Option<Shortfall> {
        let cheapest = self
            .iter()
            .filter(|(id, kind)| kind.role() == Role::Piece && material.count(defender, *id) > 0)
            .map(|(_, kind)| kind.value())
            .min()?;
        // Equally cheap kinds (or shades) may leave different armies; the
        // defender picks whichever sacrifice draws.
        self.iter()
            .filter(|(_, kind)| kind.role() == Role::Piece && kind.value() == cheapest)
            .flat_map(|(id, _)| Shade::ALL.map(|shade| (id, shade)))
            .filter(|&(id, shade)| material.count_on(defender, id, shade) > 0)
            .find_map(|(id, shade)| {
                let mut after = *material;
                after.remove(defender, id, shade);
                lacks_mating_potential(attack, &Army::of(self, &after, defender))
            })
    }
}

/// Whether `side` has a pair of `kind` for the pair bonus.
fn has_pair(material: &Material, side: Side, id: KindId, kind: &PieceKind) -> bool {
    let light = material.count_on(side, id, Shade::Light);
    let dark = material.count_on(side, id, Shade::Dark);
    if kind.is_colour_bound() {
        light > 0 && dark > 0
    } else {
        u16::from(light) + u16::from(dark) >= 2
    }
}

/// One side's material as the mating-potential rules see it.
struct Army {
    pawns: u16,
    pieces: u16,
    /// Piece values plus pair bonuses, in centipawns.
    strength: i32,
    /// Some piece is marked with mating potential (or as tough defender).
    mates_alone: bool,
    tough_defender: bool,
    /// At least one piece, all colour-bound, all on one shade.
    one_shade_force: bool,
    /// Exactly two pieces, of one kind marked `0,-4`.
    non_mating_pair: bool,
}

impl Army {
    fn of(set: &PieceSet, material: &Material, side: Side) -> Army {
        let mut army = Army {
            pawns: 0,
            pieces: 0,
            strength: 0,
            mates_alone: false,
            tough_defender: false,
            one_shade_force: false,
            non_mating_pair: false,
        };
        let mut all_colour_bound = true;
        let mut shades_used = [false; 2];
        let mut kinds_present = 0;
        let mut pair_is_non_mating = false;
        for (id, kind) in set.iter() {
            let count = material.count(side, id);
            if count == 0 {
                continue;
            }
            match kind.role() {
                Role::Royal => continue,
                Role::Pawn => {
                    army.pawns = army.pawns.saturating_add(count);
                    continue;
                }
                Role::Piece => {}
            }
            army.pieces = army.pieces.saturating_add(count);
            let value = kind.value().saturating_mul(i32::from(count));
            army.strength = army.strength.saturating_add(value);
            if has_pair(material, side, id, kind) {
                army.strength = army.strength.saturating_add(kind.pair_bonus());
            }
            army.mates_alone |= kind.has_mating_potential();
            army.tough_defender |= kind.is_tough_defender();
            all_colour_bound &= kind.is_colour_bound();
            for (used, shade) in shades_used.iter_mut().zip(Shade::ALL) {
                *used |= material.count_on(side, id, shade) > 0;
            }
            kinds_present += 1;
            pair_is_non_mating = kind.is_non_mating_pair();
        }
        army.one_shade_force = army.pieces > 0 && all_colour_bound && shades_used != [true, true];
        army.non_mating_pair = army.pieces == 2 && kinds_present == 1 && pair_is_non_mating;
        army
    }
}

/// Why `attack`, ignoring its pawns, cannot force mate against `defence`;
/// `None` if it may.
fn lacks_mating_potential(attack: &Army, defence: &Army) -> Option<Shortfall> {
    if attack.pieces == 0 {
        return Some(Shortfall::BareKing);
    }
    // Every rule below concerns 1:0, 1:1, 2:0 and 2:1 situations.
    if attack.mates_alone || defence.pieces > 1 {
        return None;
    }
    if attack.one_shade_force {
        // Same-shade colour-bound pieces act as one force, however many.
        return Some(Shortfall::ColourBound);
    }
    if attack.pieces > 2 {
        return None;
    }
    if attack.non_mating_pair {
        return Some(Shortfall::NonMatingPair);
    }
    if attack.pieces == 1 && defence.pieces == 1 && defence.tough_defender {
        return Some(Shortfall::ToughDefender);
    }
    if attack.strength.saturating_sub(defence.strength) < MINOR_AHEAD {
        return Some(Shortfall::SmallAdvantage);
    }
    None
}

//! # mating-heuristics
//!
//! Pair-o-Max's rules that discount drawish endings, computed from material
//! counts alone (no board).
//!
//! An engine that counts a knight as three pawns happily trades its last
//! pawns into K+N+N vs K, "+6" and a dead draw. Pair-o-Max (H.G. Muller's
//! Fairy-Max derivative) guards against this by dividing the evaluation by
//! 2, 4 or 8 when the leading side has no pawns, lacks mating potential, or
//! is about to lose it. This crate implements those rules, and the pair
//! bonuses they rely on, for any set of piece kinds, so a fairy-chess engine
//! can reuse it. Nothing here allocates: [`PieceSet::drawishness`] is meant
//! to run at every node.
//!
//! The pieces:
//!
//! - [`PieceKind`]: value, [`Role`], colour-binding, pair bonus and the
//!   Pair-o-Max [`Mark`]s; built in Rust or parsed with
//!   [`PieceKind::from_fmax`].
//! - [`PieceSet`]: up to [`MAX_KINDS`] kinds, each named by a [`KindId`];
//!   [`PieceSet::orthodox`] with the ids in [`orthodox`].
//! - [`Material`]: counts per [`Side`], kind and square [`Shade`].
//! - [`PieceSet::drawishness`] gives a [`Scale`]: divisor, leader and the
//!   [`Rule`] that fired; [`PieceSet::pair_bonus`] gives pair bonuses.
//!
//! ```
//! use matewise_mating_heuristics::{orthodox, Material, PieceSet, Rule, Side};
//!
//! let set = PieceSet::orthodox();
//! // K+N+N vs K: two knights up, yet a draw.
//! let material = Material::new().with(Side::White, orthodox::KNIGHT, 2);
//! let unscaled = 600;
//! let scale = set.drawishness(&material, Side::favoured_by(unscaled));
//! assert_eq!(scale.apply(unscaled), 75);
//! assert!(matches!(scale.rule(), Rule::NoMatingPotential(_)));
//! println!("{scale}");
//! ```
//!
//! # Parsing
//!
//! [`PieceKind::from_fmax`] reads one piece line of Fairy-Max's `fmax.ini`:
//! a letter, `:`, the value in centipawns (negative for royal pieces), then
//! move descriptors `step,rights[,step2]` (step in decimal on a 16-wide
//! board, rights in hexadecimal), optionally ending in one Pair-o-Max mark
//! `0,N`: `0,3` mating potential, `0,-4` non-mating pair, `0,-1` tough
//! defender, or `0,BONUS` an explicit pair bonus above 3 (hexadecimal, like
//! every rights field; it also marks the piece colour-bound).
//!
//! ```
//! use matewise_mating_heuristics::{Material, PieceKind, PieceSet, Rule, Shortfall, Side};
//!
//! // The Adjutant (B + Dabbabah-rider) never leaves its square colour.
//! let adjutant = PieceKind::from_fmax("a:700 15,3 17,3 -15,3 -17,3 2,3 32,3 -2,3 -32,3")?;
//! assert!(adjutant.is_colour_bound());
//!
//! let mut set = PieceSet::new();
//! let id = set.push(adjutant)?;
//! let material = Material::new().with(Side::White, id, 1);
//! let rule = set.drawishness(&material, Side::White).rule();
//! assert_eq!(rule, Rule::NoMatingPotential(Shortfall::ColourBound));
//! # Ok::<(), Box<dyn std::error::Error>>(())
//! ```

mod material;
mod parse;
mod piece;
mod rules;
mod set;

pub use material::{Material, Shade, Side};
pub use parse::{MAX_VALUE, ParseError};
pub use piece::{Mark, PieceKind, Role};
pub use rules::{MINOR_AHEAD, Rule, Scale, Shortfall};
pub use set::{KindId, MAX_KINDS, PieceSet, SetFull, orthodox};

/// Runs the README's example as a doctest, so it stays true.
#[cfg(doctest)]
#[doc = include_str!("../README.md")]
struct ReadmeExample;

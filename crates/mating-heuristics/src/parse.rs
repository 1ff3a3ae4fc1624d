//! Reading a piece kind from a Fairy-Max / Pair-o-Max piece line.
//!
//! The format is the one of `fmax.ini`:
//!
//! ```text
//! n:300 14,7 31,7 33,7 18,7 -14,7 -31,7 -33,7 -18,7 0,-4
//! │ │   └ descriptors: step,rights[,step2]            └ mark: 0,N
//! │ └ value in centipawns (negative: royal)
//! └ piece letter
//! ```
//!
//! A step is a decimal board offset on Fairy-Max's 16-wide board
//! (`dx + 16·dy`, so 16 is one rank towards White's side and 1 is one file
//! towards the h-file). Rights are hexadecimal mode bits, read like C's `%x`
//! (an optional sign is allowed, so `FFFFFFFC` and `-4` are the same). The
//! optional third number is a secondary step for bent moves. Pair-o-Max
//! appends a mark `0,N` after the descriptors; N is read like every rights
//! field, i.e. in hexadecimal, so `0,-4`, `0,-1` and `0,3` read as expected
//! and an explicit pair bonus `0,40` means 0x40 = 64 centipawns.

use core::fmt;
use core::str::FromStr;

use crate::piece::{Mark, PieceKind};

/// Largest absolute piece value accepted, in centipawns.
pub const MAX_VALUE: i32 = 99_999;

/// Largest absolute step accepted: a leap across a 16×16 board.
const MAX_STEP: i32 = 255;

/// Why a piece line could not be read. Descriptor positions count from 1,
/// the value being position 0.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
#[non_exhaustive]
pub enum ParseError {
    /// The line holds nothing but whitespace.
    Empty,
    /// The piece letter is not followed by `:`.
    MissingColon,
    /// Nothing follows `letter:`.
    MissingValue,
    /// The value is not a decimal integer.
    InvalidValue,
    /// The value's magnitude exceeds [`MAX_VALUE`].
    ValueOutOfRange {
        /// The value as read.
        value: i64,
    },
    /// A descriptor is not `step,rights` or `step,rights,step2`.
    MalformedDescriptor {
        /// Position of the descriptor in the list.
        descriptor: usize,
    },
    /// A step is not a decimal integer.
    InvalidStep {
        /// Position of the descriptor in the list.
        descriptor: usize,
    },
    /// A step is larger than a 16×16 board allows.
    StepOutOfRange {
        /// Position of the descriptor in the list.
        descriptor: usize,
        /// The step as read.
        step: i32,
    },
    /// The rights are not a hexadecimal number of at most 32 bits.
    InvalidRights {
        /// Position of the descriptor in the list.
        descriptor: usize,
    },
    /// A mark `0,N` carries a third number.
    MalformedMark {
        /// Position of the descriptor in the list.
        descriptor: usize,
    },
    /// `0,N` with an N that is no Pair-o-Max mark (3, -4, -1, or above 3).
    UnknownMark {
        /// Position of the descriptor in the list.
        descriptor: usize,
        /// The code as read.
        code: i32,
    },
    /// Pair-o-Max keeps one mark per piece; this line has a second one.
    MoreThanOneMark {
        /// Position of the second mark in the list.
        descriptor: usize,
    },
    /// A real step follows the mark, which must end the list.
    StepAfterMark {
        /// Position of the step in the list.
        descriptor: usize,
    },
}

impl fmt::Display for ParseError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match *self {
            ParseError::Empty => write!(f, "empty piece line"),
            ParseError::MissingColon => write!(f, "expected `letter:value` at the start"),
            ParseError::MissingValue => write!(f, "no value after `letter:`"),
            ParseError::InvalidValue => write!(f, "the value is not a decimal integer"),
            ParseError::ValueOutOfRange { value } => {
                write!(f, "value {value} is beyond ±{MAX_VALUE} centipawns")
            }
            ParseError::MalformedDescriptor { descriptor } => {
                write!(f, "descriptor {descriptor} is not `step,rights[,step2]`")
            }
            ParseError::InvalidStep { descriptor } => {
                write!(f, "descriptor {descriptor}: step is not a decimal integer")
            }
            ParseError::StepOutOfRange { descriptor, step } => {
                write!(
                    f,
                    "descriptor {descriptor}: step {step} is beyond ±{MAX_STEP}"
                )
            }
            ParseError::InvalidRights { descriptor } => {
                write!(
                    f,
                    "descriptor {descriptor}: rights are not a 32-bit hex number"
                )
            }
            ParseError::MalformedMark { descriptor } => {
                write!(
                    f,
                    "descriptor {descriptor}: a mark is `0,N`, without a third number"
                )
            }
            ParseError::UnknownMark { descriptor, code } => write!(
                f,
                "descriptor {descriptor}: `0,{code:X}` is no mark (3, -4, -1 or a bonus above 3)"
            ),
            ParseError::MoreThanOneMark { descriptor } => {
                write!(
                    f,
                    "descriptor {descriptor}: a piece carries at most one mark"
                )
            }
            ParseError::StepAfterMark { descriptor } => {
                write!(
                    f,
                    "descriptor {descriptor}: steps must come before the mark"
                )
            }
        }
    }
}

impl std::error::Error for ParseError {}

impl PieceKind {
    /// Reads a piece line in Fairy-Max's `fmax.ini` format, with Pair-o-Max's
    /// optional trailing mark (see the [module docs](crate#parsing)).
    ///
    /// A negative value makes the kind royal. Colour-binding is detected from
    /// the steps the way Pair-o-Max does it, for simple pieces only: when no
    /// descriptor hops, bends (high toggle bits or a different secondary
    /// step), wraps around a cylinder or takes several paths, every move
    /// lands on a multiple of its step, so the piece is colour-bound exactly
    /// when every step has an even `dx + dy`. Hoppers and bent pieces are
    /// never detected; an explicit pair bonus mark (`0,BONUS`) marks them.
    ///
    /// ```
    /// use matewise_mating_heuristics::PieceKind;
    ///
    /// let bishop = PieceKind::from_fmax("b:300 15,3 17,3 -15,3 -17,3")?;
    /// assert!(bishop.is_colour_bound());
    /// assert_eq!(bishop.pair_bonus(), 37);
    ///
    /// let commoner = PieceKind::from_fmax("m:260 1,7 16,7 15,7 17,7 -1,7 -16,7 -15,7 -17,7 0,-1")?;
    /// assert!(commoner.is_tough_defender());
    ///
    /// assert!(PieceKind::from_fmax("Knight:").is_err());
    /// # Ok::<(), matewise_mating_heuristics::ParseError>(())
    /// ```
    pub fn from_fmax(line: &str) -> Result<PieceKind, ParseError> {
        let (letter, rest) = split_letter(line)?;
        let mut tokens = rest.split_ascii_whitespace();
        let value = parse_value(tokens.next().ok_or(ParseError::MissingValue)?)?;

        let mut binding = BindingScan::new();
        let mut mark = None;
        for (position, token) in tokens.enumerate() {
            let descriptor = position + 1;
            match parse_descriptor(token, descriptor)? {
                Descriptor::Mark(found) => {
                    if mark.is_some() {
                        return Err(ParseError::MoreThanOneMark { descriptor });
                    }
                    mark = Some(found);
                }
                Descriptor::Move(_) if mark.is_some() => {
                    return Err(ParseError::StepAfterMark { descriptor });
                }
                Descriptor::Move(step) => binding.add(step),
            }
        }

        let mut kind = if value < 0 {
            PieceKind::king(letter)
        } else {
            PieceKind::piece(letter, value)
        };
        if binding.is_colour_bound() {
            kind = kind.colour_bound();
        }
        if let Some(mark) = mark {
            kind = kind.with_mark(mark);
        }
        Ok(kind)
    }
}

impl FromStr for PieceKind {
    type Err = ParseError;

    /// Same as [`PieceKind::from_fmax`].
    fn from_str(line: &str) -> Result<PieceKind, ParseError> {
        PieceKind::from_fmax(line)
    }
}

/// Splits `"n:300 …"` into the letter and what follows the colon.
fn split_letter(line: &str) -> Result<(char, &str), ParseError> {
    let line = line.trim_start();
    let mut chars = line.chars();
    let letter = chars.next().ok_or(ParseError::Empty)?;
    if letter == ':' {
        return Err(ParseError::MissingColon);
    }
    chars
        .as_str()
        .strip_prefix(':')
        .map(|rest| (letter, rest))
        .ok_or(ParseError::MissingColon)
}

fn parse_value(token: &str) -> Result<i32, ParseError> {
    let value: i64 = token.parse().map_err(|_| ParseError::InvalidValue)?;
    if value.unsigned_abs() > MAX_VALUE.unsigned_abs().into() {
        return Err(ParseError::ValueOutOfRange { value });
    }
    i32::try_from(value).map_err(|_| ParseError::ValueOutOfRange { value })
}

/// One `step,rights[,step2]` element, already interpreted.
enum Descriptor {
    Move(Step),
    Mark(Mark),
}

/// What colour-binding detection needs from one move descriptor.
#[derive(Clone, Copy)]
struct Step {
    offset: i32,
    /// Moves along one ray without hopping, bending, wrapping or
    /// multi-pathing, so every destination is a multiple of `offset`.
    simple: bool,
}

fn parse_descriptor(token: &str, descriptor: usize) -> Result<Descriptor, ParseError> {
    let mut fields = token.split(',');
    let (Some(step), Some(rights)) = (fields.next(), fields.next()) else {
        return Err(ParseError::MalformedDescriptor { descriptor });
    };
    let secondary = fields.next();
    if fields.next().is_some() {
        return Err(ParseError::MalformedDescriptor { descriptor });
    }

    let step = parse_step(step, descriptor)?;
    let rights = parse_hex(rights).ok_or(ParseError::InvalidRights { descriptor })?;
    if step == 0 {
        if secondary.is_some() {
            return Err(ParseError::MalformedMark { descriptor });
        }
        // The mark shares the rights field, so it is read the same way;
        // reinterpreting the 32 bits as signed gives back `-4` and `-1`.
        let code = rights as i32;
        return Mark::from_code(code)
            .map(Descriptor::Mark)
            .ok_or(ParseError::UnknownMark { descriptor, code });
    }
    let secondary = secondary
        .map(|field| parse_step(field, descriptor))
        .transpose()?;

    let low = rights & 0xF;
    let toggles = (rights >> 4) & 0xF;
    // With a low digit of 4 (initial double step, castling) the toggle
    // digit's high bits mean "no e.p." and "jump", not hopping.
    let hops = low & 0x8 != 0 || (low != 4 && toggles & 0x8 != 0);
    let bends = rights >> 12 != 0 || secondary.is_some_and(|second| second != step);
    let wraps = rights & 0x100 != 0;
    let multipath = rights & 0x200 != 0;
    Ok(Descriptor::Move(Step {
        offset: step,
        simple: !(hops || bends || wraps || multipath),
    }))
}

fn parse_step(field: &str, descriptor: usize) -> Result<i32, ParseError> {
    let step: i32 = field
        .parse()
        .map_err(|_| ParseError::InvalidStep { descriptor })?;
    if step.unsigned_abs() > MAX_STEP.unsigned_abs() {
        return Err(ParseError::StepOutOfRange { descriptor, step });
    }
    Ok(step)
}

/// Reads a hexadecimal number the way C's `%x` does: optional sign,
/// optional `0x`, at most 32 significant bits; a minus negates modulo 2³².
fn parse_hex(field: &str) -> Option<u32> {
    let (negative, digits) = match field.as_bytes().first() {
        Some(b'-') => (true, &field[1..]),
        Some(b'+') => (false, &field[1..]),
        _ => (false, field),
    };
    let digits = digits
        .strip_prefix("0x")
        .or_else(|| digits.strip_prefix("0X"))
        .unwrap_or(digits);
    if digits.is_empty() || !digits.bytes().all(|byte| byte.is_ascii_hexdigit()) {
        return None;
    }
    let magnitude = u32::from_str_radix(digits, 16).ok()?;
    Some(if negative {
        magnitude.wrapping_neg()
    } else {
        magnitude
    })
}

/// Accumulates whether every step of a piece keeps it on one square colour.
struct BindingScan {
    any_step: bool,
    all_simple_and_even: bool,
}

impl BindingScan {
    fn new() -> BindingScan {
        BindingScan {
            any_step: false,
            all_simple_and_even: true,
        }
    }

    fn add(&mut self, step: Step) {
        self.any_step = true;
        self.all_simple_and_even &= step.simple && keeps_square_colour(step.offset);
    }

    fn is_colour_bound(&self) -> bool {
        self.any_step && self.all_simple_and_even
    }
}

/// Whether a Fairy-Max step (`dx + 16·dy`, |dx| ≤ 8) changes neither the
/// square colour: true when `dx + dy` is even.
fn keeps_square_colour(offset: i32) -> bool {
    let dx = (offset + 8).rem_euclid(16) - 8;
    let dy = (offset - dx) / 16;
    (dx + dy).rem_euclid(2) == 0
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn steps_decode_to_board_offsets() {
        // Knight, ferz, wazir, dabbabah, alfil, camel.
        assert!(!keeps_square_colour(14));
        assert!(!keeps_square_colour(-31));
        assert!(keeps_square_colour(15));
        assert!(keeps_square_colour(-17));
        assert!(!keeps_square_colour(16));
        assert!(!keeps_square_colour(-1));
        assert!(keeps_square_colour(2));
        assert!(keeps_square_colour(-32));
        assert!(keeps_square_colour(30));
        assert!(keeps_square_colour(47));
    }

    #[test]
    fn hex_reads_like_c_percent_x() {
        assert_eq!(parse_hex("7"), Some(7));
        assert_eq!(parse_hex("FFFF04B8"), Some(0xFFFF_04B8));
        assert_eq!(parse_hex("-4"), Some((-4_i32) as u32));
        assert_eq!(parse_hex("0x1F"), Some(0x1F));
        assert_eq!(parse_hex("100000000"), None);
        assert_eq!(parse_hex(""), None);
        assert_eq!(parse_hex("-"), None);
        assert_eq!(parse_hex("G"), None);
    }

    #[test]
    fn orthodox_fairy_max_lines_parse() {
        let lines = [
            ("p:74 -16,24 -16,6 -15,5 -17,5 ", false),
            (
                "k:-1  1,34 -1,34 1,7 16,7 15,7 17,7 -1,7 -16,7 -15,7 -17,7",
                false,
            ),
            ("n:259 14,7 31,7 33,7 18,7 -14,7 -31,7 -33,7 -18,7", false),
            ("b:296 15,3 17,3 -15,3 -17,3", true),
            ("R:444 1,3 16,3 -1,3 -16,3", false),
            ("Q:851 1,3 16,3 15,3 17,3 -1,3 -16,3 -15,3 -17,3", false),
            ("f:150 15,7 17,7 -15,7 -17,7", true),
            ("e:80 30,7 34,7 -30,7 -34,7", true),
            ("E:1 15,70 17,70 -15,70 -17,70", true),
            ("A:300 15,843 17,843 -15,843 -17,843", true),
        ];
        for (line, bound) in lines {
            let kind = PieceKind::from_fmax(line).unwrap_or_else(|e| panic!("{line}: {e}"));
            assert_eq!(kind.is_colour_bound(), bound, "{line}");
        }
    }

    #[test]
    fn hoppers_and_bent_pieces_are_not_detected() {
        // A grasshopper on diagonals only would stay on its colour, but
        // Pair-o-Max only detects simple pieces.
        let diagonal_hopper = PieceKind::from_fmax("G:200 15,F8 17,F8 -15,F8 -17,F8").unwrap();
        assert!(!diagonal_hopper.is_colour_bound());
        let griffon = "G:830 17,1003 15,1F003 -15,1003 -17,1F003 17,10003 -15,FFFF0003";
        assert!(!PieceKind::from_fmax(griffon).unwrap().is_colour_bound());
        let bent = PieceKind::from_fmax("x:100 15,7,17").unwrap();
        assert!(!bent.is_colour_bound());
        let cylinder_bishop = PieceKind::from_fmax("b:450 15,103 17,103 -15,103 -17,103").unwrap();
        assert!(!cylinder_bishop.is_colour_bound());
    }

    #[test]
    fn royal_lines_become_kings() {
        let king = PieceKind::from_fmax("k:-435 1,7 16,7").unwrap();
        assert_eq!(king.role(), crate::Role::Royal);
        assert_eq!(king.value(), 0);
    }

    #[test]
    fn explicit_bonus_is_hex_and_implies_colour_binding() {
        let kind = PieceKind::from_fmax("c:400 1,BA 16,BA -1,BA -16,BA 0,40").unwrap();
        assert!(kind.is_colour_bound());
        assert_eq!(kind.pair_bonus(), 0x40);
    }

    #[test]
    fn errors_name_the_problem() {
        use ParseError::*;
        let cases: [(&str, ParseError); 15] = [
            ("", Empty),
            ("   ", Empty),
            ("Knight:", MissingColon),
            (":300", MissingColon),
            ("n:", MissingValue),
            ("n:3x0", InvalidValue),
            ("n:100000", ValueOutOfRange { value: 100_000 }),
            ("n:300 14", MalformedDescriptor { descriptor: 1 }),
            ("n:300 14,7,1,2", MalformedDescriptor { descriptor: 1 }),
            ("n:300 14,7 x,7", InvalidStep { descriptor: 2 }),
            (
                "n:300 300,7",
                StepOutOfRange {
                    descriptor: 1,
                    step: 300,
                },
            ),
            ("n:300 14,7z", InvalidRights { descriptor: 1 }),
            (
                "n:300 14,7 0,2",
                UnknownMark {
                    descriptor: 2,
                    code: 2,
                },
            ),
            ("n:300 0,3 0,-4", MoreThanOneMark { descriptor: 2 }),
            ("n:300 0,3 14,7", StepAfterMark { descriptor: 2 }),
        ];
        for (line, error) in cases {
            assert_eq!(PieceKind::from_fmax(line), Err(error), "{line:?}");
            assert!(!error.to_string().is_empty());
        }
        assert_eq!(
            PieceKind::from_fmax("n:300 0,3,1"),
            Err(MalformedMark { descriptor: 1 })
        );
    }
}

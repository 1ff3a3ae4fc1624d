//! The machinery behind the one weight table (`weights.rs`): the `weights!`
//! macro turns each declared term into a [`Param`] (a slice of the flat
//! weight vector with a name, a group and its Compendium section), the
//! default [`Weights`], and the printer that writes weights back out as the
//! Rust source of that table.

use crate::score::S;

/// One named weight: a scalar (`len == 1`) or a table, as a slice of the flat vector.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub struct Param {
    /// Where the weight starts in the flat vector.
    pub offset: usize,
    /// How many entries it has.
    pub len: usize,
    /// The term's name (the identifier in the weight table).
    pub name: &'static str,
    /// The `eval` row the term is added to.
    pub group: &'static str,
}

impl Param {
    /// The flat index of entry `i`.
    #[inline(always)]
    pub const fn at(self, i: usize) -> usize {
        debug_assert!(i < self.len);
        self.offset + i
    }
}

/// Every weight of the evaluation in one flat vector of `S(mg, eg)` pairs,
/// indexed through the [`Param`]s in [`crate::weights`].
///
/// ```
/// use matewise_eval_terms::{Weights, weights};
/// let defaults = Weights::default();
/// let flat = defaults.to_flat();
/// assert_eq!(flat.len(), Weights::LEN);
/// assert_eq!(Weights::from_flat(&flat).unwrap(), defaults);
/// assert!(defaults[weights::TEMPO.at(0)].mg() > 0);
/// ```
#[derive(Clone, PartialEq, Eq, Debug)]
pub struct Weights {
    pub(crate) flat: [S; crate::weights::LEN],
}

impl Default for Weights {
    fn default() -> Self {
        crate::weights::DEFAULT.clone()
    }
}

impl core::ops::Index<usize> for Weights {
    type Output = S;
    #[inline(always)]
    fn index(&self, index: usize) -> &S {
        &self.flat[index]
    }
}

impl core::ops::IndexMut<usize> for Weights {
    #[inline(always)]
    fn index_mut(&mut self, index: usize) -> &mut S {
        &mut self.flat[index]
    }
}

impl Weights {
    /// Which weights these are, for caches built from them: weights live as
    /// long as their evaluator, so another address means other weights.
    #[inline]
    pub(crate) fn cache_id(&self) -> usize {
        self as *const Weights as usize
    }

    /// The number of `S` pairs in the flat vector.
    pub const LEN: usize = crate::weights::LEN;

    /// The flat vector, in table order.
    pub fn to_flat(&self) -> Vec<S> {
        self.flat.to_vec()
    }

    /// Weights from a flat vector; `None` if its length is not [`Weights::LEN`].
    pub fn from_flat(flat: &[S]) -> Option<Weights> {
        Some(Weights {
            flat: flat.try_into().ok()?,
        })
    }

    /// Every parameter of the table, in order.
    pub fn params() -> &'static [Param] {
        crate::weights::PARAMS
    }

    /// The parameter that owns flat index `index`, and the entry within it.
    pub fn param_of(index: usize) -> Option<(Param, usize)> {
        let params = Weights::params();
        let at = params.partition_point(|p| p.offset + p.len <= index);
        params.get(at).map(|p| (*p, index - p.offset))
    }

    /// These weights as the Rust source of `weights.rs`, so a tuner can
    /// write its result over the default table.
    pub fn to_rust_source(&self) -> String {
        use core::fmt::Write;
        let mut out = String::new();
        out.push_str(SOURCE_HEADER);
        for (param, docs) in Weights::params().iter().zip(crate::weights::DOCS) {
            for line in *docs {
                let _ = writeln!(out, "    ///{line}");
            }
            let values = &self.flat[param.offset..param.offset + param.len];
            let _ = write!(
                out,
                "    {}: {:?} [{}] = [",
                param.name, param.group, param.len
            );
            for (i, s) in values.iter().enumerate() {
                if i % 8 == 0 && param.len > 4 {
                    out.push_str("\n        ");
                } else if i > 0 {
                    out.push(' ');
                }
                let _ = write!(out, "s({}, {}),", s.mg(), s.eg());
            }
            if param.len > 4 {
                out.push_str("\n    ");
            }
            out.push_str("];\n");
        }
        out.push_str("}\n");
        out
    }
}

/// The top of `weights.rs`, up to the table, for the printer.
const SOURCE_HEADER: &str =
    "//! The one table of evaluation weights: `name: \"Group\" [entries] = [s(mg, eg), ...];`
//! Each term's doc comment names the Compendium section (`Lnnnn` = the line of its
//! heading in `little-chess-evaluation-compendium.md`) its starting weight comes from.
//! Values are centipawns from the term owner's side. `docs/compendium-weights.rs`
//! holds this table at the Compendium's own numbers; the values here are tuned
//! from them by `cargo xtask tune`, which rewrites this file: `docs/tuning.md`
//! gives the data, the mode and the losses of the table in use, and
//! `docs/eval-terms.md` shows both numbers side by side.

use crate::params::{s, weights};

weights! {
";

/// Shorthand for the weight table.
pub(crate) const fn s(mg: i32, eg: i32) -> S {
    S::new(mg, eg)
}

/// Declares the weight table: `name: "Group" [len] = [s(mg, eg), ...];` per
/// term, each with doc comments naming its Compendium section.
macro_rules! weights {
    ($( $(#[doc = $doc:literal])* $name:ident : $group:literal [$len:literal] = $default:expr ; )*) => {
        #[allow(non_camel_case_types, clippy::upper_case_acronyms)]
        #[derive(Copy, Clone)]
        #[repr(usize)]
        enum Id { $( $name, )* }

        const LENS: &[usize] = &[$( $len ),*];

        const fn offset_of(id: usize) -> usize {
            let mut sum = 0;
            let mut i = 0;
            while i < id {
                sum += LENS[i];
                i += 1;
            }
            sum
        }

        /// The length of the flat weight vector.
        pub const LEN: usize = offset_of(LENS.len());

        $(
            $(#[doc = $doc])*
            pub const $name: $crate::params::Param = $crate::params::Param {
                offset: offset_of(Id::$name as usize),
                len: $len,
                name: stringify!($name),
                group: $group,
            };
        )*

        /// Every parameter, in table order.
        pub const PARAMS: &[$crate::params::Param] = &[$( $name ),*];

        pub(crate) const DOCS: &[&[&str]] = &[$( &[$( $doc ),*] ),*];

        /// The default weights: the Compendium's numbers where it gives them.
        pub(crate) const DEFAULT: $crate::params::Weights = {
            let mut flat = [$crate::score::S::ZERO; LEN];
            $(
                {
                    let values: [$crate::score::S; $len] = $default;
                    let start = $name.offset;
                    let mut i = 0;
                    while i < $len {
                        flat[start + i] = values[i];
                        i += 1;
                    }
                }
            )*
            $crate::params::Weights { flat }
        };
    };
}

pub(crate) use weights;

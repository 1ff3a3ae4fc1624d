//! Small helpers shared by the `Display` impls that write protocol lines.

use core::fmt;
use movegen::UciMove;

/// Writes ` name value` when the value is present.
pub(crate) fn field<T: fmt::Display>(
    f: &mut fmt::Formatter<'_>,
    name: &str,
    value: Option<T>,
) -> fmt::Result {
    match value {
        Some(v) => write!(f, " {name} {v}"),
        None => Ok(()),
    }
}

/// Writes ` keyword m1 m2 ...`, or nothing for an empty list.
pub(crate) fn moves(f: &mut fmt::Formatter<'_>, keyword: &str, moves: &[UciMove]) -> fmt::Result {
    if moves.is_empty() {
        return Ok(());
    }
    f.write_str(" ")?;
    f.write_str(keyword)?;
    for m in moves {
        write!(f, " {m}")?;
    }
    Ok(())
}

/// Free text made safe for one protocol line: line breaks become spaces.
pub(crate) struct OneLine<'a>(pub(crate) &'a str);

impl fmt::Display for OneLine<'_> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        for (i, part) in self.0.lines().flat_map(|l| l.split('\r')).enumerate() {
            if i > 0 {
                f.write_str(" ")?;
            }
            f.write_str(part)?;
        }
        Ok(())
    }
}

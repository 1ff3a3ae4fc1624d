//! Progress bars for the long tasks, drawn by `indicatif` to stderr.
//!
//! `ProgressDrawTarget::stderr` hides itself when stderr is not a terminal
//! (or `TERM=dumb`), so logs and pipes get no bar; [`note`] prints a line
//! either way without tearing a bar that is drawn.

use indicatif::{ProgressBar, ProgressDrawTarget, ProgressStyle};

/// A bar of `len` steps with elapsed time and time left; `counts` is the
/// template text for the count, e.g. `"{human_pos}/{human_len} games"`.
pub(crate) fn bar(len: u64, counts: &str) -> ProgressBar {
    let template = format!("[{{bar:24}}] {counts} {{msg}} {{elapsed_precise}}, ~{{eta}} left");
    let style = ProgressStyle::with_template(&template)
        .expect("a valid progress template")
        .progress_chars("#>-");
    ProgressBar::with_draw_target(Some(len), ProgressDrawTarget::stderr()).with_style(style)
}

/// Prints `line` to stderr, above the bar if one is drawn.
pub(crate) fn note(bar: &ProgressBar, line: impl AsRef<str>) {
    bar.suspend(|| eprintln!("{}", line.as_ref()));
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::io::IsTerminal;

    #[test]
    fn a_bar_is_drawn_only_on_a_terminal() {
        let b = bar(10, "{human_pos}/{human_len} things");
        if !std::io::stderr().is_terminal() {
            assert!(b.is_hidden());
        }
        b.inc(3);
        note(&b, "a note");
        b.finish_and_clear();
    }
}

//! Builds every distance-to-mate table and prints its time, size and longest mate.
//!
//! `cargo run --release -p eval-terms --example dtm_build`
use eval_terms::dtm::{Ending, Table};
use std::time::Instant;

fn main() {
    for ending in Ending::ALL {
        let start = Instant::now();
        let table = Table::build(ending);
        println!(
            "{ending:?}: {:.2} s, {} MB, longest mate {} moves",
            start.elapsed().as_secs_f64(),
            table.bytes() >> 20,
            table.longest_mate()
        );
    }
}

//! Builds every distance-to-mate table and the KPK bitbase, and prints
//! their time, size and longest mate or win/draw counts.
//!
//! `cargo run --release -p endgame-tables --example dtm_build`
use endgame_tables::dtm::{Ending, Table};
use endgame_tables::kpk;
use std::time::Instant;

fn main() {
    let start = Instant::now();
    let bitbase = kpk::bitbase();
    let [strong, weak] = bitbase.counts();
    println!(
        "KPK: {:.3} s, {} KiB; pawn's side to move {} wins {} draws, bare king to move {} wins {} draws (pawn on files a-d)",
        start.elapsed().as_secs_f64(),
        bitbase.bytes() >> 10,
        strong.0,
        strong.1,
        weak.0,
        weak.1
    );
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

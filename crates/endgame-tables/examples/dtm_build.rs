//! Builds every distance-to-mate table and the KPK bitbase, and prints
//! their time, size and longest mate or win/draw counts (for a DTM table,
//! won/drawn/lost by the side to move as `Table::counts` counts them, with
//! the strong side and then the weak side to move); then saves each DTM
//! table to the cache directory and loads it back, timing both.
//!
//! `cargo run --release -p matewise-endgame-tables --example dtm_build [kpk ...]`
//! (every table, or only the endings named; the tables a named one leads
//! into are built or loaded first, untimed).
use matewise_endgame_tables::dtm::Ending;
use matewise_endgame_tables::{Ready, Tablebases, cache, kpk};
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
    let dir = cache::default_dir();
    // Built in memory here, saved by hand below to time the save.
    let tables = Tablebases::in_memory();
    let named: Vec<String> = std::env::args().skip(1).collect();
    let endings = Ending::ALL
        .into_iter()
        .filter(|ending| named.is_empty() || named.iter().any(|name| name == ending.name()));
    for ending in endings {
        // The tables this one's captures and promotions enter are not
        // part of its time.
        for next in ending.leads_into() {
            tables.table(next, Ready::Now);
        }
        let start = Instant::now();
        let table = tables.table(ending, Ready::Now).expect("built on request");
        let built = start.elapsed().as_secs_f64();
        let [strong, weak] = table.counts();
        print!(
            "{ending:?}: built in {built:.2} s, {} MB, longest mate {} moves, \
             won/drawn/lost {strong:?} {weak:?}",
            table.bytes() >> 20,
            table.longest_mate()
        );
        if let Some(dir) = &dir {
            let path = cache::file(dir, ending);
            let start = Instant::now();
            match cache::save(table, ending, &path) {
                Ok(()) => print!("; saved in {:.3} s", start.elapsed().as_secs_f64()),
                Err(e) => print!("; not saved to {}: {e}", path.display()),
            }
            let start = Instant::now();
            match cache::load(ending, &path) {
                Ok(loaded) if loaded == *table => {
                    print!("; loaded in {:.3} s", start.elapsed().as_secs_f64())
                }
                Ok(_) => print!("; loaded a different table!"),
                Err(e) => print!("; not loaded from {}: {e}", path.display()),
            }
        }
        println!();
    }
}

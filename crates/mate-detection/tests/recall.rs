//! Recall per kind of mate: of the positions whose mate in one (by the
//! brute-force search) is of a kind, the share in which `mate_at_a_glance`
//! finds a mate. Prints the table:
//!
//! `cargo test -p matewise-mate-detection -- --nocapture recall`

mod common;

use common::{Class, classify, full_mates, king_hunt_positions, random_game_positions};
use matewise_mate_detection::find_mate;
use movegen::Board;

#[derive(Default, Clone, Copy)]
struct Row {
    /// Positions with at least one mate of this class.
    with: u32,
    /// ... in which the detector found a mate.
    found: u32,
    /// Positions all of whose mates are of this class.
    only: u32,
    /// ... in which the detector found a mate.
    only_found: u32,
}

#[derive(Default)]
struct Table {
    positions: u32,
    with_mate: u32,
    found: u32,
    rows: [Row; Class::ALL.len()],
}

impl Table {
    fn add(&mut self, board: &Board) {
        self.positions += 1;
        let mates = full_mates(board);
        if mates.is_empty() {
            return;
        }
        let found = find_mate(board).is_some();
        self.with_mate += 1;
        self.found += found as u32;
        let mut classes = [false; Class::ALL.len()];
        for &mv in &mates {
            classes[classify(board, mv) as usize] = true;
        }
        let single = classes.iter().filter(|&&c| c).count() == 1;
        for (row, _) in self.rows.iter_mut().zip(classes).filter(|(_, c)| *c) {
            row.with += 1;
            row.found += found as u32;
            if single {
                row.only += 1;
                row.only_found += found as u32;
            }
        }
    }

    fn print(&self, title: &str) {
        println!(
            "\n{title}: {} positions, {} with a mate in one",
            self.positions, self.with_mate
        );
        println!(
            "{:<13} {:>8} {:>8} {:>7}   {:>8} {:>8} {:>7}",
            "class", "with", "found", "recall", "only", "found", "recall"
        );
        for (class, row) in Class::ALL.iter().zip(&self.rows) {
            println!(
                "{:<13} {:>8} {:>8} {:>7}   {:>8} {:>8} {:>7}",
                format!("{class:?}"),
                row.with,
                row.found,
                percent(row.found, row.with),
                row.only,
                row.only_found,
                percent(row.only_found, row.only),
            );
        }
        println!(
            "{:<13} {:>8} {:>8} {:>7}",
            "any",
            self.with_mate,
            self.found,
            percent(self.found, self.with_mate)
        );
    }

    fn merge(&mut self, other: &Table) {
        self.positions += other.positions;
        self.with_mate += other.with_mate;
        self.found += other.found;
        for (a, b) in self.rows.iter_mut().zip(&other.rows) {
            a.with += b.with;
            a.found += b.found;
            a.only += b.only;
            a.only_found += b.only_found;
        }
    }
}

fn percent(part: u32, whole: u32) -> String {
    if whole == 0 {
        "-".into()
    } else {
        format!("{:.1}%", 100.0 * part as f64 / whole as f64)
    }
}

#[test]
fn recall() {
    let mut games = Table::default();
    random_game_positions(0x5EED_0001, 100_000, |b| games.add(b));
    let mut hunts = Table::default();
    king_hunt_positions(0x5EED_0002, 100_000, |b| hunts.add(b));
    games.print("random games");
    hunts.print("king hunts");
    let mut all = Table::default();
    all.merge(&games);
    all.merge(&hunts);
    all.print("all");
    println!(
        "\nwith: positions having a mate of the class; only: positions whose mates are all of it.\n\
         found: the detector returned a mate (any) there."
    );
    // The five named patterns are found whenever they are the only way to
    // mate (100% when measured; the bound leaves room for generator changes).
    for class in [
        Class::CloseQueen,
        Class::Epaulette,
        Class::BackRank,
        Class::Boden,
        Class::Smothered,
    ] {
        let row = all.rows[class as usize];
        assert!(row.only > 0, "no {class:?} mate generated");
        assert!(
            row.only_found as f64 >= 0.99 * row.only as f64,
            "{class:?}: recall {}",
            percent(row.only_found, row.only)
        );
    }
}

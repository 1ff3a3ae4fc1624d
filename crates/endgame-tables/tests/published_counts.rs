//! Every table's wins, draws and losses by side to move against published
//! figures, taken from the statistics Ronald de Man's Syzygy generator
//! printed for the 3-4-5-man tables, as published by syzygy-tables.info:
//! <https://github.com/niklasf/syzygy-tables.info/blob/811d4f91084147da0c3d11772e92487831a60754/stats/standard/standard-stats.txt>
//! (section `KQvKR` and so on, "White to move" and "Black to move", the
//! first-named side being White).
//!
//! Those figures count legal positions (the side not to move is not in
//! check), one for each class of positions the board's eight reflections
//! and rotations turn into each other, two pieces of one kind as two men
//! (a placement and its twin with them swapped count apart, as in the
//! table); [`Table::counts`] counts the same way. With pawns only the
//! mirror image left to right is the same position, so there a class has
//! two positions or one. The positions are those without the right to take
//! en passant (Syzygy's tables store none: a position with it is valued by
//! its moves). Syzygy's wins and losses are those within the fifty-move rule
//! plus the "cursed" ones beyond it; none of these endings has any, so its
//! wins are the table's mates.
//!
//! [`Table::counts`]: matewise_endgame_tables::dtm::Table::counts

use matewise_endgame_tables::dtm::Ending;

mod common;

/// Won, drawn and lost positions with the first-named side to move, then
/// with the other side to move, as published.
type Counts = [(usize, usize, usize); 2];

const PUBLISHED: [(Ending, Counts); 32] = [
    (Ending::Kqk, [(18_081, 0, 0), (0, 2_896, 25_160)]),
    (Ending::Krk, [(21_959, 0, 0), (0, 2_796, 25_260)]),
    (
        Ending::Kbbk,
        [(625_902, 644_640, 0), (0, 1_004_378, 703_510)],
    ),
    (
        Ending::Kbnk,
        [(1_352_913, 6_665, 0), (0, 309_147, 1_398_741)],
    ),
    (
        Ending::Kqkr,
        [(1_108_111, 8_963, 2_142), (386_313, 78_518, 883_075)],
    ),
    (
        Ending::Krkb,
        [(473_447, 874_459, 0), (0, 1_431_462, 47_736)],
    ),
    (
        Ending::Krkn,
        [(651_492, 696_413, 1), (4, 1_396_546, 170_672)],
    ),
    (
        Ending::Kqkb,
        [(1_115_754, 3_462, 0), (0, 342_019, 1_137_179)],
    ),
    (
        Ending::Kqkn,
        [(1_111_906, 7_310, 0), (0, 305_896, 1_261_326)],
    ),
    (
        Ending::Kqkq,
        [(467_214, 646_911, 5_091), (467_214, 646_911, 5_091)],
    ),
    (
        Ending::Krkr,
        [(392_459, 946_389, 9_058), (392_459, 946_389, 9_058)],
    ),
    (Ending::Kbkn, [(2, 1_479_195, 1), (5, 1_567_216, 1)]),
    (Ending::Kbkb, [(52, 1_479_132, 14), (52, 1_479_132, 14)]),
    (Ending::Knkn, [(5, 1_567_216, 1), (5, 1_567_216, 1)]),
    (Ending::Kqqk, [(707_175, 0, 0), (0, 35_294, 1_672_594)]),
    (Ending::Kqrk, [(864_052, 0, 0), (0, 17_684, 1_690_204)]),
    (Ending::Kqbk, [(962_339, 0, 0), (0, 160_147, 1_547_741)]),
    (Ending::Kqnk, [(1_030_802, 0, 0), (0, 164_666, 1_543_222)]),
    (Ending::Krrk, [(1_040_963, 0, 0), (0, 4_900, 1_702_988)]),
    (Ending::Krbk, [(1_170_995, 0, 0), (0, 150_238, 1_557_650)]),
    (Ending::Krnk, [(1_238_446, 0, 0), (0, 156_789, 1_551_099)]),
    (Ending::Kpk, [(62_480, 19_184, 0), (0, 35_210, 48_802)]),
    (Ending::Kqpk, [(3_273_697, 0, 0), (0, 145_936, 4_978_796)]),
    (Ending::Krpk, [(3_938_586, 0, 0), (0, 125_934, 4_998_798)]),
    (
        Ending::Kbpk,
        [(4_141_811, 174_804, 0), (0, 859_923, 4_264_809)],
    ),
    (
        Ending::Knpk,
        [(4_405_320, 169_405, 0), (0, 947_832, 4_176_900)],
    ),
    (
        Ending::Kppk,
        [(3_555_030, 58_312, 0), (0, 302_686, 3_522_058)],
    ),
    (
        Ending::Kqkp,
        [(3_349_631, 21_317, 20), (385_976, 601_733, 3_993_795)],
    ),
    (
        Ending::Krkp,
        [(3_703_102, 340_191, 6_727), (816_810, 871_949, 3_292_745)],
    ),
    (
        Ending::Kbkp,
        [(104, 4_212_608, 232_968), (1_174_317, 3_807_159, 28)],
    ),
    (
        Ending::Knkp,
        [(208, 4_095_612, 608_446), (1_622_140, 3_359_329, 35)],
    ),
    (
        Ending::Kpkp,
        [
            (1_606_514, 1_242_545, 868_985),
            (1_606_514, 1_242_545, 868_985),
        ],
    ),
];

/// The tables of three men, small enough for every `cargo test`.
#[test]
fn the_three_man_tables_count_as_published() {
    for (ending, published) in PUBLISHED {
        if matches!(ending, Ending::Kqk | Ending::Krk | Ending::Kpk) {
            assert_eq!(common::build(ending).counts(), published, "{ending:?}");
        }
    }
}

/// All 32 tables, some minutes of building: run by `cargo xtask verify`.
#[test]
#[ignore = "exhaustive: run by `cargo xtask verify`"]
fn every_table_counts_as_published() {
    assert_eq!(PUBLISHED.len(), Ending::ALL.len());
    let mut wrong = Vec::new();
    for (ending, published) in PUBLISHED {
        let counts = common::build(ending).counts();
        if counts != published {
            wrong.push(format!("{ending:?}: {counts:?}, published {published:?}"));
        }
    }
    assert!(wrong.is_empty(), "{wrong:#?}");
}

//! The Syzygy prober layer against the shared test tables
//! (`shared/data/syzygy` beside the workspace: `3-4/` every 3- and 4-man
//! table with its generator's statistics `*.txt`, `5/` KRBvKR). Where that
//! folder is absent (or `MATEWISE_SYZYGY_DIR` names none) each test says it
//! skipped and passes. The tables are never copied into the repository;
//! the failure tests copy a few small ones into a temporary folder.
//!
//! pyrrhic-rs holds one set of tables per process, so every test takes
//! [`serial`] first and drops its tables before it ends.

use matewise_endgame_tables::dtm::{Dtm, Ending};
use matewise_endgame_tables::syzygy::{SyzygyProber, SyzygyTables, Wdl, rank_root_moves};
use movegen::{Board, Color, SplitMix64};
use std::path::{Path, PathBuf};
use std::sync::{Mutex, MutexGuard};

mod common;

/// One test at a time: the tables are the process's.
fn serial() -> MutexGuard<'static, ()> {
    static SERIAL: Mutex<()> = Mutex::new(());
    SERIAL
        .lock()
        .unwrap_or_else(|poisoned| poisoned.into_inner())
}

/// The shared test tables, or `None` (with a message) if absent.
fn data_dir(test: &str) -> Option<PathBuf> {
    let dir = std::env::var_os("MATEWISE_SYZYGY_DIR")
        .map(PathBuf::from)
        .unwrap_or_else(|| {
            Path::new(env!("CARGO_MANIFEST_DIR")).join("../../../shared/data/syzygy")
        });
    if dir.join("3-4").is_dir() {
        Some(dir)
    } else {
        println!(
            "{test}: skipped, no Syzygy test tables at {}",
            dir.display()
        );
        None
    }
}

fn open(path: &str) -> SyzygyTables {
    let (tables, warnings) = SyzygyTables::open(path);
    assert!(warnings.is_empty(), "{warnings:#?}");
    tables.expect("the test tables open")
}

fn fen(board: &Board) -> String {
    board.to_fen()
}

/// A position with `men` (FEN letters) on `squares`, or `None` if illegal.
fn board(men: &[u8], squares: &[usize], white_to_move: bool) -> Option<Board> {
    let mut grid = [b'1'; 64];
    for (&man, &square) in men.iter().zip(squares) {
        if grid[square] != b'1' {
            return None;
        }
        grid[square] = man;
    }
    let mut text = String::with_capacity(80);
    for rank in (0..8).rev() {
        let row = &grid[rank * 8..rank * 8 + 8];
        text.push_str(std::str::from_utf8(row).unwrap());
        if rank > 0 {
            text.push('/');
        }
    }
    text.push_str(if white_to_move {
        " w - - 0 1"
    } else {
        " b - - 0 1"
    });
    Board::from_fen(&text).ok()
}

/// The FEN letters of a material such as `KQvKR`, White's first.
fn men_of(material: &str) -> Vec<u8> {
    let (white, black) = material.split_once('v').unwrap();
    let mut men: Vec<u8> = white.bytes().collect();
    men.extend(black.bytes().map(|b| b.to_ascii_lowercase()));
    men
}

/// Random legal positions of `material`, either side having the first-
/// named men, either side to move.
fn random_positions(material: &str, seed: u64, count: usize) -> Vec<Board> {
    let men = men_of(material);
    let swapped: Vec<u8> = men
        .iter()
        .map(|m| {
            if m.is_ascii_uppercase() {
                m.to_ascii_lowercase()
            } else {
                m.to_ascii_uppercase()
            }
        })
        .collect();
    let mut rng = SplitMix64::new(seed);
    let mut out = Vec::with_capacity(count);
    while out.len() < count {
        let squares: Vec<usize> = men.iter().map(|_| rng.below(64)).collect();
        let men = if rng.below(2) == 0 { &men } else { &swapped };
        if let Some(board) = board(men, &squares, rng.below(2) == 0) {
            out.push(board);
        }
    }
    out
}

#[test]
fn opening_sharing_and_refusing() {
    let _serial = serial();
    let Some(dir) = data_dir("opening_sharing_and_refusing") else {
        return;
    };
    assert!(SyzygyTables::open("").0.is_none());
    assert!(SyzygyTables::open("").1.is_empty());
    assert!(SyzygyTables::open("<empty>").0.is_none());
    let both = format!("{}:{}", dir.join("3-4").display(), dir.join("5").display());
    let tables = open(&both);
    assert_eq!(tables.max_pieces(), 5);
    assert!(tables.files().len() >= 2 * 35 + 2);
    // The same files again share the live tables.
    let again = open(&both);
    assert_eq!(again.max_pieces(), 5);
    // Other files are refused while those live.
    let (other, warnings) = SyzygyTables::open(&dir.join("5").to_string_lossy());
    assert!(other.is_none());
    assert!(
        warnings.iter().any(|w| w.contains("another SyzygyPath")),
        "{warnings:?}"
    );
    let board = Board::from_fen("8/8/8/8/8/2k5/8/KR6 w - - 0 1").unwrap();
    assert_eq!(again.probe_wdl(&board), Some(Wdl::Win));
    // Root probes (DTZ) work with clones and shared copies alive.
    let copy = again.clone();
    let ranked = rank_root_moves(&copy, &board).unwrap();
    assert!(ranked[0].is_win(true) && ranked[0].root.dtz.is_some());
    drop(tables);
    assert_eq!(again.probe_wdl(&board), Some(Wdl::Win));
    drop(again);
    drop(copy);
    // Once all are dropped, other files open.
    let five = open(&dir.join("5").to_string_lossy());
    assert_eq!(five.max_pieces(), 5);
    assert_eq!(five.probe_wdl(&board), None, "KRvK is not in 5/");
    // Castling rights are never probed.
    let castling = Board::from_fen("8/8/8/8/8/2k5/8/R3K3 w Q - 0 1").unwrap();
    drop(five);
    let small = open(&dir.join("3-4").to_string_lossy());
    assert_eq!(small.max_pieces(), 4);
    assert_eq!(small.probe_wdl(&castling), None);
    let five_men = Board::from_fen("8/8/8/8/8/2k5/1r6/KRB5 w - - 0 1").unwrap();
    assert_eq!(small.probe_wdl(&five_men), None);
}

/// The DTM table's answer against Syzygy's, the fifty-move rule allowed
/// for: a win is a mate, a cursed win a mate beyond 100 plies, likewise
/// for losses, and a draw a draw (the DTM tables know no fifty-move rule).
fn agrees(syzygy: Wdl, dtm: Dtm) -> bool {
    match (syzygy, dtm) {
        (Wdl::Win, Dtm::MateIn(_)) => true,
        (Wdl::CursedWin, Dtm::MateIn(plies)) => plies > 100,
        (Wdl::Draw, Dtm::Draw) => true,
        (Wdl::BlessedLoss, Dtm::MatedIn(plies)) => plies > 100,
        (Wdl::Loss, Dtm::MatedIn(_)) => true,
        _ => false,
    }
}

/// Endings whose DTM tables build in seconds (and load from the test
/// cache after the first run): the three with a queen, rook or pawn
/// against a bare king, and two of piece against piece.
const AGREEMENT: [(&str, Ending); 5] = [
    ("KQvK", Ending::Kqk),
    ("KRvK", Ending::Krk),
    ("KPvK", Ending::Kpk),
    ("KQvKR", Ending::Kqkr),
    ("KRvKB", Ending::Krkb),
];

fn check_agreement(endings: &[(&str, Ending)], per_ending: usize) {
    let dir = data_dir("wdl_agrees_with_dtm").unwrap();
    let tables = open(&dir.join("3-4").to_string_lossy());
    for (i, &(material, ending)) in endings.iter().enumerate() {
        common::build(ending);
        let mut seen = [0usize; 5];
        for board in random_positions(material, 69 + i as u64, per_ending) {
            let syzygy = tables.probe_wdl(&board).expect("a tabled position");
            let dtm = common::probe(&board).expect("a built table");
            assert!(
                agrees(syzygy, dtm),
                "{material} {}: Syzygy {syzygy:?}, DTM {dtm:?}",
                fen(&board)
            );
            seen[syzygy as usize] += 1;
        }
        // A minor piece against a minor piece wins in a few dozen of
        // millions of positions: none may be drawn.
        let rare = matches!(ending, Ending::Kbkn | Ending::Kbkb | Ending::Knkn);
        assert!(rare || seen[Wdl::Win as usize] > 0, "{material}: {seen:?}");
        println!("{material}: Loss, BlessedLoss, Draw, CursedWin, Win {seen:?}");
    }
}

#[test]
fn wdl_agrees_with_dtm() {
    let _serial = serial();
    if data_dir("wdl_agrees_with_dtm").is_none() {
        return;
    }
    check_agreement(&AGREEMENT, 2_000);
}

/// Every ending with a DTM table, many positions each. `cargo xtask
/// verify` runs it.
#[test]
#[ignore = "minutes: builds every DTM table; cargo xtask verify runs it"]
fn wdl_agrees_with_dtm_on_every_ending() {
    let _serial = serial();
    if data_dir("wdl_agrees_with_dtm_on_every_ending").is_none() {
        return;
    }
    let endings: Vec<(String, Ending)> = Ending::ALL
        .iter()
        .map(|&ending| {
            let letters = |kinds: &[movegen::PieceKind]| -> String {
                kinds
                    .iter()
                    .map(|k| k.to_char().to_ascii_uppercase())
                    .collect()
            };
            let material = format!(
                "K{}vK{}",
                letters(ending.pieces()),
                letters(ending.weak_pieces())
            );
            (material, ending)
        })
        .collect();
    let endings: Vec<(&str, Ending)> = endings.iter().map(|(m, e)| (m.as_str(), *e)).collect();
    check_agreement(&endings, 20_000);
}

/// Won, drawn and lost positions with White (the first-named side) to
/// move, then with Black to move, from a generator's statistics file.
fn published_counts(path: &Path) -> [[u64; 3]; 2] {
    let text = std::fs::read_to_string(path).unwrap();
    let mut numbers = Vec::new();
    for line in text.lines() {
        for (suffix, slot) in [
            (" positions are wins.", 0),
            (" positions are draws.", 1),
            (" positions are losses.", 2),
        ] {
            if let Some(n) = line.strip_suffix(suffix) {
                numbers.push((slot, n.trim().parse::<u64>().unwrap()));
            }
        }
    }
    let mut counts = [[0; 3]; 2];
    // KBvK and the like print nothing for White to move: all draws there.
    assert!(numbers.len() == 6 || numbers.len() == 3, "{path:?}");
    let first_black = numbers.len() - 3;
    for (i, (slot, n)) in numbers.into_iter().enumerate() {
        counts[usize::from(i >= first_black && first_black > 0)][slot] = n;
    }
    counts
}

/// The image of `square` under symmetry `s` (bit 0: mirror files, bit 1:
/// mirror ranks, bit 2: swap files and ranks).
fn image(square: usize, s: usize) -> usize {
    let mut sq = square;
    if s & 4 != 0 {
        sq = ((sq & 7) << 3) | (sq >> 3);
    }
    if s & 1 != 0 {
        sq ^= 7;
    }
    if s & 2 != 0 {
        sq ^= 56;
    }
    sq
}

/// Counts every legal position of `material` the way the generator's
/// statistics do (one per class of positions the board's symmetries turn
/// into each other: eight without pawns, the left-right mirror with; two
/// men of a kind count in both orders; the side not to move not in check;
/// no en-passant rights) by Syzygy's answers.
fn count_positions(tables: &SyzygyTables, material: &str) -> [[u64; 3]; 2] {
    let men = men_of(material);
    let n = men.len();
    let symmetries = if material.contains('P') { 2 } else { 8 };
    let mut counts = [[0u64; 3]; 2];
    let mut squares = vec![0usize; n];
    for index in 0..64usize.pow(n as u32) {
        let mut rest = index;
        for sq in squares.iter_mut().rev() {
            *sq = rest % 64;
            rest /= 64;
        }
        // Two men on a square, a pawn on the first or last rank.
        let clash = (0..n).any(|i| {
            (men[i].eq_ignore_ascii_case(&b'P') && !(8..56).contains(&squares[i]))
                || squares[..i].contains(&squares[i])
        });
        if clash {
            continue;
        }
        let canonical = (1..symmetries)
            .all(|s| squares.iter().fold(0, |acc, &sq| acc * 64 + image(sq, s)) >= index);
        if !canonical {
            continue;
        }
        for (side, white_to_move) in [(0, true), (1, false)] {
            let Some(board) = board(&men, &squares, white_to_move) else {
                continue;
            };
            let wdl = tables.probe_wdl(&board).expect("a tabled position");
            let slot = match wdl {
                Wdl::Win | Wdl::CursedWin => 0,
                Wdl::Draw => 1,
                Wdl::Loss | Wdl::BlessedLoss => 2,
            };
            counts[side][slot] += 1;
        }
    }
    counts
}

fn check_counts(materials: &[&str]) {
    let dir = data_dir("counts_match_the_statistics").unwrap().join("3-4");
    let tables = open(&dir.to_string_lossy());
    for material in materials {
        let published = published_counts(&dir.join(format!("{material}.txt")));
        let counted = count_positions(&tables, material);
        assert_eq!(counted, published, "{material}");
    }
}

/// The five 3-man tables and one 4-man table (KPvKP and the other 4-man
/// tables, seconds each, are in the sweep below).
#[test]
fn counts_match_the_statistics() {
    let _serial = serial();
    if data_dir("counts_match_the_statistics").is_none() {
        return;
    }
    check_counts(&["KQvK", "KRvK", "KBvK", "KNvK", "KPvK", "KQvKR"]);
}

/// Every 3- and 4-man table. `cargo xtask verify` runs it.
#[test]
#[ignore = "minutes: every position of every 4-man table; cargo xtask verify runs it"]
fn counts_match_the_statistics_for_every_table() {
    let _serial = serial();
    let Some(dir) = data_dir("counts_match_the_statistics_for_every_table") else {
        return;
    };
    let mut materials: Vec<String> = std::fs::read_dir(dir.join("3-4"))
        .unwrap()
        .flatten()
        .filter_map(|e| {
            e.file_name()
                .to_str()?
                .strip_suffix(".txt")
                .map(String::from)
        })
        .collect();
    materials.sort();
    let materials: Vec<&str> = materials.iter().map(String::as_str).collect();
    check_counts(&materials);
}

/// Plays `fen` out with both sides on the first-ranked move: the winner
/// must mate, never letting the fifty-move count reach 100.
fn converts(tables: &SyzygyTables, fen: &str) -> usize {
    let mut board = Board::from_fen(fen).unwrap();
    let winner = board.side_to_move();
    assert_eq!(tables.probe_wdl(&board), Some(Wdl::Win), "{fen}");
    for ply in 0..400 {
        if board.is_checkmate() {
            assert_ne!(board.side_to_move(), winner, "{fen}");
            return ply;
        }
        assert!(
            board.halfmove_clock() < 100,
            "{fen}: fifty moves at {}",
            board.to_fen()
        );
        let ranked = rank_root_moves(tables, &board).expect("a root probe");
        assert_eq!(ranked.len(), board.legal_moves().len());
        let best = ranked[0];
        if board.side_to_move() == winner {
            assert!(best.is_win(true), "{}: {best:?}", board.to_fen());
        }
        board.play(best.root.mv).unwrap();
        let for_mover = tables.probe_wdl(&board).map(Wdl::flipped);
        if board.side_to_move() != winner && !board.is_checkmate() {
            assert_eq!(for_mover, Some(Wdl::Win), "{}", board.to_fen());
        }
    }
    panic!("{fen}: no mate in 400 plies");
}

#[test]
fn root_ranking_keeps_and_converts_wins() {
    let _serial = serial();
    let Some(dir) = data_dir("root_ranking_keeps_and_converts_wins") else {
        return;
    };
    let both = format!("{}:{}", dir.join("3-4").display(), dir.join("5").display());
    let tables = open(&both);
    // KQvKR's longest win (62 plies), KRvK, a KPvK win that needs the
    // right king move, and a KRBvKR win (a 5-man table).
    for fen in [
        "8/8/2k5/1r6/8/8/8/2KQ4 b - - 0 1",
        "8/8/8/8/8/2k5/8/KR6 w - - 0 1",
        "8/8/7k/8/7K/1P6/8/8 b - - 0 1",
    ] {
        let mut board = Board::from_fen(fen).unwrap();
        if tables.probe_wdl(&board) != Some(Wdl::Win) {
            // The side to move loses: let it play its best move first.
            let ranked = rank_root_moves(&tables, &board).unwrap();
            board.play(ranked[0].root.mv).unwrap();
        }
        converts(&tables, &board.to_fen());
    }
    // Random KRBvKR wins, White to move.
    let mut found = 0;
    for board in random_positions("KRBvKR", 5, 400) {
        if board.side_to_move() == Color::White
            && board
                .colored_pieces(movegen::PieceKind::Bishop, Color::White)
                .len()
                == 1
            && tables.probe_wdl(&board) == Some(Wdl::Win)
        {
            let ranked = rank_root_moves(&tables, &board).unwrap();
            assert!(ranked[0].is_win(true), "{}", board.to_fen());
            assert!(ranked[0].root.dtz.is_some());
            let mut next = board.clone();
            next.play(ranked[0].root.mv).unwrap();
            assert_eq!(
                tables.probe_wdl(&next),
                Some(Wdl::Loss),
                "{}",
                board.to_fen()
            );
            found += 1;
            if found == 3 {
                converts(&tables, &board.to_fen());
            }
        }
    }
    assert!(found >= 3, "{found}");
}

/// A folder of copies of some small tables, each case damaged its own way.
struct Scratch(PathBuf);

impl Drop for Scratch {
    fn drop(&mut self) {
        let _ = std::fs::remove_dir_all(&self.0);
    }
}

#[test]
fn bad_files_warn_and_are_left_out() {
    let _serial = serial();
    let Some(dir) = data_dir("bad_files_warn_and_are_left_out") else {
        return;
    };
    let source = dir.join("3-4");
    let scratch =
        Scratch(std::env::temp_dir().join(format!("matewise-syzygy-test-{}", std::process::id())));
    let (good, bad, dirs) = (
        scratch.0.join("good"),
        scratch.0.join("bad"),
        scratch.0.join("dirs"),
    );
    for folder in [&good, &bad, &dirs] {
        std::fs::create_dir_all(folder).unwrap();
    }
    let read = |name: &str| std::fs::read(source.join(name)).unwrap();
    // Good: KQvK and KRvKR, WDL only (no DTZ: root probes go by WDL).
    for name in ["KQvK.rtbw", "KRvKR.rtbw"] {
        std::fs::write(good.join(name), read(name)).unwrap();
    }
    let write = |name: &str, bytes: &[u8]| std::fs::write(bad.join(name), bytes).unwrap();
    write("KRvK.rtbw", b"");
    let kpk = read("KPvK.rtbw");
    write("KPvK.rtbw", &kpk[..kpk.len() - 20]);
    let kqkr = read("KQvKR.rtbw");
    write("KQvKR.rtbw", &kqkr[..kqkr.len() - 64]);
    let mut krkb = read("KRvKB.rtbw");
    krkb[0] ^= 0xff;
    write("KRvKB.rtbw", &krkb);
    let mut krkn = read("KRvKN.rtbw");
    let mut rng = SplitMix64::new(4);
    for byte in &mut krkn[4..64] {
        *byte = rng.next_u64() as u8;
    }
    write("KRvKN.rtbw", &krkn);
    // Another table under this name: its header lists other pieces.
    write("KQvKB.rtbw", &read("KQvKN.rtbw"));
    let mut kbk = read("KBvKN.rtbw");
    kbk.extend([0xaa; 64]);
    write("KBvKN.rtbw", &kbk);
    write("KQvKQ.rtbz", &read("KQvKQ.rtbw"));
    // 64 random bytes past the first 64: here they hit an index table
    // (pyrrhic-rs read out of bounds on it: SIGSEGV).
    let mut kpkp = read("KPvKP.rtbw");
    let mut rng = SplitMix64::new(777);
    for _ in 0..64 {
        let at = 64 + rng.below(kpkp.len() - 64);
        kpkp[at] = rng.next_u64() as u8;
    }
    write("KPvKP.rtbw", &kpkp);
    std::fs::create_dir(dirs.join("KRvK.rtbw")).unwrap();
    let missing = scratch.0.join("missing");
    let path = [&good, &bad, &dirs, &missing]
        .map(|p| p.to_string_lossy().into_owned())
        .join(":");
    let (tables, warnings) = SyzygyTables::open(&path);
    let tables = tables.expect("the good tables open");
    for (file, why) in [
        ("bad/KRvK.rtbw", "empty"),
        ("bad/KPvK.rtbw", "wrong size"),
        ("bad/KQvKR.rtbw", "describes"),
        ("bad/KRvKB.rtbw", "magic"),
        ("bad/KRvKN.rtbw", "damaged"),
        ("bad/KQvKB.rtbw", "damaged or misnamed"),
        ("bad/KBvKN.rtbw", "describes"),
        ("bad/KQvKQ.rtbz", "magic"),
        ("bad/KPvKP.rtbw", "index or block-size table"),
        ("dirs/KRvK.rtbw", "not a regular file"),
        ("missing", "cannot be read"),
    ] {
        let hit = warnings.iter().any(|w| w.contains(file) && w.contains(why));
        assert!(hit, "no warning naming {file} ({why}) in {warnings:#?}");
    }
    assert_eq!(warnings.len(), 11, "{warnings:#?}");
    assert_eq!(tables.max_pieces(), 4);
    assert_eq!(tables.files().len(), 2);
    // The good tables answer; the left-out ones give no answer, no crash.
    let kqk = Board::from_fen("8/8/8/8/8/2k5/8/KQ6 w - - 0 1").unwrap();
    assert_eq!(tables.probe_wdl(&kqk), Some(Wdl::Win));
    let ranked = rank_root_moves(&tables, &kqk).unwrap();
    assert!(ranked[0].is_win(true) && ranked[0].root.dtz.is_none());
    let mut next = kqk.clone();
    next.play(ranked[0].root.mv).unwrap();
    assert_eq!(tables.probe_wdl(&next), Some(Wdl::Loss));
    let krkr = Board::from_fen("8/8/3k4/8/8/1r6/8/K6R w - - 0 1").unwrap();
    assert_eq!(tables.probe_wdl(&krkr), Some(Wdl::Draw));
    // Moves that give up a rook lead into KRvK, left out: no ranking.
    assert!(rank_root_moves(&tables, &krkr).is_none());
    for (fen, table) in [
        ("8/8/8/8/8/2k5/8/KR6 w - - 0 1", "KRvK"),
        ("8/8/8/8/8/2k5/4P3/K7 w - - 0 1", "KPvK"),
        ("8/8/8/8/8/2k5/3r4/KQ6 w - - 0 1", "KQvKR"),
        ("8/8/8/8/8/2k5/3b4/KR6 w - - 0 1", "KRvKB"),
        ("8/8/8/8/8/2k5/3n4/KR6 w - - 0 1", "KRvKN"),
        ("8/8/8/8/8/2k5/3b4/KQ6 w - - 0 1", "KQvKB"),
        ("8/8/8/4p3/8/2k5/4P3/K7 w - - 0 1", "KPvKP"),
    ] {
        let board = Board::from_fen(fen).unwrap();
        assert_eq!(tables.probe_wdl(&board), None, "{table}");
    }
    drop(tables);
    // Only bad files, a missing folder: nothing opens, nothing is stuck.
    let (none, warnings) = SyzygyTables::open(&bad.to_string_lossy());
    assert!(none.is_none());
    assert!(
        warnings.iter().any(|w| w.contains("no usable")),
        "{warnings:#?}"
    );
    let (none, warnings) = SyzygyTables::open(&missing.to_string_lossy());
    assert!(none.is_none() && warnings.len() == 2, "{warnings:#?}");
    let again = open(&good.to_string_lossy());
    assert_eq!(again.probe_wdl(&kqk), Some(Wdl::Win));
}

/// Every shipped file passes the checks (none is left out by mistake).
#[test]
fn every_shipped_file_passes_the_checks() {
    let _serial = serial();
    let Some(dir) = data_dir("every_shipped_file_passes_the_checks") else {
        return;
    };
    let both = format!("{}:{}", dir.join("3-4").display(), dir.join("5").display());
    let tables = open(&both);
    let shipped = ["3-4", "5"]
        .iter()
        .flat_map(|d| std::fs::read_dir(dir.join(d)).unwrap().flatten())
        .filter(|e| {
            let name = e.file_name();
            let name = name.to_string_lossy();
            name.ends_with(".rtbw") || name.ends_with(".rtbz")
        })
        .count();
    assert_eq!(tables.files().len(), shipped);
}

/// Microseconds per WDL probe, printed (run with `--nocapture`).
#[test]
fn probe_speed() {
    let _serial = serial();
    let Some(dir) = data_dir("probe_speed") else {
        return;
    };
    let both = format!("{}:{}", dir.join("3-4").display(), dir.join("5").display());
    let tables = open(&both);
    for (label, materials) in [
        ("4-man", &["KQvKR", "KRvKB", "KPvKP", "KBNvK", "KRPvK"][..]),
        ("KRBvKR", &["KRBvKR"][..]),
    ] {
        let boards: Vec<Board> = materials
            .iter()
            .enumerate()
            .flat_map(|(i, m)| random_positions(m, 7 + i as u64, 20_000 / materials.len()))
            .collect();
        let mut sink = 0;
        for board in &boards {
            sink += tables.probe_wdl(board).map_or(9, |w| w as usize);
        }
        let start = std::time::Instant::now();
        for _ in 0..3 {
            for board in &boards {
                sink += tables.probe_wdl(board).map_or(9, |w| w as usize);
            }
        }
        let micros = start.elapsed().as_secs_f64() * 1e6 / (3 * boards.len()) as f64;
        println!(
            "{label}: {micros:.2} us per WDL probe ({} positions, sink {sink})",
            boards.len()
        );
        let roots = &boards[..500];
        // Warm: the DTZ tables open on first use.
        roots.iter().for_each(|b| drop(rank_root_moves(&tables, b)));
        let start = std::time::Instant::now();
        let ranked = roots
            .iter()
            .filter(|b| rank_root_moves(&tables, b).is_some())
            .count();
        let micros = start.elapsed().as_secs_f64() * 1e6 / roots.len() as f64;
        println!("{label}: {micros:.1} us per root ranking ({ranked} of 500 ranked)");
    }
}

/// Random damage to many copies of tables (runs of bytes, scattered
/// bytes, everything but the first and last 64): each is left out with a
/// warning, or kept and probed; nothing may crash the process (a crash
/// fails this test by killing it). Damage inside the compressed blocks is
/// not detected (only a checksum would), and may give wrong answers.
/// `MATEWISE_SYZYGY_DAMAGE_SEEDS` sets the cases per table (30).
#[test]
fn damaged_tables_never_crash() {
    let _serial = serial();
    let Some(dir) = data_dir("damaged_tables_never_crash") else {
        return;
    };
    let source = dir.join("3-4");
    let scratch = Scratch(
        std::env::temp_dir().join(format!("matewise-syzygy-damage-{}", std::process::id())),
    );
    let (mut left_out, mut kept) = (0, 0);
    for (t, table) in ["KPvKP", "KQvKR", "KRvKP", "KBNvK", "KQvKP", "KRvKR"]
        .iter()
        .enumerate()
    {
        let original = std::fs::read(source.join(format!("{table}.rtbw"))).unwrap();
        let positions = random_positions(table, t as u64, 2_000);
        let seeds: u64 = std::env::var("MATEWISE_SYZYGY_DAMAGE_SEEDS")
            .ok()
            .and_then(|n| n.parse().ok())
            .unwrap_or(30);
        for seed in 0..seeds {
            let folder = scratch.0.join(format!("{table}-{seed}"));
            std::fs::create_dir_all(&folder).unwrap();
            let mut bytes = original.clone();
            let len = bytes.len();
            let mut rng = SplitMix64::new(seed);
            match seed % 3 {
                0 => {
                    for _ in 0..64 {
                        let at = 64 + rng.below(len - 64);
                        bytes[at] = rng.next_u64() as u8;
                    }
                }
                1 => {
                    let start = rng.below(len);
                    for byte in &mut bytes[start..(start + 4096).min(len)] {
                        *byte = rng.next_u64() as u8;
                    }
                }
                _ => {
                    for byte in &mut bytes[64..len - 64] {
                        *byte = rng.next_u64() as u8;
                    }
                }
            }
            std::fs::write(folder.join(format!("{table}.rtbw")), &bytes).unwrap();
            let (tables, warnings) = SyzygyTables::open(&folder.to_string_lossy());
            match tables {
                None => {
                    assert!(warnings.iter().any(|w| w.contains(table)), "{warnings:?}");
                    left_out += 1;
                }
                Some(tables) => {
                    for board in &positions {
                        let _ = tables.probe_wdl(board);
                    }
                    kept += 1;
                }
            }
            std::fs::remove_dir_all(&folder).unwrap();
        }
    }
    println!("damaged tables: {left_out} left out, {kept} kept and probed without a crash");
}

/// Search threads probe one `SyzygyTables` at once: the answers are those
/// of one thread.
#[test]
fn probes_from_several_threads_agree() {
    let _serial = serial();
    let Some(dir) = data_dir("probes_from_several_threads_agree") else {
        return;
    };
    let both = format!("{}:{}", dir.join("3-4").display(), dir.join("5").display());
    let tables = open(&both);
    let boards: Vec<Board> = ["KQvKR", "KPvKP", "KRBvKR", "KBNvK"]
        .iter()
        .enumerate()
        .flat_map(|(i, m)| random_positions(m, 50 + i as u64, 2_500))
        .collect();
    // Cold start in both threads at once (tables open lazily), in
    // opposite orders.
    let answers: Vec<Vec<Option<Wdl>>> = std::thread::scope(|scope| {
        let threads: Vec<_> = [false, true]
            .map(|reverse| {
                let (tables, boards) = (&tables, &boards);
                scope.spawn(move || {
                    let mut out = vec![None; boards.len()];
                    let order: Vec<usize> = if reverse {
                        (0..boards.len()).rev().collect()
                    } else {
                        (0..boards.len()).collect()
                    };
                    for i in order {
                        out[i] = tables.probe_wdl(&boards[i]);
                    }
                    out
                })
            })
            .into_iter()
            .collect();
        threads.into_iter().map(|t| t.join().unwrap()).collect()
    });
    let alone: Vec<Option<Wdl>> = boards.iter().map(|b| tables.probe_wdl(b)).collect();
    assert_eq!(answers[0], alone);
    assert_eq!(answers[1], alone);
    assert!(alone.iter().all(Option::is_some));
}

/// Positions with the right to take en passant (which no table stores)
/// are valued as their best move's: Syzygy's answer equals the one backed
/// up from its answers after each legal move (none of these tables has a
/// cursed result, so the backing up is exact).
#[test]
fn en_passant_positions_back_up() {
    let _serial = serial();
    let Some(dir) = data_dir("en_passant_positions_back_up") else {
        return;
    };
    let tables = open(&dir.join("3-4").to_string_lossy());
    let mut rng = SplitMix64::new(11);
    let (mut checked, mut changed_by_ep) = (0, 0);
    while checked < 500 {
        // White to move: Black's pawn has just gone from x7 to x5, beside
        // White's pawn on y5; or the mirror with Black to move.
        let x = rng.below(8);
        let y = if x == 0 {
            1
        } else if x == 7 || rng.below(2) == 0 {
            x - 1
        } else {
            x + 1
        };
        let white = rng.below(2) == 0;
        let (rank, target, men) = if white {
            (4, 5, [b'p', b'P'])
        } else {
            (3, 2, [b'P', b'p'])
        };
        let squares = [rank * 8 + x, rank * 8 + y, rng.below(64), rng.below(64)];
        let behind = [(target * 8 + x), (if white { 6 } else { 1 }) * 8 + x];
        if squares[2..].iter().any(|s| behind.contains(s)) {
            continue;
        }
        let Some(plain) = board(&[men[0], men[1], b'K', b'k'], &squares, white) else {
            continue;
        };
        let square = movegen::Square::from_index_masked(target * 8 + x);
        let mut fields: Vec<String> = plain.to_fen().split(' ').map(String::from).collect();
        fields[3] = square.to_string();
        let fen = fields.join(" ");
        let Ok(with_ep) = Board::from_fen(&fen) else {
            continue;
        };
        if with_ep.en_passant().is_none() {
            continue;
        }
        let value = tables.probe_wdl(&with_ep).expect("a tabled position");
        let moves = with_ep.legal_moves();
        let backed_up = moves
            .iter()
            .map(|&mv| {
                let mut child = with_ep.clone();
                child.play_unchecked(mv);
                if child.is_checkmate() {
                    Wdl::Win
                } else {
                    tables.probe_wdl(&child).expect("a tabled child").flipped()
                }
            })
            .max()
            .unwrap_or(if with_ep.in_check() {
                Wdl::Loss
            } else {
                Wdl::Draw
            });
        assert_eq!(value, backed_up, "{fen}");
        changed_by_ep += usize::from(tables.probe_wdl(&plain) != Some(value));
        checked += 1;
    }
    assert!(changed_by_ep > 0, "no position where the right mattered");
}

//! Generates every attack table once, at build time, into `OUT_DIR/tables.rs`:
//! leaper attacks, magic-bitboard slider tables (and a PEXT-indexed twin),
//! `between`/`line` tables and the Zobrist keys. Nothing is computed at run
//! time and there is nothing to initialise.

use std::fmt::Write as _;
use std::path::PathBuf;

const ROOK_DIRS: [(i32, i32); 4] = [(1, 0), (-1, 0), (0, 1), (0, -1)];
const BISHOP_DIRS: [(i32, i32); 4] = [(1, 1), (1, -1), (-1, 1), (-1, -1)];

/// The crate's own generator, compiled in here too: a build script cannot
/// depend on the crate it builds.
#[path = "src/rng.rs"]
#[allow(dead_code)]
mod rng;
use rng::SplitMix64;

fn on_board(f: i32, r: i32) -> bool {
    (0..8).contains(&f) && (0..8).contains(&r)
}

fn bit(f: i32, r: i32) -> u64 {
    1u64 << (r * 8 + f)
}

fn leaper(sq: i32, steps: &[(i32, i32)]) -> u64 {
    let (f, r) = (sq % 8, sq / 8);
    steps
        .iter()
        .filter(|(df, dr)| on_board(f + df, r + dr))
        .fold(0, |acc, (df, dr)| acc | bit(f + df, r + dr))
}

fn slider(sq: i32, occ: u64, dirs: &[(i32, i32)]) -> u64 {
    let (f0, r0) = (sq % 8, sq / 8);
    let mut attacks = 0;
    for (df, dr) in dirs {
        let (mut f, mut r) = (f0 + df, r0 + dr);
        while on_board(f, r) {
            attacks |= bit(f, r);
            if occ & bit(f, r) != 0 {
                break;
            }
            f += df;
            r += dr;
        }
    }
    attacks
}

/// The relevant-occupancy mask: the rays without their last square.
fn relevant_mask(sq: i32, dirs: &[(i32, i32)]) -> u64 {
    let (f0, r0) = (sq % 8, sq / 8);
    let mut mask = 0;
    for (df, dr) in dirs {
        let (mut f, mut r) = (f0 + df, r0 + dr);
        while on_board(f + df, r + dr) {
            mask |= bit(f, r);
            f += df;
            r += dr;
        }
    }
    mask
}

/// Scatters the low bits of `index` over the set bits of `mask` (software PDEP).
fn deposit(index: u64, mask: u64) -> u64 {
    let mut out = 0;
    let mut m = mask;
    let mut i = 0;
    while m != 0 {
        let low = m & m.wrapping_neg();
        if index >> i & 1 != 0 {
            out |= low;
        }
        m &= m - 1;
        i += 1;
    }
    out
}

struct SliderTables {
    masks: Vec<u64>,
    magics: Vec<u64>,
    offsets: Vec<usize>,
    magic_table: Vec<u64>,
    pext_table: Vec<u64>,
}

fn build_slider(dirs: &[(i32, i32)], rng: &mut SplitMix64, table_base: usize) -> SliderTables {
    let mut t = SliderTables {
        masks: vec![],
        magics: vec![],
        offsets: vec![],
        magic_table: vec![],
        pext_table: vec![],
    };
    for sq in 0..64 {
        let mask = relevant_mask(sq, dirs);
        let bits = mask.count_ones();
        let size = 1usize << bits;
        let occs: Vec<u64> = (0..size as u64).map(|i| deposit(i, mask)).collect();
        let attacks: Vec<u64> = occs.iter().map(|&o| slider(sq, o, dirs)).collect();
        let shift = 64 - bits;
        let mut used = vec![0u64; size];
        let mut epoch = vec![0u32; size];
        let mut attempt = 0u32;
        let magic = loop {
            attempt += 1;
            let candidate = rng.sparse();
            if (mask.wrapping_mul(candidate) >> 56).count_ones() < 6 {
                continue;
            }
            let ok = occs.iter().zip(&attacks).all(|(&occ, &att)| {
                let idx = (occ.wrapping_mul(candidate) >> shift) as usize;
                if epoch[idx] != attempt {
                    epoch[idx] = attempt;
                    used[idx] = att;
                    true
                } else {
                    used[idx] == att
                }
            });
            if ok {
                break candidate;
            }
        };
        let offset = table_base + t.magic_table.len();
        let mut magic_part = vec![0u64; size];
        for (&occ, &att) in occs.iter().zip(&attacks) {
            magic_part[(occ.wrapping_mul(magic) >> shift) as usize] = att;
        }
        t.magic_table.extend(magic_part);
        // PEXT of a deposited index returns that index, so the PEXT table is
        // simply the attacks in enumeration order.
        t.pext_table.extend(attacks);
        t.masks.push(mask);
        t.magics.push(magic);
        t.offsets.push(offset);
    }
    t
}

fn write_array(out: &mut String, name: &str, ty: &str, values: impl Iterator<Item = u64>) {
    let values: Vec<u64> = values.collect();
    writeln!(
        out,
        "pub(crate) static {name}: [{ty}; {}] = [",
        values.len()
    )
    .unwrap();
    for chunk in values.chunks(8) {
        let line: Vec<String> = chunk.iter().map(|v| format!("{v:#x}")).collect();
        writeln!(out, "    {},", line.join(", ")).unwrap();
    }
    writeln!(out, "];").unwrap();
}

fn main() {
    println!("cargo:rerun-if-changed=build.rs");
    println!("cargo:rerun-if-changed=src/rng.rs");
    let mut out = String::new();
    let knight: Vec<(i32, i32)> = vec![
        (1, 2),
        (2, 1),
        (2, -1),
        (1, -2),
        (-1, -2),
        (-2, -1),
        (-2, 1),
        (-1, 2),
    ];
    let king: Vec<(i32, i32)> = ROOK_DIRS.iter().chain(&BISHOP_DIRS).copied().collect();
    write_array(
        &mut out,
        "KNIGHT_ATTACKS",
        "u64",
        (0..64).map(|s| leaper(s, &knight)),
    );
    write_array(
        &mut out,
        "KING_ATTACKS",
        "u64",
        (0..64).map(|s| leaper(s, &king)),
    );
    write_array(
        &mut out,
        "PAWN_ATTACKS",
        "u64",
        (0..64)
            .map(|s| leaper(s, &[(-1, 1), (1, 1)]))
            .chain((0..64).map(|s| leaper(s, &[(-1, -1), (1, -1)]))),
    );

    write_array(
        &mut out,
        "ROOK_RAYS",
        "u64",
        (0..64).map(|s| slider(s, 0, &ROOK_DIRS)),
    );
    write_array(
        &mut out,
        "BISHOP_RAYS",
        "u64",
        (0..64).map(|s| slider(s, 0, &BISHOP_DIRS)),
    );
    let mut rng = SplitMix64::new(0x4D61_7465_7769_7365); // "Matewise"
    let rook = build_slider(&ROOK_DIRS, &mut rng, 0);
    let bishop = build_slider(&BISHOP_DIRS, &mut rng, rook.magic_table.len());
    for (name, t) in [("ROOK", &rook), ("BISHOP", &bishop)] {
        writeln!(out, "pub(crate) static {name}_MAGICS: [Magic; 64] = [").unwrap();
        for sq in 0..64 {
            writeln!(
                out,
                "    Magic {{ mask: {:#x}, magic: {:#x}, shift: {}, offset: {} }},",
                t.masks[sq],
                t.magics[sq],
                64 - t.masks[sq].count_ones(),
                t.offsets[sq]
            )
            .unwrap();
        }
        writeln!(out, "];").unwrap();
    }
    write_array(
        &mut out,
        "SLIDER_ATTACKS",
        "u64",
        rook.magic_table.iter().chain(&bishop.magic_table).copied(),
    );
    out.push_str("#[cfg(target_arch = \"x86_64\")]\n");
    write_array(
        &mut out,
        "SLIDER_ATTACKS_PEXT",
        "u64",
        rook.pext_table.iter().chain(&bishop.pext_table).copied(),
    );

    let mut between = vec![0u64; 64 * 64];
    let mut line = vec![0u64; 64 * 64];
    for a in 0..64i32 {
        for (df, dr) in ROOK_DIRS.iter().chain(&BISHOP_DIRS) {
            let full = slider(a, 0, &[(*df, *dr), (-df, -dr)]) | (1u64 << a);
            let (mut f, mut r) = (a % 8 + df, a / 8 + dr);
            let mut path = 0u64;
            while on_board(f, r) {
                let b = (r * 8 + f) as usize;
                between[a as usize * 64 + b] = path;
                line[a as usize * 64 + b] = full;
                path |= bit(f, r);
                f += df;
                r += dr;
            }
        }
    }
    write_array(&mut out, "BETWEEN", "u64", between.into_iter());
    write_array(&mut out, "LINE", "u64", line.into_iter());

    let mut zrng = SplitMix64::new(0x5A6F_6272_6973_7421);
    write_array(
        &mut out,
        "ZOBRIST_PIECES",
        "u64",
        (0..12 * 64).map(|_| zrng.next_u64()),
    );
    // Castling keys are the XOR of one key per right, so a right's removal is one XOR away.
    let rights: Vec<u64> = (0..4).map(|_| zrng.next_u64()).collect();
    write_array(
        &mut out,
        "ZOBRIST_CASTLING",
        "u64",
        (0..16usize).map(|m| {
            (0..4)
                .filter(|i| m >> i & 1 != 0)
                .fold(0, |k, i| k ^ rights[i])
        }),
    );
    write_array(
        &mut out,
        "ZOBRIST_EP_FILE",
        "u64",
        (0..8).map(|_| zrng.next_u64()),
    );
    writeln!(
        out,
        "pub(crate) const ZOBRIST_SIDE: u64 = {:#x};",
        zrng.next_u64()
    )
    .unwrap();

    let path = PathBuf::from(std::env::var("OUT_DIR").unwrap()).join("tables.rs");
    std::fs::write(path, out).unwrap();
}

//! The layout of a Syzygy file's header, walked with bounds checks.
//!
//! A Syzygy table's header fixes the size of everything after it: for each
//! sub-table the order of its pieces, then the Huffman-like "pairs" codes
//! (block size, index bits, symbol tree), the DTZ value maps, then the index
//! tables, the block-size tables and the 64-byte aligned compressed blocks,
//! and last a 16-byte checksum. The prober (pyrrhic-rs) reads that header
//! without checking it: a damaged one makes it panic, recurse without end
//! (a cycle in the symbol tree) or read out of bounds. This walks the same
//! header the way the prober's `init_table` does, in safe code, and accepts
//! the file only if every field is in range, the symbol tree is a tree, the
//! pieces are the material its name says, and the layout ends exactly 16
//! bytes before the end of the file. What it cannot see is damage inside the
//! compressed blocks (nothing short of the checksum would).

use super::files::{Kind, Material};

/// Piece codes as the prober numbers them: pawn 1 .. king 6, +8 for the
/// second-named side.
fn piece_code(letter: u8) -> u8 {
    match letter {
        b'P' => 1,
        b'N' => 2,
        b'B' => 3,
        b'R' => 4,
        b'Q' => 5,
        _ => 6,
    }
}

/// The order in which the prober maps files a-d of a leading pawn.
#[rustfmt::skip]
const PAWN_TWIST: [u8; 64] = [
     0,  0,  0,  0,  0,  0,  0,  0,
    47, 35, 23, 11, 10, 22, 34, 46,
    45, 33, 21,  9,  8, 20, 32, 44,
    43, 31, 19,  7,  6, 18, 30, 42,
    41, 29, 17,  5,  4, 16, 28, 40,
    39, 27, 15,  3,  2, 14, 26, 38,
    37, 25, 13,  1,  0, 12, 24, 36,
     0,  0,  0,  0,  0,  0,  0,  0,
];

fn binomial(k: u64, n: u64) -> u64 {
    if k > n {
        return 0;
    }
    (0..k).fold(1u64, |acc, i| acc * (n - i) / (i + 1))
}

/// The number of placements of `leading` leading pawns with the first of
/// them on file `file` (0..4), as the prober's `PAWN_FACTOR_FILE`.
fn pawn_factor_file(leading: usize, file: usize) -> u64 {
    (file * 6..file * 6 + 6)
        .map(|j| {
            binomial(
                leading as u64 - 1,
                PAWN_TWIST[(1 + j % 6) * 8 + j / 6] as u64,
            )
        })
        .sum()
}

/// `n` choose `k` as the prober's `subfactor` computes it.
fn subfactor(k: u64, n: u64) -> u64 {
    binomial(k, n)
}

/// A cursor over the header bytes read so far.
struct Reader<'a> {
    bytes: &'a [u8],
}

impl Reader<'_> {
    fn byte(&self, at: usize) -> Result<u8, String> {
        self.bytes
            .get(at)
            .copied()
            .ok_or_else(|| format!("header runs past byte {at}: truncated or damaged"))
    }

    fn u16(&self, at: usize) -> Result<u64, String> {
        Ok(u64::from(self.byte(at)?) | u64::from(self.byte(at + 1)?) << 8)
    }

    fn u32(&self, at: usize) -> Result<u64, String> {
        Ok(self.u16(at)? | self.u16(at + 2)? << 16)
    }
}

/// What the material says about the encoding.
struct Entry {
    num: usize,
    has_pawns: bool,
    /// Leading pawns and the other side's, as the prober orders them.
    pawns: [usize; 2],
    kk_enc: bool,
    codes: Vec<u8>,
}

impl Entry {
    fn of(material: &Material) -> Entry {
        let mut codes: Vec<u8> = material.first.iter().map(|&l| piece_code(l)).collect();
        codes.extend(material.second.iter().map(|&l| piece_code(l) | 8));
        let count = |code: u8| codes.iter().filter(|&&c| c == code).count();
        let (white_pawns, black_pawns) = (count(1), count(9));
        let mut pawns = [white_pawns, black_pawns];
        if black_pawns != 0 && (white_pawns == 0 || white_pawns > black_pawns) {
            pawns.swap(0, 1);
        }
        let mut distinct = codes.clone();
        distinct.sort_unstable();
        distinct.dedup();
        let singles = distinct.iter().filter(|&&c| count(c) == 1).count();
        Entry {
            num: codes.len(),
            has_pawns: material.has_pawns(),
            pawns,
            kk_enc: singles == 2,
            codes,
        }
    }
}

/// The size of one sub-table's index range (the prober's `init_enc_info`),
/// after checking its piece order bytes at `at` (nibble `shift`).
fn table_size(
    reader: &Reader,
    entry: &Entry,
    at: usize,
    shift: u32,
    file: usize,
) -> Result<u64, String> {
    let pawn_enc = entry.has_pawns;
    let more_pawns = pawn_enc && entry.pawns[1] > 0;
    let mut pieces = Vec::with_capacity(entry.num);
    for i in 0..entry.num {
        pieces.push((reader.byte(at + i + 1 + usize::from(more_pawns))? >> shift) & 0xf);
    }
    let mut sorted = pieces.clone();
    sorted.sort_unstable();
    let mut expected = entry.codes.clone();
    expected.sort_unstable();
    if sorted != expected {
        return Err(format!(
            "its header lists pieces {pieces:?}, not those of its name: damaged or misnamed"
        ));
    }
    let order = usize::from((reader.byte(at)? >> shift) & 0xf);
    let order2 = if more_pawns {
        usize::from((reader.byte(at + 1)? >> shift) & 0xf)
    } else {
        0xf
    };
    let mut norm = [0usize; 8];
    norm[0] = if pawn_enc {
        entry.pawns[0]
    } else if entry.kk_enc {
        2
    } else {
        3
    };
    let mut k = norm[0];
    if more_pawns {
        norm[k] = entry.pawns[1];
        k += norm[k];
    }
    let mut i = k;
    while i < entry.num {
        let mut j = i;
        while j < entry.num && pieces[j] == pieces[i] {
            norm[i] += 1;
            j += 1;
        }
        i += norm[i];
    }
    // The groups in the order the index multiplies them: the leading
    // group (`order`), the other side's pawns (`order2`), the rest.
    let groups = 1 + usize::from(more_pawns) + (k..entry.num).filter(|&i| norm[i] > 0).count();
    if order >= groups || (more_pawns && (order2 >= groups || order2 == order)) {
        return Err("its header's piece order is out of range: damaged".to_string());
    }
    let mut n = 64 - k as u64;
    let mut f: u64 = 1;
    let mut step = 0;
    while k < entry.num || step == order || step == order2 {
        let factor = if step == order {
            if pawn_enc {
                pawn_factor_file(norm[0], file)
            } else if entry.kk_enc {
                462
            } else {
                31_332
            }
        } else if step == order2 {
            subfactor(norm[norm[0]] as u64, 48 - norm[0] as u64)
        } else {
            let factor = subfactor(norm[k] as u64, n);
            n -= norm[k] as u64;
            k += norm[k];
            factor
        };
        f = f
            .checked_mul(factor)
            .ok_or("its header's index range overflows: damaged")?;
        step += 1;
    }
    Ok(f)
}

/// Sizes of a sub-table's index table, block-size table and blocks.
type Sizes = [u64; 3];

/// Walks one "pairs" header at `*at` (the prober's `setup_pairs`); returns
/// its flags and the sizes of the parts it describes.
fn pairs(reader: &Reader, at: &mut usize, size: u64) -> Result<(u8, Sizes), String> {
    let start = *at;
    let flags = reader.byte(start)?;
    if flags & 0x80 != 0 {
        reader.byte(start + 1)?;
        *at = start + 2;
        return Ok((flags, [0; 3]));
    }
    let damaged = |what: &str| format!("its header's {what} is out of range: damaged");
    let block_size = u32::from(reader.byte(start + 1)?);
    let index_bits = u32::from(reader.byte(start + 2)?);
    let real_blocks = reader.u32(start + 4)?;
    let blocks = real_blocks + u64::from(reader.byte(start + 3)?);
    let max_len = usize::from(reader.byte(start + 8)?);
    let min_len = usize::from(reader.byte(start + 9)?);
    if min_len == 0 || min_len > max_len || max_len > 64 {
        return Err(damaged("code length"));
    }
    if index_bits == 0 || index_bits >= 64 || block_size >= 32 {
        return Err(damaged("block size"));
    }
    let h = max_len - min_len + 1;
    let symbols = reader.u16(start + 10 + 2 * h)? as usize;
    if symbols == 0 || symbols >= 4096 {
        return Err(damaged("symbol count"));
    }
    let patterns = start + 12 + 2 * h;
    let end = patterns + 3 * symbols + (symbols & 1);
    reader.byte(end - 1)?;
    // Each symbol is a leaf or a pair of earlier-resolved symbols: a tree.
    let children = |s: usize| -> Result<Option<(usize, usize)>, String> {
        let w = [
            reader.byte(patterns + 3 * s)?,
            reader.byte(patterns + 3 * s + 1)?,
            reader.byte(patterns + 3 * s + 2)?,
        ];
        let s2 = (usize::from(w[2]) << 4) | usize::from(w[1] >> 4);
        if s2 == 0xfff {
            return Ok(None);
        }
        let s1 = (usize::from(w[1] & 0xf) << 8) | usize::from(w[0]);
        if s1 >= symbols || s2 >= symbols {
            return Err(damaged("symbol tree"));
        }
        Ok(Some((s1, s2)))
    };
    // 0: not seen, 1: on the path being walked, 2: done.
    let mut state = vec![0u8; symbols];
    for root in 0..symbols {
        if state[root] != 0 {
            continue;
        }
        let mut stack = vec![(root, false)];
        while let Some((s, expanded)) = stack.pop() {
            if expanded {
                state[s] = 2;
                continue;
            }
            match state[s] {
                2 => continue,
                1 => return Err(damaged("symbol tree (a cycle)")),
                _ => {}
            }
            state[s] = 1;
            stack.push((s, true));
            if let Some((s1, s2)) = children(s)? {
                for child in [s1, s2] {
                    match state[child] {
                        0 => stack.push((child, false)),
                        1 => return Err(damaged("symbol tree (a cycle)")),
                        _ => {}
                    }
                }
            }
        }
    }
    *at = end;
    let indices = size.div_ceil(1u64 << index_bits);
    Ok((flags, [6 * indices, 2 * blocks, real_blocks << block_size]))
}

/// Checks the header of a table of `material` and `kind` whose first bytes
/// (at least the whole header) are `header`, of `file_size` bytes in all.
pub fn check(header: &[u8], file_size: u64, material: &Material, kind: Kind) -> Result<(), String> {
    let reader = Reader { bytes: header };
    let entry = Entry::of(material);
    let split = kind == Kind::Wdl && reader.byte(4)? & 1 != 0;
    let tables = if entry.has_pawns { 4 } else { 1 };
    let halves = if split { 2 } else { 1 };
    let mut at = 5;
    let mut sizes = vec![[0u64; 2]; tables];
    for (file, size) in sizes.iter_mut().enumerate() {
        size[0] = table_size(&reader, &entry, at, 0, file)?;
        if split {
            size[1] = table_size(&reader, &entry, at, 4, file)?;
        }
        at += entry.num + 1 + usize::from(entry.has_pawns && entry.pawns[1] > 0);
    }
    at += at & 1;
    // In the order of the index tables, size tables and blocks that follow.
    let mut parts: Vec<Sizes> = Vec::with_capacity(tables * halves);
    let mut dtz_flags = Vec::with_capacity(tables);
    for table in &sizes {
        for (half, &size) in table[..halves].iter().enumerate() {
            let (flags, part) = pairs(&reader, &mut at, size)?;
            parts.push(part);
            if half == 0 {
                dtz_flags.push(flags);
            }
        }
    }
    if kind == Kind::Dtz {
        for &flags in &dtz_flags {
            if flags & 2 == 0 {
                continue;
            }
            if flags & 16 == 0 {
                for _ in 0..4 {
                    at += 1 + usize::from(reader.byte(at)?);
                }
            } else {
                at += at & 1;
                for _ in 0..4 {
                    at += 2 + 2 * reader.u16(at)? as usize;
                }
            }
        }
        at += at & 1;
    }
    let mut end = at as u64;
    for part in 0..2 {
        end += parts.iter().map(|sizes| sizes[part]).sum::<u64>();
    }
    for sizes in &parts {
        end = end.div_ceil(64) * 64 + sizes[2];
    }
    // The last block is padded to 64 bytes; a 16-byte checksum follows.
    let described = end.div_ceil(64) * 64 + 16;
    if described != file_size {
        return Err(format!(
            "its header describes {described} bytes, the file has {file_size}: truncated, damaged or misnamed"
        ));
    }
    Ok(())
}

//! The layout of a Syzygy file, walked with bounds checks.
//!
//! A Syzygy table's header fixes the size of everything after it: for each
//! sub-table the order of its pieces, then the Huffman-like "pairs" codes
//! (block size, index bits, symbol tree), the DTZ value maps, then the index
//! tables, the block-size tables and the 64-byte aligned compressed blocks,
//! and last a 16-byte checksum. The prober (pyrrhic-rs) reads all of it
//! without checking: a damaged file makes it panic, recurse without end (a
//! cycle in the symbol tree) or read out of bounds. This walks the file the
//! way the prober's `init_table`, `setup_pairs` and `decompress_pairs` do,
//! in safe code, and accepts it only if:
//!
//! - the pieces are the material its name says, every field is in range,
//!   the symbol tree is acyclic and every code names a symbol;
//! - the layout ends exactly where the file does;
//! - every index entry leads to a block that exists;
//! - the blocks near the end of the file decode without reading past it
//!   (a block elsewhere that decodes wrongly reads into the next blocks).
//!
//! What it cannot see is other damage inside the compressed blocks, which
//! gives wrong answers, not a crash (only the checksum would show it).

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

/// One sub-table's "pairs" header, as far as the checks need it.
struct Pairs {
    flags: u8,
    /// The index table's, block-size table's and blocks' sizes in bytes.
    sizes: Sizes,
    /// 0 for a table of one value (no index, no blocks).
    index_bits: u32,
    /// Positions in the sub-table.
    positions: u64,
    /// Blocks of compressed data (the block-size table may have more).
    real_blocks: u64,
    /// log2 of a block's size in bytes.
    block_size: u32,
    /// The shortest code length, and per length from it its first symbol
    /// (the raw offset) and its first code (left-aligned).
    min_len: usize,
    raw: Vec<u64>,
    base: Vec<u64>,
    /// Symbols each symbol stands for, less one, as the decoder counts.
    symbol_lengths: Vec<u8>,
}

/// Walks one "pairs" header at `*at` (the prober's `setup_pairs`) for a
/// sub-table of `size` positions.
fn pairs(reader: &Reader, at: &mut usize, size: u64) -> Result<Pairs, String> {
    let start = *at;
    let flags = reader.byte(start)?;
    if flags & 0x80 != 0 {
        reader.byte(start + 1)?;
        *at = start + 2;
        return Ok(Pairs {
            flags,
            sizes: [0; 3],
            index_bits: 0,
            positions: size,
            real_blocks: 0,
            block_size: 0,
            min_len: 0,
            raw: Vec::new(),
            base: Vec::new(),
            symbol_lengths: Vec::new(),
        });
    }
    let damaged = |what: &str| format!("its header's {what} is out of range: damaged");
    let block_size = u32::from(reader.byte(start + 1)?);
    let index_bits = u32::from(reader.byte(start + 2)?);
    let real_blocks = reader.u32(start + 4)?;
    let blocks = real_blocks + u64::from(reader.byte(start + 3)?);
    let max_len = usize::from(reader.byte(start + 8)?);
    let min_len = usize::from(reader.byte(start + 9)?);
    // Longer codes would shift a u64 by 64 in the decoder.
    if min_len == 0 || min_len > max_len || max_len > 63 {
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
    let cycle = || "its header's symbol tree has a cycle: damaged".to_string();
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
                1 => return Err(cycle()),
                _ => {}
            }
            state[s] = 1;
            stack.push((s, true));
            if let Some((s1, s2)) = children(s)? {
                for child in [s1, s2] {
                    match state[child] {
                        0 => stack.push((child, false)),
                        1 => return Err(cycle()),
                        _ => {}
                    }
                }
            }
        }
    }
    // Every code the decoder can meet must name a symbol: for each code
    // length, the codes that get it (at least its base, below every
    // shorter length's base) map below the symbol count.
    let raw: Vec<u64> = (0..h)
        .map(|i| reader.u16(start + 10 + 2 * i))
        .collect::<Result<_, _>>()?;
    let mut base = vec![0u64; h];
    for i in (0..h.saturating_sub(1)).rev() {
        base[i] = base[i + 1].wrapping_add(raw[i]).wrapping_sub(raw[i + 1]) / 2;
    }
    for (i, b) in base.iter_mut().enumerate() {
        let shift = 64 - (min_len + i) as u32;
        *b = b.checked_shl(shift).unwrap_or(0);
    }
    let mut below = u128::from(u64::MAX) + 1;
    for i in 0..h {
        let length = (min_len + i) as u32;
        if u128::from(base[i]) < below {
            let highest = (below - 1) as u64;
            let last = raw[i] + ((highest - base[i]) >> (64 - length));
            if last >= symbols as u64 {
                return Err(damaged("code table"));
            }
            below = u128::from(base[i]);
        }
    }
    // The decoder's symbol lengths (the tree is acyclic: children first).
    let mut symbol_lengths = vec![0u8; symbols];
    let mut done = vec![false; symbols];
    for root in 0..symbols {
        let mut stack = vec![root];
        while let Some(&s) = stack.last() {
            if done[s] {
                stack.pop();
                continue;
            }
            match children(s)? {
                None => {
                    done[s] = true;
                    stack.pop();
                }
                Some((s1, s2)) if done[s1] && done[s2] => {
                    symbol_lengths[s] = symbol_lengths[s1]
                        .wrapping_add(symbol_lengths[s2])
                        .wrapping_add(1);
                    done[s] = true;
                    stack.pop();
                }
                Some((s1, s2)) => stack.extend([s1, s2]),
            }
        }
    }
    *at = end;
    let indices = size.div_ceil(1u64 << index_bits);
    Ok(Pairs {
        flags,
        sizes: [6 * indices, 2 * blocks, real_blocks << block_size],
        index_bits,
        positions: size,
        real_blocks,
        block_size,
        min_len,
        raw,
        base,
        symbol_lengths,
    })
}

/// How far past its start the decoder may read for one block, at most:
/// 65,536 symbols of at most 63 bits, and its look-ahead.
const MAX_BLOCK_READ: u64 = 65_536 * 8 + 16;

/// Decodes every symbol of block `block` (at `start` in the file, its
/// bytes from there to the end of the file being `bytes`) the way the
/// prober's `decompress_pairs` does, and fails if that would read past the
/// end of the file (the prober would read past its mapping and crash).
fn check_block(pairs: &Pairs, symbols: u64, bytes: &[u8]) -> Result<(), String> {
    let past_end = || "its compressed data runs past the end of the file: damaged".to_string();
    let word = |at: usize, n: usize| -> Result<u64, String> {
        let slice = bytes.get(at..at + n).ok_or_else(past_end)?;
        Ok(slice.iter().fold(0u64, |acc, &b| acc << 8 | u64::from(b)))
    };
    let m = pairs.min_len;
    let mut code = word(0, 8)?;
    let mut next = 8;
    let mut bits = 0u32;
    let mut left = symbols as i64;
    loop {
        let mut i = 0;
        while code < pairs.base[i] {
            i += 1;
        }
        let length = (m + i) as u32;
        let sym = pairs.raw[i] + ((code - pairs.base[i]) >> (64 - length));
        let count = i64::from(pairs.symbol_lengths[sym as usize]) + 1;
        if left < count {
            return Ok(());
        }
        left -= count;
        code <<= length;
        bits += length;
        if bits >= 32 {
            bits -= 32;
            code |= word(next, 4)? << bits;
            next += 4;
        }
    }
}

/// Checks that every index entry of a sub-table leads the decoder, walking
/// the block sizes as it does, to a block that exists (the prober's
/// `decompress_pairs`). `index` and `sizes` are the sub-table's index and
/// block-size tables.
fn check_index(pairs: &Pairs, index: &[u8], sizes: &[u8]) -> Result<(), String> {
    let damaged = || "its index or block-size table is damaged".to_string();
    let blocks = sizes.len() / 2;
    let size_of = |block: i64| -> Option<i64> {
        let at = usize::try_from(block).ok()?;
        (at < blocks).then(|| i64::from(sizes[2 * at]) | i64::from(sizes[2 * at + 1]) << 8)
    };
    let half = 1i64 << (pairs.index_bits - 1);
    let entries = index.len() / 6;
    for main in 0..entries {
        let e = &index[6 * main..6 * main + 6];
        let block = i64::from(u32::from_le_bytes([e[0], e[1], e[2], e[3]]));
        let offset = i64::from(u16::from_le_bytes([e[4], e[5]]));
        // The lowest and highest literal index this entry serves.
        let last_in_entry = if main + 1 == entries {
            ((pairs.positions - 1) & ((1u64 << pairs.index_bits) - 1)) as i64
        } else {
            (1i64 << pairs.index_bits) - 1
        };
        for mut lit in [offset - half, offset + last_in_entry - half] {
            let mut block = block;
            if lit < 0 {
                while lit < 0 {
                    block -= 1;
                    lit += size_of(block).ok_or_else(damaged)? + 1;
                }
            } else {
                while lit > size_of(block).ok_or_else(damaged)? {
                    lit -= size_of(block).ok_or_else(damaged)? + 1;
                    block += 1;
                }
            }
            if block < 0 || block as u64 >= pairs.real_blocks {
                return Err(damaged());
            }
        }
    }
    Ok(())
}

/// Checks the header of a table of `material` and `kind` whose first bytes
/// (at least the whole header) are `header`, of `file_size` bytes in all,
/// and its index and block-size tables, which `read(offset, length)` reads.
pub fn check(
    header: &[u8],
    file_size: u64,
    material: &Material,
    kind: Kind,
    read: &mut dyn FnMut(u64, usize) -> Result<Vec<u8>, String>,
) -> Result<(), String> {
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
    let mut parts: Vec<Pairs> = Vec::with_capacity(tables * halves);
    let mut dtz_flags = Vec::with_capacity(tables);
    for table in &sizes {
        for (half, &size) in table[..halves].iter().enumerate() {
            let part = pairs(&reader, &mut at, size)?;
            if half == 0 {
                dtz_flags.push(part.flags);
            }
            parts.push(part);
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
    let index_start = end;
    end += parts.iter().map(|p| p.sizes[0]).sum::<u64>();
    let sizes_start = end;
    end += parts.iter().map(|p| p.sizes[1]).sum::<u64>();
    for part in &parts {
        end = end.div_ceil(64) * 64 + part.sizes[2];
    }
    // The last block is padded to 64 bytes; a 16-byte checksum follows.
    let described = end.div_ceil(64) * 64 + 16;
    if described != file_size {
        return Err(format!(
            "its header describes {described} bytes, the file has {file_size}: truncated, damaged or misnamed"
        ));
    }
    let (mut index_at, mut sizes_at) = (index_start, sizes_start);
    let mut data_at = sizes_at + parts.iter().map(|p| p.sizes[1]).sum::<u64>();
    // Blocks this close to the end of the file could make the decoder read
    // past it; blocks before them read into the blocks that follow.
    let near_end = file_size.saturating_sub(MAX_BLOCK_READ);
    for part in &parts {
        data_at = data_at.div_ceil(64) * 64;
        if part.index_bits > 0 {
            let index = read(index_at, part.sizes[0] as usize)?;
            let sizes = read(sizes_at, part.sizes[1] as usize)?;
            check_index(part, &index, &sizes)?;
            let block_bytes = 1u64 << part.block_size;
            let first = near_end.saturating_sub(data_at) / block_bytes;
            if first < part.real_blocks {
                let from = data_at + first * block_bytes;
                let tail = read(from, (file_size - from) as usize)?;
                let max_len = (part.min_len + part.raw.len() - 1) as u64;
                for block in first..part.real_blocks {
                    let symbols = u64::from(sizes[2 * block as usize])
                        | u64::from(sizes[2 * block as usize + 1]) << 8;
                    let offset = ((block - first) * block_bytes) as usize;
                    // The decoder reads 8 bytes, then 4 per 32 bits used.
                    let furthest =
                        from + offset as u64 + 8 + 4 * ((symbols + 1) * max_len / 32 + 1);
                    if furthest <= file_size {
                        continue;
                    }
                    check_block(part, symbols, &tail[offset..])?;
                }
            }
        }
        data_at += part.sizes[2];
        index_at += part.sizes[0];
        sizes_at += part.sizes[1];
    }
    Ok(())
}

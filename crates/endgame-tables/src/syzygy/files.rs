//! Finding Syzygy files and checking them before any prober sees them.
//!
//! A `SyzygyPath` value names several folders, separated by `:` on Unix
//! and `;` on Windows, as Stockfish reads it; `""` and `<empty>` name none.
//! Every `*.rtbw` (WDL) and `*.rtbz` (DTZ) file in them is checked: a
//! regular file, a name that is a material (`KRBvKR`), a size of 16 more
//! than a multiple of 64 (the table's blocks are 64-byte aligned and end in
//! a 16-byte checksum), the right magic number in its first four bytes, and
//! a layout (`layout.rs`: header, index tables, the last blocks) that the
//! prober can read without crashing and that accounts for the file's exact
//! size. A file that fails is left out, with a warning naming it and why;
//! the first folder holding a table wins, as in Stockfish.

use std::collections::BTreeMap;
use std::fs::{self, File};
use std::io::{Read, Seek, SeekFrom};
use std::path::{Path, PathBuf};

/// The separator of folders in a `SyzygyPath` on this system.
pub const PATH_SEPARATOR: char = if cfg!(windows) { ';' } else { ':' };

/// How much of a file is read to check its header.
const HEADER_READ: u64 = 1 << 20;

/// The first four bytes of a WDL table (`.rtbw`).
pub const WDL_MAGIC: [u8; 4] = [0x71, 0xe8, 0x23, 0x5d];
/// The first four bytes of a DTZ table (`.rtbz`).
pub const DTZ_MAGIC: [u8; 4] = [0xd7, 0x66, 0x0c, 0xa5];

/// The folders a `SyzygyPath` value names, in order: split on
/// [`PATH_SEPARATOR`], empty parts dropped; `""` and `<empty>` (the value
/// GUIs send for "none") name no folder.
///
/// ```
/// use matewise_endgame_tables::syzygy::split_paths;
/// use std::path::PathBuf;
///
/// assert!(split_paths("").is_empty());
/// assert!(split_paths("<empty>").is_empty());
/// # #[cfg(unix)]
/// assert_eq!(split_paths("/tb/345:/tb/6"), [PathBuf::from("/tb/345"), PathBuf::from("/tb/6")]);
/// ```
pub fn split_paths(paths: &str) -> Vec<PathBuf> {
    let paths = paths.trim();
    if paths.is_empty() || paths == "<empty>" {
        return Vec::new();
    }
    paths
        .split(PATH_SEPARATOR)
        .map(str::trim)
        .filter(|part| !part.is_empty())
        .map(PathBuf::from)
        .collect()
}

/// The kind of a Syzygy file.
#[derive(Copy, Clone, Debug, PartialEq, Eq, PartialOrd, Ord)]
pub enum Kind {
    /// Win/draw/loss, `.rtbw`.
    Wdl,
    /// Distance to zeroing (capture or pawn move), `.rtbz`.
    Dtz,
}

impl Kind {
    /// The file name's extension.
    pub const fn extension(self) -> &'static str {
        match self {
            Kind::Wdl => "rtbw",
            Kind::Dtz => "rtbz",
        }
    }

    const fn magic(self) -> [u8; 4] {
        match self {
            Kind::Wdl => WDL_MAGIC,
            Kind::Dtz => DTZ_MAGIC,
        }
    }
}

/// The men of a table's two sides, from its name: `KRBvKR` is
/// `(["K","R","B"], ["K","R"])` as piece letters, each side a king first and
/// then queens, rooks, bishops, knights and pawns in that order.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Material {
    /// The first-named side's pieces (White in the table's statistics).
    pub first: Vec<u8>,
    /// The other side's.
    pub second: Vec<u8>,
}

impl Material {
    /// Parses a table name such as `KQvKR` (at most 7 men, a king on each
    /// side and at least one other man; Syzygy's order of pieces).
    ///
    /// ```
    /// use matewise_endgame_tables::syzygy::Material;
    /// assert_eq!(Material::parse("KRBvKR").unwrap().men(), 5);
    /// assert!(Material::parse("KBRvK").is_none());
    /// assert!(Material::parse("KvK").is_none());
    /// ```
    pub fn parse(name: &str) -> Option<Material> {
        let (first, second) = name.split_once('v')?;
        let side = |text: &str| -> Option<Vec<u8>> {
            let bytes = text.as_bytes();
            if bytes.first() != Some(&b'K') {
                return None;
            }
            let rest = &bytes[1..];
            const ORDER: &[u8] = b"QRBNP";
            let rank = |b: &u8| ORDER.iter().position(|o| o == b);
            let ranks: Option<Vec<usize>> = rest.iter().map(rank).collect();
            let ranks = ranks?;
            ranks
                .windows(2)
                .all(|w| w[0] <= w[1])
                .then(|| bytes.to_vec())
        };
        let material = Material {
            first: side(first)?,
            second: side(second)?,
        };
        (material.men() > 2 && material.men() <= 7).then_some(material)
    }

    /// Men on the board, kings included.
    pub fn men(&self) -> usize {
        self.first.len() + self.second.len()
    }

    /// Whether either side has a pawn.
    pub fn has_pawns(&self) -> bool {
        self.first.contains(&b'P') || self.second.contains(&b'P')
    }
}

/// The files found in the folders of a `SyzygyPath` that passed every check.
#[derive(Debug, Default)]
pub struct Found {
    /// Accepted files by name (`KQvKR.rtbw`), each with its path.
    pub files: BTreeMap<String, PathBuf>,
    /// The most men of any accepted WDL table (0: none).
    pub max_pieces: u32,
    /// One line per file or folder left out, and why.
    pub warnings: Vec<String>,
}

/// Looks through `folders` and checks every Syzygy file in them.
pub fn scan(folders: &[PathBuf]) -> Found {
    let mut found = Found::default();
    for folder in folders {
        let entries = match fs::read_dir(folder) {
            Ok(entries) => entries,
            Err(error) => {
                found.warnings.push(format!(
                    "Syzygy folder {} cannot be read: {error}",
                    folder.display()
                ));
                continue;
            }
        };
        let mut names: Vec<(String, PathBuf)> = entries
            .flatten()
            .filter_map(|entry| Some((entry.file_name().into_string().ok()?, entry.path())))
            .collect();
        names.sort();
        for (name, path) in names {
            let Some((stem, kind)) = table_name(&name) else {
                continue;
            };
            if found.files.contains_key(&name) {
                // The first folder that has a table wins.
                continue;
            }
            match check(&path, stem, kind) {
                Ok(material) => {
                    if kind == Kind::Wdl {
                        found.max_pieces = found.max_pieces.max(material.men() as u32);
                    }
                    found.files.insert(name, path);
                }
                Err(why) => found
                    .warnings
                    .push(format!("Syzygy file {} left out: {why}", path.display())),
            }
        }
    }
    found
}

/// The stem and kind of a file named like a Syzygy table (`KQvK.rtbw`).
fn table_name(name: &str) -> Option<(&str, Kind)> {
    let (stem, extension) = name.rsplit_once('.')?;
    let kind = [Kind::Wdl, Kind::Dtz]
        .into_iter()
        .find(|kind| kind.extension() == extension)?;
    Some((stem, kind))
}

/// Checks one file; the material of its name if it is fit to be probed.
pub fn check(path: &Path, stem: &str, kind: Kind) -> Result<Material, String> {
    let material = Material::parse(stem)
        .ok_or_else(|| format!("{stem} is not a Syzygy material (such as KQvKR, at most 7 men)"))?;
    let metadata = fs::metadata(path).map_err(|error| format!("cannot be read: {error}"))?;
    if !metadata.is_file() {
        return Err("not a regular file".to_string());
    }
    let size = metadata.len();
    if size == 0 {
        return Err("empty (0 bytes)".to_string());
    }
    if size % 64 != 16 {
        return Err(format!(
            "wrong size {size} bytes: truncated or damaged (a table is 16 more than a multiple of 64)"
        ));
    }
    // The header is a few kilobytes at most (a few tens for 7-man tables
    // with pawns); the tables themselves are up to gigabytes.
    let mut bytes = Vec::new();
    File::open(path)
        .and_then(|file| file.take(HEADER_READ).read_to_end(&mut bytes))
        .map_err(|error| format!("cannot be read: {error}"))?;
    if (bytes.len() as u64) < size.min(HEADER_READ) {
        return Err("changed while being read".to_string());
    }
    if bytes[..4] != kind.magic() {
        return Err(format!(
            "bad magic number {:02x?}: not a Syzygy {} table",
            &bytes[..4],
            kind.extension()
        ));
    }
    let mut read = |offset: u64, length: usize| -> Result<Vec<u8>, String> {
        let mut bytes = vec![0; length];
        let mut file = File::open(path).map_err(|error| format!("cannot be read: {error}"))?;
        file.seek(SeekFrom::Start(offset))
            .and_then(|_| file.read_exact(&mut bytes))
            .map_err(|error| format!("cannot be read: {error}"))?;
        Ok(bytes)
    };
    super::layout::check(&bytes, size, &material, kind, &mut read)?;
    Ok(material)
}

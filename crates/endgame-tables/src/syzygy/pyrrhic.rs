//! The adapter to pyrrhic-rs: movegen's attacks for its move generator,
//! a private folder holding only the files that passed the checks, and the
//! process-wide guard its one-instance design needs.
//!
//! pyrrhic-rs keeps its tables in process-wide state: a second
//! `TableBases::new` while one lives fails, and a failed `new("")` leaves
//! it unable to open anything again. So the one live instance is held in
//! [`LIVE`] (weakly): opening the same set of files again shares it, opening
//! another set while it lives is refused, and it is freed, under the same
//! lock, when the last [`SyzygyTables`](super::SyzygyTables) holding it drops.

use super::Wdl;
use movegen::{BitBoard, Board, Color, Move, Square, attacks};
use pyrrhic_rs::{DtzProbeValue, TableBases, WdlProbeResult};
use std::collections::{BTreeMap, BTreeSet};
use std::path::{Path, PathBuf};
use std::sync::atomic::{AtomicU64, Ordering};
use std::sync::{Arc, Mutex, MutexGuard, Weak};

/// movegen's attack tables, as pyrrhic-rs asks for them (squares A1 = 0 to
/// H8 = 63 in both).
#[derive(Clone)]
pub struct MwAttacks;

fn square(index: u64) -> Square {
    Square::from_index_masked(index as usize)
}

impl pyrrhic_rs::EngineAdapter for MwAttacks {
    fn pawn_attacks(color: pyrrhic_rs::Color, sq: u64) -> u64 {
        let color = match color {
            pyrrhic_rs::Color::White => Color::White,
            pyrrhic_rs::Color::Black => Color::Black,
        };
        attacks::pawn(color, square(sq)).0
    }
    fn knight_attacks(sq: u64) -> u64 {
        attacks::knight(square(sq)).0
    }
    fn bishop_attacks(sq: u64, occupied: u64) -> u64 {
        attacks::bishop(square(sq), BitBoard(occupied)).0
    }
    fn rook_attacks(sq: u64, occupied: u64) -> u64 {
        attacks::rook(square(sq), BitBoard(occupied)).0
    }
    fn queen_attacks(sq: u64, occupied: u64) -> u64 {
        attacks::queen(square(sq), BitBoard(occupied)).0
    }
    fn king_attacks(sq: u64) -> u64 {
        attacks::king(square(sq)).0
    }
}

/// The one pyrrhic-rs instance and the folder of links it reads.
pub struct Shared {
    /// Never cloned: pyrrhic's root probe refuses while a clone exists.
    tables: Option<TableBases<MwAttacks>>,
    /// The accepted files it was opened with, by name.
    files: BTreeMap<String, PathBuf>,
    /// The materials (`KQvKR`) with an accepted DTZ table.
    dtz: BTreeSet<String>,
    folder: PathBuf,
}

/// The live instance, if any. Its lock is held while pyrrhic-rs is
/// initialised or freed, so that the two never overlap.
static LIVE: Mutex<Weak<Shared>> = Mutex::new(Weak::new());

fn live() -> MutexGuard<'static, Weak<Shared>> {
    LIVE.lock().unwrap_or_else(|poisoned| poisoned.into_inner())
}

impl Drop for Shared {
    fn drop(&mut self) {
        {
            let _live = live();
            drop(self.tables.take());
        }
        let _ = std::fs::remove_dir_all(&self.folder);
    }
}

/// Shares the live instance if it was opened with the same `files`, or
/// opens one on them if none lives; refuses (with the reason) otherwise.
pub fn open(files: &BTreeMap<String, PathBuf>) -> Result<Arc<Shared>, String> {
    let mut guard = live();
    if let Some(shared) = guard.upgrade() {
        if shared.files == *files {
            return Ok(shared);
        }
        // Dropping `shared` may free the instance, which takes the lock.
        drop(guard);
        drop(shared);
        return Err(
            "Syzygy tables of another SyzygyPath are open in this process; \
             drop them before opening others (pyrrhic-rs holds one set per process)"
                .to_string(),
        );
    }
    let folder = link_folder(files)?;
    let path = pyrrhic_path(&folder);
    match TableBases::<MwAttacks>::new(&path) {
        Ok(tables) => {
            let dtz = files
                .keys()
                .filter_map(|name| name.strip_suffix(".rtbz"))
                .map(String::from)
                .collect();
            let shared = Arc::new(Shared {
                tables: Some(tables),
                files: files.clone(),
                dtz,
                folder,
            });
            *guard = Arc::downgrade(&shared);
            Ok(shared)
        }
        Err(error) => {
            let _ = std::fs::remove_dir_all(&folder);
            Err(format!("Syzygy prober failed to open {path}: {error:?}"))
        }
    }
}

/// A new private folder of links to `files`, under the system's temporary
/// folder.
fn link_folder(files: &BTreeMap<String, PathBuf>) -> Result<PathBuf, String> {
    static SERIAL: AtomicU64 = AtomicU64::new(0);
    let folder = std::env::temp_dir().join(format!(
        "matewise-syzygy-{}-{}",
        std::process::id(),
        SERIAL.fetch_add(1, Ordering::Relaxed)
    ));
    let _ = std::fs::remove_dir_all(&folder);
    sweep_stale_folders();
    let made = std::fs::create_dir_all(&folder).and_then(|()| {
        for (name, path) in files {
            link(&std::path::absolute(path)?, &folder.join(name))?;
        }
        Ok(())
    });
    match made {
        Ok(()) => Ok(folder),
        Err(error) => {
            let _ = std::fs::remove_dir_all(&folder);
            Err(format!(
                "cannot make the Syzygy link folder {}: {error}",
                folder.display()
            ))
        }
    }
}

/// Removes link folders left by processes that ended without dropping
/// their tables (killed, or aborted), where that can be told: on Linux, a
/// folder `matewise-syzygy-PID-N` whose process is gone.
fn sweep_stale_folders() {
    if !cfg!(target_os = "linux") {
        return;
    }
    let Ok(entries) = std::fs::read_dir(std::env::temp_dir()) else {
        return;
    };
    for entry in entries.flatten() {
        let name = entry.file_name();
        let Some(rest) = name
            .to_str()
            .and_then(|n| n.strip_prefix("matewise-syzygy-"))
        else {
            continue;
        };
        let Some((pid, serial)) = rest.split_once('-') else {
            continue;
        };
        let (Ok(pid), Ok(_)) = (pid.parse::<u32>(), serial.parse::<u64>()) else {
            continue;
        };
        if pid != std::process::id() && !Path::new(&format!("/proc/{pid}")).exists() {
            let _ = std::fs::remove_dir_all(entry.path());
        }
    }
}

#[cfg(unix)]
fn link(target: &Path, at: &Path) -> std::io::Result<()> {
    std::os::unix::fs::symlink(target, at)
}

/// Windows allows symbolic links only to some users: a hard link (same
/// volume) is tried next.
#[cfg(windows)]
fn link(target: &Path, at: &Path) -> std::io::Result<()> {
    std::os::windows::fs::symlink_file(target, at).or_else(|_| std::fs::hard_link(target, at))
}

#[cfg(not(any(unix, windows)))]
fn link(target: &Path, at: &Path) -> std::io::Result<()> {
    std::fs::hard_link(target, at)
}

/// The folder as pyrrhic-rs takes it: it splits its path on `:`, so on
/// Windows the drive (`C:`) is left out, which names the same folder while
/// the temporary folder is on the current drive.
fn pyrrhic_path(folder: &Path) -> String {
    let text = folder.to_string_lossy().into_owned();
    if cfg!(windows) {
        if let Some((_, rest)) = text.split_once(':') {
            return rest.to_string();
        }
    }
    text
}

fn wdl_of(result: WdlProbeResult) -> Wdl {
    match result {
        WdlProbeResult::Loss => Wdl::Loss,
        WdlProbeResult::BlessedLoss => Wdl::BlessedLoss,
        WdlProbeResult::Draw => Wdl::Draw,
        WdlProbeResult::CursedWin => Wdl::CursedWin,
        WdlProbeResult::Win => Wdl::Win,
    }
}

/// The board's bitboards as pyrrhic-rs takes them: White, Black, kings,
/// queens, rooks, bishops, knights, pawns, the en-passant square (0: none;
/// a1 never is one) and whether White is to move.
struct Bits {
    white: u64,
    black: u64,
    kings: u64,
    queens: u64,
    rooks: u64,
    bishops: u64,
    knights: u64,
    pawns: u64,
    ep: u32,
    white_to_move: bool,
}

fn bits(board: &Board) -> Bits {
    use movegen::PieceKind::*;
    Bits {
        white: board.colors(Color::White).0,
        black: board.colors(Color::Black).0,
        kings: board.pieces(King).0,
        queens: board.pieces(Queen).0,
        rooks: board.pieces(Rook).0,
        bishops: board.pieces(Bishop).0,
        knights: board.pieces(Knight).0,
        pawns: board.pieces(Pawn).0,
        ep: board.en_passant().map_or(0, |s| s.index() as u32),
        white_to_move: board.side_to_move() == Color::White,
    }
}

impl Shared {
    fn tables(&self) -> &TableBases<MwAttacks> {
        self.tables.as_ref().expect("held until dropped")
    }

    /// pyrrhic's WDL probe (the caller checks castling and the man count).
    pub fn probe_wdl(&self, board: &Board) -> Option<Wdl> {
        let b = bits(board);
        let result = self.tables().probe_wdl(
            b.white,
            b.black,
            b.kings,
            b.queens,
            b.rooks,
            b.bishops,
            b.knights,
            b.pawns,
            b.ep,
            b.white_to_move,
        );
        result.ok().map(wdl_of)
    }

    /// Whether the DTZ table of `board`'s material was accepted.
    ///
    /// pyrrhic-rs must never be asked for a DTZ table it lacks: failing to
    /// open it, it forgets the material's WDL table too, and every later
    /// WDL probe of that material fails. A root probe reads the DTZ table of
    /// the root's material only (moves that keep the material keep it; the
    /// others are valued by WDL).
    fn has_dtz(&self, board: &Board) -> bool {
        let side = |color| {
            let mut name = String::from("K");
            for (kind, letter) in [
                (movegen::PieceKind::Queen, 'Q'),
                (movegen::PieceKind::Rook, 'R'),
                (movegen::PieceKind::Bishop, 'B'),
                (movegen::PieceKind::Knight, 'N'),
                (movegen::PieceKind::Pawn, 'P'),
            ] {
                for _ in 0..board.colored_pieces(kind, color).len() {
                    name.push(letter);
                }
            }
            name
        };
        let (white, black) = (side(Color::White), side(Color::Black));
        self.dtz.contains(&format!("{white}v{black}"))
            || self.dtz.contains(&format!("{black}v{white}"))
    }

    /// pyrrhic's root probe: for every legal move, its WDL from the mover's
    /// side given the position's fifty-move count, and its signed distance
    /// to zeroing counted from the root (see [`super::RootMove`]). `None` if
    /// a DTZ table is missing or the position is mate or stalemate.
    pub fn probe_root(&self, board: &Board) -> Option<Vec<(Move, Wdl, i32)>> {
        if !self.has_dtz(board) {
            return None;
        }
        let b = bits(board);
        // Any count past 100 answers alike, and pyrrhic adds one in a u8.
        let rule50 = u32::from(board.halfmove_clock().min(100));
        let result = self
            .tables()
            .probe_root(
                b.white,
                b.black,
                b.kings,
                b.queens,
                b.rooks,
                b.bishops,
                b.knights,
                b.pawns,
                rule50,
                b.ep,
                b.white_to_move,
            )
            .ok()?;
        if !matches!(result.root, DtzProbeValue::DtzResult(_)) {
            return None;
        }
        let legal = board.legal_moves();
        let mut out = Vec::with_capacity(result.num_moves);
        for value in &result.moves[..result.num_moves] {
            let DtzProbeValue::DtzResult(r) = value else {
                return None;
            };
            let promotion = match r.promotion {
                pyrrhic_rs::Piece::Queen => Some(movegen::PieceKind::Queen),
                pyrrhic_rs::Piece::Rook => Some(movegen::PieceKind::Rook),
                pyrrhic_rs::Piece::Bishop => Some(movegen::PieceKind::Bishop),
                pyrrhic_rs::Piece::Knight => Some(movegen::PieceKind::Knight),
                _ => None,
            };
            let mv = legal.iter().copied().find(|mv| {
                mv.from().index() == usize::from(r.from_square)
                    && mv.to().index() == usize::from(r.to_square)
                    && mv.promotion() == promotion
            })?;
            let wdl = wdl_of(r.wdl);
            let dtz = i32::from(r.dtz);
            let signed = match wdl {
                Wdl::Win | Wdl::CursedWin => dtz,
                Wdl::Draw => 0,
                Wdl::BlessedLoss | Wdl::Loss => -dtz,
            };
            out.push((mv, wdl, signed));
        }
        (out.len() == legal.len()).then_some(out)
    }
}

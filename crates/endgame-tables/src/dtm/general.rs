//! The general solver: any table of two kings and up to two more men,
//! pawns included, either side winning (K+P against K, K+Q+P against K,
//! K+R against K+P, K+P against K+P, ...). Retrograde analysis from the
//! mates, ply by ply, as in `versus`: every position one move before a
//! lost one is won, and a position is lost once every one of its quiet
//! moves leads to a won one.
//!
//! Quiet moves are those that stay in the table: king and piece moves
//! that take nothing, and pawn steps short of the last rank (a pawn step
//! is irreversible, but the position it reaches is in the same table, so
//! it is taken back like any other move). Captures and promotions leave
//! the table for smaller ones or other ones (`exits`), solved first: their
//! values are known before the first ply, so a way out that wins in `p`
//! plies seeds its position at ply `p`, and one that draws means the
//! position can never be lost.
//!
//! En passant: a stored position never has the right (as in published
//! tablebases). With a pawn each, a double step that lands beside the
//! other pawn reaches a position apart, the same but for one more move,
//! the capture in passing; such positions are solved with the others
//! (in a small table of their own) and only read by the double step.

use super::exits::Exits;
use super::gate::CHUNK;
use super::men::{EN_PASSANT_SLOTS, Men, Move, Placement};
use super::retrograde::{BitSet, in_index_order};
use super::store::{Build, Cancelled};
use super::symmetry::Share;
use super::{Ending, squares};

/// The move count of a position that is never lost: one of its ways out
/// draws or wins, or it is stalemate.
const CANNOT_LOSE: u8 = u8::MAX;

/// The longest distance stored: plies plus one fits in a byte.
const MAX_PLIES: usize = 253;

/// Tags: a node (a position with its side to move, en passant or not) in
/// one word. Four men index 24 bits.
const SIDE_BIT: u32 = 1 << 24;
const EN_PASSANT_BIT: u32 = 1 << 25;

fn tag(side: usize, index: usize, en_passant: bool) -> u32 {
    index as u32
        | if side == 1 { SIDE_BIT } else { 0 }
        | if en_passant { EN_PASSANT_BIT } else { 0 }
}

fn untag(entry: u32) -> (usize, usize, bool) {
    let side = usize::from(entry & SIDE_BIT != 0);
    (
        side,
        (entry & (SIDE_BIT - 1)) as usize,
        entry & EN_PASSANT_BIT != 0,
    )
}

/// What a position's legal moves lead to.
#[derive(Default)]
struct Moves {
    /// Moves that stay in the table.
    quiet: u8,
    /// Plies to mate by the quickest winning way out.
    quickest_win: Option<usize>,
    /// Plies to being mated after the slowest losing way out.
    longest_loss: Option<usize>,
    /// Some way out draws.
    can_draw: bool,
    /// The side to move stands in check.
    in_check: bool,
}

/// The solver's state: per node, its value (plies plus one, 0 unknown)
/// and the count of its quiet moves not yet known to lose.
struct Nodes {
    values: [Vec<u8>; 2],
    quiet: [Vec<u8>; 2],
    en_passant_values: [Vec<u8>; 2],
    en_passant_quiet: [Vec<u8>; 2],
}

impl Nodes {
    fn value(&mut self, entry: u32) -> &mut u8 {
        let (side, i, en_passant) = untag(entry);
        if en_passant {
            &mut self.en_passant_values[side][i]
        } else {
            &mut self.values[side][i]
        }
    }

    fn quiet(&mut self, entry: u32) -> &mut u8 {
        let (side, i, en_passant) = untag(entry);
        if en_passant {
            &mut self.en_passant_quiet[side][i]
        } else {
            &mut self.quiet[side][i]
        }
    }
}

/// Everything the ply loop reads but does not change.
struct Solver<'a> {
    men: Men,
    exits: Exits<'a>,
    en_passant: bool,
    /// The placements solved; the others are their mirror images.
    share: Share,
}

impl Solver<'_> {
    /// The placement of a node.
    fn placement(&self, entry: u32) -> Placement {
        let (side, i, en_passant) = untag(entry);
        if en_passant {
            Placement::from_en_passant_slot(self.men, side, i).expect("an en passant node")
        } else {
            Placement::new(self.men, squares(self.men.count - 2, i)).expect("a legal node")
        }
    }

    /// What the moves of `side` (to move) in `placement` lead to.
    fn moves(&self, placement: &Placement, side: usize, en_passant: bool) -> Moves {
        let mut moves = Moves {
            in_check: placement.in_check(side),
            ..Moves::default()
        };
        placement.for_each_move(side, en_passant, |mv| match mv {
            Move::Quiet => moves.quiet += 1,
            Move::Exit { after, key } => {
                let value = self.exits.value(key, side, &after);
                let plies = usize::from(value);
                match value {
                    0 => moves.can_draw = true,
                    v if v % 2 == 1 => {
                        moves.quickest_win =
                            Some(moves.quickest_win.map_or(plies, |p| p.min(plies)))
                    }
                    _ => {
                        moves.longest_loss =
                            Some(moves.longest_loss.map_or(plies, |p| p.max(plies)))
                    }
                }
            }
        });
        moves
    }

    /// The first quiet-move count of node `entry`, seeding it at the ply
    /// its ways out or its lack of moves decide.
    fn first_count(&self, entry: u32, placement: &Placement, seeds: &mut [Vec<u32>]) -> u8 {
        let (side, _, en_passant) = untag(entry);
        let moves = self.moves(placement, side, en_passant);
        let seed = |plies: usize| plies.min(MAX_PLIES + 1);
        if let Some(plies) = moves.quickest_win {
            seeds[seed(plies)].push(entry);
            CANNOT_LOSE
        } else if moves.can_draw {
            CANNOT_LOSE
        } else if moves.quiet > 0 {
            moves.quiet
        } else if let Some(plies) = moves.longest_loss {
            seeds[seed(plies)].push(entry);
            0
        } else if moves.in_check {
            seeds[0].push(entry);
            0
        } else {
            CANNOT_LOSE
        }
    }

    /// Each node, `mover` to move, from which a quiet move reaches node
    /// `entry`: the double step that allows a capture in passing reaches
    /// the en passant node, every other move the plain one, and a
    /// position with an en passant node has every move of the plain one.
    /// Placements in `illegal` (by side to move) are no nodes.
    fn for_each_predecessor(&self, entry: u32, illegal: &[BitSet; 2], mut visit: impl FnMut(u32)) {
        let (side, _, en_passant) = untag(entry);
        let mover = 1 - side;
        let placement = self.placement(entry);
        let passes = self.en_passant && !en_passant && placement.en_passant_slot(side).is_some();
        placement.for_each_unmove(mover, |before, double_step| {
            if en_passant != (double_step && (en_passant || passes)) {
                return;
            }
            let pieces = self.men.count - 2;
            let j = self.share.image_index(before, pieces);
            if illegal[mover].contains(j) {
                return;
            }
            visit(tag(mover, j, false));
            if self.en_passant {
                let before =
                    Placement::new(self.men, squares(pieces, before)).expect("a legal placement");
                if let Some(slot) = before.en_passant_slot(mover) {
                    visit(tag(mover, slot, true));
                }
            }
        });
    }
}

/// Where a solve stands, for a stopped one to be resumed.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
enum Stage {
    /// Counting moves: `side`'s placements from `index` on are not counted
    /// yet (nor the en passant nodes of `side`).
    Counting { side: usize, index: usize },
    /// Going through the frontier of ply `plies`.
    Plies { plies: usize },
}

impl Stage {
    fn numbers(self) -> [u64; 4] {
        match self {
            Stage::Counting { side, index } => [0, side as u64, index as u64, 0],
            Stage::Plies { plies } => [1, plies as u64, 0, 0],
        }
    }

    fn from_numbers(at: [u64; 4], size: usize) -> Option<Stage> {
        match at {
            [0, side @ 0..=1, index, 0] if index < size as u64 => Some(Stage::Counting {
                side: side as usize,
                index: index as usize,
            }),
            [1, plies, 0, 0] if plies <= MAX_PLIES as u64 => Some(Stage::Plies {
                plies: plies as usize,
            }),
            _ => None,
        }
    }
}

/// Everything a solve changes as it goes: the nodes, the seeds and the
/// frontiers of the current ply.
struct Work {
    nodes: Nodes,
    illegal: [BitSet; 2],
    seeds: Vec<Vec<u32>>,
    frontier: Vec<u32>,
    next: Vec<u32>,
}

impl Work {
    /// Keeps where the solve stood at `stage`, with the frontier entries
    /// from `done` on still to go through, and stops it.
    fn stop(&self, build: &Build, stage: Stage, done: usize) -> Cancelled {
        let n = &self.nodes;
        let illegal = self.illegal.each_ref().map(BitSet::to_bytes);
        let bytes: [&[u8]; 10] = [
            &n.values[0],
            &n.values[1],
            &n.quiet[0],
            &n.quiet[1],
            &n.en_passant_values[0],
            &n.en_passant_values[1],
            &n.en_passant_quiet[0],
            &n.en_passant_quiet[1],
            &illegal[0],
            &illegal[1],
        ];
        let mut lists: Vec<&[u32]> = self.seeds.iter().map(Vec::as_slice).collect();
        lists.push(&self.frontier[done.min(self.frontier.len())..]);
        lists.push(&self.next);
        build.stop_here(stage.numbers(), &bytes, &lists)
    }

    /// The work and stage a stopped solve of `size` placements (and
    /// `passing` en passant slots) kept, if they fit the table.
    fn resume(build: &Build, size: usize, passing: usize) -> Option<(Work, Stage)> {
        let saved = build.resume()?;
        let stage = Stage::from_numbers(saved.at, size)?;
        let mut bytes = saved.bytes.into_iter();
        let mut array = |len: usize| bytes.next().filter(|array| array.len() == len);
        let values = [array(size)?, array(size)?];
        let quiet = [array(size)?, array(size)?];
        let en_passant_values = [array(passing)?, array(passing)?];
        let en_passant_quiet = [array(passing)?, array(passing)?];
        let illegal = [
            BitSet::from_bytes(&bytes.next()?, size)?,
            BitSet::from_bytes(&bytes.next()?, size)?,
        ];
        let mut lists = saved.lists;
        // Every entry must name a node of this table.
        let fits = |&entry: &u32| {
            let (_, i, en_passant) = untag(entry);
            entry < 1 << 26 && i < if en_passant { passing } else { size }
        };
        if bytes.next().is_some()
            || lists.len() != MAX_PLIES + 4
            || !lists.iter().all(|list| list.iter().all(fits))
        {
            return None;
        }
        let next = lists.pop()?;
        let frontier = lists.pop()?;
        let work = Work {
            nodes: Nodes {
                values,
                quiet,
                en_passant_values,
                en_passant_quiet,
            },
            illegal,
            seeds: lists,
            frontier,
            next,
        };
        Some((work, stage))
    }
}

/// Plies to mate plus one for each placement (0: a draw, or illegal),
/// with the strong side to move and with the weak side to move; an odd
/// number of plies is a win for the side to move. A solve stopped at a
/// checkpoint keeps its progress, and the next solve of the table goes on
/// from there.
pub(super) fn solve(ending: Ending, build: &Build) -> Result<(Vec<u8>, Vec<u8>), Cancelled> {
    let men = Men::of(ending);
    let size = 1usize << (6 * men.count);
    let en_passant = men.pawn_pair().is_some();
    let passing = if en_passant { EN_PASSANT_SLOTS } else { 0 };
    let pieces = men.count - 2;
    let exits = Exits::new(men, build)?;
    let (mut work, stage) = Work::resume(build, size, passing).unwrap_or_else(|| {
        let work = Work {
            nodes: Nodes {
                values: [vec![0; size], vec![0; size]],
                quiet: [vec![0; size], vec![0; size]],
                en_passant_values: [vec![0; passing], vec![0; passing]],
                en_passant_quiet: [vec![CANNOT_LOSE; passing], vec![CANNOT_LOSE; passing]],
            },
            illegal: [BitSet::new(size), BitSet::new(size)],
            // seeds[p]: nodes whose value is p plies unless a quicker win
            // is found first, from their ways out or from having no move left.
            seeds: vec![Vec::new(); MAX_PLIES + 2],
            frontier: Vec::new(),
            next: Vec::new(),
        };
        (work, Stage::Counting { side: 0, index: 0 })
    });
    let share = if en_passant {
        Share::WHOLE
    } else {
        Share::new(true)
    };
    let solver = Solver {
        men,
        exits,
        en_passant,
        share,
    };
    if let Stage::Counting { side: from, index } = stage {
        for side in from..2 {
            let start = if side == from { index } else { 0 };
            for i in start..size {
                if i % CHUNK == 0 && build.checkpoint().is_err() {
                    return Err(work.stop(build, Stage::Counting { side, index: i }, 0));
                }
                if !share.holds(pieces, i) {
                    continue;
                }
                let placement = Placement::new(men, squares(pieces, i));
                let Some(placement) = placement.filter(|p| p.legal_with(side)) else {
                    work.illegal[side].insert(i);
                    continue;
                };
                work.nodes.quiet[side][i] =
                    solver.first_count(tag(side, i, false), &placement, &mut work.seeds);
            }
            for slot in 0..passing {
                if let Some(placement) = Placement::from_en_passant_slot(men, side, slot) {
                    let entry = tag(side, slot, true);
                    work.nodes.en_passant_quiet[side][slot] =
                        solver.first_count(entry, &placement, &mut work.seeds);
                }
            }
        }
    }
    let first_ply = match stage {
        Stage::Plies { plies } => plies,
        Stage::Counting { .. } => 0,
    };
    for plies in first_ply..=MAX_PLIES {
        // On a resumed ply its seeds are in already: this adds none.
        for &entry in &work.seeds[plies] {
            let value = work.nodes.value(entry);
            if *value == 0 {
                *value = plies as u8 + 1;
                work.frontier.push(entry);
            }
        }
        if work.frontier.is_empty() && work.seeds[plies..].iter().all(Vec::is_empty) {
            break;
        }
        let mut frontier = std::mem::take(&mut work.frontier);
        in_index_order(&mut frontier);
        for (n, &entry) in frontier.iter().enumerate() {
            if n % CHUNK == 0 && build.checkpoint().is_err() {
                work.frontier = frontier;
                return Err(work.stop(build, Stage::Plies { plies }, n));
            }
            let Work {
                nodes,
                illegal,
                seeds,
                next,
                ..
            } = &mut work;
            solver.for_each_predecessor(entry, illegal, |before| {
                if *nodes.value(before) != 0 {
                    return;
                }
                if plies % 2 == 0 {
                    // The move reaches a lost position: a win.
                    *nodes.value(before) = plies as u8 + 2;
                    next.push(before);
                    return;
                }
                let quiet = nodes.quiet(before);
                if *quiet == CANNOT_LOSE || *quiet == 0 {
                    return;
                }
                *quiet -= 1;
                if *quiet == 0 {
                    // Lost: as late as its longest line, a way out's included.
                    let (mover, _, en_passant) = untag(before);
                    let moves = solver.moves(&solver.placement(before), mover, en_passant);
                    let lost_in = moves.longest_loss.unwrap_or(0).max(plies + 1);
                    seeds[lost_in.min(MAX_PLIES + 1)].push(before);
                }
            });
        }
        // The spent frontier's buffer takes the next ply's.
        let mut spent = frontier;
        spent.clear();
        work.frontier = std::mem::replace(&mut work.next, spent);
    }
    let [mut strong_to_move, mut weak_to_move] = work.nodes.values;
    share.fill(&mut strong_to_move, pieces);
    share.fill(&mut weak_to_move, pieces);
    Ok((strong_to_move, weak_to_move))
}

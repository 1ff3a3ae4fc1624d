//! The staged move picker: the TT move before anything is generated, then
//! good captures (MVV-LVA, SEE >= 0), killers, the counter move, quiets by
//! history, and last the captures that lose material.

use crate::move_history::{Continuations, Histories, PieceTo};
use arrayvec::ArrayVec;
use movegen::{Board, CheckSquares, Move, MoveKind, MoveList, Piece, PieceKind, PieceMoves};

/// A move and its ordering score, side by side: a list of them grows by
/// one push a move, not one for the move and one for its score.
#[derive(Copy, Clone, Debug)]
struct ScoredMove {
    mv: Move,
    score: i32,
}

/// Scored moves; never zero-filled, so a picker is cheap to make.
type ScoredMoves = ArrayVec<ScoredMove, 256>;

#[derive(Copy, Clone, Debug, PartialEq, Eq, PartialOrd, Ord)]
enum Stage {
    TtMove,
    GenerateCaptures,
    GoodCaptures,
    GenerateQuiets,
    Killers,
    Quiets,
    BadCaptures,
    Done,
}

/// Orders and hands out the legal moves of one node.
pub struct MovePicker {
    stage: Stage,
    tt_move: Move,
    refutations: [Move; 3],
    before: Continuations,
    captures: ScoredMoves,
    next_capture: usize,
    bad_captures: MoveList,
    next_bad: usize,
    quiets: ScoredMoves,
    next_quiet: usize,
    next_refutation: usize,
    skip_quiets: bool,
    /// Set once only quiet checks are wanted, with what finds them.
    quiet_checks_only: Option<CheckSquares>,
    skip_bad_captures: bool,
}

/// Most valuable victim, least valuable attacker (`attacker`: the kind
/// of the piece `mv` moves).
#[inline]
fn mvv_lva(board: &Board, mv: Move, attacker: PieceKind) -> i32 {
    const VALUE: [i32; 6] = [1, 3, 3, 5, 9, 0];
    let victim = if mv.is_en_passant() {
        PieceKind::Pawn
    } else {
        board.kind_on(mv.to()).unwrap_or(PieceKind::Pawn)
    };
    let promotion = mv.promotion().map_or(0, |p| VALUE[p as usize] * 16);
    VALUE[victim as usize] * 16 - VALUE[attacker as usize] + promotion
}

impl MovePicker {
    /// A picker for a full-width node. `tt_move` must be checked legal by
    /// the caller (or be `Move::NULL`); killers and the counter move are
    /// only played if they are among the generated quiets.
    /// Quiets are ordered by history, continuation history after the moves
    /// in `before` included.
    pub fn new(
        tt_move: Move,
        killers: [Move; 2],
        counter: Move,
        before: Continuations,
    ) -> MovePicker {
        MovePicker {
            stage: if tt_move.is_null() {
                Stage::GenerateCaptures
            } else {
                Stage::TtMove
            },
            tt_move,
            refutations: [killers[0], killers[1], counter],
            before,
            captures: ScoredMoves::new(),
            next_capture: 0,
            bad_captures: MoveList::new(),
            next_bad: 0,
            quiets: ScoredMoves::new(),
            next_quiet: 0,
            next_refutation: 0,
            skip_quiets: false,
            quiet_checks_only: None,
            skip_bad_captures: false,
        }
    }

    /// A picker for quiescence: captures and queen promotions that do not
    /// lose material by SEE (every move when in check).
    pub fn new_quiescence(tt_move: Move, in_check: bool) -> MovePicker {
        let mut picker = MovePicker::new(tt_move, [Move::NULL; 2], Move::NULL, [PieceTo::NONE; 2]);
        picker.skip_quiets = !in_check;
        picker.skip_bad_captures = !in_check;
        picker
    }

    /// From now on hands out only the quiet moves that give check (late-move
    /// pruning and futility have given up on the rest, but a quiet check may
    /// be a mate). They come in generation order: sorting by history what is
    /// mostly thrown away would cost more than it orders. `checks` must be
    /// the position's own.
    pub fn quiet_checks_only(&mut self, checks: CheckSquares) {
        self.quiet_checks_only = Some(checks);
    }

    /// True if the move [`MovePicker::next`] handed out last is a good
    /// capture: one it has found by SEE to lose no material (`see_ge(mv, 0)`).
    #[inline]
    pub fn last_was_good_capture(&self) -> bool {
        self.stage == Stage::GoodCaptures
    }

    /// True if the move [`MovePicker::next`] handed out last is a killer or
    /// the counter move.
    #[inline]
    pub fn last_was_refutation(&self) -> bool {
        self.stage == Stage::Killers
    }

    /// The next quiet move not yet played that gives check.
    // Out of line, as the generators: most nodes never get here.
    #[inline(never)]
    fn next_quiet_check(&mut self, board: &Board, checks: &CheckSquares) -> Option<Move> {
        let start = self.next_quiet.min(self.quiets.len());
        for (i, &ScoredMove { mv, score }) in self.quiets[start..].iter().enumerate() {
            if score != i32::MIN && mv != self.tt_move && board.gives_check_with(checks, mv) {
                self.next_quiet = start + i + 1;
                return Some(mv);
            }
        }
        self.next_quiet = self.quiets.len();
        None
    }

    // Generation stays out of line: inlined, its set-up is hoisted to the
    // top of `next` and paid on every call, though it runs twice a node.
    #[inline(never)]
    fn generate_captures(&mut self, board: &Board) {
        // Scored as generated, a piece at a time: the attacker is known.
        let captures = &mut self.captures;
        board.generate_capture_piece_moves(
            #[inline(always)]
            |moves: PieceMoves| {
                moves.for_each_move(|mv| {
                    let score = mvv_lva(board, mv, moves.piece);
                    captures.push(ScoredMove { mv, score });
                });
                false
            },
        );
    }

    #[inline(never)]
    fn generate_quiets(&mut self, board: &Board, histories: &Histories) {
        let us = board.side_to_move();
        // The table rows are the same for every move of the list, and each
        // piece's moves come together: scored as they are generated, the
        // mover and its rows are known once per piece, not looked up per move.
        let scorer = histories.quiet_scorer(us, &self.before);
        let quiets = &mut self.quiets;
        board.generate_quiet_piece_moves(
            #[inline(always)]
            |moves: PieceMoves| {
                let rows = scorer.piece(Piece::new(moves.piece, us), moves.from);
                moves.for_each_move(|mv| {
                    let score = rows.score(mv.to());
                    quiets.push(ScoredMove { mv, score });
                });
                false
            },
        );
    }

    /// The next move to try, best first, or `None` when all are out.
    // Inlined into its four callers (search and quiescence, PV or not): a
    // call per move paid for saving and restoring six registers and for
    // reloading the stage, and the simulated I1 misses even went down.
    #[inline(always)]
    pub fn next(&mut self, board: &Board, histories: &Histories) -> Option<Move> {
        loop {
            match self.stage {
                Stage::TtMove => {
                    self.stage = Stage::GenerateCaptures;
                    return Some(self.tt_move);
                }
                Stage::GenerateCaptures => {
                    self.generate_captures(board);
                    self.stage = Stage::GoodCaptures;
                }
                Stage::GoodCaptures => match pick_best(&mut self.captures, self.next_capture) {
                    Some(mv) => {
                        self.next_capture += 1;
                        if mv == self.tt_move {
                            continue;
                        }
                        if board.see_ge(mv, 0) {
                            return Some(mv);
                        }
                        if !self.skip_bad_captures {
                            self.bad_captures.push(mv);
                        }
                    }
                    None => self.stage = Stage::GenerateQuiets,
                },
                Stage::GenerateQuiets => {
                    if self.skip_quiets {
                        self.stage = Stage::BadCaptures;
                        continue;
                    }
                    self.generate_quiets(board, histories);
                    self.stage = Stage::Killers;
                }
                Stage::Killers => {
                    if self.skip_quiets {
                        self.stage = Stage::BadCaptures;
                        continue;
                    }
                    if self.next_refutation == self.refutations.len() {
                        self.stage = Stage::Quiets;
                        continue;
                    }
                    let mv = self.refutations[self.next_refutation];
                    self.next_refutation += 1;
                    let seen = mv == self.tt_move
                        || self.refutations[..self.next_refutation - 1].contains(&mv);
                    // A killer or counter move (learnt in another position)
                    // whose piece is not ours here, or a plain move whose
                    // destination is taken, is not among the quiets: the
                    // scan for it is spared.
                    let fits = board.colors(board.side_to_move()).has(mv.from())
                        && (mv.kind() != MoveKind::Normal || !board.occupied().has(mv.to()));
                    if mv.is_null() || seen || !fits {
                        continue;
                    }
                    if let Some(i) = self.quiets.iter().position(|q| q.mv == mv) {
                        // Mark it as played so the history stage skips it.
                        self.quiets[i].score = i32::MIN;
                        return Some(mv);
                    }
                }
                Stage::Quiets => {
                    if self.skip_quiets {
                        self.stage = Stage::BadCaptures;
                        continue;
                    }
                    if let Some(checks) = self.quiet_checks_only {
                        match self.next_quiet_check(board, &checks) {
                            Some(mv) => return Some(mv),
                            None => self.stage = Stage::BadCaptures,
                        }
                        continue;
                    }
                    match pick_best(&mut self.quiets, self.next_quiet) {
                        Some(mv) if self.quiets[self.next_quiet].score != i32::MIN => {
                            self.next_quiet += 1;
                            if mv != self.tt_move {
                                return Some(mv);
                            }
                        }
                        Some(_) => self.next_quiet += 1,
                        None => self.stage = Stage::BadCaptures,
                    }
                }
                Stage::BadCaptures => match self.bad_captures.get(self.next_bad) {
                    Some(&mv) => {
                        self.next_bad += 1;
                        return Some(mv);
                    }
                    None => self.stage = Stage::Done,
                },
                Stage::Done => return None,
            }
        }
    }
}

/// Selection sort, one step: swaps the best remaining move to `from` and returns it.
#[inline]
fn pick_best(moves: &mut ScoredMoves, from: usize) -> Option<Move> {
    if from >= moves.len() {
        return None;
    }
    // The first of equal scores wins, as generated.
    let remaining = &moves[from..];
    let best = from
        + if remaining.len() < 8 {
            // Shorter than one vector step (eight scores): one scalar pass,
            // with the best score kept at hand.
            let mut best = 0;
            let mut best_score = remaining[0].score;
            for (i, m) in remaining.iter().enumerate().skip(1) {
                if m.score > best_score {
                    best = i;
                    best_score = m.score;
                }
            }
            best
        } else {
            // Longer, two passes: the best score with vector maxima, then
            // the first move that has it.
            let best_score = remaining.iter().fold(i32::MIN, |best, m| best.max(m.score));
            remaining
                .iter()
                .position(|m| m.score == best_score)
                .unwrap_or(0)
        };
    moves.swap(from, best);
    Some(moves[from].mv)
}

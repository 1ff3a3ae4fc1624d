//! Attack tables against a naive ray walk: leapers, sliders (through the
//! default path, the magic path and, with BMI2, the PEXT path), and the
//! `between`/`line` geometry.

mod common;

use matewise_movegen::{BitBoard, Color, SplitMix64, Square, attacks};

const ROOK_DIRS: [(i32, i32); 4] = [(1, 0), (-1, 0), (0, 1), (0, -1)];
const BISHOP_DIRS: [(i32, i32); 4] = [(1, 1), (1, -1), (-1, 1), (-1, -1)];

fn square_at(file: i32, rank: i32) -> Option<Square> {
    ((0..8).contains(&file) && (0..8).contains(&rank))
        .then(|| Square::ALL[(rank * 8 + file) as usize])
}

fn coords(sq: Square) -> (i32, i32) {
    (sq.file() as i32, sq.rank() as i32)
}

/// Walks each ray from `sq`, stopping after the first occupied square.
fn naive_slider(sq: Square, occupied: BitBoard, dirs: &[(i32, i32)]) -> BitBoard {
    let (f0, r0) = coords(sq);
    let mut out = BitBoard::EMPTY;
    for &(df, dr) in dirs {
        let (mut f, mut r) = (f0 + df, r0 + dr);
        while let Some(to) = square_at(f, r) {
            out |= to.bitboard();
            if occupied.has(to) {
                break;
            }
            f += df;
            r += dr;
        }
    }
    out
}

fn naive_leaper(sq: Square, steps: &[(i32, i32)]) -> BitBoard {
    let (f, r) = coords(sq);
    steps
        .iter()
        .filter_map(|&(df, dr)| square_at(f + df, r + dr))
        .collect()
}

/// Random occupancies of several densities, the empty and the full board included.
fn occupancies(rng: &mut SplitMix64, n: usize) -> Vec<BitBoard> {
    let mut out = vec![BitBoard::EMPTY, BitBoard::FULL];
    for i in 0..n {
        let bits = match i % 3 {
            0 => rng.sparse(),
            1 => rng.next_u64() & rng.next_u64(),
            _ => rng.next_u64(),
        };
        out.push(BitBoard(bits));
    }
    out
}

#[test]
fn leaper_attacks_match_a_naive_walk() {
    const KNIGHT: [(i32, i32); 8] = [
        (1, 2),
        (2, 1),
        (2, -1),
        (1, -2),
        (-1, -2),
        (-2, -1),
        (-2, 1),
        (-1, 2),
    ];
    const KING: [(i32, i32); 8] = [
        (1, 0),
        (-1, 0),
        (0, 1),
        (0, -1),
        (1, 1),
        (1, -1),
        (-1, 1),
        (-1, -1),
    ];
    for sq in Square::ALL {
        assert_eq!(
            attacks::knight(sq),
            naive_leaper(sq, &KNIGHT),
            "knight {sq}"
        );
        assert_eq!(attacks::king(sq), naive_leaper(sq, &KING), "king {sq}");
        assert_eq!(
            attacks::pawn(Color::White, sq),
            naive_leaper(sq, &[(-1, 1), (1, 1)]),
            "white pawn {sq}"
        );
        assert_eq!(
            attacks::pawn(Color::Black, sq),
            naive_leaper(sq, &[(-1, -1), (1, -1)]),
            "black pawn {sq}"
        );
    }
    assert_eq!(
        attacks::knight(Square::A1),
        Square::B3.bitboard() | Square::C2.bitboard()
    );
    assert_eq!(attacks::knight(Square::D4).len(), 8);
    assert_eq!(attacks::king(Square::H8).len(), 3);
    assert!(attacks::pawn(Color::White, Square::A8).is_empty());
    assert_eq!(
        attacks::pawn(Color::Black, Square::H5),
        Square::G4.bitboard()
    );
}

#[test]
fn empty_board_rays() {
    for sq in Square::ALL {
        assert_eq!(
            attacks::rook_rays(sq),
            naive_slider(sq, BitBoard::EMPTY, &ROOK_DIRS)
        );
        assert_eq!(
            attacks::bishop_rays(sq),
            naive_slider(sq, BitBoard::EMPTY, &BISHOP_DIRS)
        );
        assert_eq!(attacks::rook_rays(sq).len(), 14);
        assert_eq!(attacks::rook(sq, BitBoard::EMPTY), attacks::rook_rays(sq));
        assert_eq!(
            attacks::bishop(sq, BitBoard::EMPTY),
            attacks::bishop_rays(sq)
        );
    }
    assert_eq!(attacks::bishop_rays(Square::D4).len(), 13);
    assert_eq!(attacks::bishop_rays(Square::A1).len(), 7);
}

#[test]
fn slider_attacks_match_a_naive_walk() {
    let mut rng = SplitMix64::new(0x0A77_AC45);
    for sq in Square::ALL {
        for occupied in occupancies(&mut rng, 1_500) {
            let rook = naive_slider(sq, occupied, &ROOK_DIRS);
            let bishop = naive_slider(sq, occupied, &BISHOP_DIRS);
            // The default path (PEXT where compiled with BMI2, magic otherwise).
            assert_eq!(attacks::rook(sq, occupied), rook, "rook {sq} {occupied:?}");
            assert_eq!(
                attacks::bishop(sq, occupied),
                bishop,
                "bishop {sq} {occupied:?}"
            );
            assert_eq!(attacks::queen(sq, occupied), rook | bishop, "queen {sq}");
            // The magic path, always.
            assert_eq!(
                attacks::magic::rook(sq, occupied),
                rook,
                "magic rook {sq} {occupied:?}"
            );
            assert_eq!(
                attacks::magic::bishop(sq, occupied),
                bishop,
                "magic bishop {sq} {occupied:?}"
            );
            // The piece's own square never matters.
            let toggled = occupied ^ sq.bitboard();
            assert_eq!(attacks::rook(sq, toggled), rook);
            assert_eq!(attacks::bishop(sq, toggled), bishop);
        }
    }
}

#[test]
fn every_relevant_occupancy_of_a_few_squares() {
    // Exhaustive over the relevant blockers (the rays without their edge
    // squares) for a corner, an edge and a central square.
    for sq in [Square::A1, Square::H5, Square::D4, Square::E8] {
        for (dirs, rays) in [
            (&ROOK_DIRS, attacks::rook_rays(sq)),
            (&BISHOP_DIRS, attacks::bishop_rays(sq)),
        ] {
            let mask = naive_relevant(sq, dirs, rays);
            let bits: Vec<Square> = mask.iter().collect();
            for subset in 0u32..(1 << bits.len()) {
                let occupied: BitBoard = bits
                    .iter()
                    .enumerate()
                    .filter(|(i, _)| subset >> i & 1 != 0)
                    .map(|(_, s)| *s)
                    .collect();
                let expected = naive_slider(sq, occupied, dirs);
                let (got, magic) = if dirs == &ROOK_DIRS {
                    (
                        attacks::rook(sq, occupied),
                        attacks::magic::rook(sq, occupied),
                    )
                } else {
                    (
                        attacks::bishop(sq, occupied),
                        attacks::magic::bishop(sq, occupied),
                    )
                };
                assert_eq!(got, expected, "{sq} {occupied:?}");
                assert_eq!(magic, expected, "{sq} {occupied:?}");
            }
        }
    }
}

/// The squares along the rays whose occupancy can change the attacks: every
/// ray square but the last one in each direction.
fn naive_relevant(sq: Square, dirs: &[(i32, i32)], rays: BitBoard) -> BitBoard {
    let (f0, r0) = coords(sq);
    let mut mask = BitBoard::EMPTY;
    for &(df, dr) in dirs {
        let (mut f, mut r) = (f0 + df, r0 + dr);
        while square_at(f + df, r + dr).is_some() {
            mask |= square_at(f, r).expect("on the board").bitboard();
            f += df;
            r += dr;
        }
    }
    assert!(mask.is_subset(rays));
    mask
}

#[cfg(target_arch = "x86_64")]
#[test]
fn pext_lookups_match_magic_lookups() {
    if !std::arch::is_x86_feature_detected!("bmi2") {
        eprintln!("no BMI2 on this CPU: the PEXT path cannot be tested here");
        return;
    }
    let mut rng = SplitMix64::new(0x9E87_B312);
    for sq in Square::ALL {
        for occupied in occupancies(&mut rng, 2_000) {
            assert_eq!(
                // SAFETY: BMI2 was detected above.
                unsafe { attacks::pext::rook(sq, occupied) },
                attacks::magic::rook(sq, occupied),
                "rook {sq} {occupied:?}"
            );
            assert_eq!(
                // SAFETY: BMI2 was detected above.
                unsafe { attacks::pext::bishop(sq, occupied) },
                attacks::magic::bishop(sq, occupied),
                "bishop {sq} {occupied:?}"
            );
            assert_eq!(
                // SAFETY: BMI2 was detected above.
                unsafe { attacks::pext::rook(sq, occupied) },
                naive_slider(sq, occupied, &ROOK_DIRS)
            );
            assert_eq!(
                // SAFETY: BMI2 was detected above.
                unsafe { attacks::pext::bishop(sq, occupied) },
                naive_slider(sq, occupied, &BISHOP_DIRS)
            );
        }
    }
}

/// The unit step from `a` towards `b` if they share a rank, file or diagonal.
fn direction(a: Square, b: Square) -> Option<(i32, i32)> {
    let ((fa, ra), (fb, rb)) = (coords(a), coords(b));
    let (df, dr) = (fb - fa, rb - ra);
    if a == b || !(df == 0 || dr == 0 || df.abs() == dr.abs()) {
        return None;
    }
    Some((df.signum(), dr.signum()))
}

#[test]
fn between_and_line_match_a_naive_walk() {
    for a in Square::ALL {
        for b in Square::ALL {
            let (mut between, mut line) = (BitBoard::EMPTY, BitBoard::EMPTY);
            if let Some((df, dr)) = direction(a, b) {
                let (mut f, mut r) = coords(a);
                loop {
                    f += df;
                    r += dr;
                    let sq = square_at(f, r).expect("b lies ahead");
                    if sq == b {
                        break;
                    }
                    between |= sq.bitboard();
                }
                line = a.bitboard();
                for (sf, sr) in [(df, dr), (-df, -dr)] {
                    let (mut f, mut r) = coords(a);
                    while let Some(sq) = square_at(f + sf, r + sr) {
                        line |= sq.bitboard();
                        f += sf;
                        r += sr;
                    }
                }
            }
            assert_eq!(attacks::between(a, b), between, "between {a} {b}");
            assert_eq!(attacks::line(a, b), line, "line {a} {b}");
            // Symmetry, and between lies inside the line.
            assert_eq!(attacks::between(b, a), attacks::between(a, b));
            assert_eq!(attacks::line(b, a), attacks::line(a, b));
            assert!(attacks::between(a, b).is_subset(attacks::line(a, b)));
            if !line.is_empty() {
                assert!(line.has(a) && line.has(b));
            }
        }
    }
}

#[test]
fn between_and_line_facts() {
    use Square::*;
    assert_eq!(attacks::between(A1, H8).len(), 6);
    assert_eq!(
        attacks::between(A1, A8),
        [A2, A3, A4, A5, A6, A7].into_iter().collect()
    );
    assert_eq!(attacks::between(E1, H1), F1.bitboard() | G1.bitboard());
    assert_eq!(attacks::between(H1, A8).len(), 6);
    assert!(attacks::between(E4, E5).is_empty(), "adjacent");
    assert!(attacks::between(E4, F5).is_empty(), "adjacent diagonally");
    assert!(attacks::between(B1, C3).is_empty(), "knight's move apart");
    assert!(attacks::between(A1, B3).is_empty());
    assert!(attacks::between(E4, E4).is_empty());
    assert!(attacks::line(A1, B3).is_empty());
    assert!(attacks::line(D4, D4).is_empty());
    assert_eq!(attacks::line(C3, E5), attacks::line(A1, H8));
    assert_eq!(attacks::line(A1, H8).len(), 8);
    assert_eq!(attacks::line(B1, A2), A2.bitboard() | B1.bitboard());
    assert_eq!(
        attacks::line(E2, E7),
        BitBoard::file(matewise_movegen::File::E)
    );
    assert_eq!(
        attacks::line(A3, F3),
        BitBoard::rank(matewise_movegen::Rank::Third)
    );
    assert_eq!(attacks::line(D1, H5).len(), 5);
    // Three squares are on one line iff the third is on the line of the other two.
    assert!(attacks::line(B2, D4).has(G7));
    assert!(!attacks::line(B2, D4).has(G6));
}

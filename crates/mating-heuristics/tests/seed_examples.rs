//! Every example of the seed text (Pair-o-Max's "Heuristics for accounting
//! for mating potential") comes out the way the seed says.

use matewise_mating_heuristics::orthodox::{BISHOP, KNIGHT, PAWN, QUEEN, ROOK};
use matewise_mating_heuristics::{
    KindId, Material, PieceKind, PieceSet, Role, Rule, Scale, Shade, Shortfall, Side,
};

use Side::{Black, White};

/// The unscaled material score for White: values plus pair bonuses.
fn material_score(set: &PieceSet, material: &Material) -> i32 {
    let side_total = |side| {
        let values: i32 = set
            .iter()
            .filter(|(_, kind)| kind.role() != Role::Royal)
            .map(|(id, kind)| kind.value() * i32::from(material.count(side, id)))
            .sum();
        values + set.pair_bonus(material, side)
    };
    side_total(White) - side_total(Black)
}

/// Scale for the side the material score favours.
fn scale(set: &PieceSet, material: &Material) -> Scale {
    set.drawishness(material, Side::favoured_by(material_score(set, material)))
}

/// The material score after the discount.
fn scaled_score(set: &PieceSet, material: &Material) -> i32 {
    scale(set, material).apply(material_score(set, material))
}

fn orthodox(build: impl FnOnce(Material) -> Material) -> (PieceSet, Material) {
    (PieceSet::orthodox(), build(Material::new()))
}

fn assert_rule(set: &PieceSet, material: &Material, rule: Rule) {
    assert_eq!(scale(set, material).rule(), rule, "{material:?}");
}

// Fairy pieces as Pair-o-Max's fmax.ini would define them.
const COMMONER: &str = "m:260 1,7 16,7 15,7 17,7 -1,7 -16,7 -15,7 -17,7 0,-1";
const UNMARKED_COMMONER: &str = "m:260 1,7 16,7 15,7 17,7 -1,7 -16,7 -15,7 -17,7";
const WOODY_ROOK: &str = "w:310 1,7 16,7 -1,7 -16,7 2,7 32,7 -2,7 -32,7 0,3";
const UNMARKED_WOODY_ROOK: &str = "w:310 1,7 16,7 -1,7 -16,7 2,7 32,7 -2,7 -32,7";
const ADJUTANT: &str = "a:700 15,3 17,3 -15,3 -17,3 2,3 32,3 -2,3 -32,3";
const FERZ: &str = "f:150 15,7 17,7 -15,7 -17,7";
const WAZIR: &str = "v:125 1,7 16,7 -1,7 -16,7";

/// The orthodox set plus one parsed fairy piece, and the fairy piece's id.
fn with_fairy(line: &str) -> (PieceSet, KindId) {
    let mut set = PieceSet::orthodox();
    let kind = PieceKind::from_fmax(line).unwrap_or_else(|e| panic!("{line}: {e}"));
    let id = set.push(kind).expect("orthodox set has room");
    (set, id)
}

#[test]
fn k_n_vs_k_lacks_mating_potential() {
    let (set, m) = orthodox(|m| m.with(White, KNIGHT, 1));
    assert_rule(&set, &m, Rule::NoMatingPotential(Shortfall::SmallAdvantage));
    assert_eq!(scaled_score(&set, &m), 300 / 8);
}

#[test]
fn k_b_vs_k_is_a_single_colour_bound_piece() {
    let (set, m) = orthodox(|m| m.with(White, BISHOP, 1));
    assert_rule(&set, &m, Rule::NoMatingPotential(Shortfall::ColourBound));
}

#[test]
fn k_2n_vs_k_is_a_non_mating_pair_worth_under_a_pawn() {
    let (set, m) = orthodox(|m| m.with(White, KNIGHT, 2));
    assert_rule(&set, &m, Rule::NoMatingPotential(Shortfall::NonMatingPair));
    // "enough to suppress the advantage to below one Pawn"
    assert!(scaled_score(&set, &m) < 100);
}

#[test]
fn k_r_vs_k_is_not_discounted() {
    let (set, m) = orthodox(|m| m.with(White, ROOK, 1));
    assert_rule(&set, &m, Rule::BareDefender);
    assert_eq!(scaled_score(&set, &m), 500);
}

#[test]
fn k_b_n_vs_k_is_not_discounted() {
    let (set, m) = orthodox(|m| m.with(White, BISHOP, 1).with(White, KNIGHT, 1));
    assert_rule(&set, &m, Rule::BareDefender);
    assert_eq!(scaled_score(&set, &m), 600);
}

#[test]
fn k_bb_on_both_colours_vs_k_is_not_discounted() {
    let (set, m) = orthodox(|m| m.with(Black, BISHOP, 2));
    assert_rule(&set, &m, Rule::BareDefender);
    assert_eq!(scaled_score(&set, &m), -(600 + 37));
}

#[test]
fn k_bb_on_one_colour_vs_k_is_a_single_colour_bound_force() {
    let (set, m) = orthodox(|m| m.with_on(White, BISHOP, Shade::Light, 2));
    assert_rule(&set, &m, Rule::NoMatingPotential(Shortfall::ColourBound));
    assert_eq!(set.pair_bonus(&m, White), 0);
}

#[test]
fn a_minor_ahead_is_not_enough_in_the_seeds_examples() {
    let cases = [
        // K+R vs K+N
        Material::new().with(White, ROOK, 1).with(Black, KNIGHT, 1),
        // K+R+N vs K+R
        Material::new()
            .with(White, ROOK, 1)
            .with(White, KNIGHT, 1)
            .with(Black, ROOK, 1),
        // K+Q+B vs K+Q
        Material::new()
            .with(White, QUEEN, 1)
            .with(White, BISHOP, 1)
            .with(Black, QUEEN, 1),
        // K+B+N vs K+B
        Material::new()
            .with(White, BISHOP, 1)
            .with(White, KNIGHT, 1)
            .with_on(Black, BISHOP, Shade::Dark, 1),
    ];
    let set = PieceSet::orthodox();
    for m in cases {
        assert_rule(&set, &m, Rule::NoMatingPotential(Shortfall::SmallAdvantage));
    }
}

#[test]
fn pawnless_with_mating_potential_is_halved() {
    // K+Q vs K+R: a general win, still pawnless.
    let (set, m) = orthodox(|m| m.with(White, QUEEN, 1).with(Black, ROOK, 1));
    assert_rule(&set, &m, Rule::Pawnless);
    assert_eq!(scaled_score(&set, &m), 450 / 2);
}

#[test]
fn a_defender_with_only_pawns_counts_as_bare() {
    let (set, m) = orthodox(|m| m.with(White, ROOK, 1).with(Black, PAWN, 2));
    assert_rule(&set, &m, Rule::BareDefender);
    // The defender's pawns do not give K+N mating potential.
    let (set, m) = orthodox(|m| m.with(White, KNIGHT, 1).with(Black, PAWN, 2));
    assert_rule(&set, &m, Rule::NoMatingPotential(Shortfall::SmallAdvantage));
}

#[test]
fn k_q_vs_k_commoner_is_held_by_the_tough_defender() {
    let (set, commoner) = with_fairy(COMMONER);
    let m = Material::new()
        .with(White, QUEEN, 1)
        .with(Black, commoner, 1);
    assert_rule(&set, &m, Rule::NoMatingPotential(Shortfall::ToughDefender));
    // Without the 0,-1 mark the queen is far more than a minor ahead.
    let (set, plain) = with_fairy(UNMARKED_COMMONER);
    let m = Material::new().with(White, QUEEN, 1).with(Black, plain, 1);
    assert_rule(&set, &m, Rule::Pawnless);
}

#[test]
fn a_tough_defender_also_mates_a_bare_king() {
    let (set, commoner) = with_fairy(COMMONER);
    let m = Material::new().with(White, commoner, 1);
    assert_rule(&set, &m, Rule::BareDefender);
    let (set, plain) = with_fairy(UNMARKED_COMMONER);
    let m = Material::new().with(White, plain, 1);
    assert_rule(&set, &m, Rule::NoMatingPotential(Shortfall::SmallAdvantage));
}

#[test]
fn k_wd_n_vs_k_n_keeps_mating_potential_through_the_woody_rook() {
    let (set, woody) = with_fairy(WOODY_ROOK);
    let m = Material::new()
        .with(White, woody, 1)
        .with(White, KNIGHT, 1)
        .with(Black, KNIGHT, 1);
    assert_rule(&set, &m, Rule::Pawnless);
    // Without the 0,3 mark it is only a minor ahead.
    let (set, plain) = with_fairy(UNMARKED_WOODY_ROOK);
    let m = Material::new()
        .with(White, plain, 1)
        .with(White, KNIGHT, 1)
        .with(Black, KNIGHT, 1);
    assert_rule(&set, &m, Rule::NoMatingPotential(Shortfall::SmallAdvantage));
}

#[test]
fn a_lone_adjutant_is_discounted_below_a_pawn() {
    let (set, adjutant) = with_fairy(ADJUTANT);
    assert!(set.get(adjutant).is_some_and(PieceKind::is_colour_bound));
    let m = Material::new().with(Black, adjutant, 1);
    // Worth twice the 350 cP margin, still no mating potential.
    assert_rule(&set, &m, Rule::NoMatingPotential(Shortfall::ColourBound));
    assert!(scaled_score(&set, &m).abs() < 100);
    // A pair on both colours earns 1/8 of the value.
    let pair = Material::new().with(Black, adjutant, 2);
    assert_eq!(set.pair_bonus(&pair, Black), 700 / 8);
}

#[test]
fn ferz_and_wazir_pairs_need_no_mark() {
    let (set, ferz) = with_fairy(FERZ);
    let m = Material::new().with(White, ferz, 2);
    assert_rule(&set, &m, Rule::NoMatingPotential(Shortfall::SmallAdvantage));
    let (set, wazir) = with_fairy(WAZIR);
    let m = Material::new().with(White, wazir, 2);
    assert_rule(&set, &m, Rule::NoMatingPotential(Shortfall::SmallAdvantage));
}

#[test]
fn clinging_to_the_second_last_pawn() {
    let set = PieceSet::orthodox();
    // K+2N+2P vs K+B+N+P: +1, no discount.
    let before = Material::new()
        .with(White, KNIGHT, 2)
        .with(White, PAWN, 2)
        .with(Black, BISHOP, 1)
        .with(Black, KNIGHT, 1)
        .with(Black, PAWN, 1);
    assert_rule(&set, &before, Rule::NoDiscount);
    assert_eq!(scaled_score(&set, &before), 100);

    // Winning the bishop for a pawn: K+2N+P vs K+N+P. A knight up (3.00),
    // but Black can give the knight for the last pawn, leaving K+2N vs K.
    let bad = Material::new()
        .with(White, KNIGHT, 2)
        .with(White, PAWN, 1)
        .with(Black, KNIGHT, 1)
        .with(Black, PAWN, 1);
    assert_eq!(material_score(&set, &bad), 300);
    assert_rule(
        &set,
        &bad,
        Rule::MatingPotentialInJeopardy(Shortfall::NonMatingPair),
    );
    assert_eq!(scaled_score(&set, &bad), 75);

    // Trading knight for bishop instead: K+N+2P vs K+B+P, still +1.
    let good = Material::new()
        .with(White, KNIGHT, 1)
        .with(White, PAWN, 2)
        .with(Black, BISHOP, 1)
        .with(Black, PAWN, 1);
    assert_rule(&set, &good, Rule::NoDiscount);
    assert_eq!(scaled_score(&set, &good), 100);
    assert!(scaled_score(&set, &good) > scaled_score(&set, &bad));
}

#[test]
fn the_introductions_saving_sacrifices_pay_off_for_the_defender() {
    let set = PieceSet::orthodox();
    // N for P in K+N vs K+N+P: Black leads, its last pawn is in jeopardy.
    let before = Material::new()
        .with(White, KNIGHT, 1)
        .with(Black, KNIGHT, 1)
        .with(Black, PAWN, 1);
    assert_eq!(scale(&set, &before).leader(), Black);
    assert_rule(
        &set,
        &before,
        Rule::MatingPotentialInJeopardy(Shortfall::SmallAdvantage),
    );
    let after = Material::new().with(Black, KNIGHT, 1);
    assert_rule(
        &set,
        &after,
        Rule::NoMatingPotential(Shortfall::SmallAdvantage),
    );

    // R for B in K+B+2N vs K+R: three pieces are only halved, K+2N vs K is
    // divided by 8.
    let before = Material::new()
        .with(White, BISHOP, 1)
        .with(White, KNIGHT, 2)
        .with(Black, ROOK, 1);
    assert_rule(&set, &before, Rule::Pawnless);
    let after = Material::new().with(White, KNIGHT, 2);
    assert_rule(
        &set,
        &after,
        Rule::NoMatingPotential(Shortfall::NonMatingPair),
    );
    assert!(scaled_score(&set, &after) < scaled_score(&set, &before) - 100);
}

#[test]
fn jeopardy_needs_exactly_one_pawn_and_small_armies() {
    let set = PieceSet::orthodox();
    // One pawn, but 3:1 pieces: outside the 1:1 .. 2:2 situations.
    let m = Material::new()
        .with(White, KNIGHT, 3)
        .with(White, PAWN, 1)
        .with(Black, KNIGHT, 1);
    assert_rule(&set, &m, Rule::NoDiscount);
    // One pawn, 1:1, but the sacrifice leaves a rook: mating potential.
    let m = Material::new()
        .with(White, ROOK, 1)
        .with(White, PAWN, 1)
        .with(Black, KNIGHT, 1);
    assert_rule(&set, &m, Rule::NoDiscount);
    // One pawn against a bare king: nothing to sacrifice.
    let m = Material::new().with(White, KNIGHT, 1).with(White, PAWN, 1);
    assert_rule(&set, &m, Rule::NoDiscount);
}

#[test]
fn a_bare_king_never_mates() {
    // Whatever favours White in K vs K+P, White cannot win.
    let (set, m) = orthodox(|m| m.with(Black, PAWN, 1));
    assert_eq!(
        set.drawishness(&m, White).rule(),
        Rule::NoMatingPotential(Shortfall::BareKing)
    );
}

#[test]
fn the_scale_prints_leader_rule_and_divisor() {
    let (set, m) = orthodox(|m| m.with(White, KNIGHT, 2));
    let printed = scale(&set, &m).to_string();
    assert_eq!(
        printed,
        "white leads: no pawns and no mating potential (a non-mating pair): score / 8"
    );
    let (set, m) = orthodox(|m| m.with(White, ROOK, 1));
    assert!(
        scale(&set, &m)
            .to_string()
            .starts_with("white leads: no discount")
    );
}

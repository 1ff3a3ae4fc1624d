//! No input makes the parser or the rules panic.

use matewise_mating_heuristics::{KindId, MAX_KINDS, Material, PieceKind, PieceSet, Shade, Side};
use proptest::prelude::*;

/// Strings built from the characters a piece line uses, so that random
/// input reaches past the first check.
fn piece_line_like() -> impl Strategy<Value = String> {
    proptest::string::string_regex("[a-zA-Z:]?:?[-+0-9]{0,6}( [-+0-9a-fA-FxX]{0,9},[-+0-9a-fA-F]{0,10}(,[-0-9]{0,4})?){0,12} ?")
        .expect("valid regex")
}

proptest! {
    #[test]
    fn any_string_parses_or_errs(line in any::<String>()) {
        let _ = PieceKind::from_fmax(&line);
    }

    #[test]
    fn piece_like_strings_parse_or_err(line in piece_line_like()) {
        if let Err(error) = PieceKind::from_fmax(&line) {
            prop_assert!(!error.to_string().is_empty());
        }
    }

    #[test]
    fn any_material_yields_a_known_divisor(
        counts in proptest::collection::vec((0..=255u8, 0..=255u8, 0..=255u8, 0..=255u8), MAX_KINDS),
        white_leads in any::<bool>(),
        score in any::<i32>(),
    ) {
        let mut set = PieceSet::orthodox();
        for line in [
            "m:260 1,7 16,7 15,7 17,7 -1,7 -16,7 -15,7 -17,7 0,-1",
            "w:310 1,7 16,7 -1,7 -16,7 2,7 32,7 -2,7 -32,7 0,3",
            "a:99999 15,3 17,3 -15,3 -17,3 2,3 32,3 -2,3 -32,3 0,7FFFFFFF",
        ] {
            let kind = PieceKind::from_fmax(line).expect("valid line");
            set.push(kind).expect("room in the set");
        }
        let mut material = Material::new();
        for (index, (white_light, white_dark, black_light, black_dark)) in counts.into_iter().enumerate() {
            let id = KindId::new(index).expect("index below MAX_KINDS");
            material = material
                .with_on(Side::White, id, Shade::Light, white_light)
                .with_on(Side::White, id, Shade::Dark, white_dark)
                .with_on(Side::Black, id, Shade::Light, black_light)
                .with_on(Side::Black, id, Shade::Dark, black_dark);
        }
        let leader = if white_leads { Side::White } else { Side::Black };
        let scale = set.drawishness(&material, leader);
        prop_assert!([1, 2, 4, 8].contains(&scale.divisor()));
        prop_assert_eq!(scale.leader(), leader);
        let _ = scale.apply(score);
        let _ = set.pair_bonus(&material, leader);
        prop_assert!(!scale.to_string().is_empty());
    }
}

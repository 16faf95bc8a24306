//! `GameSpec`'s text form: canonical, read back, and errors that point at
//! the word that is wrong.

use game_spec::{AnyPosition, BoardSetup, GameId, GameSpec, SpecError};
use katarenga_core::{Board, Rules, TilePlacement};
use proptest::prelude::*;

fn any_spec() -> impl Strategy<Value = GameSpec> {
    prop_oneof![
        (
            prop::sample::select(kamisado_core::Rules::ALL.to_vec()),
            prop::sample::select(kamisado_core::Layout::ALL.to_vec()),
            1u32..=40,
            prop::sample::select(kamisado_core::Scoring::ALL.to_vec()),
            prop::sample::select(kamisado_core::Refill::ALL.to_vec()),
        )
            .prop_map(
                |(rules, layout, points, scoring, refill)| GameSpec::Kamisado {
                    rules,
                    layout,
                    target: kamisado_core::Target::new(points).unwrap(),
                    options: kamisado_core::MatchOptions { scoring, refill },
                }
            ),
        (
            prop::sample::select(Rules::ALL.to_vec()),
            prop_oneof![
                Just(BoardSetup::Standard),
                (0..TilePlacement::ARRANGEMENTS)
                    .prop_map(
                        |i| BoardSetup::from_tiles(TilePlacement::arrangement(i).unwrap()).unwrap()
                    ),
                (0..TilePlacement::ARRANGEMENTS).prop_map(|i| BoardSetup::Colours(
                    Board::from_tiles(TilePlacement::arrangement(i).unwrap()).unwrap()
                )),
            ],
        )
            .prop_map(|(rules, board)| GameSpec::Katarenga { rules, board }),
    ]
}

proptest! {
    #[test]
    fn the_text_form_reads_back_as_the_same_spec(spec in any_spec()) {
        let text = spec.to_string();
        prop_assert_eq!(text.parse::<GameSpec>(), Ok(spec), "{}", text);
    }

    #[test]
    fn fields_read_in_any_order_and_with_extra_spaces(rules in prop::sample::select(Rules::ALL.to_vec()), i in 0..TilePlacement::ARRANGEMENTS) {
        let tiles = TilePlacement::arrangement(i).unwrap();
        let board = tiles.map(|t| t.to_string()).join(",");
        let one: GameSpec = format!("katarenga rules={rules} board={board}").parse().unwrap();
        let other: GameSpec = format!("  katarenga   board={board}  rules={rules} ").parse().unwrap();
        prop_assert_eq!(one, other);
        prop_assert_eq!(one.start().to_string(), other.start().to_string());
    }
}

#[test]
fn defaults_are_left_out_and_named_values_are_written_as_numbers() {
    for (text, canonical) in [
        ("kamisado", "kamisado"),
        ("kamisado target=1", "kamisado"),
        ("kamisado target=single", "kamisado"),
        ("kamisado target=marathon", "kamisado target=15"),
        ("katarenga rules=standard board=standard", "katarenga"),
        ("katarenga board=1f0,2f0,3f0,4f0", "katarenga"),
        (
            "katarenga board=4b3,3f0,2f0,1f0",
            "katarenga board=4b3,3f0,2f0,1f0",
        ),
        (
            "katarenga rules=no-first-capture",
            "katarenga rules=no-first-capture",
        ),
    ] {
        let spec: GameSpec = text.parse().unwrap_or_else(|e| panic!("{text}: {e}"));
        assert_eq!(spec.to_string(), canonical, "{text}");
    }
}

#[test]
fn each_rule_option_starts_as_the_core_starts_it() {
    use katarenga_family::{Congress, Isolation, Quebec};
    let mut checked = 0;
    for game in GameId::ALL {
        for field in game.option_fields() {
            for &value in field.values {
                let spec: GameSpec = format!("{game} {}={value}", field.name).parse().unwrap();
                assert_eq!(spec.option(field.name), Some(value));
                let standard = Board::standard();
                let expected = match (game, field.name) {
                    (GameId::Kamisado, "rules") => AnyPosition::Kamisado(
                        kamisado_core::Position::start_with(value.parse().unwrap()),
                    ),
                    (GameId::Kamisado, _) => AnyPosition::Kamisado(
                        kamisado_core::Position::start_on(value.parse().unwrap()),
                    ),
                    (GameId::Katarenga, _) => AnyPosition::Katarenga(
                        katarenga_core::Position::start_with(standard, value.parse().unwrap()),
                    ),
                    (GameId::Congress, _) => AnyPosition::Congress(
                        Congress::start_on(standard).with_no_move(value.parse().unwrap()),
                    ),
                    (GameId::Quebec, _) => AnyPosition::Quebec(
                        Quebec::start_on(standard).with_both_connected(value.parse().unwrap()),
                    ),
                    (GameId::Isolation, "reading") => AnyPosition::Isolation(
                        Isolation::start_on(standard).with_reading(value.parse().unwrap()),
                    ),
                    (GameId::Isolation, _) => AnyPosition::Isolation(
                        Isolation::start_on(standard).with_supply(value.parse().unwrap()),
                    ),
                };
                assert_eq!(spec.start(), expected, "{spec}");
                // The option word reaches the same spec (KKP's newgame).
                assert_eq!(
                    GameSpec::default_for(game)
                        .with_option(value)
                        .map(|s| s.option(field.name)),
                    Some(Some(value))
                );
                checked += 1;
            }
        }
    }
    assert_eq!(checked, 3 + 4 + 2 + 2 + 2 + 3 + 2);
}

#[test]
fn the_family_reads_its_fields_and_board() {
    let spec: GameSpec = "isolation supply=none board=4b3,3f0,2f0,1f0 reading=one-way"
        .parse()
        .unwrap();
    assert_eq!(
        spec.to_string(),
        "isolation reading=one-way supply=none board=4b3,3f0,2f0,1f0"
    );
    assert_eq!(spec.option_words(), ["one-way", "none"]);
    assert_eq!(
        "congress no-move=lose"
            .parse::<GameSpec>()
            .unwrap()
            .to_string(),
        "congress"
    );
    let error = "quebec no-move=pass".parse::<GameSpec>().unwrap_err();
    assert_eq!(
        error.to_string(),
        "at byte 7: quebec has no field no-move (its fields: both-connected, board)"
    );
    let error = "isolation supply=7".parse::<GameSpec>().unwrap_err();
    assert!(
        error
            .to_string()
            .starts_with("at byte 17: bad supply \"7\""),
        "{error}"
    );
    assert_eq!(
        GameId::Isolation.rule_options(),
        ["opposite", "one-way", "none"]
    );
}

#[test]
fn errors_say_what_is_wrong_at_the_offset_of_the_word() {
    let cases: [(&str, &str); 8] = [
        ("checkers", "checkers"),
        ("kamisado target", "target"),
        ("kamisado target=0", "0"),
        ("kamisado board=standard", "board=standard"),
        ("katarenga  rules=none", "none"),
        ("katarenga board=1f0,1f0,3f0,4f0", "1f0,1f0,3f0,4f0"),
        ("katarenga board=1f0,2f0,3f0", "1f0,2f0,3f0"),
        ("katarenga rules=standard rules=standard", "rules=standard"),
    ];
    for (text, word) in cases {
        let error = text.parse::<GameSpec>().unwrap_err();
        let at = match &error {
            SpecError::UnknownGame { at, .. }
            | SpecError::NotAField { at, .. }
            | SpecError::UnknownField { at, .. }
            | SpecError::Repeated { at, .. }
            | SpecError::BadValue { at, .. } => *at,
            SpecError::Empty => panic!("{text}: empty"),
        };
        // The last occurrence of the word: the repeated field is the second.
        assert_eq!(at, text.rfind(word).unwrap(), "{text}: {error}");
        assert!(
            error.to_string().starts_with(&format!("at byte {at}: ")),
            "{error}"
        );
    }
    assert_eq!("".parse::<GameSpec>(), Err(SpecError::Empty));
    assert_eq!("   ".parse::<GameSpec>(), Err(SpecError::Empty));
}

#[cfg(feature = "serde")]
#[test]
fn a_spec_serialises_as_its_text_form() {
    let spec: GameSpec = "katarenga rules=no-first-capture".parse().unwrap();
    let json = serde_json::to_string(&spec).unwrap();
    assert_eq!(json, "\"katarenga rules=no-first-capture\"");
    assert_eq!(serde_json::from_str::<GameSpec>(&json).unwrap(), spec);
    assert!(serde_json::from_str::<GameSpec>("\"go\"").is_err());
}

#[test]
fn each_layout_starts_as_the_core_starts_it_and_reaches_the_match() {
    for layout in kamisado_core::Layout::ALL {
        let spec: GameSpec = format!("kamisado layout={layout} target=3")
            .parse()
            .unwrap();
        let start = kamisado_core::Position::start_on(layout);
        assert_eq!(spec.start(), AnyPosition::Kamisado(start), "{layout}");
        assert_eq!(*spec.new_match().unwrap().position(), start, "{layout}");
        let text = spec.to_string();
        assert_eq!(
            text.contains("layout="),
            layout != kamisado_core::Layout::Standard
        );
    }
}

/// `layout=random` draws every layout, about as often as each other
/// (2,000 seeds: each layout's share within 20 to 30%), and the same seed
/// draws the same.
#[test]
fn a_random_layout_is_drawn_evenly_from_the_seed() {
    let mut counts = std::collections::BTreeMap::new();
    for seed in 0..2000 {
        let spec = GameSpec::parse_drawing("kamisado layout=random", seed).unwrap();
        assert_eq!(
            spec,
            GameSpec::parse_drawing("kamisado layout=random", seed).unwrap()
        );
        let AnyPosition::Kamisado(p) = spec.start() else {
            panic!("{spec}")
        };
        *counts.entry(p.layout()).or_insert(0) += 1;
    }
    assert_eq!(counts.len(), 4, "{counts:?}");
    assert!(
        counts.values().all(|&n| (400..=600).contains(&n)),
        "{counts:?}"
    );
    // Nothing else is drawn: a spec without `random` reads the same.
    assert_eq!(
        GameSpec::parse_drawing("kamisado layout=turned", 3).unwrap(),
        "kamisado layout=turned".parse().unwrap()
    );
    let error = "kamisado layout=random".parse::<GameSpec>().unwrap_err();
    assert!(
        error
            .to_string()
            .starts_with("at byte 16: bad layout \"random\""),
        "{error}"
    );
    let error = "kamisado layout=sideways".parse::<GameSpec>().unwrap_err();
    assert!(
        error
            .to_string()
            .contains("expected standard, turned, mirrored or mirrored-turned"),
        "{error}"
    );
}

//! Serde (feature `serde`): positions and moves are their notation strings,
//! and deserialising validates.

use kamisado_core::Game;
use kamisado_core::{Move, Position};
use serde_test::{Token, assert_de_tokens_error, assert_tokens};

#[test]
fn positions_and_moves_are_notation_strings() {
    let text = "b+7/5y++2/2g++2B1k++/8/2p+1nrO+G+++/8/o3N2P+/1Y+R+++K4 w y!";
    let position: Position = text.parse().unwrap();
    assert_tokens(&position, &[Token::Str(text)]);
    assert_tokens(
        &Position::start(),
        &[Token::Str("obpkyrgn/8/8/8/8/8/8/NGRYKPBO b -")],
    );
    let mv: Move = "e4e5".parse().unwrap();
    assert_tokens(&mv, &[Token::Str("e4e5")]);
}

#[test]
fn deserialising_validates() {
    assert_de_tokens_error::<Position>(
        &[Token::Str("obpkyrrn/8/8/8/8/8/8/NGRYKPBO b -")],
        "impossible position (offset 6): white has two red towers",
    );
    assert_de_tokens_error::<Move>(
        &[Token::Str("d1d9")],
        "expected a rank digit 1-8 at offset 3, found '9'",
    );
}

/// A match stored at any moment (a move into a round, waiting for the edge
/// choice or the set-ups' draw, over) comes back equal, and continues
/// identically.
#[test]
fn matches_save_and_load_at_every_state() {
    use board_geometry::SplitMix64;
    use kamisado_core::{
        Edge, Match, MatchOptions, MatchState, Player, Refill, SetupChart, Target,
    };
    let chart: SetupChart = "1 NGRYKPBO\n2 OBPKYRGN\n3 GRYKNOPB\n".parse().unwrap();
    let mut visited = [0u32; 4];
    for seed in 0..16u64 {
        let mut rng = SplitMix64::new(seed);
        let target = Target::new([1, 3, 7, 5][seed as usize % 4]).unwrap();
        // Every other match is a set-up match.
        let mut m = if seed % 2 == 0 {
            Match::new(target)
        } else {
            let first = chart.draw(&mut rng).start(&chart, Player::Black).unwrap();
            let options = MatchOptions {
                refill: Refill::Setups,
                ..MatchOptions::default()
            };
            Match::new_on(target, first, options)
        };
        for _ in 0..5_000 {
            let json = serde_json::to_string(&m).unwrap();
            let mut loaded: Match = serde_json::from_str(&json).unwrap();
            assert_eq!(loaded, m, "{json}");
            let slot = match m.state() {
                MatchState::InRound => 0,
                MatchState::ChooseEdge { .. } => 1,
                MatchState::Over { .. } => 2,
                MatchState::DrawSetups { .. } => 3,
            };
            visited[slot] += 1;
            match m.state() {
                MatchState::Over { .. } => break,
                MatchState::ChooseEdge { .. } => {
                    let edge = if rng.coin() { Edge::AFile } else { Edge::HFile };
                    m.choose_edge(edge).unwrap();
                    loaded.choose_edge(edge).unwrap();
                }
                MatchState::DrawSetups { .. } => {
                    let mut again = rng.clone();
                    let draw = m.draw_setups(&chart, &mut rng).unwrap();
                    assert_eq!(loaded.draw_setups(&chart, &mut again), Ok(draw));
                }
                MatchState::InRound => {
                    let moves = m.position().legal_moves();
                    let mv = *rng.choose(&moves).unwrap();
                    assert_eq!(m.play(mv), loaded.play(mv));
                }
            }
            assert_eq!(loaded, m);
        }
    }
    // Every state was stored many times (the branches ran).
    assert!(
        visited[0] > 500 && visited[1] >= 10 && visited[2] == 16 && visited[3] >= 5,
        "{visited:?}"
    );
}

/// A stored match whose parts disagree is refused, not repaired.
#[test]
fn tampered_matches_are_refused() {
    use kamisado_core::{Match, Target};
    let mut m = Match::new(Target::STANDARD);
    for mv in ["d1d7", "g8b3", "d7d7", "b3d1"] {
        m.play(mv.parse().unwrap()).unwrap();
    }
    let json = serde_json::to_string(&m).unwrap();
    assert!(
        json.contains(r#""state":{"type":"choose_edge","chooser":"white"}"#),
        "{json}"
    );
    let tampered = [
        json.replace(r#""round":1"#, r#""round":0"#),
        json.replace(r#""scores":[0,1]"#, r#""scores":[0,0]"#),
        json.replace(r#""scores":[0,1]"#, r#""scores":[3,1]"#),
        json.replace(r#""chooser":"white""#, r#""chooser":"black""#),
        json.replace(r#""chooser":"white""#, r#""winner":"white""#),
        json.replace(
            r#""chooser":"white""#,
            r#""chooser":"white","drawer":"black""#,
        ),
        json.replace(r#""target":3"#, r#""target":0"#),
        json.replace(r#""points":1"#, r#""points":3"#),
        json.replace("NGRgKPBO b y", "NGRgKPBO b q"),
    ];
    for text in &tampered {
        assert_ne!(text, &json, "the replacement must apply");
        assert!(serde_json::from_str::<Match>(text).is_err(), "{text}");
    }
}

#[test]
fn value_types_have_readable_forms() {
    use kamisado_core::{Colour, Edge, Outcome, Player, SumoRank, Target, Tower};
    let tower = Tower::new(Player::Black, Colour::Pink);
    assert_eq!(
        serde_json::to_string(&tower).unwrap(),
        r#"{"player":"black","colour":"pink"}"#
    );
    assert_eq!(serde_json::to_string(&Edge::HFile).unwrap(), r#""h""#);
    assert_eq!(serde_json::to_string(&Target::LONG).unwrap(), "7");
    assert_eq!(
        serde_json::to_string(&SumoRank::DoubleSumo).unwrap(),
        r#""double_sumo""#
    );
    let outcome = Outcome::Deadlock {
        winner: Player::White,
        tower: Colour::Blue,
    };
    let json = serde_json::to_string(&outcome).unwrap();
    assert_eq!(json, r#"{"deadlock":{"winner":"white","tower":"blue"}}"#);
    assert_eq!(serde_json::from_str::<Outcome>(&json).unwrap(), outcome);
    assert!(serde_json::from_str::<Edge>(r#""b""#).is_err());
    assert!(serde_json::from_str::<Target>("0").is_err());
}

/// Enums with data are always objects naming themselves under `type`
/// (never a string for some variants and an object for others), and a
/// reader refuses an object whose fields do not fit its type.
#[test]
fn move_kinds_and_match_states_are_objects_of_one_shape() {
    use kamisado_core::{MatchState, MoveKind, Player};
    use serde_json::json;
    for (kind, json) in [
        (MoveKind::Slide, json!({"type": "slide"})),
        (MoveKind::Push(1), json!({"type": "push", "towers": 1})),
        (MoveKind::Push(3), json!({"type": "push", "towers": 3})),
        (MoveKind::Pass, json!({"type": "pass"})),
    ] {
        assert_eq!(serde_json::to_value(kind).unwrap(), json);
        assert_eq!(serde_json::from_value::<MoveKind>(json).unwrap(), kind);
    }
    for bad in [
        json!({"type": "push"}),
        json!({"type": "push", "towers": 0}),
        json!({"type": "push", "towers": 4}),
        json!({"type": "slide", "towers": 1}),
        json!({"type": "pass", "towers": 1}),
        json!({"type": "jump"}),
        json!({"type": "slide", "extra": 1}),
        json!("slide"),
        json!({"push": 2}),
    ] {
        assert!(
            serde_json::from_value::<MoveKind>(bad.clone()).is_err(),
            "{bad}"
        );
    }
    let e = serde_json::from_value::<MoveKind>(json!({"type": "push", "towers": 5})).unwrap_err();
    assert!(e.to_string().contains("a push moves 1 to 3 towers"), "{e}");
    let e = serde_json::from_value::<MoveKind>(json!({"type": "pass", "towers": 1})).unwrap_err();
    assert!(e.to_string().contains("only a push has `towers`"), "{e}");
    let (b, w) = (Player::Black, Player::White);
    for (state, json) in [
        (MatchState::InRound, json!({"type": "in_round"})),
        (
            MatchState::ChooseEdge { chooser: w },
            json!({"type": "choose_edge", "chooser": "white"}),
        ),
        (
            MatchState::DrawSetups { drawer: b },
            json!({"type": "draw_setups", "drawer": "black"}),
        ),
        (
            MatchState::Over { winner: b },
            json!({"type": "over", "winner": "black"}),
        ),
    ] {
        assert_eq!(serde_json::to_value(state).unwrap(), json);
        assert_eq!(serde_json::from_value::<MatchState>(json).unwrap(), state);
    }
    for bad in [
        json!({"type": "in_round", "winner": "black"}),
        json!({"type": "choose_edge"}),
        json!({"type": "choose_edge", "drawer": "black"}),
        json!({"type": "choose_edge", "chooser": "white", "winner": "white"}),
        json!({"type": "draw_setups", "chooser": "black"}),
        json!({"type": "draw_setups", "drawer": "black", "winner": "black"}),
        json!({"type": "over"}),
        json!({"type": "over", "chooser": "white"}),
        json!({"type": "over", "winner": "white", "drawer": "white"}),
        json!("in_round"),
    ] {
        assert!(
            serde_json::from_value::<MatchState>(bad.clone()).is_err(),
            "{bad}"
        );
    }
}

/// Every error of the crate serialises as `{"kind", "message"}`.
#[test]
fn errors_serialise_as_kind_and_message() {
    use kamisado_core::{Game, Match, MatchAction, Player, Position, Target};
    let e = Position::start()
        .check_move("d1d8".parse().unwrap())
        .unwrap_err();
    assert_eq!(
        serde_json::to_value(e).unwrap(),
        serde_json::json!({"kind": "occupied", "message": "d8 is occupied"})
    );
    let mut m = Match::new(Target::STANDARD);
    let e = m
        .act(Player::White, MatchAction::Move("d1d7".parse().unwrap()))
        .unwrap_err();
    assert_eq!(serde_json::to_value(e).unwrap()["kind"], "not_your_turn");
}

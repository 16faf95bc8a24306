//! The position over every game agrees with each core, move for move.

use game_rules::Game;
use game_spec::{AnyError, AnyMove, AnyPosition, GameId};

/// Plays `plies` moves chosen by a simple counter through both the core and
/// `AnyPosition`, checking that they agree at every step.
fn walk<P: Game>(wrap: fn(P) -> AnyPosition, plies: usize) -> usize {
    let mut core = P::start();
    let mut any = wrap(core);
    let mut checked = 0;
    for i in 0..plies {
        let moves = core.legal_moves();
        let any_moves = any.legal_moves();
        let texts: Vec<String> = moves.iter().map(ToString::to_string).collect();
        let any_texts: Vec<String> = any_moves.iter().map(ToString::to_string).collect();
        assert_eq!(texts, any_texts, "{core}");
        assert_eq!(any.is_over(), core.is_over());
        assert_eq!(any.winner(), core.winner());
        assert_eq!(any.side_to_move(), core.side_to_move());
        assert_eq!(any.zobrist(), core.zobrist());
        assert_eq!(any.to_string(), core.to_string());
        assert_eq!(AnyPosition::parse(any.game(), &core.to_string()), Ok(any));
        // The moves of one square are the moves written from that square
        // (a placement, `@d4`, starts from none), each with the core's kind.
        for square in board_geometry::Square::ALL {
            let from: Vec<String> = any
                .legal_moves_from(square)
                .iter()
                .map(ToString::to_string)
                .collect();
            let written: Vec<String> = texts
                .iter()
                .filter(|t| t.starts_with(&square.to_string()))
                .cloned()
                .collect();
            assert_eq!(from, written, "{core} {square}");
        }
        for (mv, any_mv) in moves.iter().zip(&any_moves) {
            let kind = any.check_move(*any_mv).unwrap();
            let core_kind = format!("({:?})", core.check_move(*mv).unwrap());
            assert!(
                format!("{kind:?}").ends_with(&core_kind),
                "{kind:?} {core_kind}"
            );
        }
        if moves.is_empty() {
            assert_eq!(
                any.outcome().map(|o| o.to_string()),
                core.outcome().map(|o| o.to_string())
            );
            break;
        }
        let mv = moves[(i * 7 + 3) % moves.len()];
        core = core.play(mv);
        any = any.play_text(&mv.to_string()).unwrap();
        checked += 1;
    }
    checked
}

#[test]
fn the_position_over_every_game_plays_as_the_cores_do() {
    assert!(walk::<kamisado_core::Position>(AnyPosition::Kamisado, 200) > 5);
    assert!(walk::<katarenga_core::Position>(AnyPosition::Katarenga, 200) > 5);
    assert!(walk::<katarenga_family::Congress>(AnyPosition::Congress, 200) > 5);
    assert!(walk::<katarenga_family::Quebec>(AnyPosition::Quebec, 200) > 5);
    assert!(walk::<katarenga_family::Isolation>(AnyPosition::Isolation, 200) > 5);
}

#[test]
fn a_move_of_the_other_game_is_refused_not_played() {
    let kamisado = AnyPosition::start(GameId::Kamisado);
    let katarenga = AnyPosition::start(GameId::Katarenga);
    let mv = AnyMove::parse(GameId::Katarenga, "a8a7").unwrap();
    assert!(matches!(
        kamisado.try_play(mv),
        Err(AnyError::WrongGame {
            expected: GameId::Kamisado,
            found: GameId::Katarenga,
            ..
        })
    ));
    assert!(!kamisado.is_legal(mv));
    assert!(katarenga.is_legal(mv));
    assert!(matches!(
        kamisado.play_text("a8a7"),
        Err(AnyError::Illegal { .. })
    ));
    assert!(matches!(
        kamisado.play_text("z9"),
        Err(AnyError::Move {
            game: GameId::Kamisado,
            ..
        })
    ));
    assert!(matches!(
        AnyPosition::parse(GameId::Katarenga, "x"),
        Err(AnyError::Position {
            game: GameId::Katarenga,
            ..
        })
    ));
}

#[test]
fn perft_and_divide_through_the_position_over_every_game_match_the_reference_suites() {
    // Reference counts from the independent suites (crates/*-core/tests/data).
    assert_eq!(AnyPosition::start(GameId::Kamisado).perft(3), 11_182);
    let divide = AnyPosition::start(GameId::Kamisado).perft_divide(2);
    assert_eq!(divide.len(), 102);
    assert_eq!(divide.iter().map(|(_, n)| n).sum::<u64>(), 1150);
    let board = "RYBGRYGB/GRGBGYRY/YYBRBBGR/BGRYYRBG/RGBYRGBY/YYGRYYBR/BBRGBGRG/GRYBGRYB wwwwwwww/8/8/8/8/8/8/bbbbbbbb w -";
    assert_eq!(
        AnyPosition::parse(GameId::Katarenga, board)
            .unwrap()
            .perft(3),
        28_781
    );
}

//! What `play_unchecked` gives for an illegal move: a debug build stops at
//! once; a release build returns a broken position on which nothing panics
//! (run with `cargo test --release --test unchecked`, as CI does).

#[cfg(not(debug_assertions))]
use kamisado_core::{Edge, Player, refill};
use kamisado_core::{Game, Move, Position, Square};

/// e4 is empty at the start: "moving" from it breaks the position.
fn illegal() -> Move {
    Move::new(Square::E4, Square::E5)
}

#[test]
#[cfg(debug_assertions)]
#[should_panic(expected = "play_unchecked with the illegal move e4e5")]
fn debug_builds_stop_at_the_illegal_move() {
    let _ = Position::start().play_unchecked(illegal());
}

/// Regression: `refill` and `rotate_180_swap_players` panicked on such a position.
#[test]
#[cfg(not(debug_assertions))]
fn a_broken_position_never_panics() {
    let broken = Position::start().play_unchecked(illegal());
    assert!(!broken.is_consistent());
    for edge in [Edge::AFile, Edge::HFile] {
        assert_eq!(refill(&broken, edge, Player::White), broken);
    }
    let _ = broken.rotate_180_swap_players();
    let _ = broken.to_string();
    let _ = broken.pretty().to_string();
    let _ = broken.svg().to_string();
    let _ = broken.outcome();
    let _ = broken.perft(3);
    for mv in broken.legal_moves() {
        let _ = broken.play_unchecked(mv);
    }
}

/// Random moves, legal or not, played with `play_unchecked` from many
/// positions: whatever comes out, no function of the crate panics on it.
#[test]
#[cfg(not(debug_assertions))]
fn random_illegal_moves_never_cause_a_panic() {
    let mut rng = board_geometry::SplitMix64::new(99);
    let mut broken = 0;
    for _ in 0..2_000 {
        let mut p = Position::start();
        for _ in 0..6 {
            let from = Square::ALL[rng.below(64)];
            let to = Square::ALL[rng.below(64)];
            p = p.play_unchecked(Move::new(from, to));
            broken += usize::from(!p.is_consistent());
            let _ = (p.to_string(), p.outcome(), p.legal_moves(), p.count_moves());
            let _ = (
                p.rotate_180_swap_players(),
                refill(&p, Edge::HFile, Player::Black),
            );
            let _ = p.perft(2);
            for mv in p.legal_moves() {
                let _ = (p.check_move(mv), p.play_unchecked(mv).outcome());
            }
        }
    }
    assert!(broken > 1_000, "{broken}");
}

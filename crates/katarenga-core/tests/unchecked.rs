//! What `play_unchecked` gives for an illegal move: a debug build stops at
//! once; a release build returns a broken position on which nothing panics
//! (run with `cargo test --release --test unchecked`, as CI does).

use katarenga_core::{Game, Move, Position, Square};

/// a1 holds a black piece and a2 is empty, but it is White's turn: White
/// "moves" Black's piece, which breaks the position.
fn illegal() -> Move {
    Move::new(Square::A1, Square::A2)
}

#[test]
#[cfg(debug_assertions)]
#[should_panic(expected = "play_unchecked with the illegal move a1a2")]
fn debug_builds_stop_at_the_illegal_move() {
    let _ = Position::start().play_unchecked(illegal());
}

/// Regression: `flip_files` panicked on such a position.
#[test]
#[cfg(not(debug_assertions))]
fn a_broken_position_never_panics() {
    let broken = Position::start().play_unchecked(illegal());
    assert!(!broken.is_consistent());
    assert_eq!(broken.flip_files(), broken);
    let _ = broken.to_string();
    let _ = broken.svg().to_string();
    let _ = broken.outcome();
    let _ = broken.perft(3);
}

/// Random moves, legal or not, played with `play_unchecked` from many
/// positions: whatever comes out, no function of the crate panics on it.
#[test]
#[cfg(not(debug_assertions))]
fn random_illegal_moves_never_cause_a_panic() {
    use katarenga_core::{Camp, Destination};
    let mut rng = board_geometry::SplitMix64::new(98);
    let mut broken = 0;
    for _ in 0..2_000 {
        let mut p = Position::start();
        for _ in 0..6 {
            let from = Square::ALL[rng.below(64)];
            let to = if rng.below(8) == 0 {
                Destination::Camp(Camp::ALL[rng.below(4)])
            } else {
                Destination::Square(Square::ALL[rng.below(64)])
            };
            p = p.play_unchecked(Move { from, to });
            broken += usize::from(!p.is_consistent());
            let _ = (p.to_string(), p.outcome(), p.legal_moves(), p.flip_files());
            let _ = p.perft(2);
        }
    }
    assert!(broken > 1_000, "{broken}");
}

//! What `play_unchecked` gives for an illegal move, checked once for every
//! game: a debug build stops at once; a release build returns a broken
//! position on which nothing panics (run with `cargo test --release -p
//! game-rules --test unchecked`).

// A debug build runs only the first check: the rest of the trait is unused.
#![cfg_attr(debug_assertions, allow(dead_code))]

use board_geometry::{SplitMix64, Square};
use game_rules::Game;

/// What the check needs of a game beyond [`Game`]: an illegal move from the
/// start, a random move (legal or not), the game's own consistency check
/// and the functions of its own API that must survive a broken position.
trait Unchecked: Game {
    /// An illegal move from the start position.
    fn illegal() -> Self::Move;
    /// A random move, legal or not.
    fn random_move(rng: &mut SplitMix64) -> Self::Move;
    /// Whether the position keeps the game's invariants.
    fn is_consistent(&self) -> bool;
    /// Whether the game's functions that rebuild a position return a
    /// broken one unchanged, as they promise.
    fn rebuilds_leave_it_unchanged(&self) -> bool;
    /// Calls the game's own functions that take a position, ignoring what
    /// they return (they must not panic).
    fn exercise(&self);
}

fn random_square(rng: &mut SplitMix64) -> Square {
    Square::ALL[rng.below(64)]
}

impl Unchecked for kamisado_core::Position {
    /// e4 is empty at the start: "moving" from it breaks the position.
    fn illegal() -> kamisado_core::Move {
        kamisado_core::Move::new(Square::E4, Square::E5)
    }

    fn random_move(rng: &mut SplitMix64) -> kamisado_core::Move {
        kamisado_core::Move::new(random_square(rng), random_square(rng))
    }

    fn is_consistent(&self) -> bool {
        kamisado_core::Position::is_consistent(self)
    }

    fn rebuilds_leave_it_unchanged(&self) -> bool {
        use kamisado_core::{Edge, Player, refill};
        [Edge::AFile, Edge::HFile]
            .into_iter()
            .all(|edge| refill(self, edge, Player::White) == *self)
    }

    fn exercise(&self) {
        use kamisado_core::{Edge, Player, refill};
        // `refill` and `rotate_180_swap_players` once panicked on a broken
        // position.
        for edge in [Edge::AFile, Edge::HFile] {
            for player in Player::ALL {
                let _ = refill(self, edge, player);
            }
        }
        let _ = self.rotate_180_swap_players();
        let _ = (self.pretty().to_string(), self.svg().to_string());
        let _ = self.ansi(None).to_string();
    }
}

impl Unchecked for katarenga_core::Position {
    /// a1 holds a black piece and a2 is empty, but it is White's turn:
    /// White "moves" Black's piece, which breaks the position.
    fn illegal() -> katarenga_core::Move {
        katarenga_core::Move::new(Square::A1, Square::A2)
    }

    fn random_move(rng: &mut SplitMix64) -> katarenga_core::Move {
        use katarenga_core::{Camp, Destination};
        let from = random_square(rng);
        let to = if rng.below(8) == 0 {
            Destination::Camp(Camp::ALL[rng.below(4)])
        } else {
            Destination::Square(random_square(rng))
        };
        katarenga_core::Move { from, to }
    }

    fn is_consistent(&self) -> bool {
        katarenga_core::Position::is_consistent(self)
    }

    fn rebuilds_leave_it_unchanged(&self) -> bool {
        self.flip_files() == *self
    }

    fn exercise(&self) {
        // `flip_files` once panicked on a broken position.
        let _ = self.flip_files();
        let _ = (self.pretty().to_string(), self.svg().to_string());
        let _ = self.ansi(None).to_string();
    }
}

/// A debug build panics at the illegal move, naming it.
#[cfg(debug_assertions)]
fn debug_build_stops<P: Unchecked>() {
    let _ = P::start().play_unchecked(P::illegal());
}

#[test]
#[cfg(debug_assertions)]
#[should_panic(expected = "play_unchecked with the illegal move e4e5")]
fn kamisado_debug_builds_stop_at_the_illegal_move() {
    debug_build_stops::<kamisado_core::Position>();
}

#[test]
#[cfg(debug_assertions)]
#[should_panic(expected = "play_unchecked with the illegal move a1a2")]
fn katarenga_debug_builds_stop_at_the_illegal_move() {
    debug_build_stops::<katarenga_core::Position>();
}

/// The position after the illegal move is broken, and nothing panics on
/// it: the trait's functions, its notation, the game's own functions, and
/// its generated moves played unchecked.
#[cfg(not(debug_assertions))]
fn broken_position_never_panics<P: Unchecked>() {
    let broken = P::start().play_unchecked(P::illegal());
    assert!(!broken.is_consistent(), "{}", P::NAME);
    assert!(broken.rebuilds_leave_it_unchanged(), "{}", P::NAME);
    broken.exercise();
    let _ = (broken.to_string(), broken.outcome(), broken.perft(3));
    for mv in broken.legal_moves() {
        let _ = (broken.check_move(mv), broken.play_unchecked(mv).outcome());
    }
}

/// Random moves, legal or not, played with `play_unchecked` from the start:
/// most games break, and whatever comes out, nothing panics on it.
#[cfg(not(debug_assertions))]
fn random_illegal_moves_never_panic<P: Unchecked>(seed: u64) {
    let mut rng = SplitMix64::new(seed);
    let mut broken = 0;
    for _ in 0..2_000 {
        let mut p = P::start();
        for _ in 0..6 {
            p = p.play_unchecked(P::random_move(&mut rng));
            broken += usize::from(!p.is_consistent());
            let _ = (p.to_string(), p.outcome(), p.legal_moves(), p.count_moves());
            p.exercise();
            let _ = p.perft(2);
            for mv in p.legal_moves() {
                let _ = (p.check_move(mv), p.play_unchecked(mv).outcome());
            }
        }
    }
    assert!(broken > 1_000, "{} broken positions: {broken}", P::NAME);
}

#[test]
#[cfg(not(debug_assertions))]
fn a_broken_position_never_panics() {
    broken_position_never_panics::<kamisado_core::Position>();
    broken_position_never_panics::<katarenga_core::Position>();
}

#[test]
#[cfg(not(debug_assertions))]
fn random_illegal_moves_never_cause_a_panic() {
    random_illegal_moves_never_panic::<kamisado_core::Position>(99);
    random_illegal_moves_never_panic::<katarenga_core::Position>(98);
}

//! The arena's player numbers: player 0 is the first mover, in both games.

use kamisado_core::Game;
use std::cell::RefCell;

use board_geometry::Player;
use game_search::arena::{Adjudication, duel, play_game, selfplay};
use game_search::{Agent, RandomAgent, SearchGame};
use kamisado_core::Position as Kamisado;
use katarenga_core::Position as Katarenga;

/// A random player that notes the sides it was asked to move.
struct Noting<'a> {
    random: RandomAgent,
    sides: &'a RefCell<Vec<Player>>,
}

impl<G: SearchGame> Agent<G> for Noting<'_> {
    fn choose(&mut self, position: &G) -> Option<G::Move> {
        self.sides.borrow_mut().push(position.side_to_move());
        self.random.choose(position)
    }
}

fn noting(seed: u64, sides: &RefCell<Vec<Player>>) -> Noting<'_> {
    Noting {
        random: RandomAgent::new(seed),
        sides,
    }
}

/// The sides `agents[0]` and `agents[1]` moved in a game from `start`.
fn sides_played<G: SearchGame>(start: G) -> (Vec<Player>, Vec<Player>) {
    let (a, b) = (RefCell::new(Vec::new()), RefCell::new(Vec::new()));
    let mut first = noting(1, &a);
    let mut second = noting(2, &b);
    play_game(
        start,
        [&mut first, &mut second],
        Adjudication::default(),
        |_, _| {},
    );
    (a.into_inner(), b.into_inner())
}

fn only(sides: &[Player], side: Player) -> bool {
    !sides.is_empty() && sides.iter().all(|&s| s == side)
}

/// `agents[0]` plays the side that moves first in both games: White in
/// Katarenga, Black in Kamisado (as PettingZoo's and OpenSpiel's player 0).
#[test]
fn player_0_is_the_first_mover() {
    let (first, second) = sides_played(Katarenga::start());
    assert!(only(&first, Player::White), "{first:?}");
    assert!(only(&second, Player::Black), "{second:?}");
    let (first, second) = sides_played(Kamisado::start());
    // Black moves first in Kamisado; after a push a side moves twice, so
    // the sides are checked, not an alternation.
    assert!(only(&first, Player::Black), "{first:?}");
    assert!(only(&second, Player::White), "{second:?}");
    // From a position with White to move, player 0 plays White.
    let white_to_move = Kamisado::start().play("d1d7".parse().unwrap());
    let (first, _) = sides_played(white_to_move);
    assert!(only(&first, Player::White), "{first:?}");
}

#[test]
fn duels_and_selfplay_give_the_first_move_to_the_first_agent() {
    let a = RefCell::new(Vec::new());
    let b = RefCell::new(Vec::new());
    let mut ours = noting(3, &a);
    let mut theirs = noting(4, &b);
    let duel = duel(
        Katarenga::start(),
        2,
        &mut ours,
        &mut theirs,
        Adjudication::default(),
    );
    assert_eq!(duel.games, 2);
    // One game each way: ours made the first move of the first game.
    let ours = a.into_inner();
    assert_eq!(ours[0], Player::White);
    assert!(ours.contains(&Player::Black));
    let a = RefCell::new(Vec::new());
    let b = RefCell::new(Vec::new());
    let mut first = noting(5, &a);
    let mut second = noting(6, &b);
    selfplay(
        Katarenga::start(),
        3,
        &mut first,
        &mut second,
        Adjudication::default(),
        |_| {},
    );
    assert!(only(&a.into_inner(), Player::White));
    assert!(only(&b.into_inner(), Player::Black));
}

//! The arena: player 0 is the first mover in both games, and endless games
//! are adjudicated.

use kamisado_core::Game;
use std::cell::RefCell;

use board_geometry::Player;
use game_search::play::{Adjudication, End, duel, play_game, selfplay};
use game_search::{Agent, Limits, RandomAgent, SearchAgent, SearchGame};
use kamisado_core::Position as Kamisado;
use katarenga_core::{Board, Position as Katarenga, SquareColour};

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

/// Two searching players on an all-blue board, where they can repeat
/// moves for ever, have their game stopped by the project's repetition
/// rule (and a ply limit, for games that do not repeat).
#[test]
fn endless_katarenga_games_are_adjudicated() {
    let blue = Katarenga::start_on(Board::from_colours([SquareColour::Blue; 64]));
    let mut black = SearchAgent::<Katarenga>::new(Limits::depth(2), 1).unwrap();
    let mut white = SearchAgent::<Katarenga>::new(Limits::depth(2), 1).unwrap();
    let game = play_game(
        blue,
        [&mut black, &mut white],
        Adjudication::default(),
        |_, _| {},
    );
    // Whether the rules or the adjudication end it (the quiescence search
    // finds a way to win), the game ends within the limits. The ending is
    // read from the moves replayed: a finished position is the rules' end,
    // with their winner; otherwise a draw, at the third occurrence of the
    // last position or at the 1,000th ply (the arena's adjudication rule).
    assert!(game.moves.len() <= 1_000, "{} plies", game.moves.len());
    let mut replayed = vec![blue];
    for &mv in &game.moves {
        replayed.push(replayed.last().unwrap().play(mv));
    }
    let last = *replayed.last().unwrap();
    if last.is_over() {
        assert!(matches!(game.end, End::Outcome(_)), "{:?}", game.end);
        assert_eq!(game.winner(), last.winner());
    } else {
        let occurrences = replayed.iter().filter(|&&p| p == last).count();
        let expected = if occurrences >= 3 {
            End::Repetition
        } else {
            assert_eq!(game.moves.len(), 1_000);
            End::PlyLimit
        };
        assert_eq!(game.end, expected);
        assert_eq!(game.winner(), None);
    }
    let short = Adjudication {
        repetitions: None,
        max_plies: 10,
    };
    let game = play_game(blue, [&mut black, &mut white], short, |_, _| {});
    assert_eq!((game.end, game.moves.len()), (End::PlyLimit, 10));
}

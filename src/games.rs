//! What the examples need of a game, implemented for both engines, and the
//! simple computer players.

use std::fmt::Display;

use board_geometry::Player;

use crate::fixtures::Rng;

/// A position of either game, as the examples use it.
pub trait Game: Copy + Display {
    /// The game's move type.
    type Move: Copy + Eq + Display;

    /// All legal moves.
    fn moves(&self) -> Vec<Self::Move>;
    /// The position after a legal move.
    fn after(&self, mv: Self::Move) -> Self;
    /// Parses and plays a move typed by a person: the position after it, or
    /// the reason it was refused.
    fn try_text(&self, text: &str) -> Result<(Self::Move, Self), String>;
    /// The player to move.
    fn to_move(&self) -> Player;
    /// The winner, once the game (round) is over.
    fn winner(&self) -> Option<Player>;
    /// How the game ended (`arrival`, `deadlock`, `camps`, ...), once over.
    fn ending(&self) -> Option<&'static str>;
    /// The outcome in words, once over.
    fn outcome_text(&self) -> Option<String>;
}

/// The parts of [`Game`] that both engines implement alike; each game
/// names its endings.
macro_rules! impl_game {
    ($krate:ident, |$o:ident| $ending:expr) => {
        impl Game for $krate::Position {
            type Move = $krate::Move;

            fn moves(&self) -> Vec<Self::Move> {
                self.legal_moves().to_vec()
            }

            fn after(&self, mv: Self::Move) -> Self {
                self.play(mv)
            }

            fn try_text(&self, text: &str) -> Result<(Self::Move, Self), String> {
                let mv: $krate::Move = text
                    .parse()
                    .map_err(|e| format!("malformed move {text:?}: {e}"))?;
                let next = self
                    .try_play(mv)
                    .map_err(|e| format!("illegal move {mv}: {e}"))?;
                Ok((mv, next))
            }

            fn to_move(&self) -> Player {
                self.side_to_move()
            }

            fn winner(&self) -> Option<Player> {
                self.outcome().map($krate::Outcome::winner)
            }

            fn ending(&self) -> Option<&'static str> {
                self.outcome().map(|$o| $ending)
            }

            fn outcome_text(&self) -> Option<String> {
                self.outcome().map(|o| o.to_string())
            }
        }
    };
}

impl_game!(kamisado_core, |o| match o {
    kamisado_core::Outcome::Arrival { .. } => "arrival",
    kamisado_core::Outcome::Deadlock { .. } => "deadlock",
    kamisado_core::Outcome::NoMove { .. } => "no move",
});

impl_game!(katarenga_core, |o| match o {
    katarenga_core::Outcome::Camps { .. } => "camps",
    katarenga_core::Outcome::TooFewPieces { .. } => "too few pieces",
    katarenga_core::Outcome::NoMove { .. } => "no move",
});

/// Whether the side to move in `p` can win with its next move.
fn can_win_at_once<G: Game>(p: &G) -> bool {
    let side = p.to_move();
    p.moves().iter().any(|&m| p.after(m).winner() == Some(side))
}

/// The computer player until the search crate lands: it takes a winning
/// move, avoids moves after which the opponent can win at once, and
/// otherwise picks at random. `None` when there is no legal move.
pub fn greedy_move<G: Game>(p: &G, rng: &mut Rng) -> Option<G::Move> {
    let side = p.to_move();
    let moves = p.moves();
    if moves.is_empty() {
        return None;
    }
    if let Some(&win) = moves.iter().find(|&&m| p.after(m).winner() == Some(side)) {
        return Some(win);
    }
    let safe: Vec<G::Move> = moves
        .iter()
        .copied()
        .filter(|&m| {
            let next = p.after(m);
            next.winner().is_none() && (next.to_move() == side || !can_win_at_once(&next))
        })
        .collect();
    let pool = if safe.is_empty() { &moves } else { &safe };
    Some(pool[rng.below(pool.len())])
}

/// A uniformly random legal move, or `None` when there is none.
pub fn random_move<G: Game>(p: &G, rng: &mut Rng) -> Option<G::Move> {
    let moves = p.moves();
    (!moves.is_empty()).then(|| moves[rng.below(moves.len())])
}

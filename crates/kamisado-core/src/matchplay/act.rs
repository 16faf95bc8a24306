//! A match driven by seats: who must act now, and actions that name the
//! player making them, so that a program serving two people (a game
//! server, a referee) refuses an action from the wrong seat with the
//! rules' own check instead of its own bookkeeping.

use board_geometry::Player;

use super::{Edge, Match, MatchError, MatchState, RoundSummary};
use crate::{Game, MoveKind, Position};

/// What a player does in a match ([`Match::act`]).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
#[cfg_attr(
    feature = "serde",
    derive(serde::Serialize, serde::Deserialize),
    serde(rename_all = "snake_case")
)]
pub enum MatchAction {
    /// A move of the round in progress ([`Match::play`]).
    Move(crate::Move),
    /// The round's winner chooses the refill edge ([`Match::choose_edge`]).
    ChooseEdge(Edge),
    /// The round's loser opens the next round of a set-up match from the
    /// set-ups it drew ([`Match::start_round`]).
    StartRound(Position),
}

/// What an accepted [`MatchAction`] did.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub struct Acted {
    /// The move's kind (a slide, a push, a pass); `None` for an edge chosen
    /// or a round started.
    pub kind: Option<MoveKind>,
    /// The summary of the round the move ended, if it did.
    pub round_over: Option<RoundSummary>,
}

impl Match {
    /// The player who must act now: the side to move during a round, the
    /// round's winner while the refill edge is to be chosen, its loser
    /// while set-ups are to be drawn; `None` once the match is over.
    ///
    /// ```
    /// use kamisado_core::{Game, Match, Player, Target};
    /// let mut m = Match::new(Target::STANDARD);
    /// assert_eq!(m.actor(), Some(Player::Black));
    /// for mv in ["d1d7", "g8b3", "d7d7", "b3d1"] {
    ///     m.play(mv.parse()?)?;
    /// }
    /// // White won the round: it chooses the edge, though Black opens the next.
    /// assert_eq!(m.position().side_to_move(), Player::Black);
    /// assert_eq!(m.actor(), Some(Player::White));
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    #[must_use]
    pub fn actor(&self) -> Option<Player> {
        match self.state {
            MatchState::InRound => Some(self.position.side_to_move()),
            MatchState::ChooseEdge { chooser } => Some(chooser),
            MatchState::DrawSetups { drawer } => Some(drawer),
            MatchState::Over { .. } => None,
        }
    }

    /// `player` does `action`: a move, an edge choice or a set-up round's
    /// start, accepted only from the player who must act now
    /// ([`Match::actor`]) and only if the match's state and rules allow it.
    /// Returns the move's kind and the round's summary if it ended.
    ///
    /// ```
    /// use kamisado_core::{MatchAction, MatchError, Match, MoveKind, Player, Target};
    /// let mut m = Match::new(Target::STANDARD);
    /// let d1d7 = MatchAction::Move("d1d7".parse()?);
    /// // White moves for Black: refused, and nothing changes.
    /// assert_eq!(
    ///     m.act(Player::White, d1d7),
    ///     Err(MatchError::NotYourTurn { player: Player::White, actor: Player::Black })
    /// );
    /// let acted = m.act(Player::Black, d1d7)?;
    /// assert_eq!(acted.kind, Some(MoveKind::Slide));
    /// assert_eq!(acted.round_over, None);
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    ///
    /// # Errors
    /// [`MatchError::MatchOver`] once the match is over,
    /// [`MatchError::NotYourTurn`] from the other player, and otherwise the
    /// errors of [`Match::play`], [`Match::choose_edge`] and
    /// [`Match::start_round`]. The match is then unchanged.
    pub fn act(&mut self, player: Player, action: MatchAction) -> Result<Acted, MatchError> {
        // Nobody acts once the match is over: each action then says so.
        if let Some(actor) = self.actor().filter(|&a| a != player) {
            return Err(MatchError::NotYourTurn { player, actor });
        }
        match action {
            MatchAction::Move(mv) => {
                self.ensure_in_round()?;
                let kind = self.position.check_move(mv).map_err(MatchError::Illegal)?;
                let round_over = self.play(mv)?;
                Ok(Acted {
                    kind: Some(kind),
                    round_over,
                })
            }
            MatchAction::ChooseEdge(edge) => self.choose_edge(edge).map(|()| Acted {
                kind: None,
                round_over: None,
            }),
            MatchAction::StartRound(start) => self.start_round(start).map(|()| Acted {
                kind: None,
                round_over: None,
            }),
        }
    }
}

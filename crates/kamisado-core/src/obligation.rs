//! The chain of obligations when the forced tower is blocked
//! ([the pass](crate::rules#the-pass)) and the deadlock it can run into
//! ([end of a round](crate::rules#end-of-a-round)).

use arrayvec::ArrayVec;
use board_geometry::{Player, Square};

use crate::Game;
use crate::{Colour, Position};

/// A link of the chain of obligations: `player` must move its `tower` on
/// `square`, and it is blocked.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub struct Obligation {
    /// The player who must move.
    pub player: Player,
    /// The colour of the tower it must move.
    pub tower: Colour,
    /// Where that tower stands.
    pub square: Square,
}

/// The blocked towers of a chain of obligations, in order
/// ([`Position::obligation_chain`]): at most one a (player, colour) pair.
pub type ObligationChain = ArrayVec<Obligation, 16>;

/// Where the chain of obligations from a blocked forced tower leads.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) enum Chain {
    /// Some tower along the chain can move: the side to move passes.
    Pass,
    /// The chain returned to a (player, colour) pair it had visited without
    /// reaching a tower that can move.
    Deadlock,
}

impl Position {
    /// Follows the obligations from the side to move's blocked `colour`
    /// tower. The board does not change while players pass, so each step
    /// is determined: the next player must move its tower of the colour
    /// under the previous blocked tower (by [`Rules::BlockedColour`](crate::Rules::BlockedColour), of that
    /// tower's colour). At most 16 (player, colour) pairs
    /// exist, so the walk ends within 16 steps.
    pub(crate) fn follow_chain(&self, colour: Colour) -> Chain {
        let rules = self.rules();
        let mut visited: u16 = 0;
        let mut player = self.side_to_move();
        let mut colour = colour;
        loop {
            visited |= 1 << (player.index() * 8 + colour.index());
            let next =
                rules.colour_after_block(self.layout(), colour, self.tower_square(player, colour));
            player = player.opponent();
            colour = next;
            if visited & (1 << (player.index() * 8 + colour.index())) != 0 {
                return Chain::Deadlock;
            }
            if self.can_move(player, colour) {
                return Chain::Pass;
            }
        }
    }

    /// The chain of obligations from the side to move's forced tower, while
    /// it is blocked, for showing a player why a pass or a deadlock came:
    /// the side to move's blocked forced tower, then the opponent's tower
    /// of the colour under it (by [`Rules::BlockedColour`](crate::Rules::BlockedColour), of its colour) if
    /// that one is blocked too, and so on. The
    /// chain stops before a tower that can move (the side to move then
    /// passes) or where the next link would be a tower already in it (a
    /// deadlock: [`Outcome::Deadlock`](crate::Outcome::Deadlock)). Empty
    /// when the forced tower can move, on a free choice, or once a tower
    /// has arrived.
    ///
    /// ```
    /// use kamisado_core::{Colour, Outcome, Player, Position};
    /// // Black's yellow tower on d7 is blocked by White's yellow tower on d8;
    /// // White's tower of d7's colour, green, on b3, can move: Black passes.
    /// let p: Position = "obpkyr1n/3Y4/8/8/8/1g6/8/NGR1KPBO b y".parse()?;
    /// let chain = p.obligation_chain();
    /// assert_eq!(chain.len(), 1);
    /// assert_eq!((chain[0].player, chain[0].tower), (Player::Black, Colour::Yellow));
    /// assert_eq!(chain[0].square.to_string(), "d7");
    /// # Ok::<(), kamisado_core::ParsePositionError>(())
    /// ```
    #[must_use]
    pub fn obligation_chain(&self) -> ObligationChain {
        let mut chain = ObligationChain::new();
        if self.arrived().is_some() {
            return chain;
        }
        let Some(mut colour) = self.forced_colour() else {
            return chain;
        };
        let mut player = self.side_to_move();
        while !self.can_move(player, colour)
            && !chain
                .iter()
                .any(|link| link.player == player && link.tower == colour)
        {
            let square = self.tower_square(player, colour);
            chain.push(Obligation {
                player,
                tower: colour,
                square,
            });
            player = player.opponent();
            colour = self
                .rules()
                .colour_after_block(self.layout(), colour, square);
        }
        chain
    }

    /// The number of legal moves when the forced tower is known to be a
    /// blocked plain tower (and no tower has arrived): 1 for the pass if the
    /// chain of obligations reaches a tower that can move, 0 in a deadlock.
    #[inline]
    pub(crate) fn blocked_move_count(&self) -> u64 {
        match self.forced_colour() {
            Some(colour) => u64::from(self.follow_chain(colour) == Chain::Pass),
            None => self.count_moves() as u64,
        }
    }

    /// Whether the side to move must and may pass: its forced tower is
    /// blocked and the chain of obligations reaches a tower that can move.
    #[inline]
    pub(crate) fn pass_is_legal(&self) -> bool {
        match self.forced_colour() {
            Some(colour) => {
                !self.can_move(self.side_to_move(), colour)
                    && self.follow_chain(colour) == Chain::Pass
            }
            None => false,
        }
    }

    /// The player who made the last real (non-pass) move, as far as the
    /// rules need it: the side to move itself after its own push (the `!`
    /// mark), its opponent otherwise ([rules](crate::rules#end-of-a-round)).
    #[inline]
    #[must_use]
    pub fn last_mover(&self) -> Player {
        if self.is_after_push() {
            self.side_to_move()
        } else {
            self.side_to_move().opponent()
        }
    }
}

//! The chain of obligations when the forced tower is blocked
//! ([the pass](crate::rules#the-pass)) and the deadlock it can run into
//! ([end of a round](crate::rules#end-of-a-round)).

use board_geometry::Player;

use crate::{Colour, Position};

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
    /// under the previous blocked tower. At most 16 (player, colour) pairs
    /// exist, so the walk ends within 16 steps.
    pub(crate) fn follow_chain(&self, colour: Colour) -> Chain {
        let mut visited: u16 = 0;
        let mut player = self.side_to_move();
        let mut colour = colour;
        loop {
            visited |= 1 << (player.index() * 8 + colour.index());
            let under = Colour::of_square(self.tower_square(player, colour));
            player = player.opponent();
            colour = under;
            if visited & (1 << (player.index() * 8 + colour.index())) != 0 {
                return Chain::Deadlock;
            }
            if self.can_move(player, colour) {
                return Chain::Pass;
            }
        }
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

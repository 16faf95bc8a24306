//! How a game of the family ends, and the connection test of Congress and
//! Quebec.

use core::fmt;

use board_geometry::{Bitboard, Player};

/// How a game of the family ended.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum Outcome {
    /// Congress or Quebec: `winner`'s pawns form one orthogonally
    /// connected group (the other side's do not, or the both-connected rule
    /// gave the game to the player who moved).
    Connected {
        /// The connected side.
        winner: Player,
    },
    /// Quebec under [`BothConnected::Draw`](crate::BothConnected::Draw):
    /// both sides connected at once.
    BothConnected,
    /// The player to move has no legal move (Congress, Quebec) or no
    /// legitimate placement (Isolation), and loses.
    NoMove {
        /// The other player.
        winner: Player,
    },
    /// Congress under [`NoMove::Pass`](crate::NoMove::Pass): neither
    /// player can move, a draw.
    Blocked,
}

impl Outcome {
    /// The winner, or `None` for a draw.
    #[must_use]
    pub const fn winner(self) -> Option<Player> {
        match self {
            Outcome::Connected { winner } | Outcome::NoMove { winner } => Some(winner),
            Outcome::BothConnected | Outcome::Blocked => None,
        }
    }

    /// A short lowercase name of the ending, for statistics and records.
    #[must_use]
    pub const fn ending(self) -> &'static str {
        match self {
            Outcome::Connected { .. } => "connected",
            Outcome::BothConnected => "both connected",
            Outcome::NoMove { .. } => "no move",
            Outcome::Blocked => "blocked",
        }
    }
}

impl fmt::Display for Outcome {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match *self {
            Outcome::Connected { winner } => write!(f, "{winner} wins: all its pawns connected"),
            Outcome::BothConnected => f.write_str("draw: both sides connected at once"),
            Outcome::NoMove { winner } => {
                write!(f, "{winner} wins: {} cannot move", winner.opponent())
            }
            Outcome::Blocked => f.write_str("draw: neither side can move"),
        }
    }
}

impl game_rules::GameOutcome for Outcome {
    #[inline]
    fn winner(self) -> Option<Player> {
        Outcome::winner(self)
    }

    #[inline]
    fn ending(self) -> &'static str {
        Outcome::ending(self)
    }
}

const NOT_FILE_A: u64 = !0x0101_0101_0101_0101;
const NOT_FILE_H: u64 = !0x8080_8080_8080_8080;

/// Whether `pawns` form one group under orthogonal adjacency (a single pawn
/// does; no pawn does not).
///
/// ```
/// use katarenga_family::{Bitboard, is_connected};
/// let line: Bitboard = ["a1", "a2", "b2"].iter().map(|s| s.parse().unwrap()).collect();
/// assert!(is_connected(line));
/// let diagonal: Bitboard = ["a1", "b2"].iter().map(|s| s.parse().unwrap()).collect();
/// assert!(!is_connected(diagonal));
/// ```
#[must_use]
pub fn is_connected(pawns: Bitboard) -> bool {
    let all = pawns.0;
    if all == 0 {
        return false;
    }
    // A fill from the lowest pawn, one orthogonal step at a time.
    let mut group = all & all.wrapping_neg();
    loop {
        let grown = (group
            | group << 8
            | group >> 8
            | (group << 1) & NOT_FILE_A
            | (group >> 1) & NOT_FILE_H)
            & all;
        if grown == group {
            return group == all;
        }
        group = grown;
    }
}

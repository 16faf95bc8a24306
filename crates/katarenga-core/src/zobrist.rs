//! Zobrist keys, generated at compile time, and the hash from scratch.
//!
//! The hash is the XOR of these fields of `KEYS`: `colour[colour][square]`
//! for all 64 squares (so the same pieces on two boards hash differently,
//! and a table can be shared across boards), `piece[player][square]` for
//! each piece, `camp[camp]` for each occupied camp, `side` when Black
//! is to move, and `first[player]` for each pending first move (the
//! no-first-capture option).
//! The board never changes during a game, so `play` never touches the
//! colour keys.

use board_geometry::{Player, SplitMix64, Square};

use crate::{Camp, Position, SquareColour};

const SEED: u64 = 0x4B41_5441_5245_4E47; // "KATARENG"

pub(crate) struct Keys {
    pub(crate) colour: [[u64; 64]; 4],
    pub(crate) piece: [[u64; 64]; 2],
    pub(crate) camp: [u64; 4],
    pub(crate) side: u64,
    /// A player's first move pending under the no-first-capture option.
    pub(crate) first: [u64; 2],
}

pub(crate) static KEYS: Keys = {
    let mut rng = SplitMix64::new(SEED);
    let mut colour = [[0u64; 64]; 4];
    let mut piece = [[0u64; 64]; 2];
    let mut s = 0;
    while s < 64 {
        let mut c = 0;
        while c < 4 {
            colour[c][s] = rng.next_u64();
            c += 1;
        }
        let mut p = 0;
        while p < 2 {
            piece[p][s] = rng.next_u64();
            p += 1;
        }
        s += 1;
    }
    Keys {
        colour,
        piece,
        camp: rng.array(),
        side: rng.next_u64(),
        // Drawn last, so that the keys of the standard rules did not change.
        first: rng.array(),
    }
};

/// The hash of `position` from its parts.
pub(crate) fn hash_of(position: &Position) -> u64 {
    let mut hash = 0;
    for colour in SquareColour::ALL {
        for square in position.board.squares(colour) {
            hash ^= KEYS.colour[colour.index()][square as usize];
        }
    }
    for player in Player::ALL {
        for square in position.pieces[player.index()] {
            hash ^= KEYS.piece[player.index()][square as usize];
        }
    }
    for camp in Camp::ALL {
        if position.camps.has(camp) {
            hash ^= KEYS.camp[camp.index()];
        }
    }
    if position.side == Player::Black {
        hash ^= KEYS.side;
    }
    for player in Player::ALL {
        if position.first_move_pending(player) {
            hash ^= KEYS.first[player.index()];
        }
    }
    hash
}

/// The key of a piece of `player` on `square`.
#[inline]
pub(crate) fn piece_key(player: Player, square: Square) -> u64 {
    KEYS.piece[player.index()][square as usize]
}

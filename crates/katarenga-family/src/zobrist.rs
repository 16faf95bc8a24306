//! Zobrist keys, drawn at compile time: the XOR of `colour[colour][square]`
//! for the 64 squares (the same pawns on two boards hash differently),
//! `pawn[player][square]` for each pawn, and `side` when Black is to move.
//! Each game mixes in a key of its own, so that one table can hold the
//! positions of several games.

use board_geometry::{Player, SplitMix64, Square};
use katarenga_core::{Board, SquareColour};

const SEED: u64 = 0x4641_4D49_4C59_4B54; // "FAMILYKT"

pub(crate) struct Keys {
    pub(crate) colour: [[u64; 64]; 4],
    pub(crate) pawn: [[u64; 64]; 2],
    pub(crate) side: u64,
    /// Congress, Quebec, Isolation.
    pub(crate) game: [u64; 3],
}

pub(crate) static KEYS: Keys = {
    let mut rng = SplitMix64::new(SEED);
    let mut colour = [[0u64; 64]; 4];
    let mut pawn = [[0u64; 64]; 2];
    let mut s = 0;
    while s < 64 {
        let mut c = 0;
        while c < 4 {
            colour[c][s] = rng.next_u64();
            c += 1;
        }
        pawn[0][s] = rng.next_u64();
        pawn[1][s] = rng.next_u64();
        s += 1;
    }
    Keys {
        colour,
        pawn,
        side: rng.next_u64(),
        game: rng.array(),
    }
};

/// The key of a pawn of `player` on `square`.
#[inline(always)]
pub(crate) fn pawn_key(player: Player, square: Square) -> u64 {
    KEYS.pawn[player.index()][square as usize]
}

/// The key of the board's colouring.
pub(crate) fn board_key(board: &Board) -> u64 {
    let mut hash = 0;
    for colour in SquareColour::ALL {
        for square in board.squares(colour) {
            hash ^= KEYS.colour[colour.index()][square as usize];
        }
    }
    hash
}

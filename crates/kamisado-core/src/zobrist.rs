//! Zobrist keys, generated at compile time, and the hash from scratch.
//!
//! The hash of a position is the XOR of these fields of [`KEYS`]:
//! - `tower[player][colour][square]` for each of the 16 towers;
//! - `rank[player][colour][level]` for each tower whose sumo rank is not
//!   plain (ranks travel with the tower, so a move leaves them untouched);
//! - `side` when White is to move;
//! - `forced[colour]`, or `forced[8]` on a free choice;
//! - `after_push` when the position carries the `!` mark;
//! - `rules[reading]` (0 for the standard rules), so that positions of
//!   different readings, which are different games, hash apart. Moves
//!   update the hash by differences, so this key stays without cost;
//! - `layout[layout]` (0 for the standard layout), likewise.

use board_geometry::{Player, SplitMix64};

use crate::Game;
use crate::{Colour, Layout, Position, Rules};

const SEED: u64 = 0x4B41_4D49_5341_444F; // "KAMISADO"

pub(crate) struct Keys {
    pub(crate) tower: [[[u64; 64]; 8]; 2],
    pub(crate) rank: [[[u64; 4]; 8]; 2],
    pub(crate) side: u64,
    pub(crate) forced: [u64; 9],
    pub(crate) after_push: u64,
    pub(crate) rules: [u64; Rules::ALL.len()],
    pub(crate) layout: [u64; Layout::ALL.len()],
}

pub(crate) static KEYS: Keys = {
    let mut rng = SplitMix64::new(SEED);
    let mut tower = [[[0u64; 64]; 8]; 2];
    let mut rank = [[[0u64; 4]; 8]; 2];
    let mut p = 0;
    while p < 2 {
        let mut c = 0;
        while c < 8 {
            tower[p][c] = rng.array();
            // Level 0 (plain) has no key: plain towers add nothing.
            let [sumo, double, triple] = rng.array();
            rank[p][c] = [0, sumo, double, triple];
            c += 1;
        }
        p += 1;
    }
    Keys {
        tower,
        rank,
        side: rng.next_u64(),
        forced: rng.array(),
        after_push: rng.next_u64(),
        rules: {
            // Drawn after the others, which keep their values.
            let mut keys: [u64; Rules::ALL.len()] = rng.array();
            keys[Rules::Standard as usize] = 0;
            keys
        },
        layout: {
            let mut keys: [u64; Layout::ALL.len()] = rng.array();
            keys[Layout::Standard as usize] = 0;
            keys
        },
    }
};

/// The key of the obligation part: forced colour or free choice.
#[inline]
pub(crate) fn forced_key(forced: Option<Colour>) -> u64 {
    KEYS.forced[match forced {
        Some(c) => c.index(),
        None => 8,
    }]
}

/// The hash of `position` computed from its parts.
pub(crate) fn hash_of(position: &Position) -> u64 {
    let mut hash = 0;
    for (tower, square, rank) in position.towers() {
        let (p, c) = (tower.player.index(), tower.colour.index());
        hash ^= KEYS.tower[p][c][square as usize] ^ KEYS.rank[p][c][rank as usize];
    }
    if position.side_to_move() == Player::White {
        hash ^= KEYS.side;
    }
    hash ^= forced_key(position.forced_colour());
    if position.is_after_push() {
        hash ^= KEYS.after_push;
    }
    hash ^ KEYS.rules[position.rules().index()] ^ KEYS.layout[position.layout().index()]
}

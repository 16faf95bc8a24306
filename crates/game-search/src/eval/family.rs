//! Congress, Quebec and Isolation for the search: the [`SearchGame`] impls
//! and their evaluations. Congress and Quebec are scored by how far each
//! side is from one orthogonal group (the connection distance); Isolation
//! by the placements each side would have.

use board_geometry::{Bitboard, Player, Square};
use katarenga_family::{Congress, Game, Isolation, Move, Quebec, Reading};

use crate::SearchGame;

/// The move index of any move of the family: a step `from * 64 + to`, a
/// drop `4096 + to`, the pass `4160`.
fn move_index(mv: Move) -> usize {
    match mv {
        Move::Step { from, to } => from.index() * 64 + to.index(),
        Move::Drop(to) => 4096 + to.index(),
        Move::Pass => 4160,
    }
}

/// How far `pawns` are from one orthogonal group, in steps: each pawn's
/// Manhattan distance to the group's median square, less the distance a
/// group of that size needs (a compact group still spreads round its
/// centre), and 4 for every group beyond the first (two groups side by
/// side are a step apart, but their pawns score as near). 0 for a
/// connected set.
///
/// ```
/// use game_search::eval::family::connection_distance;
/// use board_geometry::Bitboard;
/// let line: Bitboard = ["a1", "b1", "c1"].iter().map(|s| s.parse().unwrap()).collect();
/// assert_eq!(connection_distance(line), 0);
/// let apart: Bitboard = ["a1", "h8"].iter().map(|s| s.parse().unwrap()).collect();
/// assert!(connection_distance(apart) > 10);
/// ```
#[must_use]
pub fn connection_distance(pawns: Bitboard) -> i32 {
    let n = pawns.len() as usize;
    if n <= 1 || katarenga_family::is_connected(pawns) {
        return 0;
    }
    let mut files = [0i32; 8];
    let mut ranks = [0i32; 8];
    for (i, s) in pawns.into_iter().take(8).enumerate() {
        files[i] = s.file() as i32;
        ranks[i] = s.rank() as i32;
    }
    let count = n.min(8);
    files[..count].sort_unstable();
    ranks[..count].sort_unstable();
    let (mf, mr) = (files[count / 2], ranks[count / 2]);
    let spread: i32 = pawns
        .into_iter()
        .map(|s: Square| (s.file() as i32 - mf).abs() + (s.rank() as i32 - mr).abs())
        .sum();
    // The least spread of n pawns round a square (1 at 0, 4 at 1, 8 at 2).
    let least = match n {
        0..=1 => 0,
        2..=5 => n as i32 - 1,
        _ => 4 + 2 * (n as i32 - 5),
    };
    (spread - least).max(1) + 4 * (groups(pawns) - 1)
}

/// The number of orthogonal groups of `pawns`.
fn groups(pawns: Bitboard) -> i32 {
    const NOT_FILE_A: u64 = !0x0101_0101_0101_0101;
    const NOT_FILE_H: u64 = !0x8080_8080_8080_8080;
    let mut rest = pawns.0;
    let mut count = 0;
    while rest != 0 {
        let mut group = rest & rest.wrapping_neg();
        loop {
            let grown = (group
                | group << 8
                | group >> 8
                | (group << 1) & NOT_FILE_A
                | (group >> 1) & NOT_FILE_H)
                & rest;
            if grown == group {
                break;
            }
            group = grown;
        }
        rest &= !group;
        count += 1;
    }
    count
}

/// The connection evaluation: 10 a step of the opponent's distance less
/// the mover's, and the mobility as a tie-break.
fn connection_score(pieces: impl Fn(Player) -> Bitboard, side: Player, moves: usize) -> i32 {
    10 * (connection_distance(pieces(side.opponent())) - connection_distance(pieces(side)))
        + moves as i32
}

impl SearchGame for Congress {
    const MOVE_INDICES: usize = 4161;

    fn move_index(mv: Move) -> usize {
        move_index(mv)
    }

    fn wins_at_once(&self, mv: Move) -> bool {
        match mv {
            Move::Step { from, to } => {
                let own = self.pieces(self.side_to_move());
                katarenga_family::is_connected(own.without(from).with(to))
            }
            Move::Drop(_) | Move::Pass => false,
        }
    }

    fn evaluate(&self) -> i32 {
        connection_score(|p| self.pieces(p), self.side_to_move(), self.count_moves())
    }
}

impl SearchGame for Quebec {
    const MOVE_INDICES: usize = 4161;

    fn move_index(mv: Move) -> usize {
        move_index(mv)
    }

    fn is_tactical(&self, mv: Move) -> bool {
        mv.to().is_some_and(|to| self.occupied().has(to))
    }

    fn wins_at_once(&self, mv: Move) -> bool {
        self.play_unchecked(mv).winner() == Some(self.side_to_move())
    }

    fn evaluate(&self) -> i32 {
        connection_score(|p| self.pieces(p), self.side_to_move(), self.count_moves())
    }
}

impl SearchGame for Isolation {
    /// Every placement fills a square: no position repeats, and the game
    /// ends with a winner.
    const ACYCLIC: bool = true;
    const MOVE_INDICES: usize = 4161;

    fn move_index(mv: Move) -> usize {
        move_index(mv)
    }

    fn wins_at_once(&self, mv: Move) -> bool {
        self.play_unchecked(mv).placements().is_empty()
    }

    /// The placements the side to move has less those the opponent would
    /// have were it to move, 10 each. Under the strict reading both are
    /// the same squares: the evaluation is then the parity of what is
    /// left, which the exact solver (`proof::isolation`) settles instead.
    fn evaluate(&self) -> i32 {
        let mine = self.placements().len() as i32;
        if self.reading() == Reading::Strict {
            return if mine % 2 == 1 { 5 } else { -5 };
        }
        let theirs = self
            .with_side_to_move(self.side_to_move().opponent())
            .placements()
            .len() as i32;
        10 * (mine - theirs)
    }
}

//! The independent oracle of the searches and provers: plain exhaustive
//! minimax, no pruning, no table, no ordering, for any game.

use game_search::SearchGame;

/// What a plain exhaustive search says of a position within some plies.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) enum Known {
    Win,
    Loss,
    Unknown,
}

/// Who wins within `depth` plies, by exhaustive minimax (no pruning, no
/// table), from the side to move's point of view.
pub(crate) fn brute<G: SearchGame>(p: &G, depth: u32) -> Known {
    let moves = p.legal_moves();
    if moves.is_empty() {
        return match p.winner() {
            Some(w) if w == p.side_to_move() => Known::Win,
            Some(_) => Known::Loss,
            None => Known::Unknown,
        };
    }
    if depth == 0 {
        return Known::Unknown;
    }
    let mut all_lose = true;
    for &mv in moves.iter() {
        let child = p.play(mv);
        let mut r = brute(&child, depth - 1);
        if child.side_to_move() != p.side_to_move() {
            r = match r {
                Known::Win => Known::Loss,
                Known::Loss => Known::Win,
                Known::Unknown => Known::Unknown,
            };
        }
        match r {
            Known::Win => return Known::Win,
            Known::Loss => {}
            Known::Unknown => all_lose = false,
        }
    }
    if all_lose {
        Known::Loss
    } else {
        Known::Unknown
    }
}

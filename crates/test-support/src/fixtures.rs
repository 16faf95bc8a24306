//! Deterministic position sets for the benchmarks and the allocation test:
//! positions reached by seeded random play from each game's start (and,
//! for Kamisado, from starts with sumo towers).

use game_search::{Game, SearchGame};

use crate::Rng;

/// `count` positions with legal moves: each from a start chosen by
/// `start`, after up to `max_plies - 1` random moves.
fn positions<G: SearchGame>(
    count: usize,
    seed: u64,
    max_plies: usize,
    mut start: impl FnMut(&mut Rng) -> G,
) -> Vec<G> {
    let mut rng = Rng::new(seed);
    let mut out = Vec::with_capacity(count);
    while out.len() < count {
        let mut p = start(&mut rng);
        for _ in 0..rng.below(max_plies) {
            let Some(&mv) = rng.choose(&p.legal_moves()) else {
                break;
            };
            p = p.play(mv);
        }
        if !p.legal_moves().is_empty() {
            out.push(p);
        }
    }
    out
}

/// Starts with sumo towers of every rank, for Kamisado fixtures.
pub const KAMISADO_STARTS: [&str; 3] = [
    "obpkyrgn/8/8/8/8/8/8/NGRYKPBO b -",
    "o+kgp+++yrbn+/8/8/8/8/8/8/R++KB+G+Y+++OPN w -",
    "rpy+k+ogbn/8/8/8/8/8/8/YOB+GRK+NP++ b -",
];

/// `count` Kamisado positions with legal moves, from random games.
#[must_use]
pub fn kamisado_positions(count: usize, seed: u64) -> Vec<kamisado_core::Position> {
    positions(count, seed, 16, |rng| {
        KAMISADO_STARTS[rng.below(KAMISADO_STARTS.len())]
            .parse()
            .expect("fixture start")
    })
}

/// `count` Katarenga positions with legal moves, from random games on
/// the standard board and on other tile boards.
#[must_use]
pub fn katarenga_positions(count: usize, seed: u64) -> Vec<katarenga_core::Position> {
    let boards: Vec<katarenga_core::Board> = katarenga_core::Board::all_tile_boards()
        .step_by(4099)
        .map(|(b, _)| b)
        .chain([katarenga_core::Board::standard()])
        .collect();
    positions(count, seed, 40, |rng| {
        katarenga_core::Position::start_on(boards[rng.below(boards.len())])
    })
}

/// The positions of a game from `start` where each move is chosen by the
/// next of `choices` (modulo the number of legal moves): `start` first,
/// then one position a choice, fewer if the game ends. For property tests
/// that draw the choices.
pub fn play_out<P: Game>(start: P, choices: &[u16]) -> Vec<P> {
    let mut positions = vec![start];
    let mut position = start;
    for &c in choices {
        let moves = position.legal_moves();
        if moves.is_empty() {
            break;
        }
        position = position.play(moves[c as usize % moves.len()]);
        positions.push(position);
    }
    positions
}

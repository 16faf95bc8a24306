//! The attacks of a side ([`Position::attacks`], [`Position::for_each_attack`])
//! against a naive square-by-square walk, and against move generation for
//! the side to move, over positions reached by random play on many boards.

use std::collections::BTreeMap;

use board_geometry::{Bitboard, Direction, Player, SplitMix64, Square};
use katarenga_core::{Board, Game, Orientation, Position, Rules, Setup, SquareColour};

/// The squares the piece on `from` attacks, walking one square at a time:
/// a king's eight neighbours, a knight's jumps, a slider's rays up to and
/// including the first piece or square of its own colour (the naive
/// generator of `movegen.rs` takes its moves from here too).
pub(crate) fn naive_attacks_from(p: &Position, from: Square) -> Bitboard {
    let colour = p.board().colour_of(from);
    let mut out = Bitboard::EMPTY;
    match colour {
        SquareColour::Blue => {
            for d in Direction::ALL {
                if let Some(to) = from.step(d) {
                    out |= to;
                }
            }
        }
        SquareColour::Green => {
            for (f, r) in [
                (1, 2),
                (2, 1),
                (2, -1),
                (1, -2),
                (-1, -2),
                (-2, -1),
                (-2, 1),
                (-1, 2),
            ] {
                if let Some(to) = from.offset(f, r) {
                    out |= to;
                }
            }
        }
        SquareColour::Yellow | SquareColour::Red => {
            let directions = if colour == SquareColour::Yellow {
                Direction::DIAGONAL
            } else {
                Direction::STRAIGHT
            };
            for d in directions {
                let mut square = from;
                while let Some(to) = square.step(d) {
                    out |= to;
                    if p.piece_on(to).is_some() || p.board().colour_of(to) == colour {
                        break;
                    }
                    square = to;
                }
            }
        }
    }
    out
}

/// Positions by random play from the four starts of boards spread over
/// every tile arrangement, under both rules.
fn positions() -> Vec<Position> {
    let boards: Vec<Board> = Board::all_tile_boards()
        .step_by(1_999)
        .map(|(b, _)| b)
        .chain([Board::standard()])
        .collect();
    let mut rng = SplitMix64::new(11);
    let mut out = Vec::new();
    for (i, board) in boards.into_iter().enumerate() {
        let rules = if i % 2 == 0 {
            Rules::Standard
        } else {
            Rules::NoFirstCapture
        };
        for orientation in Orientation::ALL {
            let mut p = Setup::new(board, rules).start(orientation);
            for _ in 0..60 {
                out.push(p);
                let moves = p.legal_moves();
                if moves.is_empty() {
                    break;
                }
                p = p.play(moves[(rng.next_u64() % moves.len() as u64) as usize]);
            }
        }
    }
    out
}

#[test]
fn attacks_are_the_squares_each_piece_reaches_square_by_square() {
    let mut threats = 0;
    let positions = positions();
    for p in &positions {
        for player in Player::ALL {
            let mut seen = BTreeMap::new();
            p.for_each_attack(player, |from, attacks| {
                assert!(seen.insert(from, attacks).is_none(), "{p}: {from} twice");
            });
            let expected: BTreeMap<Square, Bitboard> = p
                .pieces(player)
                .into_iter()
                .map(|from| (from, naive_attacks_from(p, from)))
                .collect();
            assert_eq!(seen, expected, "{p}: {player}");
            let union = expected.values().fold(Bitboard::EMPTY, |all, &a| all | a);
            assert_eq!(p.attacks(player), union, "{p}: {player}");
            threats += usize::from(p.attacks(player).intersects(p.pieces(player.opponent())));
        }
    }
    // Captures are in reach often enough for the slider stops to matter.
    assert!(positions.len() > 2_000, "{}", positions.len());
    assert!(
        threats > positions.len() / 4,
        "{threats} of {}",
        positions.len()
    );
}

#[test]
fn the_side_to_moves_attacks_off_its_own_pieces_are_its_destinations() {
    let mut compared = 0;
    for p in positions() {
        let side = p.side_to_move();
        // Move generation bars captures on a pending first move under the
        // no-first-capture rule, and a finished game has no moves.
        if p.first_move_pending(side) || p.is_over() {
            continue;
        }
        let mut destinations = Bitboard::EMPTY;
        p.generate_moves(|moves| {
            destinations |= moves.to;
            false
        });
        assert_eq!(p.attacks(side) - p.pieces(side), destinations, "{p}");
        compared += 1;
    }
    assert!(compared > 2_000, "{compared}");
}

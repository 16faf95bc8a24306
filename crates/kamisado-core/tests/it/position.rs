//! The position's accessors.

use crate::common::sample;
use kamisado_core::{Colour, Player, Square, Tower};

#[test]
fn occupancy_by_player() {
    for (p, _) in sample(3, 500) {
        for player in [Player::Black, Player::White] {
            let squares: Vec<Square> = Colour::ALL
                .iter()
                .map(|&c| p.square_of(Tower::new(player, c)))
                .collect();
            let set = p.pieces(player);
            assert_eq!(set.len(), 8);
            assert!(squares.iter().all(|&s| set.has(s)), "{p}");
        }
        assert_eq!(
            p.occupied(),
            p.pieces(Player::Black) | p.pieces(Player::White)
        );
        assert_eq!(p.occupied().len(), 16);
    }
}

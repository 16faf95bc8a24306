//! The tiles and the boards they make (RULES.md 2.1).

use std::collections::HashSet;

use katarenga_core::{Board, BoardError, Rotation, Side, Tile, TilePlacement};

#[test]
fn the_default_board_is_tiles_one_to_four() {
    assert_eq!(
        Board::standard().to_string(),
        "RYBGRYGB/GRGBGYRY/YYBRBBGR/BGRYYRBG/RGBYRGBY/YYGRYYBR/BBRGBGRG/GRYBGRYB"
    );
}

#[test]
fn a_tile_may_be_used_once() {
    let t = TilePlacement::new;
    assert_eq!(
        Board::from_tiles([t(Tile::One), t(Tile::Two), t(Tile::One), t(Tile::Four)]),
        Err(BoardError::TileUsedTwice(Tile::One))
    );
}

/// 4! x 2^4 x 4^4 = 98,304 placements make 98,304 different boards, in
/// orbits of four under quarter turns of the whole board: 24,576 boards up
/// to turning, as RULES.md 2.1 says.
#[test]
fn there_are_24576_boards_up_to_turning() {
    let mut all = HashSet::new();
    for perm in permutations() {
        for sides in 0..16u32 {
            for rotations in 0..256u32 {
                let placements: [TilePlacement; 4] = core::array::from_fn(|q| TilePlacement {
                    tile: perm[q],
                    side: if sides >> q & 1 == 1 {
                        Side::Back
                    } else {
                        Side::Front
                    },
                    rotation: Rotation::new((rotations >> (2 * q)) as u8),
                });
                all.insert(Board::from_tiles(placements).unwrap());
            }
        }
    }
    assert_eq!(all.len(), 98_304, "two placements make the same board");
    let orbits: HashSet<Board> = all
        .iter()
        .map(|b| {
            let r1 = b.rotate_cw();
            let r2 = r1.rotate_cw();
            let r3 = r2.rotate_cw();
            assert!(all.contains(&r1), "a turned tile board is a tile board");
            *[*b, r1, r2, r3].iter().min().unwrap()
        })
        .collect();
    assert_eq!(orbits.len(), 24_576);
    let enumerated: HashSet<Board> = Board::all_tile_boards()
        .map(|(board, placements)| {
            assert_eq!(Board::from_tiles(placements), Ok(board));
            board
        })
        .collect();
    assert_eq!(enumerated, orbits);
    assert_eq!(Board::all_tile_boards().count(), 24_576);
}

fn permutations() -> Vec<[Tile; 4]> {
    let mut out = Vec::new();
    for a in Tile::ALL {
        for b in Tile::ALL {
            for c in Tile::ALL {
                for d in Tile::ALL {
                    let p = [a, b, c, d];
                    if (0..4).all(|i| (0..i).all(|j| p[i] != p[j])) {
                        out.push(p);
                    }
                }
            }
        }
    }
    out
}

//! The small value types, over their whole domains: camps and camp sets,
//! target lines, square colours, tiles, rotations, board symmetries and
//! outcomes. Expected values come from the rules, not from the code.

use board_geometry::{Player, Rank, Square};
use katarenga_core::{
    Board, Camp, Camps, Outcome, PieceKind, Rotation, SquareColour, Tile, TilePlacement,
    on_target_line, target_line,
};
use katarenga_core::{Game, PositionBuilder};

#[test]
fn camps_belong_to_the_player_who_enters_them() {
    // Black moves up the board, so its targets lie beyond rank 8 (a9, h9);
    // White's beyond rank 1 (a0, h0).
    let expected = [
        (Camp::A9, "a9", Player::Black, Camp::H9),
        (Camp::H9, "h9", Player::Black, Camp::A9),
        (Camp::A0, "a0", Player::White, Camp::H0),
        (Camp::H0, "h0", Player::White, Camp::A0),
    ];
    let mut bits = 0u8;
    for (camp, name, owner, mirror) in expected {
        assert_eq!(camp.name(), name);
        assert_eq!(camp.to_string(), name);
        assert_eq!(camp.owner(), owner);
        assert_eq!(camp.flip_files(), mirror);
        assert_eq!(
            Camp::from_ascii([name.as_bytes()[0], name.as_bytes()[1]]),
            Some(camp)
        );
        assert_eq!(camp.bit().count_ones(), 1);
        assert_eq!(bits & camp.bit(), 0, "each camp its own bit");
        bits |= camp.bit();
        assert!(Camp::of(owner).contains(&camp));
    }
    assert_eq!(Camp::from_ascii(*b"b9"), None);
    assert_eq!(Camp::from_ascii(*b"a8"), None);
    assert_eq!(Camp::of(Player::Black), [Camp::A9, Camp::H9]);
    assert_eq!(Camp::of(Player::White), [Camp::A0, Camp::H0]);
}

#[test]
fn camp_sets() {
    // Every one of the 16 subsets of the four camps.
    for mask in 0u8..16 {
        let set = Camp::ALL
            .iter()
            .enumerate()
            .filter(|(i, _)| mask & (1 << i) != 0)
            .fold(Camps::EMPTY, |s, (_, &c)| s.with(c));
        let members: Vec<Camp> = set.iter().collect();
        let expected: Vec<Camp> = Camp::ALL
            .iter()
            .enumerate()
            .filter(|(i, _)| mask & (1 << i) != 0)
            .map(|(_, &c)| c)
            .collect();
        assert_eq!(members, expected);
        for camp in Camp::ALL {
            assert_eq!(set.has(camp), expected.contains(&camp));
        }
        for player in [Player::Black, Player::White] {
            let count = expected.iter().filter(|c| c.owner() == player).count();
            assert_eq!(set.count(player), count as u32);
        }
        let mirrored: Vec<Camp> = set.flip_files().iter().collect();
        let mut expected_mirror: Vec<Camp> = expected.iter().map(|c| c.flip_files()).collect();
        expected_mirror.sort_by_key(|c| Camp::ALL.iter().position(|a| a == c));
        assert_eq!(mirrored, expected_mirror);
        assert_eq!(set.to_string().parse::<Camps>().unwrap(), set);
    }
    assert_eq!(
        Camps::of(Player::Black),
        Camps::EMPTY.with(Camp::A9).with(Camp::H9)
    );
    assert_eq!(
        Camps::of(Player::White),
        Camps::EMPTY.with(Camp::A0).with(Camp::H0)
    );
}

#[test]
fn target_lines_are_the_opponents_home_rows() {
    for square in Square::ALL {
        assert_eq!(
            on_target_line(Player::Black, square),
            square.rank() == Rank::Eighth
        );
        assert_eq!(
            on_target_line(Player::White, square),
            square.rank() == Rank::First
        );
    }
    assert_eq!(target_line(Player::Black), Rank::Eighth.bitboard());
    assert_eq!(target_line(Player::White), Rank::First.bitboard());
}

#[test]
fn square_colours_and_how_pieces_move_on_them() {
    let expected = [
        (b'R', 'R', "red", PieceKind::Rook),
        (b'Y', 'Y', "yellow", PieceKind::Bishop),
        (b'B', 'B', "blue", PieceKind::King),
        (b'G', 'G', "green", PieceKind::Knight),
    ];
    for (i, (byte, letter, name, kind)) in expected.into_iter().enumerate() {
        let colour = SquareColour::from_letter(byte).unwrap();
        assert_eq!(colour, SquareColour::ALL[i]);
        assert_eq!(colour.index(), i);
        assert_eq!(colour.letter(), letter);
        assert_eq!(colour.name(), name);
        assert_eq!(colour.to_string(), name);
        assert_eq!(colour.piece_kind(), kind);
    }
    for byte in 0..=255u8 {
        if !b"RYBG".contains(&byte) {
            assert_eq!(SquareColour::from_letter(byte), None, "{byte}");
        }
    }
}

#[test]
fn tiles_and_rotations() {
    for (i, tile) in Tile::ALL.into_iter().enumerate() {
        assert_eq!(tile.number(), i as u8 + 1);
        assert_eq!(u8::from(tile), i as u8 + 1);
        assert_eq!(Tile::from_number(i as u8 + 1), Some(tile));
        assert_eq!(tile.index(), i);
        // A tile holds four squares of each colour, on either face and
        // whatever its rotation.
        for rotation in Rotation::ALL {
            for side in katarenga_core::Side::ALL {
                let grid = tile.grid(side, rotation);
                for colour in SquareColour::ALL {
                    let n = grid.iter().flatten().filter(|&&c| c == colour).count();
                    assert_eq!(n, 4, "{tile:?} {side:?} {rotation:?}");
                }
            }
        }
        // Four quarter turns make a whole turn; the front unturned is the
        // front.
        assert_eq!(
            tile.grid(katarenga_core::Side::Front, Rotation::R0),
            tile.front()
        );
    }
    for n in [0u8, 5, 255] {
        assert_eq!(Tile::from_number(n), None);
    }
    for n in 0..=255u8 {
        assert_eq!(Rotation::new(n).quarter_turns(), n % 4);
        assert_eq!(u8::from(Rotation::new(n)), n % 4);
    }
    assert_eq!(TilePlacement::new(Tile::Three).tile, Tile::Three);
    let names: Vec<String> = Tile::ALL.iter().map(ToString::to_string).collect();
    assert_eq!(names, ["tile 1", "tile 2", "tile 3", "tile 4"]);
}

#[test]
fn the_arrangements_are_every_way_to_lay_the_tiles_once() {
    // 4! orders x 2^4 sides x 4^4 rotations, each exactly once.
    let mut seen = std::collections::HashSet::new();
    for index in 0..TilePlacement::ARRANGEMENTS {
        let laid = TilePlacement::arrangement(index).unwrap();
        let mut tiles: Vec<Tile> = laid.iter().map(|t| t.tile).collect();
        tiles.sort();
        assert_eq!(tiles, Tile::ALL, "arrangement {index} uses a tile twice");
        assert!(
            seen.insert(laid),
            "arrangement {index} repeats an earlier one"
        );
    }
    assert_eq!(seen.len(), 4 * 3 * 2 * 16 * 256);
    assert_eq!(
        TilePlacement::arrangement(TilePlacement::ARRANGEMENTS),
        None
    );
    assert_eq!(TilePlacement::arrangement(u32::MAX), None);
    // The first is the standard board: tiles 1-4 in order, front up,
    // unturned.
    let first = TilePlacement::arrangement(0).unwrap();
    for (q, placement) in first.iter().enumerate() {
        assert_eq!(placement.tile, Tile::ALL[q]);
        assert_eq!(placement.side, katarenga_core::Side::Front);
        assert_eq!(placement.rotation, Rotation::R0);
    }
    assert_eq!(Board::from_tiles(first), Ok(Board::standard()));
}

#[test]
fn board_symmetries() {
    for index in (0..TilePlacement::ARRANGEMENTS).step_by(4099) {
        let board = Board::from_tiles(TilePlacement::arrangement(index).unwrap()).unwrap();
        let turned = board.rotate_180();
        let quarter = board.rotate_cw();
        let mirrored = board.flip_files();
        for square in Square::ALL {
            assert_eq!(
                turned.colour_of(square.rotate_180()),
                board.colour_of(square)
            );
            assert_eq!(
                mirrored.colour_of(square.flip_file()),
                board.colour_of(square)
            );
            assert_eq!(
                quarter.colour_of(square.rotate_cw()),
                board.colour_of(square)
            );
        }
        assert_eq!(turned.rotate_180(), board);
        assert_eq!(quarter.rotate_cw(), turned);
        assert_eq!(mirrored.flip_files(), board);
        for colour in SquareColour::ALL {
            assert_eq!(board.squares(colour).len(), 16);
        }
    }
}

#[test]
fn outcomes_name_both_players() {
    for winner in [Player::Black, Player::White] {
        for outcome in [
            Outcome::Camps { winner },
            Outcome::TooFewPieces { winner },
            Outcome::NoMove { winner },
        ] {
            assert_eq!(outcome.winner(), winner);
            assert_eq!(outcome.loser(), winner.opponent());
        }
    }
}

/// Distinct positions have distinct hashes: positions of random games on
/// random boards, each also with the other side to move, on another board,
/// and with every set of camps; every part of a position takes part in its
/// hash.
#[test]
fn hashes_tell_positions_apart() {
    use board_geometry::SplitMix64;
    use katarenga_core::Position;
    use test_support::oracle::DistinctHashes;
    let mut by_hash = DistinctHashes::new();
    let mut add = |p: Position| by_hash.add(p, p.zobrist_from_scratch());
    let mut rng = SplitMix64::new(13);
    let boards: Vec<Board> = (0..8)
        .map(|_| {
            let index = rng.below(TilePlacement::ARRANGEMENTS as usize) as u32;
            Board::from_tiles(TilePlacement::arrangement(index).unwrap()).unwrap()
        })
        .collect();
    for board in &boards {
        let mut p = Position::start_on(*board);
        for _ in 0..120 {
            let moves = p.legal_moves();
            if moves.is_empty() {
                break;
            }
            p = p.play(moves[rng.below(moves.len())]);
            let (black, white) = (p.pieces(Player::Black), p.pieces(Player::White));
            for other_board in [board, &boards[0]] {
                for side in [Player::Black, Player::White] {
                    for camps in 0u8..16 {
                        if let Ok(q) = PositionBuilder::new()
                            .board(*other_board)
                            .pieces(Player::Black, black)
                            .pieces(Player::White, white)
                            .camps(Camps(camps))
                            .side_to_move(side)
                            .build()
                        {
                            add(q);
                        }
                    }
                }
            }
        }
    }
    assert!(by_hash.len() >= 20_000, "{}", by_hash.len());
}

#[test]
fn board_colours_field_errors_say_where() {
    let field = Board::standard().to_string();
    assert_eq!(
        Board::from_ascii(field.as_bytes()).unwrap(),
        Board::standard()
    );
    let cases = [
        // Something after the 71 characters of the field.
        (
            format!("{field}R"),
            71,
            Some('R'),
            "the end of the colours field",
        ),
        (
            format!("{field} "),
            71,
            Some(' '),
            "the end of the colours field",
        ),
        // A missing separator, a bad letter, a field cut short.
        (
            field.replacen('/', "R", 1),
            8,
            Some('R'),
            "'/' after 8 square colours",
        ),
        (
            field.replacen('Y', "X", 1),
            1,
            Some('X'),
            "a square colour R, Y, B or G",
        ),
        (
            field[..30].to_string(),
            30,
            None,
            "a square colour R, Y, B or G",
        ),
    ];
    for (text, offset, found, expected) in cases {
        let e = Board::from_ascii(text.as_bytes()).unwrap_err();
        assert_eq!(
            (e.offset, e.found, e.expected),
            (offset, found, expected),
            "{text}"
        );
    }
}

#[test]
fn names_in_words_and_back() {
    for camp in Camp::ALL {
        assert_eq!(camp.name().parse::<Camp>(), Ok(camp));
        // Adding a camp twice keeps it.
        assert_eq!(Camps::EMPTY.with(camp).with(camp), Camps::EMPTY.with(camp));
    }
    for bad in ["", "a", "a90", "b9", "A9"] {
        assert!(bad.parse::<Camp>().is_err(), "{bad}");
    }
    let kinds = [
        (PieceKind::King, "king"),
        (PieceKind::Knight, "knight"),
        (PieceKind::Bishop, "bishop"),
        (PieceKind::Rook, "rook"),
    ];
    for (kind, name) in kinds {
        assert_eq!(kind.to_string(), name);
    }
    let board = Board::standard();
    assert_eq!(format!("{board:?}"), format!("Board(\"{board}\")"));
}

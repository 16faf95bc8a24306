//! `Square`, `File` and `Rank`: names and their parser, the symmetries,
//! and files and ranks over their whole domains.

use board_geometry::{Bitboard, File, Rank, Square};
use proptest::prelude::*;

/// Every square's name parses back to it (all 64).
#[test]
fn square_names_round_trip() {
    for sq in Square::ALL {
        let name = sq.to_string();
        assert_eq!(name.len(), 2);
        assert_eq!(name.parse::<Square>(), Ok(sq));
        assert_eq!(Square::new(sq.file(), sq.rank()), sq);
    }
}

/// Every two-character string of printable ASCII: exactly the 64 square
/// names parse, each to the square it names.
#[test]
fn the_square_parser_accepts_exactly_the_names() {
    let mut accepted = 0;
    for a in b' '..=b'~' {
        for b in b' '..=b'~' {
            let text = String::from_utf8(vec![a, b]).unwrap();
            if let Ok(sq) = text.parse::<Square>() {
                assert_eq!(sq.to_string(), text);
                accepted += 1;
            }
        }
    }
    assert_eq!(accepted, 64);
}

/// The square symmetries compose to the identity (all 64 squares).
#[test]
fn square_symmetries_compose_to_the_identity() {
    for sq in Square::ALL {
        assert_eq!(sq.rotate_cw().rotate_cw().rotate_cw().rotate_cw(), sq);
        assert_eq!(sq.rotate_cw().rotate_cw(), sq.rotate_180());
        assert_eq!(sq.flip_rank().flip_rank(), sq);
        assert_eq!(sq.flip_file().flip_file(), sq);
        assert_eq!(sq.flip_file().flip_rank(), sq.rotate_180());
    }
}

proptest! {
    /// No text makes the square parser panic.
    #[test]
    fn square_parser_never_panics(s in "\\PC{0,4}") {
        let _ = s.parse::<Square>();
    }
}

#[test]
fn files_and_ranks_flip_and_cover_their_squares() {
    for (i, file) in File::ALL.into_iter().enumerate() {
        assert_eq!(file.flip(), File::ALL[7 - i]);
        let squares: Vec<Square> = file.bitboard().iter().collect();
        let expected: Vec<Square> = Rank::ALL.iter().map(|&r| Square::new(file, r)).collect();
        assert_eq!(squares, expected, "file {file}");
    }
    for (i, rank) in Rank::ALL.into_iter().enumerate() {
        assert_eq!(rank.flip(), Rank::ALL[7 - i]);
        let squares: Vec<Square> = rank.bitboard().iter().collect();
        let expected: Vec<Square> = File::ALL.iter().map(|&f| Square::new(f, rank)).collect();
        assert_eq!(squares, expected, "rank {rank}");
    }
    let all = File::ALL
        .iter()
        .fold(Bitboard::EMPTY, |set, f| set | f.bitboard());
    assert_eq!(all, Bitboard::FULL);
}

//! The position notation of RULES.md 1.9: every malformed kind of input is
//! rejected with the right error and offset, and nothing panics.

use board_geometry::{Player, Square};
use kamisado_core::Game;
use kamisado_core::{
    Colour, Field, GridError, InvalidPosition, Move, ParsePositionError as E, Position, Tower,
};
use proptest::prelude::*;

fn err(text: &str) -> E {
    text.parse::<Position>().expect_err(text)
}

#[test]
fn syntax_errors() {
    assert_eq!(
        err(""),
        E::MissingField {
            field: Field::Placement,
            offset: 0
        }
    );
    assert_eq!(
        err("obpkyrgn/8/8/8/8/8/8/NGRYKPBO"),
        E::MissingField {
            field: Field::Side,
            offset: 29
        }
    );
    assert_eq!(
        err("obpkyrgn/8/8/8/8/8/8/NGRYKPBO b"),
        E::MissingField {
            field: Field::Forced,
            offset: 31
        }
    );
    assert_eq!(
        err("obpkyrgn/8/8/8/8/8/8/NGRYKPBO x -"),
        E::Unexpected {
            field: Field::Side,
            found: 'x',
            offset: 30,
            expected: "'b' or 'w'"
        }
    );
    assert!(matches!(
        err("obpkyrgn/8/8/8/8/8/8/NGRYKPBO b Y"),
        E::Unexpected {
            field: Field::Forced,
            found: 'Y',
            offset: 32,
            ..
        }
    ));
    assert!(matches!(
        err("obpkyrgn/8/8/8/8/8/8/NGRYKPBO b q"),
        E::Unexpected {
            field: Field::Forced,
            found: 'q',
            offset: 32,
            ..
        }
    ));
    // "unknown colour letter 'x' at offset 12"
    assert!(matches!(
        err("obpkyrgn/8/x7/8/8/8/8/NGRYKPBO b -"),
        E::Unexpected {
            field: Field::Placement,
            found: 'x',
            offset: 11,
            ..
        }
    ));
    assert!(matches!(
        err("obpkyrgn/8/8/8/8/8/8/NGRYKPBé b -"),
        E::Unexpected {
            field: Field::Placement,
            found: 'é',
            offset: 28,
            ..
        }
    ));
    assert_eq!(
        err("obpkyrgn/8/8/8/8/8/8/NGRYKPBO b - extra"),
        E::TrailingText { offset: 33 }
    );
    assert_eq!(
        err("obpkyrgn/8/8/8/8/8/8/NGRYKPBO b y!!"),
        E::TrailingText { offset: 34 }
    );
    assert_eq!(
        err("obpkyrgn/8/8/8/8/8/8/NGRYKPBO  b -"),
        E::Unexpected {
            field: Field::Side,
            found: ' ',
            offset: 30,
            expected: "'b' or 'w'"
        }
    );
}

#[test]
fn rank_shape_errors() {
    // "rank 3 has 9 squares"
    assert_eq!(
        err("obpkyrgn/8/8/8/8/8N/8/NGRYKPB1 b -"),
        E::Placement(GridError::RankLength {
            rank: 3,
            squares: 9,
            offset: 18
        })
    );
    assert_eq!(
        err("obpkyrgn/8/8/8/8/7/8/NGRYKPBO b -"),
        E::Placement(GridError::RankLength {
            rank: 3,
            squares: 7,
            offset: 18
        })
    );
    assert_eq!(
        err("obpkyrgn/9/8/8/8/8/8/NGRYKPBO b -"),
        E::Unexpected {
            field: Field::Placement,
            found: '9',
            offset: 9,
            expected: "a tower letter (O B P K Y R G N, either case), a digit 1-8 or '/'"
        }
    );
    assert_eq!(
        err("obpkyrgn/44/8/8/8/8/8/NGRYKPBO b -"),
        E::Placement(GridError::AdjacentDigits {
            offset: 10,
            digits: [4, 4]
        })
    );
    assert_eq!(
        err("obpkyrgn/8/8/8/8/8/NGRYKPBO b -"),
        E::Placement(GridError::RankCount {
            ranks: 7,
            offset: 27
        })
    );
    assert_eq!(
        err("obpkyrgn/8/8/8/8/8/8/8/NGRYKPBO b -"),
        E::Placement(GridError::RankCount {
            ranks: 9,
            offset: 22
        })
    );
    assert_eq!(
        err("obpkyrgnn/8/8/8/8/8/8/NGRYKPBO b -"),
        E::Placement(GridError::RankLength {
            rank: 8,
            squares: 9,
            offset: 8
        })
    );
    assert_eq!(
        err("o++++bpkyrgn/8/8/8/8/8/8/NGRYKPBO b -"),
        E::SumoRankTooHigh { offset: 4 }
    );
}

#[test]
fn meaning_errors() {
    // "white has two red towers"
    let e = err("obpkyrrn/8/8/8/8/8/8/NGRYKPBO b -");
    assert_eq!(
        e,
        E::Invalid {
            error: InvalidPosition::DuplicateTower(Tower::new(Player::White, Colour::Red)),
            offset: 6
        }
    );
    // The error says where; its source says what (each once in the chain).
    assert_eq!(e.to_string(), "impossible position (offset 6)");
    let source = std::error::Error::source(&e).map(ToString::to_string);
    assert_eq!(source.as_deref(), Some("white has two red towers"));
    assert_eq!(
        err("obpkyr1n/8/8/8/8/8/8/NGRYKPBO b -"),
        E::Invalid {
            error: InvalidPosition::MissingTower(Tower::new(Player::White, Colour::Green)),
            offset: 29
        }
    );
    assert_eq!(
        err("obpkyrgN/8/8/8/8/8/8/nGRYKPBO b -"),
        E::Invalid {
            error: InvalidPosition::BothArrived,
            offset: 0
        }
    );
    assert_eq!(
        err("obpkyrgn/8/8/8/8/8/8/N+GRYKPBO b -!"),
        E::Invalid {
            error: InvalidPosition::PushMarkWithoutForcedColour,
            offset: 34
        }
    );
    assert_eq!(
        err("o+bpkyrgn/8/8/8/8/8/8/NGRYKPBO b y!"),
        E::Invalid {
            error: InvalidPosition::PushMarkWithoutSumo(Player::Black),
            offset: 34
        }
    );
    // A finished round is accepted.
    let won: Position = "obpkyNgn/8/8/8/8/8/r7/1GRYKPBO w g".parse().unwrap();
    assert!(won.outcome().is_some());
}

#[test]
fn error_messages_say_what_and_where() {
    assert_eq!(
        err("obpkyrgn/8/8/8/8/8N/8/NGRYKPB1 b -").to_string(),
        "rank 3 has 9 squares, expected 8 (offset 18)"
    );
    assert_eq!(
        err("obpkyrgn/8/x7/8/8/8/8/NGRYKPBO b -").to_string(),
        "unexpected 'x' in the placement field at offset 11: expected a tower letter (O B P K Y R G N, either case), a digit 1-8 or '/'"
    );
}

#[test]
fn sumo_notation_round_trips() {
    let text = "b+7/5y++2/2g++2B1k++/8/2p+1nrO+G+++/8/o3N2P+/1Y+R+++K4 w y!";
    let p: Position = text.parse().unwrap();
    assert_eq!(p.to_string(), text);
    assert!(p.is_after_push());
    assert_eq!(
        p.rank_of(Tower::new(Player::Black, Colour::Green)),
        kamisado_core::SumoRank::TripleSumo
    );
    assert_eq!(
        p.square_of(Tower::new(Player::White, Colour::Blue)),
        Square::A8
    );
}

#[test]
fn move_round_trip() {
    for text in ["d1d7", "e4e5", "d7d7", "h8a1"] {
        assert_eq!(text.parse::<Move>().unwrap().to_string(), text);
    }
}

/// Positions built at random, tower by tower (random squares, ranks, side,
/// obligation and push mark): every one the builder accepts prints to a
/// string that parses back to it, and the printed form is canonical.
#[test]
fn built_positions_round_trip() {
    use board_geometry::SplitMix64;
    use kamisado_core::{PositionBuilder, SumoRank};
    let mut rng = SplitMix64::new(11);
    let mut valid = 0;
    let mut marked = 0;
    for _ in 0..4_000 {
        let mut squares: Vec<Square> = Square::ALL.to_vec();
        let mut builder = PositionBuilder::new();
        for player in Player::ALL {
            for colour in Colour::ALL {
                let square = squares.swap_remove(rng.below(squares.len()));
                let rank = SumoRank::ALL[rng.below(4)];
                builder
                    .place(Tower::new(player, colour), square, rank)
                    .unwrap();
            }
        }
        let forced = (rng.below(9) < 8).then(|| Colour::ALL[rng.below(8)]);
        builder
            .side_to_move(Player::ALL[rng.below(2)])
            .forced(forced)
            .after_push(rng.coin());
        let Ok(p) = builder.build() else { continue };
        valid += 1;
        marked += usize::from(p.is_after_push());
        let text = p.to_string();
        assert_eq!(text.parse::<Position>(), Ok(p), "{text}");
        assert_eq!(
            Position::from_ascii(text.as_bytes()).unwrap().to_string(),
            text
        );
    }
    // The interesting branch ran: most constructions are valid, and many
    // carry the push mark.
    assert!(
        valid > 1_000 && marked > 300,
        "{valid} valid, {marked} marked"
    );
}

/// Positions reached by random play from starts with sumos (passes, pushes
/// and finished rounds included) round trip through the notation.
#[test]
fn played_positions_round_trip() {
    use board_geometry::SplitMix64;
    let starts = [
        "obpkyrgn/8/8/8/8/8/8/NGRYKPBO b -",
        "o+kgp+++yrbn+/8/8/8/8/8/8/R++KB+G+Y+++OPN w -",
        "rpy+k+ogbn/8/8/8/8/8/8/YOB+GRK+NP++ b -",
    ];
    let mut rng = SplitMix64::new(5);
    let (mut seen, mut pushes, mut over) = (0, 0, 0);
    for game in 0..300 {
        let mut p: Position = starts[game % starts.len()].parse().unwrap();
        loop {
            let text = p.to_string();
            assert_eq!(text.parse::<Position>(), Ok(p), "{text}");
            seen += 1;
            pushes += usize::from(p.is_after_push());
            let Some(&mv) = rng.choose(&p.legal_moves()) else {
                over += 1;
                break;
            };
            p = p.play(mv);
        }
    }
    assert!(
        seen > 3_000 && pushes > 20 && over == 300,
        "{seen} {pushes} {over}"
    );
}

proptest! {
    /// No input in the notation's alphabet makes the parser panic (a
    /// no-panic test: random text is almost never a valid position; the
    /// round trips are tested on valid positions above).
    #[test]
    fn parser_never_panics(s in "[obpkyrgnOBPKYRGN1-9+/ bw!-]{0,48}") {
        let _ = s.parse::<Position>();
    }

    #[test]
    fn parser_never_panics_on_any_bytes(bytes in proptest::collection::vec(any::<u8>(), 0..64)) {
        let _ = Position::from_ascii(&bytes);
        let _ = Move::from_ascii(&bytes);
    }

    /// Mutating one byte of a valid position never panics, and what still
    /// parses is consistent.
    #[test]
    fn mutations_never_panic(index in 0usize..40, byte in any::<u8>()) {
        let mut bytes = b"b+7/5y++2/2g++2B1k++/8/2p+1nrO+G+++/8/o3N2P+/1Y+R+++K4 w y!".to_vec();
        let i = index % bytes.len();
        bytes[i] = byte;
        if let Ok(p) = Position::from_ascii(&bytes) {
            prop_assert!(p.is_consistent());
        }
    }
}

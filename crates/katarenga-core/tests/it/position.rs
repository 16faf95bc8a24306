//! The position builder: each part set comes back from the accessors, and
//! each validity rule refuses what the rules page forbids.

use katarenga_core::{
    Bitboard, Board, Camp, Camps, Game, InvalidPosition, Player, Position, PositionBuilder, Rank,
    Square,
};

#[test]
fn the_builder_keeps_every_part_it_is_given() {
    let board = Board::standard().rotate_cw();
    let black = Square::A1.bitboard() | Square::C3 | Square::H2;
    let white = Square::B8.bitboard() | Square::E5;
    let camps = Camps::EMPTY.with(Camp::A0).with(Camp::A9);
    let p = PositionBuilder::new()
        .board(board)
        .pieces(Player::Black, black)
        .pieces(Player::White, white)
        .camps(camps)
        .side_to_move(Player::Black)
        .first_move_pending(Player::Black, true)
        .build()
        .unwrap();
    assert_eq!(*p.board(), board);
    assert_eq!(p.pieces(Player::Black), black);
    assert_eq!(p.pieces(Player::White), white);
    assert_eq!(p.occupied(), black | white);
    assert_eq!(p.camps(), camps);
    assert_eq!(p.side_to_move(), Player::Black);
    // Three on the board plus one camp, two plus one.
    assert_eq!(p.piece_count(Player::Black), 4);
    assert_eq!(p.piece_count(Player::White), 3);
    assert!(p.first_move_pending(Player::Black));
    assert!(!p.first_move_pending(Player::White));
    assert_eq!(p.zobrist(), p.zobrist_from_scratch());
    assert!(p.is_consistent());
}

#[test]
fn a_pending_first_move_set_by_the_builder_equals_one_set_afterwards() {
    let mut builder = PositionBuilder::new();
    builder
        .pieces(Player::Black, Rank::First.bitboard())
        .pieces(Player::White, Rank::Eighth.bitboard());
    let later = builder
        .build()
        .unwrap()
        .with_first_move_pending(Player::White, true);
    let at_once = builder.first_move_pending(Player::White, true).build();
    assert_eq!(at_once, Ok(later));
    assert_eq!(later.zobrist(), later.zobrist_from_scratch());
    // Switched off again, it is the plain start.
    let off = builder.first_move_pending(Player::White, false).build();
    assert_eq!(off, Ok(Position::start()));
}

#[test]
fn the_builder_refuses_what_the_rules_forbid() {
    let two = Square::A1.bitboard() | Square::B1;
    let build = |black: Bitboard, white: Bitboard, camps: Camps| {
        PositionBuilder::new()
            .pieces(Player::Black, black)
            .pieces(Player::White, white)
            .camps(camps)
            .build()
    };
    assert_eq!(
        build(two, Square::B1.bitboard() | Square::H8, Camps::EMPTY),
        Err(InvalidPosition::SquareTaken(Square::B1))
    );
    // Eight on rank 1 and one more on a2: nine.
    assert_eq!(
        build(
            Rank::First.bitboard() | Square::A2,
            two.flip_ranks(),
            Camps::EMPTY
        ),
        Err(InvalidPosition::TooManyPieces {
            player: Player::Black,
            count: 9
        })
    );
    // Seven on the board and two in camps: nine.
    let seven = Rank::First.bitboard() - Square::H1;
    let black_camps = Camps::EMPTY.with(Camp::A9).with(Camp::H9);
    assert_eq!(
        build(seven, two.flip_ranks(), black_camps),
        Err(InvalidPosition::TooManyPieces {
            player: Player::Black,
            count: 9
        })
    );
    let all_camps = black_camps.with(Camp::A0).with(Camp::H0);
    assert_eq!(
        build(two, two.flip_ranks(), all_camps),
        Err(InvalidPosition::BothHoldBothCamps)
    );
    assert_eq!(
        build(Square::A1.bitboard(), Square::H8.bitboard(), Camps::EMPTY),
        Err(InvalidPosition::BothTooFew)
    );
    // One side with too few is a finished game, not an invalid position.
    let finished = build(Square::A1.bitboard(), two.flip_ranks(), Camps::EMPTY).unwrap();
    assert_eq!(finished.winner(), Some(Player::White));
}

/// Each child that `Game::for_each_child` hands over (written in place, one
/// word at a time) against the position built from its parts by hand with
/// the builder, which counts the pieces and hashes from scratch: the piece
/// moved, a captured piece taken off, a camp taken, the turn passed and the
/// mover's pending first move spent. Counted: captures, camp entries and
/// moves with a first move pending.
#[test]
fn every_child_is_the_position_built_from_its_parts() {
    use katarenga_core::Destination;
    let (mut captures, mut camps, mut pending) = (0, 0, 0);
    for (i, (p, _)) in super::common::sample(47, 3_000).into_iter().enumerate() {
        // Pending first moves on some positions: each side's in turn.
        let p = match i % 3 {
            0 => p.with_first_move_pending(Player::White, true),
            1 => p.with_first_move_pending(Player::Black, true),
            _ => p,
        };
        let side = p.side_to_move();
        let opponent = side.opponent();
        let mut children = 0;
        p.for_each_child(|mv, child| {
            children += 1;
            let mut builder = PositionBuilder::new();
            builder
                .board(*p.board())
                .side_to_move(opponent)
                .first_move_pending(side, false)
                .first_move_pending(opponent, p.first_move_pending(opponent));
            let own = p.pieces(side) - mv.from;
            match mv.to {
                Destination::Square(to) => {
                    captures += usize::from(p.pieces(opponent).has(to));
                    builder
                        .pieces(side, own | to)
                        .pieces(opponent, p.pieces(opponent) - to)
                        .camps(p.camps());
                }
                Destination::Camp(camp) => {
                    camps += 1;
                    builder
                        .pieces(side, own)
                        .pieces(opponent, p.pieces(opponent))
                        .camps(p.camps().with(camp));
                }
            }
            pending += usize::from(p.first_move_pending(side));
            assert_eq!(Ok(*child), builder.build(), "{mv} from {p}");
            false
        });
        assert_eq!(children, p.count_moves(), "{p}");
    }
    assert!(captures > 1_000, "{captures}");
    assert!(camps > 50, "{camps}");
    assert!(pending > 1_000, "{pending}");
}

//! The set-up in the rules' order: the laid board, Black's orientation,
//! White first; and the rematch.

use katarenga_core::Game;
use katarenga_core::{
    Board, Orientation, Player, Position, Rematch, RematchError, Rules, Setup, Square, SquareColour,
};

/// The laid board's colour at (file, rank) as laid, read off the picture
/// by hand: the standard board's rows, rank 8 first (the rules page).
const STANDARD: [&str; 8] = [
    "RYBGRYGB", "GRGBGYRY", "YYBRBBGR", "BGRYYRBG", "RGBYRGBY", "YYGRYYBR", "BBRGBGRG", "GRYBGRYB",
];

fn laid(file: usize, rank: usize) -> char {
    STANDARD[8 - rank].as_bytes()[file - 1] as char
}

fn colour_at(board: &Board, file: usize, rank: usize) -> char {
    let name = format!("{}{}", (b'a' + file as u8 - 1) as char, rank);
    board.colour_of(name.parse::<Square>().unwrap()).letter() as char
}

#[test]
fn each_orientation_puts_blacks_edge_of_the_laid_board_on_rank_1() {
    let board = Board::standard();
    for file in 1..=8 {
        for rank in 1..=8 {
            // Black at the bottom: as laid.
            let bottom = board.turned(Orientation::Bottom);
            assert_eq!(colour_at(&bottom, file, rank), laid(file, rank));
            // Black at the top: Black's left-hand corner is the laid h8.
            let top = board.turned(Orientation::Top);
            assert_eq!(colour_at(&top, file, rank), laid(9 - file, 9 - rank));
            // Black at the right edge, facing the a-file: its home row is
            // the laid h-file, its left hand the laid h1.
            let right = board.turned(Orientation::Right);
            assert_eq!(colour_at(&right, file, rank), laid(9 - rank, file));
            // Black at the left edge, facing the h-file: its home row is
            // the laid a-file, its left hand the laid a8.
            let left = board.turned(Orientation::Left);
            assert_eq!(colour_at(&left, file, rank), laid(rank, 9 - file));
        }
    }
}

#[test]
fn orientations_names_and_turns() {
    for (i, o) in Orientation::ALL.into_iter().enumerate() {
        assert_eq!(o.index(), i);
        assert_eq!(usize::from(o.quarter_turns()), i);
        assert_eq!(o.to_string().parse::<Orientation>(), Ok(o));
        assert_eq!(o.opposite().opposite(), o);
        assert_ne!(o.opposite(), o);
        assert_eq!(o.turned(4), o);
        assert_eq!(
            Board::standard().orientations()[i],
            Board::standard().turned(o)
        );
    }
    assert_eq!(Orientation::Right.turned(3), Orientation::Bottom);
    assert_eq!(Orientation::Bottom.opposite(), Orientation::Top);
    let err = "north".parse::<Orientation>().unwrap_err();
    assert_eq!(
        err.to_string(),
        "unknown orientation: expected bottom, right, top or left"
    );
    // The standard board has no turning symmetry: four different games.
    let [a, b, c, d] = Board::standard().orientations();
    let all = [a, b, c, d];
    for i in 0..4 {
        for j in 0..i {
            assert_ne!(all[i], all[j]);
        }
    }
}

#[test]
fn the_setup_gives_whites_move_on_the_turned_board_by_its_rules() {
    let laid: Board = "RYBGRYGB/GRGBGYRY/YYBRBBGR/BGRYYRBG/RGBYRGBY/YYGRYYBR/BBRGBGRG/GRYBGRYB"
        .parse()
        .unwrap();
    for rules in Rules::ALL {
        let setup = Setup::new(laid, rules);
        for (o, start) in Orientation::ALL.into_iter().zip(setup.starts()) {
            assert_eq!(start, setup.start(o));
            assert_eq!(start, Position::start_with(laid.turned(o), rules));
            assert_eq!(start.side_to_move(), Player::White);
            assert_eq!(
                start.first_move_pending(Player::White),
                rules == Rules::NoFirstCapture
            );
        }
    }
    // Black at the top of the standard board: Black's a1 is the laid h8,
    // which is blue (the first row's last letter); the laid a1 is green.
    let top = Setup::new(Board::standard(), Rules::Standard).start(Orientation::Top);
    assert_eq!(top.board().colour_of(Square::A1), SquareColour::Blue);
    assert_eq!(top.board().colour_of(Square::H8), SquareColour::Green);
}

#[test]
fn the_rematch_exchanges_the_sides_on_the_same_start_and_adds_the_points() {
    let start = Setup::new(Board::standard(), Rules::Standard).start(Orientation::Left);
    let mut m = Rematch::new(start);
    assert_eq!(
        (m.game(), m.black_player(), m.is_over()),
        (1, Rematch::FIRST, false)
    );
    assert_eq!(m.points(), [0, 0]);
    // Game 1: Black (the first player) wins.
    m.record_game(Some(Player::Black)).unwrap();
    assert_eq!((m.game(), m.black_player()), (2, Rematch::SECOND));
    assert_eq!(m.start(), start);
    assert_eq!(m.points(), [1, 0]);
    assert_eq!(m.winner(), None, "not over yet");
    // The rematch: Black is now the second player; Black wins again.
    m.record_game(Some(Player::Black)).unwrap();
    assert_eq!(m.points(), [1, 1]);
    assert_eq!(m.winner(), None);
    assert_eq!(m.record_game(None), Err(RematchError::Over));

    // White wins both: the second player, then the first.
    let mut m = Rematch::new(start);
    m.record_game(Some(Player::White)).unwrap();
    m.record_game(None).unwrap();
    assert_eq!(m.half_points(), [1, 3]);
    assert_eq!(m.winner(), Some(Rematch::SECOND));
    assert_eq!(Rematch::player_of(Player::White, 1), Rematch::SECOND);
    assert_eq!(Rematch::player_of(Player::White, 2), Rematch::FIRST);
    assert_eq!(Rematch::player_of(Player::Black, 2), Rematch::SECOND);
    let mut m = Rematch::new(start);
    m.record_game(Some(Player::Black)).unwrap();
    m.record_game(Some(Player::White)).unwrap();
    assert_eq!((m.points(), m.winner()), ([2, 0], Some(Rematch::FIRST)));
}

/// The standard board's start in the notation of the rules page, with
/// `first` as its fifth field (empty: none).
fn start_notation(first: &str) -> String {
    let start = format!("{} wwwwwwww/8/8/8/8/8/8/bbbbbbbb w -", STANDARD.join("/"));
    if first.is_empty() {
        start
    } else {
        format!("{start} {first}")
    }
}

#[test]
fn the_reading_of_a_position_is_the_one_its_pending_first_moves_say() {
    // The rules page: a game by no-first-capture starts with both first
    // moves pending (fifth field `wb`), and a flag clears when its player
    // moves; under the standard rules none is ever pending.
    let cases = [
        ("", Rules::Standard),
        ("wb", Rules::NoFirstCapture),
        ("b", Rules::NoFirstCapture),
        ("w", Rules::NoFirstCapture),
    ];
    for (first, expected) in cases {
        let p: Position = start_notation(first).parse().unwrap();
        assert_eq!(Rules::of_position(&p), expected, "fifth field {first:?}");
    }
    // Each reading's start, as the library builds it, is read back as
    // that reading: the start by no-first-capture is the page's `wb`.
    assert_eq!(
        Position::start_with(Board::standard(), Rules::NoFirstCapture).to_string(),
        start_notation("wb")
    );
    for rules in Rules::ALL {
        let start = Position::start_with(Board::standard(), rules);
        assert_eq!(Rules::of_position(&start), rules, "{rules}");
    }
}

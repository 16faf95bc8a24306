//! The family's rules against a naive model written from the rules page,
//! and the properties the contract names.

mod naive;
mod notation;
mod perft;
mod picture;
mod properties;
mod walks;

use katarenga_family::{Board, Congress, Game, Isolation, NoMove, Quebec, Reading, Supply};

/// Every tile board, listed once.
pub fn tile_boards() -> &'static [Board] {
    static BOARDS: std::sync::OnceLock<Vec<Board>> = std::sync::OnceLock::new();
    BOARDS.get_or_init(|| Board::all_tile_boards().map(|(board, _)| board).collect())
}

/// A tile board, or (one time in `colourings`) any colouring.
pub fn random_board(
    rng: &mut katarenga_family::katarenga_core::board_geometry::SplitMix64,
    colourings: usize,
) -> Board {
    use katarenga_family::katarenga_core::SquareColour;
    if rng.below(colourings) == 0 {
        Board::from_colours(core::array::from_fn(|_| SquareColour::ALL[rng.below(4)]))
    } else {
        tile_boards()[rng.below(24_576)]
    }
}

/// The standard board (the first of `Board::all_tile_boards`) and two
/// other tile boards (the 12,345th and the last).
pub fn boards() -> [Board; 3] {
    let boards = tile_boards();
    assert_eq!(boards[0], Board::standard());
    [Board::standard(), boards[12_345], boards[24_575]]
}

/// Every game with every option, as a start on `board`, its naive model,
/// and a name for messages.
pub enum AnyStart {
    Congress(Congress),
    Quebec(Quebec),
    Isolation(Isolation),
}

pub fn starts(board: Board) -> Vec<(String, AnyStart, naive::Variant)> {
    use naive::Variant as V;
    let mut out = Vec::new();
    for (rule, pass) in [(NoMove::Lose, false), (NoMove::Pass, true)] {
        out.push((
            format!("congress no-move={rule}"),
            AnyStart::Congress(Congress::start_on(board).with_no_move(rule)),
            V::Congress { pass },
        ));
    }
    for (rule, draw) in [
        (katarenga_family::BothConnected::Mover, false),
        (katarenga_family::BothConnected::Draw, true),
    ] {
        out.push((
            format!("quebec both={rule}"),
            AnyStart::Quebec(Quebec::start_on(board).with_both_connected(rule)),
            V::Quebec { draw },
        ));
    }
    for reading in Reading::ALL {
        for (supply, limit) in [(Supply::Eight, Some(8)), (Supply::Unlimited, None)] {
            out.push((
                format!("isolation reading={reading} supply={supply}"),
                AnyStart::Isolation(
                    Isolation::start_on(board)
                        .with_reading(reading)
                        .with_supply(supply),
                ),
                V::Isolation {
                    reading: reading.name(),
                    limit,
                },
            ));
        }
    }
    out
}

/// The naive model of a crate position (its pawns read back square by
/// square).
pub fn model<G: Game>(
    variant: naive::Variant,
    board: &Board,
    p: &G,
    pieces: impl Fn(katarenga_family::Player) -> katarenga_family::Bitboard,
) -> naive::Naive {
    naive::Naive::new(
        variant,
        board,
        &naive::squares(pieces(katarenga_family::Player::Black)),
        &naive::squares(pieces(katarenga_family::Player::White)),
        p.side_to_move(),
    )
}

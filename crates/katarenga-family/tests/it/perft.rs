//! Perft against the naive model, from the start of every game under every
//! option on three boards.

use katarenga_family::{Game, Player};

use crate::naive::Naive;
use crate::{AnyStart, boards, starts};

fn naive_start(
    variant: crate::naive::Variant,
    board: &katarenga_family::Board,
    start: &AnyStart,
) -> Naive {
    let (black, white) = match start {
        AnyStart::Congress(p) => (p.pieces(Player::Black), p.pieces(Player::White)),
        AnyStart::Quebec(p) => (p.pieces(Player::Black), p.pieces(Player::White)),
        AnyStart::Isolation(p) => (p.pieces(Player::Black), p.pieces(Player::White)),
    };
    Naive::new(
        variant,
        board,
        &crate::naive::squares(black),
        &crate::naive::squares(white),
        Player::White,
    )
}

fn perft(start: &AnyStart, depth: u32) -> u64 {
    match start {
        AnyStart::Congress(p) => p.perft(depth),
        AnyStart::Quebec(p) => p.perft(depth),
        AnyStart::Isolation(p) => p.perft(depth),
    }
}

#[test]
fn perft_agrees_with_the_naive_model_on_three_boards() {
    for board in boards() {
        for (name, start, variant) in starts(board) {
            let naive = naive_start(variant, &board, &start);
            // Isolation's naive placements are slow: one ply less.
            let depth = if name.starts_with("isolation") { 2 } else { 3 };
            for d in 1..=depth {
                assert_eq!(
                    perft(&start, d),
                    naive.perft(d),
                    "{name} depth {d} on {board}"
                );
            }
        }
    }
}

/// The figures of the rules page and the closing note: the same
/// comparison to depth 4 (minutes in a debug build: run with `--release
/// -- --ignored`).
#[test]
#[ignore = "slow: the naive model to depth 4"]
fn perft_to_depth_4_agrees_with_the_naive_model() {
    for board in boards() {
        for (name, start, variant) in starts(board) {
            if name.contains("supply=none")
                || name.contains("both=draw")
                || name.contains("no-move=pass")
            {
                continue;
            }
            let naive = naive_start(variant, &board, &start);
            let counts: Vec<u64> = (1..=4).map(|d| perft(&start, d)).collect();
            for (d, &count) in (1..=4).zip(&counts) {
                assert_eq!(count, naive.perft(d), "{name} depth {d} on {board}");
            }
            println!("{name} on {board}: {counts:?}");
        }
    }
}

/// Regression pins (computed by this crate, the first three depths of
/// each checked against the naive model above): the start on the standard
/// board, as the rules page gives them.
#[test]
fn perft_from_the_standard_start_matches_the_rules_page() {
    use katarenga_family::{Congress, Isolation, Quebec};
    assert_eq!(
        (1..=4)
            .map(|d| Congress::start().perft(d))
            .collect::<Vec<_>>(),
        [34, 1_112, 38_361, 1_329_883]
    );
    assert_eq!(
        (1..=4)
            .map(|d| Quebec::start().perft(d))
            .collect::<Vec<_>>(),
        [37, 1_565, 57_381, 2_412_800]
    );
    assert_eq!(
        (1..=4)
            .map(|d| Isolation::start().perft(d))
            .collect::<Vec<_>>(),
        [64, 3_232, 127_332, 3_874_560]
    );
}

//! The tile edition's numbered set-ups: home rows laid out as the rules
//! page says (each from its player's left), the chart's text form and its
//! errors, and the seeded draw, against naive versions written here.

use std::collections::BTreeMap;

use board_geometry::{Player, SplitMix64};
use kamisado_core::{
    ChartErrorKind, Colour, Game, HomeRow, HomeRowError, Position, SetupChart, SetupDraw,
};
use test_support::oracle::naive_perft;

/// A random order of the eight colours (Fisher-Yates on the seeded
/// generator).
fn random_row(rng: &mut SplitMix64) -> [Colour; 8] {
    let mut colours = Colour::ALL;
    for i in (1..8).rev() {
        colours.swap(i, rng.below(i + 1));
    }
    colours
}

/// The placement field of a start laid out from two rows, written here
/// from the rules page: Black's row from a1 to h1, White's from h8 to a8.
fn naive_placement(black: [Colour; 8], white: [Colour; 8]) -> String {
    let letter = |c: Colour| c.letter();
    let rank8: String = white
        .iter()
        .rev()
        .map(|&c| letter(c).to_ascii_lowercase())
        .collect();
    let rank1: String = black
        .iter()
        .map(|&c| letter(c).to_ascii_uppercase())
        .collect();
    format!("{rank8}/8/8/8/8/8/8/{rank1}")
}

#[test]
fn home_rows_are_laid_out_from_each_player_s_left() {
    let mut rng = SplitMix64::new(38);
    for _ in 0..200 {
        let (black, white) = (random_row(&mut rng), random_row(&mut rng));
        let to_move = if rng.coin() {
            Player::Black
        } else {
            Player::White
        };
        let p = Position::from_home_rows(
            HomeRow::new(black).unwrap(),
            HomeRow::new(white).unwrap(),
            to_move,
        );
        let side = if to_move == Player::Black { "b" } else { "w" };
        assert_eq!(
            p.to_string(),
            format!("{} {side} -", naive_placement(black, white))
        );
        assert!(p.is_consistent());
        // A set-up start is a position like any other: its counts are the
        // plainest perft's.
        assert_eq!(p.perft(3), naive_perft(&p, 3), "{p}");
    }
    let standard = HomeRow::STANDARD;
    assert_eq!(
        Position::from_home_rows(standard, standard, Player::Black),
        Position::start()
    );
}

#[test]
fn home_row_text_reads_back_and_errors_say_where() {
    let mut rng = SplitMix64::new(7);
    for _ in 0..100 {
        let row = HomeRow::new(random_row(&mut rng)).unwrap();
        assert_eq!(row.to_string().parse::<HomeRow>(), Ok(row));
        assert_eq!(row.to_string().to_lowercase().parse::<HomeRow>(), Ok(row));
    }
    let cases = [
        ("NGRYKPB", HomeRowError::Length(7)),
        ("NGRYKPBOO", HomeRowError::Length(9)),
        ("NGRXKPBO", HomeRowError::NotAColour { found: 'X', at: 3 }),
        (
            "NGRYKPBN",
            HomeRowError::Twice {
                colour: Colour::Brown,
                at: 7,
            },
        ),
    ];
    for (text, error) in cases {
        assert_eq!(text.parse::<HomeRow>(), Err(error), "{text}");
    }
}

#[test]
fn chart_text_reads_back_and_errors_name_line_and_column() {
    let mut rng = SplitMix64::new(11);
    for size in [2, 3, 36, 64] {
        let text: String = (1..=size)
            .map(|n| format!("{n} {}\n", HomeRow::new(random_row(&mut rng)).unwrap()))
            .collect();
        let chart: SetupChart = text.parse().unwrap();
        assert_eq!(chart.len(), size);
        assert_eq!(chart.to_string(), text);
        assert_eq!(chart.get(0), None);
        assert_eq!(chart.get(size as u32 + 1), None);
    }
    let with_comments = "# the chart of my box\n\n  1   NGRYKPBO   # the usual\n2 obpkyrgn\n";
    let chart: SetupChart = with_comments.parse().unwrap();
    assert_eq!(chart.to_string(), "1 NGRYKPBO\n2 OBPKYRGN\n");
    let cases: [(&str, usize, usize, ChartErrorKind); 6] = [
        ("1 NGRYKPBO\n2", 2, 1, ChartErrorKind::Syntax),
        ("1 NGRYKPBO\nx NGRYKPBO", 2, 1, ChartErrorKind::Syntax),
        (
            "1 NGRYKPBO\n 3 OBPKYRGN",
            2,
            2,
            ChartErrorKind::Number {
                found: 3,
                expected: 2,
            },
        ),
        (
            "1 NGRYKPBO\n2 OBPKYRGX",
            2,
            10,
            ChartErrorKind::Row(HomeRowError::NotAColour { found: 'X', at: 7 }),
        ),
        ("1 NGRYKPBO\n2 OBPKYRGN extra", 2, 1, ChartErrorKind::Syntax),
        ("1 NGRYKPBO\n", 1, 1, ChartErrorKind::TooFew),
    ];
    for (text, line, column, kind) in cases {
        let error = text.parse::<SetupChart>().unwrap_err();
        assert_eq!(
            (error.line, error.column, error.kind),
            (line, column, kind),
            "{text:?}"
        );
    }
    let too_many: String = (1..=65).map(|n| format!("{n} NGRYKPBO\n")).collect();
    let error = too_many.parse::<SetupChart>().unwrap_err();
    assert_eq!((error.line, error.kind), (65, ChartErrorKind::TooMany));
}

#[test]
fn draws_are_two_different_numbers_every_pair_alike() {
    let text: String = (1..=6).map(|n| format!("{n} NGRYKPBO\n")).collect();
    let chart: SetupChart = text.parse().unwrap();
    let mut rng = SplitMix64::new(2026);
    let mut pairs: BTreeMap<(u32, u32), u32> = BTreeMap::new();
    let draws = 30_000;
    for _ in 0..draws {
        let d = chart.draw(&mut rng);
        assert!(1 <= d.low && d.low < d.high && d.high <= 6, "{d:?}");
        *pairs.entry((d.low, d.high)).or_default() += 1;
    }
    // 15 pairs, 2,000 expected each; a binomial's standard deviation is
    // about 43, so 6 of them is far outside chance.
    assert_eq!(pairs.len(), 15);
    for (pair, count) in &pairs {
        assert!(
            (1740..=2260).contains(count),
            "{pair:?} drawn {count} times"
        );
    }
    // Seeded: the same seed draws the same.
    let again = |seed| chart.draw(&mut SplitMix64::new(seed));
    assert_eq!(again(5), again(5));
}

#[test]
fn the_higher_number_goes_to_the_player_who_moves_second() {
    let chart: SetupChart = "1 NGRYKPBO\n2 OBPKYRGN\n3 GNYRPKOB\n".parse().unwrap();
    let draw = SetupDraw { low: 1, high: 3 };
    let rows = |n| chart.get(n).unwrap().colours();
    let black_first = draw.start(&chart, Player::Black).unwrap();
    assert_eq!(
        black_first.to_string(),
        format!("{} b -", naive_placement(rows(1), rows(3)))
    );
    let white_first = draw.start(&chart, Player::White).unwrap();
    assert_eq!(
        white_first.to_string(),
        format!("{} w -", naive_placement(rows(3), rows(1)))
    );
    assert_eq!(
        SetupDraw { low: 1, high: 4 }.start(&chart, Player::Black),
        None
    );
}

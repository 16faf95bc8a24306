//! The studies' items: pure functions of their arguments (the same pair, the
//! same rows, whatever ran before in the process), their refusals, and the
//! tournament's pairs colour-swapped from one opening.

use game_search::Limits;
use game_spec::{AnyPosition, GameSpec};
use kk_apps::work::{self, BOARDS, Contestant, Tournament};

fn tournament(first: &str, second: &str) -> Tournament {
    Tournament {
        spec: "katarenga".parse::<GameSpec>().expect("a spec"),
        contestants: [
            Contestant::parse(first).expect("a player"),
            Contestant::parse(second).expect("a player"),
        ],
        opening_plies: 4,
        max_plies: 100,
        table_mib: 1,
        seed: 7,
    }
}

#[test]
fn contestants_are_read_from_their_text_and_refused_with_the_part_not_understood() {
    assert_eq!(Contestant::parse("random"), Ok(Contestant::Random));
    assert_eq!(Contestant::parse("greedy"), Ok(Contestant::Greedy));
    let Ok(Contestant::Search(limits)) = Contestant::parse("depth=4,nodes=20000") else {
        panic!("a search player");
    };
    assert_eq!((limits.depth, limits.nodes, limits.time), (4, 20_000, None));
    for (text, part) in [
        ("depth=0", "\"depth=0\""),
        ("depth=4,time=3", "\"time=3\""),
        ("nodes=-1", "\"nodes=-1\""),
        ("fast", "\"fast\""),
    ] {
        let error = Contestant::parse(text).expect_err(text);
        assert!(error.contains(part), "{text}: {error}");
    }
}

#[test]
fn a_pair_is_the_same_whenever_it_is_played_and_differs_from_the_next() {
    let t = tournament("depth=2", "random");
    let first = t.play_pair(3).expect("a pair");
    // Other pairs in between change nothing: every player starts fresh.
    let _ = t.play_pair(4).expect("a pair");
    assert_eq!(t.play_pair(3).expect("a pair"), first);
    assert_ne!(t.play_pair(4).expect("a pair").opening, first.opening);
    let [a, b] = &first.games;
    assert!(a.first_moved_first && !b.first_moved_first);
    assert_eq!(first.half_points(), a.half_points + b.half_points);
    // The opening is four plies from Katarenga's start, the game open.
    let spec: GameSpec = "katarenga".parse().expect("a spec");
    let opening = AnyPosition::parse(spec.game(), &first.opening).expect("the opening reads");
    assert!(!opening.is_over());
    assert_ne!(opening, spec.start());
}

#[test]
fn a_two_ply_search_beats_random_moves_in_most_pairs() {
    let t = tournament("depth=2", "random");
    let won: u32 = (0..4)
        .map(|i| t.play_pair(i).expect("a pair").half_points())
        .sum();
    assert!(won >= 14, "{won} of 16 half-points");
    // And the other way round.
    let t = tournament("random", "depth=2");
    let won: u32 = (0..4)
        .map(|i| t.play_pair(i).expect("a pair").half_points())
        .sum();
    assert!(won <= 2, "{won} of 16 half-points");
}

#[test]
fn board_ranges_outside_the_boards_are_refused_with_the_range() {
    // A range as a caller may build one: empty, backwards, past the end.
    let (five, three) = (5, 3);
    for range in [0..0, five..three, BOARDS - 1..BOARDS + 1] {
        let text = format!("boards {}..{}", range.start, range.end);
        let error = work::score_boards(range.clone(), 1).expect_err(&text);
        assert!(error.to_string().contains(&text), "{error}");
        assert!(work::solve_isolation_boards(range).is_err());
    }
    let rows = work::score_boards(BOARDS - 1..BOARDS, 1).expect("the last board");
    assert_eq!(rows[0].index, BOARDS - 1);
    assert!(rows[0].row().starts_with("24575,"));
}

#[test]
fn a_solved_position_gives_the_same_answer_with_a_fresh_table_each_time() {
    // Kamisado after a first move: a win found within the node budget.
    let start = AnyPosition::start(game_spec::GameId::Kamisado);
    let after = start.play_text("a1a4").expect("a legal first move");
    let limits = Limits::nodes(200_000);
    let a = work::solve(&after, limits, 4, true).expect("a table");
    let b = work::solve(&after, limits, 4, true).expect("a table");
    assert_eq!(
        (a.winner, a.plies, &a.best, &a.variation, a.nodes),
        (b.winner, b.plies, &b.best, &b.variation, b.nodes)
    );
    assert!(a.nodes <= 200_000 + 10_000);
}

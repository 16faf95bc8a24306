//! Katarenga in the search: the first-move option, the proofs against a
//! plain exhaustive search, and the evaluation's terms.

use crate::oracle::{Known, brute};
use board_geometry::{Player, SplitMix64};
use game_search::play::{Adjudication, End, MatchEnd};
use game_search::play::{choose_orientation, play_rematch};
use game_search::{Agent, GreedyAgent, Limits, RandomAgent, SearchAgent, Searcher};
use katarenga_core::Game;
use katarenga_core::{Board, Orientation, Position, Rematch, Rules, Setup, TilePlacement};

/// A board where White's h8a1 takes a piece on the first move.
const CAPTURE_BOARD: &str =
    "RYBGRGBY/GRGBYYGR/YYBRBBRG/BGRYGRYB/RYGBRGBY/GYRYYYBR/BBGRBGRG/YRBGGRYB";

/// The players play by the option: a search from the option's start never
/// plays the capture it plays under the standard rules.
#[test]
fn the_players_keep_the_first_move_option() {
    let board: Board = CAPTURE_BOARD.parse().unwrap();
    let capture = "h8a1".parse().unwrap();
    let mut agent = SearchAgent::<Position>::new(Limits::depth(1), 1).unwrap();
    let standard = Position::start_with(board, Rules::Standard);
    assert!(standard.legal_moves().contains(&capture));
    let option = Position::start_with(board, Rules::NoFirstCapture);
    assert!(!option.legal_moves().contains(&capture));
    for depth in 1..=3 {
        agent.limits = Limits::depth(depth);
        let mv = agent.choose(&option).unwrap();
        assert_ne!(mv, capture, "depth {depth}");
        assert!(option.legal_moves().contains(&mv));
    }
}

/// A seeded sample of tile boards, as laid.
fn some_boards(count: usize, seed: u64) -> Vec<Board> {
    let mut rng = SplitMix64::new(seed);
    (0..count)
        .map(|_| {
            let index = rng.below(TilePlacement::ARRANGEMENTS as usize) as u32;
            let tiles = TilePlacement::arrangement(index).unwrap();
            Board::from_tiles(tiles).unwrap()
        })
        .collect()
}

/// The search player's orientation is the one its own search (the same
/// limits, a fresh table) scores worst for White; over a sample of boards
/// it is not always the same edge.
#[test]
fn the_search_player_chooses_the_orientation_its_search_prefers() {
    let limits = Limits::depth(3);
    let mut agent = SearchAgent::<Position>::new(limits, 1).unwrap();
    let mut fresh = Searcher::<Position>::new(1).unwrap();
    let mut chosen = [0; 4];
    for (k, board) in some_boards(24, 31).into_iter().enumerate() {
        let rules = Rules::ALL[k % 2];
        let setup = Setup::new(board, rules);
        let scores: Vec<i32> = setup
            .starts()
            .iter()
            .map(|start| {
                fresh.clear();
                fresh.search(start, limits).score
            })
            .collect();
        // White's score, least first; the first of equals.
        let best = (0..4).min_by_key(|&i| (scores[i], i)).unwrap();
        let choice = choose_orientation(&mut agent, &setup);
        assert_eq!(
            choice,
            Orientation::ALL[best],
            "{board} {rules}: {scores:?}"
        );
        chosen[choice.index()] += 1;
    }
    assert!(
        chosen.iter().filter(|&&n| n > 0).count() >= 3,
        "the choices are spread: {chosen:?}"
    );
}

/// The random and greedy players choose as their nature says: the random
/// one each edge about as often; the greedy one never an edge from which
/// White wins with its first move (here: none does, so it chooses at
/// random too, seeded).
#[test]
fn the_random_and_greedy_players_choose_an_orientation_by_their_seed() {
    let setup = Setup::new(Board::standard(), Rules::Standard);
    let mut counts = [0; 4];
    let mut agent = RandomAgent::new(5);
    for _ in 0..400 {
        counts[choose_orientation(&mut agent, &setup).index()] += 1;
    }
    assert!(
        counts.iter().all(|&n| (60..=140).contains(&n)),
        "{counts:?}"
    );
    let picks = |seed| {
        let mut g = GreedyAgent::new(seed);
        (0..8)
            .map(|_| choose_orientation(&mut g, &setup))
            .collect::<Vec<_>>()
    };
    assert_eq!(picks(9), picks(9), "seeded");
    assert!(
        picks(9).iter().any(|&o| o != picks(9)[0]),
        "not a fixed edge"
    );
}

/// The match: the first player chooses the orientation and plays Black in
/// game 1 and White in the rematch, from the same start; the points are
/// the games' results, added.
#[test]
fn a_rematch_is_played_from_the_same_start_with_the_sides_exchanged() {
    let board = some_boards(1, 8)[0];
    let setup = Setup::new(board, Rules::NoFirstCapture);
    // The first player is strong, the second random: the first wins both.
    let mut first = SearchAgent::<Position>::new(Limits::depth(2), 1).unwrap();
    let mut second = RandomAgent::new(3);
    let m = play_rematch(
        setup,
        None,
        [&mut first, &mut second],
        Adjudication::default(),
    );
    let mut again = SearchAgent::<Position>::new(Limits::depth(2), 1).unwrap();
    assert!(m.detail.chosen);
    assert_eq!(m.detail.orientation, choose_orientation(&mut again, &setup));
    let start = setup.start(m.detail.orientation);
    assert_eq!(m.detail.rematch.start(), start);
    assert_eq!(m.end, MatchEnd::Completed);
    for game in &m.games {
        assert_eq!(game.start, start);
        assert!(matches!(game.end, End::Outcome(_)), "{:?}", game.end);
        // Replaying the moves from the start gives the final position.
        let end = game
            .moves
            .iter()
            .fold(start, |p, &mv| p.try_play(mv).unwrap());
        assert_eq!(end, game.position);
    }
    assert_eq!(m.games[0].winner(), Some(Player::Black));
    assert_eq!(m.games[1].winner(), Some(Player::White));
    assert_eq!(m.detail.rematch.points(), [2, 0]);
    assert_eq!(m.points, [4, 0]);
    assert_eq!(m.detail.rematch.winner(), Some(Rematch::FIRST));
    assert_eq!(m.winner, Some(Rematch::FIRST));

    // A given orientation is played as given.
    let mut first = RandomAgent::new(1);
    let mut second = RandomAgent::new(2);
    let m = play_rematch(
        setup,
        Some(Orientation::Left),
        [&mut first, &mut second],
        Adjudication::default(),
    );
    assert!(!m.detail.chosen);
    assert_eq!(m.detail.rematch.start(), setup.start(Orientation::Left));
}

/// The exact distance by plain search: the first depth that settles it.
fn brute_distance(p: &Position, max: u32) -> Option<(Known, u32)> {
    (0..=max).find_map(|d| match brute(p, d) {
        Known::Unknown => None,
        known => Some((known, d)),
    })
}

/// Positions 1 to 8 plies before the end of seeded self-play games on
/// random tile boards (the search at depth 2 against itself, after two
/// random plies).
fn endgame_positions(games: u64) -> Vec<Position> {
    let mut out = Vec::new();
    let mut agent = SearchAgent::<Position>::new(Limits::depth(2), 1).unwrap();
    for seed in 0..games {
        let mut rng = board_geometry::SplitMix64::new(seed);
        let index = rng.below(katarenga_core::TilePlacement::ARRANGEMENTS as usize) as u32;
        let board =
            Board::from_tiles(katarenga_core::TilePlacement::arrangement(index).unwrap()).unwrap();
        let mut p = Position::start_on(board);
        let mut line = vec![p];
        for ply in 0..300 {
            if p.outcome().is_some() {
                break;
            }
            let mv = if ply < 2 {
                *rng.choose(&p.legal_moves()).unwrap()
            } else {
                agent.choose(&p).unwrap()
            };
            p = p.play(mv);
            line.push(p);
        }
        if p.outcome().is_some() {
            let n = line.len();
            out.extend(
                [2, 3, 4, 5, 7, 9]
                    .into_iter()
                    .filter(|&k| k <= n)
                    .map(|k| line[n - k]),
            );
        }
    }
    out
}

/// Every proof agrees with the plain exhaustive search to the same depth
/// (4 plies) on the positions a few plies before the end of self-play
/// games: the exact prover's win and loss within 4 plies and its exact
/// distance and best move; df-pn and the solver whenever the plain search
/// settles the position; and the playing search, which plays a proven win
/// at once and never misses a win within its horizon. Here 6 games (a few
/// seconds in the test profile); the heavier runs below are CI's heavy
/// step (`.ci/run`).
#[test]
fn proofs_agree_with_plain_search_on_self_play_endings() {
    proofs_agree_on(6, 20, 3);
}

/// The same on 50 games, at least 200 positions, each kind of answer met
/// at least 20 times (about 35 s in the test profile): CI's heavy step,
/// `cargo test -p game-search --all-features --test it -- --ignored
/// proofs_agree_on_fifty_games`.
#[test]
#[ignore = "heavy (35 s in the test profile): CI runs it in its heavy step"]
fn proofs_agree_on_fifty_games() {
    proofs_agree_on(50, 200, 20);
}

/// Checks the provers on the endings of `games` games (30,000-node
/// budgets): at least `total` positions, each answer (win, loss, unknown
/// within 4 plies) at least `each` times.
fn proofs_agree_on(games: u64, total: usize, each: usize) {
    let counts = check_proofs(games, 30_000);
    println!("win, loss, unknown within 4 plies: {counts:?}");
    assert!(counts.iter().sum::<usize>() >= total, "{counts:?}");
    assert!(
        counts.iter().all(|&n| n >= each),
        "win, loss, unknown: {counts:?}"
    );
}

/// The same on 250 games with budgets of 100,000 nodes, in release:
/// `cargo test --release -p game-search --all-features --test it --
/// --ignored --nocapture many_proofs`.
#[test]
#[ignore = "minutes in a debug build; run by hand in release"]
fn many_proofs_agree_with_plain_search() {
    let started = std::time::Instant::now();
    let counts = check_proofs(250, 100_000);
    println!(
        "positions: {} (win {}, loss {}, unknown {} within 4 plies) in {:.1} s",
        counts.iter().sum::<usize>(),
        counts[0],
        counts[1],
        counts[2],
        started.elapsed().as_secs_f64()
    );
}

/// Checks the provers on the endings of `games` self-play games; returns
/// how many positions the plain search found won, lost and unknown.
fn check_proofs(games: u64, budget: u64) -> [usize; 3] {
    use game_search::Limits;
    use game_search::proof::{DfpnProver, Prover, Solver, Value};
    const DEPTH: u32 = 4;
    let positions = endgame_positions(games);
    let mut counts = [0usize; 3];
    let mut prover = Prover::<Position>::new(4).unwrap();
    let mut dfpn = DfpnProver::<Position>::new(4).unwrap();
    let mut solver = Solver::<Position>::new(8).unwrap();
    let mut agent = SearchAgent::<Position>::new(Limits::depth(DEPTH), 4).unwrap();
    for p in &positions {
        let known = brute(p, DEPTH);
        counts[known as usize] += 1;
        let me = p.side_to_move();
        prover.start(Limits::default());
        assert_eq!(prover.wins_within(p, DEPTH), known == Known::Win, "{p}");
        assert_eq!(prover.loses_within(p, DEPTH), known == Known::Loss, "{p}");
        let limits = Limits {
            depth: DEPTH,
            ..Limits::nodes(budget)
        };
        let proof = prover.solve(p, limits);
        let verdict = dfpn.solve(p, Limits::nodes(budget)).value;
        let solution = solver.solve(p, Limits::nodes(budget));
        let settled = (known != Known::Unknown)
            .then(|| brute_distance(p, DEPTH))
            .flatten();
        match settled {
            Some((known, plies)) => {
                let (value, winner) = match known {
                    Known::Win => (Value::Win, me),
                    _ => (Value::Loss, me.opponent()),
                };
                assert_eq!((proof.value, proof.plies), (value, Some(plies)), "{p}");
                assert_eq!(verdict, value, "df-pn on {p}");
                assert_eq!(solution.winner, Some(winner), "solver on {p}");
                assert_eq!(solution.plies, Some(plies), "solver on {p}");
                if known == Known::Win && plies > 0 {
                    // The best moves win as fast as the plain search says.
                    let left = plies - 1;
                    for best in [proof.best.unwrap(), solution.best.unwrap()] {
                        assert_eq!(brute(&p.play(best), left), Known::Loss, "{best} in {p}");
                    }
                    let result = agent.searcher.search(p, Limits::depth(DEPTH));
                    assert!(result.is_proven(), "{p}");
                    let mv = result.best.unwrap();
                    assert_eq!(
                        brute(&p.play(mv), left),
                        Known::Loss,
                        "search's {mv} in {p}"
                    );
                }
            }
            None => {
                assert_eq!(proof.value, Value::Unknown, "{p}");
                // Deeper proofs may settle it: never against the plain
                // search's horizon (no win or loss within it).
                assert_ne!(solution.plies.map(|n| n <= DEPTH), Some(true), "{p}");
            }
        }
    }
    counts
}

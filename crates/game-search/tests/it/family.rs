//! The family for the search: the exact Isolation solver against a plain
//! game-tree search over the rules (no graph, no Grundy values), the
//! search and the provers playing all three games.

use std::collections::HashMap;

use board_geometry::SplitMix64;
use game_search::proof::isolation::{IsolationSolver, NotStrict};
use game_search::proof::{DfpnProver, Value};
use game_search::{Limits, SearchGame, Searcher};
use katarenga_family::{Board, Congress, Game, Isolation, Move, Player, Quebec, Reading, Supply};

/// Whether the side to move wins, by the rules alone: a plain negamax
/// with a table keyed by the position's hash.
fn brute(p: &Isolation, table: &mut HashMap<u64, bool>) -> bool {
    if let Some(&w) = table.get(&p.zobrist()) {
        return w;
    }
    let w = p
        .legal_moves()
        .into_iter()
        .any(|mv| !brute(&p.play(mv), table));
    table.insert(p.zobrist(), w);
    w
}

/// A position of a random game of `plies` placements on a random tile
/// board (a random colouring one time in three).
fn random_position(rng: &mut SplitMix64, plies: usize, supply: Supply) -> Isolation {
    use katarenga_family::katarenga_core::SquareColour;
    let board = if rng.below(3) == 0 {
        Board::from_colours(core::array::from_fn(|_| SquareColour::ALL[rng.below(4)]))
    } else {
        Board::all_tile_boards()
            .nth(rng.below(2_000) * 12)
            .unwrap()
            .0
    };
    let mut p = Isolation::start_on(board).with_supply(supply);
    for _ in 0..plies {
        let moves = p.legal_moves();
        if moves.is_empty() {
            break;
        }
        p = p.play(moves[rng.below(moves.len())]);
    }
    p
}

#[test]
fn the_isolation_solver_agrees_with_a_plain_search_of_the_rules() {
    let mut rng = SplitMix64::new(39);
    let mut solver = IsolationSolver::new();
    let (mut wins, mut losses) = (0, 0);
    for case in 0..60 {
        let supply = if case % 3 == 0 {
            Supply::Unlimited
        } else {
            Supply::Eight
        };
        // Deep enough for the plain search to finish quickly.
        let plies = 6 + rng.below(4);
        let p = random_position(&mut rng, plies, supply);
        let solution = solver.solve(&p).unwrap();
        let wins_here = brute(&p, &mut HashMap::new());
        let side = p.side_to_move();
        assert_eq!(solution.winner == side, wins_here, "{p:?}");
        if let Some(best) = solution.best {
            assert!(
                !brute(&p.play(best), &mut HashMap::new()),
                "best {best} in {p:?}"
            );
        }
        wins += usize::from(wins_here);
        losses += usize::from(!wins_here);
    }
    assert!(wins > 10 && losses > 10, "{wins} wins, {losses} losses");
}

#[test]
fn the_supply_running_out_is_played_out() {
    // An all-blue board (kings): White's 7 pawns two squares apart on
    // ranks 8 and 6, Black's 6 on ranks 6, 4 and 2; free, c1-h2, room for
    // three more. White, with one pawn in hand, places it; Black replies;
    // White has none left and loses.
    let blue = "BBBBBBBB/".repeat(7) + "BBBBBBBB";
    let p: Isolation = format!("{blue} w1w1w1w1/8/w1w1w1b1/8/b1b1b1b1/8/b7/8 w")
        .parse()
        .unwrap();
    assert_eq!(p.in_hand(Player::White), Some(1));
    assert_eq!(p.placements().len(), 12);
    let mut solver = IsolationSolver::new();
    let solution = solver.solve(&p).unwrap();
    assert_eq!(solution.winner, Player::Black);
    assert_eq!(solution.grundy, None);
    assert!(!brute(&p, &mut HashMap::new()));
    // Without the supply's limit, the squares decide.
    let unlimited = p.with_supply(Supply::Unlimited);
    let solution = solver.solve(&unlimited).unwrap();
    assert_eq!(
        solution.winner == Player::White,
        brute(&unlimited, &mut HashMap::new())
    );
}

#[test]
fn the_isolation_solver_refuses_other_readings() {
    let p = Isolation::start().with_reading(Reading::OneWay);
    assert_eq!(
        IsolationSolver::new().solve(&p),
        Err(NotStrict::Reading(Reading::OneWay))
    );
}

#[test]
fn the_standard_board_is_solved_and_its_best_move_wins() {
    let mut solver = IsolationSolver::new();
    let start = Isolation::start();
    let solution = solver.solve(&start).unwrap();
    let best = solution.best.map(|b| start.play(b));
    // Regression pin: the first player wins the standard board (checked
    // by the second algorithm on the positions above; here the move it
    // gives is checked to leave a lost position).
    assert_eq!(solution.winner, Player::White);
    let after = best.unwrap();
    assert_eq!(solver.solve(&after).unwrap().winner, Player::White);
    assert!(
        after.legal_moves().into_iter().all(|reply| solver
            .solve(&after.play(reply))
            .unwrap()
            .winner
            == Player::White)
    );
}

#[test]
fn the_search_plays_all_three_games_to_legal_moves() {
    fn best<G: SearchGame<Move = Move>>(p: &G) -> Move {
        let mut searcher = Searcher::<G>::new(4).unwrap();
        searcher.search(p, Limits::depth(3)).best.unwrap()
    }
    assert!(Congress::start().is_legal(best(&Congress::start())));
    assert!(Quebec::start().is_legal(best(&Quebec::start())));
    assert!(Isolation::start().is_legal(best(&Isolation::start().with_reading(Reading::Opposite))));
}

#[test]
fn dfpn_proves_what_the_isolation_solver_finds() {
    let mut rng = SplitMix64::new(40);
    let mut solver = IsolationSolver::new();
    for _ in 0..10 {
        let p = random_position(&mut rng, 6, Supply::Eight);
        let exact = solver.solve(&p).unwrap();
        let mut prover = DfpnProver::<Isolation>::new(16).unwrap();
        let proof = prover.solve(&p, Limits::nodes(2_000_000));
        let expected = if exact.winner == p.side_to_move() {
            Value::Win
        } else {
            Value::Loss
        };
        assert_eq!(proof.value, expected, "{p:?}");
    }
}

/// The generic solver proves Congress and Quebec where it reaches: on an
/// all-blue board (kings) White's c3 joins a1-a2-a3 in one step; Black's
/// h8 and f6 cannot join in one, nor stop White.
#[test]
fn the_solver_proves_connections_in_congress_and_quebec() {
    use game_search::proof::Solver;
    let blue = "BBBBBBBB/".repeat(7) + "BBBBBBBB";
    for side in ["w", "b"] {
        let text = format!("{blue} 7b/8/5b2/8/8/w1w5/w7/w7 {side}");
        let congress: Congress = text.parse().unwrap();
        let quebec: Quebec = text.parse().unwrap();
        let plies = if side == "w" { 1 } else { 2 };
        let mut solver = Solver::<Congress>::new(4).unwrap();
        let solution = solver.solve(&congress, Limits::nodes(1_000_000));
        assert_eq!(
            (solution.winner, solution.plies),
            (Some(Player::White), Some(plies)),
            "{text}"
        );
        let mut solver = Solver::<Quebec>::new(4).unwrap();
        let solution = solver.solve(&quebec, Limits::nodes(1_000_000));
        assert_eq!(
            (solution.winner, solution.plies),
            (Some(Player::White), Some(plies)),
            "{text}"
        );
        if let Some(best) = solution.best.filter(|_| side == "w") {
            assert_eq!(quebec.play(best).winner(), Some(Player::White));
        }
    }
}

/// Strict Isolation's certificates from random positions (tile boards and
/// random colourings, both supplies) pass the checker, which replays every
/// line with the rules alone; their declared length is the longest line,
/// and their winner is the plain search's.
#[test]
fn isolation_certificates_pass_the_checker() {
    use game_search::proof::check::check_game;
    let mut rng = SplitMix64::new(5);
    let mut solver = IsolationSolver::new();
    let mut winners = [0; 2];
    let mut lines = 0;
    for case in 0..24 {
        let supply = if case % 4 == 0 {
            Supply::Unlimited
        } else {
            Supply::Eight
        };
        let plies = 5 + rng.below(3);
        let p = random_position(&mut rng, plies, supply);
        let certificate = solver.certificate(&p).unwrap();
        let wins = brute(&p, &mut HashMap::new());
        assert_eq!(certificate.winner == p.side_to_move(), wins, "{p:?}");
        let verified = check_game::<Isolation>(&certificate.to_string()).unwrap();
        assert_eq!(verified.start, p);
        assert_eq!(verified.winner, certificate.winner);
        assert_eq!(verified.longest, certificate.plies);
        assert_eq!((verified.lines, verified.unused), (certificate.len(), 0));
        winners[certificate.winner.index()] += 1;
        lines += certificate.len();
    }
    assert!(winners[0] >= 4 && winners[1] >= 4, "{winners:?}");
    assert!(lines >= 100, "{lines} lines in all");
}

/// A certificate spoiled in each way is refused, saying where: a line
/// removed (a hole with the moves to it), a move that gives the win away,
/// a bound too short, the wrong winner, a line for the loser, the other
/// game's header, a bad option.
#[test]
fn a_spoiled_isolation_certificate_is_refused() {
    use game_search::proof::check::{CheckError, HoleReason, check_game};
    let mut rng = SplitMix64::new(8);
    // A position the side to move wins with a certificate of some size.
    let (p, certificate) = loop {
        let p = random_position(&mut rng, 6, Supply::Eight);
        let certificate = IsolationSolver::new().certificate(&p).unwrap();
        if certificate.winner == p.side_to_move() && certificate.len() >= 6 {
            break (p, certificate);
        }
    };
    let text = certificate.to_string();
    let check = |text: &str| check_game::<Isolation>(text);
    assert!(check(&text).is_ok());
    // The last line removed: the position it served is a hole.
    let last = text.lines().last().unwrap();
    let holed = text.replace(&format!("{last}\n"), "");
    match check(&holed) {
        Err(CheckError::Hole(hole)) => {
            assert_eq!(hole.reason, HoleReason::Missing);
            assert!(last.starts_with(&hole.position.to_string()), "{hole}");
            let reached = hole.moves.iter().fold(p, |q, &mv| q.play(mv));
            assert_eq!(reached, hole.position);
        }
        other => panic!("{other:?}"),
    }
    // The start's placement replaced by a losing one.
    let start_line = text
        .lines()
        .find(|l| l.starts_with(&format!("{p} ;")))
        .unwrap();
    let losing = p
        .legal_moves()
        .into_iter()
        .find(|&mv| IsolationSolver::new().solve(&p.play(mv)).unwrap().winner != p.side_to_move())
        .expect("a losing placement");
    let given_away = text.replace(start_line, &format!("{p} ; {losing}"));
    assert!(matches!(
        check(&given_away),
        Err(CheckError::Hole(h)) if matches!(h.reason, HoleReason::Missing | HoleReason::Lost)
    ));
    // A bound one ply short.
    let plies = certificate.plies;
    let short = text.replace(&format!("plies {plies}"), &format!("plies {}", plies - 1));
    assert!(matches!(
        check(&short),
        Err(CheckError::Hole(h)) if matches!(h.reason, HoleReason::TooLong { .. })
    ));
    // The other winner.
    let other = certificate.winner.opponent();
    let wrong = text.replace(
        &format!("winner {}", certificate.winner),
        &format!("winner {other}"),
    );
    assert!(matches!(
        check(&wrong),
        Err(CheckError::Line { line: 3, .. })
    ));
    // The game's header and options.
    assert!(matches!(
        check(&text.replace("isolation-certificate", "kamisado-certificate")),
        Err(CheckError::Header { line: 1, .. })
    ));
    assert!(matches!(
        check(&text.replace("reading=strict", "reading=loose")),
        Err(CheckError::Header { line: 2, .. })
    ));
    // Kamisado's checker refuses it at the first line.
    assert!(matches!(
        game_search::proof::check::check(&text),
        Err(CheckError::Header { line: 1, .. })
    ));
}

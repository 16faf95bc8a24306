//! The family for the search: the exact Isolation solver against a plain
//! game-tree search over the rules (no graph, no Grundy values), the
//! search and the provers playing all three games.

use std::collections::HashMap;

use board_geometry::SplitMix64;
use game_search::eval::family::connection_distance;
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

/// Whether the side to move in `p` can force a win within `plies`, by the
/// rules alone (plain minimax, no table): the oracle for short proofs of
/// Congress and Quebec. A draw by the rules is no win.
fn naive_wins_within<G: Game>(p: &G, plies: u32) -> bool {
    let me = p.side_to_move();
    plies > 0
        && p.legal_moves().into_iter().any(|mv| {
            let child = p.play(mv);
            child.winner() == Some(me)
                || (child.outcome().is_none() && naive_loses_within(&child, plies - 1))
        })
}

/// Whether the side to move in `p` loses within `plies` whatever it does.
fn naive_loses_within<G: Game>(p: &G, plies: u32) -> bool {
    if p.outcome().is_some() {
        return p.winner() == Some(p.side_to_move().opponent());
    }
    plies > 0
        && p.legal_moves().into_iter().all(|mv| {
            let child = p.play(mv);
            match child.outcome() {
                Some(_) => child.winner() == Some(p.side_to_move().opponent()),
                None => naive_wins_within(&child, plies - 1),
            }
        })
}

/// Positions of games on random tile boards (both options; moves mostly
/// by the evaluation, a third at random) in which the generic solver
/// proves a win of at most `most` plies.
fn proven_positions<G: SearchGame>(
    rng: &mut SplitMix64,
    start: impl Fn(Board, bool) -> G,
    pieces: impl Fn(&G, Player) -> board_geometry::Bitboard,
    count: usize,
    most: u32,
) -> Vec<(G, u32)> {
    use game_search::proof::Solver;
    let mut solver = Solver::<G>::new(4).unwrap();
    let mut found = Vec::new();
    while found.len() < count {
        let index =
            rng.below(katarenga_family::katarenga_core::TilePlacement::ARRANGEMENTS as usize);
        let tiles =
            katarenga_family::katarenga_core::TilePlacement::arrangement(index as u32).unwrap();
        let mut p = start(Board::from_tiles(tiles).unwrap(), rng.below(2) == 0);
        for ply in 0..200 {
            if p.outcome().is_some() {
                break;
            }
            // The solver only where a side is near one group (two groups a
            // step or so apart score 5 or 6; the solver's nodes are dear:
            // each asks every reply whether it ends the game).
            let near = [Player::White, Player::Black]
                .iter()
                .any(|&side| connection_distance(pieces(&p, side)) <= 6);
            if ply >= 8 && near {
                let s = solver.solve(&p, Limits::nodes(2_000));
                if let (Some(_), Some(plies)) = (s.winner, s.plies) {
                    if plies <= most {
                        found.push((p, plies));
                        break;
                    }
                }
            }
            // Mostly the move the evaluation likes best (each side draws its
            // pawns together, so that wins come near), sometimes any.
            let moves = p.legal_moves();
            let mv = if rng.below(3) == 0 {
                moves[rng.below(moves.len())]
            } else {
                *moves
                    .iter()
                    .max_by_key(|&&mv| -p.play(mv).evaluate())
                    .unwrap()
            };
            p = p.play(mv);
        }
    }
    found
}

/// Congress's and Quebec's proofs come with certificates that the checker
/// (the rules alone) accepts, under either option of each game; their
/// winner and length agree with a plain minimax of the rules.
#[test]
fn congress_and_quebec_certificates_pass_the_checker() {
    use game_search::proof::Solver;
    use game_search::proof::check::{Certified, check_game};
    use katarenga_family::{BothConnected, NoMove};

    fn certify<G: SearchGame + Certified>(cases: &[(G, u32)], seen: &mut [usize; 4]) {
        let mut solver = Solver::<G>::new(4).unwrap();
        for (p, plies) in cases {
            let certificate = solver.certificate(p).unwrap();
            assert_eq!(certificate.plies, *plies, "{p}");
            let verified = check_game::<G>(&certificate.to_string()).unwrap();
            assert_eq!(verified.start, *p);
            assert_eq!(verified.winner, certificate.winner);
            assert_eq!(verified.longest, certificate.plies);
            assert_eq!(verified.unused, 0);
            // The plain minimax: a win (or loss) within the length, not sooner.
            let mover_wins = certificate.winner == p.side_to_move();
            let within = |n: u32| {
                if mover_wins {
                    naive_wins_within(p, n)
                } else {
                    naive_loses_within(p, n)
                }
            };
            assert!(within(*plies), "{p}: not won within {plies}");
            assert!(
                *plies < 2 || !within(plies - 2),
                "{p}: won sooner than {plies}"
            );
            seen[usize::from(mover_wins)] += 1;
            seen[2] += certificate.len();
            seen[3] = seen[3].max(*plies as usize);
        }
    }

    let mut rng = SplitMix64::new(41);
    let mut seen = [0; 4];
    let congress = proven_positions(
        &mut rng,
        |board, pass| {
            let no_move = if pass { NoMove::Pass } else { NoMove::Lose };
            Congress::start_on(board).with_no_move(no_move)
        },
        Congress::pieces,
        6,
        3,
    );
    certify(&congress, &mut seen);
    let quebec = proven_positions(
        &mut rng,
        |board, draw| {
            let both = if draw {
                BothConnected::Draw
            } else {
                BothConnected::Mover
            };
            Quebec::start_on(board).with_both_connected(both)
        },
        Quebec::pieces,
        6,
        3,
    );
    certify(&quebec, &mut seen);
    let [losers, winners, lines, longest] = seen;
    assert!(winners >= 2 && losers >= 2, "{seen:?}: both sides' wins");
    assert!(
        longest >= 3 && lines >= 40,
        "{seen:?}: certificates of some size"
    );
}

/// In a game that repeats positions, a certificate whose strategy goes
/// round forever is refused at the first repeat (no deeper walk), and no
/// certificate may declare more than the checker's bound.
#[test]
fn a_certificate_that_goes_round_is_refused() {
    use game_search::proof::check::{CheckError, HoleReason, MAX_PLIES, check_game};
    // An all-blue board (kings): Black's kings on a8 and h8 are hemmed in
    // by White's pawns, and under the pass rule Black passes for ever
    // while White's d4 steps to d3 and back.
    let blue = "BBBBBBBB/".repeat(7) + "BBBBBBBB";
    let start = format!("{blue} bw4wb/ww4ww/8/8/3w4/8/8/8 w");
    let p: Congress = start.parse().unwrap();
    let p = p.with_no_move(katarenga_family::NoMove::Pass);
    assert_eq!(p.outcome(), None);
    let there = p.play("d4d3".parse().unwrap());
    assert_eq!(
        there.legal_moves().as_slice(),
        [Move::Pass],
        "Black can only pass"
    );
    let back = there.play(Move::Pass);
    let text = format!(
        "# congress-certificate 1\n# start {start} no-move=pass ; winner white ; plies {MAX_PLIES}\n{p} ; d4d3\n{back} ; d3d4\n"
    );
    match check_game::<Congress>(&text) {
        Err(CheckError::Hole(hole)) => {
            assert_eq!(hole.reason, HoleReason::Repeats);
            assert_eq!(hole.position, p);
            assert_eq!(hole.moves.len(), 4, "{hole}");
            assert!(hole.to_string().contains("go on forever"), "{hole}");
        }
        other => panic!("{other:?}"),
    }
    let too_long = text.replace(
        &format!("plies {MAX_PLIES}"),
        &format!("plies {}", MAX_PLIES + 1),
    );
    assert!(matches!(
        check_game::<Congress>(&too_long),
        Err(CheckError::Header { line: 2, .. })
    ));
    // The other game's header is refused, and an option of another game.
    assert!(matches!(
        check_game::<Quebec>(&text),
        Err(CheckError::Header { line: 1, .. })
    ));
    assert!(matches!(
        check_game::<Congress>(&text.replace("no-move=pass", "reading=strict")),
        Err(CheckError::Header { line: 2, .. })
    ));
}

/// A game drawn by its rules is neither won nor lost: the exact prover
/// says unknown, and no certificate is made (Quebec under the draw option:
/// White's rook on e4 takes Black's last outlying pawn on d4, next to its
/// own pawn on d3, and both sides are connected).
#[test]
fn a_drawn_game_is_neither_won_nor_lost() {
    use game_search::proof::Prover;
    use game_search::proof::certificate::{Certificate, CertificateError};
    let standard = Board::standard();
    let p: Quebec = format!("{standard} bb6/8/8/8/3bw3/3w4/8/8 w")
        .parse()
        .unwrap();
    let p = p.with_both_connected(katarenga_family::BothConnected::Draw);
    let drawn = p.play("e4d4".parse().unwrap());
    assert!(drawn.outcome().is_some() && drawn.winner().is_none());
    let mut prover = Prover::<Quebec>::new(4).unwrap();
    let proof = prover.solve(&drawn, Limits::default());
    assert_eq!((proof.value, proof.plies), (Value::Unknown, None));
    assert_eq!(prover.loss_distance(&drawn, 4), None);
    assert_eq!(prover.win_distance(&drawn, 4), None);
    assert_eq!(
        Certificate::prove(&drawn, &mut prover),
        Err(CertificateError::NotProven)
    );
}

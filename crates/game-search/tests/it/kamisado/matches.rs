//! Whole Kamisado matches in the arena, and the players' edge choice.

use std::cell::RefCell;

use board_geometry::Player;
use game_search::play::{End, KamisadoMatch, MatchEnd, MatchResult, play_match};
use game_search::{Agent, GreedyAgent, Limits, RandomAgent, SearchAgent, Searcher};
use kamisado_core::{Edge, Game, Match, MatchState, Position, Target};

/// Replays a played match with the rules engine alone: every round's start,
/// move, score and edge must be the ones the arena reported.
fn replay(result: &MatchResult<Position, KamisadoMatch>, target: Target) -> Match {
    let mut m = Match::new(target);
    let rounds = result.games.iter().zip(&result.detail.rounds);
    for (i, (game, round)) in rounds.enumerate() {
        assert_eq!(*m.position(), game.start, "round {}", i + 1);
        for &mv in &game.moves {
            m.play(mv).unwrap();
        }
        assert_eq!(*m.position(), game.position, "round {}", i + 1);
        if let Some(edge) = round.edge {
            assert_eq!(m.last_round(), round.summary);
            m.choose_edge(edge).unwrap();
        }
    }
    m
}

#[test]
fn a_match_is_played_to_its_target_and_replays_identically() {
    let mut played_edges = [0; 2];
    for seed in 0..6 {
        let mut black = GreedyAgent::new(seed);
        let mut white = RandomAgent::new(seed + 100);
        let mut seen = 0;
        let result = play_match(
            Match::new(Target::LONG),
            [&mut black, &mut white],
            |_, _| seen += 1,
        );
        assert_eq!(result.end, MatchEnd::Completed);
        assert_eq!(seen, result.game_count());
        let replayed = replay(&result, Target::LONG);
        assert_eq!(replayed, result.detail.game);
        assert_eq!(
            replayed.state(),
            MatchState::Over {
                winner: Player::ALL[result.winner.unwrap()]
            }
        );
        assert!(result.points[result.winner.unwrap()] >= 7);
        let (last, others) = result.detail.rounds.split_last().unwrap();
        assert_eq!(last.edge, None);
        assert!(last.summary.is_some());
        for round in others {
            played_edges[Edge::ALL
                .iter()
                .position(|&e| Some(e) == round.edge)
                .unwrap()] += 1;
        }
    }
    // The random player chose both edges at some point.
    assert!(played_edges.iter().all(|&n| n > 0), "{played_edges:?}");
}

/// A random player that notes who it was asked to choose an edge as.
struct Noting<'a> {
    random: RandomAgent,
    choosers: &'a RefCell<Vec<Player>>,
}

impl Agent<Position> for Noting<'_> {
    fn choose(&mut self, position: &Position) -> Option<kamisado_core::Move> {
        self.random.choose(position)
    }

    fn choose_start(&mut self, chooser: Player, starts: &[Position]) -> usize {
        assert_eq!(starts.len(), 2);
        self.choosers.borrow_mut().push(chooser);
        self.random.choose_start(chooser, starts)
    }
}

#[test]
fn the_round_winner_chooses_the_edge_and_agents_keep_their_colour() {
    let (b, w) = (RefCell::new(Vec::new()), RefCell::new(Vec::new()));
    let mut black = Noting {
        random: RandomAgent::new(1),
        choosers: &b,
    };
    let mut white = Noting {
        random: RandomAgent::new(2),
        choosers: &w,
    };
    let result = play_match(
        Match::new(Target::MARATHON),
        [&mut black, &mut white],
        |_, _| {},
    );
    let (b, w) = (b.into_inner(), w.into_inner());
    assert!(b.iter().all(|&p| p == Player::Black), "{b:?}");
    assert!(w.iter().all(|&p| p == Player::White), "{w:?}");
    let rounds = &result.detail.rounds;
    let winners: Vec<Player> = rounds[..rounds.len() - 1]
        .iter()
        .map(|r| r.summary.unwrap().outcome.winner())
        .collect();
    assert_eq!(
        winners.iter().filter(|&&p| p == Player::Black).count(),
        b.len()
    );
    assert_eq!(
        winners.iter().filter(|&&p| p == Player::White).count(),
        w.len()
    );
    assert!(!b.is_empty() && !w.is_empty());
    // Each round after the first is opened by the previous round's loser.
    for (pair, next) in rounds.windows(2).zip(&result.games[1..]) {
        let loser = pair[0].summary.unwrap().outcome.winner().opponent();
        assert_eq!(next.start.side_to_move(), loser);
    }
}

#[test]
fn an_illegal_move_forfeits_the_match() {
    let mut calls = 0;
    let mut cheat = |p: &Position| {
        calls += 1;
        if calls == 3 {
            // A move from an empty square.
            let empty = kamisado_core::Square::ALL
                .into_iter()
                .find(|&s| p.piece_on(s).is_none())?;
            Some(kamisado_core::Move::new(empty, empty))
        } else {
            RandomAgent::new(calls).choose(p)
        }
    };
    let mut white = RandomAgent::new(9);
    let result = play_match(
        Match::new(Target::STANDARD),
        [&mut cheat, &mut white],
        |_, _| {},
    );
    assert_eq!(
        result.end,
        MatchEnd::Forfeit {
            agent: Player::Black.index()
        }
    );
    assert_eq!(result.winner, Some(Player::White.index()));
    assert_eq!(result.games.len(), 1);
    assert_eq!(
        result.games[0].moves.len(),
        4,
        "Black's third move is ply 5"
    );
    assert_eq!(
        result.games[0].end,
        End::Forfeit {
            player: Player::Black
        }
    );
    assert_eq!(result.detail.rounds[0].summary, None);
}

#[test]
fn a_match_resumed_between_rounds_starts_with_the_edge_choice() {
    let mut m = Match::new(Target::STANDARD);
    for mv in ["d1d7", "g8b3", "d7d7", "b3d1"] {
        m.play(mv.parse().unwrap()).unwrap();
    }
    let chosen = RefCell::new(Vec::new());
    let mut black = RandomAgent::new(3);
    let mut white = Noting {
        random: RandomAgent::new(4),
        choosers: &chosen,
    };
    let result = play_match(m, [&mut black, &mut white], |_, _| {});
    assert_eq!(chosen.borrow()[0], Player::White);
    assert_eq!(result.games[0].start, *m.position());
    assert!(result.games[0].moves.is_empty());
    assert_eq!(result.detail.rounds[0].summary, m.last_round());
    assert!(result.detail.rounds[0].edge.is_some());
}

/// White to move after `d1d7`, with no win at once; White to move with
/// the green tower on b3, which wins at once on d1.
fn calm_and_lost() -> (Position, Position) {
    let calm: Position = "obpkyrgn/3Y4/8/8/8/8/8/NGR1KPBO w g".parse().unwrap();
    let lost: Position = "obpkyr1n/3Y4/8/8/8/1g6/8/NGR1KPBO w g".parse().unwrap();
    (calm, lost)
}

#[test]
fn the_greedy_player_avoids_a_start_the_opponent_wins_at_once() {
    let (calm, lost) = calm_and_lost();
    for seed in 0..20 {
        let mut greedy = GreedyAgent::new(seed);
        assert_eq!(
            Agent::<Position>::choose_start(&mut greedy, Player::Black, &[lost, calm]),
            1
        );
        assert_eq!(
            Agent::<Position>::choose_start(&mut greedy, Player::Black, &[calm, lost]),
            0
        );
    }
}

#[test]
fn the_random_player_chooses_both_starts_and_the_default_the_first() {
    let (calm, lost) = calm_and_lost();
    let mut random = RandomAgent::new(5);
    let picks: Vec<usize> = (0..40)
        .map(|_| Agent::<Position>::choose_start(&mut random, Player::Black, &[calm, lost]))
        .collect();
    assert!(picks.contains(&0) && picks.contains(&1), "{picks:?}");
    let mut closure = |p: &Position| RandomAgent::new(1).choose(p);
    assert_eq!(closure.choose_start(Player::Black, &[lost, calm]), 0);
}

#[test]
fn the_search_player_takes_the_start_worst_for_the_side_to_move() {
    // A depth-0 search scores a start by the evaluation alone: here a
    // start is good for the side to move when its d1 square is empty.
    let evaluation = |p: &Position| {
        if p.piece_on("d1".parse().unwrap()).is_none() {
            100
        } else {
            -100
        }
    };
    let mut agent = SearchAgent {
        searcher: Searcher::with_evaluation(1, evaluation).unwrap(),
        limits: Limits::depth(0),
    };
    let (calm, lost) = calm_and_lost();
    // Black chooses; White moves in `calm` (d1 empty: good for White).
    assert_eq!(
        agent.choose_start(Player::Black, &[calm, lost]),
        0,
        "both are good for White"
    );
    let white_full: Position = "obpkyrgn/8/8/8/8/8/8/NGRYKPBO w -".parse().unwrap();
    assert_eq!(agent.choose_start(Player::Black, &[calm, white_full]), 1);
    assert_eq!(agent.choose_start(Player::Black, &[white_full, calm]), 0);
    // The chooser to move itself wants the start good for the side to move.
    assert_eq!(agent.choose_start(Player::White, &[white_full, calm]), 1);
    // With a real search the search player never hands White a win at once.
    let mut search = SearchAgent::<Position>::new(Limits::depth(2), 1).unwrap();
    assert_eq!(search.choose_start(Player::Black, &[lost, calm]), 1);
    assert_eq!(search.choose_start(Player::Black, &[calm, lost]), 0);
}

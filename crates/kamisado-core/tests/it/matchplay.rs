//! Match play (the rules' "Match play"): rounds, scoring, promotion,
//! refills, round summaries and saved matches.

use kamisado_core::Game;
use kamisado_core::{
    Colour, Edge, IllegalMove, Match, MatchError, MatchState, Move, Outcome, Player, Position,
    PushError, Square, SumoRank, Target, Tower, points_for, refill,
};
use proptest::prelude::*;

pub(crate) fn pos(text: &str) -> Position {
    text.parse().unwrap_or_else(|e| panic!("{text}: {e}"))
}

pub(crate) fn mv(text: &str) -> Move {
    text.parse().unwrap()
}

/// The rules' worked example of match play: White wins the round with a
/// plain green tower, scores 1, the tower becomes a sumo, and the home rows
/// are refilled from either edge; Black, the loser, opens.
#[test]
fn the_worked_example_of_match_play() {
    let mut m = Match::new(Target::STANDARD);
    for text in ["d1d7", "g8b3", "d7d7"] {
        assert_eq!(m.play(mv(text)), Ok(None));
    }
    let summary = m.play(mv("b3d1")).unwrap().unwrap();
    assert_eq!(
        summary.outcome,
        Outcome::Arrival {
            winner: Player::White,
            tower: Colour::Green
        }
    );
    assert_eq!(
        (summary.tower, summary.rank, summary.points),
        (Some(Colour::Green), SumoRank::Plain, 1)
    );
    assert_eq!(summary.scores, [0, 1]);
    assert_eq!(
        m.state(),
        MatchState::ChooseEdge {
            chooser: Player::White
        }
    );
    // The final position is the one played; the promotion shows in the
    // next round's start.
    assert_eq!(
        m.position().to_string(),
        "obpkyr1n/3Y4/8/8/8/8/8/NGRgKPBO b y"
    );
    assert_eq!(m.final_position(), Some(m.position()));
    assert_eq!(
        m.position()
            .rank_of(Tower::new(Player::White, Colour::Green)),
        SumoRank::Plain
    );
    let next = m.next_round_start(Edge::AFile).unwrap();
    assert_eq!(
        next.rank_of(Tower::new(Player::White, Colour::Green)),
        SumoRank::Sumo
    );
    assert_eq!(
        m.play(mv("a1a2")),
        Err(MatchError::EdgeToChoose {
            chooser: Player::White
        })
    );
    let mut from_h = m;
    m.choose_edge(Edge::AFile).unwrap();
    assert_eq!(
        m.position().to_string(),
        "obpkyrng+/8/8/8/8/8/8/NGRKPBOY b -"
    );
    assert_eq!(*m.position(), next);
    assert_eq!(m.final_position(), None);
    assert_eq!(m.next_round_start(Edge::AFile), None);
    from_h.choose_edge(Edge::HFile).unwrap();
    assert_eq!(
        from_h.position().to_string(),
        "g+obpkyrn/8/8/8/8/8/8/YNGRKPBO b -"
    );
    assert_eq!(m.round(), 2);
    assert_eq!(m.choose_edge(Edge::AFile), Err(MatchError::RoundInProgress));
}

/// A refill with towers spread over several ranks, from each edge: each
/// player takes its towers rank by rank from its own home row outward,
/// each rank from the edge, and ranks travel with the towers.
#[test]
fn refill_from_each_edge_with_spread_towers() {
    let p = pos("or2yn2/7Y/2pb+4/P7/6g1/1RG++5/6Bk/N3K2O w -");
    assert_eq!(
        refill(&p, Edge::AFile, Player::Black).to_string(),
        "orynpb+gk/8/8/8/8/8/8/NKOBRG++PY b -"
    );
    assert_eq!(
        refill(&p, Edge::HFile, Player::White).to_string(),
        "kgpb+oryn/8/8/8/8/8/8/YPRG++BNKO w -"
    );
}

/// `MatchError::Illegal` prints as the illegal move's reason (not a bare
/// "illegal move" with the reason behind `source()`), and a chain of causes
/// prints each cause once.
#[test]
fn an_illegal_move_in_a_match_prints_its_reason_once() {
    use kamisado_core::board_geometry::ErrorChain;
    use std::error::Error;

    let mut m = Match::new(Target::STANDARD);
    let e = m.play(mv("d1d8")).unwrap_err();
    assert_eq!(e, MatchError::Illegal(IllegalMove::Occupied(Square::D8)));
    assert_eq!(e.to_string(), "d8 is occupied");
    assert!(e.source().is_none());
    assert_eq!(ErrorChain(&e).to_string(), "d8 is occupied");
    // A refused push: the push's reason follows once, as the cause.
    let mut m = Match::resume(
        Target::STANDARD,
        pos("obp2rgn/8/3y4/3k4/3N+4/8/8/1GRYKPBO b n"),
        [0, 0],
        1,
    )
    .unwrap();
    let e = m.play(mv("d4d5")).unwrap_err();
    let chain = ErrorChain(&e).to_string();
    assert_eq!(e.to_string(), "a sumo push is not possible here");
    assert_eq!(
        chain,
        format!(
            "a sumo push is not possible here: {}",
            PushError::LineTooLong { max: 1 }
        )
    );
    assert_eq!(chain.matches("not possible").count(), 1, "{chain}");
}

/// A round won by a triple sumo scores 15 and the tower stays triple; a
/// deadlock scores with the winner's tower of the forced colour.
#[test]
fn scoring_and_promotion() {
    assert_eq!(SumoRank::ALL.map(points_for), [1, 3, 7, 15]);
    // Black's triple sumo (yellow, on b7) steps onto a8: 15 points, and it
    // stays a triple sumo.
    let p = pos("1bpkyrgn/1Y+++6/o7/8/8/8/8/NGRBKPO1 b y");
    let mut m = Match::resume(Target::MARATHON, p, [0, 3], 4).unwrap();
    let summary = m.play(mv("b7a8")).unwrap().unwrap();
    assert_eq!(
        (summary.round, summary.rank, summary.points),
        (4, SumoRank::TripleSumo, 15)
    );
    assert_eq!(summary.scores, [15, 3]);
    assert_eq!(
        m.state(),
        MatchState::Over {
            winner: Player::Black
        }
    );
    assert_eq!(m.winner(), Some(Player::Black));
    // The match is over: there is no next round.
    assert_eq!(m.next_round_start(Edge::AFile), None);
    assert_eq!(SumoRank::TripleSumo.promoted(), SumoRank::TripleSumo);
    assert_eq!(
        m.choose_edge(Edge::AFile),
        Err(MatchError::MatchOver {
            winner: Player::Black
        })
    );
    // A sumo scores 3 and becomes a double sumo.
    let p = pos("1bpkyrgn/1Y+6/o7/8/8/8/8/NGRBKPO1 b y");
    let mut m = Match::resume(Target::LONG, p, [0, 0], 1).unwrap();
    assert_eq!(m.play(mv("b7a8")).unwrap().unwrap().points, 3);
    m.choose_edge(Edge::HFile).unwrap();
    assert_eq!(
        m.position()
            .rank_of(Tower::new(Player::Black, Colour::Yellow)),
        SumoRank::DoubleSumo
    );
    assert_eq!(
        Match::resume(Target::STANDARD, p, [3, 0], 1).err(),
        Some(MatchError::TargetReached {
            player: Player::Black
        })
    );
}

/// After a deadlock the winner scores with, and promotes, its tower of the
/// colour of the loser's last landing square; after a push that is the
/// square the pusher's sumo reached.
#[test]
fn deadlock_scoring() {
    // The cycle of two from the regression tests: Black's c5e7 lands on
    // blue and deadlocks; White wins and scores with its blue tower.
    let mut m = Match::new(Target::STANDARD);
    for text in ["c1c5", "b8h2"] {
        m.play(mv(text)).unwrap();
    }
    let summary = m.play(mv("c5e7")).unwrap().unwrap();
    assert!(matches!(
        summary.outcome,
        Outcome::Deadlock {
            winner: Player::White,
            ..
        }
    ));
    assert_eq!((summary.tower, summary.points), (Some(Colour::Blue), 1));
    assert_eq!(
        m.next_round_start(Edge::AFile)
            .unwrap()
            .rank_of(Tower::new(Player::White, Colour::Blue)),
        SumoRank::Sumo
    );
    // The pusher deadlocks itself: White wins with its brown tower.
    let p = pos("bkyn2gr/7N/8/4o3/4Y+3/8/1p6/OBGRKP2 b y");
    let mut m = Match::resume(Target::STANDARD, p, [2, 2], 5).unwrap();
    let summary = m.play(mv("e4e5")).unwrap().unwrap();
    assert_eq!(
        summary.outcome,
        Outcome::Deadlock {
            winner: Player::White,
            tower: Colour::Brown
        }
    );
    assert_eq!(summary.scores, [2, 3]);
    assert_eq!(m.winner(), Some(Player::White));
    // Short of the target, the next round starts with the brown tower
    // promoted.
    let mut m = Match::resume(Target::STANDARD, p, [0, 0], 5).unwrap();
    m.play(mv("e4e5")).unwrap();
    assert_eq!(
        m.next_round_start(Edge::HFile)
            .unwrap()
            .rank_of(Tower::new(Player::White, Colour::Brown)),
        SumoRank::Sumo
    );
}

/// A saved match resumes where it was: a finished round is not scored
/// again and its tower is not promoted twice (the user report of the
/// crates issue).
#[test]
fn resuming_a_finished_round_does_not_score_it_again() {
    let mut m = Match::new(Target::STANDARD);
    for text in ["d1d7", "g8b3", "d7d7", "b3d1"] {
        m.play(mv(text)).unwrap();
    }
    assert_eq!(
        m.state(),
        MatchState::ChooseEdge {
            chooser: Player::White
        }
    );
    let r = Match::resume(m.target(), *m.position(), m.scores(), m.round()).unwrap();
    assert_eq!(r.scores(), [0, 1]);
    assert_eq!(
        r.state(),
        MatchState::ChooseEdge {
            chooser: Player::White
        }
    );
    assert_eq!(r, m);
    for edge in Edge::ALL {
        let (mut a, mut b) = (m, r);
        a.choose_edge(edge).unwrap();
        b.choose_edge(edge).unwrap();
        assert_eq!(a, b);
        assert_eq!(
            a.position()
                .rank_of(Tower::new(Player::White, Colour::Green)),
            SumoRank::Sumo
        );
    }
}

#[test]
fn resume_rejects_impossible_states() {
    let start = Position::start();
    assert_eq!(
        Match::resume(Target::STANDARD, start, [0, 0], 0),
        Err(MatchError::InvalidRound { round: 0 })
    );
    assert_eq!(
        Match::resume(Target::STANDARD, start, [0, 0], u32::MAX),
        Err(MatchError::InvalidRound { round: u32::MAX })
    );
    assert_eq!(
        Match::resume(Target::STANDARD, start, [0, 3], 2),
        Err(MatchError::TargetReached {
            player: Player::White
        })
    );
    // A finished round whose winner's score does not include it.
    let end = pos("obpkyr1n/3Y4/8/8/8/8/8/NGRgKPBO b y");
    assert_eq!(
        Match::resume(Target::STANDARD, end, [0, 0], 1),
        Err(MatchError::RoundNotScored {
            winner: Player::White,
            points: 1,
            score: 0
        })
    );
    // The loser at the target: impossible, the match would be over.
    assert_eq!(
        Match::resume(Target::STANDARD, end, [3, 1], 1),
        Err(MatchError::TargetReached {
            player: Player::Black
        })
    );
    // The winner at the target: the match is over.
    let over = Match::resume(Target::STANDARD, end, [2, 3], 7).unwrap();
    assert_eq!(over.winner(), Some(Player::White));
    // The last round that still fits the counter cannot be followed.
    let mut last = Match::resume(Target::STANDARD, end, [0, 1], u32::MAX - 1).unwrap();
    assert_eq!(
        last.choose_edge(Edge::AFile),
        Err(MatchError::InvalidRound {
            round: u32::MAX - 1
        })
    );
    assert_eq!(last.round(), u32::MAX - 1);
    let mut before = Match::resume(Target::STANDARD, end, [0, 1], u32::MAX - 2).unwrap();
    assert_eq!(before.choose_edge(Edge::AFile), Ok(()));
    assert_eq!(before.round(), u32::MAX - 1);
}

#[test]
fn targets_and_edges_have_names() {
    assert_eq!("3".parse::<Target>(), Ok(Target::STANDARD));
    assert_eq!("single".parse::<Target>(), Ok(Target::SINGLE_ROUND));
    assert_eq!("long".parse::<Target>(), Ok(Target::LONG));
    assert_eq!("standard".parse::<Target>(), Ok(Target::STANDARD));
    assert_eq!("marathon".parse::<Target>(), Ok(Target::MARATHON));
    assert_eq!("42".parse::<Target>().map(Target::points), Ok(42));
    for bad in ["0", "-1", "", "three"] {
        assert!(bad.parse::<Target>().is_err(), "{bad}");
    }
    assert_eq!(Target::new(42).unwrap().to_string(), "42");
    for edge in Edge::ALL {
        assert_eq!(edge.to_string().parse::<Edge>(), Ok(edge));
        assert_eq!(edge.name().parse::<Edge>(), Ok(edge));
    }
    assert_eq!("a".parse::<Edge>(), Ok(Edge::AFile));
    assert_eq!("h".parse::<Edge>(), Ok(Edge::HFile));
    assert!("b".parse::<Edge>().is_err());
}

/// Plays random matches with seeded random moves and edges.
fn random_match(target: u32, seed: u64) -> (Match, Vec<[u32; 2]>) {
    let mut rng = board_geometry::SplitMix64::new(seed);
    let mut m = Match::new(Target::new(target).unwrap());
    let mut scores = vec![m.scores()];
    for _ in 0..20_000 {
        match m.state() {
            MatchState::Over { .. } => break,
            MatchState::DrawSetups { .. } => unreachable!("a match refilled from an edge"),
            MatchState::ChooseEdge { .. } => {
                let edge = if rng.coin() { Edge::AFile } else { Edge::HFile };
                m.choose_edge(edge).unwrap();
            }
            MatchState::InRound => {
                let moves = m.position().legal_moves();
                let choice = *rng.choose(&moves).unwrap();
                if m.play(choice).unwrap().is_some() {
                    scores.push(m.scores());
                }
            }
        }
    }
    (m, scores)
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(64))]

    /// A refill puts every tower on its home row, keeps ranks, and is a
    /// bijection (each tower once).
    #[test]
    fn refill_is_a_bijection_onto_the_home_rows(seed in any::<u64>(), edge in any::<bool>()) {
        let (m, _) = random_match(7, seed);
        let p = *m.position();
        let edge = if edge { Edge::AFile } else { Edge::HFile };
        let r = refill(&p, edge, Player::White);
        prop_assert!(r.is_consistent());
        prop_assert_eq!(r.side_to_move(), Player::White);
        prop_assert_eq!(r.forced_colour(), None);
        for (tower, _, rank) in p.towers() {
            prop_assert_eq!(r.square_of(tower).rank(), tower.player.home_rank());
            prop_assert_eq!(r.rank_of(tower), rank);
        }
        prop_assert_eq!(r.occupied().len(), 16);
    }

    /// Scores only grow, the match ends exactly when a target is reached,
    /// and random matches always finish.
    #[test]
    fn random_matches_finish(seed in any::<u64>(), target in 1u32..=15) {
        let (mut m, scores) = random_match(target, seed);
        let winner = m.winner();
        prop_assert!(winner.is_some(), "match to {} not finished", target);
        for pair in scores.windows(2) {
            prop_assert!(pair[1][0] >= pair[0][0] && pair[1][1] >= pair[0][1]);
            prop_assert!(pair[1] != pair[0]);
        }
        let last = *scores.last().unwrap();
        let w = winner.unwrap();
        prop_assert!(last[w.index()] >= target);
        prop_assert!(last[w.opponent().index()] < target);
        // Every earlier round ended below the target for both.
        for s in &scores[..scores.len() - 1] {
            prop_assert!(s[0] < target && s[1] < target);
        }
        prop_assert_eq!(m.scores(), last);
        prop_assert!(m.play(Move::pass(Square::A1)).is_err());
    }
}

/// The resume error words its points in agreement with their number ("1
/// point", never "1 points").
#[test]
fn the_round_not_scored_error_agrees_with_its_number() {
    use board_geometry::Player;
    let one = MatchError::RoundNotScored {
        winner: Player::Black,
        points: 1,
        score: 0,
    };
    assert_eq!(
        one.to_string(),
        "black won the round for 1 point but has only 0"
    );
    let three = MatchError::RoundNotScored {
        winner: Player::White,
        points: 3,
        score: 1,
    };
    assert_eq!(
        three.to_string(),
        "white won the round for 3 points but has only 1"
    );
}

#[test]
fn a_round_summary_in_words_and_kept_as_the_last_round() {
    let mut m = Match::new(Target::STANDARD);
    assert_eq!(m.last_round(), None);
    let mut summary = None;
    for mv in ["d1d7", "g8b3", "d7d7", "b3d1"] {
        summary = m.play(mv.parse().unwrap()).unwrap();
    }
    let summary = summary.expect("the arrival ends the round");
    assert_eq!(m.last_round(), Some(summary));
    assert_eq!(
        summary.to_string(),
        "round 1: white wins: the green tower reached the goal row; \
         white scores with its plain green tower (+1); black 0 - white 1"
    );
    assert_eq!(summary.rank, SumoRank::Plain);
    m.choose_edge(Edge::AFile).unwrap();
    // Still the latest round while the next one is played.
    assert_eq!(m.last_round(), Some(summary));
    m.play("a1a5".parse().unwrap()).unwrap();
    assert_eq!(m.last_round(), Some(summary));
}

#[cfg(feature = "serde")]
mod saved_matches {
    use super::*;

    /// A match in round 2 and its saved form.
    fn round_two() -> (Match, serde_json::Value) {
        let mut m = Match::new(Target::STANDARD);
        for mv in ["d1d7", "g8b3", "d7d7", "b3d1"] {
            m.play(mv.parse().unwrap()).unwrap();
        }
        m.choose_edge(Edge::AFile).unwrap();
        let value = serde_json::to_value(m).unwrap();
        (m, value)
    }

    fn load(value: &serde_json::Value) -> Result<Match, String> {
        serde_json::from_value::<Match>(value.clone()).map_err(|e| e.to_string())
    }

    #[test]
    fn a_consistent_save_loads() {
        let (m, value) = round_two();
        assert_eq!(load(&value).unwrap(), m);
    }

    #[test]
    fn a_last_round_that_is_not_the_previous_one_is_refused() {
        let (_, value) = round_two();
        // Each condition alone: the round number, then each player's score.
        let mut wrong_round = value.clone();
        wrong_round["last_round"]["round"] = 2.into();
        let mut black_ahead = value.clone();
        black_ahead["last_round"]["scores"][0] = 1.into();
        let mut white_ahead = value.clone();
        white_ahead["last_round"]["scores"][1] = 2.into();
        for bad in [wrong_round, black_ahead, white_ahead] {
            let error = load(&bad).unwrap_err();
            assert!(
                error.contains("the last round is not the one before"),
                "{error}"
            );
        }
        // Scores that only grew are fine.
        let mut earlier = value.clone();
        earlier["last_round"]["scores"][1] = 0.into();
        assert!(load(&earlier).is_ok());
    }
}

//! One result shape for whole matches: a Kamisado match and a Katarenga
//! rematch read by the same generic code, every figure checked against a
//! recount from the games themselves (their moves replayed by the rules,
//! their endings, each round's scoring), not against the match's own count.

use board_geometry::Player;
use game_search::play::{Adjudication, End, MatchEnd, MatchResult, play_match, play_rematch};
use game_search::{GreedyAgent, RandomAgent, SearchGame};
use kamisado_core::{Match, Target};
use katarenga_core::{Board, Rules, Setup};

/// What holds of any finished match, whatever its game: every game replays
/// from its start to its final position, an ending by the rules is the
/// final position's outcome, and a match won in full has the winner ahead
/// on points (a tie has no winner).
fn check_shape<G: SearchGame, D>(result: &MatchResult<G, D>) {
    assert_eq!(result.game_count(), result.games.len());
    assert_eq!(result.endings().count(), result.games.len());
    for game in &result.games {
        let end = game
            .moves
            .iter()
            .fold(game.start, |p, &mv| p.try_play(mv).expect("a played move"));
        assert!(end == game.position, "the moves lead to the final position");
        if let End::Outcome(o) = game.end {
            assert!(game.position.outcome() == Some(o), "the rules' ending");
        }
    }
    if result.end == MatchEnd::Completed {
        let [a, b] = result.points;
        let leader = match a.cmp(&b) {
            core::cmp::Ordering::Greater => Some(0),
            core::cmp::Ordering::Less => Some(1),
            core::cmp::Ordering::Equal => None,
        };
        assert_eq!(result.winner, leader, "{:?}", result.points);
    }
}

#[test]
fn a_kamisado_match_and_a_katarenga_rematch_report_in_one_shape() {
    let mut kamisado_games = 0;
    for seed in 0..6 {
        let (mut black, mut white) = (GreedyAgent::new(seed), RandomAgent::new(seed + 50));
        let result = play_match(
            Match::new(Target::STANDARD),
            [&mut black, &mut white],
            |_, _| {},
        );
        check_shape(&result);
        // Kamisado's points: what each round scored, to its winner
        // (`agents[0]` plays Black throughout).
        let mut points = [0; 2];
        for (game, round) in result.games.iter().zip(&result.detail.rounds) {
            let summary = round.summary.expect("a scored round");
            let winner = game.winner().expect("a round has a winner");
            assert_eq!(summary.outcome.winner(), winner);
            points[winner.index()] += summary.points;
        }
        assert_eq!(result.points, points);
        kamisado_games += result.game_count();
    }
    assert!(kamisado_games > 6, "{kamisado_games} rounds in 6 matches");

    let mut rematch_winners = [0; 3];
    for seed in 0..6 {
        let (mut first, mut second) = (GreedyAgent::new(seed), RandomAgent::new(seed + 50));
        let setup = Setup::new(Board::standard(), Rules::Standard);
        let result = play_rematch(
            setup,
            None,
            [&mut first, &mut second],
            Adjudication::default(),
        );
        check_shape(&result);
        assert_eq!(result.game_count(), 2);
        // Katarenga's half points: two for a win, one each for a drawn
        // game; the first player is Black in game 1 and White in game 2.
        let mut points = [0; 2];
        for (game, first_plays) in result.games.iter().zip([Player::Black, Player::White]) {
            match game.winner() {
                Some(w) => points[usize::from(w != first_plays)] += 2,
                None => points = points.map(|p| p + 1),
            }
        }
        assert_eq!(result.points, points);
        rematch_winners[result.winner.unwrap_or(2)] += 1;
    }
    // The greedy first player wins most matches against the random one.
    assert!(rematch_winners[0] >= 3, "{rematch_winners:?}");
}

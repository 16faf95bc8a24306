//! Runners ([`plain_runner`], [`plain_runners`], [`Position::runners`])
//! against a naive square-by-square walk, and against move generation:
//! the forced tower is a runner exactly when one of its moves arrives.

use board_geometry::{Bitboard, Player, SplitMix64, Square};
use kamisado_core::{
    Edge, Game, Match, MatchState, Position, SumoRank, Target, plain_runner, plain_runners,
};

/// Whether a tower of `player` on `from` moving at most `limit` squares
/// reaches its goal row, walking each forward direction one square at a
/// time through empty squares.
fn naive_runner(player: Player, from: Square, limit: u32, occupied: Bitboard) -> bool {
    player.forward_directions().into_iter().any(|d| {
        let mut square = from;
        for _ in 0..limit {
            match square.step(d) {
                Some(next) if !occupied.has(next) => {
                    if next.rank() == player.goal_rank() {
                        return true;
                    }
                    square = next;
                }
                _ => return false,
            }
        }
        false
    })
}

/// The rules' distance limit of each rank.
fn limit(rank: SumoRank) -> u32 {
    match rank {
        SumoRank::Plain => 7,
        SumoRank::Sumo => 5,
        SumoRank::DoubleSumo => 3,
        SumoRank::TripleSumo => 1,
    }
}

#[test]
fn plain_runners_agree_with_walking_the_rays() {
    let mut rng = SplitMix64::new(5);
    let mut runners_seen = 0;
    for _ in 0..4_000 {
        // Sparse to dense boards.
        let occupied = match rng.next_u64() % 3 {
            0 => Bitboard(rng.next_u64() & rng.next_u64() & rng.next_u64()),
            1 => Bitboard(rng.next_u64() & rng.next_u64()),
            _ => Bitboard(rng.next_u64()),
        };
        for player in Player::ALL {
            let towers = Bitboard(occupied.0 & rng.next_u64());
            let all = plain_runners(player, towers, occupied);
            assert_eq!(all - towers, Bitboard::EMPTY, "{occupied:?}");
            for square in towers {
                let expected = naive_runner(player, square, 7, occupied);
                assert_eq!(plain_runner(player, square, occupied), expected, "{square}");
                assert_eq!(all.has(square), expected, "{square} {occupied:?}");
                runners_seen += usize::from(expected);
            }
        }
    }
    assert!(runners_seen > 1_000, "{runners_seen}");
}

/// Positions of random matches: rounds played at random, sumos promoted.
fn positions() -> Vec<Position> {
    let mut rng = SplitMix64::new(17);
    let mut out = Vec::new();
    for _ in 0..30 {
        let mut game = Match::new(Target::LONG);
        loop {
            match game.state() {
                MatchState::InRound => {
                    let p = *game.position();
                    out.push(p);
                    let moves = p.legal_moves();
                    let mv = moves[(rng.next_u64() % moves.len() as u64) as usize];
                    game.play(mv).expect("a legal move");
                }
                MatchState::ChooseEdge { .. } => {
                    let edge = Edge::ALL[(rng.next_u64() % 2) as usize];
                    if game.choose_edge(edge).is_err() {
                        break;
                    }
                }
                MatchState::Over { .. } | MatchState::DrawSetups { .. } => break,
            }
        }
    }
    out
}

#[test]
fn position_runners_are_the_towers_that_could_slide_home() {
    let mut sumos = 0;
    for p in positions() {
        let occupied = p.occupied();
        for player in Player::ALL {
            let expected: Bitboard = p
                .pieces(player)
                .into_iter()
                .filter(|&s| naive_runner(player, s, limit(p.rank_at(s)), occupied))
                .collect();
            assert_eq!(p.runners(player), expected, "{p} {player}");
        }
        sumos += usize::from(!p.rank_at_least(SumoRank::Sumo).is_empty());
    }
    assert!(sumos > 200, "{sumos}");
}

#[test]
fn the_forced_tower_is_a_runner_exactly_when_a_move_arrives() {
    let mut compared = [0, 0];
    for p in positions() {
        let side = p.side_to_move();
        let Some(colour) = p.forced_colour() else {
            continue;
        };
        let from = p.square_of(kamisado_core::Tower::new(side, colour));
        let mut arrives = false;
        p.generate_moves(|moves| {
            arrives |= moves.to.intersects(side.goal_rank().bitboard());
            false
        });
        assert_eq!(p.runners(side).has(from), arrives, "{p}");
        compared[usize::from(arrives)] += 1;
    }
    assert!(compared[0] > 500 && compared[1] > 200, "{compared:?}");
}

//! A match driven by seats (`Match::actor`, `Match::act`): the player who
//! must act in every state, checked against the states' definitions in the
//! rules, and actions from the wrong seat refused with the match unchanged.

use board_geometry::SplitMix64;
use kamisado_core::{
    Edge, Game, Match, MatchAction, MatchError, MatchOptions, MatchState, MoveKind, Player,
    Position, Refill, Scoring, SetupChart, Target,
};

/// A move's kind read from the squares alone, as the rules define the
/// moves: a pass stays on its square, a push moves onto an occupied square
/// and pushes the towers in a row straight ahead of it, a slide moves onto
/// an empty one.
fn naive_kind(p: &Position, mv: kamisado_core::Move) -> MoveKind {
    if mv.from == mv.to {
        return MoveKind::Pass;
    }
    if p.piece_on(mv.to).is_none() {
        return MoveKind::Slide;
    }
    // Black's home row is rank 1: it moves up the board.
    let ahead: i8 = if p.side_to_move() == Player::Black {
        1
    } else {
        -1
    };
    let mut pushed = 0;
    let mut square = Some(mv.to);
    while let Some(s) = square.filter(|&s| p.piece_on(s).is_some()) {
        pushed += 1;
        square = s.offset(0, ahead);
    }
    MoveKind::Push(pushed)
}

/// Random matches of every refill, driven only through `act` by the
/// player `actor` names: `actor` is the side to move in a round, the
/// round's winner before an edge choice, its loser before set-ups are
/// drawn, nobody once the target is reached (the rules' "Match play");
/// the other player's every action is refused as not its turn, and leaves
/// the match as it was.
#[test]
fn only_the_player_who_must_act_can_act() {
    let chart: SetupChart = "1 NGRYKPBO\n2 OBPKYRGN\n3 GRYKPBON\n4 BOPNKGRY\n"
        .parse()
        .unwrap();
    let mut rng = SplitMix64::new(40);
    let mut seen = [0usize; 5]; // moves, pushes, passes, edges, set-up starts
    let mut refused = 0;
    for game in 0..24 {
        let refill = [
            Refill::Nearest,
            Refill::Farthest,
            Refill::Restart,
            Refill::Setups,
        ][game % 4];
        let options = MatchOptions {
            scoring: if game % 3 == 0 {
                Scoring::Rings
            } else {
                Scoring::Rank
            },
            refill,
        };
        let target = Target::new([1, 3, 7][game % 3]).unwrap();
        let mut m = Match::new_on(target, Position::start(), options);
        let mut scores = [0u32; 2];
        // What the rules say must happen next: a move, an edge by the
        // winner, set-ups by the loser, or nothing.
        let mut between: Option<Player> = None; // the last round's winner
        for _ in 0..2_000 {
            let expected = if scores.iter().any(|&s| s >= target.points()) {
                None
            } else if let Some(winner) = between {
                Some(if refill == Refill::Setups {
                    winner.opponent()
                } else {
                    winner
                })
            } else {
                Some(m.position().side_to_move())
            };
            assert_eq!(m.actor(), expected, "game {game}");
            let Some(actor) = expected else {
                for player in [Player::Black, Player::White] {
                    let before = m;
                    let any = MatchAction::ChooseEdge(Edge::AFile);
                    assert!(matches!(
                        m.act(player, any),
                        Err(MatchError::MatchOver { .. })
                    ));
                    assert_eq!(m, before);
                }
                break;
            };
            let action = match m.state() {
                MatchState::InRound => {
                    let moves = m.position().legal_moves();
                    MatchAction::Move(moves[rng.below(moves.len())])
                }
                MatchState::ChooseEdge { .. } => {
                    MatchAction::ChooseEdge([Edge::AFile, Edge::HFile][rng.below(2)])
                }
                MatchState::DrawSetups { drawer } => {
                    MatchAction::StartRound(chart.draw(&mut rng).start(&chart, drawer).unwrap())
                }
                MatchState::Over { .. } => unreachable!("the target is reached"),
            };
            // The other seat: refused, nothing changed.
            let before = m;
            assert_eq!(
                m.act(actor.opponent(), action),
                Err(MatchError::NotYourTurn {
                    player: actor.opponent(),
                    actor
                })
            );
            assert_eq!(m, before);
            refused += 1;
            // The right seat.
            let kind = match action {
                MatchAction::Move(mv) => Some(naive_kind(m.position(), mv)),
                _ => None,
            };
            let acted = m.act(actor, action).unwrap();
            assert_eq!(acted.kind, kind, "{} {action:?}", before.position());
            seen[match (action, kind) {
                (MatchAction::ChooseEdge(_), _) => 3,
                (MatchAction::StartRound(_), _) => 4,
                (_, Some(MoveKind::Push(_))) => 1,
                (_, Some(MoveKind::Pass)) => 2,
                _ => 0,
            }] += 1;
            between = None;
            if let Some(round) = acted.round_over {
                let winner = round.outcome.winner();
                scores[winner.index()] += round.points;
                assert_eq!(round.scores, scores);
                between = Some(winner);
            }
        }
        assert!(m.winner().is_some(), "game {game} ended");
    }
    assert!(
        seen.iter().all(|&n| n > 0),
        "{seen:?}: every kind of action"
    );
    assert!(refused > 1_000, "{refused}");
}

/// An action of the wrong kind from the right seat keeps its own error
/// (a move while the winner must choose the edge), and the match is over
/// for everybody once it is.
#[test]
fn the_right_seat_with_the_wrong_action_is_told_what_to_do() {
    let mut m = Match::new(Target::STANDARD);
    for text in ["d1d7", "g8b3", "d7d7", "b3d1"] {
        let player = m.actor().unwrap();
        m.act(player, MatchAction::Move(text.parse().unwrap()))
            .unwrap();
    }
    assert_eq!(m.actor(), Some(Player::White));
    let before = m;
    assert_eq!(
        m.act(Player::White, MatchAction::Move("a1a2".parse().unwrap())),
        Err(MatchError::EdgeToChoose {
            chooser: Player::White
        })
    );
    assert_eq!(
        m.act(Player::White, MatchAction::StartRound(Position::start())),
        Err(MatchError::EdgeToChoose {
            chooser: Player::White
        })
    );
    assert_eq!(m, before);
    let refused = m.act(Player::Black, MatchAction::ChooseEdge(Edge::HFile));
    assert_eq!(
        refused.unwrap_err().to_string(),
        "black cannot act now: it is white's turn"
    );
    m.act(Player::White, MatchAction::ChooseEdge(Edge::HFile))
        .unwrap();
    assert_eq!(m.actor(), Some(Player::Black));
}

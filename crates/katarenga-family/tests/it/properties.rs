//! The properties the contract names: strict Isolation is Node Kayles on
//! the conflict graph (legal squares and order), only the mover can become
//! connected in Congress, a single pawn is connected in Quebec, and the
//! options' own branches, built by hand.

use crate::random_board;
use katarenga_family::katarenga_core::board_geometry::SplitMix64;
use katarenga_family::{
    Bitboard, Board, BothConnected, ConflictGraph, Congress, Game, IllegalMove, Isolation, Move,
    NoMove, Outcome, Player, Quebec, Reading, Square, Supply, is_connected,
};

fn sq(name: &str) -> Square {
    name.parse().unwrap()
}

#[test]
fn strict_placements_are_the_squares_free_of_conflicts() {
    let mut rng = SplitMix64::new(11);
    let mut nodes = 0;
    let mut blocked_rays = 0;
    let mut crowded = 0;
    for _ in 0..200 {
        let board = random_board(&mut rng, 2);
        let graph = ConflictGraph::of(&board);
        let mut p = Isolation::start_on(board).with_supply(Supply::Unlimited);
        loop {
            let placed = p.occupied();
            assert!(graph.is_independent(placed));
            assert_eq!(p.placements(), graph.free_squares(placed), "{p:?}");
            nodes += 1;
            crowded += usize::from(placed.len() >= 6);
            // The contract's claim: no placed pawn's ray is cut short by
            // another pawn (that pawn would conflict with it).
            for s in placed {
                blocked_rays +=
                    usize::from(board.reach(s, placed) != board.reach(s, Bitboard::EMPTY));
            }
            let moves = p.legal_moves();
            if moves.is_empty() {
                break;
            }
            p = p.play(moves[rng.below(moves.len())]);
        }
    }
    assert_eq!(blocked_rays, 0);
    assert!(
        nodes > 2_000 && crowded > 500,
        "{nodes} nodes, {crowded} with 6 pawns or more"
    );
}

#[test]
fn strict_placements_in_any_order_are_legal() {
    let mut rng = SplitMix64::new(12);
    for _ in 0..200 {
        let board = random_board(&mut rng, 2);
        let mut p = Isolation::start_on(board).with_supply(Supply::Unlimited);
        let mut order = Vec::new();
        while let Some(&mv) = p
            .legal_moves()
            .get(0..)
            .and_then(|m| m.get(rng.below(m.len().max(1))))
        {
            order.push(mv);
            p = p.play(mv);
        }
        // Shuffled (Fisher-Yates), then replayed: every placement legal,
        // the same squares at the end, and the same end.
        for i in (1..order.len()).rev() {
            order.swap(i, rng.below(i + 1));
        }
        let mut q = Isolation::start_on(board).with_supply(Supply::Unlimited);
        for &mv in &order {
            q = q
                .try_play(mv)
                .unwrap_or_else(|e| panic!("{mv} in {q:?}: {e}"));
        }
        assert_eq!(q.occupied(), p.occupied());
        assert!(q.outcome().is_some());
    }
}

#[test]
fn in_congress_only_the_mover_can_become_connected() {
    let mut rng = SplitMix64::new(13);
    let mut connected_wins = 0;
    for _ in 0..300 {
        let board = random_board(&mut rng, 2);
        let mut p = Congress::start_on(board);
        for _ in 0..300 {
            let Some(&mv) = p.legal_moves().get(rng.below(p.count_moves().max(1))) else {
                break;
            };
            let waiting = p.side_to_move().opponent();
            let next = p.play(mv);
            assert_eq!(
                is_connected(next.pieces(waiting)),
                is_connected(p.pieces(waiting))
            );
            if let Some(Outcome::Connected { winner }) = next.outcome() {
                assert_eq!(winner, p.side_to_move());
                connected_wins += 1;
            }
            p = next;
        }
    }
    assert!(connected_wins > 0, "no game connected");
}

const STANDARD: &str = "RYBGRYGB/GRGBGYRY/YYBRBBGR/BGRYYRBG/RGBYRGBY/YYGRYYBR/BBRGBGRG/GRYBGRYB";

#[test]
fn a_capture_that_leaves_one_pawn_wins_for_the_opponent() {
    // White's knight on a1 (green) takes the black pawn on c2; Black is
    // left with h8 alone, White's pawns a1 and h1 stay apart.
    let p: Quebec = format!("{STANDARD} 7b/8/8/8/8/8/2b5/w6w w")
        .parse()
        .unwrap();
    assert_eq!(
        p.check_move(Move::Step {
            from: sq("a1"),
            to: sq("c2")
        }),
        Ok(katarenga_family::MoveKind::Capture)
    );
    let after = p.play(Move::Step {
        from: sq("a1"),
        to: sq("c2"),
    });
    assert_eq!(
        after.outcome(),
        Some(Outcome::Connected {
            winner: Player::Black
        })
    );
}

#[test]
fn both_connected_goes_to_the_mover_or_is_a_draw() {
    // White's a1 takes c2, leaving Black h8 alone and White c2 with d2:
    // both connected at once.
    let p: Quebec = format!("{STANDARD} 7b/8/8/8/8/8/2bw4/w7 w")
        .parse()
        .unwrap();
    let mv = Move::Step {
        from: sq("a1"),
        to: sq("c2"),
    };
    assert_eq!(
        p.play(mv).outcome(),
        Some(Outcome::Connected {
            winner: Player::White
        })
    );
    let draw = p.with_both_connected(BothConnected::Draw).play(mv);
    assert_eq!(draw.outcome(), Some(Outcome::BothConnected));
    assert_eq!(draw.winner(), None);
}

#[test]
fn a_player_without_a_move_loses_or_passes() {
    // An all-blue board: White's a1 and h8 are hemmed in by Black's pawns.
    let blue = "BBBBBBBB/".repeat(7) + "BBBBBBBB";
    let text = format!("{blue} 6bw/6bb/8/8/8/8/bb6/wb6 w");
    let lose: Congress = text.parse().unwrap();
    assert_eq!(
        lose.outcome(),
        Some(Outcome::NoMove {
            winner: Player::Black
        })
    );
    assert_eq!(
        lose.check_move(Move::Pass),
        Err(IllegalMove::GameOver(Outcome::NoMove {
            winner: Player::Black
        }))
    );
    let pass = lose.with_no_move(NoMove::Pass);
    assert_eq!(pass.outcome(), None);
    assert_eq!(pass.legal_moves().as_slice(), [Move::Pass]);
    let after = pass.play(Move::Pass);
    assert_eq!(after.side_to_move(), Player::Black);
    assert_eq!(after.zobrist(), after.zobrist_from_scratch());
    assert_eq!(
        after.check_move(Move::Pass),
        Err(IllegalMove::PassNotAllowed)
    );
    // Quebec has no pass: the same pawns there may capture.
    let quebec: Quebec = text.parse().unwrap();
    assert!(quebec.count_moves() > 0);
}

#[test]
fn each_reading_refuses_placements_with_its_reason() {
    // The standard board: d4 is yellow (bishop), e4 red (rook).
    let p = Isolation::start().play(Move::Drop(sq("d4")));
    // Black on e5: on d4's diagonal, en prise to it.
    assert_eq!(
        p.check_move(Move::Drop(sq("e5"))),
        Err(IllegalMove::EnPrise {
            to: sq("e5"),
            by: sq("d4")
        })
    );
    assert_eq!(
        p.check_move(Move::Drop(sq("d4"))),
        Err(IllegalMove::Occupied(sq("d4")))
    );
    assert!(matches!(
        p.check_move(Move::Pass),
        Err(IllegalMove::NotInThisGame {
            game: "isolation",
            ..
        })
    ));
    // Under opposite, White's own pawns do not count for White.
    let opposite = Isolation::start().with_reading(Reading::Opposite);
    let two = opposite
        .play(Move::Drop(sq("d4")))
        .play(Move::Drop(sq("a8")));
    assert!(two.is_legal(Move::Drop(sq("e5"))));
    // One-way: a pawn may attack, not be attacked. Which squares a new
    // pawn would attack from without being attacked: at least one exists
    // on the standard board after d4.
    let one_way = Isolation::start()
        .with_reading(Reading::OneWay)
        .play(Move::Drop(sq("d4")));
    let strict = Isolation::start().play(Move::Drop(sq("d4")));
    let extra = one_way.placements() - strict.placements();
    assert!(!extra.is_empty());
    for s in extra {
        assert!(
            matches!(strict.check_move(Move::Drop(s)), Err(IllegalMove::WouldAttack { target, .. }) if target == sq("d4"))
        );
    }
}

#[test]
fn a_player_with_no_pawn_in_hand_loses() {
    // An all-blue board (kings): White's 8 pawns two squares apart on
    // ranks 8 and 6, Black's 4 on rank 4, ranks 1 and 2 empty.
    let blue = "BBBBBBBB/".repeat(7) + "BBBBBBBB";
    let text = format!("{blue} w1w1w1w1/8/w1w1w1w1/8/b1b1b1b1/8/8/8 w");
    let eight: Isolation = text.parse().unwrap();
    assert_eq!(eight.in_hand(Player::White), Some(0));
    assert_eq!(
        eight.outcome(),
        Some(Outcome::NoMove {
            winner: Player::Black
        })
    );
    let unlimited = eight.with_supply(Supply::Unlimited);
    assert!(unlimited.outcome().is_none());
    assert_eq!(unlimited.placements().len(), 16);
    assert_eq!(unlimited.count_moves(), 16);
}

#[test]
fn the_standard_boards_largest_isolation_set_is_exact() {
    // A second algorithm: every set grown square by square in order with
    // a simple bound, against the crate's branching on the least degree.
    fn exhaustive(graph: &ConflictGraph, available: Bitboard, size: u32, best: &mut u32) {
        *best = (*best).max(size);
        if size + available.len() <= *best {
            return;
        }
        let Some(s) = available.first() else { return };
        exhaustive(
            graph,
            available - graph.neighbours(s) - Bitboard::from(s),
            size + 1,
            best,
        );
        exhaustive(graph, available.without(s), size, best);
    }
    let mut rng = SplitMix64::new(14);
    for board in [
        Board::standard(),
        random_board(&mut rng, 2),
        random_board(&mut rng, 2),
    ] {
        let graph = ConflictGraph::of(&board);
        let mis = graph.max_independent_set();
        assert!(graph.is_independent(mis));
        let mut best = 0;
        exhaustive(&graph, Bitboard::FULL, 0, &mut best);
        assert_eq!(mis.len(), best, "{board}");
    }
}

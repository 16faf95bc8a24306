//! Move generation: a naive, square-by-square reference generator checked
//! against the bitboard engine over random play, plus the invariants of
//! RULES.md 1, the per-tower move sets and the slide targets.

use kamisado_core::Game;
use std::collections::BTreeSet;

use board_geometry::{Player, Square};
use kamisado_core::{
    Bitboard, Colour, Move, MoveKind, Outcome, PieceMoves, Position, SumoRank, Tower, slide_targets,
};
use proptest::prelude::*;

use test_support::oracle::{drain_exact, legal_move_set};

use crate::common::sample;

/// The destinations of `tower`, found by walking one square at a time
/// (RULES.md 1.4 and 1.7), independently of the engine's bitboards.
pub(crate) fn naive_destinations(position: &Position, tower: Tower) -> BTreeSet<Square> {
    let on = |s: Square| position.piece_on(s).map(|t| (t, position.rank_of(t)));
    naive_destinations_on(on, tower, position.square_of(tower))
}

/// [`naive_destinations`] on any board: `on` gives the tower and rank on a
/// square, `from` is `tower`'s square.
pub(crate) fn naive_destinations_on(
    on: impl Fn(Square) -> Option<(Tower, SumoRank)>,
    tower: Tower,
    from: Square,
) -> BTreeSet<Square> {
    let rank = on(from).map_or(SumoRank::Plain, |(_, r)| r);
    let limit = rank.max_distance().unwrap_or(7);
    let mut out = BTreeSet::new();
    for dir in tower.player.forward_directions() {
        let mut square = from;
        for _ in 0..limit {
            match square.step(dir) {
                Some(next) if on(next).is_none() => {
                    out.insert(next);
                    square = next;
                }
                _ => break,
            }
        }
    }
    if rank != SumoRank::Plain {
        let dir = tower.player.forward();
        if let Some(front) = from.step(dir) {
            let mut line = Vec::new();
            let mut square = Some(front);
            while let Some(s) = square {
                match on(s) {
                    Some(t) => line.push(t),
                    None => break,
                }
                square = s.step(dir);
            }
            let ok = !line.is_empty()
                && line.len() <= rank.level() as usize
                && square.is_some()
                && line
                    .iter()
                    .all(|(t, r)| t.player != tower.player && *r < rank);
            if ok {
                out.insert(front);
            }
        }
    }
    out
}

pub(crate) fn arrived(position: &Position) -> bool {
    position
        .towers()
        .any(|(t, s, _)| s.rank() == t.player.goal_rank())
}

/// What the chain of obligations from the side to move's blocked tower
/// reaches: `true` if some tower along it can move.
pub(crate) fn naive_chain_reaches_mobile(position: &Position, colour: Colour) -> bool {
    let mut seen = BTreeSet::new();
    let mut tower = Tower::new(position.side_to_move(), colour);
    loop {
        seen.insert(tower);
        let under = Colour::of_square(position.square_of(tower));
        tower = Tower::new(tower.player.opponent(), under);
        if seen.contains(&tower) {
            return false;
        }
        if !naive_destinations(position, tower).is_empty() {
            return true;
        }
    }
}

pub(crate) fn naive_moves(position: &Position) -> BTreeSet<Move> {
    let mut out = BTreeSet::new();
    if arrived(position) {
        return out;
    }
    let side = position.side_to_move();
    let colours: Vec<Colour> = match position.forced_colour() {
        Some(c) => vec![c],
        None => Colour::ALL.to_vec(),
    };
    for c in &colours {
        let tower = Tower::new(side, *c);
        let from = position.square_of(tower);
        for to in naive_destinations(position, tower) {
            out.insert(Move::new(from, to));
        }
    }
    if out.is_empty() {
        if let Some(c) = position.forced_colour() {
            if naive_chain_reaches_mobile(position, c) {
                out.insert(Move::pass(position.square_of(Tower::new(side, c))));
            }
        }
    }
    out
}

pub(crate) use test_support::fixtures::play_out;

/// Start positions for random play: the match start and positions with
/// sumos from the reference suites.
pub(crate) fn starts() -> Vec<Position> {
    [
        "obpkyrgn/8/8/8/8/8/8/NGRYKPBO b -",
        "o+kgp+++yrbn+/8/8/8/8/8/8/R++KB+G+Y+++OPN w -",
        "rpy+k+ogbn/8/8/8/8/8/8/YOB+GRK+NP++ b -",
        "b+n2ykgp+++/8/3R+4/5r++o1/1G6/8/8/P+1N+1YB++O+K+ w r",
        "3p4/1k++3g++2/2b1n3/4y++2Y++/2B+2O++2/K++r+2o3/1N+++3R+++P+++1/1G6 b o",
        "b+7/5y++2/2g++2B1k++/8/2p+1nrO+G+++/8/o3N2P+/1Y+R+++K4 w y!",
        "obpkyrgn+++/8/8/8/8/8/8/N+++GRYKPBO++ b -",
        "o+++b+++p+++k+++y+++r+++g+++n+++/8/8/8/8/8/8/N+++G+++R+++Y+++K+++P+++B+++O+++ b -",
    ]
    .iter()
    .map(|s| s.parse().unwrap())
    .collect()
}

pub(crate) fn random_game() -> impl Strategy<Value = (usize, Vec<u16>)> {
    (0usize..8, proptest::collection::vec(any::<u16>(), 0..120))
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(300))]

    /// Generated moves equal the naive reference moves, every move moves the
    /// forced tower (or any own tower on a free choice), and moves go
    /// forward only.
    #[test]
    fn generator_agrees_with_the_naive_reference((start, choices) in random_game()) {
        for position in play_out(starts()[start], &choices) {
            let ours = legal_move_set(&position);
            prop_assert_eq!(&ours, &naive_moves(&position), "in {}", position);
            prop_assert_eq!(ours.is_empty(), position.outcome().is_some(), "in {}", position);
            let side = position.side_to_move();
            for mv in &ours {
                let tower = position.piece_on(mv.from).unwrap();
                prop_assert_eq!(tower.player, side);
                if let Some(c) = position.forced_colour() {
                    prop_assert_eq!(tower.colour, c);
                }
                if !mv.is_pass() {
                    let gain = mv.to.rank() as i8 - mv.from.rank() as i8;
                    let forward = if side == Player::Black { gain > 0 } else { gain < 0 };
                    prop_assert!(forward, "{} is not forward", mv);
                }
            }
        }
    }

    /// `is_legal` accepts exactly the generated moves, over all 64x64 pairs.
    #[test]
    fn is_legal_agrees_with_the_generator((start, choices) in random_game()) {
        let positions = play_out(starts()[start], &choices);
        // Every position of the game would be slow; check the last and a
        // few along the way.
        for position in positions.iter().rev().step_by(7) {
            let generated = legal_move_set(position);
            for from in Square::ALL {
                for to in Square::ALL {
                    let mv = Move::new(from, to);
                    prop_assert_eq!(
                        position.is_legal(mv),
                        generated.contains(&mv),
                        "{} in {}: {:?}", mv, position, position.check_move(mv)
                    );
                }
            }
        }
    }

    /// The effect of each kind of move: the next forced colour, who moves,
    /// the `!` mark, passes, pushes; and the hash stays incremental.
    #[test]
    fn moves_have_their_effects((start, choices) in random_game()) {
        let positions = play_out(starts()[start], &choices);
        for pair in positions.windows(2) {
            let (before, after) = (pair[0], pair[1]);
            prop_assert!(after.is_consistent(), "{}", after);
            prop_assert_eq!(after.zobrist(), after.zobrist_from_scratch());
            // The hash after each legal move, without playing it.
            for &m in before.legal_moves().iter() {
                prop_assert_eq!(before.zobrist_after(m), before.play(m).zobrist(), "{} in {}", m, before);
            }
            let mv = before
                .legal_moves()
                .into_iter()
                .find(|m| before.play(*m) == after)
                .unwrap();
            let side = before.side_to_move();
            match before.check_move(mv).unwrap() {
                MoveKind::Pass => {
                    // A pass: nothing moves, the obligation goes to the
                    // colour under the blocked tower.
                    prop_assert_eq!(after.occupied(), before.occupied());
                    prop_assert_eq!(after.side_to_move(), side.opponent());
                    prop_assert_eq!(after.forced_colour(), Some(Colour::of_square(mv.from)));
                    prop_assert!(!after.is_after_push());
                }
                MoveKind::Slide => {
                    prop_assert_eq!(after.side_to_move(), side.opponent());
                    prop_assert_eq!(after.forced_colour(), Some(Colour::of_square(mv.to)));
                    prop_assert!(!after.is_after_push());
                    prop_assert_eq!(after.piece_on(mv.to), before.piece_on(mv.from));
                }
                MoveKind::Push(k) => {
                    // The pusher moves again, forced by the colour under
                    // the sumo's new square; only opponent towers of lower
                    // rank moved, one square each.
                    prop_assert_eq!(after.side_to_move(), side);
                    prop_assert!(after.is_after_push());
                    prop_assert_eq!(after.forced_colour(), Some(Colour::of_square(mv.to)));
                    let pusher = before.piece_on(mv.from).unwrap();
                    let mut moved = 0;
                    for (tower, square, rank) in before.towers() {
                        let now = after.square_of(tower);
                        prop_assert_eq!(after.rank_of(tower), rank);
                        if tower == pusher {
                            prop_assert_eq!(now, mv.to);
                        } else if now != square {
                            moved += 1;
                            prop_assert_eq!(tower.player, side.opponent());
                            prop_assert!(rank < before.rank_of(pusher));
                            prop_assert_eq!(Some(now), square.step(side.forward()));
                        }
                    }
                    prop_assert_eq!(moved, k);
                }
            }
            // Ranks never change during a round; towers are never captured.
            for (tower, _, rank) in before.towers() {
                prop_assert_eq!(after.rank_of(tower), rank);
            }
            prop_assert_eq!(after.occupied().len(), 16);
        }
    }

    /// Notation round trips for positions and moves.
    #[test]
    fn notation_round_trips((start, choices) in random_game()) {
        for position in play_out(starts()[start], &choices) {
            let text = position.to_string();
            let parsed: Position = text.parse().unwrap();
            prop_assert_eq!(parsed, position);
            prop_assert_eq!(parsed.zobrist(), position.zobrist());
            for mv in position.legal_moves() {
                prop_assert_eq!(mv.to_string().parse::<Move>().unwrap(), mv);
            }
        }
    }

    /// Turning the board half a turn and swapping the players gives the
    /// same game.
    #[test]
    fn positions_turned_with_players_swapped_have_the_same_perft((start, choices) in random_game()) {
        let positions = play_out(starts()[start], &choices);
        let position = positions[positions.len() / 2];
        let turned = position.rotate_180_swap_players();
        prop_assert!(turned.is_consistent());
        prop_assert_eq!(turned.rotate_180_swap_players(), position);
        prop_assert_eq!(turned.outcome().map(Outcome::loser), position.outcome().map(|o| o.loser().opponent()));
        for depth in 1..=3 {
            prop_assert_eq!(turned.perft(depth), position.perft(depth));
        }
    }

    /// Random rounds end with a winner: no round from these starts lasts
    /// longer than 400 plies.
    #[test]
    fn random_rounds_end(start in 0usize..8, seed in any::<u64>()) {
        let mut position = starts()[start];
        let mut rng = board_geometry::SplitMix64::new(seed);
        for _ in 0..400 {
            let Some(&mv) = rng.choose(&position.legal_moves()) else {
                break;
            };
            position = position.play(mv);
        }
        let outcome = position.outcome();
        prop_assert!(outcome.is_some(), "no end after 400 plies: {}", position);
        if let Some(Outcome::Arrival { winner, tower }) = outcome {
            let square = position.square_of(Tower::new(winner, tower));
            prop_assert_eq!(square.rank(), winner.goal_rank());
        }
    }
}

#[test]
fn tower_move_sets_are_exact() {
    let mut sets = 0;
    for (p, _) in sample(2, 2000) {
        let mut total = 0;
        p.generate_moves(|moves: PieceMoves| {
            assert!(!moves.is_empty(), "{p}");
            assert_eq!(moves.len(), moves.to.len() as usize);
            let all = drain_exact(moves.iter());
            assert_eq!(all.len(), moves.len());
            for mv in all {
                assert_eq!(mv.from, moves.from);
                assert!(moves.to.has(mv.to));
            }
            assert_eq!(p.piece_on(moves.from), Some(moves.tower));
            total += moves.len();
            sets += 1;
            false
        });
        assert_eq!(total, p.legal_moves().len(), "{p}");
    }
    assert!(sets >= 2000);
    // A set built by hand may be empty, and says so.
    let none = PieceMoves {
        tower: Tower::new(Player::Black, Colour::Red),
        from: "c1".parse().unwrap(),
        to: kamisado_core::Bitboard::EMPTY,
    };
    assert!(none.is_empty() && none.iter().next().is_none());
    assert_eq!(none.len(), 0);
}

/// The slides of a tower walked square by square: forward and diagonally
/// forward over empty squares, at most 7, 5, 3 or 1 squares by sumo rank.
fn walked_slides(player: Player, from: Square, rank: SumoRank, occupied: Bitboard) -> Bitboard {
    let limit = [7, 5, 3, 1][rank.level() as usize];
    let forward = if player == Player::Black { 1 } else { -1 };
    let mut out = Bitboard::EMPTY;
    for df in [-1, 0, 1] {
        let (mut f, mut r) = (from.file().index() as i32, from.rank().index() as i32);
        for _ in 0..limit {
            f += df;
            r += forward;
            if !(0..8).contains(&f) || !(0..8).contains(&r) {
                break;
            }
            let square = Square::ALL[(r * 8 + f) as usize];
            if occupied.has(square) {
                break;
            }
            out |= square.bitboard();
        }
    }
    out
}

#[test]
fn slide_targets_and_reach() {
    let (mut free, mut pushes) = (0, 0);
    for (p, _) in sample(7, 2000) {
        for (tower, square, rank) in p.towers() {
            let slides = slide_targets(tower.player, square, rank, p.occupied());
            assert_eq!(
                slides,
                walked_slides(tower.player, square, rank, p.occupied()),
                "{p}"
            );
            // Other occupancies: the tower alone, and a full rank ahead.
            assert_eq!(
                slide_targets(tower.player, square, rank, square.bitboard()),
                walked_slides(tower.player, square, rank, square.bitboard())
            );
            let reach = p.reach(tower);
            // The reach is the slides, plus a push straight ahead.
            assert_eq!(reach & slides, slides, "{p}");
            let extra = reach & !slides;
            assert!(extra.len() <= 1, "{p}");
            if let Some(push) = extra.into_iter().next() {
                assert!(rank != SumoRank::Plain && p.piece_on(push).is_some(), "{p}");
                pushes += 1;
            }
        }
        // Where the side to move has a free choice, every tower's reach is
        // exactly its legal moves.
        if p.forced_colour().is_none() && !p.is_over() {
            free += 1;
            for colour in Colour::ALL {
                let tower = Tower::new(p.side_to_move(), colour);
                let legal: Bitboard = p
                    .legal_moves()
                    .iter()
                    .filter(|m| p.piece_on(m.from) == Some(tower))
                    .map(|m| m.to.bitboard())
                    .fold(Bitboard::EMPTY, |a, b| a | b);
                assert_eq!(p.reach(tower), legal, "{p}");
            }
        }
    }
    assert!(
        free >= 20 && pushes >= 50,
        "{free} free choices, {pushes} pushes"
    );
}

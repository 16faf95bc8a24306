//! Rules tests: a naive, square-by-square reference generator checked against
//! the bitboard engine over random play, plus the invariants of RULES.md 1.

use kamisado_core::Game;
use std::collections::BTreeSet;

use board_geometry::{Player, Square};
use kamisado_core::{Colour, Move, MoveKind, Outcome, Position, SumoRank, Tower};
use proptest::prelude::*;

/// The destinations of `tower`, found by walking one square at a time
/// (RULES.md 1.4 and 1.7), independently of the engine's bitboards.
fn naive_destinations(position: &Position, tower: Tower) -> BTreeSet<Square> {
    let from = position.square_of(tower);
    let rank = position.rank_of(tower);
    let limit = rank.max_distance().unwrap_or(7);
    let occupied = |s: Square| position.tower_on(s).is_some();
    let mut out = BTreeSet::new();
    for dir in tower.player.forward_directions() {
        let mut square = from;
        for _ in 0..limit {
            match square.step(dir) {
                Some(next) if !occupied(next) => {
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
                match position.tower_on(s) {
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
                    .all(|t| t.player != tower.player && position.rank_of(*t) < rank);
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
fn naive_chain_reaches_mobile(position: &Position, colour: Colour) -> bool {
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

fn engine_moves(position: &Position) -> BTreeSet<Move> {
    let list = position.legal_moves();
    let set: BTreeSet<Move> = list.iter().copied().collect();
    assert_eq!(set.len(), list.len(), "duplicate moves in {position}");
    assert_eq!(position.count_moves(), list.len());
    set
}

/// A position reached by `choices` random moves from `start`; stops early
/// at the end of the round.
fn play_out(start: Position, choices: &[u16]) -> Vec<Position> {
    let mut positions = vec![start];
    let mut position = start;
    for &c in choices {
        let moves = position.legal_moves();
        if moves.is_empty() {
            break;
        }
        position = position.play(moves[c as usize % moves.len()]);
        positions.push(position);
    }
    positions
}

/// Start positions for random play: the match start and positions with
/// sumos from the reference suites.
fn starts() -> Vec<Position> {
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

fn random_game() -> impl Strategy<Value = (usize, Vec<u16>)> {
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
            let ours = engine_moves(&position);
            prop_assert_eq!(&ours, &naive_moves(&position), "in {}", position);
            prop_assert_eq!(ours.is_empty(), position.outcome().is_some(), "in {}", position);
            let side = position.side_to_move();
            for mv in &ours {
                let tower = position.tower_on(mv.from).unwrap();
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
            let generated = engine_moves(position);
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
                    prop_assert_eq!(after.tower_on(mv.to), before.tower_on(mv.from));
                }
                MoveKind::Push(k) => {
                    // The pusher moves again, forced by the colour under
                    // the sumo's new square; only opponent towers of lower
                    // rank moved, one square each.
                    prop_assert_eq!(after.side_to_move(), side);
                    prop_assert!(after.is_after_push());
                    prop_assert_eq!(after.forced_colour(), Some(Colour::of_square(mv.to)));
                    let pusher = before.tower_on(mv.from).unwrap();
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
    fn mirrored_positions_have_the_same_perft((start, choices) in random_game()) {
        let positions = play_out(starts()[start], &choices);
        let position = positions[positions.len() / 2];
        let mirrored = position.mirrored();
        prop_assert!(mirrored.is_consistent());
        prop_assert_eq!(mirrored.mirrored(), position);
        prop_assert_eq!(mirrored.outcome().map(Outcome::loser), position.outcome().map(|o| o.loser().opponent()));
        for depth in 1..=3 {
            prop_assert_eq!(mirrored.perft(depth), position.perft(depth));
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

/// The chain of obligations shown to players agrees with the naive walk
/// and with the rules: empty unless the forced tower is blocked, each link
/// the opponent's tower of the colour under the last one, every link
/// blocked, and ending where the rules say: at a tower that can move (the
/// side to move passes) or at a tower already in it (a deadlock).
#[test]
fn the_obligation_chain_is_the_rules_chain() {
    let (mut passes, mut deadlocks, mut long) = (0, 0, 0);
    let mut rng = board_geometry::SplitMix64::new(20261201);
    for game in 0..3_000 {
        let mut position = starts()[game % 8];
        loop {
            let chain = position.obligation_chain();
            let forced = position.forced_colour();
            let blocked = forced.is_some_and(|c| {
                naive_destinations(&position, Tower::new(position.side_to_move(), c)).is_empty()
            });
            if arrived(&position) || !blocked {
                assert!(chain.is_empty(), "{position}: {chain:?}");
            } else {
                let first = chain[0];
                assert_eq!(
                    (first.player, Some(first.tower)),
                    (position.side_to_move(), forced)
                );
                for link in &chain {
                    let tower = Tower::new(link.player, link.tower);
                    assert_eq!(position.square_of(tower), link.square);
                    assert!(
                        naive_destinations(&position, tower).is_empty(),
                        "{position}"
                    );
                }
                for pair in chain.windows(2) {
                    assert_eq!(pair[1].player, pair[0].player.opponent());
                    assert_eq!(pair[1].tower, Colour::of_square(pair[0].square));
                }
                let last = chain[chain.len() - 1];
                let next = Tower::new(last.player.opponent(), Colour::of_square(last.square));
                let repeats = chain.iter().any(|l| Tower::new(l.player, l.tower) == next);
                let reaches = naive_chain_reaches_mobile(&position, first.tower);
                assert_eq!(repeats, !reaches, "{position}: {chain:?}");
                if repeats {
                    assert!(matches!(position.outcome(), Some(Outcome::Deadlock { .. })));
                    deadlocks += 1;
                } else {
                    assert_eq!(position.legal_moves().len(), 1, "{position}");
                    assert!(position.legal_moves()[0].is_pass());
                    passes += 1;
                }
                if chain.len() >= 2 {
                    long += 1;
                }
            }
            let Some(&mv) = rng.choose(&position.legal_moves()) else {
                break;
            };
            position = position.play(mv);
        }
    }
    // The interesting branches ran.
    assert!(
        passes > 300 && deadlocks > 20 && long > 20,
        "{passes} {deadlocks} {long}"
    );
}

/// Perft by the plainest means: the move list and `play`, nothing counted
/// in bulk.
fn naive_perft(p: &Position, depth: u32) -> u64 {
    if depth == 0 {
        return 1;
    }
    p.legal_moves()
        .iter()
        .map(|&m| naive_perft(&p.play(m), depth - 1))
        .sum()
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(120))]

    /// The bulk-counting fast paths of `perft` (two and three plies counted
    /// from occupancy alone) and `perft_played` agree with the plainest
    /// perft, from random positions of every start.
    #[test]
    fn fast_perft_agrees_with_plain_perft((start, choices) in random_game()) {
        let positions = play_out(starts()[start], &choices);
        let p = positions[positions.len() / 2];
        for depth in 0..=4 {
            let plain = naive_perft(&p, depth);
            prop_assert_eq!(p.perft(depth), plain, "perft {} of {}", depth, p);
            prop_assert_eq!(p.perft_played(depth), plain, "played {} of {}", depth, p);
        }
    }
}

//! The readings of the rules and the board's layouts against a naive model
//! written from their texts (RULES.md 1.1, 1.5 and 1.7, and the rules
//! page's "Rule readings" and "Board layouts"): a board as a map, its
//! colours from the printed drawing turned or mirrored here, moves found
//! square by square, the move after a push or a pass decided by the
//! reading as the text says it. Nothing of the engine's play, obligation
//! chain, layouts or perft is used; positions only come from the engine as
//! data to start from.

use std::collections::{BTreeMap, BTreeSet};

use board_geometry::{Player, Square};
use kamisado_core::{Colour, Game, Layout, Move, Position, Rules, SumoRank, Tower};
use proptest::prelude::*;

use crate::movegen::{naive_destinations_on, random_game, starts};

/// A position as the rules text describes it.
#[derive(Clone, Debug, PartialEq, Eq)]
struct Naive {
    board: BTreeMap<Square, (Tower, SumoRank)>,
    side: Player,
    forced: Option<Colour>,
    after_push: bool,
    rules: Rules,
    colours: BTreeMap<Square, Colour>,
}

/// The board as RULES.md 1.1 draws it, rank 8 first.
const DRAWING: [&str; 8] = [
    "Orange Blue   Purple Pink   Yellow Red    Green  Brown",
    "Red    Orange Pink   Green  Blue   Yellow Brown  Purple",
    "Green  Pink   Orange Red    Purple Brown  Yellow Blue",
    "Pink   Purple Blue   Orange Brown  Green  Red    Yellow",
    "Yellow Red    Green  Brown  Orange Blue   Purple Pink",
    "Blue   Yellow Brown  Purple Red    Orange Pink   Green",
    "Purple Brown  Yellow Blue   Green  Pink   Orange Red",
    "Brown  Green  Red    Yellow Pink   Purple Blue   Orange",
];

/// The square colours of `layout`, from the drawing as a grid of names
/// (row 0 is rank 8): turned a quarter clockwise (the new row `r` is the
/// old column `r` read from the bottom up), mirrored (each row read from
/// the right).
pub(crate) fn naive_colours(layout: Layout) -> BTreeMap<Square, Colour> {
    let grid: Vec<Vec<Colour>> = DRAWING
        .iter()
        .map(|row| {
            row.split_whitespace()
                .map(|n| n.to_lowercase().parse().unwrap())
                .collect()
        })
        .collect();
    let turn = |g: &Vec<Vec<Colour>>| -> Vec<Vec<Colour>> {
        (0..8)
            .map(|r| (0..8).map(|c| g[7 - c][r]).collect())
            .collect()
    };
    let mirror = |g: &Vec<Vec<Colour>>| -> Vec<Vec<Colour>> {
        g.iter()
            .map(|row| row.iter().rev().copied().collect())
            .collect()
    };
    let grid = match layout {
        Layout::Standard => grid,
        Layout::Turned => turn(&grid),
        Layout::Mirrored => mirror(&grid),
        Layout::MirroredTurned => mirror(&turn(&grid)),
    };
    Square::ALL
        .into_iter()
        .map(|s| (s, grid[7 - s.rank().index()][s.file().index()]))
        .collect()
}

impl Naive {
    fn of(position: &Position, rules: Rules) -> Naive {
        Naive::on(position, rules, Layout::Standard)
    }

    fn on(position: &Position, rules: Rules, layout: Layout) -> Naive {
        Naive {
            board: position.towers().map(|(t, s, r)| (s, (t, r))).collect(),
            side: position.side_to_move(),
            forced: position.forced_colour(),
            after_push: position.is_after_push(),
            rules,
            colours: naive_colours(layout),
        }
    }

    fn colour(&self, square: Square) -> Colour {
        self.colours[&square]
    }

    fn square_of(&self, tower: Tower) -> Square {
        *self.board.iter().find(|(_, (t, _))| *t == tower).unwrap().0
    }

    fn destinations(&self, tower: Tower) -> BTreeSet<Square> {
        naive_destinations_on(
            |s| self.board.get(&s).copied(),
            tower,
            self.square_of(tower),
        )
    }

    /// The colour the next player must move after `tower` is blocked: by
    /// the published rules the colour of the square under it, by seed
    /// 001's words the blocked tower's own colour.
    fn after_block(&self, tower: Tower) -> Colour {
        match self.rules {
            Rules::BlockedColour => tower.colour,
            _ => self.colour(self.square_of(tower)),
        }
    }

    /// Whether the chain of obligations from the side to move's blocked
    /// `colour` tower reaches a tower that can move before it repeats.
    fn chain_reaches_mobile(&self, colour: Colour) -> bool {
        let mut seen = BTreeSet::new();
        let mut tower = Tower::new(self.side, colour);
        loop {
            seen.insert(tower);
            tower = Tower::new(tower.player.opponent(), self.after_block(tower));
            if seen.contains(&tower) {
                return false;
            }
            if !self.destinations(tower).is_empty() {
                return true;
            }
        }
    }

    fn moves(&self) -> BTreeSet<Move> {
        let mut out = BTreeSet::new();
        if self
            .board
            .iter()
            .any(|(s, (t, _))| s.rank() == t.player.goal_rank())
        {
            return out;
        }
        let colours = self.forced.map_or(Colour::ALL.to_vec(), |c| vec![c]);
        for colour in colours {
            let tower = Tower::new(self.side, colour);
            let from = self.square_of(tower);
            out.extend(
                self.destinations(tower)
                    .into_iter()
                    .map(|to| Move::new(from, to)),
            );
        }
        if let (true, Some(colour)) = (out.is_empty(), self.forced) {
            if self.chain_reaches_mobile(colour) {
                out.insert(Move::pass(self.square_of(Tower::new(self.side, colour))));
            }
        }
        out
    }

    fn play(&self, mv: Move) -> Naive {
        let mut next = self.clone();
        let (tower, _) = self.board[&mv.from];
        if mv.is_pass() {
            next.side = self.side.opponent();
            next.forced = Some(self.after_block(tower));
            next.after_push = false;
            return next;
        }
        if !self.board.contains_key(&mv.to) {
            let piece = next.board.remove(&mv.from).unwrap();
            next.board.insert(mv.to, piece);
            next.side = self.side.opponent();
            next.forced = Some(self.colour(mv.to));
            next.after_push = false;
            return next;
        }
        // A push: the line in front moves one square back, farthest first.
        let dir = self.side.forward();
        let mut line = vec![mv.to];
        while let Some(s) = line
            .last()
            .unwrap()
            .step(dir)
            .filter(|s| self.board.contains_key(s))
        {
            line.push(s);
        }
        for &s in line.iter().rev() {
            let piece = next.board.remove(&s).unwrap();
            next.board.insert(s.step(dir).unwrap(), piece);
        }
        let sumo = next.board.remove(&mv.from).unwrap();
        next.board.insert(mv.to, sumo);
        // The pusher moves again: by the published rules its tower of the
        // sumo's square's colour, by the other programs' reading of the
        // square the pushed tower reached.
        let pushed_to = mv.to.step(dir).unwrap();
        next.forced = Some(match self.rules {
            Rules::PushedSquare => self.colour(pushed_to),
            _ => self.colour(mv.to),
        });
        next.after_push = true;
        next
    }

    fn perft(&self, depth: u32) -> u64 {
        if depth == 0 {
            return 1;
        }
        self.moves()
            .into_iter()
            .map(|mv| self.play(mv).perft(depth - 1))
            .sum()
    }
}

/// The sumo position of the reference suite used for the readings'
/// counts: both sides have sumos up to triple, so pushes come early.
const SUMO: &str = "o+kgp+++yrbn+/8/8/8/8/8/8/R++KB+G+Y+++OPN w -";

/// Each reading from the start and the sumo position: the engine's perft
/// against the naive model's, to `depth` (and `perft_played` to depth 4).
fn readings_count_as_the_naive_model(depth: u32) {
    let sumo: Position = SUMO.parse().unwrap();
    for rules in Rules::ALL {
        for position in [Position::start(), sumo] {
            let p = position.with_rules(rules);
            let naive = Naive::of(&p, rules);
            for d in 0..=depth {
                let expected = naive.perft(d);
                assert_eq!(p.perft(d), expected, "{rules}: perft {d} of {p}");
                if d < 5 {
                    assert_eq!(p.perft_played(d), expected, "{rules}: played {d} of {p}");
                }
            }
        }
    }
}

#[test]
fn each_reading_counts_as_the_naive_model_from_the_start_and_a_sumo_position() {
    readings_count_as_the_naive_model(4);
}

#[test]
#[ignore = "heavy (the naive model to depth 5, 10-20 s in the test profile): CI runs it in its heavy step"]
fn each_reading_counts_as_the_naive_model_to_depth_5() {
    readings_count_as_the_naive_model(5);
}

/// The counts of depths 1 to 5 the test above checks, written out: the
/// standard ones are the reference suites' (an independent program's);
/// the readings' are a regression pin (the engine's and the naive
/// model's, which agree).
#[test]
fn each_readings_counts_from_the_start_and_the_sumo_position() {
    let sumo: Position = SUMO.parse().unwrap();
    let table: [(Rules, [u64; 5], [u64; 5]); 3] = [
        (
            Rules::Standard,
            [102, 1150, 11182, 105020, 900982],
            [88, 896, 7937, 70881, 551771],
        ),
        (
            Rules::PushedSquare,
            [102, 1150, 11182, 105020, 900982],
            [88, 896, 7937, 70881, 551880],
        ),
        (
            Rules::BlockedColour,
            [102, 1150, 11182, 105038, 901670],
            [88, 896, 7937, 70886, 551818],
        ),
    ];
    for (rules, start, from_sumo) in table {
        for (position, counts) in [(Position::start(), start), (sumo, from_sumo)] {
            let p = position.with_rules(rules);
            let ours: Vec<u64> = (1..=5).map(|d| p.perft(d)).collect();
            assert_eq!(ours, counts, "{rules} from {p}");
        }
    }
}

/// Counts of the positions in which a reading decided something during
/// the random games below (a push, or a pass or deadlock after a block),
/// so that the test shows its interesting branches ran.
/// `differ`: those where the readings give different obligations.
#[derive(Default)]
struct Hits {
    pushes: usize,
    pushes_that_differ: usize,
    blocks: usize,
    passes_that_differ: usize,
}

fn compare_game(
    rules: Rules,
    start: usize,
    choices: &[u16],
    hits: &mut Hits,
) -> Result<(), TestCaseError> {
    let mut p = starts()[start].with_rules(rules);
    let mut naive = Naive::of(&p, rules);
    for &choice in choices {
        let ours: BTreeSet<Move> = p.legal_moves().into_iter().collect();
        prop_assert_eq!(&ours, &naive.moves(), "{}: moves of {}", rules, p);
        if p.forced_square()
            .is_some_and(|s| ours.iter().all(|m| m.from == s && m.is_pass()))
        {
            hits.blocks += 1;
        }
        let Some(&mv) = ours.iter().nth(usize::from(choice) % ours.len().max(1)) else {
            // Over: a deadlock or an arrival, both sides agree.
            prop_assert_eq!(p.outcome().is_some(), true);
            if p.forced_colour().is_some() && p.arrived().is_none() {
                hits.blocks += 1;
            }
            break;
        };
        // Under another reading the move may be illegal (a pass into a
        // deadlock): that is a difference too.
        let by = |rules| {
            p.with_rules(rules)
                .try_play(mv)
                .ok()
                .map(|q| q.forced_colour())
        };
        if mv.is_pass() && by(Rules::BlockedColour) != by(Rules::Standard) {
            hits.passes_that_differ += 1;
        } else if p.piece_on(mv.to).is_some() {
            hits.pushes += 1;
            if by(Rules::PushedSquare) != by(Rules::Standard) {
                hits.pushes_that_differ += 1;
            }
        }
        p = p.play(mv);
        naive = naive.play(mv);
        prop_assert_eq!(&Naive::of(&p, rules), &naive, "{}: after {}", rules, mv);
        prop_assert_eq!(p.rules(), rules);
        prop_assert!(p.is_consistent(), "{}", p);
        prop_assert_eq!(p.zobrist(), p.zobrist_from_scratch());
    }
    Ok(())
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(200))]

    /// Over random games from every start, under every reading, the
    /// engine's moves and the position after each one are the naive
    /// model's.
    #[test]
    fn every_reading_plays_as_the_naive_model((start, choices) in random_game()) {
        let mut hits = Hits::default();
        for rules in Rules::ALL {
            compare_game(rules, start, &choices, &mut hits)?;
        }
    }
}

/// The random games above reach pushes and blocked towers under each
/// reading (a fixed seed's games, counted).
#[test]
fn the_random_games_reach_pushes_and_blocks() {
    let mut hits = Hits::default();
    let mut rng = board_geometry::SplitMix64::new(38);
    for game in 0..400 {
        let choices: Vec<u16> = (0..120).map(|_| rng.next_u64() as u16).collect();
        for rules in Rules::ALL {
            compare_game(rules, game % starts().len(), &choices, &mut hits).unwrap();
        }
    }
    assert!(hits.pushes > 100, "only {} pushes", hits.pushes);
    assert!(
        hits.pushes_that_differ > 50,
        "only {} pushes differ",
        hits.pushes_that_differ
    );
    assert!(hits.blocks > 20, "only {} blocks", hits.blocks);
    assert!(
        hits.passes_that_differ > 5,
        "only {} passes differ",
        hits.passes_that_differ
    );
    eprintln!(
        "pushes {} (readings differ: {}), blocks {}, passes whose readings differ {}",
        hits.pushes, hits.pushes_that_differ, hits.blocks, hits.passes_that_differ
    );
}

/// Positions of different readings are different games: unequal, and
/// hashed apart; the standard hash is the one without readings.
#[test]
fn readings_hash_apart() {
    let starts: Vec<Position> = Rules::ALL
        .iter()
        .map(|&r| Position::start_with(r))
        .collect();
    for (i, a) in starts.iter().enumerate() {
        assert_eq!(a.zobrist(), a.zobrist_from_scratch());
        assert_eq!(a.with_rules(Rules::Standard), Position::start());
        for b in &starts[i + 1..] {
            assert_ne!(a, b);
            assert_ne!(a.zobrist(), b.zobrist());
        }
    }
    assert_eq!(
        Position::start().zobrist(),
        Position::start_with(Rules::Standard).zobrist()
    );
    // From any reading to any other, the same position as set up by it
    // (between two readings other than the standard one too, whose keys
    // are both non-zero).
    for from in Rules::ALL {
        for to in Rules::ALL {
            let changed = Position::start_with(from).with_rules(to);
            assert_eq!(changed, Position::start_with(to), "{from} to {to}");
            assert_eq!(
                changed.zobrist(),
                changed.zobrist_from_scratch(),
                "{from} to {to}"
            );
        }
    }
}

/// Where the readings part, in one position: a pass whose blocked tower
/// stands on a square of another colour than its own.
#[test]
fn the_readings_differ_after_a_pass() {
    let blocked: Position = "obpkyr1n/3Y4/8/8/8/1g6/8/NGR1KPBO b y".parse().unwrap();
    let pass = blocked.legal_moves()[0];
    assert!(pass.is_pass());
    let by = |rules| blocked.with_rules(rules).play(pass).forced_colour();
    assert_eq!(by(Rules::Standard), Some(Colour::Green));
    assert_eq!(by(Rules::PushedSquare), Some(Colour::Green));
    assert_eq!(by(Rules::BlockedColour), Some(Colour::Yellow));
}

/// The naive start on `layout`: each tower on the square of its colour on
/// its owner's home row, by the naive colours.
fn naive_start(layout: Layout) -> Position {
    let colours = naive_colours(layout);
    let mut builder = kamisado_core::PositionBuilder::new();
    for (&square, &colour) in &colours {
        for player in Player::ALL {
            if square.rank() == player.home_rank() {
                builder
                    .place(Tower::new(player, colour), square, SumoRank::Plain)
                    .unwrap();
            }
        }
    }
    builder.build().unwrap()
}

#[test]
fn each_layout_starts_with_the_towers_on_their_colours() {
    for layout in Layout::ALL {
        let start = Position::start_on(layout);
        assert_eq!(
            start.with_layout(Layout::Standard),
            naive_start(layout),
            "{layout}"
        );
        assert_eq!(start.layout(), layout);
        assert!(start.is_consistent());
        let colours = naive_colours(layout);
        for square in Square::ALL {
            assert_eq!(
                layout.colour_of(square),
                colours[&square],
                "{layout} {square}"
            );
        }
    }
}

/// Every layout from its start and from the sumo position, under every
/// reading: the engine's perft against the naive model's, to `depth` by
/// the standard rules and at most 4 by the others (the standard layout's
/// are the readings' tests above).
fn layouts_count_as_the_naive_model(depth: u32) {
    let sumo: Position = SUMO.parse().unwrap();
    for layout in &Layout::ALL[1..] {
        for rules in Rules::ALL {
            let depth = if rules == Rules::Standard {
                depth
            } else {
                depth.min(4)
            };
            for position in [Position::start_on(*layout), sumo.with_layout(*layout)] {
                let p = position.with_rules(rules);
                let naive = Naive::on(&p, rules, *layout);
                for d in 0..=depth {
                    let expected = naive.perft(d);
                    assert_eq!(p.perft(d), expected, "{layout} {rules}: perft {d} of {p}");
                    assert_eq!(
                        p.perft_played(d),
                        expected,
                        "{layout} {rules}: played {d} of {p}"
                    );
                }
            }
        }
    }
}

#[test]
fn each_layout_counts_as_the_naive_model_under_every_reading() {
    layouts_count_as_the_naive_model(4);
}

#[test]
#[ignore = "heavy (the naive model to depth 5, 10-25 s in the test profile): CI runs it in its heavy step"]
fn each_layout_counts_as_the_naive_model_to_depth_5() {
    layouts_count_as_the_naive_model(5);
}

/// The counts of depths 1 to 5 (standard rules) on each layout, written
/// out. From a layout's start they are the standard start's, which the
/// reference suites give: each layout is the printed board with its
/// colours renamed, so the game from its start is the same game (a second
/// argument, independent of both programs). From the sumo position they
/// are a regression pin (the engine's and the naive model's, which agree).
#[test]
fn each_layouts_counts_from_its_start_and_the_sumo_position() {
    let sumo: Position = SUMO.parse().unwrap();
    let start = [102, 1150, 11182, 105020, 900982];
    let table: [(Layout, [u64; 5]); 4] = [
        (Layout::Standard, [88, 896, 7937, 70881, 551771]),
        (Layout::Turned, [88, 867, 8439, 72201, 608145]),
        (Layout::Mirrored, [88, 866, 8566, 72264, 619978]),
        (Layout::MirroredTurned, [88, 896, 7908, 69999, 549772]),
    ];
    for (layout, from_sumo) in table {
        let ours: Vec<u64> = (1..=5)
            .map(|d| Position::start_on(layout).perft(d))
            .collect();
        assert_eq!(ours, start, "{layout} from its start");
        let p = sumo.with_layout(layout);
        let ours: Vec<u64> = (1..=5).map(|d| p.perft(d)).collect();
        assert_eq!(ours, from_sumo, "{layout} from {p}");
    }
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(60))]

    /// Over random games from every start on every layout, the engine's
    /// moves and the position after each one are the naive model's.
    #[test]
    fn every_layout_plays_as_the_naive_model((start, choices) in random_game()) {
        for layout in Layout::ALL {
            let mut p = starts()[start].with_layout(layout);
            let mut naive = Naive::on(&p, Rules::Standard, layout);
            for &choice in &choices {
                let ours: BTreeSet<Move> = p.legal_moves().into_iter().collect();
                prop_assert_eq!(&ours, &naive.moves(), "{}: moves of {}", layout, p);
                let Some(&mv) = ours.iter().nth(usize::from(choice) % ours.len().max(1)) else {
                    break;
                };
                p = p.play(mv);
                naive = naive.play(mv);
                prop_assert_eq!(&Naive::on(&p, Rules::Standard, layout), &naive);
                prop_assert_eq!(p.layout(), layout);
                prop_assert_eq!(p.zobrist(), p.zobrist_from_scratch());
            }
        }
    }
}

/// Positions on different layouts are different games: unequal and hashed
/// apart, from any layout to any other by `with_layout`.
#[test]
fn layouts_hash_apart() {
    let p = Position::start();
    for (i, a) in Layout::ALL.iter().enumerate() {
        let on_a = p.with_layout(*a);
        assert_eq!(on_a.zobrist(), on_a.zobrist_from_scratch());
        for b in &Layout::ALL[i + 1..] {
            let on_b = p.with_layout(*b);
            assert_ne!(on_a, on_b);
            assert_ne!(on_a.zobrist(), on_b.zobrist());
            let back = on_b.with_layout(*a);
            assert_eq!(back, on_a);
            assert_eq!(back.zobrist(), back.zobrist_from_scratch());
        }
    }
    assert_eq!(p.with_layout(Layout::Standard).zobrist(), p.zobrist());
}

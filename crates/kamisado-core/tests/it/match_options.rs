//! The match options against a naive model written from the rules page's
//! "Match play" and "Match options": the scoring tower found from the
//! round's moves (the arrived tower, or after a deadlock the tower of the
//! colour of the square the loser's last real move ended on), its points
//! by the table, and the next round's start laid out square by square.
//! Random matches under every reading, option and layout, round by round
//! (the layouts' colours are the naive ones of the readings' tests).

use std::collections::BTreeMap;

use board_geometry::{File, Player, Rank, SplitMix64, Square};
use kamisado_core::{
    Colour, Edge, Game, Layout, Match, MatchError, MatchOptions, MatchState, Move, Position,
    Refill, Rules, Scoring, SetupChart, SetupDraw, SumoRank, Target, Tower,
};

use crate::reading::naive_colours;

/// The refills that start the next round from an edge (the set-up match
/// has its own test below).
const EDGE_REFILLS: [Refill; 3] = [Refill::Nearest, Refill::Farthest, Refill::Restart];

/// The points of a win by a tower of `rank` (before promotion).
fn naive_points(scoring: Scoring, rank: SumoRank) -> u32 {
    let level = rank.level() as usize;
    match scoring {
        Scoring::Rank => [1, 3, 7, 15][level],
        Scoring::Rings => [1, 2, 4, 8][level],
    }
}

/// The winner of a finished round and its scoring tower, from the final
/// position and the round's moves.
fn naive_result(end: &Position, layout: Layout, moves: &[(Player, Move)]) -> (Player, Tower) {
    for (tower, square, _) in end.towers() {
        if square.rank() == tower.player.goal_rank() {
            return (tower.player, tower);
        }
    }
    // A deadlock: lost by the player who made the last real move.
    let &(loser, last) = moves.iter().rev().find(|(_, m)| !m.is_pass()).unwrap();
    let winner = loser.opponent();
    (winner, Tower::new(winner, naive_colours(layout)[&last.to]))
}

/// The next round's start as the rules page lays it out.
fn naive_next_start(
    end: &Position,
    layout: Layout,
    refill: Refill,
    edge: Edge,
    winner: Player,
    scorer: Tower,
) -> Position {
    let mut placed: BTreeMap<Square, (Tower, SumoRank)> = BTreeMap::new();
    let file = |i: usize| match edge {
        Edge::AFile => File::ALL[i],
        Edge::HFile => File::ALL[7 - i],
    };
    for player in Player::ALL {
        let home = player.home_rank();
        let mut order: Vec<(Tower, SumoRank)> = Vec::new();
        if refill == Refill::Restart {
            for (tower, _, rank) in end.towers().filter(|(t, _, _)| t.player == player) {
                let square = (0..8)
                    .map(|f| Square::new(File::ALL[f], home))
                    .find(|s| naive_colours(layout)[s] == tower.colour)
                    .unwrap();
                placed.insert(square, (tower, rank));
            }
            continue;
        }
        // Ranks by distance from the home row, nearest (or farthest) first.
        let mut ranks: Vec<Rank> = Rank::ALL.to_vec();
        ranks.sort_by_key(|r| (r.index() as i32 - home.index() as i32).abs());
        if refill == Refill::Farthest {
            ranks.reverse();
        }
        for rank in ranks {
            for i in 0..8 {
                if let Some(tower) = end.piece_on(Square::new(file(i), rank)) {
                    if tower.player == player {
                        order.push((tower, end.rank_of(tower)));
                    }
                }
            }
        }
        for (i, piece) in order.into_iter().enumerate() {
            placed.insert(Square::new(file(i), home), piece);
        }
    }
    let mut text = String::new();
    for rank in Rank::ALL.iter().rev() {
        let mut empty = 0;
        for f in File::ALL {
            match placed.get(&Square::new(f, *rank)) {
                None => empty += 1,
                Some(&(tower, rank)) => {
                    if empty > 0 {
                        text += &empty.to_string();
                        empty = 0;
                    }
                    let letter = tower.colour.letter();
                    text.push(match tower.player {
                        Player::Black => letter.to_ascii_uppercase(),
                        Player::White => letter.to_ascii_lowercase(),
                    });
                    let level = if tower == scorer {
                        (rank.level() + 1).min(3)
                    } else {
                        rank.level()
                    };
                    text += &"+".repeat(level as usize);
                }
            }
        }
        if empty > 0 {
            text += &empty.to_string();
        }
        if *rank != Rank::ALL[0] {
            text.push('/');
        }
    }
    let loser = winner.opponent();
    text += if loser == Player::Black {
        " b -"
    } else {
        " w -"
    };
    let start: Position = text.parse().unwrap();
    start.with_rules(end.rules()).with_layout(layout)
}

#[derive(Default, Debug)]
struct Hits {
    rounds: usize,
    deadlocks: usize,
    sumo_wins: usize,
    triple_wins: usize,
    scatter: usize,
}

/// One random match under `rules` and `options` on `layout`, checked
/// round by round.
fn check_match(
    (rules, layout): (Rules, Layout),
    options: MatchOptions,
    target: u32,
    seed: u64,
    hits: &mut Hits,
) {
    let mut rng = SplitMix64::new(seed);
    let start = Position::start_on(layout).with_rules(rules);
    let mut m = Match::new_on(Target::new(target).unwrap(), start, options);
    let mut moves: Vec<(Player, Move)> = Vec::new();
    let mut scores = [0u32; 2];
    for _ in 0..50_000 {
        match m.state() {
            MatchState::Over { winner } => {
                assert!(scores[winner.index()] >= target);
                return;
            }
            MatchState::DrawSetups { .. } => unreachable!("a match refilled from an edge"),
            MatchState::ChooseEdge { chooser } => {
                let edge = if rng.coin() { Edge::AFile } else { Edge::HFile };
                let end = *m.final_position().unwrap();
                let (winner, scorer) = naive_result(&end, layout, &moves);
                assert_eq!(chooser, winner, "{end}");
                let expected = naive_next_start(&end, layout, options.refill, edge, winner, scorer);
                m.choose_edge(edge).unwrap();
                assert_eq!(
                    *m.position(),
                    expected,
                    "{options:?}: next round after {end}"
                );
                moves.clear();
            }
            MatchState::InRound => {
                let p = *m.position();
                let legal = p.legal_moves();
                let mv = *rng.choose(&legal).unwrap();
                moves.push((p.side_to_move(), mv));
                if let Some(summary) = m.play(mv).unwrap() {
                    let end = *m.position();
                    let (winner, scorer) = naive_result(&end, layout, &moves);
                    let rank = end.rank_of(scorer);
                    let points = naive_points(options.scoring, rank);
                    scores[winner.index()] += points;
                    assert_eq!(summary.outcome.winner(), winner, "{end}");
                    assert_eq!(summary.tower, Some(scorer.colour), "{end}");
                    assert_eq!(summary.points, points, "{options:?}: {end}");
                    assert_eq!(m.scores(), scores);
                    hits.rounds += 1;
                    hits.deadlocks += usize::from(end.arrived().is_none());
                    hits.sumo_wins += usize::from(rank != SumoRank::Plain);
                    hits.triple_wins += usize::from(rank == SumoRank::TripleSumo);
                    // Whether the refill orders part here.
                    let starts = [Refill::Nearest, Refill::Farthest]
                        .map(|r| r.next_start(&end, Edge::AFile, winner.opponent()));
                    hits.scatter += usize::from(starts[0] != starts[1]);
                }
            }
        }
    }
    panic!("match {seed} did not finish");
}

#[test]
fn random_matches_score_and_set_up_as_the_naive_model_under_every_option() {
    let mut hits = Hits::default();
    for rules in Rules::ALL {
        for scoring in Scoring::ALL {
            for refill in EDGE_REFILLS {
                let options = MatchOptions { scoring, refill };
                for seed in 0..3 {
                    check_match((rules, Layout::Standard), options, 60, seed, &mut hits);
                }
            }
        }
    }
    // The branches the options part on ran: deadlocks, wins by sumos (and
    // by triple sumos, where rings and ranks differ most), refills where
    // the order matters.
    assert!(hits.rounds > 500, "{hits:?}");
    assert!(hits.deadlocks > 10, "{hits:?}");
    assert!(hits.sumo_wins > 50, "{hits:?}");
    assert!(hits.triple_wins > 5, "{hits:?}");
    assert!(hits.scatter > 100, "{hits:?}");
    eprintln!("{hits:?}");
}

/// Matches on the other layouts: deadlocks score the tower of the colour
/// the layout gives the last square, and every next round's start keeps
/// the layout (the restart puts the towers on their colours of that
/// layout).
#[test]
fn random_matches_on_every_layout_score_and_set_up_as_the_naive_model() {
    let mut hits = Hits::default();
    for layout in &Layout::ALL[1..] {
        for rules in Rules::ALL {
            for refill in EDGE_REFILLS {
                let options = MatchOptions {
                    scoring: Scoring::Rank,
                    refill,
                };
                check_match((rules, *layout), options, 30, 7, &mut hits);
            }
        }
    }
    assert!(hits.rounds > 150, "{hits:?}");
    assert!(hits.deadlocks > 3, "{hits:?}");
    assert!(hits.sumo_wins > 20, "{hits:?}");
    eprintln!("{hits:?}");
}

/// One worked case per option from the rules page's worked example (White
/// wins round 1 with its plain green tower on d1; Black's yellow tower
/// stayed on d7).
#[test]
fn the_worked_example_under_each_option() {
    let play = |options: MatchOptions| {
        let mut m = Match::new_with(Target::STANDARD, Rules::Standard, options);
        for mv in ["d1d7", "g8b3", "d7d7", "b3d1"] {
            m.play(mv.parse().unwrap()).unwrap();
        }
        let points = m.last_round().unwrap().points;
        m.choose_edge(Edge::AFile).unwrap();
        (points, m.position().to_string())
    };
    let cases = [
        (
            Scoring::Rank,
            Refill::Nearest,
            1,
            "obpkyrng+/8/8/8/8/8/8/NGRKPBOY b -",
        ),
        (
            Scoring::Rings,
            Refill::Farthest,
            1,
            "g+obpkyrn/8/8/8/8/8/8/YNGRKPBO b -",
        ),
        (
            Scoring::Rank,
            Refill::Restart,
            1,
            "obpkyrg+n/8/8/8/8/8/8/NGRYKPBO b -",
        ),
    ];
    for (scoring, refill, points, start) in cases {
        assert_eq!(
            play(MatchOptions { scoring, refill }),
            (points, start.to_string())
        );
    }
}

/// A random chart of `n` set-ups: each a shuffled home row.
fn random_chart(n: usize, rng: &mut SplitMix64) -> (SetupChart, Vec<[Colour; 8]>) {
    let mut rows = Vec::new();
    let mut text = String::new();
    for number in 1..=n {
        let mut row = Colour::ALL;
        for i in (1..8).rev() {
            row.swap(i, rng.below(i + 1));
        }
        text += &format!("{number} ");
        text.extend(row.iter().map(|c| c.letter().to_ascii_uppercase()));
        text.push('\n');
        rows.push(row);
    }
    (text.parse().unwrap(), rows)
}

/// The naive start of a round from two set-ups, as rule text 001 says:
/// the player who moves first (`first`, who drew) lays out the lower
/// number, the other the higher, each from its own left (Black's left is
/// the a-file, White's the h-file); every tower plain.
fn naive_setup_start(rows: &[[Colour; 8]], low: u32, high: u32, first: Player) -> Position {
    let mut builder = kamisado_core::PositionBuilder::new();
    for player in Player::ALL {
        let number = if player == first { low } else { high };
        for (i, &colour) in rows[number as usize - 1].iter().enumerate() {
            let file = match player {
                Player::Black => File::ALL[i],
                Player::White => File::ALL[7 - i],
            };
            let square = Square::new(file, player.home_rank());
            builder
                .place(Tower::new(player, colour), square, SumoRank::Plain)
                .unwrap();
        }
    }
    builder.side_to_move(first);
    builder.build().unwrap()
}

/// The tile edition's set-up match (rule text 001) against the naive
/// model: Black draws for the first round and opens it; each round won
/// scores 1 point; the loser draws two different set-ups for the next
/// round and opens it with the lower number, the other player laying out
/// the higher; the match ends at the target (the seed's 1, 3, 5 and 7).
/// Random charts, games and draws, on every layout and reading.
#[test]
fn the_set_up_match_draws_scores_and_starts_rounds_as_the_tile_edition_says() {
    let (mut rounds, mut matches, mut white_draws) = (0, 0, 0);
    for seed in 0..24u64 {
        let mut rng = SplitMix64::new(seed);
        let (chart, rows) = random_chart(2 + rng.below(35), &mut rng);
        let target = [1, 3, 5, 7][rng.below(4)];
        let layout = Layout::ALL[rng.below(4)];
        let rules = Rules::ALL[rng.below(3)];
        let mut draws = SplitMix64::new(seed ^ 0x5e7);
        let draw = chart.draw(&mut draws);
        assert!(1 <= draw.low && draw.low < draw.high && draw.high as usize <= rows.len());
        let first = draw.start(&chart, Player::Black).unwrap();
        assert_eq!(
            first,
            naive_setup_start(&rows, draw.low, draw.high, Player::Black)
        );
        let start = first.with_layout(layout).with_rules(rules);
        let options = MatchOptions {
            refill: Refill::Setups,
            ..MatchOptions::default()
        };
        let mut m = Match::new_on(Target::new(target).unwrap(), start, options);
        let mut scores = [0u32; 2];
        let mut last_winner = None;
        loop {
            match m.state() {
                MatchState::Over { winner } => {
                    assert_eq!(scores[winner.index()], target);
                    assert!(scores[winner.opponent().index()] < target);
                    assert_eq!(Some(winner), last_winner);
                    matches += 1;
                    break;
                }
                MatchState::ChooseEdge { .. } => panic!("a set-up match has no edge"),
                MatchState::DrawSetups { drawer } => {
                    assert_eq!(Some(drawer.opponent()), last_winner, "the loser draws");
                    assert!(m.choose_edge(Edge::AFile).is_err());
                    let round = m.round();
                    let before = draws.clone();
                    let draw = m.draw_setups(&chart, &mut draws).unwrap();
                    // The draw is the chart's, with the same generator.
                    let mut again = before;
                    assert_eq!(chart.draw(&mut again), draw);
                    assert!(draw.low < draw.high && draw.high as usize <= rows.len());
                    let expected = naive_setup_start(&rows, draw.low, draw.high, drawer);
                    assert_eq!(
                        *m.position(),
                        expected.with_layout(layout).with_rules(rules)
                    );
                    assert_eq!(m.round(), round + 1);
                    white_draws += usize::from(drawer == Player::White);
                }
                MatchState::InRound => {
                    let moves = m.position().legal_moves();
                    let mv = moves[rng.below(moves.len())];
                    if let Some(summary) = m.play(mv).unwrap() {
                        let winner = summary.outcome.winner();
                        assert_eq!(summary.points, 1, "a round won scores 1 point");
                        scores[winner.index()] += 1;
                        assert_eq!(m.scores(), scores);
                        last_winner = Some(winner);
                        rounds += 1;
                    }
                }
            }
        }
    }
    eprintln!("{matches} set-up matches, {rounds} rounds, {white_draws} draws by White");
    assert_eq!(matches, 24);
    assert!(rounds > 60, "{rounds} rounds");
    assert!(white_draws > 10, "{white_draws} draws by White");
}

/// What `start_round` refuses, the match unchanged; and a set-up start
/// of the right shape taken as given.
#[test]
fn a_set_up_round_starts_only_from_plain_home_rows_opened_by_the_loser() {
    let chart: SetupChart = "1 NGRYKPBO\n2 OBPKYRGN\n".parse().unwrap();
    let first = SetupDraw { low: 1, high: 2 }
        .start(&chart, Player::Black)
        .unwrap();
    let options = MatchOptions {
        refill: Refill::Setups,
        ..MatchOptions::default()
    };
    let mut m = Match::new_on(Target::STANDARD, first, options);
    assert_eq!(m.start_round(first), Err(MatchError::RoundInProgress));
    // Play out a round, at random.
    let mut rng = SplitMix64::new(5);
    while m.state() == MatchState::InRound {
        let moves = m.position().legal_moves();
        m.play(moves[rng.below(moves.len())]).unwrap();
    }
    let MatchState::DrawSetups { drawer } = m.state() else {
        panic!("{:?}", m.state())
    };
    let before = m;
    let theirs = SetupDraw { low: 1, high: 2 }
        .start(&chart, drawer.opponent())
        .unwrap();
    assert!(matches!(
        m.start_round(theirs),
        Err(MatchError::NotASetupStart(_))
    ));
    let moved = SetupDraw { low: 1, high: 2 }.start(&chart, drawer).unwrap();
    let played = moved.play(moved.legal_moves()[0]);
    assert!(matches!(
        m.start_round(played),
        Err(MatchError::NotASetupStart(_))
    ));
    let sumo = moved
        .with_rank(
            moved
                .piece_on(drawer.home_rank().bitboard().first().unwrap())
                .unwrap(),
            SumoRank::Sumo,
        )
        .unwrap();
    assert!(matches!(
        m.start_round(sumo),
        Err(MatchError::NotASetupStart(_))
    ));
    assert_eq!(m, before);
    assert_eq!(
        m.play("a1a2".parse().unwrap()),
        Err(MatchError::SetupsToDraw { drawer })
    );
    m.start_round(moved).unwrap();
    assert_eq!(*m.position(), moved);
    assert_eq!(m.round(), 2);
}

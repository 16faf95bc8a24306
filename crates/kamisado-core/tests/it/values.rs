//! The small value types over their whole domains, and the accessors of
//! sumo ranks: expected values come from the rules (the board's colouring is
//! written out here from the rules' table), not from the code.

use board_geometry::{Player, SplitMix64, Square};
use kamisado_core::Game;
use kamisado_core::{
    Colour, Edge, InvalidPosition, Match, MatchState, Outcome, Position, SumoRank, Target, Tower,
    points_for,
};

/// The board, rank 8 first, in colour letters (the rules' table).
const BOARD: [&str; 8] = [
    "obpkyrgn", "rokgbynp", "gkorpnyb", "kpbongry", "yrgnobpk", "bynprokg", "pnybgkor", "ngrykpbo",
];

#[test]
fn colours_letters_names_and_the_board() {
    let names = [
        "orange", "blue", "purple", "pink", "yellow", "red", "green", "brown",
    ];
    for (i, colour) in Colour::ALL.into_iter().enumerate() {
        let letter = "obpkyrgn".as_bytes()[i];
        assert_eq!(colour.letter(), letter as char);
        assert_eq!(Colour::from_letter(letter), Some(colour));
        assert_eq!(
            Colour::from_letter(letter.to_ascii_uppercase()),
            Some(colour)
        );
        assert_eq!(colour.name(), names[i]);
        assert_eq!(colour.index(), i);
    }
    for byte in 0..=255u8 {
        if !b"obpkyrgnOBPKYRGN".contains(&byte) {
            assert_eq!(Colour::from_letter(byte), None, "{byte}");
        }
    }
    for square in Square::ALL {
        let row = BOARD[7 - square.rank().index()].as_bytes();
        let letter = row[square.file().index()];
        let colour = Colour::of_square(square);
        assert_eq!(colour.letter(), letter as char, "{square}");
        assert!(colour.squares().has(square));
    }
    for colour in Colour::ALL {
        assert_eq!(colour.squares().len(), 8);
    }
}

#[test]
fn sumo_ranks() {
    let expected = [
        (SumoRank::Plain, None, SumoRank::Sumo, 1),
        (SumoRank::Sumo, Some(5), SumoRank::DoubleSumo, 3),
        (SumoRank::DoubleSumo, Some(3), SumoRank::TripleSumo, 7),
        (SumoRank::TripleSumo, Some(1), SumoRank::TripleSumo, 15),
    ];
    for (level, (rank, distance, promoted, points)) in expected.into_iter().enumerate() {
        assert_eq!(rank.level(), level as u8);
        assert_eq!(SumoRank::new(level as u8), Some(rank));
        assert_eq!(rank.max_distance(), distance);
        assert_eq!(rank.promoted(), promoted);
        assert_eq!(points_for(rank), points);
    }
    assert_eq!(SumoRank::new(4), None);
}

#[test]
fn edges_targets_and_outcomes() {
    assert_eq!("a".parse::<Edge>().unwrap(), Edge::AFile);
    assert_eq!("h".parse::<Edge>().unwrap(), Edge::HFile);
    assert!("b".parse::<Edge>().is_err());
    assert_eq!(Edge::AFile.to_string(), "a");
    assert_eq!(Edge::HFile.to_string(), "h");
    assert_eq!(Target::SINGLE_ROUND.points(), 1);
    assert_eq!(Target::STANDARD.points(), 3);
    assert_eq!(Target::LONG.points(), 7);
    assert_eq!(Target::MARATHON.points(), 15);
    assert!(Target::new(0).is_none());
    assert_eq!(Target::new(5).map(Target::points), Some(5));
    for winner in [Player::Black, Player::White] {
        let arrival = Outcome::Arrival {
            winner,
            tower: Colour::Red,
        };
        let deadlock = Outcome::Deadlock {
            winner,
            tower: Colour::Pink,
        };
        let no_move = Outcome::NoMove { winner };
        for outcome in [arrival, deadlock, no_move] {
            assert_eq!(outcome.winner(), winner);
            assert_eq!(outcome.loser(), winner.opponent());
        }
        assert_eq!(arrival.scoring_tower(), Some(Colour::Red));
        assert_eq!(deadlock.scoring_tower(), Some(Colour::Pink));
        assert_eq!(no_move.scoring_tower(), None);
    }
}

/// Positions of random matches to 15 points, sumos included.
fn match_positions(seed: u64, count: usize) -> Vec<Position> {
    let mut rng = SplitMix64::new(seed);
    let mut m = Match::new(Target::MARATHON);
    let mut out = Vec::new();
    while out.len() < count {
        match m.state() {
            MatchState::Over { .. } => m = Match::new(Target::MARATHON),
            MatchState::DrawSetups { .. } => unreachable!("a match refilled from an edge"),
            MatchState::ChooseEdge { .. } => {
                let edge = if rng.coin() { Edge::AFile } else { Edge::HFile };
                m.choose_edge(edge).unwrap();
            }
            MatchState::InRound => {
                let p = *m.position();
                out.push(p);
                let moves = p.legal_moves();
                m.play(moves[rng.below(moves.len())]).unwrap();
            }
        }
    }
    out
}

#[test]
fn ranks_by_square_and_by_tower() {
    let mut sumos = 0;
    for p in match_positions(9, 1500) {
        for (tower, square, rank) in p.towers() {
            assert_eq!(p.rank_at(square), rank);
            assert_eq!(p.rank_of(tower), rank);
            for at_least in [SumoRank::Sumo, SumoRank::DoubleSumo, SumoRank::TripleSumo] {
                assert_eq!(
                    p.rank_at_least(at_least).has(square),
                    rank >= at_least,
                    "{p}"
                );
            }
            sumos += usize::from(rank != SumoRank::Plain);
        }
        assert_eq!(p.rank_at_least(SumoRank::Plain).len(), 64);
        // Empty squares are plain and in no sumo set.
        for square in Square::ALL.into_iter().filter(|&s| p.piece_on(s).is_none()) {
            assert_eq!(p.rank_at(square), SumoRank::Plain);
            assert!(!p.rank_at_least(SumoRank::Sumo).has(square));
        }
    }
    assert!(sumos >= 1000);
}

#[test]
fn with_rank_changes_one_tower() {
    let start = Position::start();
    let tower = Tower::new(Player::White, Colour::Green);
    for rank in [
        SumoRank::Sumo,
        SumoRank::DoubleSumo,
        SumoRank::TripleSumo,
        SumoRank::Plain,
    ] {
        let p = start.with_rank(tower, rank).unwrap();
        assert_eq!(p.rank_of(tower), rank);
        for (t, _, r) in p.towers() {
            if t != tower {
                assert_eq!(r, SumoRank::Plain);
            }
        }
        assert_eq!(p.side_to_move(), start.side_to_move());
        assert_eq!(p.forced_colour(), start.forced_colour());
    }
    // A push mark needs a sumo of the side to move: its sumos can be made
    // plain one by one until the last, which is refused, and says why.
    let mut refused = 0;
    for p in match_positions(11, 3000)
        .into_iter()
        .filter(Position::is_after_push)
    {
        let side = p.side_to_move();
        let sumos: Vec<Tower> = p
            .towers()
            .filter(|(t, _, r)| t.player == side && *r != SumoRank::Plain)
            .map(|(t, _, _)| t)
            .collect();
        let (last, others) = sumos.split_last().expect("the pusher is a sumo");
        let mut q = p;
        for &tower in others {
            q = q.with_rank(tower, SumoRank::Plain).unwrap();
        }
        assert_eq!(
            q.with_rank(*last, SumoRank::Plain),
            Err(InvalidPosition::PushMarkWithoutSumo(side))
        );
        refused += 1;
    }
    assert!(refused >= 5, "{refused}");
}

/// Counted: slides of a sumo (its layers travel with it) and positions of
/// another reading or layout (the state word carries them).
#[test]
fn every_child_is_the_played_move() {
    let mut children = 0;
    let mut sumo_slides = 0;
    // The positions of the one-body path (a plain forced tower that can
    // slide) and of generation's (a free choice, a sumo, a pass).
    let (mut plain_forced, mut others) = (0, 0);
    for (i, p) in match_positions(10, 1500).into_iter().enumerate() {
        let p = p
            .with_rules(kamisado_core::Rules::ALL[i % 3])
            .with_layout(kamisado_core::Layout::ALL[i % 4]);
        match p.forced_square() {
            Some(from)
                if p.rank_at(from) == SumoRank::Plain
                    && p.legal_moves().iter().any(|mv| !mv.is_pass()) =>
            {
                plain_forced += 1
            }
            _ => others += 1,
        }
        let mut seen = Vec::new();
        let stopped = p.for_each_child(|mv, child| {
            assert_eq!(*child, p.play(mv), "{p} {mv}");
            assert_eq!(p.try_play(mv), Ok(*child));
            sumo_slides +=
                usize::from(p.rank_at(mv.from) != SumoRank::Plain && !p.occupied().has(mv.to));
            seen.push(mv);
            false
        });
        assert!(!stopped);
        let mut legal = p.legal_moves().to_vec();
        legal.sort();
        seen.sort();
        assert_eq!(seen, legal, "{p}");
        children += seen.len();
        // Stopping early stops at once.
        let mut visits = 0;
        if !seen.is_empty() {
            assert!(p.for_each_child(|_, _| {
                visits += 1;
                true
            }));
            assert_eq!(visits, 1);
        }
    }
    assert!(children >= 10_000);
    assert!(sumo_slides >= 100, "{sumo_slides}");
    assert!(
        plain_forced >= 700 && others >= 400,
        "{plain_forced} {others}"
    );
}

#[test]
fn the_builder_refuses_what_the_notation_refuses() {
    use kamisado_core::PositionBuilder;
    let full = || {
        let mut b = PositionBuilder::new();
        for (i, colour) in Colour::ALL.into_iter().enumerate() {
            b.place(
                Tower::new(Player::Black, colour),
                Square::ALL[i],
                SumoRank::Plain,
            )
            .unwrap();
            b.place(
                Tower::new(Player::White, colour),
                Square::ALL[56 + i],
                SumoRank::Plain,
            )
            .unwrap();
        }
        b
    };
    assert_eq!(
        full().build().unwrap().to_string(),
        "obpkyrgn/8/8/8/8/8/8/OBPKYRGN b -"
    );
    // Towers of both players on their goal rows.
    let mut both = PositionBuilder::new();
    for (i, colour) in Colour::ALL.into_iter().enumerate() {
        both.place(
            Tower::new(Player::Black, colour),
            Square::ALL[8 + i],
            SumoRank::Plain,
        )
        .unwrap();
        both.place(
            Tower::new(Player::White, colour),
            Square::ALL[48 + i],
            SumoRank::Plain,
        )
        .unwrap();
    }
    assert!(both.build().is_ok());
    let mut both = PositionBuilder::new();
    for (i, colour) in Colour::ALL.into_iter().enumerate() {
        let (black, white) = if i == 0 { (56, 0) } else { (8 + i, 48 + i) };
        both.place(
            Tower::new(Player::Black, colour),
            Square::ALL[black],
            SumoRank::Plain,
        )
        .unwrap();
        both.place(
            Tower::new(Player::White, colour),
            Square::ALL[white],
            SumoRank::Plain,
        )
        .unwrap();
    }
    assert_eq!(both.build().unwrap_err(), InvalidPosition::BothArrived);
    // A tower twice, and a square twice.
    let mut b = full();
    let red = Tower::new(Player::Black, Colour::Red);
    assert_eq!(
        b.place(red, Square::E4, SumoRank::Plain).unwrap_err(),
        InvalidPosition::DuplicateTower(red)
    );
    let mut b2 = PositionBuilder::new();
    b2.place(red, Square::E4, SumoRank::Plain).unwrap();
    let blue = Tower::new(Player::White, Colour::Blue);
    assert_eq!(
        b2.place(blue, Square::E4, SumoRank::Plain).unwrap_err(),
        InvalidPosition::SquareTaken(Square::E4)
    );
    // A missing tower.
    assert_eq!(
        b2.build().unwrap_err(),
        InvalidPosition::MissingTower(Tower::new(Player::Black, Colour::Orange))
    );
    // The push mark needs a forced colour and a sumo of the side to move.
    b.after_push(true);
    assert_eq!(
        b.build().unwrap_err(),
        InvalidPosition::PushMarkWithoutForcedColour
    );
    b.forced(Some(Colour::Red));
    assert_eq!(
        b.build().unwrap_err(),
        InvalidPosition::PushMarkWithoutSumo(Player::Black)
    );
}

#[test]
fn towers_in_words() {
    assert_eq!(
        Tower::new(Player::Black, Colour::Red).to_string(),
        "black red"
    );
    assert_eq!(
        Tower::new(Player::White, Colour::Brown).to_string(),
        "white brown"
    );
}

/// Distinct positions have distinct hashes (a sample with sumos, forced
/// colours, free choices and push marks), and every part of a position
/// takes part in its hash.
#[test]
fn hashes_tell_positions_apart() {
    use test_support::oracle::DistinctHashes;
    let mut by_hash = DistinctHashes::new();
    let mut add = |p: Position| by_hash.add(p, p.zobrist_from_scratch());
    for p in match_positions(12, 4000) {
        add(p);
        // The same position with one tower at every rank.
        let (tower, _, _) = p.towers().next().unwrap();
        for rank in [
            SumoRank::Plain,
            SumoRank::Sumo,
            SumoRank::DoubleSumo,
            SumoRank::TripleSumo,
        ] {
            if let Ok(q) = p.with_rank(tower, rank) {
                add(q);
            }
        }
        // The same towers with every other forced colour or a free choice.
        for forced in Colour::ALL.map(Some).into_iter().chain([None]) {
            let mut b = kamisado_core::PositionBuilder::new();
            for (t, s, r) in p.towers() {
                b.place(t, s, r).unwrap();
            }
            b.side_to_move(p.side_to_move()).forced(forced);
            add(b.build().unwrap());
            b.side_to_move(p.side_to_move().opponent());
            add(b.build().unwrap());
        }
    }
    assert!(by_hash.len() >= 40_000, "{}", by_hash.len());
}

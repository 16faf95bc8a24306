//! Records of what the players of `game-search` played: every ending made
//! into a record that replays and reads back as written.

use game_records::{BoardSpec, KamisadoRecord, KatarengaRecord, RecordResult, Termination};
use game_search::play::{Adjudication, MatchEnd, play_game, play_match};
use game_search::{Agent, GreedyAgent, RandomAgent};
use kamisado_core::Game;
use kamisado_core::{Match, Player, Target};
use katarenga_core::{Board, Position, Rules, TilePlacement};

use crate::common::written_and_read_back;

#[test]
fn matches_of_every_length_and_forfeits() {
    let (mut normal, mut forfeits) = (0, 0);
    for seed in 0..40u64 {
        let target = Target::new(1 + (seed % 7) as u32).unwrap();
        let mut black = GreedyAgent::new(seed);
        // From seed 30 on, White gives no move after its third.
        let mut moves = 0u32;
        let mut random = RandomAgent::new(seed + 1);
        let mut white = |p: &kamisado_core::Position| {
            moves += 1;
            if seed >= 30 && moves > 3 {
                None
            } else {
                random.choose(p)
            }
        };
        let result = play_match(Match::new(target), [&mut black, &mut white], |_, _| {});
        let record = KamisadoRecord::from_match(&result);
        record
            .validate()
            .unwrap_or_else(|e| panic!("{seed}: {e}\n{record}"));
        written_and_read_back(&record);
        assert_eq!(
            record.result,
            RecordResult::Win(Player::ALL[result.winner.unwrap()])
        );
        assert_eq!(record.target, target);
        match result.end {
            MatchEnd::Completed => {
                normal += 1;
                assert_eq!(record.termination, Termination::Normal);
            }
            MatchEnd::Forfeit { .. } => {
                forfeits += 1;
                assert_eq!(record.termination, Termination::IllegalMove);
            }
        }
        let plies: usize = record.rounds.iter().map(|r| r.moves.len()).sum();
        let played: usize = result.games.iter().map(|r| r.moves.len()).sum();
        assert_eq!(plies, played);
    }
    assert!(normal >= 25 && forfeits >= 5, "{normal} {forfeits}");
}

#[test]
fn games_by_either_rule_and_every_ending() {
    let mut endings = std::collections::BTreeSet::new();
    for seed in 0..60u64 {
        let tiles =
            TilePlacement::arrangement((seed * 409) as u32 % TilePlacement::ARRANGEMENTS).unwrap();
        let board = Board::from_tiles(tiles).unwrap();
        let rules = Rules::ALL[seed as usize % Rules::ALL.len()];
        let mut start = Position::start_with(board, rules);
        // Some games from a later position (recorded with its Position tag).
        if seed % 3 == 0 {
            start = start.play(start.legal_moves()[0]);
        }
        let adjudication = Adjudication {
            repetitions: (seed % 4 != 3).then_some(2 + (seed % 2) as u32),
            max_plies: [10, 40, 300, 1_000][(seed % 4) as usize],
        };
        let mut first = GreedyAgent::new(seed);
        let mut second = |p: &Position| {
            if seed % 10 == 9 {
                None
            } else {
                p.legal_moves().first().copied()
            }
        };
        let game = play_game(start, [&mut first, &mut second], adjudication, |_, _| {});
        let record = KatarengaRecord::from_game(BoardSpec::Tiles(tiles), start, &game);
        record
            .validate()
            .unwrap_or_else(|e| panic!("{seed}: {e}\n{record}"));
        written_and_read_back(&record);
        assert_eq!(record.start_position().unwrap(), start);
        // The ending the record must state, from the moves replayed and
        // the adjudication rules (docs/protocol.md, "Adjudication"): the
        // rules' end with their winner; else a draw at the set number of
        // occurrences of the last position, or at the ply limit; else the
        // side to move gave no move (the second player, on seeds ending in
        // 9) and forfeits.
        let mut replayed = vec![start];
        for &mv in &game.moves {
            replayed.push(replayed.last().unwrap().play(mv));
        }
        let last = *replayed.last().unwrap();
        let occurrences = replayed.iter().filter(|&&p| p == last).count() as u32;
        let (expected, winner) = if last.is_over() {
            (Termination::Normal, last.winner())
        } else if adjudication
            .repetitions
            .is_some_and(|limit| occurrences >= limit)
        {
            (Termination::Repetition, None)
        } else if game.moves.len() >= adjudication.max_plies as usize {
            (Termination::PlyLimit, None)
        } else {
            assert_eq!(seed % 10, 9, "only the second player fails to move");
            assert_ne!(last.side_to_move(), start.side_to_move());
            (
                Termination::IllegalMove,
                Some(last.side_to_move().opponent()),
            )
        };
        assert_eq!(record.termination, expected, "{seed}");
        assert_eq!(record.result.winner(), winner, "{seed}");
        endings.insert(expected.name());
    }
    assert_eq!(endings.len(), 4, "{endings:?}");
}

/// A game played under each reading of the rules is recorded under that
/// reading, with the tag the rules page gives it, no `Position` tag (its
/// start is the reading's own), and reads back as written.
#[test]
fn a_record_of_each_reading_names_it_and_round_trips() {
    // The tag values of the rules page ("Game records").
    let page = [
        (Rules::Standard, "standard"),
        (Rules::NoFirstCapture, "no-first-capture"),
    ];
    for rules in Rules::ALL {
        let tiles = TilePlacement::arrangement(5).unwrap();
        let start = Position::start_with(Board::from_tiles(tiles).unwrap(), rules);
        let game = play_game(
            start,
            [&mut GreedyAgent::new(1), &mut RandomAgent::new(2)],
            Adjudication::default(),
            |_, _| {},
        );
        let record = KatarengaRecord::from_game(BoardSpec::Tiles(tiles), start, &game);
        assert_eq!(record.rules, rules);
        assert_eq!(record.start, None, "{rules}");
        let text = record.to_string();
        if let Some((_, tag)) = page.iter().find(|(r, _)| *r == rules) {
            assert!(text.contains(&format!("[Rules \"{tag}\"]")), "{text}");
        }
        let read: KatarengaRecord = text.parse().unwrap();
        assert_eq!(read, record);
        assert_eq!(read.start_position().unwrap(), start);
        read.validate().unwrap();
    }
}

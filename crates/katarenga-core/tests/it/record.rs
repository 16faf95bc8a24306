//! Game records: repetitions counted.

use katarenga_core::Game;
use katarenga_core::{Board, GameRecord, GameRecordError, Move, Position};

#[test]
fn a_game_record_counts_repetitions() {
    // On an all-blue board every piece moves like a king, so a move and
    // its reverse make a cycle.
    let board: Board = ["BBBBBBBB"; 8].join("/").parse().unwrap();
    let start = Position::start_on(board);
    let mut record = GameRecord::<16>::new(start);
    assert!(record.is_empty() && record.capacity() == 16);
    assert_eq!((record.occurrences(), record.is_repetition(2)), (1, false));
    let cycle: Vec<Move> = ["a8a7", "a1a2", "a7a8", "a2a1"]
        .iter()
        .map(|m| m.parse().unwrap())
        .collect();
    for round in 1..=3 {
        for &mv in &cycle {
            record.play(mv).unwrap();
        }
        assert_eq!(record.position(), &start);
        assert_eq!(record.occurrences(), round + 1);
        assert!(record.is_repetition(round + 1) && !record.is_repetition(round + 2));
    }
    assert_eq!(record.len(), 12);
    assert!(!record.is_empty());
    assert_eq!(record.moves()[..4], cycle[..]);
    assert_eq!(record.occurrences_of(&start.play(cycle[0])), 3);
    assert_eq!(record.start(), &start);
    // Undo walks back.
    assert_eq!(record.undo(), Some(cycle[3]));
    assert_eq!(record.occurrences(), 3);
    assert_eq!(
        record.position(),
        &start.play(cycle[0]).play(cycle[1]).play(cycle[2])
    );
    // An illegal move and a full record leave it unchanged.
    let before = record.clone();
    let refused = record.play("a1a3".parse().unwrap()).unwrap_err();
    let GameRecordError::Illegal(reason) = refused else {
        panic!("{refused:?}")
    };
    // The error prints the move's reason (not a bare "illegal move").
    assert_eq!(refused.to_string(), reason.to_string());
    assert_eq!(record, before);
    for &mv in cycle[3..].iter().chain(&cycle[..4]) {
        record.play(mv).unwrap();
    }
    assert_eq!(record.len(), 16);
    assert_eq!(
        record.play(cycle[0]),
        Err(GameRecordError::Full { capacity: 16 })
    );
    assert_eq!(record.len(), 16);
    let mut empty = GameRecord::<4>::new(start);
    assert_eq!(empty.undo(), None);
    assert_eq!(empty.position(), &start);
}

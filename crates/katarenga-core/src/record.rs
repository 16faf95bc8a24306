//! Repetition detection for callers who want it: the rules have no draw,
//! so this lives beside the engine, not in it.

use crate::Position;

/// A game record over a caller-supplied buffer of hashes: push each
/// position as it is reached and ask how often the current one has
/// occurred. Nothing is allocated.
///
/// ```
/// use katarenga_core::{Board, GameRecord, Position, SquareColour};
/// let mut buffer = [0u64; 256];
/// let mut record = GameRecord::new(&mut buffer);
/// // On an all-blue board every piece moves like a king.
/// let start = Position::start_on(Board::from_colours([SquareColour::Blue; 64]));
/// record.push(&start).unwrap();
/// let p = start.play("a8a7".parse().unwrap()).play("a1a2".parse().unwrap());
/// record.push(&p).unwrap();
/// let back = p.play("a7a8".parse().unwrap()).play("a2a1".parse().unwrap());
/// record.push(&back).unwrap();
/// assert_eq!(record.occurrences(&back), 2);
/// ```
#[derive(Debug)]
pub struct GameRecord<'a> {
    hashes: &'a mut [u64],
    len: usize,
}

/// The record's buffer is full.
#[derive(Debug, Clone, Copy, PartialEq, Eq, thiserror::Error)]
#[error("the game record's buffer of {capacity} positions is full")]
pub struct RecordFull {
    /// The buffer's capacity.
    pub capacity: usize,
}

impl<'a> GameRecord<'a> {
    /// An empty record that stores hashes in `buffer`.
    pub fn new(buffer: &'a mut [u64]) -> GameRecord<'a> {
        GameRecord {
            hashes: buffer,
            len: 0,
        }
    }

    /// Records `position`.
    ///
    /// # Errors
    /// [`RecordFull`] when the buffer has no room left.
    pub fn push(&mut self, position: &Position) -> Result<(), RecordFull> {
        let slot = self
            .hashes
            .get_mut(self.len)
            .ok_or(RecordFull { capacity: self.len })?;
        *slot = position.hash();
        self.len += 1;
        Ok(())
    }

    /// Forgets the last recorded position (for undo), if any.
    pub fn pop(&mut self) {
        self.len = self.len.saturating_sub(1);
    }

    /// How many recorded positions have the hash of `position`.
    pub fn occurrences(&self, position: &Position) -> usize {
        let hash = position.hash();
        self.hashes[..self.len]
            .iter()
            .filter(|&&h| h == hash)
            .count()
    }

    /// The number of recorded positions.
    pub fn len(&self) -> usize {
        self.len
    }

    /// Whether nothing has been recorded.
    pub fn is_empty(&self) -> bool {
        self.len == 0
    }
}

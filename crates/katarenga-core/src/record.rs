//! A game record that detects repetitions. The rules have no draw, so this
//! lives beside the engine: programs that want to stop endless games use it
//! to see a position come back.

use arrayvec::ArrayVec;

use crate::{Game, IllegalMove, Move, Position};

/// A game from its start position: the moves played and every position
/// reached, in fixed-capacity storage (at most `N` moves; nothing is
/// allocated). It plays moves with their legality checked, takes them back,
/// and counts how often a position has occurred, comparing whole positions
/// (not only hashes).
///
/// With the `serde` feature a record serialises as its start and its moves
/// and deserialises by replaying them (each move checked).
///
/// ```
/// use katarenga_core::{Board, GameRecord, Position, SquareColour};
/// // On an all-blue board every piece moves like a king.
/// let start = Position::start_on(Board::from_colours([SquareColour::Blue; 64]));
/// let mut record = GameRecord::<64>::new(start);
/// for mv in ["a8a7", "a1a2", "a7a8", "a2a1"] {
///     record.play(mv.parse()?)?;
/// }
/// assert_eq!(record.position(), &start);
/// assert_eq!(record.occurrences(), 2);
/// assert!(record.is_repetition(2));
/// assert_eq!(record.undo(), Some("a2a1".parse()?));
/// assert_eq!(record.occurrences(), 1);
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
#[derive(Debug, Clone, PartialEq, Eq, Hash)]
pub struct GameRecord<const N: usize = 512> {
    start: Position,
    moves: ArrayVec<Move, N>,
    /// The position after each move.
    positions: ArrayVec<Position, N>,
}

/// Why a move could not be added to a [`GameRecord`].
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, thiserror::Error)]
pub enum GameRecordError {
    /// The move is illegal in the record's current position. It prints as
    /// the [`IllegalMove`] it holds, whose causes are its own.
    #[error(transparent)]
    Illegal(IllegalMove),
    /// The record holds as many moves as it can.
    #[error("the game record is full: it holds at most {capacity} moves")]
    Full {
        /// The record's capacity, in moves.
        capacity: usize,
    },
}

impl<const N: usize> GameRecord<N> {
    /// An empty record of a game from `start`.
    #[must_use]
    pub fn new(start: Position) -> GameRecord<N> {
        GameRecord {
            start,
            moves: ArrayVec::new(),
            positions: ArrayVec::new(),
        }
    }

    /// The position the game started from.
    #[must_use]
    pub fn start(&self) -> &Position {
        &self.start
    }

    /// The current position: after the last move, or the start.
    #[must_use]
    pub fn position(&self) -> &Position {
        self.positions.last().unwrap_or(&self.start)
    }

    /// The moves played, in order.
    #[must_use]
    pub fn moves(&self) -> &[Move] {
        &self.moves
    }

    /// The number of moves played.
    #[must_use]
    pub fn len(&self) -> usize {
        self.moves.len()
    }

    /// Whether no move has been played.
    #[must_use]
    pub fn is_empty(&self) -> bool {
        self.moves.is_empty()
    }

    /// The most moves the record holds, `N`.
    #[must_use]
    pub const fn capacity(&self) -> usize {
        N
    }

    /// Plays `mv` in the current position and records it; returns the new
    /// current position.
    ///
    /// # Errors
    /// [`GameRecordError::Illegal`] if the move is illegal (the game may be
    /// over), [`GameRecordError::Full`] if the record holds `N` moves already.
    /// The record is unchanged either way.
    pub fn play(&mut self, mv: Move) -> Result<&Position, GameRecordError> {
        if self.moves.is_full() {
            return Err(GameRecordError::Full { capacity: N });
        }
        let next = self
            .position()
            .try_play(mv)
            .map_err(GameRecordError::Illegal)?;
        self.moves.push(mv);
        self.positions.push(next);
        Ok(self.position())
    }

    /// Takes back the last move and returns it (`None` at the start).
    pub fn undo(&mut self) -> Option<Move> {
        self.positions.pop();
        self.moves.pop()
    }

    /// How many times `position` occurs in the game so far, the start
    /// included.
    #[must_use]
    pub fn occurrences_of(&self, position: &Position) -> usize {
        core::iter::once(&self.start)
            .chain(&self.positions)
            .filter(|p| *p == position)
            .count()
    }

    /// How many times the current position has occurred, itself included
    /// (1 for a position seen for the first time).
    #[must_use]
    pub fn occurrences(&self) -> usize {
        self.occurrences_of(self.position())
    }

    /// Whether the current position has occurred at least `times` times
    /// (itself included): `is_repetition(3)` is the usual threefold
    /// repetition.
    #[must_use]
    pub fn is_repetition(&self, times: usize) -> bool {
        self.occurrences() >= times
    }
}

#[cfg(feature = "serde")]
mod serde_impls {
    use arrayvec::ArrayVec;
    use serde::de::Error as _;
    use serde::ser::SerializeStruct;
    use serde::{Deserialize, Deserializer, Serialize, Serializer};

    use super::GameRecord;
    use crate::{Move, Position};

    impl<const N: usize> Serialize for GameRecord<N> {
        fn serialize<S: Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
            let mut record = serializer.serialize_struct("GameRecord", 2)?;
            record.serialize_field("start", &self.start)?;
            record.serialize_field("moves", self.moves.as_slice())?;
            record.end()
        }
    }

    #[derive(Deserialize)]
    #[serde(rename = "GameRecord")]
    struct Data<const N: usize> {
        start: Position,
        moves: ArrayVec<Move, N>,
    }

    impl<'de, const N: usize> Deserialize<'de> for GameRecord<N> {
        /// Replays the moves from the start, each checked.
        fn deserialize<D: Deserializer<'de>>(deserializer: D) -> Result<GameRecord<N>, D::Error> {
            let data = Data::<N>::deserialize(deserializer)?;
            let mut record = GameRecord::new(data.start);
            for (ply, &mv) in data.moves.iter().enumerate() {
                record.play(mv).map_err(|e| {
                    D::Error::custom(format_args!(
                        "move {} ({mv}) of the record: {}",
                        ply + 1,
                        board_geometry::ErrorChain(&e)
                    ))
                })?;
            }
            Ok(record)
        }
    }
}

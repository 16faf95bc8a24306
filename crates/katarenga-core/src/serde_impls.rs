//! Serde support (feature `serde`) for the types with a notation:
//! positions, boards and moves serialise as their notation strings, and
//! deserialising validates them. The value types without a notation derive
//! their impls where they are defined.

board_geometry::serde_as_notation! {
    crate::Position => "a Katarenga position: colours, pieces, side and camps",
    crate::Board => "a Katarenga board: 8 ranks of R/Y/B/G letters separated by '/'",
    crate::Move => "a Katarenga move such as \"c1d3\" or \"e8h9\"",
}

// Every error: `{"kind": ..., "message": ...}`, the message with its causes.
board_geometry::serde_as_error!(
    crate::BoardError,
    crate::ParseBoardError,
    crate::Unreachable,
    crate::ParseMoveError,
    crate::ParsePositionError,
    crate::IllegalMove,
    crate::UnknownRules,
    crate::InvalidPosition,
    crate::GameRecordError,
    crate::RematchError,
);

//! Serde support (feature `serde`) for the types with a notation: positions
//! and moves serialise as their notation strings, and deserialising
//! validates them with the parsers. The value types without a notation
//! derive their impls where they are defined.

board_geometry::serde_as_notation! {
    crate::Position => "a Kamisado position such as \"obpkyrgn/8/8/8/8/8/8/NGRYKPBO b -\"",
    crate::Move => "a Kamisado move such as \"d1d7\"",
}

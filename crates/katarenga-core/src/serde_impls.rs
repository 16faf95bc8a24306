//! Serde support (feature `serde`): positions, boards and moves serialise as
//! their notation strings, and deserialising validates them.

use board_geometry::serde_support::{FromStrVisitor, serialize_display};
use serde::{Deserialize, Deserializer, Serialize, Serializer};

use crate::{Board, Move, Position};

macro_rules! as_notation {
    ($($ty:ty => $expecting:literal),* $(,)?) => {$(
        impl Serialize for $ty {
            fn serialize<S: Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
                serialize_display(self, serializer)
            }
        }

        impl<'de> Deserialize<'de> for $ty {
            fn deserialize<D: Deserializer<'de>>(deserializer: D) -> Result<$ty, D::Error> {
                deserializer.deserialize_str(FromStrVisitor::new($expecting))
            }
        }
    )*};
}

as_notation! {
    Position => "a Katarenga position in the notation of RULES.md 2.5",
    Board => "a Katarenga board: 8 ranks of R/Y/B/G letters separated by '/'",
    Move => "a Katarenga move such as \"c1d3\" or \"e8h9\"",
}

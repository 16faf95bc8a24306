//! Serde support (feature `serde`): positions and moves serialise as their
//! notation strings, and deserialising validates them with the parsers.

use board_geometry::serde_support::{FromStrVisitor, serialize_display};
use serde::{Deserialize, Deserializer, Serialize, Serializer};

use crate::{Move, Position};

impl Serialize for Position {
    fn serialize<S: Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        serialize_display(self, serializer)
    }
}

impl<'de> Deserialize<'de> for Position {
    fn deserialize<D: Deserializer<'de>>(deserializer: D) -> Result<Position, D::Error> {
        deserializer.deserialize_str(FromStrVisitor::new(
            "a Kamisado position in the notation of RULES.md 1.9",
        ))
    }
}

impl Serialize for Move {
    fn serialize<S: Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        serialize_display(self, serializer)
    }
}

impl<'de> Deserialize<'de> for Move {
    fn deserialize<D: Deserializer<'de>>(deserializer: D) -> Result<Move, D::Error> {
        deserializer.deserialize_str(FromStrVisitor::new("a Kamisado move such as \"d1d7\""))
    }
}

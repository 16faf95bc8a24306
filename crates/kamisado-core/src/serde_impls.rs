//! Serde support (feature `serde`): positions and moves serialise as their
//! notation strings, and deserialising validates them with the parsers.

use core::fmt::{self, Write};

use serde::de::{Error, Visitor};
use serde::{Deserialize, Deserializer, Serialize, Serializer};

use crate::{Move, Position};

/// A fixed buffer that formats without allocating. 160 bytes hold the
/// longest position notation: 64 squares' worth of letters and digits,
/// 48 `+` marks, 7 slashes and the 5 bytes of the other fields.
struct Buffer {
    bytes: [u8; 160],
    len: usize,
}

impl Write for Buffer {
    fn write_str(&mut self, s: &str) -> fmt::Result {
        let end = self.len + s.len();
        let slot = self.bytes.get_mut(self.len..end).ok_or(fmt::Error)?;
        slot.copy_from_slice(s.as_bytes());
        self.len = end;
        Ok(())
    }
}

fn serialize_display<S: Serializer>(
    value: &dyn fmt::Display,
    serializer: S,
) -> Result<S::Ok, S::Error> {
    let mut buffer = Buffer {
        bytes: [0; 160],
        len: 0,
    };
    write!(buffer, "{value}").map_err(serde::ser::Error::custom)?;
    let text =
        core::str::from_utf8(&buffer.bytes[..buffer.len]).map_err(serde::ser::Error::custom)?;
    serializer.serialize_str(text)
}

struct NotationVisitor<T>(core::marker::PhantomData<T>, &'static str);

impl<T> Visitor<'_> for NotationVisitor<T>
where
    T: core::str::FromStr,
    T::Err: fmt::Display,
{
    type Value = T;

    fn expecting(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.1)
    }

    fn visit_str<E: Error>(self, v: &str) -> Result<T, E> {
        v.parse().map_err(E::custom)
    }
}

impl Serialize for Position {
    fn serialize<S: Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        serialize_display(self, serializer)
    }
}

impl<'de> Deserialize<'de> for Position {
    fn deserialize<D: Deserializer<'de>>(deserializer: D) -> Result<Position, D::Error> {
        deserializer.deserialize_str(NotationVisitor(
            core::marker::PhantomData,
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
        deserializer.deserialize_str(NotationVisitor(
            core::marker::PhantomData,
            "a Kamisado move such as \"d1d7\"",
        ))
    }
}

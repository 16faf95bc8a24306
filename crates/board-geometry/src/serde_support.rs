//! Helpers for serialising values as their notation strings without
//! allocating (feature `serde`). The game crates use them for positions and
//! moves; they are public so that other notation types can do the same.

use core::fmt::{self, Write};
use core::marker::PhantomData;
use core::str::FromStr;

use serde::Serializer;
use serde::de::{Error, Visitor};

/// The longest text [`serialize_display`] can write, in bytes.
pub const MAX_NOTATION_LEN: usize = 256;

struct Buffer {
    bytes: [u8; MAX_NOTATION_LEN],
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

/// Serialises `value` as the string its `Display` writes, formatted into a
/// stack buffer of [`MAX_NOTATION_LEN`] bytes.
///
/// # Errors
/// The serializer's error if the text is longer than the buffer or the
/// serializer fails.
pub fn serialize_display<S: Serializer>(
    value: &dyn fmt::Display,
    serializer: S,
) -> Result<S::Ok, S::Error> {
    let mut buffer = Buffer {
        bytes: [0; MAX_NOTATION_LEN],
        len: 0,
    };
    write!(buffer, "{value}")
        .map_err(|_| serde::ser::Error::custom("notation longer than MAX_NOTATION_LEN bytes"))?;
    // Only whole `&str`s were copied in, so the bytes are UTF-8.
    let text =
        core::str::from_utf8(&buffer.bytes[..buffer.len]).map_err(serde::ser::Error::custom)?;
    serializer.serialize_str(text)
}

/// A serde visitor that parses a string with `T`'s `FromStr`, reporting the
/// parse error's message. `expecting` describes the notation.
pub struct FromStrVisitor<T> {
    expecting: &'static str,
    marker: PhantomData<T>,
}

impl<T> FromStrVisitor<T> {
    /// A visitor whose error messages say it expected `expecting`.
    pub const fn new(expecting: &'static str) -> FromStrVisitor<T> {
        FromStrVisitor {
            expecting,
            marker: PhantomData,
        }
    }
}

impl<T> Visitor<'_> for FromStrVisitor<T>
where
    T: FromStr,
    T::Err: fmt::Display,
{
    type Value = T;

    fn expecting(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.expecting)
    }

    fn visit_str<E: Error>(self, v: &str) -> Result<T, E> {
        v.parse().map_err(E::custom)
    }
}

//! Helpers for serialising values as their notation strings without
//! allocating (feature `serde`). The game crates use them, through
//! [`serde_as_notation!`](crate::serde_as_notation!), for positions, moves,
//! squares and boards; they are public so that other notation types can do
//! the same.

/// The `serde` crate, for [`serde_as_notation!`](crate::serde_as_notation!)'s
/// expansion in crates that name it differently.
#[doc(hidden)]
pub use serde;

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
/// parse error with its causes. `expecting` describes the notation.
pub struct FromStrVisitor<T> {
    expecting: &'static str,
    marker: PhantomData<T>,
}

impl<T> FromStrVisitor<T> {
    /// A visitor whose error messages say it expected `expecting`.
    #[must_use]
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
    T::Err: core::error::Error,
{
    type Value = T;

    fn expecting(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.expecting)
    }

    /// Parses `v`; the error message is the parse error with its causes
    /// ([`ErrorChain`](crate::ErrorChain)).
    fn visit_str<E: Error>(self, v: &str) -> Result<T, E> {
        v.parse()
            .map_err(|e: T::Err| E::custom(crate::ErrorChain(&e)))
    }
}

/// Implements `Serialize` and `Deserialize` for types that have a notation:
/// a value serialises as the string its `Display` writes (without
/// allocating) and deserialises through its `FromStr`, so that stored data
/// is readable and validated on the way in. Each type is followed by what a
/// deserialisation error says was expected. The `FromStr` error must be an
/// error type; a failed deserialisation reports it with its causes.
///
/// ```
/// use core::fmt;
/// use core::str::FromStr;
/// use board_geometry::ParseNameError;
///
/// #[derive(Debug, PartialEq)]
/// struct Dice(u8);
/// impl fmt::Display for Dice {
///     fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
///         write!(f, "d{}", self.0)
///     }
/// }
/// impl FromStr for Dice {
///     type Err = ParseNameError;
///     fn from_str(s: &str) -> Result<Dice, ParseNameError> {
///         s.strip_prefix('d')
///             .and_then(|n| n.parse().ok())
///             .map(Dice)
///             .ok_or(ParseNameError { what: "die", expected: "d and a number" })
///     }
/// }
/// board_geometry::serde_as_notation!(Dice => "a die such as \"d6\"");
/// ```
#[macro_export]
macro_rules! serde_as_notation {
    ($($ty:ty => $expecting:literal),* $(,)?) => {$(
        impl $crate::serde_support::serde::Serialize for $ty {
            fn serialize<S: $crate::serde_support::serde::Serializer>(
                &self,
                serializer: S,
            ) -> ::core::result::Result<S::Ok, S::Error> {
                $crate::serde_support::serialize_display(self, serializer)
            }
        }

        impl<'de> $crate::serde_support::serde::Deserialize<'de> for $ty {
            fn deserialize<D: $crate::serde_support::serde::Deserializer<'de>>(
                deserializer: D,
            ) -> ::core::result::Result<$ty, D::Error> {
                deserializer.deserialize_str($crate::serde_support::FromStrVisitor::new($expecting))
            }
        }
    )*};
}

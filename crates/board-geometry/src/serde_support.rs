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

/// Serde for a `u64` that JavaScript must read exactly (a bitboard, a
/// generator's state, a hash): a human-readable format (JSON) gets a
/// string of `0x` and 16 hex digits, since a JSON number above 2^53 is
/// silently rounded by JavaScript; a binary format gets the number. Reading
/// takes either, so data written as a number before stays readable. Use it
/// as `#[serde(with = "board_geometry::serde_support::u64_hex")]`.
///
/// ```
/// #[derive(serde::Serialize, serde::Deserialize, PartialEq, Debug)]
/// struct Hash(#[serde(with = "board_geometry::serde_support::u64_hex")] u64);
/// let json = serde_json::to_string(&Hash(u64::MAX - 1))?;
/// assert_eq!(json, r#""0xfffffffffffffffe""#);
/// assert_eq!(serde_json::from_str::<Hash>(&json)?, Hash(u64::MAX - 1));
/// assert_eq!(serde_json::from_str::<Hash>("42")?, Hash(42));
/// assert!(serde_json::from_str::<Hash>(r#""0x1g""#).is_err());
/// # Ok::<(), serde_json::Error>(())
/// ```
pub mod u64_hex {
    use core::fmt;

    use serde::de::{Error, Visitor};
    use serde::{Deserializer, Serializer};

    struct Hex(u64);

    impl fmt::Display for Hex {
        fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
            write!(f, "{:#018x}", self.0)
        }
    }

    /// Writes `value` (see the [module](self)).
    ///
    /// # Errors
    /// The serializer's.
    #[allow(clippy::trivially_copy_pass_by_ref)] // serde's `with` passes a reference
    pub fn serialize<S: Serializer>(value: &u64, serializer: S) -> Result<S::Ok, S::Error> {
        if serializer.is_human_readable() {
            super::serialize_display(&Hex(*value), serializer)
        } else {
            serializer.serialize_u64(*value)
        }
    }

    struct HexVisitor;

    impl Visitor<'_> for HexVisitor {
        type Value = u64;

        fn expecting(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
            f.write_str("a 64-bit number, or a string of 0x and up to 16 hex digits")
        }

        fn visit_u64<E: Error>(self, v: u64) -> Result<u64, E> {
            Ok(v)
        }

        fn visit_i64<E: Error>(self, v: i64) -> Result<u64, E> {
            u64::try_from(v).map_err(|_| E::custom("a negative number is not a 64-bit set"))
        }

        fn visit_str<E: Error>(self, v: &str) -> Result<u64, E> {
            let digits = v
                .strip_prefix("0x")
                .ok_or_else(|| E::custom("expected a string starting with 0x"))?;
            if digits.is_empty() || digits.len() > 16 {
                return Err(E::custom("expected 1 to 16 hex digits after 0x"));
            }
            u64::from_str_radix(digits, 16)
                .map_err(|_| E::custom("expected only hex digits (0-9, a-f) after 0x"))
        }
    }

    /// Reads a value written by [`serialize`], or a plain number.
    ///
    /// # Errors
    /// The deserializer's, or a string that is not `0x` and 1 to 16 hex
    /// digits.
    pub fn deserialize<'de, D: Deserializer<'de>>(deserializer: D) -> Result<u64, D::Error> {
        if deserializer.is_human_readable() {
            deserializer.deserialize_any(HexVisitor)
        } else {
            deserializer.deserialize_u64(HexVisitor)
        }
    }
}

/// An error's `Serialize` ([`serde_as_error!`](crate::serde_as_error!)):
/// `{"kind": "...", "message": "..."}`, the kind being the variant's name
/// (a struct error: the type's name) in snake case and the message the
/// error with its causes ([`ErrorChain`](crate::ErrorChain)).
///
/// # Errors
/// The serializer's, or a kind longer than 64 bytes.
pub fn serialize_error<S: Serializer>(
    error: &(dyn core::error::Error + 'static),
    serializer: S,
) -> Result<S::Ok, S::Error> {
    use serde::ser::SerializeStruct;

    struct Displayed<'a>(&'a dyn fmt::Display);
    impl serde::Serialize for Displayed<'_> {
        fn serialize<S: Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
            serializer.collect_str(self.0)
        }
    }

    let mut kind = KindWriter {
        bytes: [0; 64],
        len: 0,
        done: false,
        overflow: false,
    };
    // The derived `Debug` starts with the variant's (or type's) name; the
    // writer stops the formatting once it has it.
    let _ = write!(kind, "{error:?}");
    if kind.overflow {
        return Err(serde::ser::Error::custom("error kind longer than 64 bytes"));
    }
    let kind = core::str::from_utf8(&kind.bytes[..kind.len]).map_err(serde::ser::Error::custom)?;
    let mut s = serializer.serialize_struct("Error", 2)?;
    s.serialize_field("kind", kind)?;
    s.serialize_field("message", &Displayed(&crate::ErrorChain(error)))?;
    s.end()
}

/// Takes the leading identifier of a `Debug` text, in snake case.
struct KindWriter {
    bytes: [u8; 64],
    len: usize,
    done: bool,
    overflow: bool,
}

impl KindWriter {
    fn push(&mut self, byte: u8) -> fmt::Result {
        let Some(slot) = self.bytes.get_mut(self.len) else {
            self.overflow = true;
            return Err(fmt::Error);
        };
        *slot = byte;
        self.len += 1;
        Ok(())
    }
}

impl Write for KindWriter {
    fn write_str(&mut self, s: &str) -> fmt::Result {
        for byte in s.bytes() {
            if self.done || !(byte.is_ascii_alphanumeric() || byte == b'_') {
                self.done = true;
                return Err(fmt::Error);
            }
            if byte.is_ascii_uppercase() && self.len > 0 {
                self.push(b'_')?;
            }
            self.push(byte.to_ascii_lowercase())?;
        }
        Ok(())
    }
}

/// Implements `Serialize` for error types: each serialises as
/// `{"kind": "...", "message": "..."}` ([`serialize_error`]), the one
/// shape of every error of the workspace, so that a client tells errors
/// apart by `kind` and shows `message`, which carries the causes. Errors
/// are reports, not values to store: they have no `Deserialize`.
///
/// ```
/// #[derive(Debug, thiserror::Error)]
/// enum DiceError {
///     #[error("no die has {0} sides")]
///     NoSuchDie(u8),
/// }
/// board_geometry::serde_as_error!(DiceError);
/// let json = serde_json::to_string(&DiceError::NoSuchDie(7))?;
/// assert_eq!(json, r#"{"kind":"no_such_die","message":"no die has 7 sides"}"#);
/// # Ok::<(), serde_json::Error>(())
/// ```
#[macro_export]
macro_rules! serde_as_error {
    ($($ty:ty),* $(,)?) => {$(
        impl $crate::serde_support::serde::Serialize for $ty {
            fn serialize<S: $crate::serde_support::serde::Serializer>(
                &self,
                serializer: S,
            ) -> ::core::result::Result<S::Ok, S::Error> {
                $crate::serde_support::serialize_error(self, serializer)
            }
        }
    )*};
}

crate::serde_as_error!(
    crate::GridError,
    crate::ParseNameError,
    crate::ParseSquareError
);

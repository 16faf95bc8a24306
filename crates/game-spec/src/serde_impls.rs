//! Serde: a game, a set-up and a spec as their text forms.

use core::fmt::Display;
use core::str::FromStr;

use serde::{Deserialize, Deserializer, Serialize, Serializer, de};

use crate::{GameId, GameSpec};

fn as_text<T: Display, S: Serializer>(value: &T, serializer: S) -> Result<S::Ok, S::Error> {
    serializer.collect_str(value)
}

fn from_text<'de, T, D>(deserializer: D) -> Result<T, D::Error>
where
    T: FromStr<Err: Display>,
    D: Deserializer<'de>,
{
    let text = <std::borrow::Cow<'de, str>>::deserialize(deserializer)?;
    text.parse().map_err(de::Error::custom)
}

impl Serialize for GameId {
    fn serialize<S: Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        as_text(self, serializer)
    }
}

impl<'de> Deserialize<'de> for GameId {
    fn deserialize<D: Deserializer<'de>>(deserializer: D) -> Result<GameId, D::Error> {
        from_text(deserializer)
    }
}

impl Serialize for GameSpec {
    fn serialize<S: Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        as_text(self, serializer)
    }
}

impl<'de> Deserialize<'de> for GameSpec {
    fn deserialize<D: Deserializer<'de>>(deserializer: D) -> Result<GameSpec, D::Error> {
        from_text(deserializer)
    }
}

// Every error: `{"kind": ..., "message": ...}`, the message with its causes.
kamisado_core::board_geometry::serde_as_error!(
    crate::AnyError,
    crate::SpecError,
    crate::UnknownGame
);

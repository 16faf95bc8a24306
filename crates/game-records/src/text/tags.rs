//! The tag pairs: the header every record has, reading the tags out one
//! by one, and writing them.

use std::fmt::{self, Write as _};

use kamisado_core::Player;

use super::{ErrorKind, Location, RecordError};

/// The tag pairs every record has (PGN's roster, with the game's two
/// players), and any others, kept in their order.
#[derive(Debug, Clone, PartialEq, Eq, Hash)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub struct Header {
    /// `Event`: the tournament or occasion (`?` if unknown).
    pub event: String,
    /// `Site`: where it was played (`?` if unknown).
    pub site: String,
    /// `Date`: `YYYY.MM.DD`, with `??` for unknown parts.
    pub date: String,
    /// `Black`: Black's player.
    pub black: String,
    /// `White`: White's player.
    pub white: String,
    /// Any other tags, in order (names of letters, digits and `_`).
    pub other: Vec<(String, String)>,
}

impl Default for Header {
    fn default() -> Header {
        Header {
            event: "?".into(),
            site: "?".into(),
            date: "????.??.??".into(),
            black: "?".into(),
            white: "?".into(),
            other: Vec::new(),
        }
    }
}

impl Header {
    /// The player's name.
    #[must_use]
    pub fn player(&self, player: Player) -> &str {
        match player {
            Player::Black => &self.black,
            Player::White => &self.white,
        }
    }
}

/// Writes one tag pair, escaping `\` and `"`.
pub(crate) fn write_tag(out: &mut String, name: &str, value: &str) {
    let mut escaped = String::with_capacity(value.len());
    for c in value.chars() {
        if matches!(c, '"' | '\\') {
            escaped.push('\\');
        }
        // A tag stays on one line.
        escaped.push(if c == '\n' || c == '\r' { ' ' } else { c });
    }
    let _ = writeln!(out, "[{name} \"{escaped}\"]");
}

/// The tags of a record, taken out one by one by the game's reader.
pub(crate) struct Tags {
    tags: Vec<(Location, String, String)>,
    pub(crate) start: Location,
}

impl Tags {
    pub(crate) fn new(
        tags: Vec<(Location, String, String)>,
        start: Location,
    ) -> Result<Tags, RecordError> {
        for (i, (at, name, _)) in tags.iter().enumerate() {
            if tags[..i].iter().any(|(_, n, _)| n == name) {
                return Err(RecordError::at(*at, ErrorKind::DuplicateTag(name.clone())));
            }
        }
        Ok(Tags { tags, start })
    }

    /// Takes the tag `name` out, if present.
    pub(crate) fn take(&mut self, name: &str) -> Option<(Location, String)> {
        let i = self.tags.iter().position(|(_, n, _)| n == name)?;
        let (at, _, value) = self.tags.remove(i);
        Some((at, value))
    }

    /// Takes out and parses a tag the game needs.
    pub(crate) fn required<T, E: fmt::Display>(
        &mut self,
        name: &'static str,
        parse: impl FnOnce(&str) -> Result<T, E>,
    ) -> Result<(Location, T), RecordError> {
        self.optional(name, parse)?
            .ok_or(RecordError::at(self.start, ErrorKind::MissingTag(name)))
    }

    /// The tag `name` read by `parse`, if it is there.
    pub(crate) fn optional<T, E: fmt::Display>(
        &mut self,
        name: &'static str,
        parse: impl FnOnce(&str) -> Result<T, E>,
    ) -> Result<Option<(Location, T)>, RecordError> {
        let Some((at, value)) = self.take(name) else {
            return Ok(None);
        };
        parse(&value).map(|v| Some((at, v))).map_err(|e| {
            RecordError::at(
                at,
                ErrorKind::TagValue {
                    tag: name,
                    value: value.clone(),
                    reason: e.to_string(),
                },
            )
        })
    }

    /// The header: the roster's tags (`?` where absent) and the others.
    pub(crate) fn header(mut self) -> Header {
        let mut field = |name: &str, default: &str| {
            self.take(name)
                .map_or_else(|| default.to_string(), |(_, v)| v)
        };
        let defaults = Header::default();
        let event = field("Event", &defaults.event);
        let site = field("Site", &defaults.site);
        let date = field("Date", &defaults.date);
        let black = field("Black", &defaults.black);
        let white = field("White", &defaults.white);
        Header {
            event,
            site,
            date,
            black,
            white,
            other: self.tags.into_iter().map(|(_, n, v)| (n, v)).collect(),
        }
    }
}

/// Writes the roster's tags; `first` is the player who moves first (its
/// tag comes first).
pub(crate) fn write_roster(out: &mut String, header: &Header, first: Player) {
    write_tag(out, "Event", &header.event);
    write_tag(out, "Site", &header.site);
    write_tag(out, "Date", &header.date);
    for player in [first, first.opponent()] {
        let name = match player {
            Player::Black => "Black",
            Player::White => "White",
        };
        write_tag(out, name, header.player(player));
    }
}

/// Writes the other tags, skipping any whose name is not a tag name or
/// is one the record writes itself (`written`).
pub(crate) fn write_others(out: &mut String, header: &Header, written: impl Fn(&str) -> bool) {
    for (name, value) in &header.other {
        let valid = !name.is_empty() && name.chars().all(|c| c.is_ascii_alphanumeric() || c == '_');
        if valid && !written(name) {
            write_tag(out, name, value);
        }
    }
}

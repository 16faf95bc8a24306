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

    /// The `Date` tag of the day (UTC) of a time in milliseconds since the
    /// Unix epoch: `YYYY.MM.DD`.
    ///
    /// ```
    /// # use game_records::Header;
    /// assert_eq!(Header::date_of(951_782_400_000), "2000.02.29");
    /// ```
    #[must_use]
    pub fn date_of(unix_ms: u64) -> String {
        let days = i64::try_from(unix_ms / 86_400_000).unwrap_or(i64::MAX / 2);
        let (y, m, d) = civil_from_days(days);
        format!("{y:04}.{m:02}.{d:02}")
    }

    /// The start (UTC) of the day a full `Date` tag names (`YYYY.MM.DD`,
    /// no `??`), in milliseconds since the Unix epoch; `None` for a text
    /// that is not a day of the calendar from 1970 to 9999.
    ///
    /// ```
    /// # use game_records::Header;
    /// assert_eq!(Header::day_start_ms("2000.02.29"), Some(951_782_400_000));
    /// assert_eq!(Header::day_start_ms("2001.02.29"), None);
    /// ```
    #[must_use]
    pub fn day_start_ms(date: &str) -> Option<u64> {
        let mut parts = date.split('.');
        let mut number = |digits: usize, range: core::ops::RangeInclusive<i64>| {
            parts
                .next()
                .filter(|p| p.len() == digits && p.bytes().all(|b| b.is_ascii_digit()))
                .and_then(|p| p.parse().ok())
                .filter(|n| range.contains(n))
        };
        let (y, m, d) = (
            number(4, 1970..=9999)?,
            number(2, 1..=12)?,
            number(2, 1..=31)?,
        );
        if parts.next().is_some() {
            return None;
        }
        let days = days_from_civil(y, m, d);
        (civil_from_days(days) == (y, m, d))
            .then(|| u64::try_from(days * 86_400_000).ok())
            .flatten()
    }
}

/// The proleptic Gregorian date of a day counted from 1970-01-01 (Howard
/// Hinnant's algorithm: days are counted in 400-year eras from 0000-03-01,
/// so that the leap day ends each year).
fn civil_from_days(days: i64) -> (i64, i64, i64) {
    let z = days + 719_468;
    let era = z.div_euclid(146_097);
    let doe = z.rem_euclid(146_097);
    let yoe = (doe - doe / 1_460 + doe / 36_524 - doe / 146_096) / 365;
    let doy = doe - (365 * yoe + yoe / 4 - yoe / 100);
    let mp = (5 * doy + 2) / 153;
    let d = doy - (153 * mp + 2) / 5 + 1;
    let m = if mp < 10 { mp + 3 } else { mp - 9 };
    (yoe + era * 400 + i64::from(m <= 2), m, d)
}

/// The day counted from 1970-01-01 of a proleptic Gregorian date.
fn days_from_civil(y: i64, m: i64, d: i64) -> i64 {
    let y = if m <= 2 { y - 1 } else { y };
    let era = y.div_euclid(400);
    let yoe = y - era * 400;
    let doy = (153 * ((m + 9) % 12) + 2) / 5 + d - 1;
    let doe = yoe * 365 + yoe / 4 - yoe / 100 + doy;
    era * 146_097 + doe - 719_468
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

#[cfg(test)]
mod dates {
    use super::Header;

    #[test]
    fn dates_are_the_calendars_both_ways() {
        // Known from outside (Python's datetime): the epoch, a leap day, a
        // century year that is not leap, and a recent day.
        for (ms, date) in [
            (0, "1970.01.01"),
            (951_782_400_000, "2000.02.29"),
            (4_107_456_000_000, "2100.02.28"),
            (4_107_542_400_000, "2100.03.01"),
            (1_796_601_600_000, "2026.12.07"),
        ] {
            assert_eq!(Header::date_of(ms), date);
            assert_eq!(Header::date_of(ms + 86_399_999), date);
            assert_eq!(Header::day_start_ms(date), Some(ms));
        }
        for bad in [
            "2026.02.29",
            "2026.13.01",
            "2026.1.01",
            "1969.12.31",
            "????.??.??",
            "2026.12.07.1",
            "",
        ] {
            assert_eq!(Header::day_start_ms(bad), None, "{bad}");
        }
    }
}

//! The frame both games' records share: the roster, the `Result` and
//! `Termination` tags and the other tags kept, several records read from
//! one text, the ending written checked against the ending replayed, and
//! serde's reading checked by the replay. A game's record gives the rest
//! through [`Record`].

use std::fmt;

use kamisado_core::Player;

use crate::text::{self, Header, Location, RecordError, RecordResult, Sections, Tags, Termination};

/// What a game's record puts into the shared frame.
pub(crate) trait Record: Sized {
    /// The player who moves first: the roster names it first.
    const FIRST: Player;
    /// The game's own tags, all that it may write (an other tag of one of
    /// these names is not written).
    const TAGS: &'static [&'static str];
    /// The roster and other tags.
    fn header(&self) -> &Header;
    /// The `Result` tag.
    fn result(&self) -> RecordResult;
    /// The tags written after `Result`, `Termination` among them, in the
    /// format's order.
    fn tags(&self) -> Vec<(&'static str, String)>;
    /// Writes the movetext after the tags, its opening blank line
    /// included.
    fn write_movetext(&self, out: &mut String);
    /// Reads one record's tags and movetext, and checks it by replaying
    /// it.
    fn read(sections: Sections) -> Result<Self, RecordError>;
    /// Checks the record by replaying it.
    #[cfg(feature = "serde")]
    fn check(&self) -> Result<(), RecordError>;
}

/// The tags of the frame, which every record writes itself.
const FRAME_TAGS: [&str; 6] = ["Event", "Site", "Date", "Black", "White", "Result"];

/// Writes the canonical text: the tags, then the movetext.
pub(crate) fn write<R: Record>(record: &R, f: &mut fmt::Formatter<'_>) -> fmt::Result {
    let mut out = String::new();
    text::write_roster(&mut out, record.header(), R::FIRST);
    text::write_tag(&mut out, "Result", &record.result().to_string());
    for (name, value) in record.tags() {
        text::write_tag(&mut out, name, &value);
    }
    let written = |name: &str| FRAME_TAGS.contains(&name) || R::TAGS.contains(&name);
    text::write_others(&mut out, record.header(), written);
    record.write_movetext(&mut out);
    f.write_str(&out)
}

/// Reads every record in `text`.
pub(crate) fn read_all<R: Record>(text: &str) -> Result<Vec<R>, RecordError> {
    text::records(text)?.into_iter().map(R::read).collect()
}

/// Reads the one record in `text`.
pub(crate) fn read_one<R: Record>(text: &str) -> Result<R, RecordError> {
    text::only_one(read_all(text)?)
}

/// Reads a `Rules` tag's value `name` as `game`'s reading: why not, with
/// the readings this version knows, for both records.
pub(crate) fn reading<R: std::str::FromStr>(
    game: game_spec::GameId,
    name: &str,
) -> Result<R, String> {
    name.parse().map_err(|_| {
        format!(
            "unknown rules {name:?} (this version knows {})",
            game.readings().join(", ")
        )
    })
}

/// Reads the `Result` and `Termination` tags, and where `Result` stands
/// (the place of an error about the ending).
pub(crate) fn read_ending(
    tags: &mut Tags,
) -> Result<(Location, RecordResult, Termination), RecordError> {
    let (result_at, result) = tags.required("Result", str::parse)?;
    let (_, termination) = tags.required("Termination", str::parse)?;
    Ok((result_at, result, termination))
}

/// How the replay left the game or match, for checking the `Result` and
/// `Termination` tags against it.
pub(crate) struct Ending {
    /// What the messages call it: `game` or `match`.
    pub(crate) noun: &'static str,
    /// The winner by the rules (`None` inside for a draw by the rules)
    /// and how the messages say it ended; `None` while it is not over.
    pub(crate) won: Option<(Option<Player>, String)>,
    /// How the messages say it is not over.
    pub(crate) not_over: &'static str,
    /// For this project's draws: whether the final position occurred
    /// before, or why they do not apply to the game.
    pub(crate) adjudication: Result<bool, &'static str>,
}

impl Ending {
    /// Checks the result and termination written (`Result` at `at`):
    /// `normal` exactly when it is over (the result its winner), a draw
    /// only for the adjudications (`repetition` only if the final position
    /// occurred before), a winner for forfeits, `*` with `unfinished`.
    pub(crate) fn check(
        &self,
        result: RecordResult,
        termination: Termination,
        at: Option<Location>,
    ) -> Result<(), RecordError> {
        let wrong = |why: String| Err(RecordError::inconsistent(at, why));
        let noun = self.noun;
        if let Some((winner, how)) = &self.won {
            let expected = winner.map_or(RecordResult::Draw, RecordResult::Win);
            if termination != Termination::Normal || result != expected {
                return wrong(format!(
                    "{how}: the result must be {expected} and the termination normal, not {result} and {termination}"
                ));
            }
            return Ok(());
        }
        match termination {
            Termination::Normal => {
                wrong(format!("the termination is normal but {}", self.not_over))
            }
            t if t.is_adjudicated_draw() => match self.adjudication {
                Err(why) => wrong(format!("{t} {why}")),
                Ok(false) if t == Termination::Repetition => wrong(
                    "a draw by repetition, but the final position did not occur before".into(),
                ),
                Ok(_) if result != RecordResult::Draw => {
                    wrong(format!("a {noun} ended by {t} is a draw, not {result}"))
                }
                Ok(_) => Ok(()),
            },
            Termination::Unfinished if result != RecordResult::Unfinished => wrong(format!(
                "an unfinished {noun} has the result *, not {result}"
            )),
            t if t.is_forfeit() && result.winner().is_none() => {
                wrong(format!("a {noun} ended by {t} has a winner, not {result}"))
            }
            _ => Ok(()),
        }
    }
}

/// A record serde has read, checked by replaying it (serde gives the
/// error as its own, from the [`RecordError`]'s text).
#[cfg(feature = "serde")]
pub(crate) fn checked<'de, R: Record, D: serde::Deserializer<'de>>(
    read: Result<R, D::Error>,
) -> Result<R, D::Error> {
    let record = read?;
    record.check().map_err(serde::de::Error::custom)?;
    Ok(record)
}

//! What both record formats share: the tokens (tag pairs, words, quoted
//! strings, comments, move numbers) with their lines and columns, the
//! header of tag pairs, results, terminations and the error type.

use std::fmt::{self, Write as _};
use std::str::FromStr;

use kamisado_core::Player;

/// Where something is in a record's text: line and column, from 1
/// (columns count characters).
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash, Default)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub struct Location {
    /// The line, from 1.
    pub line: u32,
    /// The column, from 1, in characters.
    pub column: u32,
}

impl fmt::Display for Location {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "line {}, column {}", self.line, self.column)
    }
}

/// Why a record could not be read, or does not hold together: what, and
/// where in the text (a record built in memory and checked with
/// `validate` has no location).
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[error("{}{kind}", match location { Some(l) => format!("{l}: "), None => String::new() })]
pub struct RecordError {
    /// Where the problem is, for a record read from text.
    pub location: Option<Location>,
    /// What the problem is.
    pub kind: ErrorKind,
}

/// What is wrong with a record.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum ErrorKind {
    /// The text does not follow the record syntax.
    #[error("expected {expected}, found {found}")]
    Syntax {
        /// What was expected.
        expected: &'static str,
        /// What was found (quoted), or "the end of the record".
        found: String,
    },
    /// A tag pair appears twice.
    #[error("the tag {0} appears twice")]
    DuplicateTag(String),
    /// A tag the game needs is missing.
    #[error("the tag {0} is missing")]
    MissingTag(&'static str),
    /// A tag's value cannot be read.
    #[error("bad {tag} tag {value:?}: {reason}")]
    TagValue {
        /// The tag.
        tag: &'static str,
        /// Its value.
        value: String,
        /// Why it cannot be read.
        reason: String,
    },
    /// A field of the movetext (a position, a round number, a score line,
    /// an edge) cannot be read.
    #[error("bad {field} {value:?}: {reason}")]
    Field {
        /// Which field.
        field: &'static str,
        /// The text found.
        value: String,
        /// Why it cannot be read.
        reason: String,
    },
    /// A move number is not the next one.
    #[error("move number {found} where {expected} was due")]
    MoveNumber {
        /// The number due.
        expected: u32,
        /// The number written.
        found: u32,
    },
    /// A move cannot be read, or is illegal where it is played.
    #[error("move {number} ({mv}): {reason}")]
    Move {
        /// The move's number: plies are numbered in pairs, move `n` being
        /// plies `2n - 1` and `2n` (of its round, in Kamisado).
        number: u32,
        /// The move as written.
        mv: String,
        /// Why it was refused.
        reason: String,
    },
    /// The record's parts disagree: its result, termination, scores or a
    /// round's start are not what replaying its moves gives.
    #[error("{0}")]
    Inconsistent(String),
}

impl RecordError {
    pub(crate) fn at(location: Location, kind: ErrorKind) -> RecordError {
        RecordError {
            location: Some(location),
            kind,
        }
    }

    pub(crate) fn inconsistent(location: Option<Location>, why: String) -> RecordError {
        RecordError {
            location,
            kind: ErrorKind::Inconsistent(why),
        }
    }
}

/// How a game or match came out: a `Result` tag.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
#[cfg_attr(
    feature = "serde",
    derive(serde::Serialize, serde::Deserialize),
    serde(rename_all = "snake_case")
)]
pub enum RecordResult {
    /// The player won (`black` or `white`).
    Win(Player),
    /// No winner: a game adjudicated drawn (`draw`).
    Draw,
    /// Not finished (`*`).
    Unfinished,
}

impl RecordResult {
    /// The winner, if any.
    #[must_use]
    pub fn winner(self) -> Option<Player> {
        match self {
            RecordResult::Win(p) => Some(p),
            RecordResult::Draw | RecordResult::Unfinished => None,
        }
    }
}

impl fmt::Display for RecordResult {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            RecordResult::Win(p) => write!(f, "{p}"),
            RecordResult::Draw => f.write_str("draw"),
            RecordResult::Unfinished => f.write_str("*"),
        }
    }
}

impl FromStr for RecordResult {
    type Err = String;

    fn from_str(s: &str) -> Result<RecordResult, String> {
        match s {
            "black" => Ok(RecordResult::Win(Player::Black)),
            "white" => Ok(RecordResult::Win(Player::White)),
            "draw" => Ok(RecordResult::Draw),
            "*" => Ok(RecordResult::Unfinished),
            _ => Err("expected black, white, draw or *".into()),
        }
    }
}

/// How a game or match ended: a `Termination` tag.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
#[cfg_attr(
    feature = "serde",
    derive(serde::Serialize, serde::Deserialize),
    serde(rename_all = "snake_case")
)]
pub enum Termination {
    /// The rules ended it (`normal`): the final position is over (in
    /// Kamisado, the winner reached the target).
    Normal,
    /// Adjudicated drawn: a position came back too often (`repetition`;
    /// Katarenga only).
    Repetition,
    /// Adjudicated drawn: the ply limit was reached (`ply limit`;
    /// Katarenga only).
    PlyLimit,
    /// The loser ran out of time (`time forfeit`).
    TimeForfeit,
    /// The loser sent an illegal move (`illegal move`).
    IllegalMove,
    /// The loser's program crashed or closed its output (`crash`).
    Crash,
    /// The loser's program stopped answering (`no answer`).
    NoAnswer,
    /// The loser's program sent something the protocol does not allow
    /// (`protocol error`).
    ProtocolError,
    /// The loser resigned (`resignation`).
    Resignation,
    /// Not finished (`unfinished`).
    Unfinished,
}

impl Termination {
    /// Every termination, in the order of the documentation.
    pub const ALL: [Termination; 10] = [
        Termination::Normal,
        Termination::Repetition,
        Termination::PlyLimit,
        Termination::TimeForfeit,
        Termination::IllegalMove,
        Termination::Crash,
        Termination::NoAnswer,
        Termination::ProtocolError,
        Termination::Resignation,
        Termination::Unfinished,
    ];

    /// The tag value.
    #[must_use]
    pub const fn name(self) -> &'static str {
        match self {
            Termination::Normal => "normal",
            Termination::Repetition => "repetition",
            Termination::PlyLimit => "ply limit",
            Termination::TimeForfeit => "time forfeit",
            Termination::IllegalMove => "illegal move",
            Termination::Crash => "crash",
            Termination::NoAnswer => "no answer",
            Termination::ProtocolError => "protocol error",
            Termination::Resignation => "resignation",
            Termination::Unfinished => "unfinished",
        }
    }

    /// Whether one player lost it by a fault of its own rather than by
    /// the rules (time, illegal move, crash, silence, garbage, resigning).
    #[must_use]
    pub const fn is_forfeit(self) -> bool {
        matches!(
            self,
            Termination::TimeForfeit
                | Termination::IllegalMove
                | Termination::Crash
                | Termination::NoAnswer
                | Termination::ProtocolError
                | Termination::Resignation
        )
    }

    /// Whether it is a draw by this project's adjudication.
    #[must_use]
    pub const fn is_adjudicated_draw(self) -> bool {
        matches!(self, Termination::Repetition | Termination::PlyLimit)
    }
}

impl fmt::Display for Termination {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

impl FromStr for Termination {
    type Err = String;

    fn from_str(s: &str) -> Result<Termination, String> {
        Termination::ALL
            .into_iter()
            .find(|t| t.name() == s)
            .ok_or_else(|| {
                let names: Vec<&str> = Termination::ALL.iter().map(|t| t.name()).collect();
                format!("expected one of: {}", names.join(", "))
            })
    }
}

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

/// Writes a comment, `}` turned into `)` (a comment cannot hold it).
pub(crate) fn comment(text: &str) -> String {
    format!("{{{}}}", text.replace('}', ")"))
}

/// Lays out movetext tokens in lines of at most 79 characters.
#[derive(Default)]
pub(crate) struct Lines {
    pub(crate) out: String,
    line: usize,
}

impl Lines {
    pub(crate) fn push(&mut self, token: &str) {
        if self.line > 0 && self.line + 1 + token.len() > 79 {
            self.out.push('\n');
            self.line = 0;
        }
        if self.line > 0 {
            self.out.push(' ');
            self.line += 1;
        }
        self.out.push_str(token);
        // A comment may hold line breaks.
        self.line = match token.rfind('\n') {
            Some(i) => token.len() - i - 1,
            None => self.line + token.len(),
        };
    }

    pub(crate) fn end_line(&mut self) {
        if self.line > 0 {
            self.out.push('\n');
            self.line = 0;
        }
    }
}

/// A token of a record.
#[derive(Debug, Clone, PartialEq, Eq)]
pub(crate) enum Token {
    /// `[Name "value"]`.
    Tag(String, String),
    /// A `"..."` string (escapes removed).
    Quoted(String),
    /// A `{...}` comment (trimmed).
    Comment(String),
    /// `12.`
    Number(u32),
    /// Any other run of non-space characters.
    Word(String),
}

impl Token {
    pub(crate) fn describe(&self) -> String {
        match self {
            Token::Tag(name, _) => format!("the tag {name}"),
            Token::Quoted(s) => format!("{s:?}"),
            Token::Comment(_) => "a comment".into(),
            Token::Number(n) => format!("\"{n}.\""),
            Token::Word(w) => format!("{w:?}"),
        }
    }
}

/// The tokens of a text, each with its location and whether an empty line
/// comes before it.
pub(crate) fn tokenize(text: &str) -> Result<Vec<(Location, Token, bool)>, RecordError> {
    let mut lexer = Lexer {
        chars: text.chars().collect(),
        i: 0,
        at: Location { line: 1, column: 1 },
    };
    let mut tokens = Vec::new();
    while let Some(token) = lexer.next()? {
        tokens.push(token);
    }
    Ok(tokens)
}

struct Lexer {
    chars: Vec<char>,
    i: usize,
    at: Location,
}

fn syntax(at: Location, expected: &'static str, found: Option<char>) -> RecordError {
    RecordError::at(
        at,
        ErrorKind::Syntax {
            expected,
            found: found.map_or_else(|| "the end of the record".into(), |c| format!("{c:?}")),
        },
    )
}

impl Lexer {
    fn peek(&self) -> Option<char> {
        self.chars.get(self.i).copied()
    }

    fn bump(&mut self) -> Option<char> {
        let c = self.peek()?;
        self.i += 1;
        if c == '\n' {
            self.at.line += 1;
            self.at.column = 1;
        } else {
            self.at.column += 1;
        }
        Some(c)
    }

    /// Skips spaces and `;` comments; returns whether an empty line (two
    /// line breaks with only spaces between) was crossed.
    fn skip_space(&mut self) -> bool {
        let mut breaks = 0;
        let mut blank = false;
        loop {
            match self.peek() {
                Some('\n') => {
                    breaks += 1;
                    blank |= breaks >= 2;
                    self.bump();
                }
                Some(c) if c.is_whitespace() => {
                    self.bump();
                }
                // `;` comments run to the end of the line, as in PGN; they
                // are not kept.
                Some(';') => {
                    breaks = 0;
                    while self.peek().is_some_and(|c| c != '\n') {
                        self.bump();
                    }
                }
                _ => return blank,
            }
        }
    }

    fn quoted(&mut self) -> Result<String, RecordError> {
        let start = self.at;
        self.bump();
        let mut s = String::new();
        loop {
            match self.bump() {
                Some('"') => return Ok(s),
                Some('\\') => match self.bump() {
                    Some(c @ ('"' | '\\')) => s.push(c),
                    found => return Err(syntax(self.at, "\\\" or \\\\ after \\", found)),
                },
                Some('\n') | None => {
                    return Err(syntax(start, "a closing \" on the same line", None));
                }
                Some(c) => s.push(c),
            }
        }
    }

    fn next(&mut self) -> Result<Option<(Location, Token, bool)>, RecordError> {
        let blank = self.skip_space();
        let at = self.at;
        let Some(c) = self.peek() else {
            return Ok(None);
        };
        let token = match c {
            '[' => {
                self.bump();
                let _ = self.skip_space();
                let mut name = String::new();
                while let Some(c) = self
                    .peek()
                    .filter(|c| c.is_ascii_alphanumeric() || *c == '_')
                {
                    name.push(c);
                    self.bump();
                }
                if name.is_empty() {
                    return Err(syntax(self.at, "a tag name", self.peek()));
                }
                let _ = self.skip_space();
                if self.peek() != Some('"') {
                    return Err(syntax(self.at, "a quoted tag value", self.peek()));
                }
                let value = self.quoted()?;
                let _ = self.skip_space();
                if self.bump() != Some(']') {
                    return Err(syntax(self.at, "']' closing the tag", self.peek()));
                }
                Token::Tag(name, value)
            }
            '"' => Token::Quoted(self.quoted()?),
            '{' => {
                self.bump();
                let mut s = String::new();
                loop {
                    match self.bump() {
                        Some('}') => break,
                        Some(c) => s.push(c),
                        None => return Err(syntax(at, "'}' closing the comment", None)),
                    }
                }
                Token::Comment(s.trim().to_string())
            }
            ']' | '}' => return Err(syntax(at, "a move, a comment or a tag", Some(c))),
            _ => {
                let mut word = String::new();
                while let Some(c) = self
                    .peek()
                    .filter(|c| !c.is_whitespace() && !matches!(c, '{' | '[' | '"' | ';'))
                {
                    word.push(c);
                    self.bump();
                }
                match word.strip_suffix('.').map(str::parse::<u32>) {
                    Some(Ok(n)) => Token::Number(n),
                    _ => Token::Word(word),
                }
            }
        };
        Ok(Some((at, token, blank)))
    }
}

/// A record's tokens split into its tags and its movetext.
pub(crate) struct Sections {
    pub(crate) start: Location,
    pub(crate) tags: Vec<(Location, String, String)>,
    pub(crate) body: Vec<(Location, Token)>,
    pub(crate) end: Location,
}

/// Splits a text's tokens into records: each starts with its tags.
pub(crate) fn records(text: &str) -> Result<Vec<Sections>, RecordError> {
    let end = {
        let lines = u32::try_from(text.lines().count().max(1)).unwrap_or(u32::MAX);
        Location {
            line: lines,
            column: u32::try_from(text.lines().last().map_or(0, |l| l.chars().count()) + 1)
                .unwrap_or(u32::MAX),
        }
    };
    let mut out: Vec<Sections> = Vec::new();
    for (at, token, blank) in tokenize(text)? {
        // A tag opens a new record after the movetext, or after an empty
        // line (a record's tags stand on consecutive lines).
        let open_new = match (&token, out.last()) {
            (Token::Tag(..), Some(last)) => !last.body.is_empty() || blank,
            (_, None) => true,
            _ => false,
        };
        if open_new {
            if !matches!(token, Token::Tag(..)) {
                return Err(RecordError::at(
                    at,
                    ErrorKind::Syntax {
                        expected: "a tag pair such as [Event \"?\"] to open the record",
                        found: token.describe(),
                    },
                ));
            }
            if let Some(last) = out.last_mut() {
                last.end = at;
            }
            out.push(Sections {
                start: at,
                tags: Vec::new(),
                body: Vec::new(),
                end,
            });
        }
        let Some(current) = out.last_mut() else {
            continue;
        };
        match token {
            Token::Tag(name, value) => current.tags.push((at, name, value)),
            other => current.body.push((at, other)),
        }
    }
    Ok(out)
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
        let (at, value) = self
            .take(name)
            .ok_or(RecordError::at(self.start, ErrorKind::MissingTag(name)))?;
        parse(&value).map(|v| (at, v)).map_err(|e| {
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
/// is one the record writes itself.
pub(crate) fn write_others(out: &mut String, header: &Header, reserved: &[&str]) {
    for (name, value) in &header.other {
        let valid = !name.is_empty() && name.chars().all(|c| c.is_ascii_alphanumeric() || c == '_');
        if valid && !reserved.contains(&name.as_str()) {
            write_tag(out, name, value);
        }
    }
}

/// A stream of movetext tokens read by a game's parser.
pub(crate) struct Body {
    tokens: std::vec::IntoIter<(Location, Token)>,
    peeked: Option<(Location, Token)>,
    pub(crate) end: Location,
}

impl Body {
    pub(crate) fn new(tokens: Vec<(Location, Token)>, end: Location) -> Body {
        Body {
            tokens: tokens.into_iter(),
            peeked: None,
            end,
        }
    }

    pub(crate) fn peek(&mut self) -> Option<&(Location, Token)> {
        if self.peeked.is_none() {
            self.peeked = self.tokens.next();
        }
        self.peeked.as_ref()
    }

    pub(crate) fn next(&mut self) -> Option<(Location, Token)> {
        self.peek();
        self.peeked.take()
    }

    /// The next token, which must exist.
    pub(crate) fn expect(
        &mut self,
        expected: &'static str,
    ) -> Result<(Location, Token), RecordError> {
        self.next().ok_or(RecordError::at(
            self.end,
            ErrorKind::Syntax {
                expected,
                found: "the end of the record".into(),
            },
        ))
    }

    /// A comment next, if there is one (several in a row are joined by a
    /// space).
    pub(crate) fn comment(&mut self) -> Option<String> {
        let mut text: Option<String> = None;
        while let Some((_, Token::Comment(_))) = self.peek() {
            if let Some((_, Token::Comment(c))) = self.next() {
                text = Some(match text {
                    Some(t) => format!("{t} {c}"),
                    None => c,
                });
            }
        }
        text
    }
}

/// The one record a text holds, or how many it holds instead.
pub(crate) fn only_one<T>(mut all: Vec<T>) -> Result<T, RecordError> {
    match all.len() {
        1 => Ok(all.remove(0)),
        n => Err(RecordError::inconsistent(
            None,
            format!("expected one record, found {n}"),
        )),
    }
}

/// `expected X, found <token>` at the token.
pub(crate) fn unexpected(at: Location, token: &Token, expected: &'static str) -> RecordError {
    RecordError::at(
        at,
        ErrorKind::Syntax {
            expected,
            found: token.describe(),
        },
    )
}

/// Numbered moves with their comments, and where each move stands.
pub(crate) type Moves<M> = (Vec<Annotated<M>>, Vec<Location>);

/// Reads numbered moves from `body` until `stop` says a token is not a
/// move: each move's text is read by `read`, which returns the move or
/// why it cannot be read (legality is the replay's business).
pub(crate) fn moves<M>(
    body: &mut Body,
    stop: impl Fn(&Token) -> bool,
    mut read: impl FnMut(&str) -> Result<M, String>,
) -> Result<Moves<M>, RecordError> {
    let mut out: Vec<Annotated<M>> = Vec::new();
    let mut spots = Vec::new();
    loop {
        let Some((at, token)) = body.peek().cloned() else {
            return Ok((out, spots));
        };
        if stop(&token) {
            return Ok((out, spots));
        }
        body.next();
        let number = u32::try_from(out.len() / 2 + 1).unwrap_or(u32::MAX);
        match token {
            Token::Number(n) => {
                if out.len() % 2 != 0 {
                    return Err(unexpected(
                        at,
                        &Token::Number(n),
                        "the move's second ply (a number comes before every other ply)",
                    ));
                }
                if n != number {
                    return Err(RecordError::at(
                        at,
                        ErrorKind::MoveNumber {
                            expected: number,
                            found: n,
                        },
                    ));
                }
            }
            Token::Word(w) => {
                let mv = read(&w).map_err(|reason| {
                    RecordError::at(
                        at,
                        ErrorKind::Move {
                            number,
                            mv: w.clone(),
                            reason,
                        },
                    )
                })?;
                let comment = body.comment();
                out.push(Annotated { mv, comment });
                spots.push(at);
            }
            other => return Err(unexpected(at, &other, "a move or a move number")),
        }
    }
}

/// Writes numbered moves with their comments.
pub(crate) fn write_moves<M: fmt::Display>(lines: &mut Lines, moves: &[Annotated<M>]) {
    for (i, m) in moves.iter().enumerate() {
        if i % 2 == 0 {
            lines.push(&format!("{}.", i / 2 + 1));
        }
        lines.push(&m.mv.to_string());
        if let Some(c) = &m.comment {
            lines.push(&comment(c));
        }
    }
    lines.end_line();
}

/// A move with the comment written after it.
#[derive(Debug, Clone, PartialEq, Eq, Hash)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub struct Annotated<M> {
    /// The move.
    #[cfg_attr(feature = "serde", serde(rename = "move"))]
    pub mv: M,
    /// The comment after it, if any.
    #[cfg_attr(
        feature = "serde",
        serde(default, skip_serializing_if = "Option::is_none")
    )]
    pub comment: Option<String>,
}

impl<M> Annotated<M> {
    /// A move without a comment.
    pub fn new(mv: M) -> Annotated<M> {
        Annotated { mv, comment: None }
    }
}

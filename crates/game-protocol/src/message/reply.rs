//! What an engine sends a controller.

use std::fmt;
use std::str::FromStr;

use kamisado_core::Edge;
use katarenga_core::Orientation;

use super::MessageError;
use super::words::Words;
use game_spec::GameId;

/// An engine option as the handshake declares it.
#[derive(Debug, Clone, PartialEq, Eq, Hash)]
pub enum OptionKind {
    /// `type spin default <n> min <n> max <n>`.
    Spin {
        /// The default.
        default: i64,
        /// The smallest value.
        min: i64,
        /// The largest value.
        max: i64,
    },
    /// `type check default <true|false>`.
    Check {
        /// The default.
        default: bool,
    },
    /// `type string default <text>`.
    String {
        /// The default (may be empty).
        default: String,
    },
}

/// A proven or estimated score, from the side to move's point of view.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum Score {
    /// `cp <n>`: an estimate in the engine's own unit (0 even, positive
    /// good for the side to move); only comparable within one engine.
    Cp(i32),
    /// `win <plies>`: the side to move wins within this many plies
    /// (exactly this many when the engine knows the length).
    Win(u32),
    /// `loss <plies>`: the side to move loses within this many plies.
    Loss(u32),
    /// `proven win` (KKP 1): the side to move wins with best play; the
    /// length is not known.
    ProvenWin,
    /// `proven loss` (KKP 1): the side to move loses with best play; the
    /// length is not known.
    ProvenLoss,
}

/// An `info` line: any of its fields.
#[derive(Debug, Clone, PartialEq, Eq, Hash, Default)]
pub struct Info {
    /// `depth <plies>`: the completed depth.
    pub depth: Option<u32>,
    /// `score cp <n>` | `score win <plies>` | `score loss <plies>` |
    /// `score proven win` | `score proven loss`.
    pub score: Option<Score>,
    /// `nodes <n>`.
    pub nodes: Option<u64>,
    /// `nps <n>`: nodes per second.
    pub nps: Option<u64>,
    /// `time <ms>`: since the search started.
    pub time: Option<u64>,
    /// `pv <move>...`: the principal variation (to the line's end or to
    /// `string`).
    pub pv: Vec<String>,
    /// `string <text>`: free text (last, to the line's end; no other field
    /// may follow).
    pub string: Option<String>,
}

/// What an engine sends a controller.
#[derive(Debug, Clone, PartialEq, Eq, Hash)]
pub enum Reply {
    /// `id name <text>`.
    Name(String),
    /// `id author <text>`.
    Author(String),
    /// `protocol <version>` (KKP 1): the version of KKP the engine speaks;
    /// an engine that does not send it speaks version 0, the draft before
    /// 1.0.
    Protocol(u32),
    /// `game <game> [rules <option>...]`: a game the engine plays (one line
    /// each), with the rule options it plays besides `standard` (KKP 1).
    Game {
        /// The game.
        game: GameId,
        /// The rule options it plays besides the standard rules.
        rules: Vec<String>,
    },
    /// `option name <name> type ...`.
    Option {
        /// The option's name (no spaces).
        name: String,
        /// Its type and default.
        kind: OptionKind,
    },
    /// `kkpok`: the handshake is over.
    KkpOk,
    /// `readyok`.
    ReadyOk,
    /// `info ...`.
    Info(Info),
    /// `bestmove <move> [ponder <move>]`, or `bestmove none` when the game
    /// is over.
    BestMove {
        /// The move, `None` for `none`.
        best: Option<String>,
        /// The reply the engine expects (KKP 1 reads it and ignores it).
        ponder: Option<String>,
    },
    /// `bestedge a` or `bestedge h`.
    BestEdge(Edge),
    /// `bestorient bottom|right|top|left` (version 2): the edge of the laid
    /// Katarenga board the first player (Black) sits at.
    BestOrient(Orientation),
    /// `error <text>`: the command just sent was refused (the engine goes
    /// on as if it had not been sent).
    Error(String),
}

impl Reply {
    /// `bestmove <best>`, without `ponder`.
    #[must_use]
    pub fn best_move(best: Option<String>) -> Reply {
        Reply::BestMove { best, ponder: None }
    }

    /// Reads a line as a controller must (KKP 1): `Ok(None)` for a line
    /// to ignore: an empty one, one whose first word is no reply keyword
    /// (a chess engine's banner, a newer engine's message), or an `info`
    /// line that cannot be read (info is advice: nothing depends on it).
    /// Unknown `info` fields are skipped by the reader itself. A line
    /// that starts with a reply keyword but is malformed (`bestmove` alone,
    /// `bestedge z`) is an error.
    ///
    /// ```
    /// use game_protocol::Reply;
    /// assert_eq!(Reply::read("Stockfish-like banner v1.0"), Ok(None));
    /// assert_eq!(Reply::read("info depth x"), Ok(None));
    /// assert!(Reply::read("bestmove").is_err());
    /// assert_eq!(
    ///     Reply::read("bestmove d1d7 ponder g8b3"),
    ///     Ok(Some(Reply::BestMove { best: Some("d1d7".into()), ponder: Some("g8b3".into()) }))
    /// );
    /// ```
    ///
    /// # Errors
    /// [`MessageError`] for a malformed reply other than `info`.
    pub fn read(line: &str) -> Result<Option<Reply>, MessageError> {
        let first = line.split_whitespace().next();
        match first {
            None => Ok(None),
            Some("info") => Ok(line.parse().ok()),
            Some(word) if !KEYWORDS.contains(&word) => Ok(None),
            Some(_) => line.parse().map(Some),
        }
    }
}

/// The first words of the replies.
const KEYWORDS: [&str; 11] = [
    "id",
    "protocol",
    "game",
    "option",
    "kkpok",
    "readyok",
    "info",
    "bestmove",
    "bestedge",
    "bestorient",
    "error",
];

/// The fields of an `info` line this version reads; any other word starts
/// an unknown field, skipped with its values up to the next known field.
const INFO_FIELDS: [&str; 7] = ["depth", "score", "nodes", "nps", "time", "pv", "string"];

impl FromStr for Reply {
    type Err = MessageError;

    fn from_str(line: &str) -> Result<Reply, MessageError> {
        let mut w = Words::new(line);
        let reply = match w.word("a reply")? {
            "id" => match w.word("name or author")? {
                "name" => Reply::Name(w.rest()),
                "author" => Reply::Author(w.rest()),
                _ => return Err(w.error_back("name or author")),
            },
            "protocol" => Reply::Protocol(w.number("a protocol version")?),
            "game" => {
                let (game, rules) = w.game_and_rules()?;
                Reply::Game { game, rules }
            }
            "option" => {
                w.keyword("name")?;
                let name = w.word("the option's name")?.to_string();
                w.keyword("type")?;
                let kind = match w.word("spin, check or string")? {
                    "spin" => {
                        w.keyword("default")?;
                        let default = w.number("a number")?;
                        w.keyword("min")?;
                        let min = w.number("a number")?;
                        w.keyword("max")?;
                        let max = w.number("a number")?;
                        OptionKind::Spin { default, min, max }
                    }
                    "check" => {
                        w.keyword("default")?;
                        OptionKind::Check {
                            default: w.number("true or false")?,
                        }
                    }
                    "string" => {
                        w.keyword("default")?;
                        OptionKind::String { default: w.rest() }
                    }
                    _ => return Err(w.error_back("spin, check or string")),
                };
                Reply::Option { name, kind }
            }
            "kkpok" => Reply::KkpOk,
            "readyok" => Reply::ReadyOk,
            "bestmove" => {
                let best = match w.word("a move or none")? {
                    "none" => None,
                    mv => Some(mv.to_string()),
                };
                let ponder = if w.take("ponder") {
                    Some(w.word("the move to ponder on")?.to_string())
                } else {
                    None
                };
                Reply::BestMove { best, ponder }
            }
            "bestedge" => match w.word("a or h")? {
                "a" => Reply::BestEdge(Edge::AFile),
                "h" => Reply::BestEdge(Edge::HFile),
                _ => return Err(w.error_back("a or h")),
            },
            "bestorient" => Reply::BestOrient(
                w.word("bottom, right, top or left")?
                    .parse()
                    .map_err(|_| w.error_back("bottom, right, top or left"))?,
            ),
            "error" => Reply::Error(w.rest()),
            "info" => Reply::Info(info(&mut w)?),
            _ => {
                return Err(w.error_back(
                    "a reply: id, protocol, game, option, kkpok, readyok, info, bestmove, bestedge, bestorient or error",
                ));
            }
        };
        w.end()?;
        Ok(reply)
    }
}

/// The fields of an `info` line; unknown ones are skipped.
fn info(w: &mut Words<'_>) -> Result<Info, MessageError> {
    let mut info = Info::default();
    while let Some(key) = w.peek() {
        w.skip();
        match key {
            "depth" => info.depth = Some(w.number("a depth")?),
            "nodes" => info.nodes = Some(w.number("a number of nodes")?),
            "nps" => info.nps = Some(w.number("nodes per second")?),
            "time" => info.time = Some(w.number("milliseconds")?),
            "score" => {
                info.score = Some(match w.word("cp, win, loss or proven")? {
                    "cp" => Score::Cp(w.number("a score")?),
                    "win" => Score::Win(w.number("a number of plies")?),
                    "loss" => Score::Loss(w.number("a number of plies")?),
                    "proven" => match w.word("win or loss")? {
                        "win" => Score::ProvenWin,
                        "loss" => Score::ProvenLoss,
                        _ => return Err(w.error_back("win or loss")),
                    },
                    _ => return Err(w.error_back("cp, win, loss or proven")),
                });
            }
            "pv" => {
                // To the line's end, or to a `string` field.
                while let Some(mv) = w.peek().filter(|&m| m != "string") {
                    info.pv.push(mv.to_string());
                    w.skip();
                }
            }
            "string" => info.string = Some(w.rest()),
            _ => {
                // An unknown field (`seldepth 12`, `hashfull 300`,
                // `multipv 1`, `wdl 300 400 300`): skipped with its values.
                while w.peek().is_some_and(|f| !INFO_FIELDS.contains(&f)) {
                    w.skip();
                }
            }
        }
    }
    Ok(info)
}

impl fmt::Display for Reply {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Reply::Name(name) => write!(f, "id name {name}"),
            Reply::Author(author) => write!(f, "id author {author}"),
            Reply::Protocol(version) => write!(f, "protocol {version}"),
            Reply::Game { game, rules } => {
                write!(f, "game {game}")?;
                if !rules.is_empty() {
                    write!(f, " rules {}", rules.join(" "))?;
                }
                Ok(())
            }
            Reply::Option { name, kind } => {
                write!(f, "option name {name} type ")?;
                match kind {
                    OptionKind::Spin { default, min, max } => {
                        write!(f, "spin default {default} min {min} max {max}")
                    }
                    OptionKind::Check { default } => write!(f, "check default {default}"),
                    OptionKind::String { default } => write!(f, "string default {default}"),
                }
            }
            Reply::KkpOk => f.write_str("kkpok"),
            Reply::ReadyOk => f.write_str("readyok"),
            Reply::BestMove { best, ponder } => {
                match best {
                    Some(mv) => write!(f, "bestmove {mv}")?,
                    None => f.write_str("bestmove none")?,
                }
                if let Some(mv) = ponder {
                    write!(f, " ponder {mv}")?;
                }
                Ok(())
            }
            Reply::BestEdge(edge) => write!(f, "bestedge {edge}"),
            Reply::BestOrient(orientation) => write!(f, "bestorient {orientation}"),
            Reply::Error(text) => write!(f, "error {text}"),
            Reply::Info(info) => {
                f.write_str("info")?;
                if let Some(d) = info.depth {
                    write!(f, " depth {d}")?;
                }
                match info.score {
                    Some(Score::Cp(cp)) => write!(f, " score cp {cp}")?,
                    Some(Score::Win(n)) => write!(f, " score win {n}")?,
                    Some(Score::Loss(n)) => write!(f, " score loss {n}")?,
                    Some(Score::ProvenWin) => f.write_str(" score proven win")?,
                    Some(Score::ProvenLoss) => f.write_str(" score proven loss")?,
                    None => {}
                }
                for (name, value) in [
                    ("nodes", info.nodes),
                    ("nps", info.nps),
                    ("time", info.time),
                ] {
                    if let Some(v) = value {
                        write!(f, " {name} {v}")?;
                    }
                }
                if !info.pv.is_empty() {
                    write!(f, " pv {}", info.pv.join(" "))?;
                }
                if let Some(s) = &info.string {
                    write!(f, " string {s}")?;
                }
                Ok(())
            }
        }
    }
}

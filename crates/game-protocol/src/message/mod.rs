//! The protocol's messages (specified in the repository's `docs/protocol.md`): what a
//! controller sends ([`Command`]) and what an engine answers ([`Reply`]),
//! each one line, read with [`str::parse`] and written with `Display`.
//! Moves and positions are carried as their notation strings: the game
//! crates read them.

use std::fmt;
use std::str::FromStr;

use kamisado_core::Edge;
use katarenga_core::TilePlacement;

/// Why a line is not a message: the word at fault (counting from 1), what
/// was expected and what was found.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[error("word {word}: expected {expected}, found {found}")]
pub struct MessageError {
    /// The position of the word at fault, from 1 (one past the last word
    /// for a line that ends too soon).
    pub word: usize,
    /// What was expected.
    pub expected: &'static str,
    /// What was found, quoted, or "the end of the line".
    pub found: String,
}

/// A game of the protocol.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum GameKind {
    /// Kamisado.
    Kamisado,
    /// Katarenga.
    Katarenga,
}

impl GameKind {
    /// Both games.
    pub const ALL: [GameKind; 2] = [GameKind::Kamisado, GameKind::Katarenga];

    /// The game's name in the protocol.
    #[must_use]
    pub const fn name(self) -> &'static str {
        match self {
            GameKind::Kamisado => "kamisado",
            GameKind::Katarenga => "katarenga",
        }
    }
}

impl fmt::Display for GameKind {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

impl FromStr for GameKind {
    type Err = String;

    fn from_str(s: &str) -> Result<GameKind, String> {
        GameKind::ALL
            .into_iter()
            .find(|g| g.name() == s)
            .ok_or_else(|| format!("unknown game {s:?}: expected kamisado or katarenga"))
    }
}

/// Where a `position` command starts from.
#[derive(Debug, Clone, PartialEq, Eq, Hash)]
pub enum Start {
    /// `startpos`: the game's usual start (Katarenga: on the standard
    /// board).
    StartPos,
    /// `tiles 1f0 2f0 3f0 4f0`: Katarenga's start on a board of tiles.
    Tiles([TilePlacement; 4]),
    /// `notation <fields>`: a position in the game's notation.
    Notation(String),
}

/// The limits of a `go` command; all optional, several may be given (the
/// engine stops at the first reached).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Default)]
pub struct Go {
    /// `movetime <ms>`: think this long.
    pub movetime: Option<u64>,
    /// `depth <plies>`.
    pub depth: Option<u32>,
    /// `nodes <n>`.
    pub nodes: Option<u64>,
    /// `btime <ms>` and `wtime <ms>`: the clocks, Black's first.
    pub time: [Option<u64>; 2],
    /// `binc <ms>` and `winc <ms>`: the increments, Black's first.
    pub increment: [Option<u64>; 2],
    /// `movestogo <n>`: moves to the next time control.
    pub moves_to_go: Option<u32>,
    /// `infinite`: until `stop`.
    pub infinite: bool,
}

/// What a controller sends an engine.
#[derive(Debug, Clone, PartialEq, Eq, Hash)]
pub enum Command {
    /// `kkp`: the handshake; the engine answers with `id`, `game` and
    /// `option` lines and `kkpok`.
    Kkp,
    /// `isready`: answered with `readyok` once earlier commands are done.
    IsReady,
    /// `setoption name <name> value <value>`.
    SetOption {
        /// The option's name (no spaces).
        name: String,
        /// Its value (may hold spaces; empty for none).
        value: String,
    },
    /// `newgame <game> [rules <option>...]`: a new game (tables cleared).
    NewGame {
        /// The game.
        game: GameKind,
        /// The rule options; `standard` (or none) for the rules pages'.
        rules: Vec<String>,
    },
    /// `position <start> [moves <move>...]`.
    Position {
        /// Where the game starts.
        start: Start,
        /// The moves played since, in order.
        moves: Vec<String>,
    },
    /// `go [movetime <ms>] [depth <n>] [nodes <n>] [btime <ms>] [wtime <ms>]
    /// [binc <ms>] [winc <ms>] [movestogo <n>] [infinite]`: search the
    /// position and answer `bestmove`.
    Go(Go),
    /// `edge <target> <black score> <white score> [movetime <ms>]`: the
    /// position is a Kamisado round just finished, scored (the scores
    /// include it) in a match to `target`; its winner chooses the refill
    /// edge, answered with `bestedge`.
    Edge {
        /// The match's target score.
        target: u32,
        /// Both scores after the round, Black's first.
        scores: [u32; 2],
        /// How long to think.
        movetime: Option<u64>,
    },
    /// `stop`: end the search now and answer `bestmove`.
    Stop,
    /// `quit`: exit.
    Quit,
}

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
    /// `cp <n>`: an estimate, in hundredths of a won game.
    Cp(i32),
    /// `win <plies>`: the side to move wins within this many plies.
    Win(u32),
    /// `loss <plies>`: the side to move loses within this many plies.
    Loss(u32),
}

/// An `info` line: any of its fields.
#[derive(Debug, Clone, PartialEq, Eq, Hash, Default)]
pub struct Info {
    /// `depth <plies>`: the completed depth.
    pub depth: Option<u32>,
    /// `score cp <n>` | `score win <plies>` | `score loss <plies>`.
    pub score: Option<Score>,
    /// `nodes <n>`.
    pub nodes: Option<u64>,
    /// `nps <n>`: nodes per second.
    pub nps: Option<u64>,
    /// `time <ms>`: since the search started.
    pub time: Option<u64>,
    /// `pv <move>...`: the principal variation (last, to the line's end).
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
    /// `game <game>`: a game the engine plays (one line each).
    Game(GameKind),
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
    /// `bestmove <move>`, or `bestmove none` when the game is over.
    BestMove(Option<String>),
    /// `bestedge a` or `bestedge h`.
    BestEdge(Edge),
    /// `error <text>`: the command just sent was refused (the engine goes
    /// on as if it had not been sent).
    Error(String),
}

/// The words of a line, with the position of each.
struct Words<'a> {
    words: Vec<&'a str>,
    next: usize,
}

impl<'a> Words<'a> {
    fn new(line: &'a str) -> Words<'a> {
        Words {
            words: line.split_whitespace().collect(),
            next: 0,
        }
    }

    fn error(&self, expected: &'static str) -> MessageError {
        MessageError {
            word: self.next + 1,
            expected,
            found: self
                .words
                .get(self.next)
                .map_or_else(|| "the end of the line".into(), |w| format!("{w:?}")),
        }
    }

    fn peek(&self) -> Option<&'a str> {
        self.words.get(self.next).copied()
    }

    fn word(&mut self, expected: &'static str) -> Result<&'a str, MessageError> {
        let w = self.peek().ok_or_else(|| self.error(expected))?;
        self.next += 1;
        Ok(w)
    }

    fn keyword(&mut self, keyword: &'static str) -> Result<(), MessageError> {
        if self.peek() == Some(keyword) {
            self.next += 1;
            Ok(())
        } else {
            Err(self.error(keyword))
        }
    }

    fn number<T: FromStr>(&mut self, expected: &'static str) -> Result<T, MessageError> {
        let w = self.peek().ok_or_else(|| self.error(expected))?;
        let n = w.parse().map_err(|_| self.error(expected))?;
        self.next += 1;
        Ok(n)
    }

    /// The rest of the line, its words joined by single spaces.
    fn rest(&mut self) -> String {
        let rest = self.words[self.next..].join(" ");
        self.next = self.words.len();
        rest
    }

    fn end(&self) -> Result<(), MessageError> {
        match self.peek() {
            None => Ok(()),
            Some(_) => Err(self.error("the end of the line")),
        }
    }
}

impl FromStr for Command {
    type Err = MessageError;

    fn from_str(line: &str) -> Result<Command, MessageError> {
        let mut w = Words::new(line);
        let command = match w.word("a command")? {
            "kkp" => Command::Kkp,
            "isready" => Command::IsReady,
            "stop" => Command::Stop,
            "quit" => Command::Quit,
            "setoption" => {
                w.keyword("name")?;
                let name = w.word("the option's name")?.to_string();
                let value = if w.peek() == Some("value") {
                    w.next += 1;
                    w.rest()
                } else {
                    String::new()
                };
                Command::SetOption { name, value }
            }
            "newgame" => {
                let at = w.error("kamisado or katarenga");
                let game = w.word("kamisado or katarenga")?.parse().map_err(|_| at)?;
                let rules = if w.peek() == Some("rules") {
                    w.next += 1;
                    w.rest()
                        .split(' ')
                        .filter(|r| !r.is_empty())
                        .map(String::from)
                        .collect()
                } else {
                    Vec::new()
                };
                Command::NewGame { game, rules }
            }
            "position" => {
                let start = match w.word("startpos, tiles or notation")? {
                    "startpos" => Start::StartPos,
                    "tiles" => {
                        let mut tiles = [TilePlacement::new(katarenga_core::Tile::One); 4];
                        for tile in &mut tiles {
                            let at = w.error("a tile such as 2b1");
                            *tile = w.word("a tile such as 2b1")?.parse().map_err(|_| at)?;
                        }
                        Start::Tiles(tiles)
                    }
                    "notation" => {
                        let mut fields = Vec::new();
                        while let Some(f) = w.peek().filter(|&f| f != "moves") {
                            fields.push(f);
                            w.next += 1;
                        }
                        if fields.is_empty() {
                            return Err(w.error("the position's notation"));
                        }
                        Start::Notation(fields.join(" "))
                    }
                    _ => {
                        w.next -= 1;
                        return Err(w.error("startpos, tiles or notation"));
                    }
                };
                let moves = if w.peek() == Some("moves") {
                    w.next += 1;
                    w.rest()
                        .split(' ')
                        .filter(|m| !m.is_empty())
                        .map(String::from)
                        .collect()
                } else {
                    Vec::new()
                };
                Command::Position { start, moves }
            }
            "go" => {
                let mut go = Go::default();
                while let Some(key) = w.peek() {
                    w.next += 1;
                    match key {
                        "movetime" => go.movetime = Some(w.number("milliseconds")?),
                        "depth" => go.depth = Some(w.number("a depth in plies")?),
                        "nodes" => go.nodes = Some(w.number("a number of nodes")?),
                        "btime" => go.time[0] = Some(w.number("milliseconds")?),
                        "wtime" => go.time[1] = Some(w.number("milliseconds")?),
                        "binc" => go.increment[0] = Some(w.number("milliseconds")?),
                        "winc" => go.increment[1] = Some(w.number("milliseconds")?),
                        "movestogo" => go.moves_to_go = Some(w.number("a number of moves")?),
                        "infinite" => go.infinite = true,
                        _ => {
                            w.next -= 1;
                            return Err(w.error("a go limit: movetime, depth, nodes, btime, wtime, binc, winc, movestogo or infinite"));
                        }
                    }
                }
                Command::Go(go)
            }
            "edge" => {
                let target = w.number("the target score")?;
                let scores = [w.number("Black's score")?, w.number("White's score")?];
                let movetime = if w.peek() == Some("movetime") {
                    w.next += 1;
                    Some(w.number("milliseconds")?)
                } else {
                    None
                };
                Command::Edge {
                    target,
                    scores,
                    movetime,
                }
            }
            _ => {
                w.next -= 1;
                return Err(w.error(
                    "a command: kkp, isready, setoption, newgame, position, go, edge, stop or quit",
                ));
            }
        };
        w.end()?;
        Ok(command)
    }
}

impl fmt::Display for Command {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Command::Kkp => f.write_str("kkp"),
            Command::IsReady => f.write_str("isready"),
            Command::Stop => f.write_str("stop"),
            Command::Quit => f.write_str("quit"),
            Command::SetOption { name, value } if value.is_empty() => {
                write!(f, "setoption name {name}")
            }
            Command::SetOption { name, value } => write!(f, "setoption name {name} value {value}"),
            Command::NewGame { game, rules } => {
                write!(f, "newgame {game}")?;
                if !rules.is_empty() {
                    write!(f, " rules {}", rules.join(" "))?;
                }
                Ok(())
            }
            Command::Position { start, moves } => {
                f.write_str("position ")?;
                match start {
                    Start::StartPos => f.write_str("startpos")?,
                    Start::Tiles(t) => write!(f, "tiles {} {} {} {}", t[0], t[1], t[2], t[3])?,
                    Start::Notation(n) => write!(f, "notation {n}")?,
                }
                if !moves.is_empty() {
                    write!(f, " moves {}", moves.join(" "))?;
                }
                Ok(())
            }
            Command::Go(go) => {
                f.write_str("go")?;
                let fields = [
                    ("movetime", go.movetime),
                    ("depth", go.depth.map(u64::from)),
                    ("nodes", go.nodes),
                    ("btime", go.time[0]),
                    ("wtime", go.time[1]),
                    ("binc", go.increment[0]),
                    ("winc", go.increment[1]),
                    ("movestogo", go.moves_to_go.map(u64::from)),
                ];
                for (name, value) in fields {
                    if let Some(v) = value {
                        write!(f, " {name} {v}")?;
                    }
                }
                if go.infinite {
                    f.write_str(" infinite")?;
                }
                Ok(())
            }
            Command::Edge {
                target,
                scores,
                movetime,
            } => {
                write!(f, "edge {target} {} {}", scores[0], scores[1])?;
                if let Some(ms) = movetime {
                    write!(f, " movetime {ms}")?;
                }
                Ok(())
            }
        }
    }
}

impl FromStr for Reply {
    type Err = MessageError;

    fn from_str(line: &str) -> Result<Reply, MessageError> {
        let mut w = Words::new(line);
        let reply = match w.word("a reply")? {
            "id" => match w.word("name or author")? {
                "name" => Reply::Name(w.rest()),
                "author" => Reply::Author(w.rest()),
                _ => {
                    w.next -= 1;
                    return Err(w.error("name or author"));
                }
            },
            "game" => {
                let at = w.error("kamisado or katarenga");
                Reply::Game(w.word("kamisado or katarenga")?.parse().map_err(|_| at)?)
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
                    _ => {
                        w.next -= 1;
                        return Err(w.error("spin, check or string"));
                    }
                };
                Reply::Option { name, kind }
            }
            "kkpok" => Reply::KkpOk,
            "readyok" => Reply::ReadyOk,
            "bestmove" => match w.word("a move or none")? {
                "none" => Reply::BestMove(None),
                mv => Reply::BestMove(Some(mv.to_string())),
            },
            "bestedge" => match w.word("a or h")? {
                "a" => Reply::BestEdge(Edge::AFile),
                "h" => Reply::BestEdge(Edge::HFile),
                _ => {
                    w.next -= 1;
                    return Err(w.error("a or h"));
                }
            },
            "error" => Reply::Error(w.rest()),
            "info" => {
                let mut info = Info::default();
                while let Some(key) = w.peek() {
                    w.next += 1;
                    match key {
                        "depth" => info.depth = Some(w.number("a depth")?),
                        "nodes" => info.nodes = Some(w.number("a number of nodes")?),
                        "nps" => info.nps = Some(w.number("nodes per second")?),
                        "time" => info.time = Some(w.number("milliseconds")?),
                        "score" => {
                            info.score = Some(match w.word("cp, win or loss")? {
                                "cp" => Score::Cp(w.number("a score")?),
                                "win" => Score::Win(w.number("a number of plies")?),
                                "loss" => Score::Loss(w.number("a number of plies")?),
                                _ => {
                                    w.next -= 1;
                                    return Err(w.error("cp, win or loss"));
                                }
                            });
                        }
                        "pv" => {
                            // To the line's end, or to a `string` field.
                            while let Some(mv) = w.peek().filter(|&m| m != "string") {
                                info.pv.push(mv.to_string());
                                w.next += 1;
                            }
                        }
                        "string" => info.string = Some(w.rest()),
                        _ => {
                            w.next -= 1;
                            return Err(w.error(
                                "an info field: depth, score, nodes, nps, time, pv or string",
                            ));
                        }
                    }
                }
                Reply::Info(info)
            }
            _ => {
                w.next -= 1;
                return Err(w.error(
                    "a reply: id, game, option, kkpok, readyok, info, bestmove, bestedge or error",
                ));
            }
        };
        w.end()?;
        Ok(reply)
    }
}

impl fmt::Display for Reply {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Reply::Name(name) => write!(f, "id name {name}"),
            Reply::Author(author) => write!(f, "id author {author}"),
            Reply::Game(game) => write!(f, "game {game}"),
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
            Reply::BestMove(Some(mv)) => write!(f, "bestmove {mv}"),
            Reply::BestMove(None) => f.write_str("bestmove none"),
            Reply::BestEdge(edge) => write!(f, "bestedge {edge}"),
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

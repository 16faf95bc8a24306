//! What a controller sends an engine.

use std::fmt;
use std::str::FromStr;

use game_spec::GameId;
use katarenga_core::TilePlacement;

use super::MessageError;
use super::words::Words;

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

impl Go {
    /// Whether only `stop` ends the search: `infinite`, or no limit at all.
    #[must_use]
    pub fn is_endless(&self) -> bool {
        self.infinite
            || (self.movetime.is_none()
                && self.depth.is_none()
                && self.nodes.is_none()
                && self.time == [None, None])
    }
}

/// What a controller sends an engine.
#[derive(Debug, Clone, PartialEq, Eq, Hash)]
pub enum Command {
    /// `kkp`: the handshake; the engine answers with `id`, `protocol`,
    /// `game` and `option` lines and `kkpok`.
    Kkp,
    /// `isready`: answered with `readyok` once earlier commands are taken
    /// (at once while a search runs).
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
        game: GameId,
        /// The rule options; `standard` (or none) for the rules pages'.
        rules: Vec<String>,
    },
    /// `match <target> <black score> <white score> <round>` (KKP 1): the
    /// Kamisado round about to be played is round `round` (from 1) of a
    /// match to `target` points, with these scores before it.
    Match {
        /// The match's target score.
        target: u32,
        /// Both scores before the round, Black's first.
        scores: [u32; 2],
        /// The round's number, from 1.
        round: u32,
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
    /// `orient [movetime <ms>]` (version 2): the position is a Katarenga
    /// start on the board as laid; the first player (Black) chooses the
    /// edge it sits at, answered with `bestorient`.
    Orient {
        /// How long to think.
        movetime: Option<u64>,
    },
    /// `stop`: end the search now and answer `bestmove`.
    Stop,
    /// `quit`: exit.
    Quit,
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
                let value = if w.take("value") {
                    w.rest()
                } else {
                    String::new()
                };
                Command::SetOption { name, value }
            }
            "newgame" => {
                let (game, rules) = w.game_and_rules()?;
                Command::NewGame { game, rules }
            }
            "match" => Command::Match {
                target: w.number("the target score")?,
                scores: [w.number("Black's score")?, w.number("White's score")?],
                round: w.number("the round's number")?,
            },
            "position" => {
                let start = match w.word("startpos, tiles or notation")? {
                    "startpos" => Start::StartPos,
                    "tiles" => {
                        let mut tiles = [TilePlacement::new(katarenga_core::Tile::One); 4];
                        for tile in &mut tiles {
                            *tile = w
                                .word("a tile such as 2b1")?
                                .parse()
                                .map_err(|_| w.error_back("a tile such as 2b1"))?;
                        }
                        Start::Tiles(tiles)
                    }
                    "notation" => {
                        let mut fields = Vec::new();
                        while let Some(f) = w.peek().filter(|&f| f != "moves") {
                            fields.push(f);
                            w.skip();
                        }
                        if fields.is_empty() {
                            return Err(w.error("the position's notation"));
                        }
                        Start::Notation(fields.join(" "))
                    }
                    _ => return Err(w.error_back("startpos, tiles or notation")),
                };
                let moves = if w.take("moves") {
                    w.list()
                } else {
                    Vec::new()
                };
                Command::Position { start, moves }
            }
            "go" => {
                let mut go = Go::default();
                while let Some(key) = w.peek() {
                    w.skip();
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
                            return Err(w.error_back(
                                "a go limit: movetime, depth, nodes, btime, wtime, binc, winc, movestogo or infinite",
                            ));
                        }
                    }
                }
                Command::Go(go)
            }
            "edge" => {
                let target = w.number("the target score")?;
                let scores = [w.number("Black's score")?, w.number("White's score")?];
                let movetime = if w.take("movetime") {
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
            "orient" => Command::Orient {
                movetime: if w.take("movetime") {
                    Some(w.number("milliseconds")?)
                } else {
                    None
                },
            },
            _ => {
                return Err(w.error_back(
                    "a command: kkp, isready, setoption, newgame, match, position, go, edge, orient, stop or quit",
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
            Command::Match {
                target,
                scores,
                round,
            } => write!(f, "match {target} {} {} {round}", scores[0], scores[1]),
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
            Command::Orient { movetime } => {
                f.write_str("orient")?;
                if let Some(ms) = movetime {
                    write!(f, " movetime {ms}")?;
                }
                Ok(())
            }
        }
    }
}

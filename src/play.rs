//! The `play` example's session: a game in the terminal, or scripted from
//! any reader (tests drive it with in-memory input and output).

use std::io::{self, BufRead, Write};
use std::time::Duration;

use game_search::{Limits, SearchGame, Searcher};

use board_geometry::Player;
use kamisado_core::{Edge, Match, MatchState, Target};

use crate::draw;
use crate::fixtures::Rng;
use crate::games::{Game, greedy_move};

/// The usage text of the `play` example.
pub const USAGE: &str = "usage: play [kamisado|katarenga] [options]

A game in the terminal. Moves are typed in the notation of RULES.md (d1d7, e8h9);
'moves' lists the legal moves, 'undo' takes back the last move, 'quit' ends.
Without a terminal, moves are read line by line from standard input.
  --black human|computer   who plays Black (default: human)
  --white human|computer   who plays White (default: computer)
  --target N               Kamisado: play a match to N points (default 1, a single round)
  --board COLOURS          Katarenga: the board as 8 ranks of R/Y/B/G letters separated by '/'
  --tiles SPEC             Katarenga: tiles per quadrant (top-left, top-right, bottom-left,
                           bottom-right) as tile number, side f|b, quarter turns 0-3,
                           e.g. 1f0,2f0,3f0,4f0 (the default board)
  --depth D                the computer searches D plies ahead (default 4; 0: the greedy
                           one-ply player)
  --think MS               the computer searches for MS milliseconds per move instead
  --seed S                 the computer's random seed (default 1)
  --demo                   computer against computer: one Kamisado round and one
                           Katarenga game, then exit";

/// Why a session could not run.
#[derive(Debug)]
pub enum PlayError {
    /// Bad arguments (exit status 2).
    Usage(String),
    /// Reading or writing failed.
    Io(io::Error),
}

impl From<io::Error> for PlayError {
    fn from(e: io::Error) -> PlayError {
        PlayError::Io(e)
    }
}

#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Who {
    Human,
    Computer,
}

#[derive(Debug, Clone)]
enum GameChoice {
    Kamisado { target: Target },
    Katarenga { board: katarenga_core::Board },
}

/// How strong the computer plays.
#[derive(Debug, Clone, Copy)]
enum Strength {
    /// The greedy one-ply player.
    Greedy,
    /// Our alpha-beta search with these limits.
    Search(Limits),
}

#[derive(Debug, Clone)]
struct Options {
    game: GameChoice,
    players: [Who; 2],
    strength: Strength,
    seed: u64,
    demo: bool,
}

fn parse_tiles(spec: &str) -> Result<katarenga_core::Board, String> {
    use katarenga_core::{Board, Rotation, Side, Tile, TilePlacement};
    let bad = || format!("bad --tiles {spec:?}: expected four entries like 1f0,2b1,3f2,4f3");
    let parts: Vec<&str> = spec.split(',').collect();
    let placements: Vec<TilePlacement> = parts
        .iter()
        .map(|p| {
            let b = p.as_bytes();
            if b.len() != 3 {
                return Err(bad());
            }
            let tile = match b[0] {
                b'1'..=b'4' => Tile::ALL[(b[0] - b'1') as usize],
                _ => return Err(bad()),
            };
            let side = match b[1] {
                b'f' => Side::Front,
                b'b' => Side::Back,
                _ => return Err(bad()),
            };
            let rotation = match b[2] {
                b'0'..=b'3' => Rotation::new(b[2] - b'0'),
                _ => return Err(bad()),
            };
            Ok(TilePlacement {
                tile,
                side,
                rotation,
            })
        })
        .collect::<Result<_, _>>()?;
    let placements: [TilePlacement; 4] = placements.try_into().map_err(|_| bad())?;
    Board::from_tiles(placements).map_err(|e| format!("bad --tiles {spec:?}: {e}"))
}

fn parse_options(args: &[String]) -> Result<Option<Options>, String> {
    let mut game_name = "kamisado".to_string();
    let mut target = Target::SINGLE_ROUND;
    let mut board = None;
    let mut players = [Who::Human, Who::Computer];
    let mut seed = 1;
    let mut demo = false;
    let mut strength = Strength::Search(Limits::depth(4));
    let mut iter = args.iter();
    let who = |v: Option<&String>, flag: &str| match v.map(String::as_str) {
        Some("human") => Ok(Who::Human),
        Some("computer") => Ok(Who::Computer),
        other => Err(format!("{flag} takes human or computer, not {other:?}")),
    };
    while let Some(arg) = iter.next() {
        match arg.as_str() {
            "--help" | "-h" => return Ok(None),
            "kamisado" | "katarenga" => game_name = arg.clone(),
            "--black" => players[0] = who(iter.next(), "--black")?,
            "--white" => players[1] = who(iter.next(), "--white")?,
            "--target" => {
                let v = iter.next().ok_or("--target needs a number")?;
                target = v.parse().ok().and_then(Target::new).ok_or(format!(
                    "bad target {v:?}: expected a positive whole number"
                ))?;
            }
            "--board" => {
                let v = iter.next().ok_or("--board needs the colours")?;
                board = Some(v.parse().map_err(|e| format!("bad --board: {e}"))?);
            }
            "--tiles" => {
                let v = iter.next().ok_or("--tiles needs a specification")?;
                board = Some(parse_tiles(v)?);
            }
            "--seed" => {
                let v = iter.next().ok_or("--seed needs a number")?;
                seed = v
                    .parse()
                    .map_err(|_| format!("bad seed {v:?}: expected a whole number"))?;
            }
            "--demo" => demo = true,
            "--depth" => {
                let v = iter.next().ok_or("--depth needs a number")?;
                strength = match v.parse::<u32>() {
                    Ok(0) => Strength::Greedy,
                    Ok(d) if d <= 64 => Strength::Search(Limits::depth(d)),
                    _ => return Err(format!("bad depth {v:?}: expected 0 to 64")),
                };
            }
            "--think" => {
                let v = iter.next().ok_or("--think needs milliseconds")?;
                strength = match v.parse::<u64>() {
                    Ok(ms) if ms > 0 => Strength::Search(Limits::time(Duration::from_millis(ms))),
                    _ => {
                        return Err(format!(
                            "bad time {v:?}: expected a positive number of milliseconds"
                        ));
                    }
                };
            }
            other => return Err(format!("unknown argument {other:?}")),
        }
    }
    let game = match game_name.as_str() {
        "kamisado" => {
            if board.is_some() {
                return Err("--board and --tiles are for Katarenga".into());
            }
            GameChoice::Kamisado { target }
        }
        _ => GameChoice::Katarenga {
            board: board.unwrap_or_else(katarenga_core::Board::standard),
        },
    };
    Ok(Some(Options {
        game,
        players,
        strength,
        seed,
        demo,
    }))
}

/// A game both the examples' helpers and the search can play.
trait Searchable: Game + SearchGame<Move = <Self as Game>::Move> {}
impl<G: Game + SearchGame<Move = <G as Game>::Move>> Searchable for G {}

/// What a person typed at their turn.
enum Typed<G: Game> {
    Move(G::Move, G),
    Undo,
    Quit,
    End,
}

fn read_turn<G: Game>(p: &G, input: &mut dyn BufRead, out: &mut dyn Write) -> io::Result<Typed<G>> {
    loop {
        write!(out, "{} to move> ", p.to_move())?;
        out.flush()?;
        let mut line = String::new();
        if input.read_line(&mut line)? == 0 {
            writeln!(out)?;
            return Ok(Typed::End);
        }
        match line.trim() {
            "" => {}
            "quit" => return Ok(Typed::Quit),
            "undo" => return Ok(Typed::Undo),
            "moves" => {
                let mut list: Vec<String> = p.moves().iter().map(|m| m.to_string()).collect();
                list.sort();
                writeln!(out, "legal moves: {}", list.join(" "))?;
            }
            text => match p.try_text(text) {
                Ok((mv, next)) => return Ok(Typed::Move(mv, next)),
                Err(reason) => writeln!(out, "{reason}; try again ('moves' lists them)")?,
            },
        }
    }
}

/// The next move in `p`: the computer's choice, announced, or what the
/// person typed.
fn take_turn<G: Searchable>(
    p: &G,
    who: Who,
    strength: Strength,
    rng: &mut Rng,
    input: &mut dyn BufRead,
    out: &mut dyn Write,
) -> io::Result<Typed<G>> {
    match who {
        Who::Computer => {
            let mv = match strength {
                Strength::Greedy => greedy_move(p, rng),
                Strength::Search(limits) => Searcher::<G>::new(1 << 16).search(p, limits).best,
            }
            .expect("a game in progress has a move");
            writeln!(out, "{} plays {mv}", p.to_move())?;
            Ok(Typed::Move(mv, p.after(mv)))
        }
        Who::Human => read_turn(p, input, out),
    }
}

/// Pops history entries for `undo`: back to the previous turn of a human.
fn undo<T>(history: &mut Vec<T>, side_of: impl Fn(&T) -> Player, players: [Who; 2]) -> bool {
    if history.len() < 2 {
        return false;
    }
    history.pop();
    while history.len() > 1
        && players[side_of(history.last().expect("not empty")).index()] == Who::Computer
    {
        history.pop();
    }
    true
}

fn play_kamisado(
    target: Target,
    players: [Who; 2],
    strength: Strength,
    rng: &mut Rng,
    input: &mut dyn BufRead,
    out: &mut dyn Write,
    colour: bool,
) -> io::Result<()> {
    // Each entry: the match and the move that led to it.
    let mut history: Vec<(Match, Option<kamisado_core::Move>)> = vec![(Match::new(target), None)];
    loop {
        let (m, last) = *history.last().expect("history starts with the match");
        match m.state() {
            MatchState::Over { winner } => {
                let [b, w] = m.scores();
                writeln!(out, "{winner} wins the match, black {b} - white {w}")?;
                return Ok(());
            }
            MatchState::ChooseEdge { chooser } => {
                let edge = match players[chooser.index()] {
                    Who::Computer => {
                        if rng.below(2) == 0 {
                            Edge::AFile
                        } else {
                            Edge::HFile
                        }
                    }
                    Who::Human => loop {
                        write!(
                            out,
                            "{chooser}, refill from the a-file or the h-file edge? (a/h)> "
                        )?;
                        out.flush()?;
                        let mut line = String::new();
                        if input.read_line(&mut line)? == 0 {
                            writeln!(out)?;
                            return Ok(());
                        }
                        match line.trim() {
                            "a" => break Edge::AFile,
                            "h" => break Edge::HFile,
                            "quit" => return Ok(()),
                            other => writeln!(out, "{other:?} is not an edge: type a or h")?,
                        }
                    },
                };
                let mut next = m;
                next.choose_edge(edge).expect("an edge is to be chosen");
                writeln!(
                    out,
                    "{chooser} refills from the {} edge; round {} begins",
                    match edge {
                        Edge::AFile => "a-file",
                        Edge::HFile => "h-file",
                    },
                    next.round()
                )?;
                history = vec![(next, None)];
                continue;
            }
            MatchState::InRound => {}
        }
        let p = *m.position();
        write!(out, "{}", draw::kamisado(&p, last, colour))?;
        let mv = match take_turn(&p, players[p.to_move().index()], strength, rng, input, out)? {
            Typed::Move(mv, _) => mv,
            Typed::Undo => {
                if !undo(&mut history, |(m, _)| m.position().side_to_move(), players) {
                    writeln!(out, "nothing to undo")?;
                }
                continue;
            }
            Typed::Quit | Typed::End => return Ok(()),
        };
        let mut next = m;
        if let Ok(Some(summary)) = next.play(mv) {
            write!(out, "{}", draw::kamisado(next.position(), Some(mv), colour))?;
            writeln!(out, "{summary}")?;
        }
        history.push((next, Some(mv)));
    }
}

fn play_katarenga(
    board: katarenga_core::Board,
    players: [Who; 2],
    strength: Strength,
    rng: &mut Rng,
    input: &mut dyn BufRead,
    out: &mut dyn Write,
    colour: bool,
) -> io::Result<()> {
    let mut history: Vec<(katarenga_core::Position, Option<katarenga_core::Move>)> =
        vec![(katarenga_core::Position::start_on(board), None)];
    loop {
        let (p, last) = *history.last().expect("history starts with the position");
        write!(out, "{}", draw::katarenga(&p, last, colour))?;
        if let Some(text) = p.outcome_text() {
            writeln!(out, "{text}")?;
            return Ok(());
        }
        let (mv, next) =
            match take_turn(&p, players[p.to_move().index()], strength, rng, input, out)? {
                Typed::Move(mv, next) => (mv, next),
                Typed::Undo => {
                    if !undo(&mut history, |(p, _)| p.side_to_move(), players) {
                        writeln!(out, "nothing to undo")?;
                    }
                    continue;
                }
                Typed::Quit | Typed::End => return Ok(()),
            };
        history.push((next, Some(mv)));
    }
}

/// Runs a session with `args` (without the program name), reading moves
/// from `input` and writing to `out`; `colour` selects ANSI colours.
///
/// # Errors
/// [`PlayError::Usage`] for bad arguments, [`PlayError::Io`] when reading or
/// writing fails.
pub fn run(
    args: &[String],
    input: &mut dyn BufRead,
    out: &mut dyn Write,
    colour: bool,
) -> Result<(), PlayError> {
    let Some(options) = parse_options(args).map_err(PlayError::Usage)? else {
        writeln!(out, "{USAGE}")?;
        return Ok(());
    };
    let mut rng = Rng::new(options.seed);
    if options.demo {
        let computers = [Who::Computer, Who::Computer];
        writeln!(out, "Kamisado, one round, computer against computer:")?;
        let quick = Strength::Search(Limits::depth(3));
        let single = Target::SINGLE_ROUND;
        play_kamisado(single, computers, quick, &mut rng, input, out, colour)?;
        writeln!(
            out,
            "\nKatarenga on the standard board, computer against computer:"
        )?;
        let board = katarenga_core::Board::standard();
        play_katarenga(board, computers, quick, &mut rng, input, out, colour)?;
        return Ok(());
    }
    match options.game {
        GameChoice::Kamisado { target } => {
            play_kamisado(
                target,
                options.players,
                options.strength,
                &mut rng,
                input,
                out,
                colour,
            )?;
        }
        GameChoice::Katarenga { board } => {
            play_katarenga(
                board,
                options.players,
                options.strength,
                &mut rng,
                input,
                out,
                colour,
            )?;
        }
    }
    Ok(())
}

//! The session: a game in the terminal, or scripted from any reader (tests
//! drive it with in-memory input and output).

use std::io::{self, BufRead, Write};

use board_geometry::Player;
use game_search::play::{Adjudication, Repetitions};
use game_search::{Agent, GreedyAgent, SearchAgent, SearchGame};
use kamisado_core::{Edge, Game, Match, MatchState, Target};

use super::args::{GameChoice, Options, PlayArgs, Strength, Who};
use crate::cli::{CliError, chain, count};

/// The key to Kamisado's plain drawing.
const KAMISADO_LEGEND: &str = "legend: each square is its colour, ':', then its tower or '.' \
(colours O orange, B blue, P purple, K pink, Y yellow, R red, G green, N brown; \
towers by their colour, uppercase Black, lowercase White, one '+' per sumo rank)";

/// The key to Katarenga's plain drawing.
const KATARENGA_LEGEND: &str = "legend: each square is its colour, then its piece or '.' \
(R red: moves like a rook, Y yellow: a bishop, B blue: a king, G green: a knight; \
b Black's piece, w White's; the camps a9 h9 a0 h0 show [x] when taken)";

const FAMILY_LEGEND: &str = "legend: each square is its colour, then its pawn or '.' \
(R red: moves like a rook, Y yellow: a bishop, B blue: a king, G green: a knight; \
b Black's pawn, w White's)";

/// What `help` at a prompt prints.
const COMMANDS: &str = "a move in the notation (d1d7, e8h9); 'moves' lists the legal moves, \
'undo' takes back your last move, 'quit' ends, 'help' shows this";

/// The longest line a person may type, in bytes: longer lines are refused
/// (and not kept in memory).
pub const MAX_LINE: usize = 4096;

/// Reads one line of at most [`MAX_LINE`] bytes. `Ok(None)` at the end of
/// the input; `Ok(Some(Err(reason)))` for a line that is too long or not
/// UTF-8 (the rest of a long line is read and dropped, never kept).
fn read_line(input: &mut dyn BufRead) -> io::Result<Option<Result<String, String>>> {
    let mut line = Vec::new();
    let mut too_long = false;
    let mut any = false;
    loop {
        let buffer = input.fill_buf()?;
        if buffer.is_empty() {
            break;
        }
        any = true;
        let (chunk, done) = match buffer.iter().position(|&b| b == b'\n') {
            Some(i) => (&buffer[..=i], true),
            None => (buffer, false),
        };
        let used = chunk.len();
        if line.len() + used <= MAX_LINE + 1 {
            line.extend_from_slice(chunk);
        } else {
            too_long = true;
        }
        input.consume(used);
        if done {
            break;
        }
    }
    if !any {
        return Ok(None);
    }
    if too_long {
        return Ok(Some(Err(format!(
            "the line is longer than {MAX_LINE} bytes"
        ))));
    }
    Ok(Some(
        String::from_utf8(line).map_err(|_| "the line is not valid UTF-8".to_string()),
    ))
}

/// What a person typed at their turn.
enum Typed<M> {
    Move(M),
    Undo,
    Quit,
    End,
}

/// How a session ended.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Ending {
    /// The game (or the match) was played to its end.
    Finished,
    /// A person typed `quit`.
    Quit,
    /// The input ended first.
    InputEnded,
}

/// The computer players of both sides.
struct Computers<G: SearchGame>([Box<dyn Agent<G>>; 2]);

impl<G: SearchGame> Computers<G> {
    fn new(strength: Strength, seed: u64) -> Result<Computers<G>, CliError> {
        let make = |side: u64| -> Result<Box<dyn Agent<G>>, CliError> {
            Ok(match strength {
                Strength::Greedy => Box::new(GreedyAgent::new(seed ^ side)),
                Strength::Search(limits) => Box::new(
                    SearchAgent::<G>::new(limits, 4)
                        .map_err(|e| CliError::Failed(e.to_string()))?,
                ),
            })
        };
        Ok(Computers([make(0)?, make(1)?]))
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

/// Whether the adjudication ends the game after a move (and says so).
fn adjudicated(
    out: &mut dyn Write,
    adjudication: Adjudication,
    occurrences: u32,
    plies: usize,
) -> io::Result<bool> {
    if adjudication
        .repetitions
        .is_some_and(|limit| occurrences >= limit)
    {
        writeln!(
            out,
            "draw by repetition: this position occurred for the third time (a rule of this program; the printed rules have no draw)"
        )?;
        return Ok(true);
    }
    if plies >= adjudication.max_plies as usize {
        writeln!(
            out,
            "draw: the game reached {plies} plies, the limit (a rule of this program; the printed rules have no draw)"
        )?;
        return Ok(true);
    }
    Ok(false)
}

/// How a session meets its user.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub struct Console {
    /// Draw the boards in ANSI colours.
    pub colour: bool,
    /// The input is a script, not a person at a terminal: each line read is
    /// echoed after its prompt (a transcript reads as a game), a refused
    /// line is reported on the error stream with its line number and makes
    /// the session fail, and so does an input that ends before the game.
    pub scripted: bool,
}

struct Session<'a> {
    options: &'a Options,
    input: &'a mut dyn BufRead,
    out: &'a mut dyn Write,
    errors: &'a mut dyn Write,
    console: Console,
    /// Lines read so far.
    lines: usize,
    /// The numbers of the lines refused (scripted input).
    refused: Vec<usize>,
}

impl Session<'_> {
    /// A position drawn in colour, or as the engine's plain drawing with the
    /// last move.
    fn draw(
        &mut self,
        ansi: impl std::fmt::Display,
        plain: impl std::fmt::Display,
        last: Option<impl std::fmt::Display>,
    ) -> io::Result<()> {
        if self.console.colour {
            return write!(self.out, "{ansi}");
        }
        write!(self.out, "{plain}")?;
        if let Some(mv) = last {
            writeln!(self.out, "last move: {mv}")?;
        }
        Ok(())
    }

    /// The key to the plain drawings, once per game (the coloured ones
    /// need none).
    fn legend(&mut self, legend: &str) -> io::Result<()> {
        if self.console.colour {
            return Ok(());
        }
        writeln!(self.out, "{legend}")
    }

    /// Writes `prompt` and reads the next line (see [`read_line`]); a
    /// script's line is echoed, so that the prompt ends its line.
    fn next_line(&mut self, prompt: &str) -> io::Result<Option<Result<String, String>>> {
        write!(self.out, "{prompt}> ")?;
        self.out.flush()?;
        let line = read_line(self.input)?;
        match &line {
            None => writeln!(self.out)?,
            Some(text) => {
                self.lines += 1;
                if self.console.scripted {
                    match text {
                        Ok(text) => writeln!(self.out, "{}", text.trim())?,
                        Err(_) => writeln!(self.out)?,
                    }
                }
            }
        }
        Ok(line)
    }

    /// Says why the last line was refused: to the person, who tries again,
    /// or, for a script, on the error stream (and the session will fail).
    fn refuse(&mut self, reason: &str, hint: &str) -> io::Result<()> {
        if self.console.scripted {
            self.refused.push(self.lines);
            writeln!(self.errors, "line {}: {reason}", self.lines)
        } else {
            writeln!(self.out, "{reason}; {hint}")
        }
    }

    /// What the person to move typed: a legal move or a command.
    fn read_turn<G: SearchGame>(&mut self, p: &G) -> io::Result<Typed<G::Move>> {
        const HINT: &str = "try again ('moves' lists them)";
        loop {
            let line = match self.next_line(&format!("{} to move", p.side_to_move()))? {
                None => return Ok(Typed::End),
                Some(Err(reason)) => {
                    self.refuse(&reason, HINT)?;
                    continue;
                }
                Some(Ok(line)) => line,
            };
            match line.trim() {
                "" => {}
                "quit" => return Ok(Typed::Quit),
                "undo" => return Ok(Typed::Undo),
                "help" | "?" => writeln!(self.out, "{COMMANDS}")?,
                "moves" => {
                    let mut list: Vec<String> =
                        p.legal_moves().iter().map(|m| m.to_string()).collect();
                    list.sort();
                    writeln!(self.out, "legal moves: {}", list.join(" "))?;
                }
                text => match text.parse::<G::Move>() {
                    Err(e) => {
                        self.refuse(&format!("malformed move {text:?}: {}", chain(&e)), HINT)?
                    }
                    Ok(mv) => match p.try_play(mv) {
                        Ok(_) => return Ok(Typed::Move(mv)),
                        Err(e) => {
                            self.refuse(&format!("illegal move {mv}: {}", chain(&e)), HINT)?
                        }
                    },
                },
            }
        }
    }

    /// The next move in `p`: the computer's choice, announced, or what the
    /// person typed.
    fn take_turn<G: SearchGame>(
        &mut self,
        p: &G,
        players: [Who; 2],
        computers: &mut Computers<G>,
    ) -> io::Result<Typed<G::Move>> {
        let side = p.side_to_move();
        match players[side.index()] {
            Who::Computer => match computers.0[side.index()].choose(p) {
                Some(mv) => {
                    writeln!(self.out, "{side} plays {mv}")?;
                    Ok(Typed::Move(mv))
                }
                // The sessions ask only in positions with a legal move.
                None => Err(io::Error::other(format!(
                    "the computer found no move for {side}"
                ))),
            },
            Who::Human => self.read_turn(p),
        }
    }

    /// A Kamisado match from `start` (its reading and layout are every
    /// round's).
    fn kamisado(
        &mut self,
        start: kamisado_core::Position,
        target: Target,
        options: kamisado_core::MatchOptions,
        setups: Option<&kamisado_core::SetupChart>,
        players: [Who; 2],
        seed: u64,
    ) -> Result<Ending, CliError> {
        let mut computers = Computers::<kamisado_core::Position>::new(self.options.strength, seed)?;
        let mut rng = board_geometry::SplitMix64::new(seed);
        self.legend(KAMISADO_LEGEND)?;
        let mut first = Match::new_on(target, start, options);
        if let Some(chart) = setups {
            // Black draws for the first round, and moves first.
            let draw = chart.draw(&mut rng);
            let drawn = draw
                .start(chart, Player::Black)
                .ok_or_else(|| CliError::Failed("a drawn set-up is not in the chart".into()))?;
            self.say_draw(draw, Player::Black)?;
            first = Match::new_on(target, drawn.with_game_of(&start), options);
        }
        // Each entry: the match and the move that led to it.
        let mut history: Vec<(Match, Option<kamisado_core::Move>)> = vec![(first, None)];
        loop {
            let (m, last) = *history.last().expect("history starts with the match");
            match m.state() {
                MatchState::Over { winner } => {
                    let [b, w] = m.scores();
                    writeln!(self.out, "{winner} wins the match, black {b} - white {w}")?;
                    return Ok(Ending::Finished);
                }
                MatchState::DrawSetups { drawer } => {
                    // The set-up match: no refill; the loser draws the next
                    // round's set-ups, and opens.
                    let chart = setups.ok_or_else(|| {
                        CliError::Failed("a set-up match needs its chart (--setups FILE)".into())
                    })?;
                    let mut next = m;
                    let draw = next
                        .draw_setups(chart, &mut rng)
                        .map_err(|e| CliError::Failed(chain(&e)))?;
                    self.say_draw(draw, drawer)?;
                    writeln!(self.out, "round {} begins", next.round())?;
                    history = vec![(next, None)];
                    continue;
                }
                MatchState::ChooseEdge { chooser } if !m.edge_matters() => {
                    // Nothing to choose (the restart, or home rows that
                    // refill alike from either side).
                    let mut next = m;
                    next.choose_edge(Edge::AFile)
                        .map_err(|e| CliError::Failed(chain(&e)))?;
                    writeln!(
                        self.out,
                        "{chooser} has no edge to choose: the next round starts the same from either; round {} begins",
                        next.round()
                    )?;
                    history = vec![(next, None)];
                    continue;
                }
                MatchState::ChooseEdge { chooser } => {
                    let edge = match players[chooser.index()] {
                        Who::Computer => {
                            if rng.coin() {
                                Edge::AFile
                            } else {
                                Edge::HFile
                            }
                        }
                        Who::Human => match self.read_edge(chooser)? {
                            Ok(edge) => edge,
                            Err(ending) => return Ok(ending),
                        },
                    };
                    let mut next = m;
                    next.choose_edge(edge)
                        .map_err(|e| CliError::Failed(chain(&e)))?;
                    writeln!(
                        self.out,
                        "{chooser} refills from the {} edge; round {} begins",
                        edge.name(),
                        next.round()
                    )?;
                    history = vec![(next, None)];
                    continue;
                }
                MatchState::InRound => {}
            }
            let p = *m.position();
            self.draw(marked(p.ansi(last), self.options.marks), p.pretty(), last)?;
            let mv = match self.take_turn(&p, players, &mut computers)? {
                Typed::Move(mv) => mv,
                Typed::Undo => {
                    if !undo(&mut history, |(m, _)| m.position().side_to_move(), players) {
                        writeln!(self.out, "nothing to undo")?;
                    }
                    continue;
                }
                Typed::Quit => return Ok(Ending::Quit),
                Typed::End => return Ok(Ending::InputEnded),
            };
            let mut next = m;
            let summary = next.play(mv).map_err(|e| CliError::Failed(chain(&e)))?;
            if let Some(summary) = summary {
                let end = next.position();
                self.draw(
                    marked(end.ansi(Some(mv)), self.options.marks),
                    end.pretty(),
                    Some(mv),
                )?;
                writeln!(self.out, "{summary}")?;
            }
            history.push((next, Some(mv)));
        }
    }

    /// Says the tile edition's draw: `drawer` drew `draw` and moves first;
    /// the player who moves second plays the higher number.
    fn say_draw(&mut self, draw: kamisado_core::SetupDraw, drawer: Player) -> Result<(), CliError> {
        writeln!(
            self.out,
            "{drawer} draws set-ups {} and {}: {drawer} plays {} and moves first, {} plays {}",
            draw.low,
            draw.high,
            draw.low,
            drawer.opponent(),
            draw.high
        )?;
        Ok(())
    }

    /// Asks the round's winner for the refill edge; `Err` with how the
    /// session ends instead.
    fn read_edge(&mut self, chooser: Player) -> Result<Result<Edge, Ending>, CliError> {
        let prompt = format!("{chooser}, refill from the a-file or the h-file edge? (a/h)");
        self.read_edge_name(&prompt, "type a or h")
    }

    /// Reads an edge's name (a Kamisado refill edge, a Katarenga
    /// orientation) after `prompt` until one reads, `hint` after a refused
    /// line; `Err` with how the session ends instead (`quit`, the input's
    /// end).
    fn read_edge_name<T: std::str::FromStr>(
        &mut self,
        prompt: &str,
        hint: &str,
    ) -> Result<Result<T, Ending>, CliError> {
        loop {
            let line = match self.next_line(prompt)? {
                None => return Ok(Err(Ending::InputEnded)),
                Some(Err(reason)) => {
                    self.refuse(&reason, hint)?;
                    continue;
                }
                Some(Ok(line)) => line,
            };
            match line.trim() {
                "quit" => return Ok(Err(Ending::Quit)),
                "help" | "?" => writeln!(self.out, "{hint}; 'quit' ends")?,
                text => match text.parse::<T>() {
                    Ok(edge) => return Ok(Ok(edge)),
                    Err(_) => self.refuse(&format!("{text:?} is not an edge"), hint)?,
                },
            }
        }
    }

    /// A Katarenga game set up as the rules say (the laid board, Black's
    /// orientation, White first), and its rematch if asked for.
    fn katarenga_match(
        &mut self,
        setup: katarenga_core::Setup,
        orientation: Option<katarenga_core::Orientation>,
        rematch: bool,
        players: [Who; 2],
        seed: u64,
    ) -> Result<Ending, CliError> {
        use katarenga_core::{Orientation, Rematch};
        let orientation = match (orientation, players[Player::Black.index()]) {
            (Some(o), _) => o,
            (None, Who::Computer) => {
                let mut computers =
                    Computers::<katarenga_core::Position>::new(self.options.strength, seed)?;
                let black = computers.0[Player::Black.index()].as_mut();
                game_search::play::choose_orientation(black, &setup)
            }
            (None, Who::Human) => match self.read_orientation(&setup)? {
                Ok(o) => o,
                Err(ending) => return Ok(ending),
            },
        };
        if orientation != Orientation::Bottom || rematch {
            writeln!(
                self.out,
                "Black sits at the {orientation} edge of the laid board"
            )?;
        }
        let start = setup.start(orientation);
        let (ending, winner) = self.katarenga(start, players, seed)?;
        if !rematch || ending != Ending::Finished {
            return Ok(ending);
        }
        let mut score = Rematch::new(start);
        let _ = score.record_game(winner);
        writeln!(
            self.out,
            "\nThe rematch: the same start, the sides exchanged (the first game's Black now plays White)"
        )?;
        let (ending, winner) = self.katarenga(start, [players[1], players[0]], seed)?;
        if ending == Ending::Finished {
            let _ = score.record_game(winner);
            let [first, second] = score.half_points();
            let half = |h: u32| format!("{}{}", h / 2, if h % 2 == 1 { ".5" } else { "" });
            writeln!(
                self.out,
                "match: the first player (Black, then White) {} - the second player {}",
                half(first),
                half(second)
            )?;
        }
        Ok(ending)
    }

    /// Asks Black for its edge of the laid board; `Err` with how the
    /// session ends instead.
    fn read_orientation(
        &mut self,
        setup: &katarenga_core::Setup,
    ) -> Result<Result<katarenga_core::Orientation, Ending>, CliError> {
        writeln!(
            self.out,
            "The board as laid (Black's pieces at the bottom):"
        )?;
        let laid = setup.start(katarenga_core::Orientation::Bottom);
        self.draw(
            marked(laid.ansi(None), self.options.marks),
            laid.pretty(),
            None::<katarenga_core::Move>,
        )?;
        self.read_edge_name(
            "Black, at which edge of the laid board do you sit? (bottom/right/top/left)",
            "type bottom, right, top or left",
        )
    }

    /// A Katarenga game from `start`: how it ended and its winner.
    fn katarenga(
        &mut self,
        start: katarenga_core::Position,
        players: [Who; 2],
        seed: u64,
    ) -> Result<(Ending, Option<Player>), CliError> {
        self.board_game(start, KATARENGA_LEGEND, players, seed)
    }

    /// A game of the Katarenga family from `start`.
    fn family(
        &mut self,
        start: game_spec::AnyPosition,
        players: [Who; 2],
        seed: u64,
    ) -> Result<(Ending, Option<Player>), CliError> {
        use game_spec::AnyPosition as A;
        match start {
            A::Congress(p) => self.board_game(p, FAMILY_LEGEND, players, seed),
            A::Quebec(p) => self.board_game(p, FAMILY_LEGEND, players, seed),
            A::Isolation(p) => self.board_game(p, FAMILY_LEGEND, players, seed),
            A::Kamisado(_) | A::Katarenga(_) => {
                unreachable!("a family choice holds a family position")
            }
        }
    }

    /// A game on a Katarenga board (Katarenga or the family) from `start`,
    /// adjudicated as the options say: how it ended and its winner.
    fn board_game<G: Drawn>(
        &mut self,
        start: G,
        legend: &str,
        players: [Who; 2],
        seed: u64,
    ) -> Result<(Ending, Option<Player>), CliError> {
        let mut computers = Computers::<G>::new(self.options.strength, seed)?;
        let adjudication = self.options.adjudication;
        self.legend(legend)?;
        let mut history: Vec<(G, Option<G::Move>)> = vec![(start, None)];
        let mut seen = Repetitions::new();
        seen.record(&start);
        loop {
            let (p, last) = *history.last().expect("history starts with the position");
            self.draw(p.picture(last, self.options.marks), p.plain(), last)?;
            if let Some(outcome) = p.outcome() {
                writeln!(self.out, "{outcome}")?;
                return Ok((Ending::Finished, p.winner()));
            }
            let mv = match self.take_turn(&p, players, &mut computers)? {
                Typed::Move(mv) => mv,
                Typed::Undo => {
                    if !undo(&mut history, |(p, _)| p.side_to_move(), players) {
                        writeln!(self.out, "nothing to undo")?;
                    }
                    // Count the positions still in the game.
                    seen = Repetitions::new();
                    for (p, _) in &history {
                        seen.record(p);
                    }
                    continue;
                }
                Typed::Quit => return Ok((Ending::Quit, None)),
                Typed::End => return Ok((Ending::InputEnded, None)),
            };
            let next = p.play(mv);
            history.push((next, Some(mv)));
            let occurrences = seen.record(&next);
            if next.outcome().is_none()
                && adjudicated(self.out, adjudication, occurrences, history.len() - 1)?
            {
                self.draw(
                    next.picture(Some(mv), self.options.marks),
                    next.plain(),
                    Some(mv),
                )?;
                return Ok((Ending::Finished, None));
            }
        }
    }
}

/// Runs a session of `args`, reading moves from `input`, writing the game
/// to `out` and, for scripted input, the refused lines to `errors`.
///
/// # Errors
/// [`CliError::Usage`] for options of the other game, [`CliError::Io`] when
/// reading or writing fails, and for scripted input [`CliError::Failed`]
/// when a line was refused or the input ended before the game.
pub fn run(
    args: PlayArgs,
    input: &mut dyn BufRead,
    out: &mut dyn Write,
    errors: &mut dyn Write,
    console: Console,
) -> Result<(), CliError> {
    let mut options = Options::new(args)?;
    if options.demo {
        // A quick game: the demo shows the engines, not the search.
        options.strength = Strength::Search(game_search::Limits::depth(3));
    }
    let mut session = Session {
        options: &options,
        input,
        out,
        errors,
        console,
        lines: 0,
        refused: Vec::new(),
    };
    let seed = options.seed;
    let ending = if options.demo {
        let computers = [Who::Computer, Who::Computer];
        writeln!(
            session.out,
            "Kamisado, one round, computer against computer:"
        )?;
        session.kamisado(
            kamisado_core::Position::start(),
            Target::SINGLE_ROUND,
            kamisado_core::MatchOptions::default(),
            None,
            computers,
            seed,
        )?;
        writeln!(
            session.out,
            "\nKatarenga on the standard board, computer against computer:"
        )?;
        session
            .katarenga(katarenga_core::Position::start(), computers, seed)?
            .0
    } else {
        match options.game {
            GameChoice::Kamisado {
                start,
                target,
                options: match_options,
                ref setups,
            } => {
                let setups = setups.as_deref();
                session.kamisado(start, target, match_options, setups, options.players, seed)?
            }
            GameChoice::Katarenga {
                board,
                rules,
                orientation,
                rematch,
            } => session.katarenga_match(
                katarenga_core::Setup::new(board, rules),
                orientation,
                rematch,
                options.players,
                seed,
            )?,
            GameChoice::Family(start) => session.family(start, options.players, seed)?.0,
        }
    };
    match ending {
        Ending::Finished => {}
        Ending::Quit => writeln!(session.out, "quit: the game is not finished")?,
        Ending::InputEnded => {
            writeln!(session.out, "the input ended before the game did")?;
            if console.scripted {
                return Err(CliError::Failed(format!(
                    "the input ended before the game did (after {})",
                    count(session.lines as u64, "line")
                )));
            }
        }
    }
    match session.refused.as_slice() {
        [] => Ok(()),
        [line] => Err(CliError::Failed(format!("input line {line} was refused"))),
        lines => Err(CliError::Failed(format!(
            "{} input lines were refused (lines {})",
            lines.len(),
            lines
                .iter()
                .map(ToString::to_string)
                .collect::<Vec<_>>()
                .join(", ")
        ))),
    }
}

/// The board drawn for a terminal, with the colours' marks if `marks`
/// (`--marks`): a trait so that one line serves both games' boards.
trait Marked: Sized {
    fn with_marks(self) -> Self;
}

impl Marked for kamisado_core::Ansi<'_> {
    fn with_marks(self) -> Self {
        kamisado_core::Ansi::with_marks(self)
    }
}

impl Marked for katarenga_core::Ansi<'_> {
    fn with_marks(self) -> Self {
        katarenga_core::Ansi::with_marks(self)
    }
}

fn marked<A: Marked>(board: A, marks: bool) -> A {
    if marks { board.with_marks() } else { board }
}

/// A position on a Katarenga board as a terminal draws it: in colour (its
/// marks if asked) or as the plain drawing.
trait Drawn: SearchGame {
    fn picture(&self, last: Option<Self::Move>, marks: bool) -> String;
    fn plain(&self) -> String;
}

impl Drawn for katarenga_core::Position {
    fn picture(&self, last: Option<katarenga_core::Move>, marks: bool) -> String {
        marked(self.ansi(last), marks).to_string()
    }

    fn plain(&self) -> String {
        self.pretty().to_string()
    }
}

/// The family's three positions draw alike.
macro_rules! drawn_family {
    ($($ty:ty),*) => {$(
        impl Drawn for $ty {
            fn picture(&self, last: Option<katarenga_family::Move>, marks: bool) -> String {
                let ansi = self.ansi(last);
                if marks { ansi.with_marks() } else { ansi }.to_string()
            }

            fn plain(&self) -> String {
                self.pretty().to_string()
            }
        }
    )*};
}

drawn_family!(
    katarenga_family::Congress,
    katarenga_family::Quebec,
    katarenga_family::Isolation
);

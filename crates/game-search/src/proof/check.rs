//! Checks a proof certificate ([`super::certificate`]) with the rules
//! alone: this module uses the rules crates (`game_rules`, `kamisado_core`,
//! `katarenga_core`, `katarenga_family`) and the standard library, and no code of the search
//! or the proof search (a test reads this file to keep it so).
//!
//! It follows every line of play the certificate allows: in the winner's
//! positions the certificate's move (which must be legal), in the loser's
//! positions every legal move (Kamisado's passes and the extra move after a
//! push included). Every line must end in the winner's win within the
//! declared number of plies. The first hole met, in a fixed order (the
//! loser's moves in generation order), is reported with the moves that lead
//! to it. The games with certificates are the [`Certified`] ones: Kamisado
//! (feature `kamisado`), Katarenga (feature `katarenga`), and Congress,
//! Quebec and Isolation (feature `family`).

use std::collections::{HashMap, HashSet};
use std::fmt;

use game_rules::{Game, GameOutcome, Player};

/// A game whose wins can be written as certificates and checked here: how
/// its certificate names the game, and how the start and the lines write
/// and read its positions (a game whose options the notation does not hold
/// writes them in the start, and each line's position takes the start's).
pub trait Certified: Game {
    /// The certificate's first line is `# <KIND>-certificate 1`.
    const KIND: &'static str;

    /// The start position as the certificate's start line writes it.
    fn start_text(&self) -> String {
        self.to_string()
    }

    /// Reads the start line's position.
    ///
    /// # Errors
    /// What is wrong with it, in words.
    fn read_start(text: &str) -> Result<Self, String>;

    /// Reads a line's position, under the options of `start`.
    ///
    /// # Errors
    /// What is wrong with it, in words.
    fn read_line(start: &Self, text: &str) -> Result<Self, String>;
}

#[cfg(feature = "kamisado")]
impl Certified for kamisado_core::Position {
    const KIND: &'static str = "kamisado";

    fn read_start(text: &str) -> Result<Self, String> {
        text.parse()
            .map_err(|e: kamisado_core::ParsePositionError| e.to_string())
    }

    fn read_line(_start: &Self, text: &str) -> Result<Self, String> {
        Self::read_start(text)
    }
}

/// The `field=value` words of a start line.
#[cfg(feature = "family")]
type Options<'t> = Vec<(&'t str, &'t str)>;

/// A start line's position text and its `field=value` words after it
/// (the options the notation does not hold), each field one of `fields`.
#[cfg(feature = "family")]
fn split_options<'t>(text: &'t str, fields: &[&str]) -> Result<(String, Options<'t>), String> {
    let mut words: Vec<&str> = text.split_whitespace().collect();
    let mut options = Vec::new();
    while let Some((field, value)) = words.last().and_then(|w| w.split_once('=')) {
        if !fields.contains(&field) {
            return Err(format!("unknown option {field}"));
        }
        options.push((field, value));
        words.pop();
    }
    Ok((words.join(" "), options))
}

/// Katarenga's notation holds all of its position (the first-move rule
/// included).
#[cfg(feature = "katarenga")]
impl Certified for katarenga_core::Position {
    const KIND: &'static str = "katarenga";

    fn read_start(text: &str) -> Result<Self, String> {
        text.parse()
            .map_err(|e: katarenga_core::ParsePositionError| e.to_string())
    }

    fn read_line(_start: &Self, text: &str) -> Result<Self, String> {
        Self::read_start(text)
    }
}

/// Congress's start line writes the position's notation, then its no-move
/// rule (`... w no-move=lose`); a line's position is played under the
/// start's.
#[cfg(feature = "family")]
impl Certified for katarenga_family::Congress {
    const KIND: &'static str = "congress";

    fn start_text(&self) -> String {
        format!("{self} no-move={}", self.no_move().name())
    }

    fn read_start(text: &str) -> Result<Self, String> {
        let (position, options) = split_options(text, &["no-move"])?;
        let mut start: Self = position.parse().map_err(|e| format!("{e}"))?;
        for (_, value) in options {
            start = start.with_no_move(value.parse().map_err(|e| format!("{e}"))?);
        }
        Ok(start)
    }

    fn read_line(start: &Self, text: &str) -> Result<Self, String> {
        text.parse::<Self>()
            .map(|p| p.with_no_move(start.no_move()))
            .map_err(|e| e.to_string())
    }
}

/// Quebec's start line writes the position's notation, then its
/// both-connected rule (`... w both-connected=mover`); a line's position is
/// played under the start's.
#[cfg(feature = "family")]
impl Certified for katarenga_family::Quebec {
    const KIND: &'static str = "quebec";

    fn start_text(&self) -> String {
        format!("{self} both-connected={}", self.both_connected().name())
    }

    fn read_start(text: &str) -> Result<Self, String> {
        let (position, options) = split_options(text, &["both-connected"])?;
        let mut start: Self = position.parse().map_err(|e| format!("{e}"))?;
        for (_, value) in options {
            start = start.with_both_connected(value.parse().map_err(|e| format!("{e}"))?);
        }
        Ok(start)
    }

    fn read_line(start: &Self, text: &str) -> Result<Self, String> {
        text.parse::<Self>()
            .map(|p| p.with_both_connected(start.both_connected()))
            .map_err(|e| e.to_string())
    }
}

/// Isolation's start line writes the position's notation, then its
/// reading and supply (`... w reading=strict supply=8`); a line's position
/// is played under the start's.
#[cfg(feature = "family")]
impl Certified for katarenga_family::Isolation {
    const KIND: &'static str = "isolation";

    fn start_text(&self) -> String {
        format!(
            "{self} reading={} supply={}",
            self.reading().name(),
            self.supply().name()
        )
    }

    fn read_start(text: &str) -> Result<Self, String> {
        let (position, options) = split_options(text, &["reading", "supply"])?;
        let mut start = katarenga_family::Isolation::start();
        for (field, value) in options {
            start = match field {
                "reading" => start.with_reading(value.parse().map_err(|e| format!("{e}"))?),
                _ => start.with_supply(value.parse().map_err(|e| format!("{e}"))?),
            };
        }
        Self::read_line(&start, &position)
    }

    fn read_line(start: &Self, text: &str) -> Result<Self, String> {
        let position = if start.supply().limit().is_none() {
            katarenga_family::Isolation::from_ascii_unlimited(text.as_bytes())
        } else {
            text.parse()
        };
        position
            .map(|p| p.with_reading(start.reading()).with_supply(start.supply()))
            .map_err(|e| e.to_string())
    }
}

/// What a successful check found.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Verified<G> {
    /// The start position.
    pub start: G,
    /// The winner.
    pub winner: Player,
    /// The declared bound, in plies.
    pub plies: u32,
    /// The longest line of play the strategy allows, in plies (at most
    /// `plies`).
    pub longest: u32,
    /// The certificate's lines.
    pub lines: usize,
    /// Lines no line of play reaches (allowed, but a sign of a larger file
    /// than needed).
    pub unused: usize,
    /// Distinct positions visited.
    pub positions: usize,
}

/// Where a certificate fails: the position and the moves from the start
/// that reach it.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Hole<G: Game> {
    /// The moves from the start.
    pub moves: Vec<G::Move>,
    /// The position reached.
    pub position: G,
    /// What is wrong there.
    pub reason: HoleReason,
}

/// What is wrong at a [`Hole`].
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum HoleReason {
    /// The winner is to move and the certificate has no line for the
    /// position.
    Missing,
    /// The game (Kamisado's round) ended and the winner did not win.
    Lost,
    /// A line of play through here lasts longer than the declared number
    /// of plies.
    TooLong {
        /// The length of that line from the start.
        plies: u32,
    },
    /// A line of play comes back to this position (in a game that repeats
    /// positions): the strategy lets the game go on forever.
    Repeats,
}

impl<G: Game> fmt::Display for Hole<G> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match &self.reason {
            HoleReason::Missing => write!(f, "no move for {}", self.position)?,
            HoleReason::Lost => write!(f, "the game ends without the win at {}", self.position)?,
            HoleReason::TooLong { plies } => write!(
                f,
                "a line of play lasts {plies} plies, more than declared, through {}",
                self.position
            )?,
            HoleReason::Repeats => write!(
                f,
                "a line of play comes back to {}: the strategy lets the game go on forever",
                self.position
            )?,
        }
        if self.moves.is_empty() {
            return f.write_str(", the certificate's own starting position");
        }
        f.write_str(" after")?;
        for mv in &self.moves {
            write!(f, " {mv}")?;
        }
        Ok(())
    }
}

/// Why a certificate is refused.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum CheckError<G: Game> {
    /// The header lines are missing or malformed.
    #[error("line {line}: {reason}")]
    Header {
        /// The line number (from 1).
        line: usize,
        /// What is wrong.
        reason: String,
    },
    /// A line is malformed, a repeat, for a position where the winner is
    /// not to move, or with an illegal move.
    #[error("line {line}: {reason}")]
    Line {
        /// The line number (from 1).
        line: usize,
        /// What is wrong.
        reason: String,
    },
    /// A line of play the certificate allows does not end in the winner's
    /// win within the declared plies.
    #[error("hole: {0}")]
    Hole(Hole<G>),
}

fn header<G: Game>(line: usize, reason: impl Into<String>) -> CheckError<G> {
    CheckError::Header {
        line,
        reason: reason.into(),
    }
}

fn bad_line<G: Game>(line: usize, reason: impl Into<String>) -> CheckError<G> {
    CheckError::Line {
        line,
        reason: reason.into(),
    }
}

/// Checks the Kamisado certificate `text` ([`check_game`] for Kamisado).
///
/// # Errors
/// [`CheckError`] with the first problem: the header, a bad line, or the
/// first hole.
#[cfg(feature = "kamisado")]
pub fn check(
    text: &str,
) -> Result<Verified<kamisado_core::Position>, CheckError<kamisado_core::Position>> {
    check_game(text)
}

/// The longest game a certificate may declare, in plies: the walk follows
/// each line of play to its end, one call deep per ply, so the bound keeps
/// it within the stack; the project's programs adjudicate any game at
/// 1,000 plies.
pub const MAX_PLIES: u32 = 1000;

/// Checks the certificate `text` of the game `G`. In games that repeat
/// positions (Katarenga, Congress, Quebec), a strategy that lets a line of
/// play go round forever is a hole like any line longer than declared.
///
/// # Errors
/// [`CheckError`] with the first problem: the header, a bad line, or the
/// first hole.
pub fn check_game<G: Certified>(text: &str) -> Result<Verified<G>, CheckError<G>> {
    let mut lines = text.lines().enumerate().map(|(i, l)| (i + 1, l));
    let (n, first) = lines.next().ok_or_else(|| header(1, "empty certificate"))?;
    let magic = format!("# {}-certificate 1", G::KIND);
    if first.trim() != magic {
        return Err(header(n, format!("expected '{magic}'")));
    }
    let (n, second) = lines
        .next()
        .ok_or_else(|| header(2, "missing the start line"))?;
    let rest = second.trim().strip_prefix("# start ").ok_or_else(|| {
        header(
            n,
            "expected '# start <position> ; winner <black|white> ; plies <N>'",
        )
    })?;
    let fields: Vec<&str> = rest.split(';').map(str::trim).collect();
    let [position, winner, plies] = fields[..] else {
        return Err(header(n, "expected three fields separated by ';'"));
    };
    let start =
        G::read_start(position).map_err(|e| header(n, format!("bad start position: {e}")))?;
    let winner = match winner.strip_prefix("winner ") {
        Some("black") => Player::Black,
        Some("white") => Player::White,
        _ => return Err(header(n, "expected 'winner black' or 'winner white'")),
    };
    let plies: u32 = plies
        .strip_prefix("plies ")
        .and_then(|p| p.parse().ok())
        .ok_or_else(|| header(n, "expected 'plies <N>'"))?;
    if plies > MAX_PLIES {
        return Err(header(
            n,
            format!("plies {plies}: a certificate's games last at most {MAX_PLIES} plies"),
        ));
    }
    let mut strategy: HashMap<G, (G::Move, usize)> = HashMap::new();
    for (n, line) in lines {
        let line = line.trim();
        if line.is_empty() || line.starts_with('#') {
            continue;
        }
        let (position, mv) = line
            .split_once(';')
            .ok_or_else(|| bad_line(n, "expected '<position> ; <move>'"))?;
        let position = G::read_line(&start, position.trim())
            .map_err(|e| bad_line(n, format!("bad position: {e}")))?;
        let mv: G::Move = mv
            .trim()
            .parse()
            .map_err(|e| bad_line(n, format!("bad move: {e}")))?;
        if position.side_to_move() != winner {
            return Err(bad_line(n, "the winner is not to move in this position"));
        }
        if let Err(e) = position.try_play(mv) {
            return Err(bad_line(n, format!("illegal move {mv}: {e}")));
        }
        if strategy.insert(position, (mv, n)).is_some() {
            return Err(bad_line(n, "a position listed twice"));
        }
    }
    let mut walk = Walk {
        strategy: &strategy,
        winner,
        bound: plies,
        lengths: HashMap::new(),
        path: Vec::new(),
        open: HashSet::new(),
        used: 0,
    };
    let longest = walk.length(&start)?;
    Ok(Verified {
        start,
        winner,
        plies,
        longest,
        lines: strategy.len(),
        unused: strategy.len() - walk.used,
        positions: walk.lengths.len(),
    })
}

/// The walk over every line of play.
struct Walk<'a, G: Game> {
    strategy: &'a HashMap<G, (G::Move, usize)>,
    winner: Player,
    /// The declared number of plies.
    bound: u32,
    /// The longest remaining line from each position visited.
    lengths: HashMap<G, u32>,
    /// The moves from the start to the current position.
    path: Vec<G::Move>,
    /// The positions on the current line whose length is being found.
    open: HashSet<G>,
    /// Winner positions met.
    used: usize,
}

impl<G: Certified> Walk<'_, G> {
    fn hole(&self, position: &G, reason: HoleReason) -> CheckError<G> {
        CheckError::Hole(Hole {
            moves: self.path.clone(),
            position: *position,
            reason,
        })
    }

    /// The longest line of play from `p` to the end of the round.
    fn length(&mut self, p: &G) -> Result<u32, CheckError<G>> {
        // Already past the bound (a line that goes round, in a game that
        // repeats positions): no need to follow it further.
        let depth = self.path.len() as u32;
        if depth > self.bound {
            return Err(self.hole(p, HoleReason::TooLong { plies: depth }));
        }
        let plies = self.length_from(p)?;
        let total = self.path.len() as u32 + plies;
        if total > self.bound {
            return Err(self.hole(p, HoleReason::TooLong { plies: total }));
        }
        Ok(plies)
    }

    /// [`Walk::length`] without the bound.
    fn length_from(&mut self, p: &G) -> Result<u32, CheckError<G>> {
        if let Some(&plies) = self.lengths.get(p) {
            return Ok(plies);
        }
        if !self.open.insert(*p) {
            return Err(self.hole(p, HoleReason::Repeats));
        }
        let plies = if let Some(outcome) = p.outcome() {
            if GameOutcome::winner(outcome) != Some(self.winner) {
                return Err(self.hole(p, HoleReason::Lost));
            }
            0
        } else if p.side_to_move() == self.winner {
            let &(mv, _) = self
                .strategy
                .get(p)
                .ok_or_else(|| self.hole(p, HoleReason::Missing))?;
            self.used += 1;
            let next = p.play(mv);
            self.path.push(mv);
            let plies = 1 + self.length(&next)?;
            self.path.pop();
            plies
        } else {
            let mut longest = 0;
            for mv in p.legal_moves() {
                let next = p.play(mv);
                self.path.push(mv);
                longest = longest.max(1 + self.length(&next)?);
                self.path.pop();
            }
            longest
        };
        self.open.remove(p);
        self.lengths.insert(*p, plies);
        Ok(plies)
    }
}

//! Checks a proof certificate ([`super::certificate`]) with the rules
//! alone: this module uses `kamisado_core` and the standard library, and no
//! code of the search or the proof search (a test reads this file to keep
//! it so).
//!
//! It follows every line of play the certificate allows: in the winner's
//! positions the certificate's move (which must be legal), in the loser's
//! positions every legal move (passes and the extra move after a push
//! included). Every line must end in the winner's win within the declared
//! number of plies. The first hole met, in a fixed order (the loser's moves
//! in generation order), is reported with the moves that lead to it.

use std::collections::HashMap;
use std::fmt;

use kamisado_core::{Game, Move, Player, Position};

/// What a successful check found.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Verified {
    /// The start position.
    pub start: Position,
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
pub struct Hole {
    /// The moves from the start.
    pub moves: Vec<Move>,
    /// The position reached.
    pub position: Position,
    /// What is wrong there.
    pub reason: HoleReason,
}

/// What is wrong at a [`Hole`].
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum HoleReason {
    /// The winner is to move and the certificate has no line for the
    /// position.
    Missing,
    /// The round ended and the winner did not win.
    Lost,
    /// A line of play through here lasts longer than the declared number
    /// of plies.
    TooLong {
        /// The length of that line from the start.
        plies: u32,
    },
}

impl fmt::Display for Hole {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match &self.reason {
            HoleReason::Missing => write!(f, "no move for {}", self.position)?,
            HoleReason::Lost => write!(f, "the round ends in a loss at {}", self.position)?,
            HoleReason::TooLong { plies } => write!(
                f,
                "a line of play lasts {plies} plies, more than declared, through {}",
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
pub enum CheckError {
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
    Hole(Hole),
}

fn header(line: usize, reason: impl Into<String>) -> CheckError {
    CheckError::Header {
        line,
        reason: reason.into(),
    }
}

fn bad_line(line: usize, reason: impl Into<String>) -> CheckError {
    CheckError::Line {
        line,
        reason: reason.into(),
    }
}

/// Checks the certificate `text`.
///
/// # Errors
/// [`CheckError`] with the first problem: the header, a bad line, or the
/// first hole.
pub fn check(text: &str) -> Result<Verified, CheckError> {
    let mut lines = text.lines().enumerate().map(|(i, l)| (i + 1, l));
    let (n, first) = lines.next().ok_or_else(|| header(1, "empty certificate"))?;
    if first.trim() != "# kamisado-certificate 1" {
        return Err(header(n, "expected '# kamisado-certificate 1'"));
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
    let start: Position = position
        .parse()
        .map_err(|e| header(n, format!("bad start position: {e}")))?;
    let winner = match winner.strip_prefix("winner ") {
        Some("black") => Player::Black,
        Some("white") => Player::White,
        _ => return Err(header(n, "expected 'winner black' or 'winner white'")),
    };
    let plies: u32 = plies
        .strip_prefix("plies ")
        .and_then(|p| p.parse().ok())
        .ok_or_else(|| header(n, "expected 'plies <N>'"))?;
    let mut strategy: HashMap<Position, (Move, usize)> = HashMap::new();
    for (n, line) in lines {
        let line = line.trim();
        if line.is_empty() || line.starts_with('#') {
            continue;
        }
        let (position, mv) = line
            .split_once(';')
            .ok_or_else(|| bad_line(n, "expected '<position> ; <move>'"))?;
        let position: Position = position
            .trim()
            .parse()
            .map_err(|e| bad_line(n, format!("bad position: {e}")))?;
        let mv: Move = mv
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
struct Walk<'a> {
    strategy: &'a HashMap<Position, (Move, usize)>,
    winner: Player,
    /// The declared number of plies.
    bound: u32,
    /// The longest remaining line from each position visited.
    lengths: HashMap<Position, u32>,
    /// The moves from the start to the current position.
    path: Vec<Move>,
    /// Winner positions met.
    used: usize,
}

impl Walk<'_> {
    fn hole(&self, position: &Position, reason: HoleReason) -> CheckError {
        CheckError::Hole(Hole {
            moves: self.path.clone(),
            position: *position,
            reason,
        })
    }

    /// The longest line of play from `p` to the end of the round.
    fn length(&mut self, p: &Position) -> Result<u32, CheckError> {
        let plies = self.length_from(p)?;
        let total = self.path.len() as u32 + plies;
        if total > self.bound {
            return Err(self.hole(p, HoleReason::TooLong { plies: total }));
        }
        Ok(plies)
    }

    /// [`Walk::length`] without the bound.
    fn length_from(&mut self, p: &Position) -> Result<u32, CheckError> {
        if let Some(&plies) = self.lengths.get(p) {
            return Ok(plies);
        }
        let plies = if let Some(outcome) = p.outcome() {
            if outcome.winner() != self.winner {
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
        self.lengths.insert(*p, plies);
        Ok(plies)
    }
}

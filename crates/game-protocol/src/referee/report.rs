//! What a run reports: each game as it ends, the standing after it, and
//! the whole run.

use std::fmt;

use game_records::Termination;

use crate::stats::{Pentanomial, Tally, Verdict};

/// A game as it ended.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct GameReport {
    /// The game's number, from 1.
    pub number: u32,
    /// The engine (0 or 1 as in the config) that played the side to move
    /// in the opening.
    pub first: usize,
    /// The winning engine, if any.
    pub winner: Option<usize>,
    /// How it ended.
    pub termination: Termination,
    /// The fault's reason, if it ended by one (as the record's `Reason`).
    pub reason: Option<String>,
    /// The record's text.
    pub record: String,
    /// Games lost by each engine through a fault in this game (0 or 1).
    pub faults: [u32; 2],
    /// How many times each engine was stopped during this game.
    pub restarts: [u32; 2],
}

impl GameReport {
    /// The first engine's points in this game, in half-points (0, 1, 2).
    #[must_use]
    pub fn half_points(&self) -> u32 {
        match self.winner {
            Some(0) => 2,
            Some(_) => 0,
            None => 1,
        }
    }
}

/// Where a run stands, after each game.
#[derive(Debug, Clone, PartialEq)]
pub struct Progress {
    /// Games played.
    pub games: u32,
    /// Games due.
    pub total: u32,
    /// The first engine's results, game by game.
    pub tally: Tally,
    /// The first engine's results, pair by pair (complete pairs).
    pub pairs: Pentanomial,
    /// The last game.
    pub last: GameReport,
    /// The SPRT's log-likelihood ratio (over the pairs) and bounds, if
    /// one runs.
    pub llr: Option<(f64, (f64, f64))>,
    /// The engines' names.
    pub names: [String; 2],
}

impl fmt::Display for Progress {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let t = &self.tally;
        let (elo, (low, high)) = t.elo();
        let result = match self.last.winner {
            Some(w) => format!("{} wins", self.names[w]),
            None => "draw".into(),
        };
        write!(
            f,
            "game {}/{}: {result} ({}) | {}-{}-{} (W-D-L) score {:.1}% Elo {} [{}, {}]",
            self.games,
            self.total,
            self.last.termination,
            t.wins,
            t.draws,
            t.losses,
            100.0 * t.score(),
            signed(elo),
            signed(low),
            signed(high)
        )?;
        if self.pairs.pairs() > 0 {
            let (elo, (low, high)) = self.pairs.elo();
            write!(
                f,
                " | pairs {}: Elo {} [{}, {}]",
                self.pairs.pairs(),
                signed(elo),
                signed(low),
                signed(high)
            )?;
        }
        if let Some((llr, (a, b))) = self.llr {
            write!(f, " LLR {llr:.2} [{a:.2}, {b:.2}]")?;
        }
        Ok(())
    }
}

/// An Elo figure with its sign, `+inf` or `-inf` at the ends.
#[must_use]
pub fn signed(elo: f64) -> String {
    if elo.is_infinite() {
        if elo > 0.0 {
            "+inf".into()
        } else {
            "-inf".into()
        }
    } else {
        format!("{elo:+.0}")
    }
}

/// What a run came to.
#[derive(Debug, Clone, PartialEq)]
pub struct Report {
    /// The first engine's results, game by game.
    pub tally: Tally,
    /// The first engine's results over colour-swapped pairs.
    pub pairs: Pentanomial,
    /// The SPRT's verdict (`Continue` without one, or if it did not end).
    pub verdict: Verdict,
    /// How many times each engine was stopped after a fault (it is
    /// started anew, with its handshake, when next needed).
    pub restarts: [u32; 2],
    /// Games lost by each engine through a fault.
    pub faults: [u32; 2],
    /// The names the records give the engines.
    pub names: [String; 2],
    /// Whether the run was interrupted ([`super::Interrupt`]) before its
    /// end.
    pub interrupted: bool,
}

/// `n` and a noun, singular for 1 (`1 win`, `2 wins`, `0 losses`).
///
/// ```
/// use game_protocol::referee::count;
/// assert_eq!(count(1, "loss"), "1 loss");
/// assert_eq!(count(2, "loss"), "2 losses");
/// assert_eq!(count(0, "win"), "0 wins");
/// ```
#[must_use]
pub fn count(n: u64, noun: &str) -> String {
    match (n, noun.ends_with('s')) {
        (1, _) => format!("1 {noun}"),
        (_, true) => format!("{n} {noun}es"),
        (_, false) => format!("{n} {noun}s"),
    }
}

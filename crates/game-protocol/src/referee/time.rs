//! Time controls and the clocks of a game.

use std::fmt;
use std::str::FromStr;
use std::time::{Duration, Instant};

use board_geometry::Player;
use game_records::Termination;

use super::session::{Fault, fault};
use crate::message::Go;

/// How long an engine may think.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum TimeControl {
    /// A clock for the whole game (a Kamisado match: the whole match, its
    /// edge choices included), with an increment after each move: a flag
    /// fall loses.
    Clock {
        /// The starting time.
        base: Duration,
        /// Added after each ply the engine plays (a Kamisado player who
        /// moves twice after a push gets it twice).
        increment: Duration,
    },
    /// A fixed time a move: an answer later than this plus the margin
    /// loses on time.
    MoveTime(Duration),
    /// A fixed number of nodes a move (`go nodes`).
    Nodes(u64),
    /// A fixed depth a move (`go depth`).
    Depth(u32),
}

/// Why a time control does not read.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[error("time control {text:?}: {reason}")]
pub struct TimeControlError {
    /// The time control given.
    pub text: String,
    /// What is wrong with it.
    pub reason: String,
}

impl FromStr for TimeControl {
    type Err = TimeControlError;

    /// `10+0.1` (seconds and increment), `movetime=100` (ms),
    /// `nodes=20000`, `depth=6`.
    fn from_str(s: &str) -> Result<TimeControl, TimeControlError> {
        let error = |reason: String| TimeControlError {
            text: s.to_string(),
            reason,
        };
        let seconds = |v: &str| {
            v.parse::<f64>()
                .ok()
                .filter(|x| x.is_finite() && *x >= 0.0 && *x < 1e9)
                .map(Duration::from_secs_f64)
                .ok_or_else(|| error(format!("{v:?} is not a number of seconds")))
        };
        let number = |v: &str| {
            v.parse::<u64>()
                .map_err(|_| error(format!("{v:?} is not a whole number")))
        };
        if let Some(v) = s.strip_prefix("movetime=") {
            let ms = number(v)?;
            if ms == 0 {
                return Err(error("a move needs some time".into()));
            }
            return Ok(TimeControl::MoveTime(Duration::from_millis(ms)));
        }
        if let Some(v) = s.strip_prefix("nodes=") {
            return Ok(TimeControl::Nodes(number(v)?.max(1)));
        }
        if let Some(v) = s.strip_prefix("depth=") {
            let depth = u32::try_from(number(v)?).map_err(|_| error(format!("{v} is too deep")))?;
            return Ok(TimeControl::Depth(depth.max(1)));
        }
        let (base, increment) = s.split_once('+').unwrap_or((s, "0"));
        let base = seconds(base)?;
        if base.is_zero() {
            return Err(error("the clock needs some time".into()));
        }
        Ok(TimeControl::Clock {
            base,
            increment: seconds(increment)?,
        })
    }
}

impl fmt::Display for TimeControl {
    /// As it reads back.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            TimeControl::Clock { base, increment } => {
                write!(f, "{}+{}", base.as_secs_f64(), increment.as_secs_f64())
            }
            TimeControl::MoveTime(t) => write!(f, "movetime={}", t.as_millis()),
            TimeControl::Nodes(n) => write!(f, "nodes={n}"),
            TimeControl::Depth(d) => write!(f, "depth={d}"),
        }
    }
}

/// Whole milliseconds, as the protocol writes times.
pub(super) fn millis(d: Duration) -> u64 {
    u64::try_from(d.as_millis()).unwrap_or(u64::MAX)
}

/// The clocks of a game: each side's time control (its engine's) and what
/// is left of its clock.
#[derive(Debug, Clone)]
pub(super) struct Clocks {
    time: [TimeControl; 2],
    left: [Duration; 2],
    margin: Duration,
    patience: Duration,
}

impl Clocks {
    /// The clocks of a game where `time[side]` is the time control of the
    /// engine playing `side` (Black's first).
    pub(super) fn new(time: [TimeControl; 2], margin: Duration, patience: Duration) -> Clocks {
        let base = |t: TimeControl| match t {
            TimeControl::Clock { base, .. } => base,
            _ => Duration::ZERO,
        };
        Clocks {
            time,
            left: time.map(base),
            margin,
            patience,
        }
    }

    /// The `go` command for `side`, the deadline of its answer (from
    /// `now`), and what a missed deadline is.
    pub(super) fn go(&self, side: Player, now: Instant) -> (Go, Instant, Termination) {
        let mut go = Go::default();
        // Both clocks, where they are clocks (as UCI sends them).
        for s in Player::ALL {
            if let TimeControl::Clock { increment, .. } = self.time[s.index()] {
                go.time[s.index()] = Some(millis(self.left[s.index()]));
                go.increment[s.index()] = Some(millis(increment));
            }
        }
        match self.time[side.index()] {
            TimeControl::Clock { .. } => (
                go,
                now + self.left[side.index()] + self.margin,
                Termination::TimeForfeit,
            ),
            TimeControl::MoveTime(t) => (
                Go {
                    movetime: Some(millis(t)),
                    ..go
                },
                now + t + self.margin,
                Termination::TimeForfeit,
            ),
            TimeControl::Nodes(n) => (
                Go {
                    nodes: Some(n),
                    ..go
                },
                now + self.patience,
                Termination::NoAnswer,
            ),
            TimeControl::Depth(d) => (
                Go {
                    depth: Some(d),
                    ..go
                },
                now + self.patience,
                Termination::NoAnswer,
            ),
        }
    }

    /// Charges `spent` to `side`'s clock (and gives the increment): a flag
    /// fall, or a move time overrun past the margin, is a fault.
    pub(super) fn charge(&mut self, side: Player, spent: Duration) -> Result<(), Fault> {
        self.spend(side, spent, "", true)
    }

    /// Takes `spent` off `side`'s clock under a clock (with the increment
    /// if `increment`), or checks it against the move time; `what` names
    /// the deed in a flag fall's reason.
    fn spend(
        &mut self,
        side: Player,
        spent: Duration,
        what: &str,
        increment: bool,
    ) -> Result<(), Fault> {
        match self.time[side.index()] {
            TimeControl::Clock { increment: inc, .. } => {
                let left = &mut self.left[side.index()];
                if spent > *left {
                    return Err(fault(
                        Termination::TimeForfeit,
                        format!(
                            "flag fell{what}: {} ms used with {} ms left",
                            spent.as_millis(),
                            left.as_millis()
                        ),
                    ));
                }
                *left -= spent;
                if increment {
                    *left += inc;
                }
            }
            TimeControl::MoveTime(t) if spent > t + self.margin => {
                return Err(fault(
                    Termination::TimeForfeit,
                    format!(
                        "answered after {} ms for a move time of {} ms",
                        spent.as_millis(),
                        t.as_millis()
                    ),
                ));
            }
            _ => {}
        }
        Ok(())
    }

    /// The `movetime` of `side`'s edge choice and the deadline of its
    /// answer (from `now`): under a clock a twentieth of the time left and
    /// half the increment (charged to the clock), under a move time that
    /// time, under nodes or depth 200 ms (late after `--patience`).
    pub(super) fn edge(&self, side: Player, now: Instant) -> (Duration, Instant, Termination) {
        match self.time[side.index()] {
            TimeControl::Clock { increment, .. } => {
                let left = self.left[side.index()];
                let think = (left / 20 + increment / 2).min(left / 2);
                (think, now + left + self.margin, Termination::TimeForfeit)
            }
            TimeControl::MoveTime(t) => (t, now + t + self.margin, Termination::TimeForfeit),
            TimeControl::Nodes(_) | TimeControl::Depth(_) => (
                Duration::from_millis(200),
                now + self.patience,
                Termination::NoAnswer,
            ),
        }
    }

    /// Charges an edge choice: to the clock under a clock (no
    /// increment); a move time's overrun past the margin is a fault, as
    /// for a move.
    pub(super) fn charge_edge(&mut self, side: Player, spent: Duration) -> Result<(), Fault> {
        self.charge_choice(side, spent, " choosing the edge")
    }

    /// Charges a choice (an edge, an orientation) as
    /// [`Clocks::charge_edge`] does, `what` naming it in a fault.
    pub(super) fn charge_choice(
        &mut self,
        side: Player,
        spent: Duration,
        what: &str,
    ) -> Result<(), Fault> {
        self.spend(side, spent, what, false)
    }
}

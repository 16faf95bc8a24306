//! Time controls and the clocks the server keeps: a player's time runs
//! only on the server, from the moment its turn starts to the moment its
//! action is stored, less a capped allowance for the network's lag.

use std::time::Duration;

use kamisado_core::board_geometry::Player;
use serde::{Deserialize, Serialize};
use tokio::time::Instant;

/// How much time each player has.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(tag = "type", rename_all = "snake_case", deny_unknown_fields)]
pub enum TimeControl {
    /// No clock: a game that a player leaves is ended by its opponent's
    /// claim after the grace period.
    Untimed,
    /// A live game: `initial_ms` each, `increment_ms` added after each of
    /// the player's own actions.
    Live {
        /// Each player's time at the start, in milliseconds.
        initial_ms: u64,
        /// Added after each action, in milliseconds.
        #[serde(default)]
        increment_ms: u64,
    },
    /// By correspondence: `days` for each action, renewed at each turn.
    Correspondence {
        /// Days a player has for each action.
        days: u32,
    },
}

/// The bounds a time control must keep.
pub const MAX_INITIAL_MS: u64 = 24 * 3600 * 1000;
/// The largest increment.
pub const MAX_INCREMENT_MS: u64 = 3600 * 1000;
/// The most days a correspondence move may take.
pub const MAX_DAYS: u32 = 30;

impl Default for TimeControl {
    /// No clock, as a new game or challenge has unless it says.
    fn default() -> TimeControl {
        TimeControl::Untimed
    }
}

impl TimeControl {
    /// Why the control cannot be played, if it cannot.
    ///
    /// # Errors
    /// A message naming the field out of range.
    pub fn check(&self) -> Result<(), String> {
        match *self {
            TimeControl::Untimed => Ok(()),
            TimeControl::Live {
                initial_ms,
                increment_ms,
            } => {
                if !(1000..=MAX_INITIAL_MS).contains(&initial_ms) {
                    Err(format!(
                        "initial_ms must be from 1000 (1 s) to {MAX_INITIAL_MS} (24 h), not {initial_ms}"
                    ))
                } else if increment_ms > MAX_INCREMENT_MS {
                    Err(format!(
                        "increment_ms must be at most {MAX_INCREMENT_MS} (1 h), not {increment_ms}"
                    ))
                } else {
                    Ok(())
                }
            }
            TimeControl::Correspondence { days } => {
                if (1..=MAX_DAYS).contains(&days) {
                    Ok(())
                } else {
                    Err(format!("days must be from 1 to {MAX_DAYS}, not {days}"))
                }
            }
        }
    }

    /// Each player's time before its first action (`u64::MAX` untimed).
    #[must_use]
    pub fn allowance_ms(&self) -> u64 {
        match *self {
            TimeControl::Untimed => u64::MAX,
            TimeControl::Live { initial_ms, .. } => initial_ms,
            TimeControl::Correspondence { days } => u64::from(days) * 86_400_000,
        }
    }

    /// Whether a player who leaves may be claimed against (a correspondence
    /// game is played away from the board: its deadline ends it instead).
    #[must_use]
    pub fn claims_allowed(&self) -> bool {
        !matches!(self, TimeControl::Correspondence { .. })
    }
}

/// The two clocks of a game.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Clocks {
    control: TimeControl,
    remaining_ms: [u64; 2],
    /// The player whose time runs, and since when.
    running: Option<(Player, Instant)>,
}

/// What charging a player found.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Charge {
    /// The action came in time.
    InTime,
    /// The player's time had run out before the action arrived.
    Flagged,
}

impl Clocks {
    /// Both players with their whole allowance, no clock running.
    #[must_use]
    pub fn new(control: TimeControl) -> Clocks {
        Clocks::resumed(control, [control.allowance_ms(); 2])
    }

    /// Clocks at the times stored, none running.
    #[must_use]
    pub fn resumed(control: TimeControl, remaining_ms: [u64; 2]) -> Clocks {
        Clocks {
            control,
            remaining_ms,
            running: None,
        }
    }

    /// The time control.
    #[must_use]
    pub fn control(&self) -> TimeControl {
        self.control
    }

    /// Whose time runs.
    #[must_use]
    pub fn running(&self) -> Option<Player> {
        self.running.map(|(p, _)| p)
    }

    /// Each player's time left at `now` (the runner's time counted down).
    #[must_use]
    pub fn remaining_at(&self, now: Instant) -> [u64; 2] {
        let mut left = self.remaining_ms;
        if let Some((p, since)) = self.running {
            let spent = millis(now.saturating_duration_since(since));
            left[p.index()] = left[p.index()].saturating_sub(spent);
        }
        left
    }

    /// The times stored with an event: the remaining times as of the
    /// turn's start, the runner's not yet counted down.
    #[must_use]
    pub fn stored(&self) -> [u64; 2] {
        self.remaining_ms
    }

    /// `player`'s turn starts at `now` (a correspondence turn renews the
    /// allowance). `None` stops both clocks.
    pub fn start(&mut self, player: Option<Player>, now: Instant) {
        self.running = player.map(|p| {
            if let TimeControl::Correspondence { .. } = self.control {
                self.remaining_ms[p.index()] = self.control.allowance_ms();
            }
            (p, now)
        });
    }

    /// When the runner's time is out, the lag allowance included.
    #[must_use]
    pub fn deadline(&self, lag: Duration) -> Option<(Player, Instant)> {
        if self.control == TimeControl::Untimed {
            return None;
        }
        self.running.map(|(p, since)| {
            let left = Duration::from_millis(self.remaining_ms[p.index()]);
            (p, since + left + lag)
        })
    }

    /// `player` acted at `now`: its time is charged (the lag allowance
    /// credited), the increment added, and its clock stopped. A player
    /// whose clock was not running is not charged.
    pub fn charge(&mut self, player: Player, now: Instant, lag: Duration) -> Charge {
        let Some((runner, since)) = self.running else {
            return Charge::InTime;
        };
        if runner != player || self.control == TimeControl::Untimed {
            return Charge::InTime;
        }
        let spent = now.saturating_duration_since(since).saturating_sub(lag);
        let left = &mut self.remaining_ms[player.index()];
        if millis(spent) > *left {
            *left = 0;
            self.running = None;
            return Charge::Flagged;
        }
        *left -= millis(spent);
        if let TimeControl::Live { increment_ms, .. } = self.control {
            *left = left.saturating_add(increment_ms);
        }
        self.running = None;
        Charge::InTime
    }

    /// Sets `player`'s time (a restart's recount).
    pub fn set_remaining(&mut self, player: Player, ms: u64) {
        self.remaining_ms[player.index()] = ms;
    }
}

fn millis(d: Duration) -> u64 {
    u64::try_from(d.as_millis()).unwrap_or(u64::MAX)
}

//! What a `go` command allows a search: a deadline for the answer, nodes,
//! depth, or only `stop`; with the engine's own reserve for answering, so
//! that the answer reaches the controller in time.

use std::time::{Duration, Instant};

use board_geometry::Player;

use crate::message::Go;

/// The thinking time taken to give a share of the clock: the time left
/// divided by `movestogo` (this many without it), plus three quarters of
/// the increment, at most half the time left.
pub const MOVES_TO_GO: u32 = 20;

/// What stays unspent of a clock, for the answer's way back.
const CLOCK_MARGIN: Duration = Duration::from_millis(30);

/// How far a search may go: when to answer (a deadline, already less the
/// time the engine keeps to answer), how many nodes, how deep, and
/// whether only `stop` ends it.
///
/// ```
/// use std::time::{Duration, Instant};
/// use board_geometry::Player;
/// use game_protocol::Go;
/// use game_protocol::engine::Budget;
///
/// let received = Instant::now();
/// let go = Go { movetime: Some(100), ..Go::default() };
/// let budget = Budget::from_go(&go, Player::Black, received);
/// let time = budget.deadline.unwrap() - received;
/// assert!(time < Duration::from_millis(100) && time >= Duration::from_millis(90));
/// assert!(!budget.endless);
/// ```
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Budget {
    /// When the command was read: the controller's clock runs from then.
    pub received: Instant,
    /// When the search must end, so that the answer is sent in time:
    /// the time allowed less a reserve for answering ([`Budget::reserve`]).
    pub deadline: Option<Instant>,
    /// The most nodes to visit.
    pub nodes: Option<u64>,
    /// The deepest iteration, in plies.
    pub depth: Option<u32>,
    /// Whether only `stop` ends it (`go infinite`, or `go` without a
    /// limit): the answer then waits for `stop`, even if the search has
    /// ended.
    pub endless: bool,
}

impl Budget {
    /// The budget of `go` for `side` (whose clock counts), read at
    /// `received`.
    ///
    /// A clock gives the time left divided by `movestogo` (or
    /// [`MOVES_TO_GO`]) plus three quarters of the increment, at most half
    /// of the time left and never the last 30 ms; with `movetime` too, the
    /// smaller.
    #[must_use]
    pub fn from_go(go: &Go, side: Player, received: Instant) -> Budget {
        let mut time = go.movetime.map(Duration::from_millis);
        if let Some(left) = go.time[side.index()] {
            let left = Duration::from_millis(left);
            let increment = Duration::from_millis(go.increment[side.index()].unwrap_or(0));
            let moves = go.moves_to_go.unwrap_or(MOVES_TO_GO).max(1);
            let share = (left / moves + increment * 3 / 4)
                .min(left / 2)
                .min(left.saturating_sub(CLOCK_MARGIN));
            time = Some(time.map_or(share, |t| t.min(share)));
        }
        Budget {
            received,
            deadline: time.map(|t| received + Budget::allowed(t)),
            nodes: go.nodes,
            depth: go.depth,
            endless: go.is_endless(),
        }
    }

    /// A budget of `time` from `received`, as for `go movetime`.
    #[must_use]
    pub fn time(time: Duration, received: Instant) -> Budget {
        Budget {
            received,
            deadline: Some(received + Budget::allowed(time)),
            nodes: None,
            depth: None,
            endless: false,
        }
    }

    /// What the engine keeps of a thinking time to answer: a twentieth,
    /// at least 2 ms, at most 10 ms (the searches see the clock every few
    /// hundred nodes, a fraction of a millisecond; the rest is the
    /// answer's way out and the scheduler's delays).
    #[must_use]
    pub fn reserve(time: Duration) -> Duration {
        (time / 20).clamp(Duration::from_millis(2), Duration::from_millis(10))
    }

    /// The time a search may take of `time`.
    fn allowed(time: Duration) -> Duration {
        time.saturating_sub(Budget::reserve(time))
    }

    /// This budget within the limits of `nodes`, `time` (from
    /// [`Budget::received`]) and `depth` as well (an engine's strength
    /// options); `None` or 0 is no limit.
    #[must_use]
    pub fn capped(self, nodes: Option<u64>, time: Option<Duration>, depth: Option<u32>) -> Budget {
        let min = |a: Option<u64>, b: Option<u64>| match (a, b) {
            (Some(a), Some(b)) => Some(a.min(b)),
            (a, b) => a.or(b),
        };
        let deadline = match (self.deadline, time.filter(|t| !t.is_zero())) {
            (Some(d), Some(t)) => Some(d.min(self.received + Budget::allowed(t))),
            (d, t) => d.or_else(|| t.map(|t| self.received + Budget::allowed(t))),
        };
        Budget {
            deadline,
            nodes: min(self.nodes, nodes.filter(|&n| n > 0)),
            depth: min(
                self.depth.map(u64::from),
                depth.filter(|&d| d > 0).map(u64::from),
            )
            .and_then(|d| u32::try_from(d).ok()),
            ..self
        }
    }

    /// The time left to the deadline, from now (zero once it has passed).
    #[must_use]
    pub fn time_left(&self) -> Option<Duration> {
        self.deadline
            .map(|d| d.saturating_duration_since(Instant::now()))
    }
}

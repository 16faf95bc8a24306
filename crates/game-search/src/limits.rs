//! When a search or a proof stops: its [`Limits`], and the [`StopFlag`]
//! another thread raises.

use std::sync::Arc;
use std::sync::atomic::{AtomicBool, Ordering};
use std::time::Duration;

use crate::MAX_DEPTH;
use crate::clock::Instant;

/// When a search stops: whichever limit comes first, or the stop flag.
///
/// ```
/// use std::time::Duration;
/// use game_search::Limits;
/// let limits = Limits::time(Duration::from_millis(50)).with_nodes(100_000);
/// assert_eq!(limits.nodes, 100_000);
/// assert_eq!(limits.depth, game_search::MAX_DEPTH);
/// ```
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Limits {
    /// The deepest iteration, in plies (at most [`MAX_DEPTH`]). Depth 0 runs
    /// no search: the result is the first legal move with the static
    /// evaluation.
    pub depth: u32,
    /// The most nodes to visit: the search never visits more.
    pub nodes: u64,
    /// The most time to take (checked every 1,024 nodes, so a search may
    /// run over by the time those take: microseconds).
    pub time: Option<Duration>,
}

impl Limits {
    /// Search to `depth` plies.
    #[must_use]
    pub fn depth(depth: u32) -> Limits {
        Limits {
            depth: depth.min(MAX_DEPTH),
            nodes: u64::MAX,
            time: None,
        }
    }

    /// Search for `time` (up to [`MAX_DEPTH`] plies deep).
    #[must_use]
    pub fn time(time: Duration) -> Limits {
        Limits {
            depth: MAX_DEPTH,
            nodes: u64::MAX,
            time: Some(time),
        }
    }

    /// Search `nodes` nodes at most (up to [`MAX_DEPTH`] plies deep).
    #[must_use]
    pub fn nodes(nodes: u64) -> Limits {
        Limits {
            depth: MAX_DEPTH,
            nodes,
            time: None,
        }
    }

    /// These limits with a node limit too.
    #[must_use]
    pub fn with_nodes(self, nodes: u64) -> Limits {
        Limits { nodes, ..self }
    }

    /// These limits with a time limit too.
    #[must_use]
    pub fn with_time(self, time: Duration) -> Limits {
        Limits {
            time: Some(time),
            ..self
        }
    }
}

/// A flag that stops a running search from another thread: clone it (it is
/// shared), give the clone to the other thread, and call
/// [`StopFlag::stop`]. The search sees it within 1,024 nodes and returns
/// the result of the last completed iteration. A searcher's own flag
/// ([`Searcher::stop_flag`]) is cleared by each search when it starts; a
/// flag handed to a searcher or prover with `set_stop_flag` is never
/// cleared by them (lower it with [`StopFlag::reset`]).
#[derive(Debug, Clone, Default)]
pub struct StopFlag(Arc<AtomicBool>);

impl StopFlag {
    /// A flag that is not raised.
    #[must_use]
    pub fn new() -> StopFlag {
        StopFlag::default()
    }

    /// Asks the search to stop.
    pub fn stop(&self) {
        self.0.store(true, Ordering::Relaxed);
    }

    /// Whether a stop was asked for.
    #[must_use]
    pub fn is_stopped(&self) -> bool {
        self.0.load(Ordering::Relaxed)
    }

    /// Lowers the flag: searches that use it run again.
    pub fn reset(&self) {
        self.0.store(false, Ordering::Relaxed);
    }
}

/// Whether a search (or a proof) that has visited `nodes` nodes must stop:
/// at the node limit `most`, looked at every node, or, every `every` nodes
/// (a power of two), when `stop` is raised or `time` has passed since
/// `started`.
#[inline]
pub(crate) fn spent(
    nodes: u64,
    most: u64,
    every: u64,
    stop: &StopFlag,
    started: Instant,
    time: Option<Duration>,
) -> bool {
    nodes >= most
        || (nodes & (every - 1) == 0
            && (stop.is_stopped() || time.is_some_and(|t| started.elapsed() >= t)))
}

//! When a search or a proof stops: its [`Limits`], the [`StopFlag`]
//! another thread raises, and the budget that the searcher and both
//! provers keep of them.

use std::sync::Arc;
use std::sync::atomic::{AtomicBool, Ordering};
use std::time::Duration;

use crate::clock::Instant;

/// When a search or a proof stops: whichever limit comes first, or the
/// stop flag. The same limits serve the [`Searcher`](crate::Searcher) and
/// the provers of [`crate::proof`].
///
/// ```
/// use std::time::Duration;
/// use game_search::Limits;
/// let limits = Limits::time(Duration::from_millis(50)).with_nodes(100_000);
/// assert_eq!(limits.nodes, 100_000);
/// // The default length: longer than any Kamisado round.
/// assert_eq!(limits.depth, Limits::default().depth);
/// ```
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Limits {
    /// How far ahead to look, in plies. For the searcher, the deepest
    /// iteration (it goes no deeper than [`MAX_DEPTH`](crate::MAX_DEPTH));
    /// depth 0 runs no search: the result is the first legal move with the
    /// static evaluation. For the provers, the longest game to look for
    /// (at most 254 plies).
    pub depth: u32,
    /// The most nodes to visit: a search never visits more.
    pub nodes: u64,
    /// The most time to take (the searcher looks at the clock every 1,024
    /// nodes, the provers every 1,024 or 256, so a search may run over by
    /// the time those take: microseconds).
    pub time: Option<Duration>,
}

impl Default for Limits {
    /// 120 plies (longer than any Kamisado round; the searcher stops at
    /// [`MAX_DEPTH`](crate::MAX_DEPTH)), no node or time limit. A
    /// Katarenga game has no length bound: give a proof nodes or time.
    fn default() -> Limits {
        Limits {
            depth: 120,
            nodes: u64::MAX,
            time: None,
        }
    }
}

impl Limits {
    /// Look `depth` plies ahead, without node or time limit.
    #[must_use]
    pub fn depth(depth: u32) -> Limits {
        Limits {
            depth,
            ..Limits::default()
        }
    }

    /// Give up after `time` (at the default depth).
    #[must_use]
    pub fn time(time: Duration) -> Limits {
        Limits {
            time: Some(time),
            ..Limits::default()
        }
    }

    /// Give up after `nodes` nodes (at the default depth).
    #[must_use]
    pub fn nodes(nodes: u64) -> Limits {
        Limits {
            nodes,
            ..Limits::default()
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
/// ([`Searcher::stop_flag`](crate::Searcher::stop_flag)) is cleared by each search when it starts; a
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

/// What a running search (the searcher's or a prover's) has spent of its
/// [`Limits`]: the nodes it visited and the time since it started, with
/// the stop flag it obeys.
#[derive(Debug)]
pub(crate) struct Budget {
    /// Nodes visited since the search started.
    pub(crate) nodes: u64,
    /// Whether a limit or the stop flag ended the search.
    pub(crate) stopped: bool,
    /// The limits of the search.
    pub(crate) limits: Limits,
    started: Instant,
    stop: StopFlag,
    /// Whether `stop` was handed in ([`Budget::share_stop_flag`]): then
    /// searches never lower it.
    shared_stop: bool,
}

impl Budget {
    /// A budget with its own stop flag, before any search.
    pub(crate) fn new() -> Budget {
        Budget {
            nodes: 0,
            stopped: false,
            limits: Limits::default(),
            started: Instant::now(),
            stop: StopFlag::new(),
            shared_stop: false,
        }
    }

    /// Starts a search within `limits`: no node visited, the clock
    /// started, and the own stop flag (not a shared one) lowered.
    pub(crate) fn start(&mut self, limits: Limits) {
        self.nodes = 0;
        self.limits = limits;
        self.restart_clock();
        if !self.shared_stop {
            self.stop.reset();
        }
    }

    /// Starts the clock again and clears `stopped`, the nodes counted so
    /// far kept (a search that goes on under the same limits).
    pub(crate) fn restart_clock(&mut self) {
        self.started = Instant::now();
        self.stopped = false;
    }

    /// The time since the search started.
    pub(crate) fn elapsed(&self) -> Duration {
        self.started.elapsed()
    }

    /// The flag that stops the searches.
    pub(crate) fn stop_flag(&self) -> StopFlag {
        self.stop.clone()
    }

    /// Obeys `flag` from now on, in place of the own flag, and never lowers
    /// it.
    pub(crate) fn share_stop_flag(&mut self, flag: StopFlag) {
        self.stop = flag;
        self.shared_stop = true;
    }

    /// Whether the search must stop: at the node limit, looked at every
    /// node, or, every `every` nodes (a power of two), when the stop flag
    /// is raised or the time is up.
    #[inline]
    pub(crate) fn spent(&self, every: u64) -> bool {
        self.nodes >= self.limits.nodes
            || (self.nodes & (every - 1) == 0
                && (self.stop.is_stopped()
                    || self
                        .limits
                        .time
                        .is_some_and(|t| self.started.elapsed() >= t)))
    }
}

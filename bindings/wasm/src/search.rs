//! The search (every game), the Kamisado solver and strict Isolation's
//! exact solver for JavaScript.

use std::time::Duration;

use board_geometry::Player;
use game_search::proof::Solver;
use game_search::proof::isolation::IsolationSolver as KaylesSolver;
use game_search::{Limits, SearchResult, Searcher};
use kamisado_core::Game;
use serde::Serialize;
use wasm_bindgen::prelude::*;

use crate::args::{self, Fields, JsResult};
use crate::family::{CongressPosition, IsolationPosition, QuebecPosition};
use crate::kamisado::KamisadoPosition;
use crate::katarenga::{KatarengaBoard, KatarengaPosition, start_options};
use crate::{js_error, player_name, to_js};

#[wasm_bindgen(typescript_custom_section)]
const SEARCH_TYPES: &str = r#"
/**
 * What a search may spend: any of a time, a node count and a depth (the
 * first reached stops it). Without any, one second.
 */
export interface SearchBudget {
  milliseconds?: number;
  nodes?: number;
  depth?: number;
}

/** What a search found. */
export interface SearchResult {
  /** The best move found (undefined only when the game is over). */
  best?: string;
  /** The score for the side to move: positive is good for it. */
  score: number;
  /** The deepest iteration completed. */
  depth: number;
  nodes: number;
  /** The principal variation, `best` first. */
  pv: string[];
  milliseconds: number;
  nodesPerSecond: number;
  /** Whether a limit cut the last iteration short. */
  stopped: boolean;
  /** Set when the score is a proven win or loss. */
  winner?: Player;
  /** With `winner`: the plies to the end of the game with best play. */
  plies?: number;
}

/**
 * What the Kamisado solver may spend: a time, a node count, and the longest
 * round it looks for (120 plies by default). Without a time, ten seconds.
 */
export interface ProofBudget {
  milliseconds?: number;
  nodes?: number;
  plies?: number;
}

/** What the Kamisado solver proved. */
export interface KamisadoSolution {
  /** The winner with best play, if proven within the budget. */
  winner?: Player;
  /** The exact length of the round from here with best play, if found. */
  plies?: number;
  /** A best move: the fastest win, or the slowest loss. */
  best?: string;
  /** The line of best play (empty unless the length was found). */
  pv: string[];
  nodes: number;
  milliseconds: number;
  /** The part of `milliseconds` spent proving who wins. */
  proofMilliseconds: number;
}

/** What the Isolation solver proved: who wins with best play. */
export interface IsolationSolution {
  winner: Player;
  /** A winning placement for the side to move (none when it loses). */
  best?: string;
  /**
   * The Node Kayles value of the free squares, when the supply cannot run
   * out first: the side to move wins exactly when it is not 0.
   */
  grundy?: number;
  /** The positions evaluated (table hits not counted). */
  nodes: number;
  milliseconds: number;
}
"#;

/// The largest table accepted, in MiB: a wasm32 module addresses 4 GiB at
/// most, and a page rarely gets more than one.
const MAX_TABLE_MIB: u64 = 1024;

/// The table size in the argument `tableMib` (`default` if left out).
fn table_mib(value: &JsValue, default: u64) -> JsResult<usize> {
    let mib = args::optional_count(
        "tableMib",
        "a table size in MiB",
        value,
        (0, MAX_TABLE_MIB),
        default,
    )?;
    Ok(usize::try_from(mib).unwrap_or(usize::MAX))
}

/// The most nodes a budget may name (counts stay exact below 2^53).
const MAX_NODES: u64 = 1 << 53;

/// A search's limits from its `budget` argument: any of `milliseconds`,
/// `nodes` and `depth`; one second without any.
fn search_limits(budget: &JsValue) -> JsResult<Limits> {
    let budget = Fields::new("budget", budget, &["milliseconds", "nodes", "depth"])?;
    let mut limits = Limits::depth(game_search::MAX_DEPTH);
    let depth = budget.count(
        "depth",
        "a search depth",
        (0, u64::from(game_search::MAX_DEPTH)),
    )?;
    let nodes = budget.count("nodes", "a node budget", (0, MAX_NODES))?;
    let ms = budget.milliseconds("milliseconds")?;
    if let Some(depth) = depth {
        limits.depth = u32::try_from(depth).unwrap_or(game_search::MAX_DEPTH);
    }
    if let Some(nodes) = nodes {
        limits.nodes = nodes;
    }
    match ms {
        Some(ms) => limits.time = Some(Duration::from_secs_f64(ms / 1000.0)),
        None if depth.is_none() && nodes.is_none() => limits.time = Some(Duration::from_secs(1)),
        None => {}
    }
    Ok(limits)
}

#[derive(Serialize)]
#[serde(rename_all = "camelCase")]
struct SearchResultJs {
    best: Option<String>,
    score: i32,
    depth: u32,
    nodes: u64,
    pv: Vec<String>,
    milliseconds: f64,
    nodes_per_second: f64,
    stopped: bool,
    winner: Option<&'static str>,
    plies: Option<i32>,
}

fn result_to_js<M: std::fmt::Display>(
    side: Player,
    r: &SearchResult<M>,
) -> Result<JsValue, JsError> {
    let winner = r
        .is_proven()
        .then(|| if r.score > 0 { side } else { side.opponent() });
    to_js(&SearchResultJs {
        best: r.best.as_ref().map(ToString::to_string),
        score: r.score,
        depth: r.depth,
        nodes: r.nodes,
        pv: r.pv.iter().map(ToString::to_string).collect(),
        milliseconds: r.elapsed.as_secs_f64() * 1000.0,
        nodes_per_second: r.nodes_per_second(),
        stopped: r.stopped,
        winner: winner.map(player_name),
        plies: r.plies_to_end(),
    })
}

/// Defines a searcher class `$name` over `Searcher<$core>` for positions of
/// the class `$position`.
macro_rules! searcher_class {
    ($(#[$meta:meta])* $name:ident, $position:ident, $core:ty) => {
        $(#[$meta])*
        #[wasm_bindgen]
        pub struct $name {
            inner: Searcher<$core>,
        }

        #[wasm_bindgen]
        impl $name {
            /// A searcher with a transposition table of `tableMib` MiB (16 by
            /// default, at most 1024), kept from one search to the next.
            #[wasm_bindgen(constructor)]
            pub fn new(
                #[wasm_bindgen(js_name = tableMib, unchecked_optional_param_type = "number")]
                table_mib_: JsValue,
            ) -> Result<$name, JsValue> {
                let inner = Searcher::new(table_mib(&table_mib_, 16)?)
                    .map_err(|e| js_error(&e))?;
                Ok($name { inner })
            }

            /// The best move for the side to move within `budget` (one
            /// second without one), with its score and principal variation.
            #[wasm_bindgen(unchecked_return_type = "SearchResult")]
            pub fn search(
                &mut self,
                position: &$position,
                #[wasm_bindgen(unchecked_optional_param_type = "SearchBudget")] budget: JsValue,
            ) -> Result<JsValue, JsValue> {
                let limits = search_limits(&budget)?;
                let p = *position.inner();
                let result = self.inner.search(&p, limits);
                Ok(result_to_js(p.side_to_move(), &result)?)
            }

            /// Forgets what earlier searches stored.
            pub fn clear(&mut self) {
                self.inner.clear();
            }

            /// The size of the table in bytes.
            #[wasm_bindgen(getter, js_name = tableBytes)]
            pub fn table_bytes(&self) -> f64 {
                self.inner.table_bytes() as f64
            }
        }
    };
}

searcher_class! {
    /// The alpha-beta search for Kamisado positions (iterative deepening,
    /// a transposition table, exact scores for proven results).
    ///
    /// ```js
    /// const searcher = new KamisadoSearcher();
    /// const { best, score, pv } = searcher.search(KamisadoPosition.start(), { milliseconds: 200 });
    /// ```
    KamisadoSearcher, KamisadoPosition, kamisado_core::Position
}

searcher_class! {
    /// The alpha-beta search for Katarenga positions.
    KatarengaSearcher, KatarengaPosition, katarenga_core::Position
}

searcher_class! {
    /// The alpha-beta search for Congress positions (under their no-move
    /// rule).
    CongressSearcher, CongressPosition, katarenga_family::Congress
}

searcher_class! {
    /// The alpha-beta search for Quebec positions (under their
    /// both-connected rule).
    QuebecSearcher, QuebecPosition, katarenga_family::Quebec
}

searcher_class! {
    /// The alpha-beta search for Isolation positions, any reading (strict
    /// Isolation is solved exactly by `IsolationSolver`).
    IsolationSearcher, IsolationPosition, katarenga_family::Isolation
}

#[derive(Serialize)]
struct OrientationChoiceJs {
    orientation: &'static str,
    scores: Vec<i32>,
}

#[wasm_bindgen]
impl KatarengaSearcher {
    /// Black's choice of the edge of the laid `board` (the rules' set-up):
    /// each of the four starts (by `options.rules`) searched with a quarter
    /// of `budget`'s time (its depth and nodes as given), the table cleared
    /// before each, and the edge whose start scores worst for White taken
    /// (the first of equals), as `game_search`'s search player chooses.
    #[wasm_bindgen(js_name = bestOrientation, unchecked_return_type = "KatarengaOrientationChoice")]
    pub fn best_orientation(
        &mut self,
        board: &KatarengaBoard,
        #[wasm_bindgen(unchecked_optional_param_type = "KatarengaStart")] options: JsValue,
        #[wasm_bindgen(unchecked_optional_param_type = "SearchBudget")] budget: JsValue,
    ) -> Result<JsValue, JsValue> {
        let (rules, _) = start_options(&options)?;
        let mut limits = search_limits(&budget)?;
        limits.time = limits.time.map(|t| t / 4);
        let setup = katarenga_core::Setup::new(board.board(), rules);
        let scores: Vec<i32> = setup
            .starts()
            .iter()
            .map(|start| {
                self.inner.clear();
                self.inner.search(start, limits).score
            })
            .collect();
        let best = (0..4).min_by_key(|&i| (scores[i], i)).unwrap_or(0);
        Ok(to_js(&OrientationChoiceJs {
            orientation: katarenga_core::Orientation::ALL[best].name(),
            scores,
        })?)
    }
}

/// A proof's limits from its `budget` argument: any of `milliseconds`
/// (ten seconds without), `nodes` and `plies`.
fn proof_limits(budget: &JsValue) -> JsResult<Limits> {
    let budget = Fields::new("budget", budget, &["milliseconds", "nodes", "plies"])?;
    let mut limits = Limits::default();
    if let Some(plies) = budget.count("plies", "a round length in plies", (0, 1000))? {
        limits.depth = u32::try_from(plies).unwrap_or(1000);
    }
    if let Some(nodes) = budget.count("nodes", "a node budget", (0, MAX_NODES))? {
        limits.nodes = nodes;
    }
    let ms = budget.milliseconds("milliseconds")?.unwrap_or(10_000.0);
    limits.time = Some(Duration::from_secs_f64(ms / 1000.0));
    Ok(limits)
}

#[derive(Serialize)]
#[serde(rename_all = "camelCase")]
struct SolutionJs {
    winner: Option<&'static str>,
    plies: Option<u32>,
    best: Option<String>,
    pv: Vec<String>,
    nodes: u64,
    milliseconds: f64,
    proof_milliseconds: f64,
}

/// The Kamisado solver: who wins a round with best play, in exactly how many
/// plies, and a best move (a proof-number search, then an exact-length
/// proof search).
///
/// ```js
/// const solver = new KamisadoSolver();
/// solver.solve(KamisadoPosition.start(), { milliseconds: 20000 });
/// // { winner: "black", plies: 17, best: "h1h5", pv: [...], ... }
/// ```
#[wasm_bindgen]
pub struct KamisadoSolver {
    inner: Solver<kamisado_core::Position>,
}

#[wasm_bindgen]
impl KamisadoSolver {
    /// A solver with `tableMib` MiB of tables (64 by default, at most 1024).
    #[wasm_bindgen(constructor)]
    pub fn new(
        #[wasm_bindgen(js_name = tableMib, unchecked_optional_param_type = "number")]
        table_mib_: JsValue,
    ) -> Result<KamisadoSolver, JsValue> {
        let inner = Solver::new(table_mib(&table_mib_, 64)?).map_err(|e| js_error(&e))?;
        Ok(KamisadoSolver { inner })
    }

    /// Proves who wins `position` within `budget` (ten seconds without a
    /// time).
    #[wasm_bindgen(unchecked_return_type = "KamisadoSolution")]
    pub fn solve(
        &mut self,
        position: &KamisadoPosition,
        #[wasm_bindgen(unchecked_optional_param_type = "ProofBudget")] budget: JsValue,
    ) -> Result<JsValue, JsValue> {
        let limits = proof_limits(&budget)?;
        let p = *position.inner();
        let solution = self.inner.solve(&p, limits);
        let pv = self.inner.principal_variation(&p, &solution);
        Ok(to_js(&SolutionJs {
            winner: solution.winner.map(player_name),
            plies: solution.plies,
            best: solution.best.map(|m| m.to_string()),
            pv: pv.iter().map(ToString::to_string).collect(),
            nodes: solution.nodes,
            milliseconds: solution.elapsed.as_secs_f64() * 1000.0,
            proof_milliseconds: solution.proof_time.as_secs_f64() * 1000.0,
        })?)
    }
}

#[derive(Serialize)]
struct IsolationSolutionJs {
    winner: &'static str,
    best: Option<String>,
    grundy: Option<u8>,
    nodes: u64,
    milliseconds: f64,
}

/// Strict Isolation solved exactly: the game is Node Kayles on the board's
/// conflict graph, so who wins is known at once (well under a second from
/// the empty board), with a winning placement. Its tables are kept from one
/// position to the next on the same board.
///
/// ```js
/// const solver = new IsolationSolver();
/// solver.solve(IsolationPosition.start()); // { winner: "white", best: "@...", ... }
/// ```
#[wasm_bindgen]
pub struct IsolationSolver {
    inner: KaylesSolver,
}

impl Default for IsolationSolver {
    fn default() -> IsolationSolver {
        IsolationSolver::new()
    }
}

#[wasm_bindgen]
impl IsolationSolver {
    /// A solver with empty tables (they grow as it needs).
    #[wasm_bindgen(constructor)]
    pub fn new() -> IsolationSolver {
        IsolationSolver {
            inner: KaylesSolver::new(),
        }
    }

    /// Who wins `position` with best play, and a winning placement; throws
    /// an `Error` for a position under another reading than `strict`.
    #[wasm_bindgen(unchecked_return_type = "IsolationSolution")]
    pub fn solve(&mut self, position: &IsolationPosition) -> Result<JsValue, JsValue> {
        // JavaScript's clock: std's has none on wasm32-unknown-unknown.
        let started = js_sys::Date::now();
        let solution = self
            .inner
            .solve(position.inner())
            .map_err(|e| js_error(&e))?;
        Ok(to_js(&IsolationSolutionJs {
            winner: player_name(solution.winner),
            best: solution.best.map(|m| m.to_string()),
            grundy: solution.grundy,
            nodes: solution.nodes,
            milliseconds: js_sys::Date::now() - started,
        })?)
    }

    /// The entries in the solver's tables.
    #[wasm_bindgen(getter, js_name = tableLength)]
    pub fn table_length(&self) -> f64 {
        self.inner.table_len() as f64
    }
}

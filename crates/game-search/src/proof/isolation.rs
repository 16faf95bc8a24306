//! Strict Isolation solved exactly: the game is Node Kayles on the board's
//! conflict graph (`katarenga_family::ConflictGraph`), so a position's value
//! is the nim-sum of the Grundy values of the free squares' components,
//! each computed once and kept in a table. Where the box's 8 pawns a side
//! could run out before the squares do, the solver plays the game out
//! instead (a table of who wins with how many pawns in hand).

use std::collections::HashMap;

use board_geometry::{Bitboard, Player, Square};
use katarenga_family::{Board, ConflictGraph, Game, Isolation, Move, Reading};

use super::certificate::Certificate;

impl Default for IsolationSolver {
    fn default() -> IsolationSolver {
        IsolationSolver::new()
    }
}

/// What [`IsolationSolver::solve`] found.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct IsolationSolution {
    /// Who wins with best play.
    pub winner: Player,
    /// A winning placement for the side to move, if it wins (`None` when it
    /// loses, or the game is over).
    pub best: Option<Move>,
    /// The Grundy value of the free squares, when the supply cannot run
    /// out first (a Node Kayles value: the side to move wins exactly when
    /// it is not 0).
    pub grundy: Option<u8>,
    /// The positions evaluated for this answer (table hits not counted).
    pub nodes: u64,
}

/// Why a position cannot be solved by [`IsolationSolver`].
#[derive(Debug, Clone, Copy, PartialEq, Eq, thiserror::Error)]
pub enum NotStrict {
    /// The solver knows Node Kayles only: the strict reading.
    #[error("the exact Isolation solver plays the strict reading only, not {0}")]
    Reading(Reading),
}

/// The exact solver of strict Isolation, with its tables (kept across
/// positions of one board; a position on another board starts them anew).
///
/// ```
/// use game_search::proof::isolation::IsolationSolver;
/// use katarenga_family::{Game, Isolation, Player};
/// let mut solver = IsolationSolver::new();
/// let solution = solver.solve(&Isolation::start())?;
/// // The best placement wins: after it, the other side loses.
/// let best = solution.best.expect("the first player wins the standard board");
/// assert_eq!(solution.winner, Player::White);
/// assert_eq!(solver.solve(&Isolation::start().play(best))?.winner, Player::White);
/// # Ok::<(), game_search::proof::isolation::NotStrict>(())
/// ```
#[derive(Debug)]
pub struct IsolationSolver {
    board: Option<Board>,
    graph: Option<ConflictGraph>,
    /// Grundy values of connected sets of free squares.
    grundy: GrundyTable,
    /// Each square with the squares it conflicts with (closed
    /// neighbourhoods), as raw words for the inner loops.
    closed: [u64; 64],
    /// Whether the side to move wins: free squares, pawns in hand of the
    /// side to move and of the other.
    capped: HashMap<(u64, u8, u8), bool>,
    nodes: u64,
}

impl IsolationSolver {
    /// An empty solver.
    #[must_use]
    pub fn new() -> IsolationSolver {
        IsolationSolver {
            board: None,
            graph: None,
            grundy: GrundyTable::default(),
            closed: [0; 64],
            capped: HashMap::new(),
            nodes: 0,
        }
    }

    /// The entries in the solver's tables.
    #[must_use]
    pub fn table_len(&self) -> usize {
        self.grundy.len + self.capped.len()
    }

    fn graph_for(&mut self, board: &Board) -> ConflictGraph {
        if self.board.as_ref() != Some(board) {
            self.board = Some(*board);
            let graph = ConflictGraph::of(board);
            self.graph = Some(graph);
            for s in Square::ALL {
                self.closed[s.index()] = graph.neighbours(s).with(s).0;
            }
            self.grundy.clear();
            self.capped.clear();
        }
        self.graph.unwrap_or_else(|| ConflictGraph::of(board))
    }

    /// Who wins `position` with best play, and a winning placement.
    ///
    /// # Errors
    /// [`NotStrict`] for a position under another reading.
    pub fn solve(&mut self, position: &Isolation) -> Result<IsolationSolution, NotStrict> {
        if position.reading() != Reading::Strict {
            return Err(NotStrict::Reading(position.reading()));
        }
        let graph = self.graph_for(position.board());
        self.nodes = 0;
        let side = position.side_to_move();
        let free = position.placements();
        let mine = position.in_hand(side);
        let theirs = position.in_hand(side.opponent());
        // The supply cannot bind when each side holds at least its share
        // of the most placements the free squares allow.
        let binds = match (mine, theirs) {
            (Some(a), Some(b)) if !free.is_empty() => {
                let most = graph.max_independent_set_in(free).len();
                a < most.div_ceil(2) || b < most / 2
            }
            _ => false,
        };
        let (wins, grundy) = if binds {
            let (a, b) = (clamp(mine), clamp(theirs));
            (self.wins(&graph, free.0, a, b), None)
        } else {
            let wins = self.wins_kayles(free.0);
            (wins, self.known_grundy(free.0))
        };
        let best = if wins {
            free.into_iter().find(|&s| {
                let rest = free.0 & !(graph.neighbours(s).0 | Bitboard::from(s).0);
                if binds {
                    let (a, b) = (clamp(mine), clamp(theirs));
                    !self.wins(&graph, rest, b, a - 1)
                } else {
                    !self.wins_kayles(rest)
                }
            })
        } else {
            None
        };
        Ok(IsolationSolution {
            winner: if wins { side } else { side.opponent() },
            best: best.map(Move::Drop),
            grundy,
            nodes: self.nodes,
        })
    }

    /// Whether the side to move wins Node Kayles on `set`. A connected set
    /// is searched for a move to a lost position, stopping at the first
    /// (the moves that take most squares first), and only a lost one
    /// learns its Grundy value (0); a set in parts needs each part's
    /// Grundy value. The free squares stay in one part until few are left
    /// (rays reach far), so most of the search stops early.
    fn wins_kayles(&mut self, set: u64) -> bool {
        if set == 0 {
            return false;
        }
        let component = self.component(set);
        if component != set || component.count_ones() <= 3 {
            return self.set_grundy(set) != 0;
        }
        match self.grundy.get(set) {
            Some(WON) => return true,
            Some(g) => return g != 0,
            None => {}
        }
        self.nodes += 1;
        let mut order = [(0u8, 0u8); 64];
        let mut n = 0;
        let mut squares = set;
        while squares != 0 {
            let s = squares.trailing_zeros() as usize;
            squares &= squares - 1;
            order[n] = ((self.closed[s] & set).count_ones() as u8, s as u8);
            n += 1;
        }
        order[..n].sort_unstable_by(|a, b| b.cmp(a));
        for &(_, s) in &order[..n] {
            if !self.wins_kayles(set & !self.closed[s as usize]) {
                self.grundy.insert(set, WON);
                return true;
            }
        }
        self.grundy.insert(set, 0);
        false
    }

    /// The Grundy value of `set` if the table knows it exactly.
    fn known_grundy(&self, set: u64) -> Option<u8> {
        match self.grundy.get(set) {
            Some(WON) => None,
            Some(g) => Some(g),
            None if set == 0 => Some(0),
            None => None,
        }
    }

    /// The nim-sum of the Grundy values of the components of `set`.
    fn set_grundy(&mut self, set: u64) -> u8 {
        let mut rest = set;
        let mut value = 0;
        while rest != 0 {
            let component = self.component(rest);
            value ^= self.component_grundy(component);
            rest &= !component;
        }
        value
    }

    /// The component of the lowest square of `within`.
    #[inline]
    fn component(&self, within: u64) -> u64 {
        let mut component = within & within.wrapping_neg();
        let mut frontier = component;
        while frontier != 0 {
            let s = frontier.trailing_zeros() as usize;
            frontier &= frontier - 1;
            let new = self.closed[s] & within & !component;
            component |= new;
            frontier |= new;
        }
        component
    }

    /// The Grundy value of one connected set of free squares: the least
    /// value that no placement in it leaves.
    fn component_grundy(&mut self, component: u64) -> u8 {
        match component.count_ones() {
            0 => return 0,
            // One square, or two in conflict: one placement ends it.
            1 | 2 => return 1,
            3 => {
                // A triangle is ended by any placement; a path's middle
                // ends it and an end leaves one square: values 0 and 1.
                let triangle = Bitboard(component)
                    .into_iter()
                    .all(|s| self.closed[s.index()] & component == component);
                return if triangle { 1 } else { 2 };
            }
            _ => {}
        }
        match self.grundy.get(component) {
            Some(WON) | None => {}
            Some(g) => return g,
        }
        self.nodes += 1;
        let mut seen: u128 = 0;
        let mut squares = component;
        while squares != 0 {
            let s = squares.trailing_zeros() as usize;
            squares &= squares - 1;
            let mut rest = component & !self.closed[s];
            let mut value = 0;
            while rest != 0 {
                let part = self.component(rest);
                value ^= self.component_grundy(part);
                rest &= !part;
            }
            seen |= 1 << value;
        }
        let g = (!seen).trailing_zeros() as u8;
        self.grundy.insert(component, g);
        g
    }

    /// Whether the side to move wins with `mine` pawns in hand against
    /// `theirs`, the game played out.
    fn wins(&mut self, graph: &ConflictGraph, free: u64, mine: u8, theirs: u8) -> bool {
        if free == 0 || mine == 0 {
            return false;
        }
        if let Some(&w) = self.capped.get(&(free, mine, theirs)) {
            return w;
        }
        self.nodes += 1;
        let w = Bitboard(free).into_iter().any(|s: Square| {
            let rest = free & !(graph.neighbours(s).0 | Bitboard::from(s).0);
            !self.wins(graph, rest, theirs, mine - 1)
        });
        self.capped.insert((free, mine, theirs), w);
        w
    }
}

impl IsolationSolver {
    /// A certificate of the winning strategy from `position`
    /// ([`super::certificate`]; [`super::check::check_game`] checks it with
    /// the rules alone): at each position the winner can face, the winning
    /// placement that leaves the loser the fewest replies (which keeps the
    /// file small: 110,301 lines from the standard board's empty start).
    ///
    /// ```
    /// use game_search::proof::check::check_game;
    /// use game_search::proof::isolation::IsolationSolver;
    /// use katarenga_family::{Isolation, Player};
    /// // Six pawns placed on the standard board: 12 free squares left.
    /// let p: Isolation = "RYBGRYGB/GRGBGYRY/YYBRBBGR/BGRYYRBG/RGBYRGBY/YYGRYYBR/BBRGBGRG/GRYBGRYB \
    ///                     8/8/7w/w3w3/6b1/3b4/2b5/8 w".parse()?;
    /// let certificate = IsolationSolver::new().certificate(&p)?;
    /// assert_eq!(certificate.winner, Player::White);
    /// let verified = check_game::<Isolation>(&certificate.to_string())?;
    /// assert_eq!((verified.winner, verified.lines), (Player::White, certificate.len()));
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    ///
    /// # Errors
    /// [`NotStrict`] for a position under another reading.
    pub fn certificate(
        &mut self,
        position: &Isolation,
    ) -> Result<Certificate<Isolation>, NotStrict> {
        let winner = self.solve(position)?.winner;
        let mut walk = Strategy {
            solver: self,
            winner,
            moves: HashMap::new(),
            lengths: HashMap::new(),
        };
        let plies = walk.after(position)?;
        let moves = walk
            .moves
            .into_iter()
            .map(|(p, mv)| (p.to_string(), mv))
            .collect();
        Ok(Certificate {
            start: *position,
            winner,
            plies,
            moves,
        })
    }
}

/// Walks the strategy of [`IsolationSolver::certificate`]: every position
/// the winner can face, with its placement, and the longest line from each.
struct Strategy<'a> {
    solver: &'a mut IsolationSolver,
    winner: Player,
    moves: HashMap<Isolation, Move>,
    lengths: HashMap<Isolation, u32>,
}

impl Strategy<'_> {
    /// The longest line of play from `p` under the strategy, in plies.
    fn after(&mut self, p: &Isolation) -> Result<u32, NotStrict> {
        if let Some(&plies) = self.lengths.get(p) {
            return Ok(plies);
        }
        let plies = if p.is_over() {
            0
        } else if p.side_to_move() == self.winner {
            let mut candidates = Vec::new();
            p.for_each_child(|mv, child| {
                candidates.push((child.count_moves(), mv, *child));
                false
            });
            candidates.sort_by_key(|c| c.0);
            let mut chosen = None;
            for (_, mv, child) in candidates {
                if self.solver.solve(&child)?.winner == self.winner {
                    chosen = Some((mv, child));
                    break;
                }
            }
            // The solver said the winner wins here, so one placement keeps
            // the win; without one the tables would be wrong.
            let (mv, child) = chosen.expect("a winning placement where the solver proved a win");
            self.moves.insert(*p, mv);
            1 + self.after(&child)?
        } else {
            let mut children = Vec::new();
            p.for_each_child(|_, child| {
                children.push(*child);
                false
            });
            let mut longest = 0;
            for child in children {
                longest = longest.max(1 + self.after(&child)?);
            }
            longest
        };
        self.lengths.insert(*p, plies);
        Ok(plies)
    }
}

/// The table's mark of a set the side to move wins whose Grundy value is
/// not known (above any Grundy value of 64 squares).
const WON: u8 = u8::MAX;

/// Grundy values of sets of squares: open addressing with linear probing,
/// keyed by the set (never empty, so 0 marks a free slot), grown at
/// three-quarters full. The solver probes it tens of millions of times a
/// board: a general map's hashing costs more than the work it saves.
#[derive(Debug, Default)]
struct GrundyTable {
    keys: Vec<u64>,
    values: Vec<u8>,
    len: usize,
}

impl GrundyTable {
    #[inline]
    fn slot(&self, key: u64) -> usize {
        // Fibonacci hashing: the top bits of the product.
        let bits = self.keys.len().trailing_zeros();
        (key.wrapping_mul(0x9E37_79B9_7F4A_7C15) >> (64 - bits)) as usize
    }

    fn get(&self, key: u64) -> Option<u8> {
        if self.keys.is_empty() {
            return None;
        }
        let mask = self.keys.len() - 1;
        let mut i = self.slot(key);
        loop {
            match self.keys[i] {
                0 => return None,
                k if k == key => return Some(self.values[i]),
                _ => i = (i + 1) & mask,
            }
        }
    }

    fn insert(&mut self, key: u64, value: u8) {
        if (self.len + 1) * 4 > self.keys.len() * 3 {
            self.grow();
        }
        let mask = self.keys.len() - 1;
        let mut i = self.slot(key);
        while self.keys[i] != 0 && self.keys[i] != key {
            i = (i + 1) & mask;
        }
        if self.keys[i] == 0 {
            self.len += 1;
        }
        self.keys[i] = key;
        self.values[i] = value;
    }

    fn grow(&mut self) {
        let size = (self.keys.len() * 2).max(1 << 16);
        let keys = std::mem::replace(&mut self.keys, vec![0; size]);
        let values = std::mem::replace(&mut self.values, vec![0; size]);
        self.len = 0;
        for (k, v) in keys.into_iter().zip(values) {
            if k != 0 {
                self.insert(k, v);
            }
        }
    }

    /// Empties the table, keeping its memory.
    fn clear(&mut self) {
        self.keys.fill(0);
        self.len = 0;
    }
}

fn clamp(in_hand: Option<u32>) -> u8 {
    in_hand.map_or(64, |n| n.min(64) as u8)
}

//! A naive model of the three games written from the rules page
//! (`src/rules.md`) square by square, sharing no code with the crate: its
//! own rays by coordinates, its own connection test (a breadth-first walk),
//! its own legality of placements, checked with the occupancy as the text
//! says (not through the conflict graph).

use std::collections::BTreeSet;

use katarenga_family::{Board, Player, Square};

/// What the naive model plays, with its options.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Variant {
    Congress {
        pass: bool,
    },
    Quebec {
        draw: bool,
    },
    Isolation {
        reading: &'static str,
        limit: Option<usize>,
    },
}

/// A naive position: the colour letter of each square (a1 first), whose
/// pawn stands there, the side to move.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Naive {
    pub variant: Variant,
    pub colours: Vec<char>,
    pub cells: Vec<Option<Player>>,
    pub side: Player,
}

/// A naive move: `(from, to)` with `from` `None` for a drop; or a pass.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord)]
pub enum NaiveMove {
    Step(usize, usize),
    Drop(usize),
    Pass,
}

/// How the naive model sees the end: the winner, or `None` for a draw.
pub type End = Option<Option<Player>>;

fn coords(s: usize) -> (i32, i32) {
    ((s % 8) as i32, (s / 8) as i32)
}

fn index(f: i32, r: i32) -> Option<usize> {
    ((0..8).contains(&f) && (0..8).contains(&r)).then(|| (r * 8 + f) as usize)
}

impl Naive {
    /// Reads the colours from the board's notation text, not its bitboards.
    pub fn new(
        variant: Variant,
        board: &Board,
        black: &[usize],
        white: &[usize],
        side: Player,
    ) -> Naive {
        let text = board.to_string();
        let ranks: Vec<&str> = text.split('/').collect();
        let mut colours = vec![' '; 64];
        for (row, rank) in ranks.iter().enumerate() {
            for (file, letter) in rank.chars().enumerate() {
                colours[(7 - row) * 8 + file] = letter;
            }
        }
        let mut cells = vec![None; 64];
        for &s in black {
            cells[s] = Some(Player::Black);
        }
        for &s in white {
            cells[s] = Some(Player::White);
        }
        Naive {
            variant,
            colours,
            cells,
            side,
        }
    }

    /// The squares a pawn on `s` reaches, given the occupancy.
    pub fn reach(&self, s: usize) -> Vec<usize> {
        let (f, r) = coords(s);
        let colour = self.colours[s];
        let mut out = Vec::new();
        let jumps: &[(i32, i32)] = match colour {
            'B' => &[
                (1, 0),
                (1, 1),
                (0, 1),
                (-1, 1),
                (-1, 0),
                (-1, -1),
                (0, -1),
                (1, -1),
            ],
            'G' => &[
                (1, 2),
                (2, 1),
                (2, -1),
                (1, -2),
                (-1, -2),
                (-2, -1),
                (-2, 1),
                (-1, 2),
            ],
            _ => &[],
        };
        for (df, dr) in jumps {
            if let Some(t) = index(f + df, r + dr) {
                out.push(t);
            }
        }
        let rays: &[(i32, i32)] = match colour {
            'R' => &[(1, 0), (-1, 0), (0, 1), (0, -1)],
            'Y' => &[(1, 1), (-1, 1), (1, -1), (-1, -1)],
            _ => &[],
        };
        for (df, dr) in rays {
            let (mut x, mut y) = (f + df, r + dr);
            while let Some(t) = index(x, y) {
                out.push(t);
                if self.cells[t].is_some() || self.colours[t] == colour {
                    break;
                }
                x += df;
                y += dr;
            }
        }
        out
    }

    fn pawns(&self, player: Player) -> Vec<usize> {
        (0..64).filter(|&s| self.cells[s] == Some(player)).collect()
    }

    /// One group under orthogonal adjacency, by a breadth-first walk.
    pub fn connected(&self, player: Player) -> bool {
        let pawns = self.pawns(player);
        let Some(&first) = pawns.first() else {
            return false;
        };
        let mut seen = BTreeSet::from([first]);
        let mut queue = vec![first];
        while let Some(s) = queue.pop() {
            let (f, r) = coords(s);
            for (df, dr) in [(1, 0), (-1, 0), (0, 1), (0, -1)] {
                if let Some(t) = index(f + df, r + dr) {
                    if self.cells[t] == Some(player) && seen.insert(t) {
                        queue.push(t);
                    }
                }
            }
        }
        seen.len() == pawns.len()
    }

    fn steps(&self, player: Player) -> Vec<NaiveMove> {
        let captures = matches!(self.variant, Variant::Quebec { .. });
        let mut out = Vec::new();
        for s in self.pawns(player) {
            for t in self.reach(s) {
                match self.cells[t] {
                    None => out.push(NaiveMove::Step(s, t)),
                    Some(p) if p != player && captures => out.push(NaiveMove::Step(s, t)),
                    _ => {}
                }
            }
        }
        out
    }

    fn placement_ok(&self, t: usize) -> bool {
        let Variant::Isolation { reading, limit } = self.variant else {
            unreachable!()
        };
        if self.cells[t].is_some() {
            return false;
        }
        if limit.is_some_and(|l| self.pawns(self.side).len() >= l) {
            return false;
        }
        let mut with = self.clone();
        with.cells[t] = Some(self.side);
        for q in 0..64 {
            let Some(owner) = self.cells[q] else { continue };
            let counts = reading != "opposite" || owner != self.side;
            if !counts {
                continue;
            }
            // q attacks the new pawn.
            if with.reach(q).contains(&t) {
                return false;
            }
            // The new pawn attacks q (not in the one-way reading).
            if reading != "one-way" && with.reach(t).contains(&q) {
                return false;
            }
        }
        true
    }

    /// The end of the game, if over: `Some(winner or None for a draw)`.
    pub fn end(&self) -> End {
        let mover = self.side.opponent();
        match self.variant {
            Variant::Congress { pass } => {
                if self.connected(mover) {
                    return Some(Some(mover));
                }
                if self.connected(self.side) {
                    return Some(Some(self.side));
                }
                if !self.steps(self.side).is_empty() {
                    return None;
                }
                if !pass {
                    return Some(Some(mover));
                }
                if self.steps(mover).is_empty() {
                    Some(None)
                } else {
                    None
                }
            }
            Variant::Quebec { draw } => {
                match (self.connected(mover), self.connected(self.side)) {
                    (true, true) => return Some(if draw { None } else { Some(mover) }),
                    (true, false) => return Some(Some(mover)),
                    (false, true) => return Some(Some(self.side)),
                    _ => {}
                }
                self.steps(self.side).is_empty().then_some(Some(mover))
            }
            Variant::Isolation { .. } => (0..64)
                .all(|t| !self.placement_ok(t))
                .then_some(Some(mover)),
        }
    }

    /// The legal moves, sorted.
    pub fn moves(&self) -> Vec<NaiveMove> {
        if self.end().is_some() {
            return Vec::new();
        }
        let mut out = match self.variant {
            Variant::Congress { .. } | Variant::Quebec { .. } => {
                let steps = self.steps(self.side);
                if steps.is_empty() {
                    vec![NaiveMove::Pass]
                } else {
                    steps
                }
            }
            Variant::Isolation { .. } => (0..64)
                .filter(|&t| self.placement_ok(t))
                .map(NaiveMove::Drop)
                .collect(),
        };
        out.sort();
        out
    }

    pub fn play(&self, mv: NaiveMove) -> Naive {
        let mut next = self.clone();
        match mv {
            NaiveMove::Step(s, t) => {
                next.cells[t] = next.cells[s].take();
            }
            NaiveMove::Drop(t) => next.cells[t] = Some(self.side),
            NaiveMove::Pass => {}
        }
        next.side = self.side.opponent();
        next
    }

    pub fn perft(&self, depth: u32) -> u64 {
        if depth == 0 {
            return 1;
        }
        self.moves()
            .into_iter()
            .map(|m| self.play(m).perft(depth - 1))
            .sum()
    }
}

/// The crate's move in the naive model's terms.
pub fn naive_move(mv: katarenga_family::Move) -> NaiveMove {
    match mv {
        katarenga_family::Move::Step { from, to } => NaiveMove::Step(from as usize, to as usize),
        katarenga_family::Move::Drop(to) => NaiveMove::Drop(to as usize),
        katarenga_family::Move::Pass => NaiveMove::Pass,
    }
}

/// The naive model's squares of a bitboard.
pub fn squares(b: katarenga_family::Bitboard) -> Vec<usize> {
    b.into_iter().map(|s: Square| s as usize).collect()
}

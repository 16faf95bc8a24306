//! Statistics from many random games, for the `selfplay` example.

use std::collections::BTreeMap;
use std::fmt;

use board_geometry::Player;

use crate::fixtures::Rng;
use crate::games::{Game, random_move};

/// Games longer than this are cut and counted as unfinished (Katarenga has
/// no draw rule, so a random game could in principle go on for ever).
pub const PLY_LIMIT: u32 = 2_000;

/// What a batch of random games came to.
#[derive(Debug, Clone, PartialEq, Eq, Default)]
pub struct Stats {
    /// Games played.
    pub games: u32,
    /// Plies over all games.
    pub plies: u64,
    /// The shortest and longest game, in plies.
    pub shortest: u32,
    /// The longest game, in plies.
    pub longest: u32,
    /// Wins of Black and White.
    pub wins: [u32; 2],
    /// How many games ended each way (`unfinished` for the cut ones).
    pub endings: BTreeMap<&'static str, u32>,
}

impl Stats {
    fn record(&mut self, plies: u32, winner: Option<Player>, ending: &'static str) {
        if self.games == 0 {
            self.shortest = plies;
        }
        self.games += 1;
        self.plies += u64::from(plies);
        self.shortest = self.shortest.min(plies);
        self.longest = self.longest.max(plies);
        if let Some(w) = winner {
            self.wins[w.index()] += 1;
        }
        *self.endings.entry(ending).or_insert(0) += 1;
    }
}

impl fmt::Display for Stats {
    /// The report, without timing (so that a seed always gives the same text).
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let n = f64::from(self.games.max(1));
        let share = |k: u32| 100.0 * f64::from(k) / n;
        writeln!(
            f,
            "average length: {:.1} plies (shortest {}, longest {})",
            self.plies as f64 / n,
            self.shortest,
            self.longest
        )?;
        writeln!(
            f,
            "wins: black {:.1}%, white {:.1}%",
            share(self.wins[0]),
            share(self.wins[1])
        )?;
        let endings: Vec<String> = self
            .endings
            .iter()
            .map(|(name, &k)| format!("{name} {:.1}%", share(k)))
            .collect();
        writeln!(f, "endings: {}", endings.join(", "))
    }
}

/// Plays `games` random games from `start`, seeded by `seed`, calling
/// `progress` after each game.
pub fn selfplay<G: Game>(start: G, games: u32, seed: u64, mut progress: impl FnMut(u32)) -> Stats {
    let mut rng = Rng::new(seed);
    let mut stats = Stats::default();
    for game in 0..games {
        let mut p = start;
        let mut plies = 0;
        while plies < PLY_LIMIT {
            match random_move(&p, &mut rng) {
                Some(mv) => p = p.after(mv),
                None => break,
            }
            plies += 1;
        }
        stats.record(plies, p.winner(), p.ending().unwrap_or("unfinished"));
        progress(game + 1);
    }
    stats
}

//! Which game: the one list of the games the workspace plays.

use core::fmt;
use core::str::FromStr;

/// One of the games.
///
/// ```
/// use game_spec::GameId;
/// assert_eq!("katarenga".parse::<GameId>()?, GameId::Katarenga);
/// assert_eq!(GameId::Kamisado.to_string(), "kamisado");
/// assert_eq!(GameId::Katarenga.readings(), ["standard", "no-first-capture"]);
/// # Ok::<(), game_spec::UnknownGame>(())
/// ```
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum GameId {
    /// Peter Burley's Kamisado.
    Kamisado,
    /// David Parlett's Katarenga.
    Katarenga,
}

/// A game name that names no game.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[error("unknown game {0:?}: expected kamisado or katarenga")]
pub struct UnknownGame(pub String);

impl GameId {
    /// Every game, in the order of their names.
    pub const ALL: [GameId; 2] = [GameId::Kamisado, GameId::Katarenga];

    /// The game's name, lowercase: what every text form writes.
    #[must_use]
    pub const fn name(self) -> &'static str {
        match self {
            GameId::Kamisado => "kamisado",
            GameId::Katarenga => "katarenga",
        }
    }

    /// The names of the readings of the rules the game can be played by,
    /// the default (`standard`) first.
    #[must_use]
    pub fn readings(self) -> &'static [&'static str] {
        const KATARENGA: [&str; katarenga_core::Rules::ALL.len()] =
            katarenga_names(katarenga_core::Rules::ALL);
        match self {
            GameId::Kamisado => &["standard"],
            GameId::Katarenga => &KATARENGA,
        }
    }
}

impl fmt::Display for GameId {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

impl FromStr for GameId {
    type Err = UnknownGame;

    fn from_str(s: &str) -> Result<GameId, UnknownGame> {
        GameId::ALL
            .into_iter()
            .find(|g| g.name() == s)
            .ok_or_else(|| UnknownGame(s.to_string()))
    }
}

/// The names of `rules`, in their order (a `const fn`: the list follows
/// the core's own).
const fn katarenga_names<const N: usize>(rules: [katarenga_core::Rules; N]) -> [&'static str; N] {
    let mut names = [""; N];
    let mut i = 0;
    while i < N {
        names[i] = rules[i].name();
        i += 1;
    }
    names
}

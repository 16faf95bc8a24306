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
/// assert_eq!(GameId::Kamisado.readings(), ["standard", "pushed-square", "blocked-colour"]);
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
        const KAMISADO: [&str; kamisado_core::Rules::ALL.len()] = names!(kamisado_core::Rules::ALL);
        const KATARENGA: [&str; katarenga_core::Rules::ALL.len()] =
            names!(katarenga_core::Rules::ALL);
        match self {
            GameId::Kamisado => &KAMISADO,
            GameId::Katarenga => &KATARENGA,
        }
    }
}

impl GameId {
    /// The names of the board layouts the game can be played on, the
    /// default first (Kamisado's [`Layout`](kamisado_core::Layout)s; none
    /// for Katarenga, whose board is a spec's `board`).
    #[must_use]
    pub fn layouts(self) -> &'static [&'static str] {
        const KAMISADO: [&str; kamisado_core::Layout::ALL.len()] =
            names!(kamisado_core::Layout::ALL);
        match self {
            GameId::Kamisado => &KAMISADO,
            GameId::Katarenga => &[],
        }
    }

    /// The rule options of the engine protocol: every reading and layout
    /// but the defaults, as words (`pushed-square`, `turned`, ...). An
    /// option word names one value of one field
    /// ([`GameId::option_field`]).
    ///
    /// ```
    /// use game_spec::GameId;
    /// assert_eq!(
    ///     GameId::Kamisado.rule_options(),
    ///     ["pushed-square", "blocked-colour", "turned", "mirrored", "mirrored-turned"]
    /// );
    /// assert_eq!(GameId::Katarenga.rule_options(), ["no-first-capture"]);
    /// ```
    #[must_use]
    pub fn rule_options(self) -> Vec<&'static str> {
        let rest = |names: &'static [&'static str]| names.iter().skip(1).copied();
        rest(self.readings()).chain(rest(self.layouts())).collect()
    }

    /// The spec field a rule option word sets (`rules` or `layout`),
    /// `None` for a word that is neither a reading nor a layout of the
    /// game. The defaults' words (`standard`) are the `rules` field's.
    #[must_use]
    pub fn option_field(self, word: &str) -> Option<&'static str> {
        if self.readings().contains(&word) {
            Some("rules")
        } else if self.layouts().contains(&word) {
            Some("layout")
        } else {
            None
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

/// The names of a core's readings, in their order (a constant: the list
/// follows the core's own). A macro because the two cores' `Rules` are
/// distinct types with `const fn name`, which no trait can call in a
/// constant.
macro_rules! names {
    ($all:expr) => {{
        let all = $all;
        let mut names = [""; $all.len()];
        let mut i = 0;
        while i < names.len() {
            names[i] = all[i].name();
            i += 1;
        }
        names
    }};
}
use names;

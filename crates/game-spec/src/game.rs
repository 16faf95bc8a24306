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
    /// Parlett's Congress: connect all your pawns, no captures
    /// (`katarenga-family`).
    Congress,
    /// Parlett's Quebec: Congress with captures.
    Quebec,
    /// Parlett's Isolation: place pawns none en prise to another.
    Isolation,
}

/// A field of a game's description that holds one of a few named rule
/// options (a reading of the rules, a layout), as the engine protocol
/// names them: the field's name and its values, the default first.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct OptionField {
    /// The field's name in the text form (`rules`, `layout`, `no-move`).
    pub name: &'static str,
    /// Its values, the default first.
    pub values: &'static [&'static str],
}

/// A game name that names no game.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[error("unknown game {0:?}: expected kamisado, katarenga, congress, quebec or isolation")]
pub struct UnknownGame(pub String);

impl GameId {
    /// Every game, in the order of their names.
    pub const ALL: [GameId; 5] = [
        GameId::Kamisado,
        GameId::Katarenga,
        GameId::Congress,
        GameId::Quebec,
        GameId::Isolation,
    ];

    /// The game's name, lowercase: what every text form writes.
    #[must_use]
    pub const fn name(self) -> &'static str {
        match self {
            GameId::Kamisado => "kamisado",
            GameId::Katarenga => "katarenga",
            GameId::Congress => "congress",
            GameId::Quebec => "quebec",
            GameId::Isolation => "isolation",
        }
    }

    /// Whether the game is played on a Katarenga board (a spec's `board`).
    #[must_use]
    pub const fn has_board(self) -> bool {
        !matches!(self, GameId::Kamisado)
    }

    /// The fields of the game's description that hold named rule options,
    /// each with its values (the default first): the readings of the
    /// rules first, then Kamisado's layouts and Isolation's supply.
    ///
    /// ```
    /// use game_spec::GameId;
    /// let fields = GameId::Isolation.option_fields();
    /// assert_eq!(fields[0].name, "reading");
    /// assert_eq!(fields[0].values, ["strict", "opposite", "one-way"]);
    /// assert_eq!(fields[1].values, ["8", "none"]);
    /// ```
    #[must_use]
    pub fn option_fields(self) -> &'static [OptionField] {
        use katarenga_family::{BothConnected, NoMove, Reading, Supply};
        const KAMISADO: [&str; kamisado_core::Rules::ALL.len()] = names!(kamisado_core::Rules::ALL);
        const LAYOUTS: [&str; kamisado_core::Layout::ALL.len()] =
            names!(kamisado_core::Layout::ALL);
        const KATARENGA: [&str; katarenga_core::Rules::ALL.len()] =
            names!(katarenga_core::Rules::ALL);
        const NO_MOVE: [&str; NoMove::ALL.len()] = names!(NoMove::ALL);
        const BOTH: [&str; BothConnected::ALL.len()] = names!(BothConnected::ALL);
        const READING: [&str; Reading::ALL.len()] = names!(Reading::ALL);
        const SUPPLY: [&str; Supply::ALL.len()] = names!(Supply::ALL);
        const fn field(name: &'static str, values: &'static [&'static str]) -> OptionField {
            OptionField { name, values }
        }
        const FIELDS_KAMISADO: [OptionField; 2] =
            [field("rules", &KAMISADO), field("layout", &LAYOUTS)];
        const FIELDS_KATARENGA: [OptionField; 1] = [field("rules", &KATARENGA)];
        const FIELDS_CONGRESS: [OptionField; 1] = [field("no-move", &NO_MOVE)];
        const FIELDS_QUEBEC: [OptionField; 1] = [field("both-connected", &BOTH)];
        const FIELDS_ISOLATION: [OptionField; 2] =
            [field("reading", &READING), field("supply", &SUPPLY)];
        match self {
            GameId::Kamisado => &FIELDS_KAMISADO,
            GameId::Katarenga => &FIELDS_KATARENGA,
            GameId::Congress => &FIELDS_CONGRESS,
            GameId::Quebec => &FIELDS_QUEBEC,
            GameId::Isolation => &FIELDS_ISOLATION,
        }
    }

    /// The names of the readings of the rules the game can be played by,
    /// the default first: the values of its first option field
    /// ([`GameId::option_fields`]).
    #[must_use]
    pub fn readings(self) -> &'static [&'static str] {
        self.option_fields()[0].values
    }
}

impl GameId {
    /// The names of the board layouts the game can be played on, the
    /// default first (Kamisado's [`Layout`](kamisado_core::Layout)s; none
    /// for Katarenga, whose board is a spec's `board`).
    #[must_use]
    pub fn layouts(self) -> &'static [&'static str] {
        self.option_fields()
            .iter()
            .find(|f| f.name == "layout")
            .map_or(&[], |f| f.values)
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
        self.option_fields()
            .iter()
            .flat_map(|f| f.values.iter().skip(1).copied())
            .collect()
    }

    /// The spec field a rule option word sets (`rules`, `layout`, ...),
    /// `None` for a word that is none of the game's options. A default's
    /// word (`standard`) belongs to the first field that has it.
    #[must_use]
    pub fn option_field(self, word: &str) -> Option<&'static str> {
        self.option_fields()
            .iter()
            .find(|f| f.values.contains(&word))
            .map(|f| f.name)
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

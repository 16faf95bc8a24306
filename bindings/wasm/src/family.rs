//! The other games of the Katarenga equipment for JavaScript (the crate
//! `katarenga-family`): `CongressPosition`, `QuebecPosition` and
//! `IsolationPosition`, each carrying its game's options, which the
//! notation does not write.

use std::fmt::Display;
use std::str::FromStr;

use board_geometry::Player;
use katarenga_family::{
    BothConnected, Congress, Game, Isolation, Move, MoveKind, NoMove, Outcome, Quebec, Reading,
    Supply,
};
use serde::Serialize;
use wasm_bindgen::prelude::*;

use crate::args::{Fields, JsResult};
use crate::katarenga::KatarengaBoard;
use crate::position::GameOptions;
use crate::{error_message, js_error, parse_arg, player_name, to_js};

#[wasm_bindgen(typescript_custom_section)]
const FAMILY_TYPES: &str = r#"
/**
 * Congress: what a player with no legal move does: loses (`lose`, the
 * default), or passes (`pass`: the move `pass`, legal only then; the game
 * is drawn when neither side can move).
 */
export type CongressNoMove = "lose" | "pass";

/** The options of a Congress game (the defaults for those left out). */
export interface CongressOptions {
  noMove?: CongressNoMove;
}

/**
 * Quebec: who wins when a move leaves both sides connected: the player who
 * moved (`mover`, the default), or nobody (`draw`).
 */
export type QuebecBothConnected = "mover" | "draw";

/** The options of a Quebec game (the defaults for those left out). */
export interface QuebecOptions {
  bothConnected?: QuebecBothConnected;
}

/**
 * Isolation: which placements are legitimate: none en prise to or from any
 * pawn (`strict`, Parlett's rule, the default), the same counting only the
 * other colour's pawns (`opposite`), or none en prise from any pawn
 * (`one-way`).
 */
export type IsolationReading = "strict" | "opposite" | "one-way";

/** Isolation: the box's 8 pawns a side (`"8"`, the default), or no limit (`"none"`). */
export type IsolationSupply = "8" | "none";

/** The options of an Isolation game (the defaults for those left out). */
export interface IsolationOptions {
  reading?: IsolationReading;
  supply?: IsolationSupply;
}

/** What a legal move of Congress, Quebec or Isolation does. */
export type FamilyMoveKind = "quiet" | "capture" | "drop" | "pass";

/** How a game of Congress, Quebec or Isolation ended: a win, or a draw. */
export interface FamilyOutcome {
  /** The winner; undefined for a draw. */
  winner?: Player;
  /** The loser; undefined for a draw. */
  loser?: Player;
  draw: boolean;
  /**
   * `connected` (the winner's pawns form one orthogonal group), `no move`
   * (the player to move has none and loses), and the draws `both connected`
   * (Quebec, under `bothConnected: "draw"`) and `blocked` (Congress, under
   * `noMove: "pass"`, neither side can move).
   */
  ending: "connected" | "both connected" | "no move" | "blocked";
  /** The outcome in words ("white wins: all its pawns connected"). */
  description: string;
}
"#;

#[derive(Serialize)]
struct OutcomeJs {
    winner: Option<&'static str>,
    loser: Option<&'static str>,
    draw: bool,
    ending: &'static str,
    description: String,
}

impl From<Outcome> for OutcomeJs {
    fn from(o: Outcome) -> OutcomeJs {
        let winner = o.winner();
        OutcomeJs {
            winner: winner.map(player_name),
            loser: winner.map(|w| player_name(w.opponent())),
            draw: winner.is_none(),
            ending: o.ending(),
            description: o.to_string(),
        }
    }
}

/// The option `field` of `fields` read by its name, `base` if left out; a
/// bad name is an `Error` naming the field (`options.noMove`).
fn option<T: FromStr<Err: Display>>(fields: &Fields, field: &str, base: T) -> JsResult<T> {
    match fields.string(field)? {
        None => Ok(base),
        Some(text) => Ok(text
            .parse()
            .map_err(|e| error_message(&format!("`{}` is {text:?}: {e}", fields.name(field))))?),
    }
}

/// Congress's options as the `options` getter gives them.
#[derive(Serialize)]
#[serde(rename_all = "camelCase")]
struct CongressOptionsJs {
    no_move: &'static str,
}

impl From<NoMove> for CongressOptionsJs {
    fn from(no_move: NoMove) -> CongressOptionsJs {
        CongressOptionsJs {
            no_move: no_move.name(),
        }
    }
}

impl GameOptions for Congress {
    type Options = NoMove;

    fn read_options(value: &JsValue, base: NoMove) -> JsResult<NoMove> {
        option(&Fields::new("options", value, &["noMove"])?, "noMove", base)
    }

    fn options(&self) -> NoMove {
        self.no_move()
    }

    fn with_options(self, options: NoMove) -> Congress {
        self.with_no_move(options)
    }

    fn default_options() -> NoMove {
        NoMove::default()
    }

    fn read_with(notation: &str, options: NoMove) -> JsResult<Congress> {
        let position: Congress = notation.parse().map_err(|e| js_error(&e))?;
        Ok(position.with_no_move(options))
    }
}

/// Quebec's options as the `options` getter gives them.
#[derive(Serialize)]
#[serde(rename_all = "camelCase")]
struct QuebecOptionsJs {
    both_connected: &'static str,
}

impl From<BothConnected> for QuebecOptionsJs {
    fn from(both: BothConnected) -> QuebecOptionsJs {
        QuebecOptionsJs {
            both_connected: both.name(),
        }
    }
}

impl GameOptions for Quebec {
    type Options = BothConnected;

    fn read_options(value: &JsValue, base: BothConnected) -> JsResult<BothConnected> {
        let fields = Fields::new("options", value, &["bothConnected"])?;
        option(&fields, "bothConnected", base)
    }

    fn options(&self) -> BothConnected {
        self.both_connected()
    }

    fn with_options(self, options: BothConnected) -> Quebec {
        self.with_both_connected(options)
    }

    fn default_options() -> BothConnected {
        BothConnected::default()
    }

    fn read_with(notation: &str, options: BothConnected) -> JsResult<Quebec> {
        let position: Quebec = notation.parse().map_err(|e| js_error(&e))?;
        Ok(position.with_both_connected(options))
    }
}

/// Isolation's options: the reading of the placement rule and the supply.
#[derive(Clone, Copy, Default)]
pub(crate) struct IsolationOptions {
    reading: Reading,
    supply: Supply,
}

/// Isolation's options as the `options` getter gives them.
#[derive(Serialize)]
struct IsolationOptionsJs {
    reading: &'static str,
    supply: &'static str,
}

impl From<IsolationOptions> for IsolationOptionsJs {
    fn from(o: IsolationOptions) -> IsolationOptionsJs {
        IsolationOptionsJs {
            reading: o.reading.name(),
            supply: o.supply.name(),
        }
    }
}

impl GameOptions for Isolation {
    type Options = IsolationOptions;

    fn read_options(value: &JsValue, base: IsolationOptions) -> JsResult<IsolationOptions> {
        let fields = Fields::new("options", value, &["reading", "supply"])?;
        Ok(IsolationOptions {
            reading: option(&fields, "reading", base.reading)?,
            supply: option(&fields, "supply", base.supply)?,
        })
    }

    fn options(&self) -> IsolationOptions {
        IsolationOptions {
            reading: self.reading(),
            supply: self.supply(),
        }
    }

    fn with_options(self, options: IsolationOptions) -> Isolation {
        self.with_reading(options.reading)
            .with_supply(options.supply)
    }

    fn default_options() -> IsolationOptions {
        IsolationOptions::default()
    }

    /// The box's supply refuses more than 8 pawns a side; an unlimited one
    /// reads any number.
    fn read_with(notation: &str, options: IsolationOptions) -> JsResult<Isolation> {
        let bytes = notation.as_bytes();
        let position = match options.supply {
            Supply::Eight => Isolation::from_ascii(bytes),
            Supply::Unlimited => Isolation::from_ascii_unlimited(bytes),
        }
        .map_err(|e| js_error(&e))?;
        Ok(position.with_options(options))
    }
}

/// Adds to the class `$class` over the family position `$core` what the
/// three games share beyond [`position_methods!`]: the starts, the options,
/// the board, the pawns and the kind of a move. `$options` is the
/// TypeScript type of the options object (`$all_options` with every field),
/// `$options_js` the plain object the `options` getter gives (made `From`
/// the core's options).
macro_rules! family_methods {
    ($class:ident, $core:ty, $options:literal, $all_options:literal, $options_js:ty) => {
        #[wasm_bindgen]
        impl $class {
            /// The start on the standard board, played under `options`
            /// (the defaults for those left out). White moves first.
            pub fn start(
                #[wasm_bindgen(unchecked_optional_param_type = $options)] options: JsValue,
            ) -> Result<$class, JsValue> {
                let options = <$core>::read_options(&options, <$core>::default_options())?;
                Ok($class::from_core(<$core>::start().with_options(options)))
            }

            /// The start on `board` (the board as given: these games choose
            /// no edge), played under `options`. White moves first.
            #[wasm_bindgen(js_name = startOn)]
            pub fn start_on(
                board: &KatarengaBoard,
                #[wasm_bindgen(unchecked_optional_param_type = $options)] options: JsValue,
            ) -> Result<$class, JsValue> {
                let options = <$core>::read_options(&options, <$core>::default_options())?;
                Ok($class::from_core(
                    <$core>::start_on(board.board()).with_options(options),
                ))
            }

            /// The options the position is played under, every one of
            /// them (the notation does not write them).
            #[wasm_bindgen(getter, unchecked_return_type = $all_options)]
            pub fn options(&self) -> Result<JsValue, JsError> {
                to_js(&<$options_js>::from(self.inner.options()))
            }

            /// The same position under `options`; those left out keep
            /// this position's values.
            #[wasm_bindgen(js_name = withOptions)]
            pub fn with_options(
                &self,
                #[wasm_bindgen(unchecked_param_type = $options)] options: JsValue,
            ) -> Result<$class, JsValue> {
                let options = <$core>::read_options(&options, self.inner.options())?;
                Ok($class::from_core(self.inner.with_options(options)))
            }

            /// The board: the colours of the 64 squares.
            #[wasm_bindgen(getter)]
            pub fn board(&self) -> KatarengaBoard {
                KatarengaBoard::from_core(*self.inner.board())
            }

            /// The squares of `player`'s pawns, `a1` first.
            pub fn pieces(
                &self,
                #[wasm_bindgen(unchecked_param_type = "Player")] player: JsValue,
            ) -> Result<Vec<String>, JsValue> {
                let player: Player = parse_arg("player", &player)?;
                Ok(self
                    .inner
                    .pieces(player)
                    .iter()
                    .map(|s| s.to_string())
                    .collect())
            }

            /// The owner of the pawn on `square`, or `undefined`.
            #[wasm_bindgen(js_name = pieceOn, unchecked_return_type = "Player | undefined")]
            pub fn piece_on(
                &self,
                #[wasm_bindgen(unchecked_param_type = "string")] square: JsValue,
            ) -> Result<Option<String>, JsValue> {
                let square = parse_arg("square", &square)?;
                Ok(self
                    .inner
                    .piece_on(square)
                    .map(|p| player_name(p).to_owned()))
            }

            /// What the legal `move` does: `"quiet"`, `"capture"` (Quebec),
            /// `"drop"` (Isolation) or `"pass"` (Congress); throws, saying
            /// why, if it is illegal.
            #[wasm_bindgen(js_name = moveKind, unchecked_return_type = "FamilyMoveKind")]
            pub fn move_kind(
                &self,
                #[wasm_bindgen(unchecked_param_type = "string")] r#move: JsValue,
            ) -> Result<String, JsValue> {
                let mv: Move = parse_arg("move", &r#move)?;
                let kind = self.inner.check_move(mv).map_err(|e| js_error(&e))?;
                Ok(move_kind_name(kind).to_owned())
            }
        }
    };
}

/// A move kind's name in `FamilyMoveKind`.
fn move_kind_name(kind: MoveKind) -> &'static str {
    match kind {
        MoveKind::Quiet => "quiet",
        MoveKind::Capture => "capture",
        MoveKind::Drop => "drop",
        MoveKind::Pass => "pass",
    }
}

/// A Congress position, immutable: the board, the pawns, the side to move
/// and the no-move rule. Each side moves one pawn as Katarenga's pieces
/// move, never capturing; the first to gather all its pawns into one
/// orthogonally connected group wins.
///
/// ```js
/// const start = CongressPosition.start({ noMove: "pass" });
/// start.sideToMove; // "white": White moves first
/// start.legalMoves().length; // 34
/// ```
#[wasm_bindgen]
#[derive(Clone, Copy)]
pub struct CongressPosition {
    inner: Congress,
}

position_methods!(
    CongressPosition,
    Congress,
    Move,
    "FamilyOutcome | undefined",
    options = "CongressOptions",
    /// The position written in `notation` (`"<colours> <pieces> <side>"`),
    /// or the start on the standard board without one, played under
    /// `options` (`{ noMove: "pass" }`; the defaults for those left out).
    new
);

family_methods!(
    CongressPosition,
    Congress,
    "CongressOptions",
    "Required<CongressOptions>",
    CongressOptionsJs
);

#[wasm_bindgen]
impl CongressPosition {
    /// What a player with no legal move does: `"lose"` or `"pass"`.
    #[wasm_bindgen(getter, js_name = noMove, unchecked_return_type = "CongressNoMove")]
    pub fn no_move(&self) -> String {
        self.inner.no_move().name().to_owned()
    }
}

/// A Quebec position, immutable: Congress with Katarenga's captures. After
/// each move both sides are tested, a single pawn counting as connected, so
/// a capture can win the game for the other side.
///
/// ```js
/// QuebecPosition.start().legalMoves().length; // 37
/// ```
#[wasm_bindgen]
#[derive(Clone, Copy)]
pub struct QuebecPosition {
    inner: Quebec,
}

position_methods!(
    QuebecPosition,
    Quebec,
    Move,
    "FamilyOutcome | undefined",
    options = "QuebecOptions",
    /// The position written in `notation` (`"<colours> <pieces> <side>"`),
    /// or the start on the standard board without one, played under
    /// `options` (`{ bothConnected: "draw" }`; the defaults for those left
    /// out).
    new
);

family_methods!(
    QuebecPosition,
    Quebec,
    "QuebecOptions",
    "Required<QuebecOptions>",
    QuebecOptionsJs
);

#[wasm_bindgen]
impl QuebecPosition {
    /// Who wins when a move leaves both sides connected: `"mover"` or
    /// `"draw"`.
    #[wasm_bindgen(getter, js_name = bothConnected, unchecked_return_type = "QuebecBothConnected")]
    pub fn both_connected(&self) -> String {
        self.inner.both_connected().name().to_owned()
    }
}

/// An Isolation position, immutable: the board starts empty, and each turn
/// places a pawn from the hand (`@d4`) where the reading allows; the player
/// to move with no legitimate placement loses.
///
/// ```js
/// const start = IsolationPosition.start({ supply: "none" });
/// start.legalMoves().length; // 64
/// start.play("@d4").inHand("white"); // undefined: no limit
/// ```
#[wasm_bindgen]
#[derive(Clone, Copy)]
pub struct IsolationPosition {
    inner: Isolation,
}

position_methods!(
    IsolationPosition,
    Isolation,
    Move,
    "FamilyOutcome | undefined",
    options = "IsolationOptions",
    /// The position written in `notation` (`"<colours> <pieces> <side>"`;
    /// the pawns in hand are the supply less those on the board), or the
    /// empty standard board without one, played under `options` (`{
    /// reading: "one-way", supply: "none" }`; the defaults for those left
    /// out). Under the box's supply a side has at most 8 pawns.
    new
);

family_methods!(
    IsolationPosition,
    Isolation,
    "IsolationOptions",
    "Required<IsolationOptions>",
    IsolationOptionsJs
);

#[wasm_bindgen]
impl IsolationPosition {
    /// The reading of the placement rule: `"strict"`, `"opposite"` or
    /// `"one-way"`.
    #[wasm_bindgen(getter, unchecked_return_type = "IsolationReading")]
    pub fn reading(&self) -> String {
        self.inner.reading().name().to_owned()
    }

    /// The supply of pawns: `"8"` (the box's) or `"none"` (no limit).
    #[wasm_bindgen(getter, unchecked_return_type = "IsolationSupply")]
    pub fn supply(&self) -> String {
        self.inner.supply().name().to_owned()
    }

    /// How many pawns `player` has in hand; `undefined` under an unlimited
    /// supply.
    #[wasm_bindgen(js_name = inHand)]
    pub fn in_hand(
        &self,
        #[wasm_bindgen(unchecked_param_type = "Player")] player: JsValue,
    ) -> Result<Option<u32>, JsValue> {
        Ok(self.inner.in_hand(parse_arg("player", &player)?))
    }

    /// The squares where the side to move may place a pawn, `a1` first
    /// (the legal moves without their `@`).
    pub fn placements(&self) -> Vec<String> {
        self.inner
            .placements()
            .iter()
            .map(|s| s.to_string())
            .collect()
    }
}

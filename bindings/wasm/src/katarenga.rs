//! Katarenga for JavaScript: `KatarengaBoard` and `KatarengaPosition`.

use board_geometry::Square;
use katarenga_core::{
    Board, Camp, Game, Move, Orientation, Outcome, Position, Rules, TilePlacement,
};
use serde::Serialize;
use wasm_bindgen::prelude::*;

use crate::args::{self, Fields, JsResult};
use crate::{error_message, js_error, parse_arg, player_name};

#[wasm_bindgen(typescript_custom_section)]
const KATARENGA_TYPES: &str = r#"
/** A Katarenga square colour; it decides how a piece standing on it moves. */
export type KatarengaColour = "red" | "yellow" | "blue" | "green";

/** A camp, outside a corner of the board: a9 and h9 are Black's targets, a0 and h0 White's. */
export type KatarengaCamp = "a9" | "h9" | "a0" | "h0";

/**
 * The rules a game starts by: `standard`, or `no-first-capture` (the rules
 * page's option: no capture on either player's first move).
 */
export type KatarengaRules = "standard" | "no-first-capture";

/**
 * Which way round a laid board lies: the edge of the board as laid (its
 * rank 8 at the top) at which Black, the first player, sits. The rules'
 * set-up lets Black choose it.
 */
export type KatarengaOrientation = "bottom" | "right" | "top" | "left";

/**
 * How a Katarenga game starts: its rules, and Black's edge of the board as
 * laid (`bottom` without one: the board as given).
 */
export interface KatarengaStart {
  rules?: KatarengaRules;
  orientation?: KatarengaOrientation;
}

/** Black's choice of orientation by the search, with White's score of each start. */
export interface KatarengaOrientationChoice {
  orientation: KatarengaOrientation;
  /** White's score of the start from each edge: bottom, right, top, left. */
  scores: number[];
}

/** How a game ended. */
export interface KatarengaOutcome {
  winner: Player;
  loser: Player;
  ending: "camps" | "too few pieces" | "no move";
  /** The outcome in words ("white wins: both camps taken"). */
  description: string;
}
"#;

/// The rules of a start's options (`{ rules }`; standard without).
/// The rules and Black's edge of a `KatarengaStart` (standard, bottom
/// without them).
pub(crate) fn start_options(options: &JsValue) -> JsResult<(Rules, Orientation)> {
    let fields = Fields::new("options", options, &["rules", "orientation"])?;
    let rules = match fields.string("rules")? {
        None => Rules::Standard,
        Some(text) => text
            .parse()
            .map_err(|e| error_message(&format!("`{}` is {text:?}: {e}", fields.name("rules"))))?,
    };
    let orientation = match fields.string("orientation")? {
        None => Orientation::Bottom,
        Some(text) => parse_orientation(&fields.name("orientation"), &text)?,
    };
    Ok((rules, orientation))
}

/// An orientation's name, or an error naming the argument.
pub(crate) fn parse_orientation(name: &str, text: &str) -> JsResult<Orientation> {
    Ok(text
        .parse()
        .map_err(|e| error_message(&format!("`{name}` is {text:?}: {e}")))?)
}

fn parse_placements(tiles: &[String]) -> Result<[TilePlacement; 4], JsError> {
    let [a, b, c, d] = tiles else {
        return Err(error_message(&format!(
            "a board takes four tile placements (top-left, top-right, bottom-left, \
             bottom-right), not {}",
            tiles.len()
        )));
    };
    let mut placements = [TilePlacement::new(katarenga_core::Tile::ALL[0]); 4];
    for (i, (slot, text)) in placements.iter_mut().zip([a, b, c, d]).enumerate() {
        *slot = text
            .parse()
            .map_err(|e| error_message(&format!("tile placement {}: {e}", i + 1)))?;
    }
    Ok(placements)
}

#[derive(Serialize)]
struct OutcomeJs {
    winner: &'static str,
    loser: &'static str,
    ending: &'static str,
    description: String,
}

impl From<Outcome> for OutcomeJs {
    fn from(o: Outcome) -> OutcomeJs {
        OutcomeJs {
            winner: player_name(o.winner()),
            loser: player_name(o.loser()),
            ending: o.ending(),
            description: o.to_string(),
        }
    }
}

/// A Katarenga board: the colours of its 64 squares, from the four
/// double-sided tiles or from any colour grid.
///
/// ```js
/// const board = KatarengaBoard.fromTiles(["1f0", "2b1", "3f2", "4f3"]);
/// board.colourOf("a1"); // "green"
/// KatarengaPosition.startOn(board).legalMoves().length;
/// ```
#[wasm_bindgen]
#[derive(Clone, Copy)]
pub struct KatarengaBoard {
    inner: Board,
}

#[wasm_bindgen]
impl KatarengaBoard {
    /// The board of a colours field (ranks 8 to 1 separated by `/`, each 8
    /// letters `R` `Y` `B` `G`), or the standard board without an argument.
    #[wasm_bindgen(constructor)]
    pub fn new(
        #[wasm_bindgen(unchecked_optional_param_type = "string")] colours: JsValue,
    ) -> Result<KatarengaBoard, JsValue> {
        let inner = match args::optional_string("colours", &colours)? {
            Some(text) => text.parse().map_err(|e| js_error(&e))?,
            None => Board::standard(),
        };
        Ok(KatarengaBoard { inner })
    }

    /// The board inside (for the search and the family's starts).
    pub(crate) fn board(&self) -> Board {
        self.inner
    }

    /// The class over a core board (the family's positions' `board`).
    pub(crate) fn from_core(inner: Board) -> KatarengaBoard {
        KatarengaBoard { inner }
    }

    /// The standard board: tiles 1, 2, 3, 4, fronts up, unturned.
    pub fn standard() -> KatarengaBoard {
        KatarengaBoard {
            inner: Board::standard(),
        }
    }

    /// The board of four tile placements (`["1f0", "2b1", "3f2", "4f3"]`:
    /// the tile number 1-4, `f`ront or `b`ack up, quarter turns clockwise
    /// 0-3), top-left, top-right, bottom-left, bottom-right, each tile
    /// once.
    #[wasm_bindgen(js_name = fromTiles)]
    pub fn from_tiles(
        #[wasm_bindgen(unchecked_param_type = "string[]")] tiles: JsValue,
    ) -> Result<KatarengaBoard, JsValue> {
        let tiles = args::strings("tiles", &tiles)?;
        let inner = Board::from_tiles(parse_placements(&tiles)?).map_err(|e| js_error(&e))?;
        Ok(KatarengaBoard { inner })
    }

    /// The number of tile arrangements (98,304: 24 orders of the tiles, 16
    /// choices of sides, 256 of rotations; each board up to turning comes
    /// four times).
    #[wasm_bindgen(js_name = arrangementCount)]
    pub fn arrangement_count() -> u32 {
        TilePlacement::ARRANGEMENTS
    }

    /// The board of arrangement number `index`, from 0 to 98,303 (0 is the
    /// standard board; a random index gives a random official board).
    pub fn arrangement(
        #[wasm_bindgen(unchecked_param_type = "number")] index: JsValue,
    ) -> Result<KatarengaBoard, JsValue> {
        let inner = Board::from_tiles(arrangement(&index)?).map_err(|e| js_error(&e))?;
        Ok(KatarengaBoard { inner })
    }

    /// The tile placements of arrangement number `index` (`["1f0", ...]`).
    #[wasm_bindgen(js_name = arrangementTiles)]
    pub fn arrangement_tiles(
        #[wasm_bindgen(unchecked_param_type = "number")] index: JsValue,
    ) -> Result<Vec<String>, JsValue> {
        Ok(arrangement(&index)?
            .iter()
            .map(ToString::to_string)
            .collect())
    }

    /// The colour of `square`.
    #[wasm_bindgen(js_name = colourOf, unchecked_return_type = "KatarengaColour")]
    pub fn colour_of(
        &self,
        #[wasm_bindgen(unchecked_param_type = "string")] square: JsValue,
    ) -> Result<String, JsValue> {
        Ok(self
            .inner
            .colour_of(parse_arg("square", &square)?)
            .name()
            .to_owned())
    }

    /// The board as Black sees it from `orientation`'s edge of this board
    /// as laid (`"bottom"`, `"right"`, `"top"` or `"left"`): turned so that
    /// this edge is rank 1.
    pub fn turned(
        &self,
        #[wasm_bindgen(unchecked_param_type = "KatarengaOrientation")] orientation: JsValue,
    ) -> Result<KatarengaBoard, JsValue> {
        let text = args::string("orientation", &orientation)?;
        Ok(KatarengaBoard {
            inner: self.inner.turned(parse_orientation("orientation", &text)?),
        })
    }

    /// Each colour's mark for players who cannot tell the colours apart
    /// (the chess figure of the move it gives) and the ink it reads in on
    /// that colour: `{ blue: { mark: "♔", ink: "#ffffff" }, ... }`.
    #[wasm_bindgen(js_name = colourMarks, unchecked_return_type = "Record<KatarengaColour, { mark: string; ink: string }>")]
    pub fn colour_marks() -> Result<JsValue, JsError> {
        crate::colour_marks(
            katarenga_core::SquareColour::ALL
                .into_iter()
                .map(|c| (c.name(), c.mark(), c.mark_ink())),
        )
    }

    /// The colours of the 64 squares, `a1`, `b1`, ... `h8`.
    #[wasm_bindgen(unchecked_return_type = "KatarengaColour[]")]
    pub fn colours(&self) -> Vec<String> {
        Square::ALL
            .iter()
            .map(|&s| self.inner.colour_of(s).name().to_owned())
            .collect()
    }

    /// The colours field of the notation.
    #[wasm_bindgen(js_name = toString)]
    pub fn to_notation(&self) -> String {
        self.inner.to_string()
    }

    /// Whether `other` has the same colours on the same squares.
    pub fn equals(&self, other: &KatarengaBoard) -> bool {
        self.inner == other.inner
    }
}

/// The tiles of the arrangement numbered by the argument `index`.
fn arrangement(index: &JsValue) -> JsResult<[TilePlacement; 4]> {
    let last = u64::from(TilePlacement::ARRANGEMENTS - 1);
    let index = args::count("index", "an arrangement number", index, 0, last)?;
    Ok(
        TilePlacement::arrangement(u32::try_from(index).unwrap_or(u32::MAX))
            .ok_or_else(|| error_message("an arrangement number must be below 98304"))?,
    )
}

/// A Katarenga position, immutable: the board, the pieces, the camps taken
/// and the side to move.
///
/// ```js
/// const start = KatarengaPosition.start();
/// start.sideToMove; // "white": White moves first
/// start.legalMoves().length; // 31
/// ```
#[wasm_bindgen]
#[derive(Clone, Copy)]
pub struct KatarengaPosition {
    inner: Position,
}

position_methods!(
    KatarengaPosition,
    Position,
    Move,
    "KatarengaOutcome | undefined",
    /// The position written in `notation` (`"<colours> <pieces> <side>
    /// <camps>"`), or the start on the standard board without an argument.
    new
);

#[wasm_bindgen]
impl KatarengaPosition {
    /// The start on the standard board, by the rules of `options`
    /// (`{ rules: "no-first-capture" }`; standard without).
    pub fn start(
        #[wasm_bindgen(unchecked_optional_param_type = "KatarengaStart")] options: JsValue,
    ) -> Result<KatarengaPosition, JsValue> {
        let (rules, orientation) = start_options(&options)?;
        Ok(KatarengaPosition {
            inner: katarenga_core::Setup::new(Board::standard(), rules).start(orientation),
        })
    }

    /// The start on `board` by the rules of `options` (`{ rules:
    /// "no-first-capture" }`: both first moves pending; standard without),
    /// Black at `options.orientation`'s edge of the board as laid (`bottom`
    /// without one; else the board turned so that this edge is rank 1):
    /// eight black pieces on rank 1, eight white on rank 8, White to move.
    #[wasm_bindgen(js_name = startOn)]
    pub fn start_on(
        board: &KatarengaBoard,
        #[wasm_bindgen(unchecked_optional_param_type = "KatarengaStart")] options: JsValue,
    ) -> Result<KatarengaPosition, JsValue> {
        let (rules, orientation) = start_options(&options)?;
        Ok(KatarengaPosition {
            inner: katarenga_core::Setup::new(board.inner, rules).start(orientation),
        })
    }

    /// Whether `player`'s first move is still to come under the
    /// `no-first-capture` rules (it may not capture); always false under
    /// the standard rules.
    #[wasm_bindgen(js_name = firstMovePending)]
    pub fn first_move_pending(
        &self,
        #[wasm_bindgen(unchecked_param_type = "Player")] player: JsValue,
    ) -> Result<bool, JsValue> {
        Ok(self.inner.first_move_pending(parse_arg("player", &player)?))
    }

    /// The board.
    #[wasm_bindgen(getter)]
    pub fn board(&self) -> KatarengaBoard {
        KatarengaBoard {
            inner: *self.inner.board(),
        }
    }

    /// Whether the legal `move` captures a piece; throws, saying why, if it
    /// is illegal.
    #[wasm_bindgen(js_name = isCapture)]
    pub fn is_capture(
        &self,
        #[wasm_bindgen(unchecked_param_type = "string")] r#move: JsValue,
    ) -> Result<bool, JsValue> {
        let mv = parse_arg::<Move>("move", &r#move)?;
        self.inner.check_move(mv).map_err(|e| js_error(&e))?;
        Ok(match mv.to {
            katarenga_core::Destination::Square(to) => self.inner.piece_on(to).is_some(),
            katarenga_core::Destination::Camp(_) => false,
        })
    }

    /// The squares of `player`'s pieces on the board, `a1` first.
    pub fn pieces(
        &self,
        #[wasm_bindgen(unchecked_param_type = "Player")] player: JsValue,
    ) -> Result<Vec<String>, JsValue> {
        let player = parse_arg("player", &player)?;
        Ok(self
            .inner
            .pieces(player)
            .iter()
            .map(|s| s.to_string())
            .collect())
    }

    /// The owner of the piece on `square`, or `undefined`.
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

    /// `player`'s pieces on the board plus in its camps.
    #[wasm_bindgen(js_name = pieceCount)]
    pub fn piece_count(
        &self,
        #[wasm_bindgen(unchecked_param_type = "Player")] player: JsValue,
    ) -> Result<u32, JsValue> {
        Ok(self.inner.piece_count(parse_arg("player", &player)?))
    }

    /// The occupied camps, in the order a9, h9, a0, h0.
    #[wasm_bindgen(unchecked_return_type = "KatarengaCamp[]")]
    pub fn camps(&self) -> Vec<String> {
        self.inner.camps().iter().map(|c| c.to_string()).collect()
    }

    /// The two camps `player` aims at (`["a9", "h9"]` for Black).
    #[wasm_bindgen(js_name = targetCamps, unchecked_return_type = "KatarengaCamp[]")]
    pub fn target_camps(
        #[wasm_bindgen(unchecked_param_type = "Player")] player: JsValue,
    ) -> Result<Vec<String>, JsValue> {
        Ok(Camp::of(parse_arg("player", &player)?)
            .iter()
            .map(|c| c.to_string())
            .collect())
    }
}

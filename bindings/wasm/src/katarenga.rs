//! Katarenga for JavaScript: `KatarengaBoard` and `KatarengaPosition`.

use board_geometry::Square;
use katarenga_core::{Board, Camp, Move, Outcome, Position, TilePlacement};
use serde::Serialize;
use wasm_bindgen::prelude::*;

use crate::{error_message, js_error, parse_player, parse_square, player_name, whole};

#[wasm_bindgen(typescript_custom_section)]
const KATARENGA_TYPES: &str = r#"
/** A Katarenga square colour; it decides how a piece standing on it moves. */
export type KatarengaColour = "red" | "yellow" | "blue" | "green";

/** A camp, outside a corner of the board: a9 and h9 are Black's targets, a0 and h0 White's. */
export type KatarengaCamp = "a9" | "h9" | "a0" | "h0";

/** How a game ended. */
export interface KatarengaOutcome {
  winner: Player;
  loser: Player;
  ending: "camps" | "too few pieces" | "no move";
  /** The outcome in words ("white wins: both camps taken"). */
  description: string;
}
"#;

fn parse_move(text: &str) -> Result<Move, JsError> {
    text.parse().map_err(|e| js_error(&e))
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
    pub fn new(colours: Option<String>) -> Result<KatarengaBoard, JsError> {
        let inner = match colours {
            Some(text) => text.parse().map_err(|e| js_error(&e))?,
            None => Board::standard(),
        };
        Ok(KatarengaBoard { inner })
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
    pub fn from_tiles(tiles: Vec<String>) -> Result<KatarengaBoard, JsError> {
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
    pub fn arrangement(index: f64) -> Result<KatarengaBoard, JsError> {
        let inner = Board::from_tiles(arrangement(index)?).map_err(|e| js_error(&e))?;
        Ok(KatarengaBoard { inner })
    }

    /// The tile placements of arrangement number `index` (`["1f0", ...]`).
    #[wasm_bindgen(js_name = arrangementTiles)]
    pub fn arrangement_tiles(index: f64) -> Result<Vec<String>, JsError> {
        Ok(arrangement(index)?
            .iter()
            .map(ToString::to_string)
            .collect())
    }

    /// The colour of `square`.
    #[wasm_bindgen(js_name = colourOf, unchecked_return_type = "KatarengaColour")]
    pub fn colour_of(&self, square: &str) -> Result<String, JsError> {
        Ok(self
            .inner
            .colour_of(parse_square(square)?)
            .name()
            .to_owned())
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

fn arrangement(index: f64) -> Result<[TilePlacement; 4], JsError> {
    let last = u64::from(TilePlacement::ARRANGEMENTS - 1);
    let index = whole("an arrangement number", index, last)?;
    TilePlacement::arrangement(index as u32)
        .ok_or_else(|| error_message("an arrangement number must be below 98304"))
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

impl KatarengaPosition {
    /// The core position (for the search module).
    #[cfg_attr(not(feature = "search"), allow(dead_code))]
    pub(crate) fn inner(&self) -> &Position {
        &self.inner
    }
}

position_methods!(
    KatarengaPosition,
    Position,
    Move,
    katarenga_core::perft,
    katarenga_core::perft_divide,
    "KatarengaOutcome | undefined"
);

#[wasm_bindgen]
impl KatarengaPosition {
    /// The position written in `notation` (`"<colours> <pieces> <side>
    /// <camps>"`), or the start on the standard board without an argument.
    #[wasm_bindgen(constructor)]
    pub fn new(notation: Option<String>) -> Result<KatarengaPosition, JsError> {
        match notation {
            Some(text) => KatarengaPosition::parse(&text),
            None => Ok(KatarengaPosition::start()),
        }
    }

    /// The start on the standard board.
    pub fn start() -> KatarengaPosition {
        KatarengaPosition {
            inner: Position::start(),
        }
    }

    /// The start on `board`: eight black pieces on rank 1, eight white on
    /// rank 8, White to move.
    #[wasm_bindgen(js_name = startOn)]
    pub fn start_on(board: &KatarengaBoard) -> KatarengaPosition {
        KatarengaPosition {
            inner: Position::start_on(board.inner),
        }
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
    pub fn is_capture(&self, r#move: &str) -> Result<bool, JsError> {
        let mv = parse_move(r#move)?;
        self.inner.check_move(mv).map_err(|e| js_error(&e))?;
        Ok(match mv.to {
            katarenga_core::Destination::Square(to) => self.inner.piece_on(to).is_some(),
            katarenga_core::Destination::Camp(_) => false,
        })
    }

    /// The squares of `player`'s pieces on the board, `a1` first.
    pub fn pieces(
        &self,
        #[wasm_bindgen(unchecked_param_type = "Player")] player: &str,
    ) -> Result<Vec<String>, JsError> {
        let player = parse_player(player)?;
        Ok(self
            .inner
            .pieces(player)
            .iter()
            .map(|s| s.to_string())
            .collect())
    }

    /// The owner of the piece on `square`, or `undefined`.
    #[wasm_bindgen(js_name = pieceOn, unchecked_return_type = "Player | undefined")]
    pub fn piece_on(&self, square: &str) -> Result<Option<String>, JsError> {
        let square = parse_square(square)?;
        Ok(self
            .inner
            .piece_on(square)
            .map(|p| player_name(p).to_owned()))
    }

    /// `player`'s pieces on the board plus in its camps.
    #[wasm_bindgen(js_name = pieceCount)]
    pub fn piece_count(
        &self,
        #[wasm_bindgen(unchecked_param_type = "Player")] player: &str,
    ) -> Result<u32, JsError> {
        Ok(self.inner.piece_count(parse_player(player)?))
    }

    /// The occupied camps, in the order a9, h9, a0, h0.
    #[wasm_bindgen(unchecked_return_type = "KatarengaCamp[]")]
    pub fn camps(&self) -> Vec<String> {
        self.inner.camps().iter().map(|c| c.to_string()).collect()
    }

    /// The two camps `player` aims at (`["a9", "h9"]` for Black).
    #[wasm_bindgen(js_name = targetCamps, unchecked_return_type = "KatarengaCamp[]")]
    pub fn target_camps(
        #[wasm_bindgen(unchecked_param_type = "Player")] player: &str,
    ) -> Result<Vec<String>, JsError> {
        Ok(Camp::of(parse_player(player)?)
            .iter()
            .map(|c| c.to_string())
            .collect())
    }
}

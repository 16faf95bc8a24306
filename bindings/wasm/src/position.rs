//! What the position classes share, generated for each game by
//! [`position_methods!`]: the class over the core position and back, the
//! notation, the moves, playing one, the side to move, the outcome, perft,
//! the hash and the pictures. Each game's own methods (the start, Kamisado's
//! forced tower, Katarenga's camps, the family's options) are in its module.
//!
//! The macro asks of a core position only the engines' `Game` trait, its
//! notation (`FromStr`, `Display`), `svg()` and `pretty()`; of its moves
//! [`MoveEnds`]; and, for the games whose options the notation does not
//! write, [`GameOptions`].

use board_geometry::Square;
use wasm_bindgen::prelude::*;

use crate::args::JsResult;

/// Where a move starts and ends, as `destinations` lists them: the one
/// thing the shared methods need of a game's moves beyond their notation.
pub(crate) trait MoveEnds {
    /// The square of the piece that moves (none for a drop from the hand,
    /// or a pass that belongs to no piece).
    fn origin(&self) -> Option<Square>;

    /// Where the piece goes, in the notation (a square, Katarenga's camp).
    fn destination(&self) -> String;
}

impl MoveEnds for kamisado_core::Move {
    fn origin(&self) -> Option<Square> {
        Some(self.from)
    }

    fn destination(&self) -> String {
        self.to.to_string()
    }
}

impl MoveEnds for katarenga_core::Move {
    fn origin(&self) -> Option<Square> {
        Some(self.from)
    }

    fn destination(&self) -> String {
        self.to.to_string()
    }
}

impl MoveEnds for katarenga_family::Move {
    fn origin(&self) -> Option<Square> {
        match *self {
            katarenga_family::Move::Step { from, .. } => Some(from),
            // A drop comes from the hand; Congress's pass moves no pawn.
            katarenga_family::Move::Drop(_) | katarenga_family::Move::Pass => None,
        }
    }

    fn destination(&self) -> String {
        self.to()
            .map_or_else(|| self.to_string(), |to| to.to_string())
    }
}

/// A game whose positions carry options the notation does not write
/// (Congress's no-move rule, Quebec's both-connected rule, Isolation's
/// reading and supply): the class's constructor and `parse` then take them
/// as a second argument, an options object.
pub(crate) trait GameOptions: Sized {
    /// The options, all of them.
    type Options: Copy;

    /// The options of the object `value` (`undefined`: none given), each
    /// left out taken from `base`.
    fn read_options(value: &JsValue, base: Self::Options) -> JsResult<Self::Options>;

    /// The options the position is played under.
    fn options(&self) -> Self::Options;

    /// The same position under `options`.
    fn with_options(self, options: Self::Options) -> Self;

    /// The defaults (what a parsed position carries).
    fn default_options() -> Self::Options;

    /// The position written in `notation`, played under `options` (which
    /// may decide how it reads: Isolation's unlimited supply admits more
    /// pawns).
    fn read_with(notation: &str, options: Self::Options) -> JsResult<Self>;
}

/// Adds the shared methods to the class `$class` over the core position
/// `$core` (moves `$move`, which implement [`MoveEnds`]), with the
/// TypeScript type of its outcome; `OutcomeJs` must be the game's
/// plain-object outcome, convertible from the core's. With `options =
/// "Type"` (the TypeScript type of the options object), the constructor and
/// `parse` take the options as a second argument, read by the core's
/// [`GameOptions`]. The doc comment written over the closing `new` is the
/// constructor's (each game names its notation there).
macro_rules! position_methods {
    ($class:ident, $core:ty, $move:ty, $outcome:literal, $(#[$new_doc:meta])* new) => {
        position_methods!(@shared $class, $core, $move, $outcome);

        impl $class {
            /// The position written in `notation`, or the engine's error.
            fn read(notation: &str) -> Result<$class, JsValue> {
                let inner: $core = notation.parse().map_err(|e| crate::js_error(&e))?;
                Ok($class { inner })
            }
        }

        #[wasm_bindgen]
        impl $class {
            $(#[$new_doc])*
            #[wasm_bindgen(constructor)]
            pub fn new(
                #[wasm_bindgen(unchecked_optional_param_type = "string")] notation: JsValue,
            ) -> Result<$class, JsValue> {
                match crate::args::optional_string("notation", &notation)? {
                    Some(text) => $class::read(&text),
                    None => Ok($class {
                        inner: <$core>::start(),
                    }),
                }
            }

            /// The position written in `notation`; throws an `Error` that says
            /// what is wrong and where.
            pub fn parse(
                #[wasm_bindgen(unchecked_param_type = "string")] notation: JsValue,
            ) -> Result<$class, JsValue> {
                $class::read(&crate::args::string("notation", &notation)?)
            }
        }
    };
    (
        $class:ident, $core:ty, $move:ty, $outcome:literal, options = $options:literal,
        $(#[$new_doc:meta])* new
    ) => {
        position_methods!(@shared $class, $core, $move, $outcome);

        impl $class {
            /// The position written in `notation` under the options object
            /// `options` (the defaults for those left out), or the error.
            fn read(notation: &str, options: &JsValue) -> Result<$class, JsValue> {
                use crate::position::GameOptions;
                let options = <$core>::read_options(options, <$core>::default_options())?;
                Ok($class {
                    inner: <$core>::read_with(notation, options)?,
                })
            }
        }

        #[wasm_bindgen]
        impl $class {
            $(#[$new_doc])*
            #[wasm_bindgen(constructor)]
            pub fn new(
                #[wasm_bindgen(unchecked_optional_param_type = "string")] notation: JsValue,
                #[wasm_bindgen(unchecked_optional_param_type = $options)] options: JsValue,
            ) -> Result<$class, JsValue> {
                use crate::position::GameOptions;
                match crate::args::optional_string("notation", &notation)? {
                    Some(text) => $class::read(&text, &options),
                    None => {
                        let options =
                            <$core>::read_options(&options, <$core>::default_options())?;
                        Ok($class {
                            inner: <$core>::start().with_options(options),
                        })
                    }
                }
            }

            /// The position written in `notation`, played under `options`
            /// (the defaults for those left out); throws an `Error` that says
            /// what is wrong and where.
            pub fn parse(
                #[wasm_bindgen(unchecked_param_type = "string")] notation: JsValue,
                #[wasm_bindgen(unchecked_optional_param_type = $options)] options: JsValue,
            ) -> Result<$class, JsValue> {
                $class::read(&crate::args::string("notation", &notation)?, &options)
            }
        }
    };
    (@shared $class:ident, $core:ty, $move:ty, $outcome:literal) => {
        impl $class {
            /// The class over a core position.
            pub(crate) fn from_core(inner: $core) -> $class {
                $class { inner }
            }

            /// The core position (for the search module).
            #[cfg_attr(not(feature = "search"), allow(dead_code))]
            pub(crate) fn inner(&self) -> &$core {
                &self.inner
            }
        }

        #[wasm_bindgen]
        impl $class {
            /// The position in the notation.
            #[wasm_bindgen(js_name = toString)]
            pub fn to_notation(&self) -> String {
                self.inner.to_string()
            }

            /// Whether `other` is the same position (under the same rules).
            pub fn equals(&self, other: &$class) -> bool {
                self.inner == other.inner
            }

            /// The legal moves in the move notation; none once the game is over.
            #[wasm_bindgen(js_name = legalMoves)]
            pub fn legal_moves(&self) -> Vec<String> {
                self.inner
                    .legal_moves()
                    .iter()
                    .map(ToString::to_string)
                    .collect()
            }

            /// Where the piece on `square` can go (squares, and Katarenga's
            /// camps; a Kamisado tower that must pass has its own square):
            /// none if it cannot move or is not the side to move's (and
            /// always none in Isolation, whose pawns come from the hand).
            pub fn destinations(
                &self,
                #[wasm_bindgen(unchecked_param_type = "string")] square: JsValue,
            ) -> Result<Vec<String>, JsValue> {
                use crate::position::MoveEnds;
                let from: board_geometry::Square = crate::parse_arg("square", &square)?;
                Ok(self
                    .inner
                    .legal_moves()
                    .iter()
                    .filter(|m| m.origin() == Some(from))
                    .map(MoveEnds::destination)
                    .collect())
            }

            /// The position after `move`; throws an `Error` that says why an
            /// illegal move is illegal.
            pub fn play(
                &self,
                #[wasm_bindgen(unchecked_param_type = "string")] r#move: JsValue,
            ) -> Result<$class, JsValue> {
                let mv: $move = crate::parse_arg("move", &r#move)?;
                let inner = self.inner.try_play(mv).map_err(|e| crate::js_error(&e))?;
                Ok($class { inner })
            }

            /// Whether `move` is legal here (false for malformed text too).
            #[wasm_bindgen(js_name = isLegal)]
            pub fn is_legal(
                &self,
                #[wasm_bindgen(unchecked_param_type = "string")] r#move: JsValue,
            ) -> Result<bool, JsValue> {
                Ok(crate::args::string("move", &r#move)?
                    .parse::<$move>()
                    .is_ok_and(|mv| self.inner.is_legal(mv)))
            }

            /// The player to move: `"black"` or `"white"`.
            #[wasm_bindgen(getter, js_name = sideToMove, unchecked_return_type = "Player")]
            pub fn side_to_move(&self) -> String {
                crate::player_name(self.inner.side_to_move()).to_owned()
            }

            /// Whether the game (Kamisado: the round) is over; it then has no
            /// legal move.
            #[wasm_bindgen(getter, js_name = isOver)]
            pub fn is_over(&self) -> bool {
                self.inner.is_over()
            }

            /// How the game (the round) ended, or `undefined` while it goes on.
            #[wasm_bindgen(getter, unchecked_return_type = $outcome)]
            pub fn outcome(&self) -> Result<JsValue, JsError> {
                crate::to_js(&self.inner.outcome().map(OutcomeJs::from))
            }

            /// The number of move sequences of `depth` plies (perft; the count
            /// is exact below 2^53, far beyond any depth that ends in a
            /// lifetime).
            pub fn perft(
                &self,
                #[wasm_bindgen(unchecked_param_type = "number")] depth: JsValue,
            ) -> Result<f64, JsValue> {
                Ok(self.inner.perft(crate::perft_depth(&depth)?) as f64)
            }

            /// Perft of each legal move at `depth - 1` plies: `[{ move, nodes }]`.
            #[wasm_bindgen(js_name = perftDivide, unchecked_return_type = "PerftEntry[]")]
            pub fn perft_divide(
                &self,
                #[wasm_bindgen(unchecked_param_type = "number")] depth: JsValue,
            ) -> Result<JsValue, JsValue> {
                Ok(crate::divide_to_js(
                    self.inner.perft_divide(crate::perft_depth(&depth)?),
                )?)
            }

            /// The 64-bit Zobrist hash.
            #[wasm_bindgen(getter)]
            pub fn zobrist(&self) -> u64 {
                self.inner.zobrist()
            }

            /// A picture of the position as an SVG document; with `marks`,
            /// each square's mark for players who cannot tell the colours
            /// apart (the rules pages' "Marks for colour blindness").
            pub fn svg(
                &self,
                #[wasm_bindgen(unchecked_optional_param_type = "boolean")] marks: JsValue,
            ) -> Result<String, JsValue> {
                let svg = self.inner.svg();
                let svg = if crate::args::flag("marks", &marks)? { svg.with_marks() } else { svg };
                Ok(svg.to_string())
            }

            /// The board drawn as text, one rank a line.
            pub fn pretty(&self) -> String {
                self.inner.pretty().to_string()
            }
        }
    };
}

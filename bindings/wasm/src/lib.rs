//! The Kamisado and Katarenga engines for JavaScript (wasm-bindgen): the
//! npm package `kamisado-katarenga`.
//!
//! A thin layer: every rule, notation and search lives in the Rust crates
//! (`kamisado-core`, `katarenga-core`, `game-search`); this crate only turns
//! their types into JavaScript's (camelCase classes, strings in the games'
//! notations, plain objects and arrays) and their errors into JavaScript
//! `Error`s carrying the Rust message. Nothing a caller passes panics: a
//! panic would abort the module and every later call would fail.
//!
//! Built twice by `build.sh`: with the `search` feature (the default: the
//! search and the Kamisado solver) and without it (the rules only, for a
//! page's main thread or a server that only referees).

use serde::{Deserialize, Serialize};
use wasm_bindgen::prelude::*;

#[macro_use]
mod position;
mod kamisado;
mod katarenga;
#[cfg(feature = "search")]
mod search;

pub use kamisado::{KamisadoMatch, KamisadoPosition};
pub use katarenga::{KatarengaBoard, KatarengaPosition};
#[cfg(feature = "search")]
pub use search::{KamisadoSearcher, KamisadoSolver, KatarengaSearcher};

#[wasm_bindgen(typescript_custom_section)]
const SHARED_TYPES: &str = r#"
/** A player: Black sits at rank 1, White at rank 8. */
export type Player = "black" | "white";

/** The result of `perftDivide`: one entry per legal move. */
export interface PerftEntry {
  move: string;
  nodes: number;
}
"#;

#[wasm_bindgen]
extern "C" {
    #[wasm_bindgen(js_namespace = console, js_name = error)]
    fn console_error(message: &str);
}

/// Sets a panic hook that writes the panic's message to `console.error`
/// before the module aborts. No input should reach a panic; if one ever
/// does, the message says where.
#[wasm_bindgen(start)]
fn start() {
    std::panic::set_hook(Box::new(|info| console_error(&info.to_string())));
}

/// The version of the package (the crates' version).
#[wasm_bindgen]
pub fn version() -> String {
    env!("CARGO_PKG_VERSION").to_owned()
}

/// A JavaScript `Error` carrying the Rust error and its causes on one line.
pub(crate) fn js_error(e: &dyn std::error::Error) -> JsError {
    JsError::new(&board_geometry::notation::ErrorChain(e).to_string())
}

/// A JavaScript `Error` with `message`.
pub(crate) fn error_message(message: &str) -> JsError {
    JsError::new(message)
}

/// `value` as a plain JavaScript value: objects for structs, arrays for
/// sequences, `undefined` for `None`.
pub(crate) fn to_js<T: Serialize + ?Sized>(value: &T) -> Result<JsValue, JsError> {
    value
        .serialize(&serde_wasm_bindgen::Serializer::new())
        .map_err(|e| JsError::new(&e.to_string()))
}

/// `value` as `T`, or `T::default()` for `undefined` and `null`. An object
/// may hold only `fields` (serde-wasm-bindgen reads the fields it knows and
/// would ignore a misspelt one, so they are checked here first).
pub(crate) fn options<T: Default + for<'de> Deserialize<'de>>(
    what: &str,
    fields: &[&str],
    value: Option<JsValue>,
) -> Result<T, JsError> {
    let Some(value) = value.filter(|v| !v.is_null() && !v.is_undefined()) else {
        return Ok(T::default());
    };
    if value.is_object() && !js_sys::Array::is_array(&value) {
        let object: &js_sys::Object = value.unchecked_ref();
        for key in js_sys::Object::keys(object).iter() {
            let key = key.as_string().unwrap_or_default();
            if !fields.contains(&key.as_str()) {
                let expected: Vec<String> = fields.iter().map(|f| format!("`{f}`")).collect();
                return Err(error_message(&format!(
                    "{what}: unknown field `{key}`, expected {}",
                    expected.join(", ")
                )));
            }
        }
    }
    serde_wasm_bindgen::from_value(value).map_err(|e| error_message(&format!("{what}: {e}")))
}

/// `value` (a JavaScript number) as a whole number from 0 to `max`, or an
/// error naming `what`. JavaScript numbers are doubles, so a parameter that
/// must be a count is taken as one and checked here: a negative, fractional
/// or non-numeric value is refused instead of being wrapped round.
pub(crate) fn whole(what: &str, value: f64, max: u64) -> Result<u64, JsError> {
    if value.is_finite() && value.fract() == 0.0 && value >= 0.0 && value <= max as f64 {
        Ok(value as u64)
    } else {
        Err(error_message(&format!(
            "{what} must be a whole number from 0 to {max}, not {value}"
        )))
    }
}

/// `"black"` or `"white"`.
pub(crate) fn player_name(player: board_geometry::Player) -> &'static str {
    match player {
        board_geometry::Player::Black => "black",
        board_geometry::Player::White => "white",
    }
}

/// A player from `"black"` or `"white"`.
pub(crate) fn parse_player(text: &str) -> Result<board_geometry::Player, JsError> {
    text.parse().map_err(|e| js_error(&e))
}

/// A square from its name (`"d1"`).
pub(crate) fn parse_square(text: &str) -> Result<board_geometry::Square, JsError> {
    text.parse().map_err(|e| js_error(&e))
}

/// A perft divide as `[{ move, nodes }]`.
pub(crate) fn divide_to_js<M: std::fmt::Display>(
    divide: impl IntoIterator<Item = (M, u64)>,
) -> Result<JsValue, JsError> {
    #[derive(Serialize)]
    struct Entry {
        #[serde(rename = "move")]
        mv: String,
        nodes: u64,
    }
    let entries: Vec<Entry> = divide
        .into_iter()
        .map(|(mv, nodes)| Entry {
            mv: mv.to_string(),
            nodes,
        })
        .collect();
    to_js(&entries)
}

/// The largest perft depth accepted (far deeper than any count that ends).
pub(crate) const MAX_PERFT_DEPTH: u64 = 64;

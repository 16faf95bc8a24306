//! The Kamisado and Katarenga engines for JavaScript (wasm-bindgen): the
//! npm package `kamisado-katarenga`, with the other games of the Katarenga
//! equipment (Congress, Quebec, Isolation).
//!
//! A thin layer: every rule, notation and search lives in the Rust crates
//! (`kamisado-core`, `katarenga-core`, `katarenga-family`, `game-search`);
//! this crate only turns their types into JavaScript's (camelCase classes,
//! strings in the games' notations, plain objects and arrays) and their
//! errors into JavaScript `Error`s carrying the Rust message. Every
//! argument is checked first ([`args`]): the wrong type is a `TypeError`, a
//! number out of range a `RangeError`, each naming the argument. Nothing a
//! caller passes panics: a panic would abort the module and every later
//! call would fail.
//!
//! Built twice by `build.sh`: with the `search` feature (the default: the
//! search and the solvers) and without it (the rules only, for a page's
//! main thread or a server that only referees).

use serde::Serialize;
use wasm_bindgen::prelude::*;

mod args;
#[macro_use]
mod position;
mod family;
mod kamisado;
mod katarenga;
#[cfg(feature = "records")]
mod records;
#[cfg(feature = "search")]
mod search;
mod spec;

pub use family::{CongressPosition, IsolationPosition, QuebecPosition};
pub use kamisado::{KamisadoMatch, KamisadoPosition, KamisadoSetupChart};
pub use katarenga::{KatarengaBoard, KatarengaPosition};
#[cfg(feature = "records")]
pub use records::{
    read_family_records, read_kamisado_records, read_katarenga_records, write_family_record,
    write_kamisado_record, write_katarenga_record,
};
#[cfg(feature = "search")]
pub use search::{
    CongressSearcher, IsolationSearcher, IsolationSolver, KamisadoSearcher, KamisadoSolver,
    KatarengaSearcher, QuebecSearcher,
};
pub use spec::{GameSpec, start};

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
fn set_panic_hook() {
    std::panic::set_hook(Box::new(|info| console_error(&info.to_string())));
}

/// The version of the package (the crates' version).
#[wasm_bindgen]
pub fn version() -> String {
    env!("CARGO_PKG_VERSION").to_owned()
}

/// A JavaScript `Error` carrying the Rust error and its causes on one line.
pub(crate) fn js_error(e: &dyn std::error::Error) -> JsError {
    JsError::new(&board_geometry::ErrorChain(e).to_string())
}

/// A JavaScript `Error` with `message`.
pub(crate) fn error_message(message: &str) -> JsError {
    JsError::new(message)
}

/// `value` as a plain JavaScript value: objects for structs and maps,
/// arrays for sequences, `undefined` for `None`.
pub(crate) fn to_js<T: Serialize + ?Sized>(value: &T) -> Result<JsValue, JsError> {
    value
        .serialize(&serde_wasm_bindgen::Serializer::new().serialize_maps_as_objects(true))
        .map_err(|e| JsError::new(&e.to_string()))
}

/// The mark of a square's colour for players who cannot tell the colours
/// apart, and the ink it reads in on that colour (`#rrggbb`).
#[derive(Serialize)]
pub(crate) struct MarkJs {
    pub(crate) mark: String,
    pub(crate) ink: String,
}

/// `{ colour: { mark, ink } }` for `colours`, as the two games'
/// `colourMarks` give it.
pub(crate) fn colour_marks(
    colours: impl Iterator<Item = (&'static str, char, board_geometry::Rgb)>,
) -> Result<JsValue, JsError> {
    let marks: std::collections::BTreeMap<&str, MarkJs> = colours
        .map(|(name, mark, ink)| {
            let mark = MarkJs {
                mark: mark.to_string(),
                ink: ink.to_string(),
            };
            (name, mark)
        })
        .collect();
    to_js(&marks)
}

/// `"black"` or `"white"`.
pub(crate) fn player_name(player: board_geometry::Player) -> &'static str {
    match player {
        board_geometry::Player::Black => "black",
        board_geometry::Player::White => "white",
    }
}

/// The argument `name` read by its notation (a player `"black"`, a square
/// `"d1"`, a move `"d1d7"`, an edge `"a"`): a `TypeError` if it is not a
/// string, an `Error` with the engine's message if it does not read.
pub(crate) fn parse_arg<T: std::str::FromStr<Err: std::error::Error>>(
    name: &str,
    value: &JsValue,
) -> args::JsResult<T> {
    Ok(args::string(name, value)?
        .parse()
        .map_err(|e| js_error(&e))?)
}

/// The message of a JavaScript error (its `message`, without the `Error: `
/// that `toString` puts before it), or the value in words.
pub(crate) fn message_of(error: &JsValue) -> String {
    error
        .dyn_ref::<js_sys::Error>()
        .and_then(|e| e.message().as_string())
        .unwrap_or_else(|| args::describe(error))
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

/// A perft depth argument: a whole number from 0 to [`MAX_PERFT_DEPTH`].
pub(crate) fn perft_depth(depth: &JsValue) -> Result<u32, JsValue> {
    let depth = args::count("depth", "a perft depth", depth, 0, MAX_PERFT_DEPTH)?;
    // At most MAX_PERFT_DEPTH: it fits.
    Ok(depth as u32)
}

//! `GameSpec` for JavaScript: the one description of a game (which game,
//! under which rules, from which set-up) in its one text form, from the
//! `game-spec` crate.

use game_spec::{AnyPosition, GameId};
use wasm_bindgen::prelude::*;

use crate::args;
use crate::family::{CongressPosition, IsolationPosition, QuebecPosition};
use crate::kamisado::KamisadoPosition;
use crate::katarenga::KatarengaPosition;
use crate::{error_message, js_error};

#[wasm_bindgen(typescript_custom_section)]
const SPEC_TYPES: &str = r#"
/** The start of any game: its position class. */
export type AnyPosition =
  KamisadoPosition | KatarengaPosition | CongressPosition | QuebecPosition | IsolationPosition;
"#;

/// A game as every door of the project names it, e.g.
/// `new GameSpec("katarenga rules=no-first-capture")`; `toString()` gives the
/// canonical text, which reads back as the same spec.
///
/// ```js
/// const spec = new GameSpec("kamisado target=standard");
/// spec.toString(); // "kamisado target=3"
/// spec.start();    // a KamisadoPosition
/// ```
#[wasm_bindgen]
#[derive(Clone, Copy)]
pub struct GameSpec {
    inner: game_spec::GameSpec,
}

#[wasm_bindgen]
impl GameSpec {
    /// Reads the text form (a single Kamisado round without an argument);
    /// throws an `Error` that says what is wrong and at which byte. With
    /// `seed` (a number), what the text leaves to chance (`layout=random`)
    /// is drawn from it; without, `random` is refused.
    #[wasm_bindgen(constructor)]
    pub fn new(
        #[wasm_bindgen(unchecked_optional_param_type = "string")] text: JsValue,
        #[wasm_bindgen(unchecked_optional_param_type = "number")] seed: JsValue,
    ) -> Result<GameSpec, JsValue> {
        // A seed JavaScript numbers hold exactly.
        let seed = if seed.is_undefined() {
            None
        } else {
            Some(args::count(
                "seed",
                "a random seed",
                &seed,
                0,
                (1 << 53) - 1,
            )?)
        };
        let inner = match (args::optional_string("text", &text)?, seed) {
            (Some(text), None) => text.parse().map_err(|e| js_error(&e))?,
            (Some(text), Some(seed)) => {
                game_spec::GameSpec::parse_drawing(&text, seed).map_err(|e| js_error(&e))?
            }
            (None, _) => game_spec::GameSpec::default(),
        };
        Ok(GameSpec { inner })
    }

    /// The canonical text form.
    #[wasm_bindgen(js_name = toString)]
    #[allow(clippy::inherent_to_string)]
    pub fn to_string(&self) -> String {
        self.inner.to_string()
    }

    /// Whether `other` describes the same game.
    pub fn equals(&self, other: &GameSpec) -> bool {
        self.inner == other.inner
    }

    /// The game's name: `"kamisado"`, `"katarenga"`, `"congress"`,
    /// `"quebec"` or `"isolation"`.
    #[wasm_bindgen(getter)]
    pub fn game(&self) -> String {
        self.inner.game().name().to_owned()
    }

    /// The reading of the rules (`"standard"`, `"no-first-capture"`; the
    /// family's first option: Congress's no-move rule, Quebec's
    /// both-connected rule, Isolation's reading).
    #[wasm_bindgen(getter)]
    pub fn rules(&self) -> String {
        self.inner.rules().to_owned()
    }

    /// Kamisado: the points that win the match (1: a single round);
    /// `undefined` for the other games.
    #[wasm_bindgen(getter)]
    pub fn target(&self) -> Option<u32> {
        match self.inner {
            game_spec::GameSpec::Kamisado { target, .. } => Some(target.points()),
            _ => None,
        }
    }

    /// Kamisado: the board's layout (`"standard"`, `"turned"`,
    /// `"mirrored"`, `"mirrored-turned"`); `undefined` for the other games.
    #[wasm_bindgen(getter)]
    pub fn layout(&self) -> Option<String> {
        match self.inner {
            game_spec::GameSpec::Kamisado { layout, .. } => Some(layout.name().to_owned()),
            _ => None,
        }
    }

    /// The games on a Katarenga board: the board as laid (`"standard"`,
    /// four tiles, or the colours field); `undefined` for Kamisado.
    #[wasm_bindgen(getter)]
    pub fn board(&self) -> Option<String> {
        self.inner.board().map(|board| board.to_string())
    }

    /// The start position, as the game's position class
    /// (`KamisadoPosition`, `KatarengaPosition`, `CongressPosition`,
    /// `QuebecPosition` or `IsolationPosition`) under the spec's options.
    #[wasm_bindgen(unchecked_return_type = "AnyPosition")]
    pub fn start(&self) -> JsValue {
        position_to_js(self.inner.start())
    }

    /// The names of the games.
    pub fn games() -> Vec<String> {
        GameId::ALL.iter().map(|g| g.name().to_owned()).collect()
    }

    /// The readings of the rules `game` can be played by, the default first.
    pub fn readings(
        #[wasm_bindgen(unchecked_param_type = "string")] game: JsValue,
    ) -> Result<Vec<String>, JsValue> {
        Ok(names(game_arg(&game)?.readings()))
    }

    /// The board layouts `game` can be played on, the default first (none
    /// for Katarenga, whose board is a spec's `board`).
    pub fn layouts(
        #[wasm_bindgen(unchecked_param_type = "string")] game: JsValue,
    ) -> Result<Vec<String>, JsValue> {
        Ok(names(game_arg(&game)?.layouts()))
    }
}

/// The game named by the argument `game`.
fn game_arg(game: &JsValue) -> Result<GameId, JsValue> {
    let name = args::string("game", game)?;
    Ok(name
        .parse()
        .map_err(|e: game_spec::UnknownGame| error_message(&e.to_string()))?)
}

/// `names` as JavaScript strings.
fn names(names: &[&str]) -> Vec<String> {
    names.iter().map(|&n| n.to_owned()).collect()
}

/// The start position of the game `spec` describes, given as a `GameSpec`
/// or its text form, as the game's position class (`KamisadoPosition`,
/// `KatarengaPosition`, `CongressPosition`, `QuebecPosition`,
/// `IsolationPosition`) under the spec's options. Throws
/// an `Error` that says what is wrong in the text and at which byte, a
/// `TypeError` for a value that is neither.
///
/// ```js
/// start("katarenga rules=no-first-capture board=1f0,2b1,3f2,4f3"); // a KatarengaPosition
/// start(new GameSpec("kamisado"));                                   // a KamisadoPosition
/// start("isolation supply=none").supply;                             // "none"
/// ```
#[wasm_bindgen(unchecked_return_type = "AnyPosition")]
pub fn start(
    #[wasm_bindgen(unchecked_param_type = "GameSpec | string")] spec: JsValue,
) -> Result<JsValue, JsValue> {
    Ok(position_to_js(spec_arg(&spec)?.start()))
}

/// A `spec` argument: a `GameSpec` or its text.
pub(crate) fn spec_arg(spec: &JsValue) -> Result<game_spec::GameSpec, JsValue> {
    Ok(spec_text(spec)?.parse().map_err(|e| js_error(&e))?)
}

/// The text of a `spec` argument: a string, or the text a `GameSpec` gives
/// (any object is read through its `toString`).
fn spec_text(spec: &JsValue) -> args::JsResult<String> {
    if let Some(text) = spec.as_string() {
        return Ok(text);
    }
    let text = spec
        .is_object()
        .then(|| String::from(spec.unchecked_ref::<js_sys::Object>().to_string()))
        .filter(|text| !text.starts_with("[object "));
    text.ok_or_else(|| {
        args::type_error(&format!(
            "`spec` must be a GameSpec or its text, not {}",
            args::describe(spec)
        ))
    })
}

/// A position of any game as its JavaScript class (its options, which the
/// core position carries, with it).
fn position_to_js(position: AnyPosition) -> JsValue {
    match position {
        AnyPosition::Kamisado(p) => KamisadoPosition::from_core(p).into(),
        AnyPosition::Katarenga(p) => KatarengaPosition::from_core(p).into(),
        AnyPosition::Congress(p) => CongressPosition::from_core(p).into(),
        AnyPosition::Quebec(p) => QuebecPosition::from_core(p).into(),
        AnyPosition::Isolation(p) => IsolationPosition::from_core(p).into(),
    }
}

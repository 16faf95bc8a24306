//! The checks every public function makes of its arguments: a value of
//! the wrong type is a `TypeError`, a number out of its range a
//! `RangeError`, each naming the argument (JavaScript would otherwise hand
//! `42` to a string parameter, `true` to a number one as 1, `null` to an
//! optional one as "absent"). What the engine refuses in a well-typed
//! argument (a malformed position, an illegal move) stays an `Error` with
//! the engine's message.

use wasm_bindgen::prelude::*;

/// A result whose error is the JavaScript error to throw.
pub(crate) type JsResult<T> = Result<T, JsValue>;

/// A `TypeError`.
pub(crate) fn type_error(message: &str) -> JsValue {
    js_sys::TypeError::new(message).into()
}

/// A `RangeError`.
pub(crate) fn range_error(message: &str) -> JsValue {
    js_sys::RangeError::new(message).into()
}

/// `value` in words, for a message: `the string "x"`, `the number 4`,
/// `true`, `null`, `undefined`, `an array`, `an object`, `a function`.
pub(crate) fn describe(value: &JsValue) -> String {
    if value.is_undefined() {
        "undefined".into()
    } else if value.is_null() {
        "null".into()
    } else if let Some(text) = value.as_string() {
        let short: String = text.chars().take(40).collect();
        let more = if short.len() < text.len() { "..." } else { "" };
        format!("the string {short:?}{more}")
    } else if let Some(n) = value.as_f64() {
        format!("the number {n}")
    } else if let Some(b) = value.as_bool() {
        format!("{b}")
    } else if js_sys::Array::is_array(value) {
        "an array".into()
    } else if value.is_function() {
        "a function".into()
    } else if value.is_bigint() {
        "a bigint".into()
    } else if value.is_symbol() {
        "a symbol".into()
    } else {
        "an object".into()
    }
}

/// `value` as a string, or a `TypeError` naming `name`.
pub(crate) fn string(name: &str, value: &JsValue) -> JsResult<String> {
    value.as_string().ok_or_else(|| {
        type_error(&format!(
            "`{name}` must be a string, not {}",
            describe(value)
        ))
    })
}

/// `value` as a flag: `false` when left out, a `TypeError` naming the
/// argument `name` for anything but `true` or `false`.
pub(crate) fn flag(name: &str, value: &JsValue) -> JsResult<bool> {
    if value.is_undefined() {
        return Ok(false);
    }
    value.as_bool().ok_or_else(|| {
        type_error(&format!(
            "`{name}` must be true or false, not {}",
            describe(value)
        ))
    })
}

/// `value` as a string, `None` if it is `undefined` (an argument left
/// out); `null` and other types are a `TypeError`.
pub(crate) fn optional_string(name: &str, value: &JsValue) -> JsResult<Option<String>> {
    if value.is_undefined() {
        Ok(None)
    } else {
        string(name, value).map(Some)
    }
}

/// `value` (`what` it counts) as a whole number from `min` to `max`: a
/// `TypeError` if it is not a number, a `RangeError` if it is not whole or
/// not in the range.
pub(crate) fn count(name: &str, what: &str, value: &JsValue, min: u64, max: u64) -> JsResult<u64> {
    let Some(n) = value.as_f64() else {
        return Err(type_error(&format!(
            "`{name}` ({what}) must be a number, not {}",
            describe(value)
        )));
    };
    if n.is_finite() && n.fract() == 0.0 && n >= min as f64 && n <= max as f64 {
        Ok(n as u64)
    } else {
        Err(range_error(&format!(
            "`{name}` ({what}) must be a whole number from {min} to {max}, not {n}"
        )))
    }
}

/// [`count`], or `default` where `value` is `undefined`.
pub(crate) fn optional_count(
    name: &str,
    what: &str,
    value: &JsValue,
    (min, max): (u64, u64),
    default: u64,
) -> JsResult<u64> {
    if value.is_undefined() {
        Ok(default)
    } else {
        count(name, what, value, min, max)
    }
}

/// `value` as an array of strings (`tiles[2]` named in the error).
pub(crate) fn strings(name: &str, value: &JsValue) -> JsResult<Vec<String>> {
    if !js_sys::Array::is_array(value) {
        return Err(type_error(&format!(
            "`{name}` must be an array of strings, not {}",
            describe(value)
        )));
    }
    let array: &js_sys::Array = value.unchecked_ref();
    array
        .iter()
        .enumerate()
        .map(|(i, item)| string(&format!("{name}[{i}]"), &item))
        .collect()
}

/// An options object (`budget`, `progress`, a game to write): `undefined`
/// for none, else a plain object whose fields are all among `fields`.
pub(crate) struct Fields {
    name: &'static str,
    object: Option<js_sys::Object>,
}

impl Fields {
    /// Reads `value` as the options object `name` with `fields`.
    pub(crate) fn new(name: &'static str, value: &JsValue, fields: &[&str]) -> JsResult<Fields> {
        if value.is_undefined() {
            return Ok(Fields { name, object: None });
        }
        if !value.is_object() || js_sys::Array::is_array(value) || value.is_function() {
            return Err(type_error(&format!(
                "`{name}` must be an object, not {}",
                describe(value)
            )));
        }
        let object: js_sys::Object = value.clone().unchecked_into();
        for key in js_sys::Object::keys(&object).iter() {
            let key = key.as_string().unwrap_or_default();
            if !fields.contains(&key.as_str()) {
                let expected: Vec<String> = fields.iter().map(|f| format!("`{f}`")).collect();
                return Err(type_error(&format!(
                    "`{name}` has an unknown field `{key}`; its fields are {}",
                    expected.join(", ")
                )));
            }
        }
        Ok(Fields {
            name,
            object: Some(object),
        })
    }

    /// The value of `field` (`undefined` if absent).
    pub(crate) fn get(&self, field: &str) -> JsValue {
        self.object
            .as_ref()
            .and_then(|o| js_sys::Reflect::get(o, &JsValue::from_str(field)).ok())
            .unwrap_or(JsValue::UNDEFINED)
    }

    /// The name of `field` in a message: `budget.milliseconds`.
    pub(crate) fn name(&self, field: &str) -> String {
        format!("{}.{field}", self.name)
    }

    /// `field` as a whole number in `range`, if given.
    pub(crate) fn count(
        &self,
        field: &str,
        what: &str,
        (min, max): (u64, u64),
    ) -> JsResult<Option<u64>> {
        let value = self.get(field);
        if value.is_undefined() {
            return Ok(None);
        }
        count(&self.name(field), what, &value, min, max).map(Some)
    }

    /// `field` as a string, if given.
    pub(crate) fn string(&self, field: &str) -> JsResult<Option<String>> {
        optional_string(&self.name(field), &self.get(field))
    }

    /// `field` as a value read by its name (a reading of the rules, a
    /// match option), its default when left out.
    pub(crate) fn named<T>(&self, field: &str) -> JsResult<T>
    where
        T: Default + std::str::FromStr<Err: std::error::Error>,
    {
        match self.string(field)? {
            Some(name) => Ok(name.parse().map_err(|e| crate::js_error(&e))?),
            None => Ok(T::default()),
        }
    }

    /// `field` as a time in milliseconds (any finite number from 0), if
    /// given.
    #[cfg_attr(not(feature = "search"), allow(dead_code))]
    pub(crate) fn milliseconds(&self, field: &str) -> JsResult<Option<f64>> {
        let value = self.get(field);
        if value.is_undefined() {
            return Ok(None);
        }
        let name = self.name(field);
        let Some(ms) = value.as_f64() else {
            return Err(type_error(&format!(
                "`{name}` must be a number of milliseconds, not {}",
                describe(&value)
            )));
        };
        if ms.is_finite() && ms >= 0.0 {
            Ok(Some(ms))
        } else {
            Err(range_error(&format!(
                "`{name}` must be a finite number of milliseconds from 0, not {ms}"
            )))
        }
    }
}

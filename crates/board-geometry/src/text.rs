//! Small helpers that both games' notation parsers and key tables share.

/// The character that starts at byte `offset` of `bytes`, for error
/// messages: the whole UTF-8 character when one starts there, U+FFFD when
/// the bytes there are not valid UTF-8 or `offset` is past the end.
///
/// ```
/// use board_geometry::char_at;
/// assert_eq!(char_at("x7é".as_bytes(), 2), 'é');
/// assert_eq!(char_at(b"ab", 5), char::REPLACEMENT_CHARACTER);
/// ```
pub fn char_at(bytes: &[u8], offset: usize) -> char {
    let end = offset.saturating_add(4).min(bytes.len());
    let tail = bytes.get(offset..end).unwrap_or(&[]);
    let valid = match core::str::from_utf8(tail) {
        Ok(s) => s,
        Err(e) => core::str::from_utf8(&tail[..e.valid_up_to()]).unwrap_or(""),
    };
    valid.chars().next().unwrap_or(char::REPLACEMENT_CHARACTER)
}

/// One step of the splitmix64 generator: the next state and a well-mixed
/// 64-bit value. A `const fn`, so Zobrist keys are generated at compile
/// time.
///
/// ```
/// use board_geometry::splitmix64;
/// let (state, a) = splitmix64(1);
/// let (_, b) = splitmix64(state);
/// assert_ne!(a, b);
/// ```
pub const fn splitmix64(state: u64) -> (u64, u64) {
    let state = state.wrapping_add(0x9E37_79B9_7F4A_7C15);
    let mut z = state;
    z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
    z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
    (state, z ^ (z >> 31))
}

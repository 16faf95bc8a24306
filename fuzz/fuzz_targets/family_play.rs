//! Fuzz target: see `test_support::fuzzing::family_play` for the property.
#![no_main]

libfuzzer_sys::fuzz_target!(|data: &[u8]| {
    test_support::fuzzing::family_play(data);
});

//! Fuzz target: see `kamisado_katarenga::fuzzing::kamisado_match` for the property.
#![no_main]

libfuzzer_sys::fuzz_target!(|data: &[u8]| {
    kamisado_katarenga::fuzzing::kamisado_match(data);
});

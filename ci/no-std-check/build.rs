// A freestanding binary: no C runtime start files, `_start` is ours. On
// Linux the C library is linked only for `memcpy`/`memset`, which `core`
// calls; on wasm32 `core` brings its own, and `wasm-ld` needs no arguments.
fn main() {
    if std::env::var("CARGO_CFG_TARGET_OS").as_deref() == Ok("linux") {
        println!("cargo:rustc-link-arg-bins=-nostartfiles");
        println!("cargo:rustc-link-arg-bins=-static");
        println!("cargo:rustc-link-arg-bins=-lc");
    }
}

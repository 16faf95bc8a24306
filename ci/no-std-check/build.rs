// A freestanding binary: no C runtime start files, `_start` is ours. The C
// library is linked only for `memcpy`/`memset`, which `core` calls.
fn main() {
    println!("cargo:rustc-link-arg-bins=-nostartfiles");
    println!("cargo:rustc-link-arg-bins=-static");
    println!("cargo:rustc-link-arg-bins=-lc");
}

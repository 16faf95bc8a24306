//! The clock behind the time limits: `std::time::Instant`, except on
//! `wasm32-unknown-unknown`, where the standard library has no clock (its
//! `Instant::now` aborts the module) and `web-time` reads the host's
//! `performance.now()` (browsers, Web Workers, Node).

#[cfg(not(all(target_family = "wasm", target_os = "unknown")))]
pub(crate) use std::time::Instant;
#[cfg(all(target_family = "wasm", target_os = "unknown"))]
pub(crate) use web_time::Instant;

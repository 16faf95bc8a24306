//! The session with an engine, against the referee program as a user runs
//! it: the order of the dialogue (`order.rs`) and every fault an engine can
//! commit (`faults.rs`).

#[cfg(target_os = "linux")]
mod faults;
mod order;

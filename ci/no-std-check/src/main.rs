//! A freestanding program that uses the rules engines with neither `std`
//! nor `alloc` (see Cargo.toml). It is only built, never run.
#![no_std]
#![no_main]

use core::panic::PanicInfo;

#[panic_handler]
fn panic(_: &PanicInfo) -> ! {
    loop {}
}

/// Uses each crate so that its code is really linked.
#[unsafe(no_mangle)]
pub extern "C" fn _start() -> ! {
    let square = board_geometry::Square::E4;
    let kamisado = kamisado_core::perft(&kamisado_core::Position::start(), 2);
    let moves = kamisado_core::Position::start().legal_moves();
    core::hint::black_box((square, kamisado, moves.len()));
    loop {}
}

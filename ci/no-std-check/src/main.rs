//! A freestanding program that uses the rules engines with neither `std`
//! nor `alloc` (see Cargo.toml). It is only built, never run.
#![no_std]
#![no_main]

use kamisado_core::Game;
use core::panic::PanicInfo;

#[panic_handler]
fn panic(_: &PanicInfo) -> ! {
    loop {}
}

/// Uses each crate so that its code is really linked.
#[unsafe(no_mangle)]
pub extern "C" fn _start() -> ! {
    let square = board_geometry::Square::E4;
    let kamisado = kamisado_core::Position::start();
    let katarenga = katarenga_core::Position::start();
    let counts = (
        kamisado.perft(2),
        kamisado.legal_moves().len(),
        katarenga.perft(2),
        katarenga.legal_moves().len(),
        katarenga_core::Board::all_tile_boards().count(),
        katarenga_family::Congress::start().perft(2),
        katarenga_family::Quebec::start().perft(2),
        katarenga_family::Isolation::start().perft(2),
        katarenga_family::ConflictGraph::of(&katarenga_core::Board::standard())
            .max_independent_set()
            .len(),
    );
    let parsed = "d1d7".parse::<kamisado_core::Move>().is_ok();
    core::hint::black_box((square, counts, parsed));
    loop {}
}

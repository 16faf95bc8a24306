//! The map of Katarenga's set-ups, step by step (`kk-board-study --help`).

use std::process::ExitCode;

fn main() -> ExitCode {
    kk_apps::cli::main(kk_apps::board_study::run)
}

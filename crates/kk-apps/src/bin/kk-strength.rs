//! Our search against other players (`kk-strength --help`; feature
//! `minimax`).

use std::process::ExitCode;

fn main() -> ExitCode {
    kk_apps::cli::main(kk_apps::strength::run)
}

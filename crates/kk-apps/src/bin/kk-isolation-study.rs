//! Who wins strict Isolation on every Katarenga board
//! (`kk-isolation-study --help`).

use std::process::ExitCode;

fn main() -> ExitCode {
    kk_apps::cli::main(kk_apps::isolation_study::run)
}

//! The solver's table runs (`kk-solve-table --help`).

use std::process::ExitCode;

fn main() -> ExitCode {
    kk_apps::cli::main(kk_apps::solve_table::run)
}

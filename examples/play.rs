//! A game of Kamisado or Katarenga in the terminal: human or computer on
//! either side, the board drawn in colour, moves typed in the notation.
//!
//! ```text
//! cargo run --release --example play -- --demo
//! cargo run --release --example play -- kamisado --target 3
//! cargo run --release --example play -- katarenga --tiles 1f0,2b1,3f2,4f3
//! ```
//!
//! Without a terminal on stdin, moves are read line by line (scripting).
//! `NO_COLOR` or a non-terminal stdout switches to plain text.

use std::io::{self, IsTerminal};
use std::process::ExitCode;

use kamisado_katarenga::play::{PlayError, USAGE, run};
use kamisado_katarenga::usage_error;

fn main() -> ExitCode {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let colour =
        std::env::var_os("NO_COLOR").is_none_or(|v| v.is_empty()) && io::stdout().is_terminal();
    let stdin = io::stdin();
    let mut input = stdin.lock();
    let mut output = io::stdout().lock();
    match run(&args, &mut input, &mut output, colour) {
        Ok(()) => ExitCode::SUCCESS,
        Err(PlayError::Usage(message)) => usage_error(message, USAGE),
        Err(PlayError::Io(e)) if e.kind() == io::ErrorKind::BrokenPipe => ExitCode::SUCCESS,
        Err(PlayError::Io(e)) => {
            eprintln!("error: {e}");
            ExitCode::FAILURE
        }
    }
}

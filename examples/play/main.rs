//! A game of Kamisado or Katarenga in the terminal: human or computer on
//! either side, the board drawn in colour, moves typed in the notation.
//!
//! ```text
//! cargo run --release --example play -- --demo
//! cargo run --release --example play -- kamisado --target 3
//! cargo run --release --example play -- katarenga --tiles 1f0,2b1,3f2,4f3
//! ```
//!
//! Without a terminal on stdin, moves are read line by line (scripting):
//! a refused line is reported on stderr with its number, and it, or an
//! input that ends before the game does, makes the exit status 1.
//! `NO_COLOR` or a non-terminal stdout switches to plain text.

// The session is tested with scripted input by tests/it/play_session.rs,
// which includes session.rs as a module of its own.
mod session;

use std::io::{self, IsTerminal};
use std::process::ExitCode;

use session::{Console, USAGE, run};

fn main() -> ExitCode {
    let console = Console {
        colour: std::env::var_os("NO_COLOR").is_none_or(|v| v.is_empty())
            && io::stdout().is_terminal(),
        scripted: !io::stdin().is_terminal(),
    };
    kamisado_katarenga::main(USAGE, |args, out| {
        run(
            args,
            &mut io::stdin().lock(),
            out,
            &mut io::stderr(),
            console,
        )
    })
}

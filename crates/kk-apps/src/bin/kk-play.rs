//! A game of Kamisado or Katarenga in the terminal (`kk-play --help`).

use std::io::{self, IsTerminal};
use std::process::ExitCode;

use kk_apps::play::{Console, PlayArgs, run};

fn main() -> ExitCode {
    let console = Console {
        colour: std::env::var_os("NO_COLOR").is_none_or(|v| v.is_empty())
            && io::stdout().is_terminal(),
        scripted: !io::stdin().is_terminal(),
    };
    kk_apps::cli::main(|args: PlayArgs, out| {
        run(
            args,
            &mut io::stdin().lock(),
            out,
            &mut io::stderr(),
            console,
        )
    })
}

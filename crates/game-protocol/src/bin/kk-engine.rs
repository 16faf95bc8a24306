//! The engine program: speaks the KKP protocol (`docs/protocol.md`) on
//! standard input and output, for Kamisado and Katarenga, on top of
//! game-search.

use std::io::Write;
use std::process::ExitCode;

use clap::Parser;

/// `kk-engine` takes no arguments: clap gives it `--help` and refuses
/// anything else by the workspace's exit rule.
#[derive(Debug, Parser)]
#[command(
    name = "kk-engine",
    about = "The engine program of kamisado-katarenga: speaks KKP on standard input and output",
    long_about = "The engine program of kamisado-katarenga: it takes no arguments and speaks KKP \
(the Kamisado and Katarenga Protocol, docs/protocol.md) on standard input and output, for both \
games. Start it and send `kkp`; it answers with its name, the protocol version, its options and \
`kkpok`. A referee or a GUI drives it from there (kk-referee does)."
)]
struct Args {}

/// Writes to standard error, never panicking (a closed stderr loses the
/// line).
fn say(line: std::fmt::Arguments<'_>) {
    let _ = writeln!(std::io::stderr().lock(), "{line}");
}

fn main() -> ExitCode {
    let Args {} = Args::parse();
    match game_protocol::engine::run(std::io::stdin().lock(), std::io::stdout()) {
        Ok(()) => ExitCode::SUCCESS,
        Err(e) => {
            say(format_args!("kk-engine: {e}"));
            ExitCode::FAILURE
        }
    }
}

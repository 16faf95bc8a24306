//! The engine program: speaks the KKP protocol (`docs/protocol.md`) on
//! standard input and output, for Kamisado and Katarenga, on top of
//! game-search.

use std::io::Write;
use std::process::ExitCode;

const HELP: &str = "usage: kk-engine

The engine program of kamisado-katarenga: it takes no arguments and speaks KKP (the
Kamisado and Katarenga Protocol, docs/protocol.md) on standard input and output, for
both games. Start it and send `kkp`; it answers with its name, the protocol version,
its options and `kkpok`. A referee or a GUI drives it from there (kk-referee does).
";

/// Writes to standard error, never panicking (a closed stderr loses the
/// line).
fn say(line: std::fmt::Arguments<'_>) {
    let _ = writeln!(std::io::stderr().lock(), "{line}");
}

fn main() -> ExitCode {
    let args: Vec<std::ffi::OsString> = std::env::args_os().skip(1).collect();
    if args.iter().any(|a| a == "--help" || a == "-h") {
        let _ = std::io::stdout().lock().write_all(HELP.as_bytes());
        return ExitCode::SUCCESS;
    }
    if let Some(arg) = args.first() {
        say(format_args!(
            "kk-engine: unexpected argument {arg:?}: kk-engine takes no arguments; it speaks KKP on \
             standard input and output (see `kk-engine --help`)"
        ));
        return ExitCode::from(2);
    }
    match game_protocol::engine::run(std::io::stdin().lock(), std::io::stdout()) {
        Ok(()) => ExitCode::SUCCESS,
        Err(e) => {
            say(format_args!("kk-engine: {e}"));
            ExitCode::FAILURE
        }
    }
}

//! The engine program: speaks the KKP protocol (`docs/protocol.md`) on
//! standard input and output, for Kamisado and Katarenga, on top of
//! game-search.

fn main() -> std::process::ExitCode {
    if std::env::args().len() > 1 {
        eprintln!(
            "kk-engine takes no arguments: it speaks the KKP protocol on standard input and output (send kkp)"
        );
        return std::process::ExitCode::from(2);
    }
    match game_protocol::engine::run(std::io::stdin().lock(), std::io::stdout()) {
        Ok(()) => std::process::ExitCode::SUCCESS,
        Err(e) => {
            eprintln!("kk-engine: {e}");
            std::process::ExitCode::FAILURE
        }
    }
}

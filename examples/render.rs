//! An SVG picture of a position, drawn by the cores' `Position::svg`.
//!
//! ```text
//! cargo run --release --example render -- <kamisado|katarenga> <position|startpos> [--out FILE.svg]
//! ```

use std::process::ExitCode;

use kamisado_katarenga::{CliError, GameName, chain, value};

const USAGE: &str = "usage: render <kamisado|katarenga> <position|startpos> [--out FILE.svg]

Writes an SVG picture of the position (squares, towers or pieces, sumo ranks, the forced
tower, camps, labels) to FILE.svg, or to standard output without --out.";

/// The SVG of a position given in a game's notation (or `startpos`).
fn svg(game: GameName, position: &str) -> Result<String, CliError> {
    let bad = |e: &dyn std::error::Error| {
        CliError::Usage(format!("bad {} position: {}", game.name(), chain(e)))
    };
    Ok(match game {
        GameName::Kamisado => {
            let p = if position == "startpos" {
                kamisado_core::Position::start()
            } else {
                position.parse().map_err(|e| bad(&e))?
            };
            p.svg().to_string()
        }
        GameName::Katarenga => {
            let p = if position == "startpos" {
                katarenga_core::Position::start()
            } else {
                position.parse().map_err(|e| bad(&e))?
            };
            p.svg().to_string()
        }
    })
}

fn main() -> ExitCode {
    kamisado_katarenga::main(USAGE, |args, out| {
        let mut positional = Vec::new();
        let mut path = None;
        let mut iter = args.iter();
        while let Some(arg) = iter.next() {
            match arg.as_str() {
                "--out" => path = Some(value("--out", &mut iter)?.to_string()),
                other if other.starts_with("--") => {
                    return Err(CliError::Usage(format!("unknown option {other}")));
                }
                _ => positional.push(arg.as_str()),
            }
        }
        let [game, position] = positional.as_slice() else {
            return Err(kamisado_katarenga::argument_count(
                "game, position",
                2,
                positional.len(),
            ));
        };
        let game = GameName::parse(game).ok_or_else(|| GameName::unknown(game))?;
        let svg = svg(game, position)?;
        match path {
            Some(path) => {
                std::fs::write(&path, svg)
                    .map_err(|e| CliError::Failed(format!("cannot write {path}: {e}")))?;
                kamisado_katarenga::say(format_args!("wrote {path}"));
            }
            None => out.write_all(svg.as_bytes())?,
        }
        Ok(())
    })
}

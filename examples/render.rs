//! An SVG picture of a position, drawn by the cores' `Position::svg`.
//!
//! ```text
//! cargo run --release --example render -- <kamisado|katarenga> <position|startpos> [--out FILE.svg] [--marks]
//! ```

use game_spec::GameId;
use std::io::{self, Write};
use std::process::ExitCode;

use board_geometry::ErrorChain;
use clap::{CommandFactory, Parser};

/// Writes an SVG picture of the position (squares, towers or pieces, sumo
/// ranks, the forced tower, camps, labels) to FILE.svg, or to standard
/// output without --out.
#[derive(Parser)]
#[command(name = "render")]
struct Args {
    /// The game: kamisado or katarenga
    game: GameId,
    /// A position in the game's notation (its words may come unquoted), or
    /// startpos
    #[arg(required = true, num_args = 1..)]
    position: Vec<String>,
    /// Write the picture to FILE instead of standard output
    #[arg(long, value_name = "FILE")]
    out: Option<String>,
    /// Mark every square for players who cannot tell the colours apart
    /// (Kamisado: each colour's kanji, on its towers too; Katarenga: the
    /// chess figure of each colour's move)
    #[arg(long)]
    marks: bool,
}

/// The position `text` of game `G` (or its start).
fn position<G: game_rules::Game>(text: &str) -> Result<G, String> {
    if text == "startpos" {
        return Ok(G::start());
    }
    text.parse()
        .map_err(|e| format!("bad position {text:?}: {}", ErrorChain(&e)))
}

fn main() -> ExitCode {
    let args = Args::parse();
    let text = args.position.join(" ");
    let marks = args.marks;
    let svg = match args.game {
        GameId::Kamisado => position::<kamisado_core::Position>(&text).map(|p| {
            let svg = p.svg();
            if marks { svg.with_marks() } else { svg }.to_string()
        }),
        GameId::Katarenga => position::<katarenga_core::Position>(&text).map(|p| {
            let svg = p.svg();
            if marks { svg.with_marks() } else { svg }.to_string()
        }),
        other => Err(format!(
            "no picture of {other} yet (kamisado and katarenga)"
        )),
    };
    let svg = svg.unwrap_or_else(|message| {
        Args::command()
            .error(clap::error::ErrorKind::InvalidValue, message)
            .exit()
    });
    let written = match &args.out {
        Some(path) => std::fs::write(path, svg).map_err(|e| format!("cannot write {path}: {e}")),
        None => match io::stdout().lock().write_all(svg.as_bytes()) {
            Err(e) if e.kind() != io::ErrorKind::BrokenPipe => Err(e.to_string()),
            _ => Ok(()),
        },
    };
    match written {
        Ok(()) => ExitCode::SUCCESS,
        Err(message) => {
            let _ = writeln!(io::stderr(), "error: {message}");
            ExitCode::FAILURE
        }
    }
}

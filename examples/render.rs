//! An SVG picture of a position.
//!
//! ```text
//! cargo run --release --example render -- <kamisado|katarenga> <position|startpos> [--out FILE.svg]
//! ```

use std::process::ExitCode;

use kamisado_katarenga::render::render;
use kamisado_katarenga::usage_error;

const USAGE: &str = "usage: render <kamisado|katarenga> <position|startpos> [--out FILE.svg]

Writes an SVG picture of the position (squares, towers or pieces, sumo ranks, the forced
tower, camps, labels) to FILE.svg, or to standard output without --out.";

fn main() -> ExitCode {
    let args: Vec<String> = std::env::args().skip(1).collect();
    if args.iter().any(|a| a == "--help" || a == "-h") {
        println!("{USAGE}");
        return ExitCode::SUCCESS;
    }
    let mut positional = Vec::new();
    let mut out = None;
    let mut iter = args.iter();
    while let Some(arg) = iter.next() {
        match arg.as_str() {
            "--out" => match iter.next() {
                Some(path) => out = Some(path.clone()),
                None => return usage_error("--out needs a file name", USAGE),
            },
            other if other.starts_with("--") => {
                return usage_error(format!("unknown option {other}"), USAGE);
            }
            _ => positional.push(arg.clone()),
        }
    }
    let [game, position] = positional.as_slice() else {
        return usage_error(
            format!(
                "expected 2 arguments (game, position), got {}",
                positional.len()
            ),
            USAGE,
        );
    };
    let svg = match render(game, position) {
        Ok(svg) => svg,
        Err(message) => return usage_error(message, USAGE),
    };
    match out {
        Some(path) => {
            if let Err(e) = std::fs::write(&path, svg) {
                eprintln!("error: cannot write {path}: {e}");
                return ExitCode::FAILURE;
            }
            eprintln!("wrote {path}");
        }
        None => print!("{svg}"),
    }
    ExitCode::SUCCESS
}

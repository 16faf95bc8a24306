//! The examples' command-line plumbing (not published; the libraries are
//! the crates under `crates/`).
//!
//! Every example runs through [`main`]: its arguments are decoded (a
//! non-UTF-8 argument is a usage error), and one rule of exit statuses
//! holds for all: 0 for `--help` (the usage on stdout) and for a finished
//! run, 2 for a usage error (bad arguments: the message and a one-line hint
//! to `--help`, never the whole usage), 1 for a failure at run time (a file
//! that cannot be read, bad data in it, a failed write). A closed standard
//! output ends the program quietly (status 0); nothing panics when standard
//! error is closed ([`say`] writes to it).

use std::error::Error;
use std::ffi::OsString;
use std::fmt::Display;
use std::io::{self, Write};
use std::process::ExitCode;

/// The exit status of a run with bad arguments or a bad position.
pub const USAGE_ERROR: u8 = 2;

/// Why an example stopped early.
#[derive(Debug)]
pub enum CliError {
    /// Bad arguments or input: the message, then exit status 2.
    Usage(String),
    /// Writing the output (or reading the input) failed.
    Io(io::Error),
    /// The work itself failed: the message, then exit status 1.
    Failed(String),
}

impl From<io::Error> for CliError {
    fn from(e: io::Error) -> CliError {
        CliError::Io(e)
    }
}

impl From<String> for CliError {
    fn from(message: String) -> CliError {
        CliError::Usage(message)
    }
}

impl From<&str> for CliError {
    fn from(message: &str) -> CliError {
        CliError::Usage(message.to_string())
    }
}

/// `error` and each of its causes on one line (`a: b: c`).
pub fn chain(error: &dyn Error) -> String {
    board_geometry::notation::ErrorChain(error).to_string()
}

/// The arguments as strings.
///
/// # Errors
/// A message naming the first argument that is not valid UTF-8.
pub fn decode_args(args: impl IntoIterator<Item = OsString>) -> Result<Vec<String>, String> {
    args.into_iter()
        .enumerate()
        .map(|(i, arg)| {
            arg.into_string().map_err(|bad| {
                format!(
                    "argument {} is not valid UTF-8: {:?}",
                    i + 1,
                    bad.to_string_lossy()
                )
            })
        })
        .collect()
}

/// Whether the arguments ask for help.
pub fn wants_help(args: &[String]) -> bool {
    args.iter().any(|a| a == "--help" || a == "-h")
}

/// A speed for people: `138,836 games/s` (whole units with thousands
/// separators; a fraction only below 10).
#[must_use]
pub fn rate(per_second: f64, unit: &str) -> String {
    if !per_second.is_finite() || per_second < 0.0 {
        return format!("- {unit}/s");
    }
    if per_second < 10.0 {
        return format!("{per_second:.1} {unit}/s");
    }
    let digits = format!("{:.0}", per_second);
    let mut grouped = String::new();
    for (i, c) in digits.chars().enumerate() {
        if i > 0 && (digits.len() - i) % 3 == 0 {
            grouped.push(',');
        }
        grouped.push(c);
    }
    format!("{grouped} {unit}/s")
}

/// What the process should exit with after `run` returned `result`; the
/// messages go to standard error.
pub fn exit_code(result: Result<(), CliError>, usage: &str) -> ExitCode {
    match result {
        Ok(()) => ExitCode::SUCCESS,
        Err(CliError::Usage(message)) => usage_error(message, usage),
        Err(CliError::Io(e)) if e.kind() == io::ErrorKind::BrokenPipe => ExitCode::SUCCESS,
        Err(CliError::Io(e)) => {
            say(format_args!("error: {e}"));
            ExitCode::FAILURE
        }
        Err(CliError::Failed(message)) => {
            say(format_args!("error: {message}"));
            ExitCode::FAILURE
        }
    }
}

/// Runs an example: decodes the process's arguments (without the program
/// name), prints `usage` for `--help`, and calls `run` with them and a
/// buffered standard output, which it flushes.
pub fn main(
    usage: &str,
    run: impl FnOnce(&[String], &mut dyn Write) -> Result<(), CliError>,
) -> ExitCode {
    let args = match decode_args(std::env::args_os().skip(1)) {
        Ok(args) => args,
        Err(message) => return usage_error(message, usage),
    };
    let stdout = io::stdout();
    let mut out = io::BufWriter::new(stdout.lock());
    let result = if wants_help(&args) {
        writeln!(out, "{usage}").map_err(CliError::Io)
    } else {
        run(&args, &mut out)
    };
    let result = result.and_then(|()| out.flush().map_err(CliError::Io));
    // A failed write may leave bytes in the buffer: drop them quietly.
    let _ = out.into_parts();
    exit_code(result, usage)
}

/// Prints `message` and a short hint to stderr and returns exit status 2
/// (the whole usage is `--help`'s).
pub fn usage_error(message: impl Display, usage: &str) -> ExitCode {
    say(format_args!(
        "error: {message}\n(see `{} --help` for the usage)",
        program(usage)
    ));
    ExitCode::from(USAGE_ERROR)
}

/// The program's name: the word after `usage:` on the usage's first line.
fn program(usage: &str) -> &str {
    usage
        .strip_prefix("usage: ")
        .and_then(|rest| rest.split_whitespace().next())
        .unwrap_or("the program")
}

/// Writes a line to standard error, never panicking: a closed or full
/// stderr loses the line (where `eprintln!` would panic with status 101).
pub fn say(line: std::fmt::Arguments<'_>) {
    let _ = writeln!(io::stderr().lock(), "{line}");
}

/// `1 point`, `2 points`, `3 plies`: a count and its noun, plural when it
/// is not 1.
#[must_use]
pub fn count(n: impl Into<u64>, noun: &str) -> String {
    let n = n.into();
    if n == 1 {
        return format!("1 {noun}");
    }
    match noun.strip_suffix('y') {
        Some(stem) if !stem.ends_with(['a', 'e', 'o', 'u']) => format!("{n} {stem}ies"),
        _ => format!("{n} {noun}s"),
    }
}

/// Progress of a long run on standard error: `label: done of total (pct),
/// elapsed, about ETA left`, at most once every two seconds and at the end.
pub struct Progress {
    label: String,
    total: u64,
    done: u64,
    started: std::time::Instant,
    last: std::time::Instant,
}

impl Progress {
    /// A run of `total` steps; prints nothing yet.
    #[must_use]
    pub fn new(label: impl Into<String>, total: u64) -> Progress {
        let now = std::time::Instant::now();
        Progress {
            label: label.into(),
            total,
            done: 0,
            started: now,
            last: now,
        }
    }

    /// One more step done: a line if two seconds passed since the last one,
    /// or if it was the last step.
    pub fn step(&mut self) {
        self.done += 1;
        let now = std::time::Instant::now();
        if self.done >= self.total || now.duration_since(self.last).as_secs_f64() >= 2.0 {
            self.last = now;
            say(format_args!("{}", self.line()));
        }
    }

    /// The progress line as it stands.
    #[must_use]
    pub fn line(&self) -> String {
        let elapsed = self.started.elapsed().as_secs_f64();
        let share = if self.total == 0 {
            1.0
        } else {
            self.done as f64 / self.total as f64
        };
        let mut line = format!(
            "{}: {} of {} ({:.0}%), {:.0} s",
            self.label,
            self.done,
            self.total,
            share * 100.0,
            elapsed
        );
        if self.done > 0 && self.done < self.total {
            let left = elapsed / self.done as f64 * (self.total - self.done) as f64;
            line.push_str(&format!(", about {left:.0} s left"));
        }
        line
    }
}

/// What a usage error adds when a position came as several arguments.
pub const QUOTE_HINT: &str = " (a position is one argument: put it in quotes)";

/// The usage error of `got` arguments where `wanted` (`what`) were
/// expected; with more than wanted, the hint that a position is one
/// argument.
#[must_use]
pub fn argument_count(what: &str, wanted: usize, got: usize) -> CliError {
    let hint = if got > wanted { QUOTE_HINT } else { "" };
    CliError::Usage(format!(
        "expected {wanted} arguments ({what}), got {got}{hint}"
    ))
}

/// The value after an option, or a usage error naming the option.
///
/// # Errors
/// A message when the option is the last argument.
pub fn value<'a>(
    option: &str,
    iter: &mut impl Iterator<Item = &'a String>,
) -> Result<&'a str, CliError> {
    iter.next()
        .map(String::as_str)
        .ok_or_else(|| CliError::Usage(format!("{option} needs a value")))
}

/// A whole number in `range` after an option.
///
/// # Errors
/// A message naming the option and the accepted range.
pub fn number<T>(
    option: &str,
    iter: &mut dyn Iterator<Item = &String>,
    range: std::ops::RangeInclusive<T>,
) -> Result<T, CliError>
where
    T: std::str::FromStr + PartialOrd + Display + Copy,
{
    let text = iter
        .next()
        .ok_or_else(|| CliError::Usage(format!("{option} needs a number")))?;
    text.parse::<T>()
        .ok()
        .filter(|n| range.contains(n))
        .ok_or_else(|| {
            CliError::Usage(format!(
                "bad {option} {text:?}: expected a whole number from {} to {}",
                range.start(),
                range.end()
            ))
        })
}

/// The game named by an argument: `kamisado` or `katarenga`.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum GameName {
    /// Kamisado.
    Kamisado,
    /// Katarenga.
    Katarenga,
}

impl GameName {
    /// The game named `arg`, if it names one.
    pub fn parse(arg: &str) -> Option<GameName> {
        match arg {
            "kamisado" => Some(GameName::Kamisado),
            "katarenga" => Some(GameName::Katarenga),
            _ => None,
        }
    }

    /// The usage error of an argument that should have named a game: the
    /// one wording of this mistake in every example.
    pub fn unknown(arg: &str) -> CliError {
        CliError::Usage(format!(
            "unknown game {arg:?}: expected kamisado or katarenga"
        ))
    }

    /// The usage error of a stray argument: an unknown game while none is
    /// given yet, else an unknown argument.
    pub fn stray(arg: &str, game: Option<GameName>) -> CliError {
        match game {
            None => GameName::unknown(arg),
            Some(_) => CliError::Usage(format!("unknown argument {arg:?}")),
        }
    }

    /// Sets `slot` to the game named `arg`.
    ///
    /// # Errors
    /// A usage error if a game was named already.
    pub fn set(slot: &mut Option<GameName>, game: GameName) -> Result<(), CliError> {
        if let Some(earlier) = slot {
            return Err(CliError::Usage(format!(
                "the game is given twice ({} and {})",
                earlier.name(),
                game.name()
            )));
        }
        *slot = Some(game);
        Ok(())
    }

    /// The game's name.
    pub fn name(self) -> &'static str {
        match self {
            GameName::Kamisado => "kamisado",
            GameName::Katarenga => "katarenga",
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn rates_read_as_whole_numbers_with_separators() {
        // Whole numbers with separators, never `138,835.7359/s`.
        assert_eq!(rate(138_835.735_9, "games"), "138,836 games/s");
        assert_eq!(rate(1_234_567.0, "plies"), "1,234,567 plies/s");
        assert_eq!(rate(999.4, "games"), "999 games/s");
        assert_eq!(rate(1000.0, "games"), "1,000 games/s");
        assert_eq!(rate(2.25, "games"), "2.2 games/s");
        assert_eq!(rate(f64::NAN, "games"), "- games/s");
    }

    #[test]
    fn arguments_must_be_utf8() {
        #[cfg(unix)]
        {
            use std::os::unix::ffi::OsStringExt;
            let bad = OsString::from_vec(vec![b'x', 0xFF]);
            let e = decode_args([OsString::from("perft"), bad]).unwrap_err();
            assert!(e.starts_with("argument 2 is not valid UTF-8"), "{e}");
        }
        assert_eq!(
            decode_args([OsString::from("a")]).unwrap(),
            vec!["a".to_string()]
        );
    }

    #[test]
    fn write_errors_exit_quietly_or_with_status_one() {
        let broken = CliError::Io(io::Error::from(io::ErrorKind::BrokenPipe));
        assert_eq!(exit_code(Err(broken), "u"), ExitCode::SUCCESS);
        let full = CliError::Io(io::Error::from(io::ErrorKind::StorageFull));
        assert_eq!(exit_code(Err(full), "u"), ExitCode::FAILURE);
        assert_eq!(
            exit_code(Err(CliError::Usage("x".into())), "u"),
            ExitCode::from(USAGE_ERROR)
        );
    }

    #[test]
    fn counts_agree_with_their_nouns() {
        assert_eq!(count(1u32, "point"), "1 point");
        assert_eq!(count(0u32, "point"), "0 points");
        assert_eq!(count(2u64, "record"), "2 records");
        assert_eq!(count(17u32, "ply"), "17 plies");
        assert_eq!(count(2u32, "day"), "2 days");
    }

    #[test]
    fn the_hint_names_the_program() {
        assert_eq!(program("usage: perft <game> ..."), "perft");
        assert_eq!(program("nothing"), "the program");
    }

    #[test]
    fn progress_says_how_far_and_how_long() {
        let mut p = Progress::new("solving", 4);
        assert_eq!(p.line(), "solving: 0 of 4 (0%), 0 s");
        p.done = 2;
        assert!(
            p.line().starts_with("solving: 2 of 4 (50%), "),
            "{}",
            p.line()
        );
        assert!(p.line().contains(" left"), "{}", p.line());
        p.done = 4;
        assert!(!p.line().contains(" left"), "{}", p.line());
    }

    #[test]
    fn numbers_are_checked() {
        let args = ["7".to_string(), "x".to_string(), "0".to_string()];
        let mut iter = args.iter();
        assert_eq!(number::<u32>("--n", &mut iter, 1..=10).unwrap(), 7);
        assert!(number::<u32>("--n", &mut iter, 1..=10).is_err());
        assert!(number::<u32>("--n", &mut iter, 1..=10).is_err());
        assert!(number::<u32>("--n", &mut iter, 1..=10).is_err());
        let mut slot = None;
        GameName::set(&mut slot, GameName::Kamisado).unwrap();
        assert!(GameName::set(&mut slot, GameName::Katarenga).is_err());
    }
}

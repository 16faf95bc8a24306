//! What every program of the crate shares: one rule of exit statuses, the
//! messages on standard error, progress lines, and the game's name as an
//! argument.
//!
//! The arguments are declared with clap, which prints `--help` to standard
//! output (status 0) and refuses bad arguments with the message, the short
//! usage and a hint to `--help` (status 2). After parsing, [`main`] gives
//! status 2 to a [`CliError::Usage`] in the same form, 1 to a failure at run
//! time, and 0 to a finished run; a closed standard output ends the program
//! quietly, and nothing panics when standard error is closed ([`say`]).

use std::error::Error;
use std::io::{self, Write};
use std::process::ExitCode;

use clap::Parser;

/// Why a program (or a study's item) stopped early.
#[derive(Debug, thiserror::Error)]
pub enum CliError {
    /// Arguments that parse but do not go together: status 2.
    #[error("{0}")]
    Usage(String),
    /// Writing the output (or reading the input) failed.
    #[error("input or output failed")]
    Io(#[from] io::Error),
    /// The work itself failed: the message, then status 1.
    #[error("{0}")]
    Failed(String),
}

/// `error` and each of its causes on one line (`a: b: c`).
pub fn chain(error: &dyn Error) -> String {
    board_geometry::ErrorChain(error).to_string()
}

/// Runs a program: parses its arguments as `A` (clap exits for `--help`
/// and for bad arguments), calls `run` with them and a buffered standard
/// output, and exits by the rule above.
pub fn main<A: Parser>(run: impl FnOnce(A, &mut dyn Write) -> Result<(), CliError>) -> ExitCode {
    let args = A::parse();
    let stdout = io::stdout();
    let mut out = io::BufWriter::new(stdout.lock());
    let result = run(args, &mut out).and_then(|()| out.flush().map_err(CliError::Io));
    // A failed write may leave bytes in the buffer: drop them quietly.
    let _ = out.into_parts();
    match result {
        Ok(()) => ExitCode::SUCCESS,
        Err(CliError::Usage(message)) => usage_error::<A>(message),
        Err(error) => exit_code(error),
    }
}

/// Prints `message` as clap prints a usage error (the message, the short
/// usage, the hint to `--help`) and exits with status 2.
fn usage_error<A: Parser>(message: String) -> ExitCode {
    let error = A::command().error(clap::error::ErrorKind::ArgumentConflict, message);
    let _ = error.print();
    ExitCode::from(2)
}

/// The status of a run that failed at run time: 0 for a closed output
/// (quietly), else 1 with the message on standard error.
#[must_use]
pub fn exit_code(error: CliError) -> ExitCode {
    match error {
        CliError::Io(e) if e.kind() == io::ErrorKind::BrokenPipe => ExitCode::SUCCESS,
        CliError::Io(e) => {
            say(format_args!("error: {e}"));
            ExitCode::FAILURE
        }
        CliError::Failed(message) | CliError::Usage(message) => {
            say(format_args!("error: {message}"));
            ExitCode::FAILURE
        }
    }
}

/// Writes a line to standard error, never panicking: a closed or full
/// stderr loses the line (where `eprintln!` would panic).
pub fn say(line: std::fmt::Arguments<'_>) {
    let _ = writeln!(io::stderr().lock(), "{line}");
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
    let digits = format!("{per_second:.0}");
    let mut grouped = String::new();
    for (i, c) in digits.chars().enumerate() {
        if i > 0 && (digits.len() - i) % 3 == 0 {
            grouped.push(',');
        }
        grouped.push(c);
    }
    format!("{grouped} {unit}/s")
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

/// The game named by an argument: `kamisado` or `katarenga` (clap reads it
/// through its `FromStr`).
pub use game_spec::GameId as GameName;

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn rates_read_as_whole_numbers_with_separators() {
        // Regression: a progress bar showed `138,835.7359/s`.
        assert_eq!(rate(138_835.735_9, "games"), "138,836 games/s");
        assert_eq!(rate(1_234_567.0, "plies"), "1,234,567 plies/s");
        assert_eq!(rate(999.4, "games"), "999 games/s");
        assert_eq!(rate(1000.0, "games"), "1,000 games/s");
        assert_eq!(rate(2.25, "games"), "2.2 games/s");
        assert_eq!(rate(f64::NAN, "games"), "- games/s");
    }

    #[test]
    fn write_errors_exit_quietly_or_with_status_one() {
        let broken = CliError::Io(io::Error::from(io::ErrorKind::BrokenPipe));
        assert_eq!(exit_code(broken), ExitCode::SUCCESS);
        let full = CliError::Io(io::Error::from(io::ErrorKind::StorageFull));
        assert_eq!(exit_code(full), ExitCode::FAILURE);
        assert_eq!(exit_code(CliError::Failed("x".into())), ExitCode::FAILURE);
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
}

//! The programs' rule of exit statuses as the tests check it, once for the
//! examples, the applications and the protocol's programs.

use std::io::Write;
use std::process::{Command, Output, Stdio};

/// Checks the usage half of the exit rule on `name`'s answers to `--help`
/// (`help`) and to an unknown option (`bad`): help exits 0 with the usage
/// on stdout; a bad argument exits 2 with clap's message, the short usage
/// and a one-line hint to `--help`, never the whole help.
///
/// # Panics
/// Panics, saying what and for which program, where the rule is broken.
pub fn check_usage_rule(name: &str, help: &Output, bad: &Output) {
    let stderr = |o: &Output| String::from_utf8_lossy(&o.stderr).into_owned();
    assert_eq!(
        help.status.code(),
        Some(0),
        "{name} --help: {}",
        stderr(help)
    );
    let text = String::from_utf8_lossy(&help.stdout);
    assert!(text.contains(&format!("Usage: {name}")), "{name}: {text}");
    let err = stderr(bad);
    assert_eq!(bad.status.code(), Some(2), "{name}: {err}");
    assert!(err.starts_with("error: "), "{name}: {err}");
    assert!(
        err.ends_with("For more information, try '--help'.\n"),
        "{name}: {err}"
    );
    assert!(
        !err.contains("Options:"),
        "{name}: the whole help again: {err}"
    );
}

/// Runs `command` with `input` on its stdin and its stdout and stderr
/// captured, as a person typing or a script piping would.
///
/// # Panics
/// Panics if the program cannot be started or its stdin written.
pub fn run_with_input(command: &mut Command, input: &[u8]) -> Output {
    let mut child = command
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .expect("the program starts");
    child
        .stdin
        .take()
        .expect("a piped stdin")
        .write_all(input)
        .expect("the program reads its input");
    child.wait_with_output().expect("the program ends")
}

/// Checks that a program's `text` says `needle`, showing the whole text
/// where it does not.
///
/// # Panics
/// Panics where `text` does not contain `needle`.
#[track_caller]
pub fn assert_contains(text: &str, needle: &str) {
    assert!(text.contains(needle), "expected {needle:?} in:\n{text}");
}

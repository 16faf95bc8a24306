//! The programs' rule of exit statuses as the tests check it, once for the
//! examples, the applications and the protocol's programs.

use std::process::Output;

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

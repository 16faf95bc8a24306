//! The programs' exit statuses, by the one rule of the examples too: 0 and
//! the usage on stdout for `--help`; 2 for bad arguments, with a one-line
//! hint to `--help`; 1 for a run that cannot go on (a file that cannot be
//! read, an engine that cannot play).

use std::process::{Command, Output};

const ENGINE: &str = env!("CARGO_BIN_EXE_kk-engine");
const FAKE: &str = env!("CARGO_BIN_EXE_kk-fake-engine");
const REFEREE: &str = env!("CARGO_BIN_EXE_kk-referee");

fn run(program: &str, args: &[&str]) -> Output {
    Command::new(program)
        .args(args)
        .output()
        .expect("the program runs")
}

fn stderr(output: &Output) -> String {
    String::from_utf8_lossy(&output.stderr).into_owned()
}

/// Regression (issue 32): `kk-engine --help` exited 2.
#[test]
fn help_succeeds_and_bad_arguments_are_usage_errors() {
    for (program, name) in [
        (ENGINE, "kk-engine"),
        (FAKE, "kk-fake-engine"),
        (REFEREE, "kk-referee"),
    ] {
        let help = run(program, &["--help"]);
        assert_eq!(help.status.code(), Some(0), "{name}: {}", stderr(&help));
        let text = String::from_utf8_lossy(&help.stdout);
        assert!(text.contains(&format!("usage: {name}")), "{name}: {text}");
        let bad = run(program, &["--no-such-option", "x"]);
        assert_eq!(bad.status.code(), Some(2), "{name}: {}", stderr(&bad));
        let err = stderr(&bad);
        assert!(err.contains(&format!("`{name} --help`")), "{name}: {err}");
        assert_eq!(err.lines().count(), 1, "{name}: {err}");
    }
}

/// A file that cannot be read is a failure at run time, not a usage error.
#[test]
fn an_unreadable_openings_file_fails_the_run() {
    let out = run(
        REFEREE,
        &[
            "--game",
            "kamisado",
            "--openings",
            "/nonexistent/kk-openings.txt",
            "--engine",
            &format!("cmd={ENGINE}"),
            "--engine",
            &format!("cmd={ENGINE}"),
        ],
    );
    let err = stderr(&out);
    assert!(err.contains("kk-openings.txt"), "{err}");
    assert_eq!(out.status.code(), Some(1), "{err}");
}

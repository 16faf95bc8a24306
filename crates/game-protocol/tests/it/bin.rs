//! The programs' exit statuses, by the one rule of the examples too: 0 and
//! the usage on stdout for `--help`; 2 for bad arguments, with clap's
//! message, the short usage and a hint to `--help`; 1 for a run that cannot
//! go on (a file that cannot be read, an engine that cannot play).

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

/// `--help` exits 0 with the usage on stdout; bad arguments exit 2 with
/// clap's message, the short usage and a one-line hint to `--help`, never
/// the whole help.
#[test]
fn help_succeeds_and_bad_arguments_are_usage_errors() {
    for (program, name) in [
        (ENGINE, "kk-engine"),
        (FAKE, "kk-fake-engine"),
        (REFEREE, "kk-referee"),
    ] {
        let help = run(program, &["--help"]);
        let bad = run(program, &["--no-such-option", "x"]);
        test_support::cli::check_usage_rule(name, &help, &bad);
    }
}

/// Arguments that parse but do not go together read as clap's own usage
/// errors (status 2): a game spec that does not read, a board fixed by
/// the spec and `--boards`, one engine.
#[test]
fn referee_arguments_that_do_not_go_together_are_usage_errors() {
    let engine = format!("cmd={ENGINE}");
    for (args, says) in [
        (
            vec![
                "--game",
                "katarenga target=3",
                "--engine",
                &engine,
                "--engine",
                &engine,
            ],
            "katarenga has no field target",
        ),
        (
            vec![
                "--game",
                "katarenga board=1f0,2b1,3f2,4f3",
                "--boards",
                "random",
                "--engine",
                &engine,
                "--engine",
                &engine,
            ],
            "the game spec fixes the board",
        ),
        (
            vec!["--game", "kamisado", "--engine", &engine],
            "two --engine are needed",
        ),
    ] {
        let out = run(REFEREE, &args);
        let err = stderr(&out);
        assert_eq!(out.status.code(), Some(2), "{args:?}: {err}");
        assert!(err.starts_with("error: "), "{args:?}: {err}");
        assert!(err.contains(says), "{args:?}: {err}");
        assert!(
            err.ends_with("For more information, try '--help'.\n"),
            "{args:?}: {err}"
        );
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

/// A closed standard output does not make the referee panic when it
/// writes its report (the records are written already).
#[test]
fn a_closed_stdout_is_not_a_panic() {
    use std::process::Stdio;
    let records = std::env::temp_dir().join(format!("exits-{}.txt", std::process::id()));
    let mut child = Command::new(REFEREE)
        .args([
            "--game",
            "katarenga",
            "--games",
            "2",
            "--tc",
            "movetime=50",
            "--quiet",
            "--engine",
            &format!("cmd={ENGINE} option.Depth=1"),
            "--engine",
            &format!("cmd={ENGINE} option.Depth=1"),
            "--records",
        ])
        .arg(&records)
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .expect("the referee runs");
    drop(child.stdout.take());
    let out = child.wait_with_output().expect("the referee ends");
    assert_eq!(out.status.code(), Some(0), "{}", stderr(&out));
    let written = std::fs::read_to_string(&records).unwrap_or_default();
    assert_eq!(written.matches("[Event ").count(), 2, "{written}");
    let _ = std::fs::remove_file(records);
}

/// The statuses `kk-referee --help` gives, by number (`0 ...; 1 ...; 2
/// ...`), its words joined by single spaces.
fn referee_statuses() -> Vec<(i32, String)> {
    let help = run(REFEREE, &["--help"]);
    let text = String::from_utf8_lossy(&help.stdout);
    let words: Vec<&str> = text.split_whitespace().collect();
    let text = words.join(" ");
    let statement = text
        .split_once("Exit status: ")
        .map_or("", |(_, rest)| rest);
    statement
        .split("; ")
        .filter_map(|part| {
            let (code, says) = part.split_once(' ')?;
            Some((code.parse().ok()?, says.to_string()))
        })
        .collect()
}

/// Each kind of run the help names ends with the status the help gives
/// it: the help said 2 for an engine that cannot play the run, which
/// exits 1.
#[test]
fn the_referee_exits_with_the_status_its_help_gives() {
    let statuses = referee_statuses();
    assert_eq!(
        statuses.iter().map(|(c, _)| *c).collect::<Vec<_>>(),
        [0, 1, 2, 128],
        "{statuses:?}"
    );
    let dir = std::env::temp_dir().join(format!("exits-statuses-{}", std::process::id()));
    let _ = std::fs::create_dir_all(&dir);
    let records = dir.join("records.txt");
    let records = records.to_string_lossy();
    let fake = format!("name=fake cmd={FAKE}");
    let other = format!("name=other cmd={FAKE}");
    let no_rules = format!("name=plain cmd={FAKE} arg=--fault arg=no-rules");
    let run_of = |game: &str, more: &[&str]| -> Vec<String> {
        let mut args = [
            "--game",
            game,
            "--games",
            "2",
            "--tc",
            "depth=1",
            "--max-plies",
            "4",
            "--quiet",
        ]
        .map(str::to_string)
        .to_vec();
        args.extend(more.iter().map(|s| (*s).to_string()));
        args
    };
    let katarenga = |more: &[&str]| run_of("katarenga", more);
    let cases: [(&str, Vec<String>); 7] = [
        ("--help", vec!["--help".into()]),
        (
            "the run played",
            katarenga(&["--engine", &fake, "--engine", &other, "--records", &records]),
        ),
        (
            "an engine that cannot play it",
            run_of(
                "katarenga rules=no-first-capture",
                &["--engine", &fake, "--engine", &no_rules],
            ),
        ),
        (
            "an openings file that cannot be read",
            katarenga(&[
                "--openings",
                "/nonexistent/kk-openings.txt",
                "--engine",
                &fake,
                "--engine",
                &other,
            ]),
        ),
        (
            "a records file",
            katarenga(&[
                "--records",
                "/nonexistent/kk-records.txt",
                "--engine",
                &fake,
                "--engine",
                &other,
            ]),
        ),
        (
            "bad arguments",
            katarenga(&["--games", "many", "--engine", &fake, "--engine", &other]),
        ),
        (
            "options that do not go together",
            katarenga(&[
                "--rematch",
                "--games",
                "3",
                "--engine",
                &fake,
                "--engine",
                &other,
            ]),
        ),
    ];
    for (named, args) in cases {
        let args: Vec<&str> = args.iter().map(String::as_str).collect();
        let out = run(REFEREE, &args);
        let code = out.status.code();
        let says = statuses
            .iter()
            .find(|(c, _)| Some(*c) == code)
            .map(|(_, says)| says.as_str());
        assert!(
            says.is_some_and(|s| s.contains(named)),
            "{named:?} exited {code:?}, which the help says is {says:?}\n{}",
            stderr(&out)
        );
    }
    let _ = std::fs::remove_dir_all(&dir);
}

/// The help's `<game> [rules=...]` lists name the readings each game's
/// spec takes: each one listed reads as a spec with that reading, and none
/// the spec knows is left out.
#[test]
fn the_referee_help_lists_every_rule_reading_of_each_game() {
    let help = run(REFEREE, &["--help"]);
    let text = String::from_utf8_lossy(&help.stdout);
    for game in game_protocol::GameId::ALL {
        let field = game.option_fields()[0].name;
        let listed = text
            .split_once(&format!("{game} [{field}="))
            .and_then(|(_, rest)| rest.split_once(']'))
            .map_or("", |(list, _)| list);
        let listed: Vec<&str> = listed.split('|').collect();
        for reading in &listed {
            let spec = format!("{game} {field}={reading}");
            let read: Result<game_protocol::GameSpec, _> = spec.parse();
            assert!(read.is_ok(), "{spec:?} does not read: {read:?}");
        }
        assert_eq!(listed, game.readings(), "{game}");
    }
    assert!(text.contains("[supply=8|none]"), "{text}");
    let layouts = text
        .split_once("[layout=")
        .and_then(|(_, rest)| rest.split_once(']'))
        .map_or("", |(list, _)| list);
    let layouts: Vec<&str> = layouts.split('|').collect();
    assert_eq!(
        layouts,
        ["standard", "turned", "mirrored", "mirrored-turned"]
    );
    for layout in layouts {
        let spec = format!("kamisado layout={layout}");
        assert!(spec.parse::<game_protocol::GameSpec>().is_ok(), "{spec}");
    }
}

//! The order of the referee's dialogue with an engine, against the
//! programs as a user runs them: the handshake, then every option of the
//! engine's spec, then the game's questions and commands (a rule option,
//! `newgame`, positions), for every protocol version. An engine whose
//! rule support an option switches on (an old engine behind a wrapper)
//! plays only in that order.

use std::path::{Path, PathBuf};
use std::process::Command;

use game_records::KatarengaRecord;
use katarenga_core::Rules;

const ENGINE: &str = env!("CARGO_BIN_EXE_kk-engine");
const FAKE: &str = env!("CARGO_BIN_EXE_kk-fake-engine");
const REFEREE: &str = env!("CARGO_BIN_EXE_kk-referee");

/// The fake's arguments: it takes `no-first-capture` only after
/// `setoption name FirstCapture value root`, and copies each command it
/// reads to its standard error.
const SWITCHED: &str = "arg=--rules-option arg=FirstCapture=root arg=--echo";

/// A fresh folder in the temporary folder.
fn temp(test: &str) -> PathBuf {
    let path = std::env::temp_dir().join(format!("kk-order-{}-{test}", std::process::id()));
    let _ = std::fs::remove_dir_all(&path);
    std::fs::create_dir_all(&path).expect("a temporary folder");
    path
}

/// A run of kk-referee, as it ended.
struct Run {
    code: Option<i32>,
    stderr: String,
    records: String,
    /// The commands the fake engine read, in order.
    commands: Vec<String>,
}

/// Runs two short Katarenga games under `no-first-capture` between
/// kk-engine and the fake engine `fake` (a spec's arguments and options).
fn run(test: &str, fake: &str) -> Run {
    let dir = temp(test);
    let records = dir.join("records.txt");
    let logs = dir.join("stderr");
    let out = Command::new(REFEREE)
        .args([
            "--game",
            "katarenga rules=no-first-capture",
            "--games",
            "2",
            "--tc",
            "depth=1",
            "--max-plies",
            "20",
            "--quiet",
            "--engine",
            &format!("name=engine cmd={ENGINE} option.Hash=1"),
            "--engine",
            &format!("name=old cmd={FAKE} {fake}"),
            "--records",
        ])
        .arg(&records)
        .arg("--stderr")
        .arg(&logs)
        .output()
        .expect("the referee runs");
    let run = Run {
        code: out.status.code(),
        stderr: String::from_utf8_lossy(&out.stderr).into_owned(),
        records: std::fs::read_to_string(&records).unwrap_or_default(),
        commands: read_lines(&logs.join("old.2.1.log")),
    };
    let _ = std::fs::remove_dir_all(&dir);
    run
}

/// The commands an engine under `--echo` read, from the file that keeps
/// its standard error (without the referee's own `===` lines).
fn read_lines(path: &Path) -> Vec<String> {
    std::fs::read_to_string(path)
        .unwrap_or_default()
        .lines()
        .filter(|l| !l.starts_with("==="))
        .map(str::to_string)
        .collect()
}

/// Asserts that the run played both games under the rule option without
/// a fault, and that the fake engine read its option after the handshake
/// and before anything about the game.
fn assert_played_in_order(run: &Run, what: &str) {
    let context = format!(
        "{what}:\n{}\n{}\ncommands: {:#?}",
        run.stderr, run.records, run.commands
    );
    assert_eq!(run.code, Some(0), "{context}");
    let records = KatarengaRecord::parse_all(&run.records).unwrap_or_default();
    assert_eq!(records.len(), 2, "{context}");
    for record in &records {
        assert_eq!(record.rules, Rules::NoFirstCapture, "{context}");
        assert!(!record.termination.is_forfeit(), "{context}");
    }
    let word = |line: &String| line.split_whitespace().next().unwrap_or("").to_string();
    assert_eq!(
        run.commands.first().map(word).as_deref(),
        Some("kkp"),
        "{context}"
    );
    let about_the_game = run
        .commands
        .iter()
        .position(|c| {
            ["newgame", "position", "go", "orient", "match", "edge"].contains(&word(c).as_str())
        })
        .unwrap_or(run.commands.len());
    let options: Vec<usize> = (0..run.commands.len())
        .filter(|&i| run.commands[i] == "setoption name FirstCapture value root")
        .collect();
    // The engine is started once (no fault), so its one handshake is
    // followed by its one option, before the game's first question.
    assert_eq!(options.len(), 1, "{context}");
    assert!(options[0] < about_the_game, "{context}");
}

/// An engine of KKP 0 is asked whether it takes the rule option only once
/// its options are set: its rule support may depend on them.
#[test]
fn an_old_engine_whose_rules_an_option_switches_on_plays_them() {
    let run = run(
        "kkp0",
        &format!("arg=--fault arg=kkp0 {SWITCHED} option.FirstCapture=root"),
    );
    assert_played_in_order(&run, "KKP 0");
}

/// An engine of KKP 2 declares the rule option, and is sent its options
/// before the first `newgame`.
#[test]
fn a_current_engine_whose_rules_an_option_switches_on_plays_them() {
    let run = run("kkp2", &format!("{SWITCHED} option.FirstCapture=root"));
    assert_played_in_order(&run, "KKP 2");
}

/// Without the option, the old engine refuses the rule option: the run
/// stops before its first game (exit status 1), so the runs above play
/// because of the option and its place.
#[test]
fn without_its_option_the_old_engine_refuses_the_rules_and_the_run_stops() {
    let run = run(
        "kkp0-no-option",
        &format!("arg=--fault arg=kkp0 {SWITCHED}"),
    );
    assert_eq!(run.code, Some(1), "{}", run.stderr);
    assert!(
        run.stderr.contains(
            "refused the rule option: \"unknown rule option 'no-first-capture' (this engine knows standard)\""
        ),
        "{}",
        run.stderr
    );
    assert!(run.records.is_empty(), "{}", run.records);
}

//! The example programs run as processes, the way people run them: bad
//! arguments (non-UTF-8 ones included) exit with status 2 and a message, a
//! full or closed standard output ends them quietly, and the options behave
//! alike in every example. (`cargo test` builds the examples before it runs
//! this file.)

use std::io::{BufRead, BufReader};
use std::path::PathBuf;
use std::process::{Command, Output, Stdio};

fn example(name: &str) -> Command {
    let dir = std::env::current_exe()
        .expect("the test's path")
        .parent()
        .and_then(|deps| deps.parent())
        .expect("target/<profile>")
        .join("examples");
    let path: PathBuf = dir.join(name);
    assert!(
        path.exists(),
        "{} is missing: run `cargo test --workspace`, which builds the examples",
        path.display()
    );
    Command::new(path)
}

/// The examples, `strength` only where it is built (feature `minimax`).
fn examples() -> Vec<&'static str> {
    let mut names = vec![
        "perft",
        "play",
        "render",
        "selfplay",
        "solve",
        "match",
        "record_check",
        "board_study",
    ];
    if cfg!(feature = "minimax") {
        names.push("strength");
    }
    names
}

fn run(name: &str, args: &[&str]) -> Output {
    example(name).args(args).output().expect("the example runs")
}

fn stderr(output: &Output) -> String {
    String::from_utf8_lossy(&output.stderr).into_owned()
}

fn assert_no_panic(output: &Output) {
    let err = stderr(output);
    assert!(!err.contains("panicked"), "{err}");
    assert_ne!(output.status.code(), Some(101), "{err}");
}

/// Regression: a non-UTF-8 argument panicked every example (exit 101).
#[test]
#[cfg(unix)]
fn non_utf8_arguments_are_usage_errors() {
    use std::ffi::OsStr;
    use std::os::unix::ffi::OsStrExt;
    for name in examples() {
        let output = example(name)
            .arg(OsStr::from_bytes(b"\xff"))
            .output()
            .unwrap();
        assert_no_panic(&output);
        assert_eq!(output.status.code(), Some(2), "{name}: {}", stderr(&output));
        assert!(stderr(&output).contains("not valid UTF-8"), "{name}");
    }
}

/// Regression: a full standard output panicked `perft`, `render`,
/// `selfplay` and `match`. Now: a message and status 1.
#[test]
#[cfg(target_os = "linux")]
fn a_full_output_is_an_error_not_a_panic() {
    for (name, args) in [
        ("perft", &["kamisado", "startpos", "1"][..]),
        ("render", &["kamisado", "startpos"]),
        ("selfplay", &["kamisado", "--games", "3"]),
        ("match", &["--target", "1"]),
    ] {
        let full = std::fs::OpenOptions::new()
            .write(true)
            .open("/dev/full")
            .unwrap();
        let output = example(name).args(args).stdout(full).output().unwrap();
        assert_no_panic(&output);
        assert_eq!(output.status.code(), Some(1), "{name}: {}", stderr(&output));
        assert!(stderr(&output).contains("No space left"), "{name}");
    }
}

/// Regression: `match --target 50 | head -1` panicked when `head` closed
/// the pipe. Now the program ends quietly.
#[test]
fn a_closed_pipe_ends_quietly() {
    for (name, args) in [
        ("match", &["--target", "50"][..]),
        ("selfplay", &["katarenga", "--games", "3000"]),
    ] {
        let mut child = example(name)
            .args(args)
            .stdout(Stdio::piped())
            .stderr(Stdio::piped())
            .spawn()
            .unwrap();
        let mut first = String::new();
        BufReader::new(child.stdout.take().unwrap())
            .read_line(&mut first)
            .unwrap();
        // The reader is dropped here: the pipe is closed.
        let output = child.wait_with_output().unwrap();
        assert_no_panic(&output);
        assert_eq!(output.status.code(), Some(0), "{name}: {}", stderr(&output));
        assert!(!first.is_empty());
    }
}

#[test]
fn options_behave_alike() {
    // Unknown options are called so (solve said "bad position").
    let output = run("solve", &["--bogus"]);
    assert_eq!(output.status.code(), Some(2));
    assert!(
        stderr(&output).contains("unknown option --bogus"),
        "{}",
        stderr(&output)
    );
    // Two games are refused (play silently took the last).
    let output = run("play", &["kamisado", "katarenga"]);
    assert_eq!(output.status.code(), Some(2));
    assert!(
        stderr(&output).contains("given twice"),
        "{}",
        stderr(&output)
    );
    // Seed 0 is a seed (strength refused it).
    if cfg!(feature = "minimax") {
        let output = run(
            "strength",
            &["kamisado", "--seed", "0", "--games", "1", "--movetime", "1"],
        );
        assert_eq!(output.status.code(), Some(0), "{}", stderr(&output));
    }
    // `--help` prints the usage to stdout and succeeds.
    let output = run("perft", &["--help"]);
    assert_eq!(output.status.code(), Some(0));
    assert!(String::from_utf8_lossy(&output.stdout).starts_with("usage: perft"));
}

/// Regression: `perft <finished position> 5 --threads 4` reported a
/// speed-up for no work at all.
#[test]
fn no_speed_up_is_claimed_without_work() {
    let won = "Gbpkyrgn/o7/8/8/8/8/8/N1RYKPBO w n";
    let output = run("perft", &["kamisado", won, "5", "--threads", "4"]);
    assert_eq!(output.status.code(), Some(0), "{}", stderr(&output));
    assert_eq!(String::from_utf8_lossy(&output.stdout).trim(), "0");
    assert!(
        stderr(&output).contains("no speed-up to report"),
        "{}",
        stderr(&output)
    );
    assert!(!stderr(&output).contains("speed-up with"));
}

/// Regression: `solve --table-mib 65536` passed its own range check and
/// then aborted the process when the allocation failed.
#[test]
fn solve_refuses_a_table_it_cannot_allocate() {
    let output = run("solve", &["--table-mib", "1048576", "--movetime", "1000"]);
    assert_no_panic(&output);
    assert_eq!(output.status.code(), Some(1), "{}", stderr(&output));
    assert!(
        stderr(&output).contains("could not allocate"),
        "{}",
        stderr(&output)
    );
    // The size asked for, not the half each of the solver's two tables
    // gets.
    assert!(
        stderr(&output).contains("for a table of 1048576 MiB"),
        "{}",
        stderr(&output)
    );
}

/// Every example words an unknown game alike ("unknown game", `play`
/// included): one mistake, one wording.
#[test]
fn every_example_words_an_unknown_game_alike() {
    let mut cases = vec![
        ("play", vec!["chess"]),
        ("selfplay", vec!["chess"]),
        ("perft", vec!["chess", "startpos", "1"]),
        ("render", vec!["chess", "startpos"]),
        ("record_check", vec!["chess", "Cargo.toml"]),
    ];
    if cfg!(feature = "minimax") {
        cases.push(("strength", vec!["chess"]));
    }
    for (name, args) in cases {
        let output = run(name, &args);
        assert_eq!(output.status.code(), Some(2), "{name}");
        let err = stderr(&output);
        assert!(
            err.starts_with("error: unknown game \"chess\": expected kamisado or katarenga\n"),
            "{name}: {err}"
        );
    }
}

/// A script piped into `play` gets its refused lines on stderr, not among
/// the boards, and a non-zero exit; so does a script that ends early.
#[test]
fn a_scripted_play_fails_on_a_refused_line_or_an_early_end() {
    use std::io::Write;
    let script = |args: &[&str], input: &str| {
        let mut child = example("play")
            .args(args)
            .stdin(Stdio::piped())
            .stdout(Stdio::piped())
            .stderr(Stdio::piped())
            .spawn()
            .unwrap();
        child
            .stdin
            .take()
            .unwrap()
            .write_all(input.as_bytes())
            .unwrap();
        child.wait_with_output().unwrap()
    };
    let output = script(&["kamisado"], "d1d8\nquit\n");
    assert_eq!(output.status.code(), Some(1), "{}", stderr(&output));
    let err = stderr(&output);
    assert!(
        err.starts_with("line 1: illegal move d1d8: d8 is occupied\n"),
        "{err}"
    );
    assert!(err.contains("error: input line 1 was refused"), "{err}");
    assert!(!String::from_utf8_lossy(&output.stdout).contains("d8 is occupied"));
    let output = script(&["kamisado", "--white", "human"], "d1d7\n");
    assert_eq!(output.status.code(), Some(1), "{}", stderr(&output));
    assert!(stderr(&output).contains("the input ended before the game did"));
    let output = script(&["kamisado", "--white", "human"], "d1d7\nquit\n");
    assert_eq!(output.status.code(), Some(0), "{}", stderr(&output));
}

#[test]
fn record_check_replays_a_file_of_records_and_reports_the_first_problem() {
    let record = "[Event \"?\"]\n[Site \"?\"]\n[Date \"????.??.??\"]\n[Black \"?\"]\n[White \"?\"]\n\
                  [Result \"white\"]\n[Target \"1\"]\n[Termination \"normal\"]\n\n\
                  Round 1 \"obpkyrgn/8/8/8/8/8/8/NGRYKPBO b -\"\n1. d1d7 g8b3 2. d7d7 b3d1\n\
                  Scored white arrival green 1 0-1\n";
    let dir = std::env::temp_dir();
    let good = dir.join(format!("record-check-{}-good.txt", std::process::id()));
    let bad = dir.join(format!("record-check-{}-bad.txt", std::process::id()));
    std::fs::write(&good, format!("{record}\n{record}")).unwrap();
    std::fs::write(
        &bad,
        format!("{record}\n{}", record.replace("b3d1", "b3b1")),
    )
    .unwrap();
    let output = run("record_check", &["kamisado", good.to_str().unwrap()]);
    assert_eq!(output.status.code(), Some(0), "{}", stderr(&output));
    assert_eq!(
        String::from_utf8_lossy(&output.stdout),
        "2 records, every move legal\n  2 white (normal)\n"
    );
    // Bad data is a failure at run time (1), not a usage error.
    let output = run("record_check", &["kamisado", bad.to_str().unwrap()]);
    assert_eq!(output.status.code(), Some(1));
    assert!(
        stderr(&output).contains("line 24, column 22: move 2 (b3b1): b1 is occupied"),
        "{}",
        stderr(&output)
    );
    let output = run("record_check", &["katarenga", good.to_str().unwrap()]);
    assert_eq!(output.status.code(), Some(1));
    assert!(
        stderr(&output).contains("the tag Board is missing"),
        "{}",
        stderr(&output)
    );
    let _ = std::fs::remove_file(good);
    let _ = std::fs::remove_file(bad);
}

/// `solve` takes Katarenga positions: a win in one, a loss in four, and
/// the start, which nothing proves within a second.
#[test]
fn solve_takes_katarenga_positions() {
    let win = "RYBGRYGB/GRGBGYRY/YYBRBBGR/BGRYYRBG/RGBYRGBY/YYGRYYBR/BBRGBGRG/GRYBGRYB \
               3w4/8/8/8/8/8/b7/b6w w a0";
    let out = run("solve", &[win, "--movetime", "5000", "--table-mib", "16"]);
    let text = String::from_utf8_lossy(&out.stdout);
    assert!(
        text.contains("white (to move) wins; the game lasts 1 ply with best play"),
        "{text}"
    );
    assert!(text.contains("best move: h1h0"), "{text}");
    let loss = "BGRYBYGR/YRGBGYRY/RBYGRBGB/GBYRYRBG/RGBYRYGB/YYBRGYRY/BGRGBBGR/GRYBYRBG \
                w1bwww1b/8/8/6w1/3w4/w5b1/7b/1b1bb3 w -";
    let out = run("solve", &[loss, "--movetime", "20000", "--table-mib", "16"]);
    let text = String::from_utf8_lossy(&out.stdout);
    assert!(
        text.contains("white (to move) loses; the game lasts 4 plies"),
        "{text}"
    );
    let start = "RYBGRYGB/GRGBGYRY/YYBRBBGR/BGRYYRBG/RGBYRGBY/YYGRYYBR/BBRGBGRG/GRYBGRYB \
                 wwwwwwww/8/8/8/8/8/8/bbbbbbbb w -";
    let out = run("solve", &[start, "--movetime", "1000", "--table-mib", "16"]);
    let text = String::from_utf8_lossy(&out.stdout);
    assert!(
        text.contains("not proven within 1 s: searched 1.0"),
        "{text}"
    );
    // An unproven position is reported as such only, never also "proved in".
    assert!(!text.contains("proved in"), "{text}");
    // The old spelling of the limit, in seconds, is still read.
    let out = run("solve", &[start, "--seconds", "1", "--table-mib", "16"]);
    let old = String::from_utf8_lossy(&out.stdout);
    assert!(old.contains("not proven within 1 s: searched 1.0"), "{old}");
    let out = run("solve", &[start, "--certificate", "x.cert"]);
    assert_eq!(out.status.code(), Some(2), "{}", stderr(&out));
    assert!(
        stderr(&out).contains("--certificate is for Kamisado"),
        "{}",
        stderr(&out)
    );
}

/// `board_study`, step by step on a few boards: the scores (resumed, and
/// refused at another depth), the budget table, the games, and the report
/// with its data files and pictures.
#[test]
fn board_study_writes_its_report() {
    let dir = std::env::temp_dir().join(format!("board-study-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    let out_dir = dir.to_str().unwrap();
    let step = |args: &[&str]| {
        let mut all = args.to_vec();
        all.extend(["--out", out_dir]);
        let out = run("board_study", &all);
        assert_eq!(out.status.code(), Some(0), "{args:?}: {}", stderr(&out));
        String::from_utf8_lossy(&out.stdout).into_owned()
    };
    step(&["score", "--boards", "20", "--depth", "2"]);
    let again = step(&["score", "--boards", "40", "--depth", "2"]);
    assert!(again.contains("20 already done"), "{again}");
    let refused = run("board_study", &["score", "--depth", "3", "--out", out_dir]);
    assert_eq!(refused.status.code(), Some(1));
    assert!(
        stderr(&refused).contains("was made with depth 2, not 3"),
        "{}",
        stderr(&refused)
    );
    let scores = std::fs::read_to_string(dir.join("docs/data/katarenga-scores.csv")).unwrap();
    assert_eq!(scores.lines().count(), 41);
    assert!(scores.starts_with("index,tiles,standard_bottom"));
    step(&[
        "budget",
        "--boards",
        "4",
        "--reference",
        "3000",
        "--candidates",
        "depth=1,nodes=300",
    ]);
    let budget = std::fs::read_to_string(dir.join("docs/data/katarenga-budget.md")).unwrap();
    assert!(
        budget.contains("| depth 1 |") && budget.contains("| 300 nodes |"),
        "{budget}"
    );
    step(&[
        "games",
        "--strength",
        "nodes=300",
        "--extremes",
        "2",
        "--extreme-games",
        "1",
        "--sample",
        "3",
        "--sample-games",
        "2",
    ]);
    let games =
        std::fs::read_to_string(dir.join("docs/data/katarenga-games-nodes=300.csv")).unwrap();
    // 8 standard set-ups, 2 extremes, 3 boards in 4 orientations.
    assert_eq!(games.lines().count(), 1 + 8 + 2 + 12, "{games}");
    step(&["report", "--strengths", "nodes=300"]);
    let doc = std::fs::read_to_string(dir.join("docs/katarenga-boards.md")).unwrap();
    for section in [
        "## What Black's choice of orientation is worth",
        "## Games at nodes=300",
        "### The standard board in its four orientations",
        "### Calibration on held-out boards",
        "## What the tiles, sides and rotations do",
        "## The first-move rule",
        "## Checks",
        "perft 3 agreed on 40 of 40",
        "| Black's best by the map |",
    ] {
        assert!(doc.contains(section), "{section:?} missing:\n{doc}");
    }
    for picture in [
        "katarenga-boards/white-1.svg",
        "katarenga-boards/black-3.svg",
        "katarenga-boards/standard-top.svg",
    ] {
        let svg = std::fs::read_to_string(dir.join("docs").join(picture)).unwrap();
        roxmltree::Document::parse(&svg).unwrap_or_else(|e| panic!("{picture}: {e}"));
    }
    let _ = std::fs::remove_dir_all(&dir);
}

/// One rule of exit statuses in every example: 0 and the usage
/// on stdout for `--help`; 2 for bad arguments, with the message and a
/// one-line hint, not the whole usage; 1 for a failure at run time (a file
/// that cannot be read), without the usage.
#[test]
fn every_example_exits_by_one_rule() {
    let mut all = examples();
    all.extend(["check_certificate", "round_starts"]);
    for name in all {
        let help = run(name, &["--help"]);
        assert_eq!(help.status.code(), Some(0), "{name} --help");
        let text = String::from_utf8_lossy(&help.stdout);
        assert!(
            text.starts_with(&format!("usage: {name}")),
            "{name}: {text}"
        );
        let bad = run(name, &["--no-such-option"]);
        assert_eq!(bad.status.code(), Some(2), "{name}: {}", stderr(&bad));
        let err = stderr(&bad);
        assert!(err.starts_with("error: "), "{name}: {err}");
        assert!(
            err.ends_with(&format!("(see `{name} --help` for the usage)\n")),
            "{name}: {err}"
        );
        assert!(
            !err.contains("usage:"),
            "{name}: the whole usage again: {err}"
        );
        assert_eq!(err.lines().count(), 2, "{name}: {err}");
    }
    let missing = "/nonexistent/kk-issue-32.txt";
    for (name, args) in [
        ("record_check", vec!["kamisado", missing]),
        ("check_certificate", vec![missing]),
        ("solve", vec!["--positions", missing]),
        ("render", vec!["kamisado", "startpos", "--out", missing]),
    ] {
        let out = run(name, &args);
        assert_eq!(out.status.code(), Some(1), "{name}: {}", stderr(&out));
        let err = stderr(&out);
        assert!(err.contains("kk-issue-32.txt"), "{name}: {err}");
        assert!(!err.contains("usage"), "{name}: {err}");
    }
}

/// A closed standard error makes no panic (status 101) in the examples that
/// time themselves and report on it.
#[test]
fn a_closed_stderr_is_not_a_panic() {
    for (name, args) in [
        ("perft", &["kamisado", "startpos", "4"][..]),
        ("perft", &["katarenga", "startpos", "3", "--threads", "2"]),
    ] {
        let mut child = example(name)
            .args(args)
            .stdout(Stdio::piped())
            .stderr(Stdio::piped())
            .spawn()
            .unwrap();
        drop(child.stderr.take());
        let output = child.wait_with_output().unwrap();
        assert_eq!(output.status.code(), Some(0), "{name} {args:?}");
        assert!(!output.stdout.is_empty());
    }
}

/// An unquoted position gets a hint to quote it, not only the count of
/// arguments ("expected 3 arguments, got 5").
#[test]
fn an_unquoted_position_gets_a_hint() {
    let position = [
        "RYBGRYGB/GRGBGYRY/YYBRBBGR/BGRYYRBG/RGBYRGBY/YYGRYYBR/BBRGBGRG/GRYBGRYB",
        "wwwwwwww/8/8/8/8/8/8/bbbbbbbb",
        "w",
        "-",
    ];
    for (name, before, after) in [
        ("perft", &["katarenga"][..], &["2"][..]),
        ("render", &["katarenga"], &[]),
        ("solve", &[], &[]),
    ] {
        let args: Vec<&str> = before
            .iter()
            .chain(&position)
            .chain(after)
            .copied()
            .collect();
        let out = run(name, &args);
        assert_eq!(out.status.code(), Some(2), "{name}");
        assert!(
            stderr(&out).contains("(a position is one argument: put it in quotes)"),
            "{name}: {}",
            stderr(&out)
        );
    }
}

/// `solve --positions` reads the whole file before solving: a bad last
/// line is reported at once, before any line is solved.
#[test]
fn solve_checks_a_positions_file_before_solving() {
    let path = std::env::temp_dir().join(format!("solve-positions-{}.txt", std::process::id()));
    std::fs::write(
        &path,
        "obpkyrgn/8/8/8/8/8/8/NGRYKPBO b -\nobpkyrgn/8/8/8/8/8/8/NGRYKPBO b -\nnot a position\n",
    )
    .unwrap();
    let started = std::time::Instant::now();
    let out = run(
        "solve",
        &["--positions", path.to_str().unwrap(), "--table-mib", "16"],
    );
    assert_eq!(out.status.code(), Some(1), "{}", stderr(&out));
    assert!(
        out.stdout.is_empty(),
        "solved before the check: {}",
        String::from_utf8_lossy(&out.stdout)
    );
    assert!(
        stderr(&out).contains(":3: neither a Kamisado position"),
        "{}",
        stderr(&out)
    );
    assert!(started.elapsed().as_secs() < 5);
    let _ = std::fs::remove_file(path);
}

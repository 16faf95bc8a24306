//! The applications run as processes, the way people run them: one rule of
//! exit statuses (0 for `--help` with the usage on stdout, 2 for bad
//! arguments with the message and a hint to `--help`, 1 at run time), and
//! what only a process shows (a script on standard input).

use std::process::{Command, Output};

use test_support::cli::{assert_contains, run_with_input};

fn program(name: &str) -> Command {
    let path = match name {
        "kk-play" => env!("CARGO_BIN_EXE_kk-play"),
        "kk-board-study" => env!("CARGO_BIN_EXE_kk-board-study"),
        "kk-solve-table" => env!("CARGO_BIN_EXE_kk-solve-table"),
        other => panic!("no program {other}"),
    };
    Command::new(path)
}

fn run(name: &str, args: &[&str]) -> Output {
    program(name).args(args).output().expect("the program runs")
}

fn stderr(output: &Output) -> String {
    String::from_utf8_lossy(&output.stderr).into_owned()
}

#[test]
fn every_program_exits_by_one_rule() {
    for name in ["kk-play", "kk-board-study", "kk-solve-table"] {
        let help = run(name, &["--help"]);
        let bad = run(name, &["--no-such-option"]);
        test_support::cli::check_usage_rule(name, &help, &bad);
    }
    // A usage error found after parsing reads as clap's own.
    let out = run("kk-play", &["--game", "kamisado", "--rematch"]);
    assert_eq!(out.status.code(), Some(2));
    let err = stderr(&out);
    assert!(
        err.starts_with("error: --arrangement, --orientation and --rematch are for Katarenga\n"),
        "{err}"
    );
    assert!(
        err.ends_with("For more information, try '--help'.\n"),
        "{err}"
    );
    // A file that cannot be read fails at run time.
    let missing = "/nonexistent/kk-apps-missing.txt";
    let out = run("kk-solve-table", &["positions", missing]);
    assert_eq!(out.status.code(), Some(1), "{}", stderr(&out));
    assert!(stderr(&out).contains("kk-apps-missing.txt"));
    assert!(!stderr(&out).contains("Usage"));
}

/// Regression: a script piped into `play` had its refused lines printed
/// among the boards, and the program exited 0.
#[test]
fn a_scripted_play_fails_on_a_refused_line_or_an_early_end() {
    let script = |args: &[&str], input: &str| {
        run_with_input(program("kk-play").args(args), input.as_bytes())
    };
    let output = script(&["--game", "kamisado"], "d1d8\nquit\n");
    assert_eq!(output.status.code(), Some(1), "{}", stderr(&output));
    let err = stderr(&output);
    assert!(
        err.starts_with("line 1: illegal move d1d8: d8 is occupied\n"),
        "{err}"
    );
    assert_contains(&err, "error: input line 1 was refused");
    assert!(!String::from_utf8_lossy(&output.stdout).contains("d8 is occupied"));
    let output = script(&["--game", "kamisado", "--white", "human"], "d1d7\n");
    assert_eq!(output.status.code(), Some(1), "{}", stderr(&output));
    assert!(stderr(&output).contains("the input ended before the game did"));
    let output = script(&["--game", "kamisado", "--white", "human"], "d1d7\nquit\n");
    assert_eq!(output.status.code(), Some(0), "{}", stderr(&output));
}

/// `positions` reads the whole file before solving: a bad last line is
/// reported at once, nothing solved.
#[test]
fn solve_table_checks_a_positions_file_before_solving() {
    let path = std::env::temp_dir().join(format!("solve-positions-{}.txt", std::process::id()));
    std::fs::write(
        &path,
        "obpkyrgn/8/8/8/8/8/8/NGRYKPBO b -\nobpkyrgn/8/8/8/8/8/8/NGRYKPBO b -\nnot a position\n",
    )
    .unwrap();
    let started = std::time::Instant::now();
    let out = run(
        "kk-solve-table",
        &["positions", path.to_str().unwrap(), "--table-mib", "16"],
    );
    assert_eq!(out.status.code(), Some(1), "{}", stderr(&out));
    assert!(
        out.stdout.is_empty(),
        "solved before the check: {}",
        String::from_utf8_lossy(&out.stdout)
    );
    assert_contains(&stderr(&out), ":3: neither a Kamisado position");
    assert!(started.elapsed().as_secs() < 5);
    let _ = std::fs::remove_file(path);
}

/// `positions` solves a file of both games' positions, one line each; the
/// starts `round-starts` samples are distinct positions of the round asked.
#[test]
fn solve_table_solves_files_and_samples_round_starts() {
    let out = run(
        "kk-solve-table",
        &[
            "round-starts",
            "--round",
            "2",
            "--count",
            "3",
            "--seed",
            "5",
        ],
    );
    assert_eq!(out.status.code(), Some(0), "{}", stderr(&out));
    let starts = String::from_utf8_lossy(&out.stdout).into_owned();
    let lines: Vec<&str> = starts.lines().collect();
    assert_eq!(lines.len(), 3, "{starts}");
    for line in &lines {
        line.parse::<kamisado_core::Position>()
            .unwrap_or_else(|e| panic!("{line}: {e}"));
    }
    // A Katarenga win in one (White to move, h1h0 takes the last camp).
    let win = "RYBGRYGB/GRGBGYRY/YYBRBBGR/BGRYYRBG/RGBYRGBY/YYGRYYBR/BBRGBGRG/GRYBGRYB \
               3w4/8/8/8/8/8/b7/b6w w a0";
    let path = std::env::temp_dir().join(format!("solve-both-{}.txt", std::process::id()));
    // A Kamisado round already won (Black's green tower reached a8).
    let won = "Gbpkyrgn/o7/8/8/8/8/8/N1RYKPBO w n";
    std::fs::write(&path, format!("# a comment\n{won}\n{win}\n")).unwrap();
    let out = run(
        "kk-solve-table",
        &[
            "positions",
            path.to_str().unwrap(),
            "--table-mib",
            "16",
            "--movetime",
            "20000",
        ],
    );
    assert_eq!(out.status.code(), Some(0), "{}", stderr(&out));
    let text = String::from_utf8_lossy(&out.stdout).into_owned();
    let rows: Vec<Vec<&str>> = text.lines().map(|l| l.split(" ; ").collect()).collect();
    assert_eq!(rows.len(), 2, "{text}");
    assert_eq!(&rows[0][..2], [won, "black"], "{text}");
    assert_eq!(rows[1][0], win);
    assert_eq!(&rows[1][1..4], ["white", "1", "h1h0"], "{text}");
    let _ = std::fs::remove_file(path);
}

//! The example programs run as processes, the way people run them: bad
//! arguments (non-UTF-8 ones included) exit with status 2 and clap's
//! message, a closed standard output ends them quietly, a full one is an
//! error, and the options behave alike in every example. (`cargo test`
//! builds the examples before it runs this file; the applications'
//! programs are tested in crates/kk-apps.)

use std::io::{BufRead, BufReader};
use std::path::PathBuf;
use std::process::{Child, Command, Output, Stdio};

use test_support::cli::{assert_contains, run_with_input};

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

/// The examples.
const EXAMPLES: [&str; 8] = [
    "perft",
    "play",
    "render",
    "selfplay",
    "solve",
    "match",
    "record_check",
    "check_certificate",
];

pub(crate) fn run(name: &str, args: &[&str]) -> Output {
    example(name).args(args).output().expect("the example runs")
}

/// Starts example `name` with its output piped to the test, which may
/// close either pipe before the example ends.
fn spawn(name: &str, args: &[&str]) -> Child {
    example(name)
        .args(args)
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .expect("the example starts")
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
    for name in EXAMPLES {
        let output = example(name)
            .arg(OsStr::from_bytes(b"\xff"))
            .output()
            .unwrap();
        assert_no_panic(&output);
        assert_eq!(output.status.code(), Some(2), "{name}: {}", stderr(&output));
        // clap's message: "invalid UTF-8", or the value it could not match
        // or place, shown with a replacement character.
        let err = stderr(&output);
        assert!(err.starts_with("error: "), "{name}: {err}");
        assert!(
            err.contains("invalid UTF-8") || err.contains('\u{FFFD}'),
            "{name}: {err}"
        );
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
        let mut child = spawn(name, args);
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
    // Unknown options are called so (solve once said "bad position").
    let output = run("solve", &["--bogus"]);
    assert_eq!(output.status.code(), Some(2));
    assert_contains(&stderr(&output), "unexpected argument '--bogus'");
    // Two games are refused (play once silently took the last).
    let output = run("play", &["kamisado", "katarenga"]);
    assert_eq!(output.status.code(), Some(2));
    assert_contains(&stderr(&output), "unexpected argument 'katarenga'");
    // Seed 0 is a seed.
    let output = run("match", &["--seed", "0", "--target", "1"]);
    assert_eq!(output.status.code(), Some(0), "{}", stderr(&output));
    // The old spellings are gone (nothing was released with them).
    for (name, args) in [
        ("play", &["--think", "5"][..]),
        ("solve", &["--seconds", "1"]),
    ] {
        let output = run(name, args);
        assert_eq!(output.status.code(), Some(2), "{name} {args:?}");
    }
}

/// Regression: `perft <finished position> 5 --threads 4` reported a
/// speed-up for no work at all.
#[test]
fn no_speed_up_is_claimed_without_work() {
    let won = "Gbpkyrgn/o7/8/8/8/8/8/N1RYKPBO w n";
    let output = run("perft", &["kamisado", won, "5", "--threads", "4"]);
    assert_eq!(output.status.code(), Some(0), "{}", stderr(&output));
    assert_eq!(String::from_utf8_lossy(&output.stdout).trim(), "0");
    assert_contains(&stderr(&output), "no speed-up to report");
    assert!(!stderr(&output).contains("speed-up with"));
}

/// Regression: `solve --table-mib 65536` passed its own range check and
/// then aborted the process when the allocation failed.
#[test]
fn solve_refuses_a_table_it_cannot_allocate() {
    let output = run("solve", &["--table-mib", "1048576", "--movetime", "1000"]);
    assert_no_panic(&output);
    assert_eq!(output.status.code(), Some(1), "{}", stderr(&output));
    assert_contains(&stderr(&output), "could not allocate");
    // The size asked for, not the half each of the solver's two tables
    // gets.
    assert_contains(&stderr(&output), "for a table of 1048576 MiB");
}

/// Every example words an unknown game alike ("unknown game", `play`
/// included): one mistake, one wording.
#[test]
fn every_example_words_an_unknown_game_alike() {
    for (name, args) in [
        ("play", vec!["chess"]),
        ("selfplay", vec!["chess"]),
        ("perft", vec!["chess", "startpos", "1"]),
        ("render", vec!["chess", "startpos"]),
        ("record_check", vec!["chess", "Cargo.toml"]),
    ] {
        let output = run(name, &args);
        assert_eq!(output.status.code(), Some(2), "{name}");
        let err = stderr(&output);
        assert!(
            err.starts_with("error: invalid value 'chess' for '[GAME]'")
                || err.starts_with("error: invalid value 'chess' for '<GAME>'"),
            "{name}: {err}"
        );
        assert!(
            err.contains(
                "unknown game \"chess\": expected kamisado, katarenga, congress, quebec or isolation"
            ),
            "{name}: {err}"
        );
    }
}

/// The `play` example with a person at Black, typing: a listing of the
/// moves, an illegal move refused with a hint, a legal one played and
/// answered by the computer, then `quit`.
#[test]
fn play_takes_typed_moves_and_refuses_illegal_ones() {
    let output = run_with_input(
        example("play")
            .args(["kamisado", "--depth", "1"])
            .env("NO_COLOR", "1"),
        b"moves\nd1d8\nd1d7\nquit\n",
    );
    assert_eq!(output.status.code(), Some(0), "{}", stderr(&output));
    let out = String::from_utf8_lossy(&output.stdout);
    // The start has 102 legal moves, d1d7 among them.
    let listing = out.lines().find(|l| l.contains("d1d7")).expect("the moves");
    let listing = listing.rsplit("> ").next().unwrap_or_default();
    assert_eq!(listing.split(' ').count(), 102, "{listing}");
    assert_contains(&out, "d1d8 is not legal here");
    assert_contains(&out, "white plays ");
}

/// The quick start: both games played to their end, computer against
/// computer.
#[test]
fn the_demo_plays_both_games_to_their_end() {
    let output = run("play", &["--demo"]);
    assert_eq!(output.status.code(), Some(0), "{}", stderr(&output));
    let out = String::from_utf8_lossy(&output.stdout);
    let katarenga = out
        .find("Katarenga on the standard board")
        .expect("both games");
    assert!(out[..katarenga].contains(" wins"), "{out}");
    let end = out.lines().last().unwrap_or_default();
    assert!(
        end.contains(" wins") || end.contains("without a winner"),
        "{out}"
    );
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
    assert_contains(
        &stderr(&output),
        "line 24, column 22: move 2 (b3b1): b1 is occupied",
    );
    let output = run("record_check", &["katarenga", good.to_str().unwrap()]);
    assert_eq!(output.status.code(), Some(1));
    assert_contains(&stderr(&output), "the tag Board is missing");
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
    assert_contains(
        &text,
        "white (to move) wins; the game lasts 1 ply with best play",
    );
    assert_contains(&text, "best move: h1h0");
    let loss = "BGRYBYGR/YRGBGYRY/RBYGRBGB/GBYRYRBG/RGBYRYGB/YYBRGYRY/BGRGBBGR/GRYBYRBG \
                w1bwww1b/8/8/6w1/3w4/w5b1/7b/1b1bb3 w -";
    let out = run("solve", &[loss, "--movetime", "20000", "--table-mib", "16"]);
    let text = String::from_utf8_lossy(&out.stdout);
    assert_contains(&text, "white (to move) loses; the game lasts 4 plies");
    let start = "RYBGRYGB/GRGBGYRY/YYBRBBGR/BGRYYRBG/RGBYRGBY/YYGRYYBR/BBRGBGRG/GRYBGRYB \
                 wwwwwwww/8/8/8/8/8/8/bbbbbbbb w -";
    let out = run("solve", &[start, "--movetime", "1000", "--table-mib", "16"]);
    let text = String::from_utf8_lossy(&out.stdout);
    assert_contains(&text, "not proven within 1 s: searched 1.0");
    // An unproven position is reported as such only, never also "proved in".
    assert!(!text.contains("proved in"), "{text}");
    // No proof, no certificate: said, and no file written.
    let dir = std::env::temp_dir().join(format!("kk-solve-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let unproven = dir.join("unproven.cert");
    let out = run(
        "solve",
        &[
            start,
            "--movetime",
            "300",
            "--table-mib",
            "16",
            "--certificate",
            unproven.to_str().unwrap(),
        ],
    );
    assert_eq!(out.status.code(), Some(1), "{}", stderr(&out));
    assert_contains(&stderr(&out), "not proven: no certificate");
    assert!(!unproven.exists());
    std::fs::remove_dir_all(&dir).unwrap();
}

/// `solve --game` takes the family's positions under their options, and
/// their certificates pass `check_certificate`: on an all-blue board (kings)
/// White's c3 joins a1-a2-a3 at once.
#[test]
fn solve_certifies_the_family_and_check_certificate_reads_it() {
    let blue = "BBBBBBBB/".repeat(7) + "BBBBBBBB";
    let position = format!("{blue} 7b/8/5b2/8/8/w1w5/w7/w7 b");
    let dir = std::env::temp_dir().join(format!("kk-certify-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    for (game, kind) in [
        ("quebec both-connected=draw", "quebec"),
        ("congress no-move=pass", "congress"),
    ] {
        let file = dir.join(format!("{kind}.cert"));
        let out = run(
            "solve",
            &[
                &position,
                "--game",
                game,
                "--movetime",
                "5000",
                "--table-mib",
                "16",
                "--certificate",
                file.to_str().unwrap(),
            ],
        );
        let text = String::from_utf8_lossy(&out.stdout);
        assert_eq!(out.status.code(), Some(0), "{game}: {}", stderr(&out));
        assert_contains(
            &text,
            "black (to move) loses; the game lasts 2 plies with best play",
        );
        assert_contains(&text, "certificate: ");
        let written = std::fs::read_to_string(&file).unwrap();
        assert!(
            written.starts_with(&format!("# {kind}-certificate 1\n")),
            "{written}"
        );
        assert_contains(&written, game.split_once(' ').unwrap().1);
        let out = run("check_certificate", &[file.to_str().unwrap()]);
        assert_eq!(out.status.code(), Some(0), "{game}: {}", stderr(&out));
        assert_contains(
            &String::from_utf8_lossy(&out.stdout),
            "verified: white wins",
        );
        // Spoiled, it is refused with the line.
        std::fs::write(&file, written.replace("winner white", "winner black")).unwrap();
        let out = run("check_certificate", &[file.to_str().unwrap()]);
        assert_eq!(out.status.code(), Some(1), "{game}: {}", stderr(&out));
    }
    // Without --game, a family position is neither Kamisado's nor Katarenga's.
    let out = run("solve", &[&position]);
    assert_eq!(out.status.code(), Some(2), "{}", stderr(&out));
    assert_contains(&stderr(&out), "needs --game");
    // A position that is not of the game named.
    let out = run(
        "solve",
        &["--game", "isolation", "obpkyrgn/8/8/8/8/8/8/NGRYKPBO b -"],
    );
    assert_eq!(out.status.code(), Some(2), "{}", stderr(&out));
    assert_contains(&stderr(&out), "not a position of isolation");
    std::fs::remove_dir_all(&dir).unwrap();
}

/// One rule of exit statuses in every example: 0 and the usage on stdout
/// for `--help`; 2 for bad arguments, with clap's message, the short usage
/// and a one-line hint, never the whole help; 1 for a failure at run time
/// (a file that cannot be read), without the usage.
#[test]
fn every_example_exits_by_one_rule() {
    for name in EXAMPLES {
        let help = run(name, &["--help"]);
        let bad = run(name, &["--no-such-option"]);
        test_support::cli::check_usage_rule(name, &help, &bad);
    }
    let missing = "/nonexistent/kk-missing.txt";
    for (name, args) in [
        ("record_check", vec!["kamisado", missing]),
        ("check_certificate", vec![missing]),
        ("render", vec!["kamisado", "startpos", "--out", missing]),
    ] {
        let out = run(name, &args);
        assert_eq!(out.status.code(), Some(1), "{name}: {}", stderr(&out));
        let err = stderr(&out);
        assert!(err.contains("kk-missing.txt"), "{name}: {err}");
        assert!(!err.contains("Usage"), "{name}: {err}");
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
        let mut child = spawn(name, args);
        drop(child.stderr.take());
        let output = child.wait_with_output().unwrap();
        assert_eq!(output.status.code(), Some(0), "{name} {args:?}");
        assert!(!output.stdout.is_empty());
    }
}

/// A position is several words: `render` and `solve`, where it comes
/// last, take them unquoted; `perft`, where the depth follows it, refuses
/// them as a usage error.
#[test]
fn unquoted_positions_are_read_where_they_come_last() {
    let position = [
        "RYBGRYGB/GRGBGYRY/YYBRBBGR/BGRYYRBG/RGBYRGBY/YYGRYYBR/BBRGBGRG/GRYBGRYB",
        "wwwwwwww/8/8/8/8/8/8/bbbbbbbb",
        "w",
        "-",
    ];
    let quoted = run("render", &["katarenga", &position.join(" ")]);
    let mut args = vec!["katarenga"];
    args.extend(position);
    let unquoted = run("render", &args);
    assert_eq!(unquoted.status.code(), Some(0), "{}", stderr(&unquoted));
    assert_eq!(quoted.stdout, unquoted.stdout);
    let solved = run(
        "solve",
        &[&position[..], &["--movetime", "100", "--table-mib", "16"]].concat(),
    );
    assert_eq!(solved.status.code(), Some(0), "{}", stderr(&solved));
    let mut args = vec!["katarenga"];
    args.extend(position);
    args.push("2");
    assert_eq!(run("perft", &args).status.code(), Some(2));
}

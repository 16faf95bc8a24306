//! Every fault an engine can commit, against the referee program as a
//! user runs it: the game's termination and reason in the record (made
//! printable), the run going on to its end, no process of the engines
//! left afterwards, and the referee's peak resident memory (which it
//! reports) under [`MEMORY_MIB`], however much an engine writes.

use katarenga_core::Game;
use std::path::PathBuf;
use std::process::Command;
use std::time::{Duration, Instant};

use game_records::{Chooser, KamisadoRecord, KatarengaRecord, Termination};

const ENGINE: &str = env!("CARGO_BIN_EXE_kk-engine");
const FAKE: &str = env!("CARGO_BIN_EXE_kk-fake-engine");
const REFEREE: &str = env!("CARGO_BIN_EXE_kk-referee");

/// The bound on the referee's peak resident memory, in MiB: its own
/// (a debug build, about 5 MiB) and its queues (at most 4 MiB an engine).
const MEMORY_MIB: f64 = 48.0;

/// A fresh path in the temporary folder.
fn temp(name: &str) -> PathBuf {
    let path = std::env::temp_dir().join(format!("kk-faults-{}-{name}", std::process::id()));
    let _ = std::fs::remove_file(&path);
    path
}

/// A run of the referee program, as it ended.
struct Run {
    stdout: String,
    stderr: String,
    code: Option<i32>,
    records: String,
    /// The games' terminations and `Reason` tags, in order.
    games: Vec<(Termination, Option<String>)>,
    memory_mib: f64,
}

/// Runs kk-referee on the game spec `game` with `args` (records in a file
/// of its own), then waits for the processes whose command line holds
/// `tag` to be gone.
fn referee(game: &str, args: &[String], tag: &str) -> Run {
    let records = temp(tag);
    let out = Command::new(REFEREE)
        .args(["--game", game, "--quiet", "--records"])
        .arg(&records)
        .args(args)
        .output()
        .unwrap();
    let text = std::fs::read_to_string(&records).unwrap_or_default();
    let _ = std::fs::remove_file(&records);
    let stdout = String::from_utf8_lossy(&out.stdout).into_owned();
    let games = if game.starts_with("kamisado") {
        KamisadoRecord::parse_all(&text)
            .unwrap_or_else(|e| panic!("{e}\n{text}"))
            .into_iter()
            .map(|r| (r.termination, reason(&r.header.other)))
            .collect()
    } else {
        KatarengaRecord::parse_all(&text)
            .unwrap_or_else(|e| panic!("{e}\n{text}"))
            .into_iter()
            .map(|r| (r.termination, reason(&r.header.other)))
            .collect()
    };
    let memory_mib = stdout
        .lines()
        .find_map(|l| l.strip_prefix("memory: "))
        .and_then(|l| l.split_whitespace().next())
        .and_then(|m| m.parse().ok())
        .unwrap_or(f64::NAN);
    assert_no_process_left(tag);
    Run {
        stdout,
        stderr: String::from_utf8_lossy(&out.stderr).into_owned(),
        code: out.status.code(),
        records: text,
        games,
        memory_mib,
    }
}

fn reason(tags: &[(String, String)]) -> Option<String> {
    tags.iter()
        .find(|(k, _)| k == "Reason")
        .map(|(_, v)| v.clone())
}

/// The processes whose command line holds `tag`.
fn processes(tag: &str) -> Vec<String> {
    let mut found = Vec::new();
    for entry in std::fs::read_dir("/proc").into_iter().flatten().flatten() {
        let cmdline = entry.path().join("cmdline");
        if let Ok(bytes) = std::fs::read(&cmdline) {
            let line = String::from_utf8_lossy(&bytes).replace('\0', " ");
            if line.contains(tag) {
                found.push(format!("{}: {line}", entry.file_name().to_string_lossy()));
            }
        }
    }
    found
}

fn assert_no_process_left(tag: &str) {
    let until = Instant::now() + Duration::from_secs(2);
    loop {
        let left = processes(tag);
        if left.is_empty() {
            return;
        }
        assert!(Instant::now() < until, "left running: {left:?}");
        std::thread::sleep(Duration::from_millis(20));
    }
}

/// A unique tag for a run's processes (and its files).
fn tag(test: &str) -> String {
    static RUNS: std::sync::atomic::AtomicU32 = std::sync::atomic::AtomicU32::new(0);
    let run = RUNS.fetch_add(1, std::sync::atomic::Ordering::SeqCst);
    format!("kk-fault-{}-{run}-{test}", std::process::id())
}

/// The engine spec of our engine.
fn ours() -> String {
    format!("name=engine cmd={ENGINE} option.Hash=1")
}

/// The spec of the fake engine with `args`, tagged.
fn fake(args: &str, tag: &str) -> String {
    let args: String = args
        .split_whitespace()
        .chain(["--tag", tag])
        .map(|a| format!(" arg={a}"))
        .collect();
    format!("name=fake cmd={FAKE}{args}")
}

/// The run's arguments for two games between `engines` at `tc`.
fn args(engines: [String; 2], tc: &str, extra: &[&str]) -> Vec<String> {
    let mut args = vec![
        "--games".to_string(),
        "2".into(),
        "--tc".into(),
        tc.into(),
        "--patience".into(),
        "1500".into(),
        "--margin".into(),
        "400".into(),
        "--engine".into(),
        engines[0].clone(),
        "--engine".into(),
        engines[1].clone(),
    ];
    args.extend(extra.iter().map(|s| (*s).to_string()));
    args
}

/// A run of our engine against the fake with `fault`: both games lost by
/// the fake with `expected`, each reason holding `reason`, the run whole.
fn faulted(game: &str, fault: &str, tc: &str, expected: Termination, reason: &str) -> Run {
    let test = fault.split_whitespace().nth(1).unwrap_or(fault);
    let tag = tag(test);
    let run = referee(game, &args([ours(), fake(fault, &tag)], tc, &[]), &tag);
    check(&run, fault, [expected; 2], reason);
    run
}

fn check(run: &Run, what: &str, expected: [Termination; 2], reason: &str) {
    let context = format!("{what}:\n{}\n{}\n{}", run.stdout, run.stderr, run.records);
    assert_eq!(run.code, Some(0), "{context}");
    assert!(run.stdout.contains("games: 2 ("), "{context}");
    let terminations: Vec<Termination> = run.games.iter().map(|g| g.0).collect();
    assert_eq!(terminations, expected, "{context}");
    for (termination, why) in &run.games {
        if termination.is_forfeit() {
            let why = why.as_deref().unwrap_or_default();
            assert!(why.contains(reason), "{reason:?} not in {why:?}\n{context}");
            assert!(why.starts_with("fake: "), "{context}");
            assert!(why.chars().all(|c| !c.is_control()), "{why:?}");
            assert!(why.len() < 1_000, "{context}");
        }
    }
    assert!(
        run.memory_mib < MEMORY_MIB,
        "{what}: the referee used {} MiB\n{context}",
        run.memory_mib
    );
    eprintln!(
        "{what}: {:?}, the referee's peak {:.1} MiB",
        run.games, run.memory_mib
    );
}

#[test]
fn a_crash_loses_and_the_engine_is_restarted() {
    let run = faulted(
        "katarenga",
        "--fault crash --after 1",
        "depth=1",
        Termination::Crash,
        "exited with status 3 while thinking",
    );
    assert!(
        run.stdout
            .contains("faults: engine 0, fake 2 (restarts 0, 2)"),
        "{}",
        run.stdout
    );
    assert!(
        run.stdout
            .contains("games: 2 (2 wins, 0 draws, 0 losses for engine)"),
        "{}",
        run.stdout
    );
}

#[test]
fn a_hang_loses_by_no_answer() {
    faulted(
        "kamisado",
        "--fault hang",
        "nodes=500",
        Termination::NoAnswer,
        "no answer in time while thinking",
    );
}

#[test]
fn an_answer_late_by_a_second_and_a_half_loses_on_time() {
    faulted(
        "katarenga",
        "--fault late --after 1",
        "movetime=100",
        Termination::TimeForfeit,
        "no answer in time while thinking",
    );
}

#[test]
fn a_flag_fall_loses_on_time() {
    faulted(
        "kamisado",
        "--fault late",
        "0.5+0",
        Termination::TimeForfeit,
        "no answer in time",
    );
}

#[test]
fn an_illegal_move_a_pass_with_moves_and_bestmove_none_lose() {
    faulted(
        "kamisado",
        "--fault illegal",
        "depth=1",
        Termination::IllegalMove,
        "played \"",
    );
    faulted(
        "kamisado",
        "--fault pass",
        "depth=1",
        Termination::IllegalMove,
        "played \"",
    );
    faulted(
        "katarenga",
        "--fault bestmove-none --after 1",
        "depth=1",
        Termination::IllegalMove,
        "bestmove none in a position with moves",
    );
}

/// A line that is no reply is passed over (as UCI controllers do): the
/// engine then loses for want of an answer, the line named.
#[test]
fn garbage_is_passed_over_and_the_engine_answers_too_late() {
    faulted(
        "katarenga",
        "--fault garbage --after 1",
        "nodes=1000",
        Termination::NoAnswer,
        "1 line ignored, the last \"this is not a reply\"",
    );
}

#[test]
fn an_error_answer_to_go_is_a_protocol_error() {
    faulted(
        "katarenga",
        "--fault refuse --after 1",
        "depth=1",
        Termination::ProtocolError,
        "refused go: \"I would rather not\"",
    );
}

#[test]
fn lines_over_the_limit_are_protocol_errors_read_no_further() {
    faulted(
        "katarenga",
        "--fault long-info --after 1",
        "depth=1",
        Termination::ProtocolError,
        "sent a line longer than 65536 bytes (it starts \"info string xxx",
    );
    faulted(
        "katarenga",
        "--fault long-garbage --after 1",
        "depth=1",
        Termination::ProtocolError,
        "sent a line longer than 65536 bytes (it starts \"####",
    );
    faulted(
        "kamisado",
        "--fault endless-line",
        "depth=1",
        Termination::ProtocolError,
        "sent a line longer than 65536 bytes (it starts \"yyyy",
    );
}

/// `info` lines faster than they can be read: the deadline holds
/// (memory stays bounded), with a clock and without.
#[test]
fn a_flood_of_info_lines_loses_at_the_deadline() {
    faulted(
        "katarenga",
        "--fault flood --after 1",
        "movetime=300",
        Termination::TimeForfeit,
        "no answer in time while thinking",
    );
    faulted(
        "kamisado",
        "--fault flood",
        "nodes=1000",
        Termination::NoAnswer,
        "no answer in time while thinking",
    );
}

#[test]
fn a_line_that_is_not_utf8_is_a_protocol_error() {
    faulted(
        "katarenga",
        "--fault not-utf8 --after 1",
        "depth=1",
        Termination::ProtocolError,
        "sent a line that is not UTF-8 (byte 9 of \"bestmove \u{fffd}\u{fffd}\")",
    );
}

/// NUL and control characters: an `info` line with them is passed over;
/// a `bestmove` with them is an illegal move, named with its characters
/// escaped (the record stays printable).
#[test]
fn nul_and_control_characters_are_escaped_in_the_record() {
    let run = faulted(
        "katarenga",
        "--fault control --after 1",
        "depth=1",
        Termination::IllegalMove,
        "\\0\\u{7}\"",
    );
    assert!(
        !run.records.chars().any(|c| c.is_control() && c != '\n'),
        "{:?}",
        run.records
    );
}

#[test]
fn an_engine_that_closes_its_output_crashes() {
    faulted(
        "katarenga",
        "--fault close-stdout --after 1",
        "depth=1",
        Termination::Crash,
        "closed its output while thinking",
    );
}

/// The engine exits and a child of it holds its pipes: a crash all the
/// same, and the child is killed with the group.
#[test]
fn a_forked_child_holding_the_pipes_is_killed_with_the_engine() {
    faulted(
        "katarenga",
        "--fault fork --after 1",
        "depth=1",
        Termination::Crash,
        "exited with status 5 while thinking (a process it started still held its output)",
    );
}

#[test]
fn an_engine_that_ignores_sigterm_is_killed() {
    faulted(
        "kamisado",
        "--fault ignore-term",
        "nodes=500",
        Termination::NoAnswer,
        "no answer in time",
    );
}

/// The engine behind a shell that does not `exec` it: the shell and the
/// engine both go.
#[test]
fn an_engine_behind_a_shell_wrapper_is_killed_whole() {
    let tag = tag("shell");
    let spec = format!("name=fake cmd=sh arg=-c arg='{FAKE} --fault hang --tag {tag}; true'");
    let run = referee("kamisado", &args([ours(), spec], "nodes=500", &[]), &tag);
    check(
        &run,
        "shell",
        [Termination::NoAnswer; 2],
        "no answer in time while thinking",
    );
}

/// An engine that takes all the memory it can (under `ulimit -v`): it
/// crashes; the referee does not grow. The time to think is long enough
/// that a loaded machine still sees the crash before the clock runs out.
#[test]
fn an_engine_without_a_memory_bound_crashes_alone() {
    let tag = tag("memory");
    let spec = format!(
        "name=fake cmd=sh arg=-c arg='ulimit -v 400000; exec {FAKE} --fault memory --tag {tag}'"
    );
    let run = referee(
        "katarenga",
        &args([ours(), spec], "movetime=10000", &[]),
        &tag,
    );
    check(&run, "memory", [Termination::Crash; 2], "while thinking");
}

/// `isready` answered after the patience: no answer.
#[test]
fn isready_answered_late_loses_by_no_answer() {
    faulted(
        "katarenga",
        "--fault late-ready --after 1",
        "depth=1",
        Termination::NoAnswer,
        "(no readyok)",
    );
}

/// Faults of the handshake, met when the engine is started anew (after a
/// crash in the first game): the run goes on.
#[test]
fn faults_of_the_handshake_after_a_restart() {
    for (fault, expected, reason) in [
        (
            "handshake-exit",
            Termination::Crash,
            "exited with status 4 while in the handshake",
        ),
        (
            "no-kkpok",
            Termination::NoAnswer,
            "no answer in time while in the handshake (no kkpok)",
        ),
        (
            "silent",
            Termination::NoAnswer,
            "in the handshake (no kkpok)",
        ),
        (
            "flood-start",
            Termination::NoAnswer,
            "in the handshake (no kkpok)",
        ),
    ] {
        let tag = tag(fault);
        let state = temp(&format!("{fault}-state"));
        let spec = fake(
            &format!("--fault {fault} --state {} --first crash", state.display()),
            &tag,
        );
        let run = referee("katarenga", &args([ours(), spec], "depth=1", &[]), &tag);
        let _ = std::fs::remove_file(&state);
        check(&run, fault, [Termination::Crash, expected], "");
        let second = run.games[1].1.clone().unwrap_or_default();
        assert!(second.contains(reason), "{fault}: {second:?}");
    }
}

/// Garbage and doubled `bestedge`: the garbage loses the match, the
/// second of two is stale and passed over.
#[test]
fn garbage_and_doubled_edges() {
    for (fault, bad) in [("bad-edge", true), ("double-edge", false)] {
        let tag = tag(fault);
        let first = format!("name=plain cmd={FAKE} arg=--tag arg={tag}");
        let run = referee(
            "kamisado target=7",
            &args(
                [first, fake(&format!("--fault {fault}"), &tag)],
                "depth=1",
                &[],
            ),
            &tag,
        );
        assert_eq!(run.code, Some(0), "{}", run.stderr);
        let faulted: Vec<&(Termination, Option<String>)> =
            run.games.iter().filter(|g| g.0.is_forfeit()).collect();
        if bad {
            assert!(!faulted.is_empty(), "{}", run.records);
            for (t, why) in faulted {
                assert_eq!(*t, Termination::ProtocolError);
                assert!(
                    why.as_deref()
                        .unwrap_or_default()
                        .contains("\"bestedge z\""),
                    "{why:?}"
                );
            }
        } else {
            assert!(faulted.is_empty(), "{}", run.records);
            let edges = run.records.matches("Edge ").count();
            assert!(edges > 0, "{}", run.records);
        }
        assert!(run.memory_mib < MEMORY_MIB);
    }
}

/// Two `bestmove`s to one `go`: the second is stale at the next request
/// and passed over (never taken as the answer to the next `go`, where it
/// may well be legal).
#[test]
fn a_second_bestmove_is_not_taken_for_the_next_answer() {
    let tag = tag("double");
    let first = format!("name=plain cmd={FAKE} arg=--tag arg={tag}");
    let run = referee(
        "katarenga",
        &args(
            [first, fake("--fault double", &tag)],
            "depth=1",
            &["--max-plies", "30"],
        ),
        &tag,
    );
    check(&run, "double", [Termination::PlyLimit; 2], "");
    // Both fakes play the first legal move: the records show only first
    // moves.
    for record in KatarengaRecord::parse_all(&run.records).unwrap() {
        let mut p = record.start_position().unwrap();
        for m in &record.moves {
            assert_eq!(Some(&m.mv), p.legal_moves().first(), "{record}");
            p = p.play(m.mv);
        }
    }
}

/// What a controller must pass over: a banner, unknown `info` fields,
/// `ponder`, `\r\n` line ends; an engine of KKP 0 is told no match state.
#[test]
fn what_a_newer_or_chess_bred_engine_adds_is_passed_over() {
    for fault in ["banner", "unknown-info", "ponder", "crlf", "kkp0"] {
        let tag = tag(fault);
        let run = referee(
            "kamisado target=3",
            &args(
                [ours(), fake(&format!("--fault {fault}"), &tag)],
                "depth=2",
                &[],
            ),
            &tag,
        );
        check(&run, fault, [Termination::Normal; 2], "");
        assert!(
            run.stdout.contains("faults: engine 0, fake 0"),
            "{fault}: {}",
            run.stdout
        );
    }
}

/// SIGTERM stops the run and its engines; every finished game's record
/// is kept (whole), the game under way is not recorded as anyone's fault,
/// and the exit status says which signal.
#[test]
fn a_killed_referee_stops_its_engines_and_keeps_its_records() {
    let tag = tag("sigterm");
    let records = temp(&format!("{tag}-records"));
    let child = Command::new(REFEREE)
        .args([
            "--game",
            "katarenga",
            "--quiet",
            "--games",
            "40",
            "--tc",
            "nodes=1000",
        ])
        .args(["--max-plies", "20", "--patience", "60000", "--records"])
        .arg(&records)
        .args([
            "--engine",
            &fake("", &tag).replace("name=fake", "name=plain"),
            "--engine",
            // Hangs (60 s without a clock) after 40 moves: in game 5.
            &fake("--fault hang --after 40", &tag),
        ])
        .stdout(std::process::Stdio::null())
        .stderr(std::process::Stdio::piped())
        .spawn()
        .unwrap();
    let until = Instant::now() + Duration::from_secs(30);
    let finished = || {
        let text = std::fs::read_to_string(&records).unwrap_or_default();
        text.matches("[Event ").count()
    };
    while finished() < 2 && Instant::now() < until {
        std::thread::sleep(Duration::from_millis(20));
    }
    std::thread::sleep(Duration::from_millis(300));
    let pid = nix::unistd::Pid::from_raw(i32::try_from(child.id()).unwrap());
    nix::sys::signal::kill(pid, nix::sys::signal::Signal::SIGTERM).unwrap();
    let out = child.wait_with_output().unwrap();
    let stderr = String::from_utf8_lossy(&out.stderr);
    assert_eq!(out.status.code(), Some(143), "{stderr}");
    assert!(stderr.contains("SIGTERM: stopping the engines"), "{stderr}");
    assert_no_process_left(&tag);
    let text = std::fs::read_to_string(&records).unwrap_or_default();
    let _ = std::fs::remove_file(&records);
    let games = KatarengaRecord::parse_all(&text).unwrap();
    assert!((2..40).contains(&games.len()), "{text}");
    assert!(games.iter().all(|r| !r.termination.is_forfeit()), "{text}");
}

/// The set-up as the rules order it: the first game of each pair asks its
/// Black engine for the orientation (the fake answers `right`), the
/// rematch is played from the same start with the sides exchanged, the
/// records say who chose, and the report counts the matches.
#[test]
fn the_first_player_chooses_the_orientation_and_the_rematch_follows_it() {
    use katarenga_core::{Orientation, Position};
    let tag = tag("orient");
    let extra = ["--orientation", "choose", "--rematch", "--games", "4"];
    let run = referee(
        "katarenga",
        &args([ours(), fake("", &tag)], "depth=1", &extra),
        &tag,
    );
    let context = format!("{}\n{}\n{}", run.stdout, run.stderr, run.records);
    assert_eq!(run.code, Some(0), "{context}");
    assert!(
        run.stdout.contains(
            "matches: 2 (a game and its rematch, points added): 2 wins, 0 ties, 0 losses for engine"
        ),
        "{context}"
    );
    let records = KatarengaRecord::parse_all(&run.records).unwrap();
    assert_eq!(records.len(), 4, "{context}");
    for (k, r) in records.iter().enumerate() {
        let set_up = r.orientation_choice.expect("a set-up");
        assert_eq!(set_up.orientation, Orientation::Right, "{context}");
        let by = if k % 2 == 0 {
            Chooser::Black
        } else {
            Chooser::White
        };
        assert_eq!(set_up.by, by, "{context}");
        // The fake is Black in the first game of each pair, White in the
        // rematch.
        let black = &r.header.black;
        assert_eq!(black == "fake", k % 2 == 0, "{context}");
        let laid = r.board.board().unwrap();
        assert_eq!(
            r.start_position().unwrap(),
            Position::start_on(laid.turned(Orientation::Right))
        );
        let tag_of = |name: &str| {
            r.header
                .other
                .iter()
                .find(|(n, _)| n == name)
                .map(|(_, v)| v.clone())
        };
        assert_eq!(tag_of("Match"), Some((k / 2 + 1).to_string()));
        assert_eq!(tag_of("MatchGame"), Some((k % 2 + 1).to_string()));
    }
    assert_eq!(records[0].board, records[1].board);
    assert_eq!(records[2].board, records[3].board);
}

/// A faulty choice loses the first game of the pair (Black's), and the
/// rematch is played from the board as laid, the orientation `given`.
#[test]
fn a_faulty_orientation_choice_loses_and_the_rematch_is_played_as_laid() {
    for (fault, tc, expected, reason) in [
        (
            "bad-orient",
            "depth=1",
            Termination::ProtocolError,
            "bestorient north",
        ),
        (
            "hang-orient",
            "depth=1",
            Termination::NoAnswer,
            "while choosing the orientation",
        ),
        (
            "late-orient",
            "movetime=100",
            Termination::TimeForfeit,
            "while choosing the orientation",
        ),
    ] {
        let tag = tag(fault);
        let run = referee(
            "katarenga",
            &args(
                [ours(), fake(&format!("--fault {fault}"), &tag)],
                tc,
                &["--orientation", "choose"],
            ),
            &tag,
        );
        check(&run, fault, [expected, Termination::Normal], reason);
        let records = KatarengaRecord::parse_all(&run.records).unwrap();
        assert_eq!(
            records[0].orientation_choice, None,
            "{fault}: no orientation was chosen"
        );
        assert_eq!(
            records[1].orientation_choice.map(|s| (s.orientation, s.by)),
            Some((katarenga_core::Orientation::Bottom, Chooser::Given)),
            "{fault}"
        );
    }
    // A first game lost before its choice (newgame refused): the rematch
    // does not wait for a choice that never comes.
    // The first process refuses; the one started after the fault plays.
    let refusing = tag("refuse-newgame");
    let state = temp("refuse-newgame-state");
    let spec = fake(
        &format!("--state {} --first refuse-newgame", state.display()),
        &refusing,
    );
    let run = referee(
        "katarenga",
        &args([ours(), spec], "depth=1", &["--orientation", "choose"]),
        &refusing,
    );
    let _ = std::fs::remove_file(&state);
    check(
        &run,
        "refuse-newgame",
        [Termination::ProtocolError, Termination::Normal],
        "refused the new game",
    );
    let records = KatarengaRecord::parse_all(&run.records).unwrap();
    assert_eq!(
        records[1].orientation_choice.map(|s| (s.orientation, s.by)),
        Some((katarenga_core::Orientation::Bottom, Chooser::Given))
    );
    // Two answers: the second is stale and passed over at the next fence.
    let double = tag("double-orient");
    let run = referee(
        "katarenga",
        &args(
            [ours(), fake("--fault double-orient", &double)],
            "depth=1",
            &["--orientation", "choose"],
        ),
        &double,
    );
    check(&run, "double-orient", [Termination::Normal; 2], "");
    // An engine of KKP 1 cannot be asked: the run is refused at once.
    let old = tag("kkp1");
    let run = referee(
        "katarenga",
        &args(
            [ours(), fake("--fault kkp1", &old)],
            "depth=1",
            &["--orientation", "choose"],
        ),
        &old,
    );
    assert_eq!(run.code, Some(1), "{}", run.stderr);
    assert!(
        run.stderr
            .contains("speaks KKP 1: it cannot choose the orientation"),
        "{}",
        run.stderr
    );
    assert!(run.records.is_empty());
}

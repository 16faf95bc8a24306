//! The referee against the real engine and against fake engines that
//! crash, hang, answer late, play illegal moves or send garbage: every
//! fault loses that game with its reason recorded, the engine is
//! restarted, and the run goes on.

use std::path::PathBuf;
use std::process::Command;
use std::time::Duration;

use game_protocol::GameKind;
use game_protocol::referee::{Config, EngineSpec, Opening, Referee, Report, TimeControl};
use game_protocol::stats::{Sprt, Verdict};
use game_records::{KamisadoRecord, KatarengaRecord, Termination};
use katarenga_core::Rules;

const ENGINE: &str = env!("CARGO_BIN_EXE_kk-engine");
const FAKE: &str = env!("CARGO_BIN_EXE_kk-fake-engine");
const REFEREE: &str = env!("CARGO_BIN_EXE_kk-referee");

fn engine(name: &str, options: &str) -> EngineSpec {
    format!("name={name} cmd={ENGINE} {options}")
        .parse()
        .unwrap()
}

fn fake(fault: &str, after: u32) -> EngineSpec {
    format!("name=fake-{fault} cmd={FAKE} arg=--fault arg={fault} arg=--after arg={after}")
        .parse()
        .unwrap()
}

/// A fresh path for a records file.
fn records_path(test: &str) -> PathBuf {
    let path = std::env::temp_dir().join(format!("kk-referee-{}-{test}.txt", std::process::id()));
    let _ = std::fs::remove_file(&path);
    path
}

/// Runs `config` with its records in a file, and returns the report, the
/// records' text and the progress lines.
fn run(mut config: Config, test: &str) -> (Report, String, Vec<String>) {
    let path = records_path(test);
    config.records = Some(path.clone());
    let mut referee = Referee::new(config).unwrap();
    let mut lines = Vec::new();
    let report = referee.run(|p| lines.push(p.to_string())).unwrap();
    let text = std::fs::read_to_string(&path).unwrap();
    let _ = std::fs::remove_file(&path);
    (report, text, lines)
}

#[test]
fn two_engine_settings_play_katarenga_with_colours_swapped_and_records_written() {
    let config = Config::new(
        GameKind::Katarenga,
        [
            engine("deep", "option.Hash=2"),
            engine("shallow", "option.Hash=1 option.Depth=1"),
        ],
        4,
        TimeControl::Depth(2),
    );
    let (report, text, lines) = run(config, "katarenga");
    assert_eq!(report.tally.games(), 4);
    assert_eq!(report.faults, [0, 0]);
    assert_eq!(lines.len(), 4);
    assert!(lines[3].starts_with("game 4/4: "), "{lines:?}");
    assert!(
        lines
            .iter()
            .all(|l| l.contains(" wins (normal)") || l.contains(": draw (")),
        "{lines:?}"
    );
    assert!(
        lines
            .iter()
            .any(|l| l.contains(": deep wins") || l.contains(": shallow wins")),
        "{lines:?}"
    );
    let records = KatarengaRecord::parse_all(&text).unwrap();
    assert_eq!(records.len(), 4);
    for (i, r) in records.iter().enumerate() {
        assert_eq!(r.header.other[0], ("Game".to_string(), (i + 1).to_string()));
        // White moves first: each opening is played by both sides.
        let white = if i % 2 == 0 { "deep" } else { "shallow" };
        assert_eq!(r.header.white, white, "game {}", i + 1);
        assert!(!r.termination.is_forfeit(), "{r}");
    }
    // The same random board and opening for both games of a pair.
    assert_eq!(records[0].board, records[1].board);
    assert_eq!(records[0].start, records[1].start);
    assert_ne!(records[0].board, records[2].board);
}

#[test]
fn kamisado_matches_are_played_with_their_edge_choices() {
    let mut config = Config::new(
        GameKind::Kamisado,
        [engine("engine", "option.Hash=1"), fake("none", 0)],
        2,
        TimeControl::MoveTime(Duration::from_millis(20)),
    );
    config.target = 3;
    config.margin = Duration::from_millis(500);
    let (report, text, _) = run(config, "matches");
    let records = KamisadoRecord::parse_all(&text).unwrap();
    assert_eq!(records.len(), 2);
    assert!(records.iter().all(|r| r.termination == Termination::Normal));
    let edges = records
        .iter()
        .flat_map(|r| &r.rounds)
        .filter(|r| r.edge.is_some())
        .count();
    assert!(edges > 0, "{text}");
    // The engine beats the first-legal-move player.
    assert_eq!(report.tally.wins, 2, "{text}");
}

/// A run of 2 games of `game` between the engine and a fake that faults
/// from its second move in Katarenga, its first in Kamisado (where the
/// engine may win before the second); returns the report and the records'
/// text.
fn fault_run(game: GameKind, fault_kind: &str, time: TimeControl, test: &str) -> (Report, String) {
    let after = if game == GameKind::Katarenga { 1 } else { 0 };
    let mut config = Config::new(
        game,
        [engine("engine", "option.Hash=1"), fake(fault_kind, after)],
        2,
        time,
    );
    // Generous for the engine under load, far below the fakes' faults.
    config.patience = Duration::from_millis(2_000);
    config.margin = Duration::from_millis(400);
    config.target = if fault_kind == "bad-edge" { 7 } else { 1 };
    if game == GameKind::Kamisado {
        config.openings = vec![Opening::parse(game, Rules::Standard, "startpos").unwrap()];
    }
    let (report, text, _) = run(config, test);
    (report, text)
}

fn assert_faulted(report: &Report, text: &str, expected: Termination, reason: &str) {
    assert_eq!(report.tally.wins, 2, "{text}");
    assert_eq!(report.faults, [0, 2], "{text}");
    assert_eq!(report.restarts, [0, 2], "{text}");
    let terminations: Vec<Termination> = if text.contains("[Target ") {
        KamisadoRecord::parse_all(text)
            .unwrap()
            .iter()
            .map(|r| r.termination)
            .collect()
    } else {
        KatarengaRecord::parse_all(text)
            .unwrap()
            .iter()
            .map(|r| r.termination)
            .collect()
    };
    assert_eq!(terminations, [expected; 2], "{text}");
    assert_eq!(text.matches("[Reason \"fake-").count(), 2, "{text}");
    assert!(text.contains(reason), "{reason:?} not in\n{text}");
}

#[test]
fn a_crash_loses_and_the_engine_is_restarted() {
    let (report, text) = fault_run(GameKind::Katarenga, "crash", TimeControl::Depth(1), "crash");
    assert_faulted(&report, &text, Termination::Crash, "exited");
}

#[test]
fn a_hang_loses_by_no_answer() {
    let (report, text) = fault_run(GameKind::Kamisado, "hang", TimeControl::Nodes(500), "hang");
    assert_faulted(
        &report,
        &text,
        Termination::NoAnswer,
        "no answer in time while thinking",
    );
}

#[test]
fn a_late_answer_loses_on_time() {
    let (report, text) = fault_run(
        GameKind::Katarenga,
        "late",
        TimeControl::MoveTime(Duration::from_millis(50)),
        "late",
    );
    assert_faulted(
        &report,
        &text,
        Termination::TimeForfeit,
        "no answer in time",
    );
}

#[test]
fn a_flag_fall_loses_on_time() {
    let time = TimeControl::Clock {
        base: Duration::from_millis(250),
        increment: Duration::ZERO,
    };
    let (report, text) = fault_run(GameKind::Kamisado, "late", time, "flag");
    assert_faulted(&report, &text, Termination::TimeForfeit, "Reason");
}

#[test]
fn an_illegal_move_loses() {
    let (report, text) = fault_run(
        GameKind::Kamisado,
        "illegal",
        TimeControl::Depth(1),
        "illegal",
    );
    assert_faulted(&report, &text, Termination::IllegalMove, "played ");
}

#[test]
fn garbage_loses_by_a_protocol_error() {
    let (report, text) = fault_run(
        GameKind::Katarenga,
        "garbage",
        TimeControl::Depth(1),
        "garbage",
    );
    assert_faulted(
        &report,
        &text,
        Termination::ProtocolError,
        "this is not a reply",
    );
}

#[test]
fn an_error_answer_to_go_loses_by_a_protocol_error() {
    let (report, text) = fault_run(
        GameKind::Katarenga,
        "refuse",
        TimeControl::Depth(1),
        "refuse",
    );
    assert_faulted(
        &report,
        &text,
        Termination::ProtocolError,
        "I would rather not",
    );
}

#[test]
fn a_bad_edge_answer_loses_the_match() {
    let (report, text) = fault_run(
        GameKind::Kamisado,
        "bad-edge",
        TimeControl::Depth(1),
        "edge",
    );
    // The fake loses its matches: by the rules, or once it wins a round,
    // by its edge answer.
    assert_eq!(report.tally.wins, 2, "{text}");
    for r in KamisadoRecord::parse_all(&text).unwrap() {
        if r.termination != Termination::Normal {
            assert_eq!(r.termination, Termination::ProtocolError);
            assert!(r.to_string().contains("bestedge z"), "{r}");
        }
    }
}

#[test]
fn a_silent_engine_is_refused_before_the_run_and_loses_during_it() {
    let mut config = Config::new(
        GameKind::Katarenga,
        [engine("engine", "option.Hash=1"), fake("silent", 0)],
        2,
        TimeControl::Depth(1),
    );
    config.patience = Duration::from_millis(1_000);
    let mut referee = Referee::new(config.clone()).unwrap();
    let e = referee.check_engines().unwrap_err();
    assert!(
        e.contains("engine fake-silent: no answer: no answer in time while in the handshake"),
        "{e}"
    );
    let (report, text, _) = run(config, "silent");
    assert_faulted(&report, &text, Termination::NoAnswer, "in the handshake");
}

#[test]
fn a_refused_option_or_a_missing_program_is_reported() {
    let config = Config::new(
        GameKind::Kamisado,
        [engine("engine", "option.Hash=0"), fake("none", 0)],
        2,
        TimeControl::Depth(1),
    );
    let e = Referee::new(config).unwrap().check_engines().unwrap_err();
    assert!(
        e.contains("refused an option: option Hash: at least 1 MiB"),
        "{e}"
    );
    let config = Config::new(
        GameKind::Kamisado,
        ["cmd=/nonexistent/engine".parse().unwrap(), fake("none", 0)],
        2,
        TimeControl::Depth(1),
    );
    let e = Referee::new(config).unwrap().check_engines().unwrap_err();
    assert!(e.contains("cannot start /nonexistent/engine"), "{e}");
}

#[test]
fn an_sprt_stops_the_run_once_it_decides() {
    let mut config = Config::new(
        GameKind::Katarenga,
        [engine("engine", "option.Hash=1"), fake("none", 0)],
        60,
        TimeControl::Depth(2),
    );
    config.sprt = Some(Sprt {
        elo0: 0.0,
        elo1: 100.0,
        alpha: 0.05,
        beta: 0.05,
    });
    let (report, _, lines) = run(config, "sprt");
    assert_eq!(report.verdict, Verdict::H1);
    assert!(report.tally.games() < 60, "{lines:?}");
    assert!(lines.last().unwrap().contains(" LLR "), "{lines:?}");
}

#[test]
fn openings_from_a_file_are_played_in_turn() {
    let openings = [
        Opening::parse(GameKind::Kamisado, Rules::Standard, "startpos moves d1d7").unwrap(),
        Opening::parse(
            GameKind::Kamisado,
            Rules::Standard,
            "notation obpkyrgn/8/8/8/8/8/8/NGRYKPBO b -",
        )
        .unwrap(),
    ];
    let mut config = Config::new(
        GameKind::Kamisado,
        [engine("a", "option.Hash=1"), engine("b", "option.Hash=1")],
        4,
        TimeControl::Depth(1),
    );
    config.openings = openings.to_vec();
    let (_, text, _) = run(config, "openings");
    let records = KamisadoRecord::parse_all(&text).unwrap();
    let starts: Vec<String> = records
        .iter()
        .map(|r| r.rounds[0].start.to_string())
        .collect();
    assert_eq!(
        starts,
        [
            "obpkyrgn/3Y4/8/8/8/8/8/NGR1KPBO w g",
            "obpkyrgn/3Y4/8/8/8/8/8/NGR1KPBO w g",
            "obpkyrgn/8/8/8/8/8/8/NGRYKPBO b -",
            "obpkyrgn/8/8/8/8/8/8/NGRYKPBO b -",
        ]
    );
    // The engine that plays the side to move in the opening alternates.
    assert_eq!(records[0].header.white, "a");
    assert_eq!(records[1].header.white, "b");
    assert_eq!(records[2].header.black, "a");
    let e = Opening::parse(GameKind::Kamisado, Rules::Standard, "startpos moves d1d9").unwrap_err();
    assert!(e.contains("move 1 (d1d9)"), "{e}");
    let e =
        Opening::parse(GameKind::Kamisado, Rules::Standard, "tiles 1f0 2f0 3f0 4f0").unwrap_err();
    assert!(e.contains("tiles are for katarenga"), "{e}");
}

#[test]
fn the_referee_program_reports_the_score_elo_and_faults() {
    let out = Command::new(REFEREE)
        .args([
            "--game",
            "katarenga",
            "--engine",
            &format!("name=engine cmd={ENGINE} option.Hash=1"),
            "--engine",
            &format!("name=fake cmd={FAKE} arg=--fault arg=crash arg=--after arg=2"),
            "--games",
            "2",
            "--tc",
            "depth=1",
            "--quiet",
        ])
        .output()
        .unwrap();
    let stdout = String::from_utf8_lossy(&out.stdout);
    assert!(
        out.status.success(),
        "{stdout}{}",
        String::from_utf8_lossy(&out.stderr)
    );
    assert!(
        stdout.contains("games: 2 (2 wins, 0 draws, 0 losses for engine)"),
        "{stdout}"
    );
    assert!(stdout.contains("score: 100.0%"), "{stdout}");
    assert!(stdout.contains("elo: +inf"), "{stdout}");
    assert!(
        stdout.contains("faults: engine 0, fake 2 (restarts 0, 2)"),
        "{stdout}"
    );
    for (args, message) in [
        (vec!["--game", "go"], "unknown game \"go\""),
        (vec!["--game", "kamisado"], "two --engine are needed"),
        (
            vec!["--game", "kamisado", "--tc", "fast"],
            "--tc: time control \"fast\"",
        ),
        (
            vec!["--game", "kamisado", "--engine", "name=x"],
            "no cmd=<program>",
        ),
        (
            vec!["--game", "kamisado", "--games"],
            "--games needs a value",
        ),
    ] {
        let out = Command::new(REFEREE).args(&args).output().unwrap();
        assert_eq!(out.status.code(), Some(2), "{args:?}");
        let stderr = String::from_utf8_lossy(&out.stderr);
        assert!(stderr.contains(message), "{args:?}: {stderr}");
    }
    let help = Command::new(REFEREE).arg("--help").output().unwrap();
    assert!(String::from_utf8_lossy(&help.stdout).contains("--sprt E0,E1,A,B"));
}

/// `rules no-first-capture`: the engines are told, the openings start by
/// the option (from the start on the board: no random plies), and the
/// records say so and replay under it.
#[test]
fn katarenga_by_the_first_move_option() {
    let mut config = Config::new(
        GameKind::Katarenga,
        [engine("a", "option.Hash=1"), engine("b", "option.Hash=1")],
        2,
        TimeControl::Depth(1),
    );
    config.rules = Rules::NoFirstCapture;
    // A board where White's h8a1 takes a piece at once (a depth-1 search
    // would play it, were it legal).
    let start = "RYBGRGBY/GRGBYYGR/YYBRBBRG/BGRYGRYB/RYGBRGBY/GYRYYYBR/BBGRBGRG/YRBGGRYB \
                 wwwwwwww/8/8/8/8/8/8/bbbbbbbb w - wb";
    config.openings = vec![
        Opening::parse(
            GameKind::Katarenga,
            Rules::NoFirstCapture,
            &format!("notation {start}"),
        )
        .unwrap(),
    ];
    config.adjudication.max_plies = 6;
    let (report, text, _) = run(config, "first-move");
    assert_eq!(report.tally.games(), 2);
    assert_eq!(report.faults, [0, 0], "{text}");
    let records = KatarengaRecord::parse_all(&text).unwrap();
    for r in &records {
        assert_eq!(r.rules, Rules::NoFirstCapture, "{r}");
        assert!(text.contains("[Rules \"no-first-capture\"]"));
        let start = r.start_position().unwrap();
        assert!(
            start.first_move_pending(katarenga_core::Player::White),
            "{r}"
        );
        let first = start.play(r.moves[0].mv);
        assert_eq!(first.piece_count(katarenga_core::Player::Black), 8, "{r}");
    }
}

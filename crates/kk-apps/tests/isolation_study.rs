//! The Isolation study on a few boards, run in memory (solved, resumed,
//! reported), and the published table checked against a re-run.

use clap::Parser;
use kk_apps::cli::CliError;
use kk_apps::isolation_study::{Row, StudyArgs, run, solve_board};

fn step(args: &[&str], dir: &str) -> Result<String, CliError> {
    let args = std::iter::once("kk-isolation-study")
        .chain(args.iter().copied())
        .chain(["--out", dir]);
    let args = StudyArgs::try_parse_from(args).map_err(|e| CliError::Usage(e.to_string()))?;
    let mut out = Vec::new();
    run(args, &mut out)?;
    Ok(String::from_utf8(out).expect("utf-8 output"))
}

#[test]
fn the_study_solves_resumes_and_reports() {
    let dir = std::env::temp_dir().join(format!("isolation-study-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    let d = dir.to_str().unwrap();
    assert!(step(&["report"], d).is_err(), "no data yet");
    let out = step(&["solve", "--boards", "2", "--threads", "1"], d).unwrap();
    assert!(out.starts_with("solved 2 boards"), "{out}");
    // A stopped run's cut line is skipped, and its board solved again.
    let data = dir.join("docs/data/isolation-boards.csv");
    let mut text = std::fs::read_to_string(&data).unwrap();
    text.push_str("2,15,wh");
    std::fs::write(&data, text).unwrap();
    let out = step(&["solve", "--boards", "3", "--threads", "2"], d).unwrap();
    assert!(out.starts_with("solved 1 boards"), "{out}");
    let out = step(&["report"], d).unwrap();
    assert!(out.contains("3 boards"), "{out}");
    let report = std::fs::read_to_string(dir.join("docs/isolation-boards.md")).unwrap();
    assert!(
        report.contains("Boards solved: 3 (a partial run)"),
        "{report}"
    );
    assert!(
        report.contains("On the standard board (board 0), 14 pawns"),
        "{report}"
    );
    let _ = std::fs::remove_dir_all(&dir);
}

/// The published data (`docs/data/isolation-boards.csv`) on the standard
/// board and two boards the second player wins, solved again: the same
/// answers (the solver's own correctness is checked in game-search's
/// tests against a plain search of the rules).
#[test]
fn the_published_table_agrees_with_a_re_run() {
    let path = concat!(
        env!("CARGO_MANIFEST_DIR"),
        "/../../docs/data/isolation-boards.csv"
    );
    let text = std::fs::read_to_string(path).unwrap();
    let line = |board: usize| text.lines().nth(board + 1).unwrap().to_string();
    let boards: Vec<_> = katarenga_core::Board::all_tile_boards()
        .map(|(b, _)| b)
        .collect();
    let mut solver = game_search::proof::isolation::IsolationSolver::new();
    for board in [0, 20, 15_884] {
        let again: Row = solve_board(&mut solver, board, &boards[board]);
        let published = line(board);
        let fields: Vec<&str> = published.split(',').collect();
        let expected = [
            again.board.to_string(),
            again.largest.to_string(),
            again.winner.to_string(),
            again.grundy.map_or("-".into(), |g| g.to_string()),
            again.best.clone().unwrap_or_else(|| "-".into()),
        ];
        assert_eq!(fields[..5], expected, "board {board}");
    }
    assert_eq!(text.lines().count(), 24_577);
}

/// `certify` names the boards it takes when given another (the
/// certificate itself is written and checked in CI's release step).
#[test]
fn certify_refuses_a_board_it_does_not_know() {
    let dir = std::env::temp_dir();
    let out = dir.join(format!("isolation-{}.cert", std::process::id()));
    let args = [
        "kk-isolation-study",
        "certify",
        "--board",
        "24576",
        "--out",
        out.to_str().unwrap(),
    ];
    let args = StudyArgs::try_parse_from(args).unwrap();
    match run(args, &mut Vec::new()) {
        Err(CliError::Usage(message)) => {
            assert!(message.contains("from 0 to 24575, not 24576"), "{message}");
        }
        other => panic!("{other:?}"),
    }
    assert!(!out.exists(), "nothing written");
}

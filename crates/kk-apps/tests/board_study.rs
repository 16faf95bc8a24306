//! The board study, step by step on a few boards, run in memory: the
//! scores (resumed, and refused at another depth), the budget table, the
//! games, and the report with its data files and pictures.

use clap::Parser;
use kk_apps::board_study::{StudyArgs, run};
use kk_apps::cli::CliError;

/// A step's output, or its error.
fn step(args: &[&str], dir: &str) -> Result<String, CliError> {
    let args = std::iter::once("kk-board-study")
        .chain(args.iter().copied())
        .chain(["--out", dir]);
    let args = StudyArgs::try_parse_from(args).map_err(|e| CliError::Usage(e.to_string()))?;
    let mut out = Vec::new();
    run(args, &mut out)?;
    Ok(String::from_utf8(out).expect("utf-8 output"))
}

#[test]
fn board_study_writes_its_report() {
    let dir = std::env::temp_dir().join(format!("board-study-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    let out_dir = dir.to_str().unwrap();
    let ok = |args: &[&str]| step(args, out_dir).unwrap_or_else(|e| panic!("{args:?}: {e:?}"));
    ok(&["score", "--boards", "20", "--depth", "2"]);
    let again = ok(&["score", "--boards", "40", "--depth", "2"]);
    assert!(again.contains("20 already done"), "{again}");
    match step(&["score", "--depth", "3"], out_dir) {
        Err(CliError::Failed(m)) => assert!(m.contains("was made with depth 2, not 3"), "{m}"),
        other => panic!("{other:?}"),
    }
    let scores = std::fs::read_to_string(dir.join("docs/data/katarenga-scores.csv")).unwrap();
    assert_eq!(scores.lines().count(), 41);
    // A score per reading of `Rules::ALL` and orientation; the columns of
    // the readings the study's published data file has are named as
    // there (a reading added later adds columns after them).
    let header = scores.lines().next().unwrap();
    let published = concat!(
        env!("CARGO_MANIFEST_DIR"),
        "/../../docs/data/katarenga-scores.csv"
    );
    let mut published_header = String::new();
    std::io::BufRead::read_line(
        &mut std::io::BufReader::new(std::fs::File::open(published).unwrap()),
        &mut published_header,
    )
    .unwrap();
    assert!(header.starts_with(published_header.trim_end()), "{header}");
    let fields = 2 + 4 * katarenga_core::Rules::ALL.len();
    assert_eq!(header.split(',').count(), fields, "{header}");
    assert!(scores.lines().all(|l| l.split(',').count() == fields));
    ok(&[
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
    ok(&[
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
    // The standard board in 4 orientations under each reading, 2
    // extremes, 3 boards in 4 orientations.
    let standard = 4 * katarenga_core::Rules::ALL.len();
    assert_eq!(games.lines().count(), 1 + standard + 2 + 12, "{games}");
    ok(&["report", "--strengths", "nodes=300"]);
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

/// The steps' options are checked before any work: a bad budget or
/// strength is a usage error naming it.
#[test]
fn board_study_refuses_bad_options_before_working() {
    let dir = std::env::temp_dir().join(format!("board-study-bad-{}", std::process::id()));
    let out_dir = dir.to_str().unwrap();
    for (args, named) in [
        (&["budget", "--candidates", "depth=1,time=3"][..], "time=3"),
        (&["games", "--strength", "nodes=0"], "nodes=0"),
        (&["score", "--depth", "13"], "--depth"),
        (&["walk"], "walk"),
    ] {
        match step(args, out_dir) {
            Err(CliError::Usage(m)) => assert!(m.contains(named), "{args:?}: {m}"),
            other => panic!("{args:?}: {other:?}"),
        }
    }
    assert!(!dir.exists(), "a refused step wrote {}", dir.display());
}

/// A data file that is not the study's is refused with its file and line,
/// not read as far as it goes.
#[test]
fn board_study_names_the_first_bad_row_of_a_data_file() {
    let dir = std::env::temp_dir().join(format!("board-study-rows-{}", std::process::id()));
    std::fs::create_dir_all(dir.join("docs/data")).unwrap();
    // A score per reading and orientation.
    let scores = 4 * katarenga_core::Rules::ALL.len();
    let header = format!("index,tiles{}\n", ",s".repeat(scores));
    let good = format!("0,1f0 2f0 3f0 4f0{}\n", ",1".repeat(scores));
    let short = "1,1f0 2f0 3f0 4f0,1,2\n";
    std::fs::write(
        dir.join("docs/data/katarenga-scores.csv"),
        format!("{header}{good}{short}"),
    )
    .unwrap();
    match step(&["report"], dir.to_str().unwrap()) {
        Err(CliError::Failed(m)) => {
            assert!(m.ends_with("katarenga-scores.csv line 3: not a row"), "{m}")
        }
        other => panic!("{other:?}"),
    }
    let _ = std::fs::remove_dir_all(&dir);
}

//! The referee through its library: colours swapped in pairs, Kamisado
//! matches with their edge choices and match states, the SPRT over pairs,
//! engines' standard error kept, several games at once with the results of
//! one at a time, and runs an engine cannot play refused before they
//! start. Engine specs are in `spec.rs`, time controls in `time.rs`, the
//! session with an engine (its order and every fault an engine can commit)
//! in `session/`, openings in `../setup.rs`.

use kamisado_core::Game;
use std::path::PathBuf;
use std::time::Duration;

use game_protocol::referee::{Config, EngineSpec, Referee, RefereeError, Report, TimeControl};
use game_protocol::setup::Opening;
use game_protocol::stats::{Sprt, Verdict};
use game_protocol::{GameId, GameSpec};
use game_records::{KamisadoRecord, KatarengaRecord, Termination};
use katarenga_core::Rules;

pub(crate) const ENGINE: &str = env!("CARGO_BIN_EXE_kk-engine");
pub(crate) const FAKE: &str = env!("CARGO_BIN_EXE_kk-fake-engine");

pub(crate) fn engine(name: &str, options: &str) -> EngineSpec {
    format!("name={name} cmd={ENGINE} {options}")
        .parse()
        .unwrap()
}

pub(crate) fn fake(name: &str, args: &str) -> EngineSpec {
    let args: String = args
        .split_whitespace()
        .map(|a| format!(" arg={a}"))
        .collect();
    format!("name={name} cmd={FAKE}{args}").parse().unwrap()
}

/// The game a spec's text describes.
pub(crate) fn spec(text: &str) -> GameSpec {
    text.parse().unwrap()
}

/// A fresh path in the temporary folder.
pub(crate) fn temp(test: &str) -> PathBuf {
    let path = std::env::temp_dir().join(format!("kk-referee-{}-{test}", std::process::id()));
    let _ = std::fs::remove_file(&path);
    let _ = std::fs::remove_dir_all(&path);
    path
}

/// Runs `config` with its records in a file, and returns the report, the
/// records' text and the progress lines.
pub(crate) fn run(mut config: Config, test: &str) -> (Report, String, Vec<String>) {
    let path = temp(test);
    config.records = Some(path.clone());
    let mut referee = Referee::new(config).unwrap();
    let mut lines = Vec::new();
    let report = referee.run(|p| lines.push(p.to_string())).unwrap();
    let text = std::fs::read_to_string(&path).unwrap_or_default();
    let _ = std::fs::remove_file(&path);
    (report, text, lines)
}

mod session;
mod spec;
mod time;

#[test]
fn two_engine_settings_play_katarenga_in_pairs_with_records() {
    let config = Config::new(
        GameSpec::default_for(GameId::Katarenga),
        [
            engine("deep", "option.Hash=2"),
            engine("shallow", "option.Hash=1 option.Depth=1"),
        ],
        4,
        TimeControl::Depth(2),
    );
    let (report, text, lines) = run(config, "katarenga");
    assert_eq!(report.tally.games(), 4);
    assert_eq!(report.pairs.pairs(), 2);
    assert_eq!(report.faults, [0, 0]);
    assert_eq!(lines.len(), 4);
    assert!(lines[3].starts_with("game 4/4: "), "{lines:?}");
    assert!(lines[1].contains(" | pairs 1: Elo "), "{lines:?}");
    assert!(!lines[0].contains(" | pairs "), "{lines:?}");
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
    // The pairs' points add up to the games'.
    let points: u32 = (0..5).map(|k| report.pairs.counts[k] * k as u32).sum();
    assert_eq!(points, 2 * report.tally.wins + report.tally.draws);
}

/// Matches to 3 with their edge choices; an engine of KKP 1 is told the
/// match state before each round (after a fence), one of KKP 0 is not.
#[test]
fn kamisado_matches_with_edge_choices_and_match_states() {
    let log = temp("match-stderr");
    let mut config = Config::new(
        spec("kamisado target=3"),
        [fake("echo", "--echo"), fake("old", "--fault kkp0 --echo")],
        2,
        TimeControl::MoveTime(Duration::from_millis(50)),
    );
    config.stderr = Some(log.clone());
    let (report, text, _) = run(config, "matches");
    let records = KamisadoRecord::parse_all(&text).unwrap();
    assert_eq!(records.len(), 2);
    assert!(
        records.iter().all(|r| r.termination == Termination::Normal),
        "{text}"
    );
    assert_eq!(report.faults, [0, 0], "{text}");
    let rounds: usize = records.iter().map(|r| r.rounds.len()).sum();
    assert!(rounds > 2, "{text}");
    // What each engine read, in its standard error.
    let read = |name: &str| std::fs::read_to_string(log.join(name)).unwrap();
    let echo = read("echo.1.1.log");
    let old = read("old.2.1.log");
    assert!(
        echo.starts_with("=== kk-referee starts name=echo cmd="),
        "{echo}"
    );
    assert_eq!(echo.matches("match 3 0 0 1").count(), 2, "{echo}");
    assert_eq!(
        echo.lines().filter(|l| l.starts_with("match 3 ")).count(),
        rounds,
        "{echo}"
    );
    assert!(!old.contains("match "), "{old}");
    // Every go and edge follows an isready answered.
    for l in [&echo, &old] {
        let lines: Vec<&str> = l.lines().collect();
        for (i, line) in lines.iter().enumerate() {
            if line.starts_with("go ") || line.starts_with("edge ") {
                assert!(lines[i - 1] == "isready", "{:?}", &lines[i - 2..=i]);
            }
        }
    }
    assert!(echo.contains("edge 3 "), "{echo}");
    let _ = std::fs::remove_dir_all(&log);
}

#[test]
fn an_sprt_over_pairs_stops_the_run_once_it_decides() {
    let mut config = Config::new(
        GameSpec::default_for(GameId::Katarenga),
        [engine("engine", "option.Hash=1"), fake("fake", "")],
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
    // Decided after a whole pair.
    assert_eq!(report.tally.games() % 2, 0, "{lines:?}");
    assert!(lines.last().unwrap().contains(" LLR "), "{lines:?}");
}

/// Two games at once give the records and results of one at a time (the
/// engines are deterministic at fixed depths), SPRT stop included.
#[test]
fn concurrent_games_give_the_results_of_a_sequential_run() {
    let mut results = Vec::new();
    for concurrency in [1, 2, 3] {
        let mut config = Config::new(
            GameSpec::default_for(GameId::Katarenga),
            [
                engine("deep", "option.Hash=1"),
                engine("shallow", "option.Hash=1 option.Depth=1"),
            ],
            12,
            TimeControl::Depth(2),
        );
        config.concurrency = concurrency;
        config.seed = 5;
        config.adjudication.max_plies = 40;
        config.sprt = Some(Sprt {
            elo0: 0.0,
            elo1: 200.0,
            alpha: 0.1,
            beta: 0.1,
        });
        let (report, text, lines) = run(config, &format!("concurrency-{concurrency}"));
        results.push((report.tally, report.pairs, report.verdict, text, lines));
    }
    assert_eq!(results[0], results[1]);
    assert_eq!(results[0], results[2]);
    assert!(!results[0].3.is_empty());
}

/// A rule option an engine does not declare (KKP 1) or refuses (KKP 0)
/// stops the run before its first game, with a message.
#[test]
fn a_run_an_engine_cannot_play_is_refused_before_it_starts() {
    for (args, message) in [
        (
            "--fault no-rules",
            "does not play katarenga by the rule option no-first-capture",
        ),
        ("--fault kkp0", "refused the rule option"),
    ] {
        let config = Config::new(
            spec("katarenga rules=no-first-capture"),
            [engine("engine", "option.Hash=1"), fake("fake", args)],
            2,
            TimeControl::Depth(1),
        );
        let e = Referee::new(config).unwrap().check_engines().unwrap_err();
        assert!(matches!(e, RefereeError::Engine { ref name, .. } if name == "fake"));
        assert!(e.to_string().contains(message), "{e}");
    }
    // Under the standard rules both play.
    let config = Config::new(
        GameSpec::default_for(GameId::Katarenga),
        [
            engine("engine", "option.Hash=1"),
            fake("fake", "--fault kkp0"),
        ],
        2,
        TimeControl::Depth(1),
    );
    Referee::new(config).unwrap().check_engines().unwrap();
    // An option the engine does not declare, a refused one, a missing
    // program.
    for (spec, message) in [
        (
            engine("e", "option.Bogus=1"),
            "has no option Bogus (its handshake declared Hash, Nodes",
        ),
        (
            engine("e", "option.Hash=0"),
            "refused an option: \"option Hash: \\\"0\\\" is not a number from 1 to 4096\"",
        ),
        (
            "cmd=/nonexistent/engine".parse().unwrap(),
            "cannot start /nonexistent/engine",
        ),
    ] {
        let config = Config::new(
            GameSpec::default_for(GameId::Kamisado),
            [spec, fake("f", "")],
            2,
            TimeControl::Depth(1),
        );
        let e = Referee::new(config).unwrap().check_engines().unwrap_err();
        assert!(e.to_string().contains(message), "{e}");
    }
}

/// `katarenga` by the first-move option: the engines are told, the
/// records say so and replay under it.
#[test]
fn katarenga_by_the_first_move_option() {
    let mut config = Config::new(
        spec("katarenga rules=no-first-capture"),
        [engine("a", "option.Hash=1"), engine("b", "option.Hash=1")],
        2,
        TimeControl::Depth(1),
    );
    // A board where White's h8a1 takes a piece at once (a depth-1 search
    // would play it, were it legal).
    let start = "RYBGRGBY/GRGBYYGR/YYBRBBRG/BGRYGRYB/RYGBRGBY/GYRYYYBR/BBGRBGRG/YRBGGRYB \
                 wwwwwwww/8/8/8/8/8/8/bbbbbbbb w - wb";
    config.openings = vec![
        Opening::parse(
            &"katarenga rules=no-first-capture".parse().unwrap(),
            &format!("notation {start}"),
        )
        .unwrap(),
    ];
    config.random_plies = 0;
    config.adjudication.max_plies = 6;
    let (report, text, _) = run(config, "first-move");
    assert_eq!(report.tally.games(), 2);
    assert_eq!(report.faults, [0, 0], "{text}");
    let records = KatarengaRecord::parse_all(&text).unwrap();
    for r in &records {
        assert_eq!(r.rules, Rules::NoFirstCapture, "{r}");
        let start = r.start_position().unwrap();
        assert!(
            start.first_move_pending(katarenga_core::Player::White),
            "{r}"
        );
        let first = start.play(r.moves[0].mv);
        assert_eq!(first.piece_count(katarenga_core::Player::Black), 8, "{r}");
    }
}

/// `kamisado` by a reading of the rules, on a layout, with match options:
/// the engines are told the reading and the layout, the records carry the
/// `Rules`, `Layout`, `Scoring` and `Refill` tags and replay by them (the
/// records' own check), and every round starts by the reading on the
/// layout.
#[test]
fn kamisado_by_a_reading_of_the_rules() {
    for (reading, layout) in [("pushed-square", "turned"), ("blocked-colour", "mirrored")] {
        let game = spec(&format!(
            "kamisado rules={reading} layout={layout} target=3 scoring=rings refill=farthest"
        ));
        let mut config = Config::new(
            game,
            [engine("a", "option.Hash=1"), engine("b", "option.Hash=1")],
            2,
            TimeControl::Depth(1),
        );
        config.random_plies = 4;
        let (report, text, _) = run(config, &format!("reading-{reading}-{layout}"));
        assert_eq!(report.tally.games(), 2);
        assert_eq!(report.faults, [0, 0], "{text}");
        let records = KamisadoRecord::parse_all(&text).unwrap();
        assert_eq!(records.len(), 2);
        for r in &records {
            assert!(text.contains(&format!("[Rules \"{reading}\"]")), "{text}");
            assert!(text.contains("[Scoring \"rings\"]"), "{text}");
            assert!(text.contains(&format!("[Layout \"{layout}\"]")), "{text}");
            assert_eq!(r.layout.name(), layout, "{r}");
            assert!(text.contains("[Refill \"farthest\"]"), "{text}");
            assert_eq!(r.rules.name(), reading, "{r}");
            assert_eq!(r.spec(), game, "{r}");
            r.validate().unwrap();
            assert!(
                r.rounds
                    .iter()
                    .all(|round| (round.start.rules(), round.start.layout()) == (r.rules, r.layout)),
                "{r}"
            );
        }
    }
}

/// The tile edition's set-up match between two engine processes: every
/// round starts from two set-ups of the chart (the first drawn for Black,
/// each later one for the last round's loser, who opens it), the records
/// carry them with no edge between and replay (the records' own check of
/// every start), and each round won is 1 point. A set-up match without a
/// chart, a chart for another match, and random plies before the set-ups
/// are refused before the run.
#[test]
fn kamisado_set_up_match_from_a_chart() {
    let chart: kamisado_core::SetupChart = "1 NGRYKPBO\n2 OBPKYRGN\n3 GNYRPKOB\n4 YKPBORGN\n"
        .parse()
        .unwrap();
    let rows: Vec<String> = (1..=4).map(|n| chart.get(n).unwrap().to_string()).collect();
    let game = spec("kamisado refill=setups target=tile-long");
    let config = || {
        let mut config = Config::new(
            game,
            [engine("a", "option.Hash=1"), engine("b", "option.Hash=1")],
            2,
            TimeControl::Depth(1),
        );
        config.random_plies = 0;
        config
    };
    let mut with_chart = config();
    with_chart.setups = Some(chart.clone());
    let (report, text, _) = run(with_chart, "setups");
    assert_eq!(report.tally.games(), 2);
    assert_eq!(report.faults, [0, 0], "{text}");
    let records = KamisadoRecord::parse_all(&text).unwrap();
    assert_eq!(records.len(), 2);
    for r in &records {
        let mut rounds = 0;
        assert_eq!(r.spec(), game, "{r}");
        assert!(text.contains("[Refill \"setups\"]"), "{text}");
        r.validate().unwrap();
        for round in &r.rounds {
            assert_eq!(round.edge, None);
            // Each home row is a chart's row, read from its player's left.
            let start = round.start.to_string();
            let board = start.split(' ').next().unwrap();
            let black = board.rsplit('/').next().unwrap().to_string();
            let white: String = board.split('/').next().unwrap().chars().rev().collect();
            for row in [black, white.to_uppercase()] {
                assert!(rows.contains(&row), "{row} in {start}");
            }
            if let Some(summary) = round.summary {
                assert_eq!(summary.points, 1);
                rounds += 1;
            }
        }
        // Every round was played out, one point each, to 5 (tile-long).
        assert_eq!(rounds, r.rounds.len());
        let last = r.rounds.last().and_then(|round| round.summary).unwrap();
        assert_eq!(last.scores.iter().sum::<u32>() as usize, rounds);
        assert_eq!(last.scores.iter().max(), Some(&5));
    }
    let refused = |config: Config, says: &str| match Referee::new(config) {
        Err(RefereeError::Options(e)) => assert!(e.contains(says), "{e}"),
        other => panic!("{:?}", other.map(|_| ())),
    };
    refused(config(), "give it (--setups FILE)");
    let mut plies = config();
    plies.setups = Some(chart.clone());
    plies.random_plies = 2;
    refused(plies, "no random plies");
    let mut other = Config::new(
        spec("kamisado target=3"),
        [engine("a", ""), engine("b", "")],
        2,
        TimeControl::Depth(1),
    );
    other.setups = Some(chart);
    refused(other, "kamisado refill=setups");
}

/// Isolation (one-way, random boards) and Quebec between two kk-engines:
/// the records are the family's, replay by the game's options (their own
/// check), and name the game in the `Game` tag.
#[test]
fn the_family_is_refereed_with_records() {
    use game_records::FamilyRecord;
    for (text, plies) in [
        ("isolation reading=one-way", 0),
        ("quebec both-connected=draw", 60),
    ] {
        let mut config = Config::new(
            spec(text),
            [engine("a", "option.Hash=1"), engine("b", "option.Hash=1")],
            2,
            TimeControl::Depth(1),
        );
        if plies > 0 {
            config.adjudication.max_plies = plies;
        }
        let (report, records, _) = run(config, &text.replace(' ', "-"));
        assert_eq!(report.tally.games(), 2);
        assert_eq!(report.faults, [0, 0], "{records}");
        let records = FamilyRecord::parse_all(&records).unwrap();
        assert_eq!(records.len(), 2);
        for r in &records {
            assert_eq!(r.game.to_string(), text);
            assert!(!r.termination.is_forfeit(), "{r}");
            r.validate().unwrap();
        }
        // The pair's two games start alike.
        assert_eq!(records[0].board, records[1].board);
        assert_eq!(records[0].start, records[1].start);
    }
}

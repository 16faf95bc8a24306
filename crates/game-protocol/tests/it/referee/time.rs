//! One time control per engine.

use game_protocol::referee::{Config, TimeControl};
use game_protocol::{GameId, GameSpec};

use super::{FAKE, run, temp};

/// Each engine may have its own time control: its `go` says so.
#[test]
fn a_time_control_for_each_engine() {
    let log = temp("tc-stderr");
    let mut config = Config::new(
        GameSpec::default_for(GameId::Katarenga),
        [
            format!("name=fast cmd={FAKE} arg=--echo tc=movetime=40")
                .parse()
                .unwrap(),
            format!("name=slow cmd={FAKE} arg=--echo tc=nodes=5000")
                .parse()
                .unwrap(),
        ],
        2,
        TimeControl::Depth(3),
    );
    config.stderr = Some(log.clone());
    config.adjudication.max_plies = 6;
    let (report, _, _) = run(config, "tc");
    assert_eq!(report.faults, [0, 0]);
    let gos = |name: &str| -> Vec<String> {
        std::fs::read_to_string(log.join(name))
            .unwrap()
            .lines()
            .filter(|l| l.starts_with("go"))
            .map(String::from)
            .collect()
    };
    let fast = gos("fast.1.1.log");
    let slow = gos("slow.2.1.log");
    assert!(
        !fast.is_empty() && fast.iter().all(|g| g == "go movetime 40"),
        "{fast:?}"
    );
    assert!(
        !slow.is_empty() && slow.iter().all(|g| g == "go nodes 5000"),
        "{slow:?}"
    );
    let _ = std::fs::remove_dir_all(&log);
}

//! The reference perft suites (`position ; depth ; nodes` lines, computed by
//! an independent implementation) and their divide files, kept with the
//! game crates' own tests (`crates/*-core/tests/data`): the one list of
//! them ([`SUITES`]), their readers, and the one runner every Rust test
//! uses ([`check_suite`]).
//!
//! Every runner iterates [`SUITES`] (the cores' tests, the `perft`
//! example's runner, the benches' reference lookups); the WebAssembly
//! package's Node tests read the same data folders, and a test here checks
//! that the list holds every suite file there, so a new suite cannot be
//! missed by one runner.

use std::collections::BTreeMap;

use game_rules::Game;
use game_spec::GameId;

/// One reference suite: its cases and the divide of each case.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Suite {
    /// The game.
    pub game: GameId,
    /// The suite's name within its game (the data file's name without the
    /// game and the extension: `basic`, `sumo`, `standard`,
    /// `no-first-capture`).
    pub name: &'static str,
    /// The suite file: `position ; depth ; nodes` lines.
    pub cases: &'static str,
    /// The divide file: each case line, then `<move> <nodes>` lines.
    pub divide: &'static str,
}

/// Every reference suite of both games.
pub const SUITES: [Suite; 4] = [
    Suite {
        game: GameId::Kamisado,
        name: "basic",
        cases: include_str!("../../kamisado-core/tests/data/kamisado-basic.txt"),
        divide: include_str!("../../kamisado-core/tests/data/kamisado-basic.divide.txt"),
    },
    Suite {
        game: GameId::Kamisado,
        name: "sumo",
        cases: include_str!("../../kamisado-core/tests/data/kamisado-sumo.txt"),
        divide: include_str!("../../kamisado-core/tests/data/kamisado-sumo.divide.txt"),
    },
    Suite {
        game: GameId::Katarenga,
        name: "standard",
        cases: include_str!("../../katarenga-core/tests/data/katarenga.txt"),
        divide: include_str!("../../katarenga-core/tests/data/katarenga.divide.txt"),
    },
    Suite {
        game: GameId::Katarenga,
        name: "no-first-capture",
        cases: include_str!("../../katarenga-core/tests/data/katarenga-no-first-capture.txt"),
        divide: include_str!(
            "../../katarenga-core/tests/data/katarenga-no-first-capture.divide.txt"
        ),
    },
];

/// The suites of one game.
pub fn suites_of(game: GameId) -> impl Iterator<Item = &'static Suite> {
    SUITES.iter().filter(move |s| s.game == game)
}

/// Every case of every suite, with its suite.
pub fn all_cases() -> impl Iterator<Item = (&'static Suite, Case)> {
    SUITES
        .iter()
        .flat_map(|s| s.cases().into_iter().map(move |c| (s, c)))
}

impl Suite {
    /// Whether this is a suite of `P`'s game (the one [`Game::NAME`] names).
    pub fn is_of<P: Game>(&self) -> bool {
        self.game.name() == P::NAME
    }

    /// The suite's cases.
    ///
    /// # Panics
    /// Panics on a malformed line (the suites are test data).
    pub fn cases(&self) -> Vec<Case> {
        cases(self.cases)
    }

    /// The reference divide of `case` (see [`divide_for`]).
    pub fn divide_of(&self, case: &Case) -> Vec<(String, u64)> {
        divide_for(self.divide, case)
    }
}

impl std::fmt::Display for Suite {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "{} {}", self.game, self.name)
    }
}

/// One reference case.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Case {
    /// The position in the game's notation.
    pub position: String,
    /// The depth.
    pub depth: u32,
    /// The expected node count.
    pub nodes: u64,
}

impl std::fmt::Display for Case {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "{} ; {} ; {}", self.position, self.depth, self.nodes)
    }
}

/// The cases of a suite file, skipping comments (`#`) and blank lines.
///
/// # Panics
/// Panics on a malformed line (the suites are test data).
pub fn cases(text: &str) -> Vec<Case> {
    text.lines()
        .map(str::trim)
        .filter(|l| !l.is_empty() && !l.starts_with('#'))
        .map(|line| {
            let parts: Vec<&str> = line.split(';').map(str::trim).collect();
            assert_eq!(parts.len(), 3, "malformed suite line: {line}");
            Case {
                position: parts[0].to_string(),
                depth: parts[1].parse().expect("depth"),
                nodes: parts[2].parse().expect("nodes"),
            }
        })
        .collect()
}

/// The reference divide of `case` from a divide file: `(move, nodes)`
/// pairs sorted by move text (empty if the file lacks the case).
pub fn divide_for(divide_file: &str, case: &Case) -> Vec<(String, u64)> {
    let header = case.to_string();
    let mut lines = divide_file.lines().skip_while(|l| l.trim() != header);
    lines.next();
    let mut out: Vec<(String, u64)> = lines
        .take_while(|l| !l.trim().is_empty() && !l.starts_with('#'))
        .filter_map(|l| {
            let (mv, n) = l.split_once(' ')?;
            Some((mv.to_string(), n.trim().parse().ok()?))
        })
        .collect();
    out.sort();
    out
}

/// The cases up to this many nodes are also counted by playing every leaf
/// ([`Game::perft_played`]), which is slower.
pub const PLAYED_LIMIT: u64 = 1_000_000;

/// Checks a game's rules against one reference suite: every case parses
/// and prints back as written, its [`Game::perft`] is the reference count,
/// its [`Game::perft_divide`] is the reference divide move for move (so a
/// disagreement names the first move to descend into), and up to
/// [`PLAYED_LIMIT`] nodes [`Game::perft_played`] counts the same.
///
/// # Panics
/// Panics, naming the suite and the case, on any disagreement, on a suite
/// of another game, or on a suite of fewer than 10 cases.
pub fn check_suite<P: Game>(suite: &Suite) {
    assert!(suite.is_of::<P>(), "{suite} is not a suite of {}", P::NAME);
    let cases = suite.cases();
    assert!(cases.len() >= 10, "{suite}: {} cases", cases.len());
    for case in &cases {
        let position: P = case
            .position
            .parse()
            .unwrap_or_else(|e| panic!("{suite}: {case}: {e}"));
        assert_eq!(
            position.to_string(),
            case.position,
            "{suite}: the notation round trips"
        );
        let theirs: BTreeMap<String, u64> = suite.divide_of(case).into_iter().collect();
        assert!(!theirs.is_empty(), "{suite}: no divide for {case}");
        let ours: BTreeMap<String, u64> = position
            .perft_divide(case.depth)
            .iter()
            .map(|(mv, n)| (mv.to_string(), *n))
            .collect();
        assert_eq!(ours, theirs, "{suite}: divide of {case}");
        assert_eq!(position.perft(case.depth), case.nodes, "{suite}: {case}");
        if case.nodes <= PLAYED_LIMIT {
            assert_eq!(
                position.perft_played(case.depth),
                case.nodes,
                "{suite}: played leaves of {case}"
            );
        }
    }
}

/// Checks every suite of `P`'s game with [`check_suite`]; returns how many
/// suites there were (at least one).
///
/// # Panics
/// As [`check_suite`], or if the game has no suite.
pub fn check_suites_of<P: Game>() -> usize {
    let mut count = 0;
    for suite in SUITES.iter().filter(|s| s.is_of::<P>()) {
        check_suite::<P>(suite);
        count += 1;
    }
    assert!(count >= 1, "no suite of {}", P::NAME);
    count
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::path::Path;

    /// The list holds every suite file of the cores' data folders (which
    /// the Node tests of the WebAssembly package read by listing them), and
    /// each entry is the file it names.
    #[test]
    fn the_list_holds_every_suite_file_once() {
        let crates = Path::new(env!("CARGO_MANIFEST_DIR")).join("..");
        let mut on_disk = Vec::new();
        // The games with a core of their own and its data folder (the
        // family's games are checked against a naive model in their crate).
        for game in GameId::ALL {
            let data = crates.join(format!("{game}-core/tests/data"));
            if !data.exists() {
                continue;
            }
            for entry in std::fs::read_dir(&data).unwrap() {
                let file = entry.unwrap().file_name().into_string().unwrap();
                if let Some(stem) = file.strip_suffix(".txt") {
                    if stem.ends_with(".divide") {
                        continue;
                    }
                    let name = stem
                        .strip_prefix(game.name())
                        .unwrap()
                        .trim_start_matches('-');
                    let name = if name.is_empty() { "standard" } else { name };
                    let text = |f: &str| std::fs::read_to_string(data.join(f)).unwrap();
                    on_disk.push(Suite {
                        game,
                        name: String::leak(name.to_string()),
                        cases: String::leak(text(&file)),
                        divide: String::leak(text(&format!("{stem}.divide.txt"))),
                    });
                }
            }
        }
        let key = |s: &Suite| (s.game, s.name);
        on_disk.sort_by_key(key);
        let mut listed = SUITES.to_vec();
        listed.sort_by_key(key);
        assert_eq!(listed, on_disk);
    }

    #[test]
    fn a_divide_is_found_by_its_case_line() {
        let suite = &SUITES[0];
        let case = &suite.cases()[0];
        let divide = suite.divide_of(case);
        assert!(!divide.is_empty());
        assert_eq!(divide.iter().map(|(_, n)| n).sum::<u64>(), case.nodes);
    }
}

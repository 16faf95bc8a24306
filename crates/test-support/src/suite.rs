//! The reference perft suites (`position ; depth ; nodes` lines, computed by
//! an independent implementation) and their divide files, kept with the
//! game crates' own tests (`crates/*-core/tests/data`), and their readers.

/// Kamisado without sumos.
pub const KAMISADO_BASIC: &str = include_str!("../../kamisado-core/tests/data/kamisado-basic.txt");
/// The divide of every case of [`KAMISADO_BASIC`].
pub const KAMISADO_BASIC_DIVIDE: &str =
    include_str!("../../kamisado-core/tests/data/kamisado-basic.divide.txt");
/// Kamisado with sumos, pushes and push marks.
pub const KAMISADO_SUMO: &str = include_str!("../../kamisado-core/tests/data/kamisado-sumo.txt");
/// The divide of every case of [`KAMISADO_SUMO`].
pub const KAMISADO_SUMO_DIVIDE: &str =
    include_str!("../../kamisado-core/tests/data/kamisado-sumo.divide.txt");
/// Katarenga on several boards, with camps.
pub const KATARENGA: &str = include_str!("../../katarenga-core/tests/data/katarenga.txt");
/// The divide of every case of [`KATARENGA`].
pub const KATARENGA_DIVIDE: &str =
    include_str!("../../katarenga-core/tests/data/katarenga.divide.txt");

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
    let header = format!("{} ; {} ; {}", case.position, case.depth, case.nodes);
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

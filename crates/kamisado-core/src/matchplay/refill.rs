//! The refill of the home rows between rounds, from the edge the round's
//! winner chooses.

use core::fmt;
use core::str::FromStr;

use board_geometry::{File, ParseNameError, Player, Rank, Square};

use crate::{Position, PositionBuilder};

/// The side of the board from which the home rows are refilled between
/// rounds, chosen by the round's winner. Written `a` or `h` (`Display`,
/// `FromStr`, serde).
///
/// ```
/// use kamisado_core::Edge;
/// assert_eq!("h".parse(), Ok(Edge::HFile));
/// assert_eq!(Edge::AFile.to_string(), "a");
/// ```
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub enum Edge {
    /// The a-file side (the left as Black sees it, the right as White sees
    /// it).
    #[cfg_attr(feature = "serde", serde(rename = "a"))]
    AFile,
    /// The h-file side.
    #[cfg_attr(feature = "serde", serde(rename = "h"))]
    HFile,
}

impl Edge {
    /// Both edges, the a-file first.
    pub const ALL: [Edge; 2] = [Edge::AFile, Edge::HFile];

    /// A name for people: `"a-file"` or `"h-file"`.
    #[must_use]
    pub const fn name(self) -> &'static str {
        match self {
            Edge::AFile => "a-file",
            Edge::HFile => "h-file",
        }
    }
}

impl fmt::Display for Edge {
    /// Writes `a` or `h`.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(match self {
            Edge::AFile => "a",
            Edge::HFile => "h",
        })
    }
}

impl FromStr for Edge {
    type Err = ParseNameError;

    /// Reads `a` or `h` (also `a-file`, `h-file`).
    fn from_str(s: &str) -> Result<Edge, ParseNameError> {
        board_geometry::notation::parse_name(
            s,
            &[
                (Edge::AFile, &["a", "a-file"]),
                (Edge::HFile, &["h", "h-file"]),
            ],
            "edge",
            "a or h",
        )
    }
}

/// The home rows refilled for the next round ([rules](crate::rules#match-play)): each player
/// takes its towers rank by rank, starting with the rank nearest its own
/// home row, each rank from `edge`, and places them in that order on its
/// home row starting from `edge`. Sumo ranks and the reading of the rules
/// are kept. The result has `to_move` to move with a free choice.
///
/// ```
/// use kamisado_core::{refill, Edge, Player, Position};
/// let end: Position = "obpkyr1n/3Y4/8/8/8/8/8/NGRg+KPBO b y".parse()?;
/// assert_eq!(
///     refill(&end, Edge::AFile, Player::Black).to_string(),
///     "obpkyrng+/8/8/8/8/8/8/NGRKPBOY b -"
/// );
/// assert_eq!(
///     refill(&end, Edge::HFile, Player::Black).to_string(),
///     "g+obpkyrn/8/8/8/8/8/8/YNGRKPBO b -"
/// );
/// # Ok::<(), kamisado_core::ParsePositionError>(())
/// ```
#[must_use]
pub fn refill(position: &Position, edge: Edge, to_move: Player) -> Position {
    refill_from(position, edge, to_move, false)
}

/// [`refill`], taking the ranks from the one farthest from the home row
/// when `farthest_first` ([`Refill::Farthest`](crate::Refill::Farthest)).
pub(super) fn refill_from(
    position: &Position,
    edge: Edge,
    to_move: Player,
    farthest_first: bool,
) -> Position {
    let files = |i: usize| match edge {
        Edge::AFile => File::ALL[i],
        Edge::HFile => File::ALL[7 - i],
    };
    let mut builder = PositionBuilder::new();
    for player in Player::ALL {
        let home = player.home_rank();
        let mut placed = 0;
        for step in 0..8 {
            let from_home = if farthest_first { 7 - step } else { step };
            let rank = match player {
                Player::Black => Rank::ALL[from_home],
                Player::White => Rank::ALL[7 - from_home],
            };
            for i in 0..8 {
                let square = Square::new(files(i), rank);
                if let Some(tower) = position.piece_on(square).filter(|t| t.player == player) {
                    // A valid position has eight towers a side, which fill
                    // the eight squares of the home row; more can only come
                    // from a position broken by `play_unchecked`.
                    if placed == 8 {
                        debug_assert!(false, "refill of an inconsistent position {position}");
                        return *position;
                    }
                    let rank = position.rank_of(tower);
                    let target = Square::new(files(placed), home);
                    let _ = builder.place(tower, target, rank);
                    placed += 1;
                }
            }
        }
    }
    builder.side_to_move(to_move);
    // A valid position has 8 towers a side on distinct squares, so they fill
    // both home rows; only a position broken by `play_unchecked` with an
    // illegal move can fail here, and it comes back unchanged.
    let refilled = builder.build();
    debug_assert!(
        refilled.is_ok(),
        "refill of an inconsistent position {position}"
    );
    refilled.map_or(*position, |p| p.with_game_of(position))
}

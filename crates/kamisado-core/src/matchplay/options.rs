//! The match options the sources disagree on: how a won round scores, and
//! how the next round is set up.

use board_geometry::{ParseNameError, Player, Square};

use crate::{Position, PositionBuilder, SumoRank};

use super::{Edge, refill};

board_geometry::named_enum! {
    /// How a won round scores ([rules](crate::rules#match-options)).
    ///
    /// ```
    /// use kamisado_core::{Scoring, SumoRank};
    /// assert_eq!(SumoRank::ALL.map(|r| Scoring::Rank.points(r)), [1, 3, 7, 15]);
    /// assert_eq!(SumoRank::ALL.map(|r| Scoring::Rings.points(r)), [1, 2, 4, 8]);
    /// ```
    #[derive(Default)]
    #[cfg_attr(
        feature = "serde",
        derive(serde::Serialize, serde::Deserialize),
        serde(rename_all = "kebab-case")
    )]
    pub enum Scoring {
        /// Rule text `002`: the winning tower's rank before promotion
        /// scores 1, 3, 7 or 15 (the default).
        #[default]
        Rank => "rank",
        /// The box's rings (worth 1, 2, 4 and 8) as some programs count
        /// them: each win adds the value of the ring the tower earns, 1, 2,
        /// 4 or 8 by its rank before promotion (so a tower's rings total 1,
        /// 3, 7, 15).
        Rings => "rings",
    }
    parse_error: ParseNameError { what: "scoring", expected: "rank or rings" },
}

impl Scoring {
    /// The points a round is worth when won by a tower of `rank`, before
    /// its promotion.
    #[must_use]
    pub const fn points(self, rank: SumoRank) -> u32 {
        match self {
            Scoring::Rank => super::points_for(rank),
            Scoring::Rings => 1 << rank.level(),
        }
    }
}

board_geometry::named_enum! {
    /// How the next round of a match is set up from the last one's final
    /// position ([rules](crate::rules#match-options)). Sumo ranks and the
    /// winner's promotion are kept by each.
    ///
    /// ```
    /// use kamisado_core::{Edge, Player, Position, Refill};
    /// let end: Position = "obpkyr1n/3Y4/8/8/8/8/8/NGRg+KPBO b y".parse()?;
    /// let next = |refill: Refill| refill.next_start(&end, Edge::AFile, Player::Black).to_string();
    /// assert_eq!(next(Refill::Nearest), "obpkyrng+/8/8/8/8/8/8/NGRKPBOY b -");
    /// assert_eq!(next(Refill::Farthest), "g+obpkyrn/8/8/8/8/8/8/YNGRKPBO b -");
    /// assert_eq!(next(Refill::Restart), "obpkyrg+n/8/8/8/8/8/8/NGRYKPBO b -");
    /// # Ok::<(), kamisado_core::ParsePositionError>(())
    /// ```
    #[derive(Default)]
    #[cfg_attr(
        feature = "serde",
        derive(serde::Serialize, serde::Deserialize),
        serde(rename_all = "kebab-case")
    )]
    pub enum Refill {
        /// Rule text `002`: each player refills its home row from the
        /// chosen edge, taking its towers from the rank nearest its home
        /// row first (the default; [`refill`]).
        #[default]
        Nearest => "nearest",
        /// As one other program does: the same, taking the rank farthest
        /// from the home row first.
        Farthest => "farthest",
        /// A house rule two programs offer: every round starts from the
        /// start layout (each tower on the square of its colour on its
        /// owner's home row), ranks kept; the edge chosen changes nothing
        /// ([`Match::edge_matters`](crate::Match::edge_matters)).
        Restart => "restart",
        /// The tile edition's set-up match (rule text `001`, [rules](crate::rules#numbered-set-ups)):
        /// no refill and no edge; the loser of a round draws two numbered
        /// set-ups and the next round starts from them, every tower plain
        /// ([`Match::draw_setups`](crate::Match::draw_setups),
        /// [`Match::start_round`](crate::Match::start_round)), so every
        /// round won scores 1 point.
        Setups => "setups",
    }
    parse_error: ParseNameError { what: "refill", expected: "nearest, farthest, restart or setups" },
}

impl Refill {
    /// The next round's start from the final position `position` if its
    /// winner chooses `edge`, with `to_move` to move with a free choice
    /// (the winner's promotion is [`Match`](crate::Match)'s). The reading
    /// of the rules and the layout are kept. [`Refill::Setups`] has no
    /// start of its own (the next round's comes from the set-ups drawn):
    /// it gives the start layout, as [`Refill::Restart`].
    #[must_use]
    pub fn next_start(self, position: &Position, edge: Edge, to_move: Player) -> Position {
        match self {
            Refill::Nearest => refill::refill(position, edge, to_move),
            Refill::Farthest => refill::refill_from(position, edge, to_move, true),
            Refill::Restart | Refill::Setups => restart(position, to_move),
        }
    }
}

/// The match options beside the target: the [`Scoring`] and the
/// [`Refill`]. The default is rule text `002`'s.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Default)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub struct MatchOptions {
    /// How a won round scores.
    #[cfg_attr(feature = "serde", serde(default))]
    pub scoring: Scoring,
    /// How the next round is set up.
    #[cfg_attr(feature = "serde", serde(default))]
    pub refill: Refill,
}

/// Every tower on the square of its colour on its owner's home row, with
/// its rank; `to_move` to move with a free choice.
fn restart(position: &Position, to_move: Player) -> Position {
    let mut builder = PositionBuilder::new();
    for (tower, _, rank) in position.towers() {
        let home = tower.player.home_rank().bitboard() & position.layout().squares(tower.colour);
        let square = home.first().unwrap_or(Square::A1);
        // Each colour is on every rank once: the squares are distinct.
        let _ = builder.place(tower, square, rank);
    }
    builder.side_to_move(to_move);
    let start = builder.build();
    debug_assert!(
        start.is_ok(),
        "restart of an inconsistent position {position}"
    );
    start.map_or(*position, |p| p.with_game_of(position))
}

//! Serde support (feature `serde`) for the types with a notation: positions
//! and moves serialise as their notation strings, and deserialising
//! validates them with the parsers. The value types without a notation
//! derive their impls where they are defined.

board_geometry::serde_as_notation! {
    crate::Position => "a Kamisado position such as \"obpkyrgn/8/8/8/8/8/8/NGRYKPBO b -\"",
    crate::Move => "a Kamisado move such as \"d1d7\"",
}

// Every error: `{"kind": ..., "message": ...}`, the message with its causes.
board_geometry::serde_as_error!(
    crate::ParseMoveError,
    crate::ParsePositionError,
    crate::IllegalMove,
    crate::InvalidPosition,
    crate::PushError,
    crate::MatchError,
    crate::HomeRowError,
    crate::ChartError,
    crate::ChartErrorKind,
    crate::ZeroTarget,
);

/// [`MoveKind`](crate::MoveKind) as serde writes it: one object shape for
/// every kind.
#[derive(serde::Serialize, serde::Deserialize)]
#[serde(deny_unknown_fields)]
pub(crate) struct MoveKindData {
    #[serde(rename = "type")]
    kind: KindName,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    towers: Option<u8>,
}

#[derive(serde::Serialize, serde::Deserialize)]
#[serde(rename_all = "snake_case")]
enum KindName {
    Slide,
    Push,
    Pass,
}

impl From<crate::MoveKind> for MoveKindData {
    fn from(kind: crate::MoveKind) -> MoveKindData {
        let (kind, towers) = match kind {
            crate::MoveKind::Slide => (KindName::Slide, None),
            crate::MoveKind::Push(n) => (KindName::Push, Some(n)),
            crate::MoveKind::Pass => (KindName::Pass, None),
        };
        MoveKindData { kind, towers }
    }
}

impl TryFrom<MoveKindData> for crate::MoveKind {
    type Error = &'static str;

    fn try_from(data: MoveKindData) -> Result<crate::MoveKind, &'static str> {
        match (data.kind, data.towers) {
            (KindName::Slide, None) => Ok(crate::MoveKind::Slide),
            (KindName::Pass, None) => Ok(crate::MoveKind::Pass),
            (KindName::Push, Some(n @ 1..=3)) => Ok(crate::MoveKind::Push(n)),
            (KindName::Push, _) => Err("a push moves 1 to 3 towers (`towers`)"),
            _ => Err("only a push has `towers`"),
        }
    }
}

/// [`MatchState`](crate::MatchState) as serde writes it: one object shape
/// for every state.
#[derive(serde::Serialize, serde::Deserialize)]
#[serde(deny_unknown_fields)]
pub(crate) struct MatchStateData {
    #[serde(rename = "type")]
    state: StateName,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    chooser: Option<board_geometry::Player>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    drawer: Option<board_geometry::Player>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    winner: Option<board_geometry::Player>,
}

#[derive(serde::Serialize, serde::Deserialize)]
#[serde(rename_all = "snake_case")]
enum StateName {
    InRound,
    ChooseEdge,
    DrawSetups,
    Over,
}

impl From<crate::MatchState> for MatchStateData {
    fn from(state: crate::MatchState) -> MatchStateData {
        use crate::MatchState as S;
        let mut data = MatchStateData {
            state: StateName::InRound,
            chooser: None,
            drawer: None,
            winner: None,
        };
        match state {
            S::InRound => {}
            S::ChooseEdge { chooser } => {
                (data.state, data.chooser) = (StateName::ChooseEdge, Some(chooser))
            }
            S::DrawSetups { drawer } => {
                (data.state, data.drawer) = (StateName::DrawSetups, Some(drawer))
            }
            S::Over { winner } => (data.state, data.winner) = (StateName::Over, Some(winner)),
        }
        data
    }
}

impl TryFrom<MatchStateData> for crate::MatchState {
    type Error = &'static str;

    fn try_from(data: MatchStateData) -> Result<crate::MatchState, &'static str> {
        use crate::MatchState as S;
        match (data.state, data.chooser, data.drawer, data.winner) {
            (StateName::InRound, None, None, None) => Ok(S::InRound),
            (StateName::ChooseEdge, Some(chooser), None, None) => Ok(S::ChooseEdge { chooser }),
            (StateName::DrawSetups, None, Some(drawer), None) => Ok(S::DrawSetups { drawer }),
            (StateName::Over, None, None, Some(winner)) => Ok(S::Over { winner }),
            _ => Err(
                "a match state names its one player: choose_edge the chooser, draw_setups the drawer, over the winner, in_round none",
            ),
        }
    }
}

//! A game or a match played action by action between two seats, for the
//! programs that serve two people (a game server, a referee, a page): who
//! must act now, actions accepted only from that player, the result decided
//! by the rules (or by a resignation or a flag fall the program reports),
//! and the record kept as the game goes.

use core::fmt;

use game_spec::{AnyError, AnyMove, AnyMoveKind, AnyPosition, BoardSetup, GameId, GameSpec};
use kamisado_core::board_geometry::{self, Player};
use kamisado_core::{Edge, Match, MatchError, MatchState, RoundSummary};
use katarenga_core::{Orientation, Setup};

use crate::{
    Annotated, BoardSpec, Chooser, FamilyRecord, KamisadoRecord, KamisadoRound, KatarengaRecord,
    OrientationChoice, RecordResult, Termination,
};

/// What the game waits for ([`Table::phase`]).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
#[cfg_attr(
    feature = "serde",
    derive(serde::Serialize, serde::Deserialize),
    serde(rename_all = "snake_case")
)]
pub enum Phase {
    /// A move.
    Move,
    /// Kamisado: the round's winner chooses the refill edge.
    ChooseEdge,
    /// Kamisado, a set-up match: the round's loser opens the next round
    /// from the set-ups it drew.
    StartRound,
    /// Katarenga: Black chooses the edge it plays from.
    ChooseOrientation,
    /// Nothing: the game (the match) is over.
    Over,
}

impl Phase {
    /// What the actor must do, as a sentence ends: `move`, `choose the
    /// refill edge`, ...
    #[must_use]
    pub const fn describe(self) -> &'static str {
        match self {
            Phase::Move => "move",
            Phase::ChooseEdge => "choose the refill edge (edge a or edge h)",
            Phase::StartRound => "start the next round from its set-ups",
            Phase::ChooseOrientation => {
                "choose the board's orientation (orientation bottom, left, top or right)"
            }
            Phase::Over => "nothing: the game is over",
        }
    }
}

impl fmt::Display for Phase {
    /// The phase as [`Phase::describe`] says it.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.describe())
    }
}

/// What a player does at a [`Table`]. Its text form (`Display`,
/// [`TableAction::parse`]) is the move's notation, `edge a`, `edge h`,
/// `orientation left` (bottom, left, top, right), `start <position>` or
/// `resign`: the form a program stores and a client sends.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum TableAction {
    /// A move.
    Move(AnyMove),
    /// Kamisado: the refill edge, by the round's winner.
    ChooseEdge(Edge),
    /// Kamisado, a set-up match: the next round's start, by the round's
    /// loser (see [`Match::start_round`]).
    StartRound(kamisado_core::Position),
    /// Katarenga: Black's edge ([`Setup::start`]).
    ChooseOrientation(Orientation),
    /// The player gives up the game (the match): the other wins.
    Resign,
}

/// Why a text is not a [`TableAction`].
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[error("not an action of {game}: {reason}")]
pub struct ParseActionError {
    /// The game.
    pub game: GameId,
    /// What is wrong with the text.
    pub reason: String,
}

impl TableAction {
    /// Reads an action of `game` from its text form.
    ///
    /// ```
    /// use game_records::TableAction;
    /// use game_spec::GameId;
    /// let edge = TableAction::parse(GameId::Kamisado, "edge h")?;
    /// assert_eq!(edge.to_string(), "edge h");
    /// assert_eq!(TableAction::parse(GameId::Kamisado, "d1d7")?.to_string(), "d1d7");
    /// let error = TableAction::parse(GameId::Katarenga, "edge h").unwrap_err();
    /// assert_eq!(error.to_string(), "not an action of katarenga: only kamisado has a refill edge");
    /// # Ok::<(), game_records::ParseActionError>(())
    /// ```
    ///
    /// # Errors
    /// [`ParseActionError`] with the reason: an unknown word, an edge or
    /// an orientation that does not read or that the game does not have,
    /// a move that does not read.
    pub fn parse(game: GameId, text: &str) -> Result<TableAction, ParseActionError> {
        let error = |reason: String| ParseActionError { game, reason };
        let text = text.trim();
        let (word, rest) = text.split_once(' ').unwrap_or((text, ""));
        let rest = rest.trim();
        match word {
            "resign" if rest.is_empty() => Ok(TableAction::Resign),
            "edge" | "start" if game != GameId::Kamisado => Err(error(format!(
                "only kamisado has a {}",
                if word == "edge" {
                    "refill edge"
                } else {
                    "next round's start"
                }
            ))),
            "edge" => rest
                .parse()
                .map(TableAction::ChooseEdge)
                .map_err(|e: board_geometry::ParseNameError| error(e.to_string())),
            "start" => rest
                .parse::<kamisado_core::Position>()
                .map(TableAction::StartRound)
                .map_err(|e| {
                    error(format!(
                        "not a position: {}",
                        board_geometry::ErrorChain(&e)
                    ))
                }),
            "orientation" if game != GameId::Katarenga => {
                Err(error("only katarenga has an orientation to choose".into()))
            }
            "orientation" => rest
                .parse()
                .map(TableAction::ChooseOrientation)
                .map_err(|e: board_geometry::ParseNameError| error(e.to_string())),
            _ => AnyMove::parse(game, text)
                .map(TableAction::Move)
                .map_err(|e| error(e.to_string())),
        }
    }
}

impl fmt::Display for TableAction {
    /// The action's text form ([`TableAction::parse`] reads it back).
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            TableAction::Move(mv) => mv.fmt(f),
            TableAction::ChooseEdge(edge) => write!(f, "edge {edge}"),
            TableAction::StartRound(start) => write!(f, "start {start}"),
            TableAction::ChooseOrientation(o) => write!(f, "orientation {o}"),
            TableAction::Resign => f.write_str("resign"),
        }
    }
}

/// Why a [`Table`] refused an action. The table is then unchanged.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum TableError {
    /// The game (the match) is over: nobody acts.
    #[error("the game is over: {result}")]
    Over {
        /// The result, as a record writes it (`black`, `white`, `draw`).
        result: String,
    },
    /// The other player must act now.
    #[error("it is not {player}'s turn: {actor} must {phase}")]
    NotYourTurn {
        /// Who tried to act.
        player: Player,
        /// Who must act.
        actor: Player,
        /// What the actor must do.
        phase: Phase,
    },
    /// The action is not what the game waits for (an edge during a round,
    /// a move while the orientation is to be chosen).
    #[error("{action} is not what the game waits for: {actor} must {phase}")]
    WrongPhase {
        /// The action, in its text form.
        action: String,
        /// Who must act.
        actor: Player,
        /// What the actor must do.
        phase: Phase,
    },
    /// The move is not legal here (or is another game's).
    #[error(transparent)]
    Move(AnyError),
    /// The match refused the edge or the round's start.
    #[error(transparent)]
    Match(MatchError),
    /// The text is not an action of the game ([`Table::act_text`]).
    #[error(transparent)]
    Parse(ParseActionError),
}

/// What an accepted action did ([`Table::act`]).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub struct Acted {
    /// The move's kind (a slide, a push, a capture, a placement); `None`
    /// for another action.
    pub kind: Option<AnyMoveKind>,
    /// Kamisado: the summary of the round the move ended, if it did.
    pub round_over: Option<RoundSummary>,
    /// Whether the game (the match) is now over.
    pub over: bool,
}

/// The record of a [`Table`]'s game, in the game's record format.
#[derive(Debug, Clone, PartialEq, Eq, Hash)]
pub enum TableRecord {
    /// A Kamisado round or match.
    Kamisado(KamisadoRecord),
    /// A Katarenga game.
    Katarenga(KatarengaRecord),
    /// A Congress, Quebec or Isolation game.
    Family(FamilyRecord),
}

impl TableRecord {
    /// The record's header (the players' names and the other tags), to set.
    pub fn header_mut(&mut self) -> &mut crate::Header {
        match self {
            TableRecord::Kamisado(r) => &mut r.header,
            TableRecord::Katarenga(r) => &mut r.header,
            TableRecord::Family(r) => &mut r.header,
        }
    }

    /// The result (`*` while the game goes on).
    #[must_use]
    pub fn result(&self) -> RecordResult {
        match self {
            TableRecord::Kamisado(r) => r.result,
            TableRecord::Katarenga(r) => r.result,
            TableRecord::Family(r) => r.result,
        }
    }

    /// How the game ended (`unfinished` while it goes on).
    #[must_use]
    pub fn termination(&self) -> Termination {
        match self {
            TableRecord::Kamisado(r) => r.termination,
            TableRecord::Katarenga(r) => r.termination,
            TableRecord::Family(r) => r.termination,
        }
    }

    fn finish(&mut self, result: RecordResult, termination: Termination) {
        let (r, t) = match self {
            TableRecord::Kamisado(r) => (&mut r.result, &mut r.termination),
            TableRecord::Katarenga(r) => (&mut r.result, &mut r.termination),
            TableRecord::Family(r) => (&mut r.result, &mut r.termination),
        };
        *r = result;
        *t = termination;
    }
}

impl fmt::Display for TableRecord {
    /// The record's text.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            TableRecord::Kamisado(r) => r.fmt(f),
            TableRecord::Katarenga(r) => r.fmt(f),
            TableRecord::Family(r) => r.fmt(f),
        }
    }
}

/// Where the game stands.
#[derive(Debug, Clone, PartialEq, Eq)]
enum State {
    /// Kamisado: a match (a single round is a match to 1 point).
    Kamisado(Match),
    /// Katarenga: Black has still to choose its edge of the laid board.
    ChooseOrientation(Setup),
    /// Any other game, or Katarenga once set up.
    Playing(AnyPosition),
}

/// One game (in Kamisado, one round or one match) of any [`GameSpec`],
/// played action by action between two seats: who must act now
/// ([`Table::actor`], [`Table::phase`]), actions accepted only from that
/// player and only when the rules allow them ([`Table::act`]), the end
/// decided by the rules or by what the program reports (a resignation,
/// [`Table::forfeit`] on time or abandonment), and the record kept as the game goes
/// ([`Table::record`]). Every action accepted is kept in order
/// ([`Table::actions`]): replayed on a new table of the same spec
/// ([`Table::replay`]), they give the same table back, which is how a
/// program stores a game.
///
/// ```
/// use kamisado_core::board_geometry::{self, Player};
/// use game_records::{Phase, Table, TableError};
/// let mut table = Table::new("kamisado target=3".parse()?);
/// assert_eq!((table.actor(), table.phase()), (Some(Player::Black), Phase::Move));
/// // White cannot move Black's towers, nor anything before its turn.
/// assert!(matches!(table.act_text(Player::White, "d1d7"), Err(TableError::NotYourTurn { .. })));
/// for mv in ["d1d7", "g8b3", "d7d7", "b3d1"] {
///     let player = table.actor().unwrap();
///     table.act_text(player, mv)?;
/// }
/// // White won the round: it chooses the edge the towers refill from.
/// assert_eq!((table.actor(), table.phase()), (Some(Player::White), Phase::ChooseEdge));
/// table.act_text(Player::White, "edge h")?;
/// table.act_text(Player::Black, "resign")?;
/// assert_eq!(table.winner(), Some(Player::White));
/// let text = table.record().to_string();
/// assert!(text.contains("[Termination \"resignation\"]"));
/// // The actions replayed give the same table.
/// assert_eq!(Table::replay(*table.spec(), table.actions())?, table);
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Table {
    spec: GameSpec,
    state: State,
    /// Set when a player resigned or lost on time: the loser and how.
    forfeit: Option<(Player, Termination)>,
    actions: Vec<(Player, TableAction)>,
    record: TableRecord,
}

/// The record's `Board` tag for a spec's board.
fn board_spec(board: BoardSetup) -> BoardSpec {
    match board {
        BoardSetup::Standard => BoardSpec::Tiles(
            katarenga_core::TilePlacement::arrangement(0).unwrap_or_else(|| unreachable!()),
        ),
        BoardSetup::Tiles(tiles) => BoardSpec::Tiles(tiles),
        BoardSetup::Colours(board) => BoardSpec::Colours(board),
    }
}

impl Table {
    /// A new game of `spec`, from its start. A Katarenga game is played
    /// on its board as laid (see [`Table::choosing_orientation`]).
    #[must_use]
    pub fn new(spec: GameSpec) -> Table {
        Table::set_up(spec, false)
    }

    /// A new Katarenga game of `spec` in which Black first chooses the
    /// edge of the laid board it plays from (the rules' set-up); `None`
    /// for another game.
    #[must_use]
    pub fn choosing_orientation(spec: GameSpec) -> Option<Table> {
        (spec.game() == GameId::Katarenga).then(|| Table::set_up(spec, true))
    }

    fn set_up(spec: GameSpec, choose: bool) -> Table {
        let (state, record) = match spec {
            GameSpec::Kamisado {
                rules,
                layout,
                target,
                options,
            } => {
                let game = spec
                    .new_match()
                    .unwrap_or_else(|| Match::new_with(target, rules, options));
                let mut record = KamisadoRecord::new(target);
                record.rules = rules;
                record.layout = layout;
                record.options = options;
                record.rounds = vec![KamisadoRound::new(*game.position())];
                (State::Kamisado(game), TableRecord::Kamisado(record))
            }
            GameSpec::Katarenga { rules, board } => {
                let mut record = KatarengaRecord::new(board_spec(board));
                record.rules = rules;
                let state = if choose {
                    State::ChooseOrientation(Setup::new(board.board(), rules))
                } else {
                    State::Playing(spec.start())
                };
                (state, TableRecord::Katarenga(record))
            }
            GameSpec::Congress { board, .. }
            | GameSpec::Quebec { board, .. }
            | GameSpec::Isolation { board, .. } => {
                let record = FamilyRecord::new(spec, board_spec(board))
                    .unwrap_or_else(|| unreachable!("a family game"));
                (State::Playing(spec.start()), TableRecord::Family(record))
            }
        };
        Table {
            spec,
            state,
            forfeit: None,
            actions: Vec::new(),
            record,
        }
    }

    /// `actions` played in order on a new table of `spec` (for
    /// [`Table::choosing_orientation`]'s tables, the first action chooses
    /// the orientation): how a program restores a game it stored.
    ///
    /// # Errors
    /// The first refused action's [`TableError`].
    pub fn replay(spec: GameSpec, actions: &[(Player, TableAction)]) -> Result<Table, TableError> {
        let choosing = matches!(
            actions.first(),
            Some((_, TableAction::ChooseOrientation(_)))
        );
        let mut table = if choosing {
            Table::choosing_orientation(spec).unwrap_or_else(|| Table::new(spec))
        } else {
            Table::new(spec)
        };
        for &(player, action) in actions {
            table.act(player, action)?;
        }
        Ok(table)
    }

    /// The game's description.
    #[must_use]
    pub fn spec(&self) -> &GameSpec {
        &self.spec
    }

    /// What the game waits for.
    #[must_use]
    pub fn phase(&self) -> Phase {
        if self.forfeit.is_some() {
            return Phase::Over;
        }
        match &self.state {
            State::Kamisado(game) => match game.state() {
                MatchState::InRound => Phase::Move,
                MatchState::ChooseEdge { .. } => Phase::ChooseEdge,
                MatchState::DrawSetups { .. } => Phase::StartRound,
                MatchState::Over { .. } => Phase::Over,
            },
            State::ChooseOrientation(_) => Phase::ChooseOrientation,
            State::Playing(p) if p.is_over() => Phase::Over,
            State::Playing(_) => Phase::Move,
        }
    }

    /// The player who must act now; `None` once the game is over.
    #[must_use]
    pub fn actor(&self) -> Option<Player> {
        if self.forfeit.is_some() {
            return None;
        }
        match &self.state {
            State::Kamisado(game) => game.actor(),
            State::ChooseOrientation(_) => Some(Player::Black),
            State::Playing(p) => (!p.is_over()).then(|| p.side_to_move()),
        }
    }

    /// The position: the round's in Kamisado; Katarenga's start on the
    /// board as laid while Black chooses its edge.
    #[must_use]
    pub fn position(&self) -> AnyPosition {
        match &self.state {
            State::Kamisado(game) => AnyPosition::Kamisado(*game.position()),
            State::ChooseOrientation(_) => self.spec.start(),
            State::Playing(p) => *p,
        }
    }

    /// The Kamisado match (its scores, round and options); `None` for
    /// another game.
    #[must_use]
    pub fn kamisado_match(&self) -> Option<&Match> {
        match &self.state {
            State::Kamisado(game) => Some(game),
            _ => None,
        }
    }

    /// The moves the actor may make now (none outside [`Phase::Move`]).
    #[must_use]
    pub fn legal_moves(&self) -> Vec<AnyMove> {
        if self.phase() == Phase::Move {
            self.position().legal_moves()
        } else {
            Vec::new()
        }
    }

    /// The winner once the game is over (`None` for a draw or a game
    /// going on).
    #[must_use]
    pub fn winner(&self) -> Option<Player> {
        self.record.result().winner()
    }

    /// Whether the game (the match) is over.
    #[must_use]
    pub fn is_over(&self) -> bool {
        self.phase() == Phase::Over
    }

    /// The record so far (`*` and `unfinished` while the game goes on).
    #[must_use]
    pub fn record(&self) -> &TableRecord {
        &self.record
    }

    /// The record, to set its header (the players' names, the event).
    pub fn record_mut(&mut self) -> &mut TableRecord {
        &mut self.record
    }

    /// Every action accepted, in order, with the player who made it.
    #[must_use]
    pub fn actions(&self) -> &[(Player, TableAction)] {
        &self.actions
    }

    /// Reads `text` as an action of this game ([`TableAction::parse`]) and
    /// acts it for `player`.
    ///
    /// # Errors
    /// [`TableError::Parse`] if the text does not read, else as
    /// [`Table::act`].
    pub fn act_text(&mut self, player: Player, text: &str) -> Result<Acted, TableError> {
        let action = TableAction::parse(self.spec.game(), text).map_err(TableError::Parse)?;
        self.act(player, action)
    }

    /// `player` does `action`, accepted only from the player who must act
    /// now ([`Table::actor`]), only if it is what the game waits for
    /// ([`Table::phase`]) and only if the rules allow it; a resignation is
    /// accepted from either player while the game goes on.
    ///
    /// # Errors
    /// [`TableError::Over`], [`TableError::NotYourTurn`],
    /// [`TableError::WrongPhase`], [`TableError::Move`] for an illegal
    /// move, [`TableError::Match`] for an edge or a start the match
    /// refuses. The table is then unchanged.
    pub fn act(&mut self, player: Player, action: TableAction) -> Result<Acted, TableError> {
        let phase = self.phase();
        let Some(actor) = self.actor() else {
            return Err(TableError::Over {
                result: self.record.result().to_string(),
            });
        };
        if action == TableAction::Resign {
            self.end_by(player, Termination::Resignation);
            self.actions.push((player, action));
            return Ok(Acted {
                kind: None,
                round_over: None,
                over: true,
            });
        }
        if player != actor {
            return Err(TableError::NotYourTurn {
                player,
                actor,
                phase,
            });
        }
        let wrong = || TableError::WrongPhase {
            action: action.to_string(),
            actor,
            phase,
        };
        let mut acted = Acted {
            kind: None,
            round_over: None,
            over: false,
        };
        match (&mut self.state, action) {
            (State::Kamisado(game), action) => {
                let action = match action {
                    TableAction::Move(AnyMove::Kamisado(mv)) => {
                        kamisado_core::MatchAction::Move(mv)
                    }
                    TableAction::Move(mv) => {
                        return Err(TableError::Move(AnyError::WrongGame {
                            mv,
                            expected: GameId::Kamisado,
                            found: mv.game(),
                        }));
                    }
                    TableAction::ChooseEdge(edge) => kamisado_core::MatchAction::ChooseEdge(edge),
                    TableAction::StartRound(start) => kamisado_core::MatchAction::StartRound(start),
                    TableAction::ChooseOrientation(_) | TableAction::Resign => return Err(wrong()),
                };
                let done = game.act(player, action).map_err(|e| match e {
                    MatchError::Illegal(reason) => match action {
                        kamisado_core::MatchAction::Move(mv) => {
                            TableError::Move(AnyError::Illegal {
                                mv: AnyMove::Kamisado(mv),
                                reason: reason.to_string(),
                            })
                        }
                        _ => TableError::Match(e),
                    },
                    MatchError::RoundInProgress
                    | MatchError::EdgeToChoose { .. }
                    | MatchError::SetupsToDraw { .. } => wrong(),
                    e => TableError::Match(e),
                })?;
                acted.kind = done.kind.map(AnyMoveKind::Kamisado);
                acted.round_over = done.round_over;
            }
            (State::ChooseOrientation(setup), TableAction::ChooseOrientation(orientation)) => {
                let start = setup.start(orientation);
                if let TableRecord::Katarenga(record) = &mut self.record {
                    record.orientation_choice = Some(OrientationChoice {
                        orientation,
                        by: Chooser::Black,
                    });
                }
                self.state = State::Playing(AnyPosition::Katarenga(start));
            }
            (State::Playing(position), TableAction::Move(mv)) => {
                let kind = position.check_move(mv).map_err(TableError::Move)?;
                *position = position.try_play(mv).map_err(TableError::Move)?;
                acted.kind = Some(kind);
            }
            _ => return Err(wrong()),
        }
        self.actions.push((player, action));
        self.write_down(action);
        acted.over = self.is_over();
        Ok(acted)
    }

    /// `loser` loses the game (the match) by a fault the program serving it
    /// decides, not the rules: `time forfeit` (its clock ran out),
    /// `abandoned` (it left and did not come back), or another forfeit
    /// ([`Termination::is_forfeit`]). Returns whether it applied: nothing
    /// happens once the game is over or for a termination that is not a
    /// forfeit.
    ///
    /// ```
    /// use game_records::{Table, Termination};
    /// use kamisado_core::board_geometry::Player;
    /// let mut table = Table::new("congress".parse()?);
    /// assert!(!table.forfeit(Player::White, Termination::Normal));
    /// assert!(table.forfeit(Player::White, Termination::TimeForfeit));
    /// assert_eq!(table.winner(), Some(Player::Black));
    /// assert!(!table.forfeit(Player::Black, Termination::Abandoned));
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn forfeit(&mut self, loser: Player, termination: Termination) -> bool {
        let applies = !self.is_over() && termination.is_forfeit();
        if applies {
            self.end_by(loser, termination);
        }
        applies
    }

    fn end_by(&mut self, loser: Player, termination: Termination) {
        self.forfeit = Some((loser, termination));
        self.record
            .finish(RecordResult::Win(loser.opponent()), termination);
    }

    /// Brings the record up to date after `action` was accepted.
    fn write_down(&mut self, action: TableAction) {
        match (&mut self.record, &self.state) {
            (TableRecord::Kamisado(record), State::Kamisado(game)) => {
                if let (TableAction::Move(AnyMove::Kamisado(mv)), Some(round)) =
                    (action, record.rounds.last_mut())
                {
                    round.moves.push(Annotated::new(mv));
                }
                let rounds = record.rounds.len();
                if let Some(round) = record.rounds.last_mut() {
                    if let TableAction::ChooseEdge(edge) = action {
                        round.edge = Some(edge);
                    }
                    if round.summary.is_none() {
                        round.summary = game.last_round().filter(|s| s.round as usize == rounds);
                    }
                }
                if game.state() == MatchState::InRound
                    && record.rounds.len() < game.round() as usize
                {
                    record.rounds.push(KamisadoRound::new(*game.position()));
                }
                if let MatchState::Over { winner } = game.state() {
                    record.result = RecordResult::Win(winner);
                    record.termination = Termination::Normal;
                }
            }
            (TableRecord::Katarenga(record), State::Playing(position)) => {
                if let TableAction::Move(AnyMove::Katarenga(mv)) = action {
                    record.moves.push(Annotated::new(mv));
                }
                if position.is_over() {
                    record.result = position
                        .winner()
                        .map_or(RecordResult::Draw, RecordResult::Win);
                    record.termination = Termination::Normal;
                }
            }
            (TableRecord::Family(record), State::Playing(position)) => {
                if let TableAction::Move(
                    AnyMove::Congress(mv) | AnyMove::Quebec(mv) | AnyMove::Isolation(mv),
                ) = action
                {
                    record.moves.push(Annotated::new(mv));
                }
                if position.is_over() {
                    record.result = position
                        .winner()
                        .map_or(RecordResult::Draw, RecordResult::Win);
                    record.termination = Termination::Normal;
                }
            }
            _ => {}
        }
    }
}

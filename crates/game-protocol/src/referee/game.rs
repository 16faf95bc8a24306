//! One game of a run: a Kamisado match (or single round) or a Katarenga
//! game between the engines of two seats, with its clocks, the project's
//! adjudication, and its record.

use kamisado_core::Game as _;
use std::fmt;
use std::str::FromStr;

use board_geometry::{Player, SplitMix64};
use game_records::{
    Annotated, BoardSpec, Chooser, FamilyRecord, Header, KamisadoRecord, KamisadoRound,
    KatarengaRecord, OrientationChoice, RecordResult, Termination,
};
use game_search::play::Repetitions;
use game_spec::{AnyMove, AnyPosition};
use kamisado_core::{Match, MatchState};
use katarenga_core::{Orientation, Setup};

use super::report::GameReport;
use super::session::{Fault, Slot, fault, quote};
use super::time::Clocks;
use super::{Choices, Config, OrientationRule, today};
use crate::message::{Command, Start};
use crate::setup::Opening;

type Kamisado = kamisado_core::Position;
type Katarenga = katarenga_core::Position;

/// The most characters of a fault's reason in a record's `Reason` tag.
const REASON: usize = 300;

/// How a game came out: its termination, its winner (a colour), the
/// fault's reason, and the record.
type Outcome = (Termination, Option<Player>, Option<String>, String);

/// Plays game `number` from `opening`: engine `first` (0 or 1, as in the
/// config) plays the side to move.
pub(super) fn play(
    config: &Config,
    slots: &mut [Slot; 2],
    number: u32,
    opening: Opening,
    first: usize,
    choices: &Choices,
) -> GameReport {
    let restarts = slots.each_ref().map(|s| s.restarts);
    // The engine of each colour, Black's first.
    let mover = opening.side_to_move();
    let mut engine_of = [0usize; 2];
    engine_of[mover.index()] = first;
    engine_of[mover.opponent().index()] = 1 - first;
    let names = slots.each_ref().map(|s| s.spec.name.clone());
    let header = Header {
        event: config.event.clone(),
        site: "kk-referee".into(),
        date: today(),
        black: names[engine_of[0]].clone(),
        white: names[engine_of[1]].clone(),
        other: if config.rematch {
            vec![
                ("Game".into(), number.to_string()),
                ("Match".into(), number.div_ceil(2).to_string()),
                ("MatchGame".into(), (2 - number % 2).to_string()),
            ]
        } else {
            vec![("Game".into(), number.to_string())]
        },
    };
    let mut game = Game {
        config,
        slots,
        number,
        choices,
        engine_of,
        clocks: Clocks::new(
            engine_of.map(|e| config.engines[e].time.unwrap_or(config.time)),
            config.margin,
            config.patience,
        ),
    };
    let (termination, winner, reason, record) = match opening {
        Opening::Kamisado(start) => game.kamisado(start, header),
        Opening::Katarenga { board, position } => game.katarenga(board, position, header),
        Opening::Family { board, position } => game.family(board, position, header),
    };
    let mut faults = [0; 2];
    if let Some(loser) = winner
        .filter(|_| termination.is_forfeit())
        .map(|w: Player| engine_of[w.opponent().index()])
    {
        faults[loser] += 1;
        game.slots[loser].reset();
    }
    GameReport {
        number,
        first,
        winner: winner.map(|w| engine_of[w.index()]),
        termination,
        reason,
        record,
        faults,
        restarts: [0, 1].map(|i| game.slots[i].restarts - restarts[i]),
    }
}

/// Reads `text`, the answer of `side`, as a move and plays it with
/// `play`: what playing it gives, or an illegal move's fault.
fn play_text<M, T, E>(
    side: Player,
    text: &str,
    play: impl FnOnce(M) -> Result<T, E>,
) -> Result<(M, T), (Player, Fault)>
where
    M: FromStr + Copy,
    M::Err: fmt::Display,
    E: fmt::Display,
{
    let illegal = |e: &dyn fmt::Display| {
        (
            side,
            fault(
                Termination::IllegalMove,
                format!("played {}: {e}", quote(text)),
            ),
        )
    };
    let mv: M = text.parse().map_err(|e| illegal(&e))?;
    let next = play(mv).map_err(|e| illegal(&e))?;
    Ok((mv, next))
}

/// A game under way.
struct Game<'a> {
    config: &'a Config,
    slots: &'a mut [Slot; 2],
    /// The game's number in the run, from 1.
    number: u32,
    /// The orientations chosen in the pairs' first games.
    choices: &'a Choices,
    /// The engine (0 or 1) of each colour, Black's first.
    engine_of: [usize; 2],
    clocks: Clocks,
}

impl Game<'_> {
    fn slot(&mut self, side: Player) -> &mut Slot {
        &mut self.slots[self.engine_of[side.index()]]
    }

    /// `newgame` to both engines (started if need be).
    fn new_game(&mut self) -> Result<(), (Player, Fault)> {
        let (game, patience) = (self.config.spec, self.config.patience);
        for side in Player::ALL {
            self.slot(side)
                .new_game(game, patience)
                .map_err(|f| (side, f))?;
        }
        Ok(())
    }

    /// Asks `side` for its move in `command`'s position.
    fn ask_move(&mut self, command: Command, side: Player) -> Result<String, (Player, Fault)> {
        let patience = self.config.patience;
        let game = self.config.spec;
        let engine = self.engine_of[side.index()];
        let slot = &mut self.slots[engine];
        slot.ready(game, patience).map_err(|f| (side, f))?;
        slot.ask_move(command, &mut self.clocks, side, patience)
            .map_err(|f| (side, f))
    }

    /// The record's reason for a fault of the engine of `side`.
    fn reason(&self, side: Player, f: &Fault) -> String {
        let name = &self.slots[self.engine_of[side.index()]].spec.name;
        let text = format!("{name}: {}", f.reason);
        // The engine's own text is quoted and cut short in the reason
        // already; a referee's line is cut here at any rate.
        match text.char_indices().nth(REASON) {
            Some((end, _)) => format!("{}...", &text[..end]),
            None => text,
        }
    }

    fn kamisado(&mut self, start: Kamisado, header: Header) -> Outcome {
        let target = self.config.target();
        let mut record = KamisadoRecord::new(target);
        record.header = header;
        record.rules = start.rules();
        record.layout = start.layout();
        let options = self.config.match_options();
        record.options = options;
        record.rounds[0] = KamisadoRound::new(start);
        let patience = self.config.patience;
        // The set-up match's later draws: the run's seed and the game's
        // number (a pair's two games draw alike where their rounds do).
        let mut draws =
            SplitMix64::new(self.config.seed ^ u64::from(self.number.div_ceil(2)) << 32);
        let outcome: Result<Player, (Player, Fault)> = (|| {
            self.new_game()?;
            let mut game = Match::resume_with(target, options, start, [0, 0], 1).map_err(|e| {
                (
                    start.side_to_move(),
                    fault(Termination::ProtocolError, e.to_string()),
                )
            })?;
            let mut announced = 0;
            loop {
                match game.state() {
                    MatchState::Over { winner } => return Ok(winner),
                    MatchState::InRound => {
                        let round = u32::try_from(record.rounds.len()).unwrap_or(u32::MAX);
                        if announced < round {
                            for side in Player::ALL {
                                self.slot(side)
                                    .match_state(&game, round, patience)
                                    .map_err(|f| (side, f))?;
                            }
                            announced = round;
                        }
                        // The record has a round for every round begun.
                        let current = record.rounds.last().map_or(start, |r| r.start);
                        let moves = record
                            .rounds
                            .last()
                            .map(|r| r.moves.iter().map(|m| m.mv.to_string()).collect())
                            .unwrap_or_default();
                        let side = game.position().side_to_move();
                        let command = Command::Position {
                            start: Start::Notation(current.to_string()),
                            moves,
                        };
                        let text = self.ask_move(command, side)?;
                        let (mv, summary) = play_text(side, &text, |mv| game.play(mv))?;
                        if let Some(round) = record.rounds.last_mut() {
                            round.moves.push(Annotated::new(mv));
                            round.summary = summary;
                        }
                    }
                    MatchState::ChooseEdge { chooser } => {
                        let edge = if game.edge_matters() {
                            let engine = self.engine_of[chooser.index()];
                            let spec = self.config.spec;
                            let slot = &mut self.slots[engine];
                            slot.ready(spec, patience).map_err(|f| (chooser, f))?;
                            slot.ask_edge(&game, &mut self.clocks, chooser, patience)
                                .map_err(|f| (chooser, f))?
                        } else {
                            // The same start from either edge: nothing to ask.
                            kamisado_core::Edge::AFile
                        };
                        // The state is `ChooseEdge`: the edge is taken.
                        let _ = game.choose_edge(edge);
                        if let Some(round) = record.rounds.last_mut() {
                            round.edge = Some(edge);
                        }
                        record.rounds.push(KamisadoRound::new(*game.position()));
                    }
                    MatchState::DrawSetups { drawer } => {
                        let Some(chart) = &self.config.setups else {
                            // Unreachable: the referee checks the chart
                            // before the run.
                            let reason = "no chart to draw the set-ups from".to_string();
                            return Err((drawer, fault(Termination::ProtocolError, reason)));
                        };
                        game.draw_setups(chart, &mut draws).map_err(|e| {
                            (drawer, fault(Termination::ProtocolError, e.to_string()))
                        })?;
                        record.rounds.push(KamisadoRound::new(*game.position()));
                    }
                }
            }
        })();
        let (termination, winner, reason) = match outcome {
            Ok(winner) => (Termination::Normal, winner, None),
            Err((loser, f)) => (f.kind, loser.opponent(), Some(self.reason(loser, &f))),
        };
        record.termination = termination;
        record.result = RecordResult::Win(winner);
        if let Some(reason) = &reason {
            record.header.other.push(("Reason".into(), reason.clone()));
        }
        debug_assert!(record.validate().is_ok(), "{:?}", record.validate());
        (termination, Some(winner), reason, record.to_string())
    }

    /// The start of a game whose orientation is chosen: the first game of
    /// a pair asks its Black engine and keeps the answer for the rematch
    /// (the bottom edge if Black could not choose); the second takes it.
    fn chosen_start(
        &mut self,
        board: &BoardSpec,
        laid: katarenga_core::Board,
        record: &mut KatarengaRecord,
    ) -> Result<Katarenga, (Player, Fault)> {
        let pair = self.number.div_ceil(2);
        let (orientation, by) = if self.number % 2 == 1 {
            let patience = self.config.patience;
            let engine = self.engine_of[Player::Black.index()];
            let asked = self.slots[engine]
                .ask_orientation(board, &mut self.clocks, Player::Black, patience)
                .map_err(|f| (Player::Black, f));
            self.choices.put(pair, asked.as_ref().ok().copied());
            (asked?, Chooser::Black)
        } else {
            match self.choices.wait(pair) {
                Some(o) => (o, Chooser::White),
                None => (Orientation::Bottom, Chooser::Given),
            }
        };
        record.orientation_choice = Some(OrientationChoice { orientation, by });
        Ok(Setup::new(laid, self.config.rules()).start(orientation))
    }

    fn katarenga(&mut self, board: BoardSpec, start: Katarenga, header: Header) -> Outcome {
        let mut record = KatarengaRecord::new(board);
        record.header = header;
        record.rules = self.config.rules();
        let choose = self.config.orientation == OrientationRule::Choose;
        let adjudication = self.config.adjudication;
        let outcome: Result<(Termination, Option<Player>), (Player, Fault)> = (|| {
            self.new_game()?;
            let start = if choose {
                self.chosen_start(&board, *start.board(), &mut record)?
            } else {
                start
            };
            if record.start_position().ok() != Some(start) {
                record.start = Some(start);
            }
            let mut position = start;
            let mut seen = Repetitions::new();
            seen.record(&position);
            loop {
                if let Some(outcome) = position.outcome() {
                    return Ok((Termination::Normal, Some(outcome.winner())));
                }
                if record.moves.len() >= adjudication.max_plies as usize {
                    return Ok((Termination::PlyLimit, None));
                }
                let side = position.side_to_move();
                let command = Command::Position {
                    start: Start::Notation(start.to_string()),
                    moves: record.moves.iter().map(|m| m.mv.to_string()).collect(),
                };
                let text = self.ask_move(command, side)?;
                let (mv, next) = play_text(side, &text, |mv| position.try_play(mv))?;
                record.moves.push(Annotated::new(mv));
                position = next;
                let count = seen.record(&position);
                if adjudication.repetitions.is_some_and(|limit| count >= limit) {
                    return Ok((Termination::Repetition, None));
                }
            }
        })();
        if choose && self.number % 2 == 1 {
            // A first game that ended before its choice (a fault at
            // `newgame`): its rematch must not wait for one.
            self.choices.put(self.number.div_ceil(2), None);
        }
        let (termination, winner, reason) = match outcome {
            Ok((t, w)) => (t, w, None),
            Err((loser, f)) => (f.kind, Some(loser.opponent()), Some(self.reason(loser, &f))),
        };
        record.termination = termination;
        record.result = winner.map_or(RecordResult::Draw, RecordResult::Win);
        if let Some(reason) = &reason {
            record.header.other.push(("Reason".into(), reason.clone()));
        }
        debug_assert!(record.validate().is_ok(), "{:?}", record.validate());
        (termination, winner, reason, record.to_string())
    }

    /// A game of the family (Congress, Quebec, Isolation) from `start`:
    /// the moves asked in turn, the project's adjudication (repetition,
    /// ply limit) as for Katarenga, draws by the rules kept.
    fn family(&mut self, board: BoardSpec, start: AnyPosition, header: Header) -> Outcome {
        let spec = self.config.spec;
        let Some(mut record) = FamilyRecord::new(spec, board) else {
            unreachable!("a family opening comes from a family spec")
        };
        record.header = header;
        if record.start_position().ok() != Some(start) {
            record.start = Some(start);
        }
        let adjudication = self.config.adjudication;
        let outcome: Result<(Termination, Option<Player>), (Player, Fault)> = (|| {
            self.new_game()?;
            let mut position = start;
            let mut seen = std::collections::HashMap::<AnyPosition, u32>::new();
            seen.insert(position, 1);
            loop {
                if let Some(outcome) = position.outcome() {
                    return Ok((Termination::Normal, outcome.winner()));
                }
                if record.moves.len() >= adjudication.max_plies as usize {
                    return Ok((Termination::PlyLimit, None));
                }
                let side = position.side_to_move();
                let command = Command::Position {
                    start: Start::Notation(start.to_string()),
                    moves: record.moves.iter().map(|m| m.mv.to_string()).collect(),
                };
                let text = self.ask_move(command, side)?;
                let (mv, next) = play_text(side, &text, |mv: katarenga_family::Move| {
                    let any = match position {
                        AnyPosition::Quebec(_) => AnyMove::Quebec(mv),
                        AnyPosition::Isolation(_) => AnyMove::Isolation(mv),
                        _ => AnyMove::Congress(mv),
                    };
                    position.try_play(any)
                })?;
                record.moves.push(Annotated::new(mv));
                position = next;
                let count = seen.entry(position).or_default();
                *count += 1;
                if adjudication
                    .repetitions
                    .is_some_and(|limit| *count >= limit)
                {
                    return Ok((Termination::Repetition, None));
                }
            }
        })();
        let (termination, winner, reason) = match outcome {
            Ok((t, w)) => (t, w, None),
            Err((loser, f)) => (f.kind, Some(loser.opponent()), Some(self.reason(loser, &f))),
        };
        record.termination = termination;
        record.result = winner.map_or(RecordResult::Draw, RecordResult::Win);
        if let Some(reason) = &reason {
            record.header.other.push(("Reason".into(), reason.clone()));
        }
        debug_assert!(record.validate().is_ok(), "{:?}", record.validate());
        (termination, winner, reason, record.to_string())
    }
}

//! Kamisado for JavaScript: `KamisadoPosition` and `KamisadoMatch`.

use board_geometry::Square;
use kamisado_core::{
    Colour, Edge, Game, Match, MatchOptions, MatchState, Move, MoveKind, Outcome, Position,
    RoundSummary, Target,
};
use serde::Serialize;
use wasm_bindgen::prelude::*;

use crate::args::{self, Fields, JsResult};
use crate::{js_error, message_of, parse_arg, player_name, to_js};

#[wasm_bindgen(typescript_custom_section)]
const KAMISADO_TYPES: &str = r#"
/** A Kamisado colour: of a square, and of the tower that moves from it. */
export type KamisadoColour =
  "orange" | "blue" | "purple" | "pink" | "yellow" | "red" | "green" | "brown";

/** What a legal Kamisado move does. */
export type KamisadoMoveKind = "slide" | "push" | "pass";

/** How a round ended. */
export interface KamisadoOutcome {
  winner: Player;
  loser: Player;
  ending: "arrival" | "deadlock" | "no move";
  /** The winner's tower that scores the round in a match (none after "no move"). */
  tower?: KamisadoColour;
  /** The outcome in words ("black wins: the green tower reached the goal row"). */
  description: string;
}

/** A tower on the board. */
export interface KamisadoTower {
  player: Player;
  colour: KamisadoColour;
  square: string;
  /** 0 plain, 1 sumo, 2 double sumo, 3 triple sumo. */
  sumo: 0 | 1 | 2 | 3;
}

/** A blocked tower in a chain of obligations. */
export interface KamisadoObligation {
  player: Player;
  colour: KamisadoColour;
  square: string;
}

/** The points of each player in a match. */
export interface KamisadoScores {
  black: number;
  white: number;
}

/** `inRound` while a round is played, `chooseEdge` between rounds, `over` at the end. */
export type KamisadoMatchState = "inRound" | "chooseEdge" | "drawSetups" | "over";

/** A finished round of a match. */
export interface KamisadoRoundSummary {
  round: number;
  outcome: KamisadoOutcome;
  /** The winner's scoring tower (none after "no move"). */
  tower?: KamisadoColour;
  /** The scoring tower's sumo rank before its promotion. */
  sumo: 0 | 1 | 2 | 3;
  points: number;
  /** The scores after the round. */
  scores: KamisadoScores;
  /** The summary in words. */
  description: string;
}

/** The side of the board from which the home rows are refilled between rounds. */
export type KamisadoEdge = "a" | "h";

/** Where `KamisadoMatch.resume` takes a match up: the target, the scores and the round. */
export interface KamisadoProgress {
  target?: number;
  scores?: KamisadoScores;
  round?: number;
  scoring?: "rank" | "rings";
  refill?: "nearest" | "farthest" | "restart";
}
"#;

/// The largest score, round or target a match takes.
const MAX: u64 = u32::MAX as u64;

/// A match target from the argument `name` (3 if left out).
fn target(name: &str, value: &JsValue, default: u64) -> JsResult<Target> {
    let points = args::optional_count(name, "a match target in points", value, (1, MAX), default)?;
    Target::new(u32::try_from(points).unwrap_or(u32::MAX))
        .ok_or_else(|| args::range_error(&format!("`{name}` must be at least 1 point")))
}

#[derive(Serialize)]
struct OutcomeJs {
    winner: &'static str,
    loser: &'static str,
    ending: &'static str,
    tower: Option<&'static str>,
    description: String,
}

impl From<Outcome> for OutcomeJs {
    fn from(o: Outcome) -> OutcomeJs {
        OutcomeJs {
            winner: player_name(o.winner()),
            loser: player_name(o.loser()),
            ending: o.ending(),
            tower: o.scoring_tower().map(Colour::name),
            description: o.to_string(),
        }
    }
}

#[derive(Serialize)]
struct TowerJs {
    player: &'static str,
    colour: &'static str,
    square: String,
    sumo: u8,
}

#[derive(Serialize)]
struct ScoresJs {
    black: u32,
    white: u32,
}

impl From<[u32; 2]> for ScoresJs {
    fn from([black, white]: [u32; 2]) -> ScoresJs {
        ScoresJs { black, white }
    }
}

#[derive(Serialize)]
struct RoundSummaryJs {
    round: u32,
    outcome: OutcomeJs,
    tower: Option<&'static str>,
    sumo: u8,
    points: u32,
    scores: ScoresJs,
    description: String,
}

impl From<RoundSummary> for RoundSummaryJs {
    fn from(s: RoundSummary) -> RoundSummaryJs {
        RoundSummaryJs {
            round: s.round,
            outcome: s.outcome.into(),
            tower: s.tower.map(Colour::name),
            sumo: s.rank.level(),
            points: s.points,
            scores: s.scores.into(),
            description: s.to_string(),
        }
    }
}

/// A Kamisado position, immutable: parse it from the notation, list its
/// legal moves, and `play` one to get the next position.
///
/// ```js
/// const start = KamisadoPosition.start();
/// const next = start.play("d1d7");
/// next.toString(); // "obpkyrgn/3Y4/8/8/8/8/8/NGR1KPBO w g"
/// next.forcedColour; // "green"
/// ```
#[wasm_bindgen]
#[derive(Clone, Copy)]
pub struct KamisadoPosition {
    inner: Position,
}

position_methods!(
    KamisadoPosition,
    Position,
    Move,
    "KamisadoOutcome | undefined",
    /// The position written in `notation` (`"obpkyrgn/8/8/8/8/8/8/NGRYKPBO b -"`),
    /// or the start without an argument. Throws an `Error` that says what is
    /// wrong and where.
    new
);

#[wasm_bindgen]
impl KamisadoPosition {
    /// The start of a match: Black to move with a free choice, played by
    /// the reading of the rules named `rules` (`"standard"` by default,
    /// `"pushed-square"`, `"blocked-colour"`) on the board layout named
    /// `layout` (`"standard"` by default, `"turned"`, `"mirrored"`,
    /// `"mirrored-turned"`), each tower on its colour of that layout.
    pub fn start(
        #[wasm_bindgen(unchecked_optional_param_type = "string")] rules: JsValue,
        #[wasm_bindgen(unchecked_optional_param_type = "string")] layout: JsValue,
    ) -> Result<KamisadoPosition, JsValue> {
        Ok(KamisadoPosition {
            inner: Position::start_on(layout_arg(&layout)?).with_rules(reading(&rules)?),
        })
    }

    /// The board layout the position is played on (`"standard"`,
    /// `"turned"`, `"mirrored"` or `"mirrored-turned"`); the notation does
    /// not say it.
    #[wasm_bindgen(getter)]
    pub fn layout(&self) -> String {
        self.inner.layout().name().to_owned()
    }

    /// The same position on the layout named `layout`.
    #[wasm_bindgen(js_name = withLayout)]
    pub fn with_layout(
        &self,
        #[wasm_bindgen(unchecked_param_type = "string")] layout: JsValue,
    ) -> Result<KamisadoPosition, JsValue> {
        Ok(KamisadoPosition {
            inner: self.inner.with_layout(parse_arg("layout", &layout)?),
        })
    }

    /// The reading of the rules the position is played by (`"standard"`,
    /// `"pushed-square"` or `"blocked-colour"`); the notation does not say
    /// it.
    #[wasm_bindgen(getter)]
    pub fn rules(&self) -> String {
        self.inner.rules().name().to_owned()
    }

    /// The same position played by the reading named `rules`.
    #[wasm_bindgen(js_name = withRules)]
    pub fn with_rules(
        &self,
        #[wasm_bindgen(unchecked_param_type = "string")] rules: JsValue,
    ) -> Result<KamisadoPosition, JsValue> {
        Ok(KamisadoPosition {
            inner: self.inner.with_rules(parse_arg("rules", &rules)?),
        })
    }

    /// What the legal `move` does: `"slide"`, `"push"` (the pusher then moves
    /// again) or `"pass"`; throws, saying why, if it is illegal.
    #[wasm_bindgen(js_name = moveKind, unchecked_return_type = "KamisadoMoveKind")]
    pub fn move_kind(
        &self,
        #[wasm_bindgen(unchecked_param_type = "string")] r#move: JsValue,
    ) -> Result<String, JsValue> {
        let mv = parse_arg::<Move>("move", &r#move)?;
        let kind = self.inner.check_move(mv).map_err(|e| js_error(&e))?;
        Ok(match kind {
            MoveKind::Slide => "slide",
            MoveKind::Push(_) => "push",
            MoveKind::Pass => "pass",
        }
        .to_owned())
    }

    /// The colour of the tower the side to move must move, or `undefined` on
    /// a free choice.
    #[wasm_bindgen(
        getter,
        js_name = forcedColour,
        unchecked_return_type = "KamisadoColour | undefined"
    )]
    pub fn forced_colour(&self) -> Option<String> {
        self.inner.forced_colour().map(|c| c.name().to_owned())
    }

    /// The square of the forced tower, or `undefined` on a free choice.
    #[wasm_bindgen(getter, js_name = forcedSquare)]
    pub fn forced_square(&self) -> Option<String> {
        self.inner.forced_square().map(|s| s.to_string())
    }

    /// Whether the side to move is taking the extra move after its own sumo
    /// push.
    #[wasm_bindgen(getter, js_name = afterPush)]
    pub fn after_push(&self) -> bool {
        self.inner.is_after_push()
    }

    /// The chain of obligations while the forced tower is blocked: the side
    /// to move's blocked forced tower, then the opponent's tower of the
    /// colour under it if that one is blocked too, and so on, up to a tower
    /// that can move (the side to move then passes) or back to a tower
    /// already in it (a deadlock). Empty when the forced tower can move.
    #[wasm_bindgen(js_name = obligationChain, unchecked_return_type = "KamisadoObligation[]")]
    pub fn obligation_chain(&self) -> Result<JsValue, JsError> {
        #[derive(Serialize)]
        struct LinkJs {
            player: &'static str,
            colour: &'static str,
            square: String,
        }
        let chain: Vec<LinkJs> = self
            .inner
            .obligation_chain()
            .iter()
            .map(|link| LinkJs {
                player: player_name(link.player),
                colour: link.tower.name(),
                square: link.square.to_string(),
            })
            .collect();
        to_js(&chain)
    }

    /// The sixteen towers, Black's first, each in colour order.
    #[wasm_bindgen(unchecked_return_type = "KamisadoTower[]")]
    pub fn towers(&self) -> Result<JsValue, JsError> {
        let towers: Vec<TowerJs> = self
            .inner
            .towers()
            .map(|(tower, square, rank)| TowerJs {
                player: player_name(tower.player),
                colour: tower.colour.name(),
                square: square.to_string(),
                sumo: rank.level(),
            })
            .collect();
        to_js(&towers)
    }

    /// The tower on `square`, or `undefined` on an empty square.
    #[wasm_bindgen(js_name = towerOn, unchecked_return_type = "KamisadoTower | undefined")]
    pub fn tower_on(
        &self,
        #[wasm_bindgen(unchecked_param_type = "string")] square: JsValue,
    ) -> Result<JsValue, JsValue> {
        let square = parse_arg("square", &square)?;
        let tower = self.inner.piece_on(square).map(|tower| TowerJs {
            player: player_name(tower.player),
            colour: tower.colour.name(),
            square: square.to_string(),
            sumo: self.inner.rank_at(square).level(),
        });
        Ok(to_js(&tower)?)
    }

    /// The colour of `square` on the board laid out as `layout`
    /// (`"standard"` by default).
    #[wasm_bindgen(js_name = squareColour, unchecked_return_type = "KamisadoColour")]
    pub fn square_colour(
        #[wasm_bindgen(unchecked_param_type = "string")] square: JsValue,
        #[wasm_bindgen(unchecked_optional_param_type = "string")] layout: JsValue,
    ) -> Result<String, JsValue> {
        Ok(layout_arg(&layout)?
            .colour_of(parse_arg("square", &square)?)
            .name()
            .to_owned())
    }

    /// Each colour's mark for players who cannot tell the colours apart
    /// (the kanji of its Japanese name) and the ink it reads in on that
    /// colour: `{ orange: { mark: "橙", ink: "#111111" }, ... }`.
    #[wasm_bindgen(js_name = colourMarks, unchecked_return_type = "Record<KamisadoColour, { mark: string; ink: string }>")]
    pub fn colour_marks() -> Result<JsValue, JsError> {
        crate::colour_marks(
            Colour::ALL
                .into_iter()
                .map(|c| (c.name(), c.mark(), c.mark_ink())),
        )
    }

    /// The colours of the 64 squares, `a1`, `b1`, ... `h8`, on the board
    /// laid out as `layout` (`"standard"` by default).
    #[wasm_bindgen(js_name = squareColours, unchecked_return_type = "KamisadoColour[]")]
    pub fn square_colours(
        #[wasm_bindgen(unchecked_optional_param_type = "string")] layout: JsValue,
    ) -> Result<Vec<String>, JsValue> {
        let layout = layout_arg(&layout)?;
        Ok(Square::ALL
            .iter()
            .map(|&s| layout.colour_of(s).name().to_owned())
            .collect())
    }
}

/// A Kamisado match: rounds to a target score, each won by a tower that
/// scores by its sumo rank and is promoted; between rounds the winner
/// chooses the edge from which the home rows are refilled.
///
/// ```js
/// const match = new KamisadoMatch(3);
/// match.play("d1d7"); // undefined: the round goes on
/// const saved = JSON.stringify(match);
/// const again = KamisadoMatch.fromJSON(saved);
/// ```
#[wasm_bindgen]
#[derive(Clone)]
pub struct KamisadoMatch {
    inner: Match,
}

#[wasm_bindgen]
impl KamisadoMatch {
    /// A match to `target` points (3 by default; 1 is a single round, 7 a
    /// long match, 15 a marathon), played by the reading of the rules named
    /// `rules` (`"standard"` by default) on the board layout named `layout`
    /// (`"standard"` by default).
    #[wasm_bindgen(constructor)]
    pub fn new(
        #[wasm_bindgen(unchecked_optional_param_type = "number")] target: JsValue,
        #[wasm_bindgen(unchecked_optional_param_type = "string")] rules: JsValue,
        #[wasm_bindgen(unchecked_optional_param_type = "string")] layout: JsValue,
    ) -> Result<KamisadoMatch, JsValue> {
        let target = self::target("target", &target, 3)?;
        let start = Position::start_on(layout_arg(&layout)?).with_rules(reading(&rules)?);
        Ok(KamisadoMatch {
            inner: Match::new_on(target, start, MatchOptions::default()),
        })
    }

    /// The match a `GameSpec` (or its text) describes: its reading,
    /// target, scoring and refill (`"kamisado target=3 scoring=rings"`).
    #[wasm_bindgen(js_name = fromSpec)]
    pub fn from_spec(
        #[wasm_bindgen(unchecked_param_type = "GameSpec | string")] spec: JsValue,
    ) -> Result<KamisadoMatch, JsValue> {
        let spec = crate::spec::spec_arg(&spec)?;
        let inner = spec
            .new_match()
            .ok_or_else(|| crate::error_message(&format!("{spec} is not a kamisado match")))?;
        Ok(KamisadoMatch { inner })
    }

    /// How a won round scores: `"rank"` (1, 3, 7, 15) or `"rings"` (1, 2,
    /// 4, 8).
    #[wasm_bindgen(getter)]
    pub fn scoring(&self) -> String {
        self.inner.options().scoring.name().to_owned()
    }

    /// How the next round is set up: `"nearest"`, `"farthest"` or
    /// `"restart"`.
    #[wasm_bindgen(getter)]
    pub fn refill(&self) -> String {
        self.inner.options().refill.name().to_owned()
    }

    /// A match taken up at `position` (a round in progress, or a round's
    /// final position), with `progress` telling the target (1 by default:
    /// a single round from the position), the scores so far (`{ black: 0,
    /// white: 0 }`), the round number (1) and the match options (`scoring`
    /// `"rank"`, `refill` `"nearest"`); the reading of the rules is the
    /// position's. Throws on an inconsistent
    /// match (a target already reached, a finished round that was not
    /// scored).
    pub fn resume(
        position: &KamisadoPosition,
        #[wasm_bindgen(unchecked_optional_param_type = "KamisadoProgress")] progress: JsValue,
    ) -> Result<KamisadoMatch, JsValue> {
        let progress = Fields::new(
            "progress",
            &progress,
            &["target", "scores", "round", "scoring", "refill"],
        )?;
        let options = MatchOptions {
            scoring: progress.named("scoring")?,
            refill: progress.named("refill")?,
        };
        let target = self::target(&progress.name("target"), &progress.get("target"), 1)?;
        let scores = Fields::new(
            "progress.scores",
            &progress.get("scores"),
            &["black", "white"],
        )?;
        let score = |player: &str| {
            scores
                .count(player, "a score in points", (0, MAX))
                .map(|s| u32::try_from(s.unwrap_or(0)).unwrap_or(u32::MAX))
        };
        let scores = [score("black")?, score("white")?];
        let round = progress
            .count("round", "a round number", (1, MAX))?
            .unwrap_or(1);
        let round = u32::try_from(round).unwrap_or(u32::MAX);
        let inner = Match::resume_with(target, options, position.inner, scores, round)
            .map_err(|e| js_error(&e))?;
        Ok(KamisadoMatch { inner })
    }

    /// Plays `move` in the current round; returns the round's summary if the
    /// move ended it, else `undefined`. Throws, saying why, on an illegal
    /// move or between rounds.
    #[wasm_bindgen(unchecked_return_type = "KamisadoRoundSummary | undefined")]
    pub fn play(
        &mut self,
        #[wasm_bindgen(unchecked_param_type = "string")] r#move: JsValue,
    ) -> Result<JsValue, JsValue> {
        let mv = parse_arg::<Move>("move", &r#move)?;
        let summary = self.inner.play(mv).map_err(|e| js_error(&e))?;
        Ok(to_js(&summary.map(RoundSummaryJs::from))?)
    }

    /// The round's winner chooses the refill edge, `"a"` or `"h"`; the next
    /// round starts, with the loser of the last one to move.
    #[wasm_bindgen(js_name = chooseEdge)]
    pub fn choose_edge(
        &mut self,
        #[wasm_bindgen(unchecked_param_type = "KamisadoEdge")] edge: JsValue,
    ) -> Result<(), JsValue> {
        let edge = parse_arg::<Edge>("edge", &edge)?;
        Ok(self.inner.choose_edge(edge).map_err(|e| js_error(&e))?)
    }

    /// The start of the next round if the winner chose `edge`, while the
    /// edge is to be chosen; `undefined` otherwise.
    #[wasm_bindgen(js_name = nextRoundStart)]
    pub fn next_round_start(
        &self,
        #[wasm_bindgen(unchecked_param_type = "KamisadoEdge")] edge: JsValue,
    ) -> Result<Option<KamisadoPosition>, JsValue> {
        let edge = parse_arg::<Edge>("edge", &edge)?;
        Ok(self
            .inner
            .next_round_start(edge)
            .map(|inner| KamisadoPosition { inner }))
    }

    /// The current round's position (its final position between rounds and
    /// once the match is over).
    #[wasm_bindgen(getter)]
    pub fn position(&self) -> KamisadoPosition {
        KamisadoPosition {
            inner: *self.inner.position(),
        }
    }

    /// The scores: `{ black, white }`.
    #[wasm_bindgen(getter, unchecked_return_type = "KamisadoScores")]
    pub fn scores(&self) -> Result<JsValue, JsError> {
        to_js(&ScoresJs::from(self.inner.scores()))
    }

    /// The points needed to win the match.
    #[wasm_bindgen(getter)]
    pub fn target(&self) -> u32 {
        self.inner.target().points()
    }

    /// The round being played (or just finished), from 1.
    #[wasm_bindgen(getter)]
    pub fn round(&self) -> u32 {
        self.inner.round()
    }

    /// `"inRound"`, `"chooseEdge"`, `"drawSetups"` (a set-up match between
    /// rounds) or `"over"`.
    #[wasm_bindgen(getter, unchecked_return_type = "KamisadoMatchState")]
    pub fn state(&self) -> String {
        match self.inner.state() {
            MatchState::InRound => "inRound",
            MatchState::ChooseEdge { .. } => "chooseEdge",
            MatchState::DrawSetups { .. } => "drawSetups",
            MatchState::Over { .. } => "over",
        }
        .to_owned()
    }

    /// Whether the edge to choose makes a difference (the next round's
    /// start differs between the edges): never under `refill: "restart"`;
    /// `false` unless an edge is to be chosen. A player may be spared the
    /// question when it does not.
    #[wasm_bindgen(getter, js_name = edgeMatters)]
    pub fn edge_matters(&self) -> bool {
        self.inner.edge_matters()
    }

    /// The player who must draw the next round's set-ups (the last round's
    /// loser, in a set-up match), between rounds.
    #[wasm_bindgen(getter, unchecked_return_type = "Player | undefined")]
    pub fn drawer(&self) -> Option<String> {
        match self.inner.state() {
            MatchState::DrawSetups { drawer } => Some(player_name(drawer).to_owned()),
            _ => None,
        }
    }

    /// The loser of the last round draws two set-ups from `chart`, seeded
    /// by `seed`, and the next round starts from them; returns the numbers
    /// drawn, `{ low, high }`. Throws, saying why, when no set-ups are to
    /// be drawn.
    #[wasm_bindgen(js_name = drawSetups, unchecked_return_type = "{ low: number; high: number }")]
    pub fn draw_setups(
        &mut self,
        chart: &KamisadoSetupChart,
        #[wasm_bindgen(unchecked_param_type = "number")] seed: JsValue,
    ) -> Result<JsValue, JsValue> {
        let seed = args::count("seed", "a random seed", &seed, 0, (1 << 53) - 1)?;
        let mut rng = board_geometry::SplitMix64::new(seed);
        let draw = self
            .inner
            .draw_setups(&chart.inner, &mut rng)
            .map_err(|e| js_error(&e))?;
        Ok(to_js(&DrawJs::from(draw))?)
    }

    /// Starts the next round of a set-up match from `position` (the
    /// set-ups drawn, laid out: every tower plain on its home row, the
    /// last round's loser to move); throws, saying why not.
    #[wasm_bindgen(js_name = startRound)]
    pub fn start_round(&mut self, position: &KamisadoPosition) -> Result<(), JsError> {
        self.inner
            .start_round(position.inner)
            .map_err(|e| js_error(&e))
    }

    /// The player who must choose the edge, between rounds.
    #[wasm_bindgen(getter, unchecked_return_type = "Player | undefined")]
    pub fn chooser(&self) -> Option<String> {
        match self.inner.state() {
            MatchState::ChooseEdge { chooser } => Some(player_name(chooser).to_owned()),
            _ => None,
        }
    }

    /// The winner of the match, once it is over.
    #[wasm_bindgen(getter, unchecked_return_type = "Player | undefined")]
    pub fn winner(&self) -> Option<String> {
        self.inner.winner().map(|p| player_name(p).to_owned())
    }

    /// The player to act: the side to move in a round, the chooser between
    /// rounds, `undefined` once the match is over.
    #[wasm_bindgen(getter, unchecked_return_type = "Player | undefined")]
    pub fn actor(&self) -> Option<String> {
        match self.inner.state() {
            MatchState::InRound => Some(player_name(self.inner.position().side_to_move())),
            MatchState::ChooseEdge { chooser } => Some(player_name(chooser)),
            MatchState::DrawSetups { drawer } => Some(player_name(drawer)),
            MatchState::Over { .. } => None,
        }
        .map(str::to_owned)
    }

    /// The summary of the last finished round, if any.
    #[wasm_bindgen(
        getter,
        js_name = lastRound,
        unchecked_return_type = "KamisadoRoundSummary | undefined"
    )]
    pub fn last_round(&self) -> Result<JsValue, JsError> {
        to_js(&self.inner.last_round().map(RoundSummaryJs::from))
    }

    /// The match as a plain object (what `JSON.stringify(match)` writes);
    /// [`KamisadoMatch.fromJSON`] reads it back.
    #[wasm_bindgen(js_name = toJSON)]
    pub fn to_json(&self) -> Result<JsValue, JsError> {
        to_js(&self.inner)
    }

    /// A match from its JSON text or from the object `toJSON` gives,
    /// validated: throws, saying what is wrong, on anything that is not a
    /// consistent match.
    #[wasm_bindgen(js_name = fromJSON)]
    pub fn from_json(
        #[wasm_bindgen(unchecked_param_type = "string | object")] value: JsValue,
    ) -> Result<KamisadoMatch, JsValue> {
        let not_saved =
            |reason: String| crate::error_message(&format!("not a saved match: {reason}"));
        let value = match value.as_string() {
            Some(text) => js_sys::JSON::parse(&text).map_err(|e| not_saved(message_of(&e)))?,
            None if value.is_object() && !js_sys::Array::is_array(&value) => value,
            None => {
                return Err(args::type_error(&format!(
                    "`value` must be a saved match (its JSON text or object), not {}",
                    args::describe(&value)
                )));
            }
        };
        let inner = serde_wasm_bindgen::from_value(value)
            .map_err(|e| not_saved(message_of(&JsValue::from(e))))?;
        Ok(KamisadoMatch { inner })
    }

    /// A copy of the match (for undo, or to try a line).
    #[wasm_bindgen(js_name = clone)]
    pub fn copy(&self) -> KamisadoMatch {
        self.clone()
    }

    /// Whether `other` is the same match in the same state.
    pub fn equals(&self, other: &KamisadoMatch) -> bool {
        self.inner == other.inner
    }
}

/// Two set-ups drawn, the lower first.
#[derive(Serialize)]
struct DrawJs {
    low: u32,
    high: u32,
}

impl From<kamisado_core::SetupDraw> for DrawJs {
    fn from(draw: kamisado_core::SetupDraw) -> DrawJs {
        DrawJs {
            low: draw.low,
            high: draw.high,
        }
    }
}

/// A chart of numbered set-ups (the tile edition's: the rules page's
/// "Numbered set-ups"), read from its text form: one set-up a line, its
/// number then its home row from the player's left (`1 NGRYKPBO`),
/// numbered from 1; `#` starts a comment.
///
/// ```js
/// const chart = new KamisadoSetupChart("1 NGRYKPBO\n2 OBPKYRGN\n");
/// const { low, high } = chart.draw(7);
/// const m = KamisadoMatch.resume(chart.start(low, high), { target: 3, refill: "setups" });
/// ```
#[wasm_bindgen]
pub struct KamisadoSetupChart {
    inner: kamisado_core::SetupChart,
}

#[wasm_bindgen]
impl KamisadoSetupChart {
    /// Reads the chart; throws an `Error` naming the line and column of
    /// what is wrong.
    #[wasm_bindgen(constructor)]
    pub fn new(
        #[wasm_bindgen(unchecked_param_type = "string")] text: JsValue,
    ) -> Result<KamisadoSetupChart, JsValue> {
        let inner = args::string("text", &text)?
            .parse()
            .map_err(|e| js_error(&e))?;
        Ok(KamisadoSetupChart { inner })
    }

    /// The number of set-ups.
    #[wasm_bindgen(getter)]
    pub fn length(&self) -> usize {
        self.inner.len()
    }

    /// Set-up `number` (from 1) as its home row's letters, or `undefined`.
    pub fn get(&self, number: u32) -> Option<String> {
        self.inner.get(number).map(|row| row.to_string())
    }

    /// The chart's text form.
    #[wasm_bindgen(js_name = toString)]
    #[allow(clippy::inherent_to_string)]
    pub fn to_string(&self) -> String {
        self.inner.to_string()
    }

    /// Two different set-up numbers drawn at random with `seed`, the lower
    /// first: `{ low, high }`.
    #[wasm_bindgen(unchecked_return_type = "{ low: number; high: number }")]
    pub fn draw(
        &self,
        #[wasm_bindgen(unchecked_param_type = "number")] seed: JsValue,
    ) -> Result<JsValue, JsValue> {
        let seed = args::count("seed", "a random seed", &seed, 0, (1 << 53) - 1)?;
        let draw = self.inner.draw(&mut board_geometry::SplitMix64::new(seed));
        Ok(to_js(&DrawJs::from(draw))?)
    }

    /// The start of a round from set-ups `low` and `high` when `first`
    /// (`"black"` by default) moves first: the higher number to the player
    /// who moves second. Throws if `low` is not lower or a number is not in
    /// the chart.
    pub fn start(
        &self,
        low: u32,
        high: u32,
        #[wasm_bindgen(unchecked_optional_param_type = "Player")] first: JsValue,
    ) -> Result<KamisadoPosition, JsValue> {
        if low >= high {
            return Err(crate::error_message(&format!(
                "set-up {low} is not lower than {high}: the higher number goes to the player who moves second"
            ))
            .into());
        }
        let first = if first.is_undefined() {
            board_geometry::Player::Black
        } else {
            parse_arg("first", &first)?
        };
        let draw = kamisado_core::SetupDraw { low, high };
        let inner = draw.start(&self.inner, first).ok_or_else(|| {
            JsValue::from(crate::error_message(&format!(
                "the chart has set-ups 1 to {}, not {high}",
                self.inner.len()
            )))
        })?;
        Ok(KamisadoPosition { inner })
    }
}

/// The layout named by an optional argument `layout` (the standard one
/// when it is absent).
fn layout_arg(layout: &JsValue) -> Result<kamisado_core::Layout, JsValue> {
    if layout.is_undefined() || layout.is_null() {
        Ok(kamisado_core::Layout::Standard)
    } else {
        Ok(parse_arg("layout", layout)?)
    }
}

/// The reading of the rules named by an optional argument `rules`
/// (`"standard"` when it is left out).
fn reading(rules: &JsValue) -> Result<kamisado_core::Rules, JsValue> {
    if rules.is_undefined() || rules.is_null() {
        Ok(kamisado_core::Rules::Standard)
    } else {
        Ok(parse_arg("rules", rules)?)
    }
}

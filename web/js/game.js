// The game: its setup and the list of what was played (moves, and the
// Kamisado edge choices between rounds) are the whole state; everything the
// page shows is derived from them by replaying the actions with the rules
// module. Undo drops the last actions, a reload or a link replays them, and
// a replay of the moves shows a prefix. Nothing here decides a rule: each
// move is played by the engine, which refuses an illegal one.
import {
  CongressPosition,
  GameSpec,
  IsolationPosition,
  KamisadoMatch,
  KamisadoPosition,
  KatarengaBoard,
  KatarengaPosition,
  QuebecPosition,
  start,
} from "../pkg/rules.js";

export const capitalised = (word) => word[0].toUpperCase() + word.slice(1);
export const opponent = (player) => (player === "black" ? "white" : "black");
const SUMO = ["", "sumo", "double sumo", "triple sumo"];
const EDGES = new Set(["a", "h"]);
/** The edges of a laid Katarenga board at which Black may sit. */
export const ORIENTATIONS = ["bottom", "right", "top", "left"];

/**
 * David Parlett's other games on the Katarenga board (the crate
 * katarenga-family): each its position class and its options, as
 * `[option, link word, values]` with the default first (the rules page's
 * order). The options are the setup's fields of the same name.
 */
export const FAMILY = {
  congress: { name: "Congress", Position: CongressPosition, options: [["noMove", "no-move", ["lose", "pass"]]] },
  quebec: { name: "Quebec", Position: QuebecPosition, options: [["bothConnected", "both-connected", ["mover", "draw"]]] },
  isolation: {
    name: "Isolation",
    Position: IsolationPosition,
    options: [
      ["reading", "reading", ["strict", "opposite", "one-way"]],
      ["supply", "supply", ["8", "none"]],
    ],
  },
};
export const isFamily = (kind) => Object.hasOwn(FAMILY, kind);
/** Whether `kind` is played on a Katarenga board (Katarenga or one of the family). */
export const onKatarengaBoard = (kind) => kind === "katarenga" || isFamily(kind);
/** Every game's name as the page writes it. */
export const gameName = (kind) => (kind === "kamisado" ? "Kamisado" : kind === "katarenga" ? "Katarenga" : FAMILY[kind].name);

/** The options of a family game's `setup`, every one (the default for one left out or unknown). */
export function familyOptions(setup) {
  return Object.fromEntries(FAMILY[setup.kind].options.map(([field, , values]) => [field, values.includes(setup[field]) ? setup[field] : values[0]]));
}

/**
 * The setups of the games:
 * - `{ kind: "kamisado", target, rules?, layout?, scoring?, refill?, start? }`: a match
 *   to `target` points (1: a single round) on the board `layout` (drawn when
 *   the form says "random") by the reading `rules` and the
 *   match options `scoring` and `refill` (the game spec's fields; the
 *   defaults when left out) from the usual start or from the position
 *   `start`;
 * - `{ kind: "katarenga", board, rules, orientation?, rematch?, start?, note? }`:
 *   `board` is four tiles ("1f0 2b1 3f2 4f3") or a colours field (the board
 *   as laid), `rules` "standard" or "no-first-capture", `orientation` Black's
 *   edge of the laid board ("bottom" without one) or "choose" (the rules'
 *   set-up: the game's first action is Black's choice of edge), `rematch`
 *   the first game's result when this game is its rematch (`{ firstWon:
 *   "first" | "second" | null, chose }`, the first player being the first
 *   game's Black), `start` a position if the game does not start at the
 *   start on the board, `note` how the board was chosen;
 * - `{ kind: "congress" | "quebec" | "isolation", board, start?, note?, ...options }`:
 *   the family on `board` as laid (no edge is chosen), with the game's
 *   options (`FAMILY`) as fields.
 */
export function boardOf(setup) {
  const tiles = setup.board.trim().split(/\s+/);
  return tiles.length === 4 ? KatarengaBoard.fromTiles(tiles) : new KatarengaBoard(setup.board);
}

/**
 * The one description of the Katarenga game of `setup` on the `laid` board
 * with Black at `orientation`'s edge: its rules, and the board the game is
 * played on, the laid one turned so that this edge is rank 1 (its colours
 * field: any board, tiles or not).
 */
export function katarengaSpec(setup, laid, orientation = "bottom") {
  return new GameSpec(`katarenga rules=${setup.rules ?? "standard"} board=${laid.turned(orientation)}`);
}

/** The one description of the Kamisado match of `setup`: its reading, layout, target and options. */
export function kamisadoSpec(setup) {
  const fields = [["rules", setup.rules], ["layout", setup.layout], ["target", setup.target], ["scoring", setup.scoring], ["refill", setup.refill]];
  return new GameSpec(["kamisado", ...fields.filter(([, v]) => v !== undefined).map(([f, v]) => `${f}=${v}`)].join(" "));
}

/** The one description of the family game of `setup`: its options (every one) and the board as laid. */
export function familySpec(setup) {
  const options = familyOptions(setup);
  const words = FAMILY[setup.kind].options.map(([field, word]) => `${word}=${options[field]}`);
  return new GameSpec([setup.kind, ...words, `board=${boardOf(setup).turned("bottom")}`].join(" "));
}

/** The Katarenga start of `setup` on the `laid` board with Black at `orientation`'s edge. */
export function katarengaStart(setup, laid, orientation = "bottom") {
  return start(katarengaSpec(setup, laid, orientation));
}

/** The first state of `setup`: a Kamisado match, or a Katarenga position. */
function beginning(setup) {
  if (setup.kind === "kamisado") {
    if (!setup.start) return { match: KamisadoMatch.fromSpec(kamisadoSpec(setup)) };
    const position = KamisadoPosition.parse(setup.start).withRules(setup.rules ?? "standard").withLayout(setup.layout ?? "standard");
    const outcome = position.outcome;
    // Left out, an option is its default (the engine's).
    const options = { scoring: setup.scoring, refill: setup.refill };
    if (!outcome) return { match: KamisadoMatch.resume(position, { target: setup.target, ...options }) };
    // A finished round: the match is over, its winner having scored the
    // round (no more than the largest score a round can give).
    const scores = { black: 0, white: 0 };
    scores[outcome.winner] = Math.max(setup.target, 15);
    return { match: KamisadoMatch.resume(position, { target: setup.target, scores, ...options }) };
  }
  if (isFamily(setup.kind)) {
    const { Position } = FAMILY[setup.kind];
    const options = familyOptions(setup);
    return { position: setup.start ? Position.parse(setup.start, options) : Position.startOn(boardOf(setup), options) };
  }
  if (setup.start) return { position: KatarengaPosition.parse(setup.start) };
  const laid = boardOf(setup);
  // Black has its edge to choose: no position until it has.
  if (setup.orientation === "choose") return { position: null, laid };
  return { position: katarengaStart(setup, laid, setup.orientation) };
}

/** The Kamisado towers a push moved (those of the side that did not move). */
function pushedTowers(before, after, pusher) {
  const was = new Map(before.towers().map((t) => [t.player + t.colour, t.square]));
  return after
    .towers()
    .filter((t) => t.player !== pusher && was.get(t.player + t.colour) !== t.square)
    .map((t) => `${opponent(pusher)}'s ${t.colour} tower to ${t.square}`);
}

/** Why a Kamisado round ended in a deadlock: the chain of blocked towers. */
export function deadlockChain(position) {
  const chain = position.obligationChain();
  if (chain.length === 0) return "";
  const links = chain.map((l) => `${l.player}'s ${l.colour} tower on ${l.square}`);
  return `${capitalised(links.join(", then "))}: each is blocked, and the chain of obligations comes back to ${chain[0].player}'s ${chain[0].colour} tower.`;
}

/**
 * Replays `actions` from `setup`: the state at the end and what each action
 * did. Throws (the engine's message, with the action's number) on an action
 * that is not legal where it comes.
 */
export function replay(setup, actions) {
  const state = beginning(setup);
  const steps = [];
  const kamisado = setup.kind === "kamisado";
  actions.forEach((action, i) => {
    const step = { action, index: i };
    try {
      if (kamisado) {
        const match = state.match;
        if (action.includes("/")) {
          // A set-up match's next round, from the set-ups its loser drew.
          const drawer = match.drawer;
          match.startRound(KamisadoPosition.parse(action));
          Object.assign(step, { kind: "setups", side: drawer, round: match.round });
          step.text = `Round ${match.round}: ${drawer} drew the set-ups and opens.`;
        } else if (EDGES.has(action)) {
          const chooser = match.chooser;
          step.kind = "edge";
          step.side = chooser;
          match.chooseEdge(action);
          step.text =
            setup.refill === "restart"
              ? `Round ${match.round}: every tower back on its start square; ${match.position.sideToMove} opens.`
              : `Round ${match.round}: ${chooser} refilled from the ${action}-file side; ${match.position.sideToMove} opens.`;
          step.round = match.round;
        } else {
          const before = match.position;
          const side = before.sideToMove;
          const kind = before.moveKind(action);
          const summary = match.play(action);
          const after = match.position;
          Object.assign(step, { kind: "move", side, moveKind: kind });
          if (kind === "pass") {
            const tower = before.towerOn(action.slice(0, 2));
            step.note = "pass";
            step.text = `${capitalised(side)} passes: its ${tower.colour} tower on ${action.slice(0, 2)} is blocked.`;
          } else if (kind === "push") {
            const pushed = pushedTowers(before, after, side);
            step.note = `push: ${pushed.join(", ")}`;
            step.text = `${capitalised(side)} pushes (${pushed.join(", ")}) and moves again.`;
          }
          if (summary) {
            step.summary = summary;
            step.roundText = capitalised(summary.description) + ".";
            if (summary.outcome.ending === "deadlock") step.chain = deadlockChain(after);
          }
        }
      } else if (isFamily(setup.kind)) {
        const before = state.position;
        const side = before.sideToMove;
        const kind = before.moveKind(action);
        state.position = before.play(action);
        Object.assign(step, { kind: "move", side, moveKind: kind });
        if (kind === "capture") {
          step.note = `takes on ${action.slice(2)}`;
          step.text = `${capitalised(side)} captures the pawn on ${action.slice(2)}.`;
        } else if (kind === "pass") {
          step.note = "no pawn can move";
          step.text = `${capitalised(side)} passes: none of its pawns can move.`;
        }
      } else if (state.position === null) {
        if (!ORIENTATIONS.includes(action)) throw new Error("Black first chooses its edge of the laid board: bottom, right, top or left");
        state.position = katarengaStart(setup, state.laid, action);
        Object.assign(step, { kind: "orientation", side: "black", note: `sits at the ${action}` });
        step.text = `Black sits at the ${action} edge of the laid board; White moves first.`;
      } else {
        const before = state.position;
        const side = before.sideToMove;
        const capture = before.isCapture(action);
        state.position = before.play(action);
        Object.assign(step, { kind: "move", side });
        const to = action.slice(2);
        if (capture) {
          step.note = `takes on ${to}`;
          step.text = `${capitalised(side)} captures the piece on ${to}.`;
        } else if (/[09]$/.test(to)) {
          step.note = `camp ${to}`;
          step.text = `${capitalised(side)} enters the camp ${to}.`;
        }
      }
    } catch (e) {
      throw new Error(`action ${i + 1} (${action}): ${e.message}`);
    }
    steps.push(step);
  });
  return { setup, actions: actions.slice(), steps, ...state };
}

/** The position to show for a replayed game (the laid board's start while Black chooses its edge). */
export function positionOf(game) {
  if (game.match) return game.match.position;
  return game.position ?? katarengaStart(game.setup, game.laid);
}

/** Black's edge of the laid Katarenga board in `game`, once known. */
export function orientationOf(game) {
  const s = game.setup;
  if (s.orientation !== "choose") return s.orientation ?? "bottom";
  return game.position === null ? undefined : game.actions[0];
}

/** `inRound`, `chooseEdge`, `drawSetups` or `over` (Katarenga: `chooseOrientation`, `inRound` or `over`). */
export function phaseOf(game, ending) {
  if (ending) return "over";
  if (game.match) return game.match.state;
  if (game.position === null) return "chooseOrientation";
  return game.position.isOver ? "over" : "inRound";
}

/** Who acts: the side to move, the edge's chooser, or nobody. */
export function actorOf(game, ending) {
  if (ending) return undefined;
  if (game.match) return game.match.actor;
  if (game.position === null) return "black";
  return game.position.isOver ? undefined : game.position.sideToMove;
}

/** Where a move goes from and to (an Isolation drop comes from the hand: `from` null; Congress's pass: null). */
export function moveSquares(action) {
  if (!/^(@|[a-h][0-9])[a-h][0-9]$/.test(action)) return null;
  if (action.startsWith("@")) return { from: null, to: action.slice(1) };
  return { from: action.slice(0, 2), to: action.slice(2) };
}

/** The winner of a finished game (the match's, the position's, or a forfeit's). */
export function winnerOf(game, ending) {
  if (ending) return ending.winner;
  if (game.match) return game.match.winner;
  return game.position?.outcome?.winner;
}

/** A tower's words: "white's red double sumo tower". */
export function towerWords(tower) {
  return `${tower.player}'s ${tower.colour}${tower.sumo ? " " + SUMO[tower.sumo] : ""} tower`;
}

/** The game in words for a result banner. */
export function resultText(game, ending) {
  if (ending) {
    const loser = opponent(ending.winner);
    return `${capitalised(ending.winner)} wins: ${loser} ${ending.reason}.`;
  }
  if (game.match) {
    const m = game.match;
    if (m.state !== "over") return "";
    if (m.target === 1) return capitalised(m.position.outcome?.description ?? `${m.winner} wins`) + ".";
    return `${capitalised(m.winner)} wins the match ${m.scores.black}-${m.scores.white}.`;
  }
  const outcome = game.position?.outcome;
  return outcome ? capitalised(outcome.description) + "." + matchText(game, outcome.winner) : "";
}

/**
 * A Katarenga rematch's match score once it is over: the first player (the
 * first game's Black, White in the rematch) against the second.
 */
export function matchText(game, winner) {
  const first = game.setup.rematch;
  if (!first) return "";
  const points = { first: 0, second: 0 };
  const add = (who) => {
    if (who) points[who] += 1;
    else (points.first += 0.5), (points.second += 0.5);
  };
  add(first.firstWon);
  add(winner === undefined ? null : winner === "white" ? "first" : "second");
  const verdict = points.first === points.second ? "a tied match" : `the ${points.first > points.second ? "first" : "second"} player wins the match`;
  return ` Game and rematch: the first player (Black, then White) ${points.first} – the second player ${points.second}, ${verdict}.`;
}

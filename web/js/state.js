// The page's state: the game (a setup and what was played, game.js), the
// players, the clocks, the replay cursor and what the page shows; and what
// follows from it (whose turn, whether a person acts, which way the board
// faces, what is kept). One object, changed by app.js and read by the
// drawing (panels.js, board.js).
import { Clocks } from "./clock.js";
import { actorOf, phaseOf, replay } from "./game.js";
import { level } from "./levels.js";

export const state = {
  setup: { kind: "kamisado", target: 1 },
  actions: [],
  ending: null, // a game ended otherwise than by the rules: { winner, termination, reason }
  game: null, // replay(setup, actions)
  players: { black: { type: "human" }, white: { type: "computer", level: "hard" } },
  clockControls: { black: null, white: null },
  clocks: new Clocks(null),
  selected: null,
  view: null, // the number of actions shown while replaying, null for the game itself
  manualFlip: false,
  watch: { paused: false, delay: 700, step: false },
  thinking: false,
  solving: false,
  solution: null,
  message: "", // what just happened, said once in the status
  engineNote: "", // what the computer's last search found
  sound: false,
  marks: false, // each square's mark for players who cannot tell the colours apart
  shown: null, // what the board showed last: for animation
};
export const over = () => phaseOf(state.game, state.ending) === "over";
export const actor = () => actorOf(state.game, state.ending);
export const live = () => state.view === null;
export const playerOf = (side) => state.players[side];
export const isComputer = (side) => side !== undefined && playerOf(side).type === "computer";
/** The level of `side`'s computer in the game played (Isolation's levels depend on its reading). */
export const levelOf = (side) => level(playerOf(side).level, state.setup.kind, state.setup.reading);
export const humans = () => ["black", "white"].filter((s) => playerOf(s).type === "human");
/** Whether the game is played on a server (a seat of another person there, or both when watching). */
export const remote = () => ["black", "white"].some((s) => playerOf(s).type === "online");

/** Whether a person acts now (on the game itself, not a replay). */
export function humanToAct() {
  const who = actor();
  return live() && who !== undefined && playerOf(who).type === "human";
}

/** The board seen from White's side: when White is the one person playing (or flipped by hand). */
export function flipped() {
  const auto = humans().length === 1 && humans()[0] === "white";
  return auto !== state.manualFlip;
}

/** Replaces the game by `actions` (and `ending`), checked by replaying them. */
export function setActions(actions, ending = null) {
  state.game = replay(state.setup, actions);
  state.actions = actions;
  state.ending = ending;
  state.selected = null;
  state.solution = null;
}

/** What to keep of the game (in storage and in the link). */
export function saved() {
  return {
    setup: state.setup,
    actions: state.actions,
    ending: state.ending,
    players: state.players,
    clocks: state.clockControls.black || state.clockControls.white ? { ...state.clockControls } : undefined,
    left: { black: state.clocks.remaining("black"), white: state.clocks.remaining("white") },
    sound: state.sound,
    marks: state.marks,
    manualFlip: state.manualFlip,
    delay: state.watch.delay,
    paused: state.watch.paused,
  };
}

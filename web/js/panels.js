// The panels around the board, drawn from the state: the status line and
// the tab's title, the seats (names, points, clocks), the move list, the
// buttons, the banner, the edge choice and the solver's answer.
import { Clocks } from "./clock.js";
import { FAMILY, capitalised, familyOptions, gameName, isFamily, katarengaStart, opponent, resultText, winnerOf } from "./game.js";
import { hasSolver } from "./levels.js";
import { flipped, humans, isComputer, levelOf, live, playerOf, remote, state } from "./state.js";

const $ = (id) => document.getElementById(id);

/** The status: whose turn and what it must do, and what just happened. */
export function renderStatus(shownGame, p, phase, who) {
  const lines = [];
  const events = [];
  const kind = state.setup.kind;
  const name = gameName(kind);
  let title;
  if (!live()) {
    const moves = (game) => game.steps.filter((s) => s.kind === "move").length;
    lines.push(`Replay: after ${counted(moves(shownGame), "move")} of ${moves(state.game)}. Press » to return to the game.`);
    title = `Replay · ${name}`;
  } else if (phase === "over") {
    lines.push(resultText(shownGame, state.ending));
    const winner = winnerOf(shownGame, state.ending);
    // A family game may end drawn (by its rules and options).
    title = winner ? `${capitalised(winner)} won · ${name}` : `Drawn · ${name}`;
  } else if (phase === "chooseOrientation") {
    lines.push(`Black chooses which edge of the laid board to sit at${isComputer("black") ? " (the computer is choosing)" : ""}; White then moves first.`);
    title = `Black chooses its edge · ${name}`;
  } else if (phase === "drawSetups") {
    const drawer = shownGame.match.drawer;
    lines.push(`${capitalised(drawer)} lost round ${shownGame.match.round} and draws the next round's set-ups${state.setup.chart ? "" : " (this game has no chart to draw from)"}.`);
    title = `${capitalised(drawer)} draws the set-ups · ${name}`;
  } else if (phase === "chooseEdge") {
    const chooser = shownGame.match.chooser;
    lines.push(`${capitalised(chooser)} won round ${shownGame.match.round} and chooses the refill edge${isComputer(chooser) ? " (the computer is choosing)" : ""}.`);
    title = `${capitalised(chooser)} chooses the edge · ${name}`;
  } else if (who) {
    const computer = isComputer(who);
    let line = `${capitalised(who)}${computer ? ` (computer, ${levelOf(who).name})` : ""} to ${kind === "isolation" ? "place a pawn" : "move"}`;
    if (kind === "kamisado") {
      if (p.forcedColour) {
        const blocked = p.legalMoves().length === 1 && p.legalMoves()[0].slice(0, 2) === p.legalMoves()[0].slice(2);
        line += blocked
          ? `: its ${p.forcedColour} tower on ${p.forcedSquare} is blocked, so it must pass`
          : `: it must move its ${p.forcedColour} tower (${p.forcedSquare})`;
      } else {
        line += ": any tower (a free choice)";
      }
      if (p.afterPush) line += ", the extra move after its push";
    } else if (kind === "isolation") {
      const hand = (side) => p.inHand(side) ?? "no limit";
      line += ` (in hand: black ${hand("black")}, white ${hand("white")}; ${counted(p.placements().length, "legitimate square")})`;
    } else if (isFamily(kind)) {
      line += ` (black ${counted(p.pieces("black").length, "pawn")}, white ${counted(p.pieces("white").length, "pawn")})`;
      if (p.legalMoves()[0] === "pass") line += `: none of its pawns can move, so it must pass`;
    } else {
      line += ` (black ${p.pieceCount("black")} pieces, white ${p.pieceCount("white")})`;
      const pending = ["white", "black"].filter((s) => p.firstMovePending(s));
      if (pending.length > 0) line += `; no capture on a first move (${pending.join(" and ")} still to make theirs)`;
    }
    const paused = computer && humans().length === 0 && state.watch.paused && !state.thinking;
    lines.push(state.thinking && computer ? `${line}; thinking…` : paused ? `${line}; the computers are paused (Play goes on).` : `${line}.`);
    const yours = humans().length === 1 && playerOf(who).type === "human";
    title = computer ? `${capitalised(who)} is thinking · ${name}` : yours ? `Your move · ${name}` : `${capitalised(who)} to move · ${name}`;
  }
  const step = shownGame.steps.at(-1);
  if (step) {
    if (step.chain) events.push(step.chain);
    if (step.roundText) events.push(step.roundText);
    if (step.text) events.push(step.text);
  }
  if (live() && state.message) events.unshift(state.message);
  if (live() && state.engineNote && step?.side && isComputer(step.side)) events.push(state.engineNote);
  const status = $("status");
  status.replaceChildren(
    ...lines.map((l) => document.createTextNode(l)),
    ...events.slice(0, 2).map((e) => {
      const span = document.createElement("span");
      span.className = "event";
      span.textContent = e;
      return span;
    }),
  );
  document.title = title ?? name;
}

/** The players' names and clocks beside the board (the bottom is the side seen from). */
export function renderSeats(shownGame = state.game) {
  const bottom = flipped() ? "white" : "black";
  const kind = state.setup.kind;
  for (const [id, side] of [["seat-bottom", bottom], ["seat-top", opponent(bottom)]]) {
    const seat = $(id);
    const p = playerOf(side);
    const who = p.type === "computer" ? `computer (${levelOf(side).name})` : p.type === "online" ? p.label : remote() ? "you" : "human";
    let name = `${capitalised(side)}: ${who}`;
    if (shownGame?.match && state.setup.target > 1) name += ` · ${points(shownGame.match.scores[side])}`;
    // Isolation's pawns still in hand, beside their owner (none: no limit).
    const hand = kind === "isolation" && shownGame?.position ? shownGame.position.inHand(side) : undefined;
    if (hand !== undefined) name += ` · ${hand} in hand`;
    seat.querySelector(".seat-name").textContent = name;
    const clock = seat.querySelector(".clock");
    const left = state.clocks.remaining(side);
    clock.textContent = state.clocks.on && left !== null ? Clocks.format(left) : "";
    clock.setAttribute("aria-label", `${side}'s clock`);
    clock.classList.toggle("running", state.clocks.running === side);
    clock.classList.toggle("low", left !== null && left < 10_000);
  }
  $("game-line").textContent = gameLine();
}

/** `n` things in words: `counted(1, "ply", "plies")` is "1 ply". */
export const counted = (n, one, many = `${one}s`) => `${n} ${n === 1 ? one : many}`;

/** `n` points in words ("1 point", "3 points"). */
const points = (n) => counted(n, "point");

/** What is played, beside the board: the match and its round, and any reading or option other than the default. */
function gameLine() {
  const s = state.setup;
  const parts = [];
  if (s.kind === "kamisado") {
    const match = state.game?.match;
    parts.push(s.target === 1 ? "Kamisado, a single round" : `Kamisado, a match to ${points(s.target)}${match ? `, round ${match.round}` : ""}`);
    if (s.rules && s.rules !== "standard") parts.push(`rules: ${s.rules}`);
    if (s.layout && s.layout !== "standard") parts.push(`board: ${s.layout}`);
    if (s.scoring && s.scoring !== "rank") parts.push(`scoring: ${s.scoring}`);
    const refills = { restart: "from the start layout", farthest: "refilled farthest rank first", setups: "from numbered set-ups" };
    if (refills[s.refill]) parts.push(`next round: ${refills[s.refill]}`);
  } else if (isFamily(s.kind)) {
    parts.push(gameName(s.kind));
    const chosen = familyOptions(s);
    for (const [field, word, values] of FAMILY[s.kind].options) {
      if (chosen[field] !== values[0]) parts.push(`${word.replace("-", " ")}: ${chosen[field] === "none" ? "no limit" : chosen[field]}`);
    }
  } else {
    parts.push("Katarenga");
    if (s.rules && s.rules !== "standard") parts.push(`rules: ${s.rules}`);
  }
  return parts.join(" · ");
}

/** The move list; a click on a move calls `pick(count)` with the number of actions to show. */
export function renderMoves(pick) {
  const list = $("moves");
  const items = [];
  let ply = 0;
  for (const step of state.game.steps) {
    const li = document.createElement("li");
    if (step.kind === "edge" || step.kind === "orientation" || step.kind === "setups") {
      li.className = "round";
      li.textContent = step.text;
      li.dataset[step.kind] = step.action;
    } else {
      ply++;
      li.value = ply;
      li.dataset.move = step.action;
      li.dataset.side = step.side;
      const button = document.createElement("button");
      button.type = "button";
      button.textContent = `${capitalised(step.side)} ${step.action}`;
      button.addEventListener("click", () => pick(step.index + 1));
      li.append(button);
      if (step.note) {
        const note = document.createElement("span");
        note.className = "note";
        note.textContent = step.note;
        li.append(note);
      }
      if (step.roundText) li.title = step.roundText;
    }
    const shownCount = state.view ?? state.actions.length;
    if (step.index + 1 === shownCount && step.kind === "move") li.classList.add("current");
    items.push(li);
  }
  list.replaceChildren(...items);
  // The current move in view within the list, never by scrolling the page
  // (on a phone the list is below the board).
  const current = list.querySelector(".current");
  if (current) {
    const box = list.getBoundingClientRect();
    const item = current.getBoundingClientRect();
    if (item.top < box.top) list.scrollTop -= box.top - item.top;
    else if (item.bottom > box.bottom) list.scrollTop += item.bottom - box.bottom;
  }
}

/** The buttons that apply now, the edge choice, the banner, the watch and replay controls. */
export function renderControls(shownGame, p, phase, who) {
  const kind = state.setup.kind;
  const person = live() && who !== undefined && playerOf(who).type === "human";
  const moves = phase === "inRound" ? p.legalMoves() : [];
  // Kamisado's pass is the blocked tower's move to its own square, Congress's the move "pass".
  const pass = moves.length === 1 && (kind === "kamisado" ? moves[0].slice(0, 2) === moves[0].slice(2) : moves[0] === "pass");
  $("pass").hidden = !(person && phase === "inRound" && pass);
  $("undo").disabled = state.actions.length === 0 && !state.ending;
  $("solve").hidden = !hasSolver(kind, isFamily(kind) ? familyOptions(state.setup).reading : undefined);
  $("solve").disabled = !live() || phase !== "inRound" || state.solving;
  $("resign").disabled = !live() || phase === "over" || humans().length === 0;
  $("flip-board").setAttribute("aria-pressed", String(state.manualFlip));
  const edge = live() && phase === "chooseEdge" && person;
  $("edge-choice").hidden = !edge;
  if (edge) {
    for (const side of ["a", "h"]) {
      const start = shownGame.match.nextRoundStart(side);
      const img = $(`edge-${side}-preview`);
      img.src = `data:image/svg+xml,${encodeURIComponent(start.svg())}`;
      img.alt = `The next round's start if refilled from the ${side}-file side`;
    }
  }
  const orient = live() && phase === "chooseOrientation" && person;
  $("orientation-choice").hidden = !orient;
  if (orient) {
    for (const edge of ["bottom", "right", "top", "left"]) {
      const start = katarengaStart(state.setup, shownGame.laid, edge);
      const img = $(`orient-${edge}-preview`);
      img.src = `data:image/svg+xml,${encodeURIComponent(start.svg())}`;
      img.alt = `The start if Black sits at the ${edge} edge of the laid board`;
    }
  }
  const banner = live() && phase === "over";
  $("banner").hidden = !banner;
  if (banner) $("banner-text").textContent = resultText(state.game, state.ending);
  const watching = humans().length === 0 && !remote() && live() && phase !== "over";
  $("watch").hidden = !watching;
  $("watch-toggle").textContent = state.watch.paused ? "Play" : "Pause";
  $("watch-step").disabled = !state.watch.paused || state.thinking;
  const count = state.actions.length;
  const at = state.view ?? count;
  $("replay-first").disabled = $("replay-back").disabled = at === 0;
  $("replay-forward").disabled = $("replay-last").disabled = at === count;
  if (!state.solving) renderSolution();
}

/** The solver's answer, if one was asked for. */
export function renderSolution() {
  const box = $("solve-result");
  const s = state.solution;
  if (!s) {
    box.hidden = true;
    return;
  }
  box.hidden = false;
  const seconds = (s.milliseconds / 1000).toFixed(1);
  // Isolation's solver names a best move only for the winner to move (the loser's all lose).
  const best = s.best ? `; best move ${s.best}` : "";
  box.textContent = s.winner
    ? `${capitalised(s.winner)} wins${s.plies !== undefined ? ` in ${counted(s.plies, "ply", "plies")}` : ""} with best play${best} (proved in ${seconds} s, ${formatCount(s.nodes)} positions).`
    : `Not proved within ${seconds} s (${formatCount(s.nodes)} positions searched).`;
  box.dataset.winner = s.winner ?? "";
  box.dataset.best = s.best ?? "";
}

/** A count of positions, short: "35", "20 k", "1.2 M". */
export function formatCount(n) {
  return n >= 1e6 ? `${(n / 1e6).toFixed(1)} M` : n >= 1e3 ? `${Math.round(n / 1e3)} k` : String(n);
}

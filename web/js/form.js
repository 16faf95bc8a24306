// The setup form: the game, its board or match length, the players with
// their levels and clocks. It reads into the state (players, clocks) or
// gives the setup of a new game, and shows the game being played when one
// is restored.
import { GameSpec, KamisadoSetupChart, KatarengaBoard, KatarengaPosition } from "../pkg/rules.js";
import { FAMILY, familyOptions, gameName, isFamily, onKatarengaBoard } from "./game.js";
import { levelsFor } from "./levels.js";
import { playerOf, state } from "./state.js";

const $ = (id) => document.getElementById(id);

const CLOCK_CHOICES = [
  ["none", "no clock"],
  ["1+0", "1 min"],
  ["3+2", "3 min + 2 s"],
  ["5+3", "5 min + 3 s"],
  ["10+5", "10 min + 5 s"],
  ["15+10", "15 min + 10 s"],
  ["30+0", "30 min"],
];
/** The Katarenga board the form asks for, and how it was chosen. */
function chosenBoard() {
  const kind = $("board-kind").value;
  if (kind === "default") return { board: "1f0 2f0 3f0 4f0", note: "the standard board" };
  if (kind === "tiles") {
    const tiles = [0, 1, 2, 3].map((q) => $(`tile-${q}`).value + $(`side-${q}`).value + $(`turn-${q}`).value);
    KatarengaBoard.fromTiles(tiles); // throws, saying why, for a tile used twice
    return { board: tiles.join(" "), note: `tiles ${tiles.join(" ")}` };
  }
  let index;
  if (kind === "random") {
    index = Math.floor(Math.random() * KatarengaBoard.arrangementCount());
    $("arrangement").value = String(index);
  } else {
    const text = $("arrangement").value.trim();
    if (!/^\d+$/.test(text) || Number(text) > 98303) {
      throw new Error(`The arrangement number is a whole number from 0 to 98303${text === "" ? "" : `, not ${text}`}.`);
    }
    index = Number(text);
  }
  const tiles = KatarengaBoard.arrangementTiles(index);
  return { board: tiles.join(" "), note: `arrangement ${index} (tiles ${tiles.join(" ")})` };
}

/** The players the form says, into the state. */
export function readPlayers() {
  for (const side of ["black", "white"]) {
    const type = $(`${side}-type`).value;
    state.players[side] = type === "computer" ? { type, level: $(`${side}-level`).value } : { type };
  }
}

/** The game chosen in the form. */
const formKind = () => document.querySelector('input[name="game"]:checked').value;

/** The select of a family game's option (`congress-no-move`, `isolation-reading`, ...). */
const optionField = (kind, word) => $(`${kind}-${word}`);

/** Shows the form's parts for the game chosen in it (and the legend for the game played). */
export function renderSetupVisibility() {
  const kind = formKind();
  // A part may serve several games (the board: every game on Katarenga's).
  for (const element of document.querySelectorAll("fieldset[data-for]")) element.hidden = !element.dataset.for.split(" ").includes(kind);
  $("legend").hidden = !onKatarengaBoard(state.setup.kind);
  for (const part of document.querySelectorAll("#legend [data-game]")) part.hidden = part.dataset.game !== state.setup.kind;
  const boardKind = $("board-kind").value;
  $("arrangement-label").hidden = boardKind !== "arrangement" && boardKind !== "random";
  $("tiles").hidden = boardKind !== "tiles";
  $("setup-chart-label").hidden = $("refill").value !== "setups";
  for (const side of ["black", "white"]) $(`${side}-level`).hidden = $(`${side}-type`).value !== "computer";
}

/** The board the form would start, drawn small (for the tile chooser).
 * The picture keeps its place when there is nothing to show, so that the
 * form does not move under the pointer while a number is typed. */
export function previewBoard() {
  const img = $("board-preview");
  const show = (shown) => (img.style.visibility = shown ? "visible" : "hidden");
  try {
    if ($("board-kind").value === "random") {
      show(false);
      return;
    }
    const { board } = chosenBoard();
    const laid = KatarengaBoard.fromTiles(board.split(" "));
    // The start of the game chosen (Isolation's is the empty board).
    const kind = formKind();
    const start = isFamily(kind) ? FAMILY[kind].Position.startOn(laid) : KatarengaPosition.startOn(laid);
    img.src = `data:image/svg+xml,${encodeURIComponent(start.svg())}`;
    img.alt = `The board chosen: tiles ${board}`;
    show(true);
  } catch {
    show(false);
  }
}

/** The level choices of the game chosen in the form. */
export function fillLevels() {
  const kind = formKind();
  // Isolation's solver solves its strict reading only.
  const reading = kind === "isolation" ? optionField("isolation", "reading").value : undefined;
  for (const side of ["black", "white"]) {
    const select = $(`${side}-level`);
    const chosen = select.value || playerOf(side).level || "hard";
    select.replaceChildren(
      ...levelsFor(kind, reading).map((l) => {
        const option = document.createElement("option");
        option.value = l.id;
        option.textContent = l.name;
        return option;
      }),
    );
    select.value = levelsFor(kind, reading).some((l) => l.id === chosen) ? chosen : "hard";
  }
}

/** The form as the game is: game, target or board, players, clocks. */
export function writeForm() {
  document.querySelector(`input[name="game"][value="${state.setup.kind}"]`).checked = true;
  if (state.setup.kind === "kamisado") {
    $("target").value = String(state.setup.target);
    $("kamisado-rules").value = state.setup.rules ?? "standard";
    $("kamisado-layout").value = state.setup.layout ?? "standard";
    $("scoring").value = state.setup.scoring ?? "rank";
    $("refill").value = state.setup.refill ?? "nearest";
    if (state.setup.chart) $("setup-chart").value = state.setup.chart;
  } else if (isFamily(state.setup.kind)) {
    const chosen = familyOptions(state.setup);
    for (const [field, word] of FAMILY[state.setup.kind].options) optionField(state.setup.kind, word).value = chosen[field];
  } else {
    $("no-first-capture").checked = state.setup.rules === "no-first-capture";
    // A rematch keeps the first game's edge; the form says how it was chosen.
    const rematch = state.setup.rematch;
    $("orientation").value = rematch?.chose ? "choose" : (state.setup.orientation ?? "bottom");
  }
  fillLevels();
  for (const side of ["black", "white"]) {
    const p = playerOf(side);
    $(`${side}-type`).value = p.type;
    if (p.level) $(`${side}-level`).value = p.level;
    $(`${side}-clock`).value = state.clockControls[side] ?? "none";
  }
  $("sound").checked = state.sound;
  $("marks").checked = state.marks;
  $("watch-speed").value = String(state.watch.delay);
}

/** The parts of the form written once: the tile chooser and the clock choices. */
export function buildForm() {
  const option = (value, text, selected) => `<option value="${value}"${selected ? " selected" : ""}>${text}</option>`;
  const names = ["top-left", "top-right", "bottom-left", "bottom-right"];
  $("tiles").innerHTML = names
    .map(
      (name, q) => `<div class="quarter">${name}
        <select id="tile-${q}" aria-label="${name} tile">${[1, 2, 3, 4].map((t) => option(t, `tile ${t}`, t === q + 1)).join("")}</select>
        <select id="side-${q}" aria-label="${name} side">${option("f", "front", true)}${option("b", "back")}</select>
        <select id="turn-${q}" aria-label="${name} turn">${[0, 1, 2, 3].map((r) => option(r, `${r * 90}°`, r === 0)).join("")}</select>
      </div>`,
    )
    .join("");
  for (const side of ["black", "white"]) {
    $(`${side}-clock`).innerHTML = CLOCK_CHOICES.map(([value, text]) => option(value, text)).join("");
  }
}

/** The clocks the form says, into the state. */
export function readClocks() {
  for (const side of ["black", "white"]) {
    const value = $(`${side}-clock`).value;
    state.clockControls[side] = value === "none" ? null : value;
  }
}

/**
 * The game the form asks for: `{ setup, message }`, or an error that
 * says what is wrong with the form.
 */
export function readSetup() {
  const kind = formKind();
  if (kind === "kamisado") {
    // A random layout is drawn here, once, as the game begins (by the
    // engine's draw): the game, its link and its record name the one drawn.
    const chosen = $("kamisado-layout").value;
    const layout = chosen === "random" ? new GameSpec("kamisado layout=random", Math.floor(Math.random() * 2 ** 52)).layout : chosen;
    const setup = { kind, target: Number($("target").value), rules: $("kamisado-rules").value, layout, scoring: $("scoring").value, refill: $("refill").value };
    if (setup.refill !== "setups") return { setup, message: "" };
    // The set-up match: Black draws the first round's set-ups, and opens.
    const chart = new KamisadoSetupChart($("setup-chart").value); // throws, naming the line
    const { low, high } = chart.draw(Math.floor(Math.random() * 2 ** 52));
    setup.chart = chart.toString();
    setup.start = chart.start(low, high).toString();
    return { setup, message: `Black draws set-ups ${low} and ${high}: black plays ${low} and moves first, white plays ${high}.` };
  }
  const { board, note } = chosenBoard();
  if (isFamily(kind)) {
    // The family's board is used as laid: no edge to choose.
    const options = Object.fromEntries(FAMILY[kind].options.map(([field, word]) => [field, optionField(kind, word).value]));
    return { setup: { kind, board, note, ...options }, message: `${gameName(kind)}. Board: ${note}.` };
  }
  const rules = $("no-first-capture").checked ? "no-first-capture" : "standard";
  const orientation = $("orientation").value;
  const edge = orientation === "choose" ? "; Black chooses its edge" : orientation === "bottom" ? "" : `; Black at the ${orientation} edge`;
  return { setup: { kind, board, rules, orientation, note }, message: `Board: ${note}${edge}.` };
}

/** The form's own reactions: the parts and levels of the game chosen, the board's preview. */
export function wireForm() {
  for (const input of document.querySelectorAll('input[name="game"]')) {
    input.addEventListener("change", () => {
      fillLevels();
      renderSetupVisibility();
      previewBoard();
    });
  }
  $("refill").addEventListener("change", renderSetupVisibility);
  optionField("isolation", "reading").addEventListener("change", fillLevels);
  const boardFields = ["board-kind", "arrangement"];
  for (const q of [0, 1, 2, 3]) boardFields.push(`tile-${q}`, `side-${q}`, `turn-${q}`);
  for (const id of boardFields) {
    // "input" as well as "change": the preview follows a number as it is
    // typed, not when the field loses the focus.
    for (const event of ["input", "change"]) {
      $(id).addEventListener(event, () => {
        renderSetupVisibility();
        previewBoard();
      });
    }
  }
}

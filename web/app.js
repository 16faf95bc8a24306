// The page: setup, board, clicks, the move list, undo, the position in the
// notation and in the address. Every rule comes from the engine (the
// rules-only module on this thread, the search and the solver in the
// worker): this file decides nothing about what is legal.
import {
  KamisadoMatch,
  KamisadoPosition,
  KatarengaBoard,
  KatarengaPosition,
} from "./pkg/rules.js";

const $ = (id) => document.getElementById(id);
const SQUARES = Array.from({ length: 64 }, (_, i) => "abcdefgh"[i % 8] + (Math.floor(i / 8) + 1));
const KAMISADO_COLOURS = KamisadoPosition.squareColours();
const SOLVE_MILLISECONDS = 30000;
const capitalised = (word) => word[0].toUpperCase() + word.slice(1);
const opponent = (player) => (player === "black" ? "white" : "black");
const SUMO = ["", "sumo", "double sumo", "triple sumo"];

const state = {
  game: "kamisado",
  match: null, // Kamisado: a match (a single round is a match to 1 point)
  position: null, // Katarenga
  boardNote: "",
  players: { black: "human", white: "computer" },
  think: 500,
  history: [], // snapshots taken before each action, for undo
  moves: [], // { side, text, note } and { round } entries
  last: null, // the last move's origin and destination
  selected: null,
  events: [], // what the last action did, in words
  engineNote: "", // what the computer's last search saw
  thinking: false,
  solving: false,
  solution: null,
  flip: false,
  notationDirty: false,
};

// ---------------------------------------------------------------- engine

/** The worker, with a queue until its module has loaded. */
const engine = {
  worker: null,
  ready: false,
  queue: [],
  pending: new Map(),
  nextId: 1,
};

function startEngine() {
  engine.worker = new Worker(new URL("./engine.js", import.meta.url), { type: "module" });
  engine.ready = false;
  engine.worker.onmessage = ({ data }) => {
    if (data.ready) {
      engine.ready = true;
      for (const message of engine.queue.splice(0)) engine.worker.postMessage(message);
      return;
    }
    const pending = engine.pending.get(data.id);
    if (!pending) return;
    engine.pending.delete(data.id);
    if (data.ok) pending.resolve(data.result);
    else pending.reject(new Error(data.error));
  };
  engine.worker.onerror = (event) => {
    showStatusError(`The engine stopped: ${event.message ?? "unknown error"}`);
  };
}

/** Stops whatever the engine is doing (undo, a new game): a new worker. */
function resetEngine() {
  engine.worker?.terminate();
  for (const pending of engine.pending.values()) pending.reject(Object.assign(new Error("cancelled"), { cancelled: true }));
  engine.pending.clear();
  engine.queue = [];
  state.thinking = false;
  state.solving = false;
  startEngine();
}

function ask(message) {
  const id = engine.nextId++;
  const full = { ...message, id };
  return new Promise((resolve, reject) => {
    engine.pending.set(id, { resolve, reject });
    if (engine.ready) engine.worker.postMessage(full);
    else engine.queue.push(full);
  });
}

// ----------------------------------------------------------------- state

function current() {
  return state.game === "kamisado" ? state.match.position : state.position;
}

/** Who acts now: the side to move, the chooser of the edge, or nobody. */
function actor() {
  if (state.game === "kamisado") return state.match.actor;
  return state.position.isOver ? undefined : state.position.sideToMove;
}

function phase() {
  if (state.game === "kamisado") return state.match.state;
  return state.position.isOver ? "over" : "inRound";
}

const humanToAct = () => {
  const who = actor();
  return who !== undefined && state.players[who] === "human" && !state.thinking;
};

function snapshot() {
  return {
    game: state.game,
    match: state.match?.toJSON(),
    position: state.position?.toString(),
    boardNote: state.boardNote,
    moves: state.moves.slice(),
    last: state.last,
    events: state.events.slice(),
  };
}

function restore(s) {
  state.game = s.game;
  state.match = s.match ? KamisadoMatch.fromJSON(s.match) : null;
  state.position = s.position ? KatarengaPosition.parse(s.position) : null;
  state.boardNote = s.boardNote;
  state.moves = s.moves;
  state.last = s.last;
  state.events = s.events;
}

// --------------------------------------------------------------- actions

/** Plays `move` for the side to move (a human's click or the engine's). */
function playMove(move, by) {
  const before = current();
  const side = before.sideToMove;
  const saved = snapshot();
  let note = "";
  state.events = [];
  try {
    if (state.game === "kamisado") {
      const kind = before.moveKind(move);
      const summary = state.match.play(move);
      const after = state.match.position;
      if (kind === "pass") {
        const tower = before.towerOn(move.slice(0, 2));
        note = "pass";
        state.events.push(`${capitalised(side)} passes: its ${tower.colour} tower on ${move.slice(0, 2)} is blocked.`);
      } else if (kind === "push") {
        const pushed = pushedTowers(before, after, side);
        note = `push${pushed ? ": " + pushed : ""}`;
        state.events.push(`${capitalised(side)} pushes (${pushed}) and takes the extra move.`);
      }
      if (summary) {
        state.moves.push({ side, text: move, note, by });
        roundEnded(summary);
        note = null;
      }
    } else {
      const capture = before.isCapture(move);
      state.position = before.play(move);
      const to = move.slice(2);
      if (capture) {
        note = `captures on ${to}`;
        state.events.push(`${capitalised(side)} captures the piece on ${to}.`);
      } else if (to.endsWith("9") || to.endsWith("0")) {
        note = `enters camp ${to}`;
        state.events.push(`${capitalised(side)} enters the camp ${to}.`);
      }
    }
  } catch (e) {
    restore(saved);
    showStatusError(e.message);
    return false;
  }
  if (note !== null) state.moves.push({ side, text: move, note, by });
  state.history.push(saved);
  state.last = { from: move.slice(0, 2), to: move.slice(2) };
  state.selected = null;
  state.solution = null;
  changed();
  return true;
}

/** The towers a push moved: "the red tower to e6, ...". */
function pushedTowers(before, after, pusher) {
  const was = new Map(before.towers().map((t) => [t.player + t.colour, t.square]));
  return after
    .towers()
    .filter((t) => t.player !== pusher && was.get(t.player + t.colour) !== t.square)
    .map((t) => `${opponent(pusher)}'s ${t.colour} tower to ${t.square}`)
    .join(", ");
}

function roundEnded(summary) {
  const m = state.match;
  const text = capitalised(summary.description);
  state.moves.push({ round: text });
  state.events.push(text + ".");
  if (m.state === "over" && m.target > 1) {
    state.events.push(`${capitalised(m.winner)} wins the match ${m.scores.black}-${m.scores.white}.`);
  } else if (m.state === "chooseEdge") {
    state.events.push(`${capitalised(m.chooser)} chooses the edge from which the home rows are refilled.`);
  }
}

function chooseEdge(edge) {
  const saved = snapshot();
  const chooser = state.match.chooser;
  try {
    state.match.chooseEdge(edge);
  } catch (e) {
    restore(saved);
    showStatusError(e.message);
    return;
  }
  state.history.push(saved);
  const opener = state.match.position.sideToMove;
  const text = `Round ${state.match.round}: ${chooser} refilled from the ${edge}-file side; ${opener} opens`;
  state.moves.push({ round: text });
  state.events = [text + "."];
  state.last = null;
  state.selected = null;
  state.solution = null;
  changed();
}

function undo() {
  if (state.history.length === 0) return;
  resetEngine();
  // Back to the last time a human was to act (or to the first position).
  do {
    restore(state.history.pop());
  } while (state.history.length > 0 && !humanToAct());
  state.selected = null;
  state.solution = null;
  state.events = ["Move taken back."];
  changed({ noComputer: true });
}

// ------------------------------------------------------------ the engine

function changed({ noComputer = false } = {}) {
  render();
  writeAddress();
  if (!noComputer) setTimeout(computerTurn, 0);
}

async function computerTurn() {
  const who = actor();
  if (who === undefined || state.players[who] !== "computer" || state.thinking || state.solving) return;
  state.thinking = true;
  render();
  try {
    if (state.game === "kamisado" && state.match.state === "chooseEdge") {
      const starts = { a: state.match.nextRoundStart("a").toString(), h: state.match.nextRoundStart("h").toString() };
      const { edge } = await ask({ task: "edge", starts, milliseconds: state.think });
      state.thinking = false;
      chooseEdge(edge);
    } else {
      const result = await ask({ task: "move", game: state.game, position: current().toString(), milliseconds: state.think });
      state.thinking = false;
      state.engineNote = result.winner
        ? `The computer sees ${result.winner === who ? "a win" : "a loss"} in ${plural(result.plies, "ply", "plies")}.`
        : `The computer searched ${plural(result.depth, "ply", "plies")} deep (${formatCount(result.nodes)} positions).`;
      playMove(result.best, "computer");
    }
  } catch (e) {
    state.thinking = false;
    if (!e.cancelled) showStatusError(e.message);
  }
}

async function solve() {
  if (state.game !== "kamisado" || state.match.state !== "inRound" || state.thinking || state.solving) return;
  state.solving = true;
  const position = current().toString();
  $("solve-result").hidden = false;
  $("solve-result").textContent = `Solving (at most ${SOLVE_MILLISECONDS / 1000} s)…`;
  render();
  try {
    const s = await ask({ task: "solve", position, milliseconds: SOLVE_MILLISECONDS });
    state.solving = false;
    if (current().toString() !== position) return;
    state.solution = s;
    render();
    setTimeout(computerTurn, 0);
  } catch (e) {
    state.solving = false;
    if (!e.cancelled) showStatusError(e.message);
    render();
  }
}

function plural(n, one, many) {
  return `${n} ${n === 1 ? one : many}`;
}

function formatCount(n) {
  return n >= 1e6 ? `${(n / 1e6).toFixed(1)} M` : n >= 1e3 ? `${Math.round(n / 1e3)} k` : String(n);
}

// ---------------------------------------------------------------- setup

function readSetup() {
  state.players = { black: $("black-player").value, white: $("white-player").value };
  state.think = Number($("think").value);
}

function newGame() {
  readSetup();
  $("setup-error").hidden = true;
  const game = document.querySelector('input[name="game"]:checked').value;
  try {
    if (game === "kamisado") {
      state.match = new KamisadoMatch(Number($("target").value));
      state.position = null;
      state.boardNote = "";
    } else {
      const { board, note } = chosenBoard();
      state.position = KatarengaPosition.startOn(board);
      state.match = null;
      state.boardNote = note;
    }
  } catch (e) {
    $("setup-error").textContent = e.message;
    $("setup-error").hidden = false;
    return;
  }
  state.game = game;
  startFresh(game === "katarenga" ? [`Board: ${state.boardNote}.`] : []);
}

/** The Katarenga board the setup asks for, and a line that names it. */
function chosenBoard() {
  const kind = $("board-kind").value;
  if (kind === "default") return { board: KatarengaBoard.standard(), note: "the default board" };
  if (kind === "tiles") {
    const tiles = [0, 1, 2, 3].map(
      (q) => $(`tile-${q}`).value + $(`side-${q}`).value + $(`turn-${q}`).value,
    );
    return { board: KatarengaBoard.fromTiles(tiles), note: `tiles ${tiles.join(" ")}` };
  }
  let index;
  if (kind === "random") {
    index = Math.floor(Math.random() * KatarengaBoard.arrangementCount());
    $("arrangement").value = String(index);
  } else {
    const text = $("arrangement").value.trim();
    index = text === "" ? NaN : Number(text);
  }
  const board = KatarengaBoard.arrangement(index);
  return { board, note: `arrangement ${index} (tiles ${KatarengaBoard.arrangementTiles(index).join(" ")})` };
}

function startFresh(events) {
  resetEngine();
  state.history = [];
  state.moves = [];
  state.last = null;
  state.selected = null;
  state.solution = null;
  state.events = events;
  state.engineNote = "";
  state.notationDirty = false;
  $("notation-error").hidden = true;
  $("solve-result").hidden = true;
  document.querySelector(`input[name="game"][value="${state.game}"]`).checked = true;
  showSetupFor(state.game);
  changed();
}

/** Loads the text of a position of either game; an error says why not. */
function loadPosition(text, { fromAddress = false } = {}) {
  text = text.trim();
  const fields = text.split(/\s+/).length;
  const looksKatarenga = fields >= 4 || /^[RYBG]{8}\//.test(text);
  const tries = looksKatarenga ? ["katarenga", "kamisado"] : ["kamisado", "katarenga"];
  let firstError = null;
  for (const game of tries) {
    try {
      if (game === "kamisado") {
        const position = KamisadoPosition.parse(text);
        state.match = resumeRound(position);
        state.position = null;
      } else {
        state.position = KatarengaPosition.parse(text);
        state.match = null;
        state.boardNote = "a pasted position";
      }
      state.game = game;
      readSetup();
      startFresh([fromAddress ? "Position from the link." : "Position loaded."]);
      return true;
    } catch (e) {
      firstError ??= `This is not a ${capitalised(game)} position: ${e.message}`;
    }
  }
  $("notation-error").textContent = firstError;
  $("notation-error").hidden = false;
  return false;
}

/**
 * A single round from `position`. A finished round is shown as a finished
 * match: its winner is given the most points a round can score, which
 * reaches the target (the scores are not shown for a single round).
 */
function resumeRound(position) {
  const outcome = position.outcome;
  if (!outcome) return KamisadoMatch.resume(position);
  const scores = { black: 0, white: 0 };
  scores[outcome.winner] = 15;
  return KamisadoMatch.resume(position, { target: 15, scores });
}

// -------------------------------------------------------------- address

function writeAddress() {
  const params = new URLSearchParams({ game: state.game, position: current().toString() });
  history.replaceState(null, "", `#${params}`);
  $("share").href = location.href;
}

function readAddress() {
  const params = new URLSearchParams(location.hash.slice(1));
  const text = params.get("position");
  return text ? loadPosition(text, { fromAddress: true }) : false;
}

// --------------------------------------------------------------- render

function render() {
  const p = current();
  const who = actor();
  document.body.dataset.game = state.game;
  document.body.dataset.state = phase();
  document.body.dataset.actor = who ?? "";
  document.body.dataset.thinking = String(state.thinking);
  renderBoard(p);
  renderStatus(p, who);
  renderMoves();
  renderScores();
  if (!state.notationDirty) $("notation").value = p.toString();
  $("undo").disabled = state.history.length === 0;
  $("solve").hidden = state.game !== "kamisado";
  $("solve").disabled = phase() !== "inRound" || state.thinking || state.solving;
  const pass = state.game === "kamisado" && humanToAct() && phase() === "inRound" && onlyPass(p);
  $("pass").hidden = !pass;
  const edge = state.game === "kamisado" && phase() === "chooseEdge" && humanToAct();
  $("edge-a").hidden = $("edge-h").hidden = !edge;
  renderSolution();
  const picture = $("picture");
  if (picture.dataset.url) URL.revokeObjectURL(picture.dataset.url);
  picture.dataset.url = URL.createObjectURL(new Blob([p.svg()], { type: "image/svg+xml" }));
  picture.href = picture.dataset.url;
}

function onlyPass(p) {
  const moves = p.legalMoves();
  return moves.length === 1 && moves[0].slice(0, 2) === moves[0].slice(2);
}

function displayOrder() {
  const order = [];
  for (let row = 0; row < 8; row++) {
    for (let col = 0; col < 8; col++) {
      const rank = state.flip ? row : 7 - row;
      const file = state.flip ? 7 - col : col;
      order.push(SQUARES[rank * 8 + file]);
    }
  }
  return order;
}

function renderBoard(p) {
  const board = $("board");
  const mine = humanToAct() && phase() === "inRound";
  const targets = state.selected ? new Set(p.destinations(state.selected)) : new Set();
  const movable = mine ? new Set(p.legalMoves().map((m) => m.slice(0, 2))) : new Set();
  const best = state.solution?.best;
  const colours = state.game === "kamisado" ? null : p.board.colours();
  const forced = state.game === "kamisado" ? p.forcedSquare : undefined;
  // What stands where, asked of the engine once per drawing.
  const occupant = new Map(
    state.game === "kamisado"
      ? p.towers().map((t) => [t.square, t])
      : ["black", "white"].flatMap((owner) => p.pieces(owner).map((square) => [square, owner])),
  );
  const squares = displayOrder().map((square) => {
    const index = SQUARES.indexOf(square);
    const cell = document.createElement("button");
    cell.type = "button";
    cell.className = "square";
    cell.dataset.square = square;
    cell.setAttribute("role", "gridcell");
    const colour = state.game === "kamisado" ? KAMISADO_COLOURS[index] : colours[index];
    cell.classList.add((state.game === "kamisado" ? "k-" : "t-") + colour);
    cell.dataset.colour = colour;
    let label = `${square}, ${colour}`;
    if (state.game === "kamisado") {
      const tower = occupant.get(square);
      if (tower) {
        const t = document.createElement("div");
        t.className = `tower ${tower.player} k-${tower.colour}`;
        if (square === forced && phase() === "inRound") t.classList.add("forced");
        if (tower.sumo > 0) {
          const s = document.createElement("span");
          s.className = "sumo";
          s.textContent = "+".repeat(tower.sumo);
          t.append(s);
        }
        cell.append(t);
        cell.dataset.piece = `${tower.player} ${tower.colour} ${tower.sumo}`;
        label += `, ${tower.player} ${tower.colour} tower${tower.sumo ? " (" + SUMO[tower.sumo] + ")" : ""}`;
      }
    } else {
      const owner = occupant.get(square);
      if (owner) {
        const piece = document.createElement("div");
        piece.className = `piece ${owner}`;
        cell.append(piece);
        cell.dataset.piece = owner;
        label += `, ${owner} piece`;
      }
    }
    if (cell.dataset.piece) cell.classList.add("occupied");
    if (targets.has(square)) cell.classList.add("target", "clickable");
    if (movable.has(square)) cell.classList.add("clickable");
    if (square === state.selected) cell.classList.add("selected");
    if (state.last && (square === state.last.from || square === state.last.to)) cell.classList.add("last");
    if (best && (square === best.slice(0, 2) || square === best.slice(2))) cell.classList.add("hint-best");
    const showRank = state.flip ? square[0] === "h" : square[0] === "a";
    const showFile = state.flip ? square[1] === "8" : square[1] === "1";
    if (showRank || showFile) {
      const coord = document.createElement("span");
      coord.className = "coord";
      coord.textContent = (showFile ? square[0] : "") + (showRank ? square[1] : "");
      cell.append(coord);
    }
    cell.setAttribute("aria-label", label);
    return cell;
  });
  board.replaceChildren(...squares);
  renderCamps(p, targets);
}

function renderCamps(p, targets) {
  const top = $("camps-top");
  const bottom = $("camps-bottom");
  if (state.game !== "katarenga") {
    top.replaceChildren();
    bottom.replaceChildren();
    return;
  }
  const occupied = new Set(p.camps());
  const make = (name) => {
    const camp = document.createElement("button");
    camp.type = "button";
    camp.className = "camp";
    camp.dataset.camp = name;
    camp.textContent = name;
    const owner = name.endsWith("9") ? "black" : "white";
    if (occupied.has(name)) {
      const piece = document.createElement("div");
      piece.className = `piece ${owner}`;
      camp.append(piece);
      camp.dataset.occupied = owner;
    }
    if (targets.has(name)) camp.classList.add("target");
    if (state.last?.to === name) camp.classList.add("last");
    camp.setAttribute("aria-label", `camp ${name}${occupied.has(name) ? ", taken by " + owner : ""}`);
    return camp;
  };
  const [upper, lower] = state.flip ? [["h0", "a0"], ["h9", "a9"]] : [["a9", "h9"], ["a0", "h0"]];
  top.replaceChildren(...upper.map(make));
  bottom.replaceChildren(...lower.map(make));
}

function renderStatus(p, who) {
  const status = $("status");
  const lines = [];
  const outcome = p.outcome;
  if (state.game === "kamisado" && state.match.state === "chooseEdge") {
    const chooser = state.match.chooser;
    lines.push(`${capitalised(chooser)} won round ${state.match.round} and chooses the refill edge${state.players[chooser] === "computer" ? " (the computer is choosing)" : ""}.`);
  } else if (outcome) {
    lines.push(capitalised(outcome.description) + (outcome.ending === "deadlock" ? " (deadlock)." : "."));
  } else if (who) {
    const whose = state.players[who] === "computer" ? `${capitalised(who)} (computer) to move` : `${capitalised(who)} to move`;
    let line = whose;
    if (state.game === "kamisado") {
      if (p.forcedColour) {
        line += onlyPass(p)
          ? `: its ${p.forcedColour} tower on ${p.forcedSquare} is blocked, so it must pass`
          : `: it must move its ${p.forcedColour} tower (${p.forcedSquare})`;
      } else {
        line += ": any tower (a free choice)";
      }
      if (p.afterPush) line += ", the extra move after its push";
    } else {
      line += ` (black ${p.pieceCount("black")} pieces, white ${p.pieceCount("white")})`;
    }
    lines.push(line + (state.thinking ? ". Thinking" : "."));
  }
  status.replaceChildren(
    ...lines.map((l) => document.createTextNode(l)),
    ...state.events.map((e) => {
      const span = document.createElement("span");
      span.className = "event";
      span.textContent = e;
      return span;
    }),
  );
  if (state.engineNote && state.moves.at(-1)?.by === "computer") {
    const span = document.createElement("span");
    span.className = "event";
    span.textContent = state.engineNote;
    status.append(span);
  }
}

function showStatusError(message) {
  const span = document.createElement("span");
  span.className = "event error";
  span.textContent = message;
  $("status").append(span);
}

function renderMoves() {
  const list = $("moves");
  const items = [];
  let ply = 0;
  for (const entry of state.moves) {
    const li = document.createElement("li");
    if (entry.round) {
      li.className = "round";
      li.textContent = entry.round;
    } else {
      ply++;
      li.value = ply;
      li.dataset.move = entry.text;
      li.dataset.side = entry.side;
      li.textContent = `${entry.side === "black" ? "Black" : "White"} ${entry.text}`;
      if (entry.note) {
        const note = document.createElement("span");
        note.className = "note";
        note.textContent = entry.note;
        li.append(note);
      }
    }
    items.push(li);
  }
  list.replaceChildren(...items);
  list.scrollTop = list.scrollHeight;
}

function renderScores() {
  const scores = $("scores");
  if (state.game !== "kamisado" || state.match.target === 1 && state.match.round === 1) {
    scores.hidden = true;
    return;
  }
  const m = state.match;
  scores.hidden = false;
  scores.textContent = `Black ${m.scores.black} · White ${m.scores.white} (match to ${m.target}, round ${m.round})`;
}

function renderSolution() {
  const box = $("solve-result");
  if (state.solving) return;
  const s = state.solution;
  if (!s) {
    box.hidden = true;
    return;
  }
  box.hidden = false;
  const seconds = (s.milliseconds / 1000).toFixed(1);
  box.textContent = s.winner
    ? `${capitalised(s.winner)} wins${s.plies !== undefined ? ` in ${s.plies} plies` : ""} with best play; best move ${s.best} (proved in ${seconds} s, ${formatCount(s.nodes)} positions).`
    : `Not proved within ${seconds} s (${formatCount(s.nodes)} positions searched).`;
  box.dataset.winner = s.winner ?? "";
  box.dataset.best = s.best ?? "";
}

// ---------------------------------------------------------------- input

function clickSquare(square) {
  if (!humanToAct() || phase() !== "inRound") return;
  const p = current();
  if (state.selected && p.destinations(state.selected).includes(square)) {
    playMove(state.selected + square, "human");
    return;
  }
  state.events = [];
  if (p.destinations(square).length > 0) {
    state.selected = square;
  } else {
    state.selected = null;
    if (state.game === "kamisado") {
      const tower = p.towerOn(square);
      if (tower && tower.player === p.sideToMove && p.forcedColour && tower.colour !== p.forcedColour) {
        state.events.push(`${capitalised(p.sideToMove)} must move the ${p.forcedColour} tower.`);
      }
    }
  }
  render();
}

function showSetupFor(game) {
  for (const fieldset of document.querySelectorAll("fieldset[data-for]")) {
    fieldset.hidden = fieldset.dataset.for !== game;
  }
  const kind = $("board-kind").value;
  $("arrangement").hidden = kind !== "arrangement" && kind !== "random";
  $("tiles").hidden = kind !== "tiles";
}

function buildTileChoosers() {
  const names = ["top-left", "top-right", "bottom-left", "bottom-right"];
  const option = (value, text, selected) => `<option value="${value}"${selected ? " selected" : ""}>${text}</option>`;
  $("tiles").innerHTML = names
    .map(
      (name, q) => `<div class="quarter">${name}
        <select id="tile-${q}" aria-label="${name} tile">${[1, 2, 3, 4].map((t) => option(t, `tile ${t}`, t === q + 1)).join("")}</select>
        <select id="side-${q}" aria-label="${name} side">${option("f", "front", true)}${option("b", "back")}</select>
        <select id="turn-${q}" aria-label="${name} turn">${[0, 1, 2, 3].map((r) => option(r, `${r * 90}°`, r === 0)).join("")}</select>
      </div>`,
    )
    .join("");
}

function wire() {
  $("board").addEventListener("click", (event) => {
    const cell = event.target.closest(".square");
    if (cell) clickSquare(cell.dataset.square);
  });
  for (const id of ["camps-top", "camps-bottom"]) {
    $(id).addEventListener("click", (event) => {
      const camp = event.target.closest(".camp");
      if (camp) clickSquare(camp.dataset.camp);
    });
  }
  $("new-game").addEventListener("click", newGame);
  $("undo").addEventListener("click", undo);
  $("solve").addEventListener("click", solve);
  $("pass").addEventListener("click", () => {
    const moves = current().legalMoves();
    if (moves.length === 1) playMove(moves[0], "human");
  });
  $("edge-a").addEventListener("click", () => chooseEdge("a"));
  $("edge-h").addEventListener("click", () => chooseEdge("h"));
  $("flip").addEventListener("change", () => {
    state.flip = $("flip").checked;
    render();
  });
  for (const input of document.querySelectorAll('input[name="game"]')) {
    input.addEventListener("change", () => showSetupFor(input.value));
  }
  $("board-kind").addEventListener("change", () => showSetupFor(document.querySelector('input[name="game"]:checked').value));
  for (const id of ["black-player", "white-player", "think"]) {
    $(id).addEventListener("change", () => {
      readSetup();
      changed();
    });
  }
  $("notation").addEventListener("input", () => {
    state.notationDirty = true;
  });
  $("load").addEventListener("click", () => loadPosition($("notation").value));
  $("copy").addEventListener("click", async () => {
    const text = current().toString();
    try {
      await navigator.clipboard.writeText(text);
    } catch {
      $("notation").value = text;
      $("notation").select();
      document.execCommand("copy");
    }
    state.events = ["Position copied."];
    render();
  });
  window.addEventListener("hashchange", () => {
    const params = new URLSearchParams(location.hash.slice(1));
    if (params.get("position") && params.get("position") !== current().toString()) readAddress();
  });
}

buildTileChoosers();
wire();
startEngine();
readSetup();
const linked = new URLSearchParams(location.hash.slice(1)).get("position");
if (!(linked && readAddress())) {
  const error = linked ? $("notation-error").textContent : "";
  newGame();
  if (error) {
    $("notation-error").textContent = `The position in the link was not loaded. ${error}`;
    $("notation-error").hidden = false;
  }
}
document.body.dataset.ready = "true";

// The page: one game at a time, its state kept as a setup and the list of
// what was played (game.js), drawn by the board view (board.js), played by
// people (clicks and keys) and by the engine in its worker (engine.js),
// with levels, clocks, replay, records, and the game kept in the address
// and in the browser (store.js). Every rule comes from the engine; this
// file only decides whose turn it is to be asked.
import { KamisadoPosition, KamisadoSetupChart, KatarengaBoard, KatarengaPosition } from "../pkg/rules.js";
import { BoardView, movesBetween, occupants } from "./board.js";
import { Clocks, parseControl } from "./clock.js";
import { Engine } from "./engine.js";
import { buildForm, previewBoard, readClocks, readPlayers, readSetup, renderSetupVisibility, wireForm, writeForm } from "./form.js";
import {
  FAMILY,
  ORIENTATIONS,
  actorOf,
  boardOf,
  capitalised,
  familySpec,
  familyOptions,
  gameName,
  isFamily,
  kamisadoSpec,
  katarengaSpec,
  moveSquares,
  opponent,
  orientationOf,
  phaseOf,
  positionOf,
  replay,
  winnerOf,
} from "./game.js";
import { hasSolver } from "./levels.js";
import { Lobby, describeClock, playerPageOf } from "./lobby.js";
import { Online, archivedOf, endingOf, fromServer, linkFor, setupOf, toServer, tokenOf } from "./online.js";
import { counted, formatCount, renderControls, renderMoves, renderSeats, renderStatus } from "./panels.js";
import * as sound from "./sound.js";
import {
  actor,
  flipped,
  humanToAct,
  humans,
  isComputer,
  levelOf,
  live,
  over,
  playerOf,
  saved,
  setActions,
  state,
} from "./state.js";
import * as store from "./store.js";

const $ = (id) => document.getElementById(id);
/** The Kamisado board's colours on each layout (a1 first). */
const KAMISADO_COLOURS = new Map();
function kamisadoColours(layout) {
  if (!KAMISADO_COLOURS.has(layout)) KAMISADO_COLOURS.set(layout, KamisadoPosition.squareColours(layout));
  return KAMISADO_COLOURS.get(layout);
}
const MARKS = { kamisado: KamisadoPosition.colourMarks(), katarenga: KatarengaBoard.colourMarks() };
// The family's board is Katarenga's.
for (const kind of Object.keys(FAMILY)) MARKS[kind] = MARKS.katarenga;
const SOLVE_MILLISECONDS = 30000;


const engine = new Engine((message) => showError("status", message));
const view = new BoardView({
  board: $("board"),
  campsTop: $("camps-top"),
  campsBottom: $("camps-bottom"),
  act: (square) => clickSquare(square),
  cancel: () => {
    state.selected = null;
    render();
  },
});

// ------------------------------------------------------------------ state





function keep() {
  // An online game is the server's: its link is the seat's, nothing kept here.
  if (online.active) return;
  const s = saved();
  store.save(s);
  history.replaceState(null, "", store.toAddress(s));
  $("share").href = location.href;
}

/** After any change: the clocks, the storage, the drawing, and the computer's turn. */
function changed() {
  runClocks();
  keep();
  render();
  schedule();
}

// ---------------------------------------------------------------- actions

/** Plays `action` (a move or an edge) for whoever acts; false if refused. */
function act(action, by) {
  const side = actor();
  if (side === undefined || over()) return false;
  if (online.active) return actOnline(side, action);
  let game;
  try {
    game = replay(state.setup, [...state.actions, action]);
  } catch (e) {
    showError("status", e.message.replace(/^action \d+ \([^)]*\): /, ""));
    return false;
  }
  state.game = game;
  state.actions = [...state.actions, action];
  state.selected = null;
  state.solution = null;
  state.message = "";
  $("notation-error").hidden = true;
  // A set-up match's draw is the loser's, who then opens on its own clock.
  if (by !== "draw") state.clocks.moved(side);
  const step = game.steps.at(-1);
  if (state.sound) sound.play(over() ? "end" : step.moveKind === "push" || /takes/.test(step.note ?? "") ? "strong" : "move");
  if (by === "human" && state.watch.paused === false && humans().length === 0) state.watch.paused = true;
  changed();
  return true;
}

function undo() {
  if (state.actions.length === 0 || online.active) return;
  engine.cancel();
  state.thinking = false;
  const actions = state.actions.slice();
  let ending = null;
  if (state.ending) {
    // Taking back a forfeit first: the game goes on where it stopped.
    ending = null;
  } else if (humans().length === 0) {
    // Computers on both sides: one action back, and the watching paused.
    actions.pop();
    state.watch.paused = true;
  } else {
    // Back to the last time a person was to act, before their action.
    do {
      actions.pop();
    } while (actions.length > 0 && isComputer(actorOf(replay(state.setup, actions))));
  }
  state.view = null;
  setActions(actions, ending);
  // The computer's note was of the move taken back.
  state.engineNote = "";
  state.message = state.watch.paused && humans().length === 0 ? "Move taken back; the computers are paused (Play goes on)." : "Move taken back.";
  changed();
}

function resign() {
  if (online.active) {
    if (online.role === "spectator" || over()) return;
    online.act("resign");
    return;
  }
  const who = humans().find((s) => s === actor()) ?? humans()[0];
  if (!who || over()) return;
  engine.cancel();
  state.thinking = false;
  state.ending = { winner: opponent(who), termination: "resignation", reason: "resigned" };
  changed();
}

/** A new game of `setup` (players and clocks as the form says). */
function startGame(setup, message = "") {
  leaveOnline();
  engine.cancel();
  state.thinking = false;
  state.setup = setup;
  state.view = null;
  state.clocks = new Clocks(state.clockControls);
  setActions([]);
  state.watch.paused = false;
  state.message = message;
  engine.ask({ task: "newGame", kind: setup.kind }).catch(() => {});
  for (const id of ["notation-error", "setup-error", "record-error", "solve-result"]) $(id).hidden = true;
  changed();
}

function rematch() {
  if (online.active) {
    if (online.role !== "spectator" && online.rematch()) state.message = "Rematch offered: it begins when your opponent offers one too.";
    render();
    return;
  }
  const { black, white } = state.players;
  state.players = { black: white, white: black };
  const controls = state.clockControls;
  state.clockControls = { black: controls.white, white: controls.black };
  writeForm();
  const s = state.setup;
  if (s.kind === "katarenga" && !s.start && !s.rematch) {
    // The rules' rematch: the same start (the board as Black chose it), the
    // sides exchanged; the points of both games are added.
    const winner = winnerOf(state.game, state.ending);
    const orientation = orientationOf(state.game) ?? "bottom";
    const firstWon = winner === undefined ? null : winner === "black" ? "first" : "second";
    const setup = { ...s, orientation, rematch: { firstWon, chose: s.orientation === "choose" } };
    startGame(setup, `Rematch: the same start (Black at the ${orientation} edge), the sides exchanged; the points of both games are added.`);
    return;
  }
  // After a rematch, a new match: Black chooses again if it chose before.
  const { rematch: previous, ...fresh } = s;
  if (previous?.chose) fresh.orientation = "choose";
  startGame(fresh, "Rematch: the sides swapped.");
}

// ---------------------------------------------------------------- online

/** The links of the games this browser created, by the creator's token: shown again after a reload. */
const LINKS = "kamisado-katarenga/online-links";
const online = new Online({ onMessage: (m) => fromOnline(m), onLink: (up, why) => linkChanged(up, why) });
online.role = null;
online.snapshot = null;

function knownLinks() {
  try {
    return JSON.parse(localStorage.getItem(LINKS) ?? "{}");
  } catch {
    return {};
  }
}

/** Plays the seat of `token` (or watches) in a game on this page's server. */
function joinOnline(token) {
  engine.cancel();
  state.thinking = false;
  state.view = null;
  online.role = null;
  online.snapshot = null;
  if (location.hash !== `#online=${token}`) history.replaceState(null, "", `#online=${token}`);
  $("share").href = location.href;
  state.message = "Connecting to the server…";
  // Until the server's state comes, the board is the page's own game's.
  if (!state.game) setActions([]);
  online.join(token);
  render();
}

function leaveOnline() {
  if (!online.active && $("online").hidden) return;
  online.leave();
  online.role = null;
  online.snapshot = null;
  state.players = { black: { type: "human" }, white: { type: "human" } };
  readPlayers();
  state.clocks = new Clocks(state.clockControls);
}

/** The server's word: the game as it stands, an offer, a refusal, or this seat's link to the rematch. */
function fromOnline(message) {
  if (message.type === "error") {
    state.message = `The server refused: ${message.message}`;
    render();
    return;
  }
  if (message.type === "rematch") {
    joinOnline(message.token);
    state.message = "The rematch: the colours exchanged.";
    return;
  }
  if (message.type === "welcome") online.role = message.role;
  const s = message.state;
  if (!s) return;
  const before = online.snapshot;
  online.snapshot = s;
  const choosing = s.phase === "choose_orientation" || /^orientation /.test(s.actions[0]?.[1] ?? "");
  const setup = setupOf(s.spec, choosing);
  if (JSON.stringify(setup) !== JSON.stringify(state.setup)) state.setup = setup;
  const mine = online.role === "spectator" ? null : online.role;
  for (const side of ["black", "white"]) {
    const seat = s.presence[side];
    const label = side === mine ? "you" : seat.connected ? "online" : s.started || seat.away_ms !== undefined ? "away" : "not here yet";
    state.players[side] = side === mine ? { type: "human" } : { type: "online", label };
  }
  const ending = endingOf(s.result, s.termination);
  const actions = fromServer(s.actions);
  const moved = !before || before.n !== s.n;
  try {
    if (moved || actions.length !== state.actions.length || !state.game) setActions(actions, ending);
  } catch (e) {
    state.message = `The server's game does not replay here: ${e.message}`;
  }
  const clocks = new Clocks(null);
  if (s.clocks) {
    clocks.left = { black: s.clocks[0], white: s.clocks[1] };
    if (s.running) clocks.start(s.running);
  }
  state.clocks = clocks;
  state.view = null;
  const events = message.type === "welcome" ? message.events : message.event ? [message.event] : [];
  const resumed = events.findLast((e) => e.kind === "resume");
  if (resumed) state.message = `The server was restarted: the clocks stood still for ${(resumed.paused_ms / 1000).toFixed(1)} s.`;
  else if (message.type === "welcome") state.message = "";
  else if (message.type === "event" && message.event.kind === "act" && state.message.startsWith("The server refused")) state.message = "";
  if (message.type === "event" && state.sound) sound.play(over() ? "end" : "move");
  render();
}

function linkChanged(up, why) {
  if (why) state.message = why;
  render();
}

/** Sends `action` for this seat (checked here first, so that a slip is explained at once). */
function actOnline(side, action) {
  if (side !== online.role) return false;
  try {
    replay(state.setup, [...state.actions, action]);
  } catch (e) {
    showError("status", e.message.replace(/^action \d+ \([^)]*\): /, ""));
    return false;
  }
  if (!online.act(toServer(action))) {
    showError("status", "Not connected to the server: the move was not sent. It reconnects by itself.");
    return false;
  }
  state.selected = null;
  state.message = "";
  render();
  return true;
}

/** The game the form describes as the server takes it: its spec's text, the clock (Black's), the orientation choice. */
function onlineGame() {
  readPlayers();
  readClocks();
  const { setup } = readSetup();
  let spec;
  let choose = false;
  if (setup.kind === "kamisado") {
    if (setup.refill === "setups") throw new Error("a match refilled from set-up charts is not played online (the server holds no charts)");
    spec = kamisadoSpec(setup).toString();
  } else if (setup.kind === "katarenga") {
    choose = setup.orientation === "choose";
    spec = katarengaSpec(setup, boardOf(setup), choose ? "bottom" : (setup.orientation ?? "bottom")).toString();
  } else {
    spec = familySpec(setup).toString();
  }
  if (setup.start) throw new Error("a game from a pasted position is not played online: start it from the form");
  const control = parseControl(state.clockControls.black ?? state.clockControls.white);
  const clock = control ? { type: "live", initial_ms: control.base, increment_ms: control.increment } : { type: "untimed" };
  return { spec, clock, choose };
}

/** Creates a game on the server as the form says; the creator plays Black (a logged-in creator's seat is bound to the account). */
async function createOnline() {
  $("setup-error").hidden = true;
  try {
    const { spec, clock, choose } = onlineGame();
    const rated = lobby.me ? { rated: $("rated").checked } : {};
    const game = await Online.create(spec, clock, choose, rated, lobby.headers());
    const links = knownLinks();
    links[game.black] = { opponent: linkFor(game.white), watch: linkFor(game.spectator) };
    try {
      localStorage.setItem(LINKS, JSON.stringify(links));
    } catch {
      // Storage refused: the links are shown now, not after a reload.
    }
    joinOnline(game.black);
  } catch (e) {
    $("setup-error").textContent = `No online game: ${e.message}`;
    $("setup-error").hidden = false;
  }
}

// ---------------------------------------------------------------- players

const lobby = new Lobby();
/** The seek or challenge this page waits on: its id and the poll's timer. */
let pending = null;

function lobbyError(e) {
  $("lobby-error").textContent = e ? e.message : "";
  $("lobby-error").hidden = !e;
}

function renderLobby() {
  $("lobby").hidden = !lobby.available;
  $("login-form").hidden = Boolean(lobby.me);
  $("me").hidden = !lobby.me;
  $("offers").hidden = !lobby.me;
  if (lobby.me) {
    $("me-name").textContent = lobby.me.name;
    $("me-name").href = `#player=${lobby.me.name}`;
  }
  $("offer-cancel").hidden = !pending;
}

function button(text, onClick) {
  const b = document.createElement("button");
  b.type = "button";
  b.textContent = text;
  b.addEventListener("click", onClick);
  return b;
}

/** An offer as a line: who, what, which clock. */
function describeOffer(offer) {
  return `${offer.from}: ${offer.spec}, ${describeClock(offer.clock)}${offer.rated ? ", rated" : ""} `;
}

/**
 * The open seeks, each with a button to take it (or, for one's own, to
 * cancel it: a page reloaded while its seek waits takes the wait up again),
 * and the challenges received, to accept or decline.
 */
async function refreshSeeks() {
  if (!lobby.available) return;
  let seeks;
  let received = [];
  try {
    seeks = await lobby.seeks();
    if (lobby.me) received = (await lobby.mine()).filter((c) => c.to === lobby.me.name);
  } catch {
    return;
  }
  const items = seeks.map((seek) => {
    const item = document.createElement("li");
    item.dataset.seek = seek.id;
    item.append(describeOffer(seek));
    const mine = seek.from === lobby.me?.name;
    if (mine) {
      item.append(button("Cancel", () => cancelOffer(seek.id)));
      if (!pending) waitFor(seek);
    } else {
      const take = button("Play", () => takeSeek(seek.id));
      take.disabled = !lobby.me;
      item.append(take);
    }
    return item;
  });
  if (items.length === 0) {
    const none = document.createElement("li");
    none.textContent = "None open: seek a game, and it shows here for everyone.";
    items.push(none);
  }
  $("seeks").replaceChildren(...items);
  $("incoming").hidden = received.length === 0;
  $("challenges").replaceChildren(
    ...received.map((challenge) => {
      const item = document.createElement("li");
      item.dataset.challenge = challenge.id;
      item.append(describeOffer(challenge), button("Accept", () => takeSeek(challenge.id)), " ", button("Decline", () => declineChallenge(challenge.id)));
      return item;
    }),
  );
}

async function declineChallenge(id) {
  lobbyError(null);
  try {
    await lobby.decline(id);
  } catch (e) {
    lobbyError(e);
  }
  refreshSeeks();
}

async function takeSeek(id) {
  lobbyError(null);
  try {
    const taken = await lobby.accept(id);
    joinOnline(taken.token);
  } catch (e) {
    lobbyError(e);
  }
  refreshSeeks();
}

/** Offers the form's game to `to`, or as a seek to anyone; then waits for it to be taken. */
async function offer(to) {
  lobbyError(null);
  try {
    const { spec, clock, choose } = onlineGame();
    const made = await lobby.offer({ ...(to ? { to } : {}), spec, clock, choose_orientation: choose, rated: $("rated").checked });
    waitFor(made);
  } catch (e) {
    lobbyError(e);
  }
}

function stopWaiting() {
  if (pending) clearInterval(pending.timer);
  pending = null;
}

/** Polls an offer until it is taken (then plays the seat it gives) or refused. */
function waitFor(made) {
  stopWaiting();
  const what = made.to ? `Challenge sent to ${made.to}` : "Seek posted";
  $("offer-status").textContent = `${what}: waiting for ${made.to ? "an answer" : "someone to take it"}…`;
  const poll = async () => {
    let seen;
    try {
      seen = await lobby.challenge(made.id);
    } catch {
      return;
    }
    if (pending?.id !== made.id || seen.challenge.status === "open") return;
    stopWaiting();
    $("offer-status").textContent = seen.token ? "" : `${what}: ${seen.challenge.status}.`;
    if (seen.token) joinOnline(seen.token);
    renderLobby();
  };
  pending = { id: made.id, timer: setInterval(poll, 1000) };
  renderLobby();
  refreshSeeks();
}

async function cancelOffer(which) {
  const id = typeof which === "string" ? which : pending?.id;
  if (!id) return;
  if (pending?.id === id) stopWaiting();
  try {
    await lobby.cancel(id);
    $("offer-status").textContent = "Cancelled.";
  } catch (e) {
    lobbyError(e);
  }
  renderLobby();
  refreshSeeks();
}

async function signIn(how) {
  lobbyError(null);
  const name = $("login-name").value.trim();
  const password = $("login-password").value;
  try {
    await (how === "register" ? lobby.register(name, password) : lobby.login(name, password));
    $("login-password").value = "";
  } catch (e) {
    lobbyError(e);
  }
  renderLobby();
  refreshSeeks();
}

async function signOut() {
  lobbyError(null);
  stopWaiting();
  try {
    await lobby.logout();
  } catch (e) {
    lobbyError(e);
  }
  renderLobby();
  refreshSeeks();
}

function cell(text) {
  const td = document.createElement("td");
  td.textContent = text;
  return td;
}

function gameLink(id, text) {
  const a = document.createElement("a");
  a.href = `#archive=${id}`;
  a.textContent = text;
  return a;
}

/** A player's page (`#player=<name>`): ratings by game, each one's history, the last games. */
async function showPlayer(name) {
  $("player-view").hidden = false;
  $("player-title").textContent = name;
  lobbyError(null);
  try {
    const page = await lobby.player(name);
    $("player-title").textContent = page.bot ? `${page.name} (a bot)` : page.name;
    const rows = Object.entries(page.ratings).map(([kind, r]) => {
      const row = document.createElement("tr");
      row.append(cell(kind), cell(`${r.rating}${r.provisional ? "?" : ""} ± ${r.deviation}`), cell(String(r.games)));
      return row;
    });
    if (rows.length === 0) {
      const row = document.createElement("tr");
      const td = cell("No rated game yet.");
      td.colSpan = 3;
      row.append(td);
      rows.push(row);
    }
    $("player-ratings").tBodies[0].replaceChildren(...rows);
    const history = Object.entries(page.history).flatMap(([kind, points]) =>
      points.map((p) => {
        const item = document.createElement("li");
        item.append(`${kind}: ${p.rating} ± ${p.deviation} after `, gameLink(p.game, new Date(p.at_ms).toISOString().slice(0, 10)));
        return item;
      }),
    );
    $("player-history").replaceChildren(...history);
    const games = page.games.map((g) => {
      const item = document.createElement("li");
      item.append(gameLink(g.game, `${g.black ?? "?"} – ${g.white ?? "?"}`), `, ${g.spec}: ${g.result === "*" ? "unfinished" : g.result === "draw" ? "draw" : `${g.result} won`}${g.rated ? ", rated" : ""}`);
      return item;
    });
    $("player-games").replaceChildren(...games);
  } catch (e) {
    lobbyError(e);
  }
}

function wireLobby() {
  $("login-form").addEventListener("submit", (e) => {
    e.preventDefault();
    signIn("login");
  });
  $("register").addEventListener("click", () => {
    if ($("login-form").reportValidity()) signIn("register");
  });
  $("logout").addEventListener("click", signOut);
  $("seek").addEventListener("click", () => offer(null));
  $("challenge").addEventListener("click", () => {
    const to = $("challenge-name").value.trim();
    if (to) offer(to);
  });
  $("offer-cancel").addEventListener("click", () => cancelOffer());
  // Read now: the page's game takes the address over as it starts.
  const asked = playerPageOf(location.hash);
  lobby.refresh().then(() => {
    renderLobby();
    refreshSeeks();
    if (asked && lobby.available) showPlayer(asked);
  });
  setInterval(refreshSeeks, 5000);
}

/** The online panel: who this page plays, the links to send, the connection and the opponent's. */
function renderOnline() {
  const panel = $("online");
  panel.hidden = !online.active && !online.snapshot;
  document.body.dataset.online = online.active ? (online.connected ? "connected" : "reconnecting") : "";
  document.body.dataset.role = online.role ?? "";
  if (panel.hidden) return;
  const role = online.role;
  $("online-role").textContent = !role ? "" : role === "spectator" ? "You are watching this game." : `You play ${capitalised(role)}.`;
  $("online-link").textContent = !online.active ? "" : online.connected ? "Connected to the server." : "Connection lost: reconnecting…";
  const links = knownLinks()[online.token];
  $("online-links").hidden = !links;
  if (links) {
    $("online-opponent").value = links.opponent;
    $("online-watch").value = links.watch;
    $("online-other-side").textContent = "White";
  }
  const s = online.snapshot;
  let presence = "";
  let claimable = false;
  if (s && role) {
    const others = role === "spectator" ? ["black", "white"] : [opponent(role)];
    presence = others
      .map((side) => {
        const seat = s.presence[side];
        if (seat.connected) return `${capitalised(side)} is here.`;
        if (!s.started) return `${capitalised(side)} has not opened the link yet.`;
        const away = Math.round((seat.away_ms ?? 0) / 1000);
        return `${capitalised(side)} is away${seat.away_ms !== undefined ? ` (${away} s)` : ""}.`;
      })
      .join(" ");
    claimable = role !== "spectator" && s.presence[opponent(role)].claimable && !over();
    const offers = ["black", "white"].filter((side) => s.rematch?.[side]);
    if (over() && offers.length > 0 && !s.rematch.game) presence += ` ${offers.map(capitalised).join(" and ")} offered a rematch.`;
  }
  $("online-presence").textContent = presence;
  $("claim").hidden = !claimable;
}

// ------------------------------------------------------------- computer

/** Asks the engine for the computer's action when it is its turn. */
function schedule() {
  clearTimeout(schedule.timer);
  if (live() && !over() && state.game.match?.state === "drawSetups") {
    drawSetups();
    return;
  }
  // Nothing to choose (the restart: every round from the start layout).
  if (live() && !over() && state.game.match?.state === "chooseEdge" && !state.game.match.edgeMatters) {
    act("a", "auto");
    return;
  }
  const who = actor();
  if (!live() || !isComputer(who) || state.thinking || state.solving || over()) return;
  const watching = humans().length === 0;
  if (watching && state.watch.paused && !state.watch.step) return;
  const delay = watching && !state.watch.step ? state.watch.delay : 0;
  state.watch.step = false;
  schedule.timer = setTimeout(() => computerTurn(who), delay);
}

/** A set-up match between rounds: the loser draws two set-ups from the game's chart (a person or the computer alike: it is a draw). */
function drawSetups() {
  const drawer = state.game.match.drawer;
  if (!state.setup.chart) return;
  const chart = new KamisadoSetupChart(state.setup.chart);
  const { low, high } = chart.draw(Math.floor(Math.random() * 2 ** 52));
  if (act(chart.start(low, high, drawer).toString(), "draw")) {
    state.message = `${capitalised(drawer)} draws set-ups ${low} and ${high}: ${drawer} plays ${low} and moves first, ${opponent(drawer)} plays ${high}.`;
    render();
  }
}

async function computerTurn(who) {
  if (actor() !== who || !isComputer(who) || state.thinking || !live()) return;
  const setup = state.setup;
  const actions = state.actions.slice();
  const chosen = levelOf(who);
  const budget = { ...chosen.budget };
  const clockBudget = state.clocks.budget(who);
  if (clockBudget !== null) budget.milliseconds = clockBudget;
  state.thinking = true;
  render();
  try {
    const game = state.game;
    let action;
    if (phaseOf(game) === "chooseOrientation") {
      const choice = await engine.ask({ task: "orientation", board: setup.board, rules: setup.rules, budget });
      action = choice.orientation;
      state.engineNote = `Black (${chosen.name}) searched the four starts and sits at the ${action} edge.`;
    } else if (game.match && game.match.state === "chooseEdge") {
      const starts = { a: game.match.nextRoundStart("a").toString(), h: game.match.nextRoundStart("h").toString() };
      const { rules, layout } = game.match.position;
      ({ edge: action } = await engine.ask({ task: "edge", starts, rules, layout, budget }));
    } else {
      let solve = chosen.solve;
      if (solve && clockBudget !== null) solve = { ...solve, milliseconds: Math.min(solve.milliseconds, clockBudget / 2) };
      const position = positionOf(game);
      const [rules, layout] = setup.kind === "kamisado" ? [position.rules, position.layout] : [];
      // The family's options are not in the notation: they travel beside it.
      const options = isFamily(setup.kind) ? familyOptions(setup) : undefined;
      // The solver only where the game has one (a level kept from a game that had).
      if (!hasSolver(setup.kind, options?.reading)) solve = undefined;
      const result = await engine.ask({ task: "move", kind: setup.kind, position: position.toString(), rules, layout, options, budget, solve });
      action = result.best;
      state.engineNote = result.proven
        ? `${capitalised(who)} (${chosen.name}) proved ${result.winner === who ? "a win" : "a loss"}${result.plies ? ` in ${counted(result.plies, "ply", "plies")}` : ""}.`
        : result.winner
          ? `${capitalised(who)} (${chosen.name}) sees ${result.winner === who ? "a win" : "a loss"} in ${counted(result.plies, "ply", "plies")}.`
          : `${capitalised(who)} (${chosen.name}) searched ${counted(result.depth, "ply", "plies")} deep, ${formatCount(result.nodes)} positions.`;
    }
    state.thinking = false;
    // The game may have changed while the engine thought (it is then cancelled, but be sure).
    if (state.setup !== setup || state.actions.join() !== actions.join() || !isComputer(who)) {
      render();
      schedule();
      return;
    }
    act(action, "computer");
  } catch (e) {
    state.thinking = false;
    if (!e.cancelled) showError("status", e.message);
    render();
  }
}

async function solve() {
  const kind = state.setup.kind;
  const options = isFamily(kind) ? familyOptions(state.setup) : undefined;
  if (!hasSolver(kind, options?.reading) || phaseOf(state.game) !== "inRound" || state.solving || !live()) return;
  state.solving = true;
  const position = positionOf(state.game).toString();
  $("solve-result").hidden = false;
  $("solve-result").textContent = kind === "kamisado" ? `Solving (at most ${SOLVE_MILLISECONDS / 1000} s)…` : "Solving…";
  render();
  try {
    const { rules, layout } = positionOf(state.game);
    const s = await engine.ask({ task: "solve", kind, position, rules, layout, options, milliseconds: SOLVE_MILLISECONDS });
    state.solving = false;
    if (positionOf(state.game).toString() !== position) return;
    state.solution = s;
    render();
    schedule();
  } catch (e) {
    state.solving = false;
    if (!e.cancelled) showError("status", e.message);
    render();
  }
}


// ---------------------------------------------------------------- clocks

/** Runs the clock of whoever acts (none while replaying or once over). */
function runClocks() {
  // An online game's clocks are the server's (set from its state).
  if (!state.clocks.on || online.active) return;
  const who = actor();
  if (over() || who === undefined) state.clocks.pause();
  else state.clocks.start(who);
}

function tick() {
  if (online.active) {
    renderOnline();
    if (state.clocks.on) renderSeats(state.shownGame ?? state.game);
    return;
  }
  if (!state.clocks.on) return;
  const fallen = state.clocks.fallen();
  if (fallen && !over()) {
    engine.cancel();
    state.thinking = false;
    state.ending = { winner: opponent(fallen), termination: "time forfeit", reason: "ran out of time" };
    state.clocks.pause();
    if (state.sound) sound.play("end");
    changed();
    return;
  }
  renderSeats(state.shownGame ?? state.game);
}

// ----------------------------------------------------------------- input

/**
 * The square whose destinations are shown: the piece chosen, or else in
 * Kamisado the tower that must move (there is no other to choose), unless
 * it is blocked.
 */
function choice(p) {
  if (state.selected) return state.selected;
  const forced = state.setup.kind === "kamisado" ? p.forcedSquare : undefined;
  return forced && p.destinations(forced).some((d) => d !== forced) ? forced : null;
}

function clickSquare(square) {
  if (!humanToAct() || phaseOf(state.game, state.ending) !== "inRound") return;
  const p = positionOf(state.game);
  if (state.setup.kind === "isolation") {
    // A placement: a pawn from the hand on a legitimate square; any other
    // square says why not.
    if (p.placements().includes(square)) {
      act(`@${square}`, "human");
      return;
    }
    state.message = p.pieceOn(square)
      ? `${square} is occupied.`
      : `A pawn on ${square} would be en prise (${p.reading} reading): choose a marked square.`;
    render();
    return;
  }
  const from = choice(p);
  if (from && p.destinations(from).includes(square)) {
    act(from + square, "human");
    return;
  }
  state.message = "";
  if (!/[09]$/.test(square) && p.destinations(square).length > 0) {
    state.selected = square === state.selected ? null : square;
  } else {
    state.selected = null;
    if (state.setup.kind === "kamisado" && !/[09]$/.test(square)) {
      const tower = p.towerOn(square);
      if (tower && tower.player === p.sideToMove && p.forcedColour && tower.colour !== p.forcedColour) {
        state.message = `${capitalised(p.sideToMove)} must move the ${p.forcedColour} tower (on ${p.forcedSquare}).`;
      }
    }
  }
  render();
}



/** A new game as the form says, or the form's error shown beside it. */
function newGameFromForm() {
  readPlayers();
  readClocks();
  $("setup-error").hidden = true;
  try {
    const { setup, message } = readSetup();
    startGame(setup, message);
    // The form may be below the board (a phone): the new game comes into view.
    if ($("play").getBoundingClientRect().top < 0) $("play").scrollIntoView({ block: "start" });
  } catch (e) {
    $("setup-error").textContent = e.message;
    $("setup-error").hidden = false;
  }
}

/**
 * Loads a position as a new game from it; an error says why not. A
 * family game's notation is Katarenga's without the camps, and says
 * neither the game nor its options: while one is played, a position is
 * first read as one of it, under its options.
 */
function loadPosition(text) {
  text = text.trim();
  const looksKatarenga = text.split(/\s+/).length >= 4 || /^[RYBG]{8}\//.test(text);
  const tries = looksKatarenga ? ["katarenga", "kamisado"] : ["kamisado", "katarenga"];
  const current = state.setup.kind;
  if (isFamily(current)) tries.unshift(current);
  let firstError = null;
  for (const kind of tries) {
    try {
      let setup;
      if (kind === "kamisado") {
        KamisadoPosition.parse(text);
        setup = { kind, target: 1, start: text };
      } else if (isFamily(kind)) {
        const options = familyOptions(state.setup);
        FAMILY[kind].Position.parse(text, options);
        setup = { kind, board: text.split(/\s+/)[0], start: text, note: "a pasted position", ...options };
      } else {
        const p = KatarengaPosition.parse(text);
        const pending = p.firstMovePending("black") || p.firstMovePending("white");
        setup = { kind, board: text.split(/\s+/)[0], rules: pending ? "no-first-capture" : "standard", start: text, note: "a pasted position" };
      }
      readPlayers();
      startGame(setup, "Position loaded.");
      return true;
    } catch (e) {
      firstError ??= `This is not a ${gameName(kind)} position: ${e.message}`;
    }
  }
  $("notation-error").textContent = firstError;
  $("notation-error").hidden = false;
  return false;
}

// --------------------------------------------------------------- records

function recordGame() {
  const today = new Date().toISOString().slice(0, 10).replaceAll("-", ".");
  const name = (side) => {
    const p = playerOf(side);
    return p.type === "computer" ? `kamisado-katarenga (${levelOf(side).name})` : "human";
  };
  const common = { event: "kamisado-katarenga web page", site: location.host || "?", date: today, black: name("black"), white: name("white") };
  if (state.ending) Object.assign(common, { termination: state.ending.termination, winner: state.ending.winner });
  const s = state.setup;
  if (s.kind === "kamisado") {
    // Left out, a reading or option is its default (the engine's).
    const options = { rules: s.rules, layout: s.layout, scoring: s.scoring, refill: s.refill };
    return { ...common, target: s.target, ...options, ...(s.start ? { start: s.start } : {}), actions: state.actions };
  }
  if (isFamily(s.kind)) {
    return { ...common, game: s.kind, options: familyOptions(s), board: s.board, ...(s.start ? { start: s.start } : {}), moves: state.actions };
  }
  const orientation = orientationOf(state.game);
  const set = orientation && orientation !== "bottom" || s.orientation === "choose" || s.rematch;
  const by = s.rematch ? (s.rematch.chose ? "white" : "given") : s.orientation === "choose" ? "black" : "given";
  const moves = s.orientation === "choose" ? state.actions.slice(1) : state.actions;
  return { ...common, board: s.board, rules: s.rules, ...(set && orientation ? { orientation, orientationBy: by } : {}), ...(s.start ? { start: s.start } : {}), moves };
}

async function downloadRecord() {
  try {
    const text = await engine.ask({ task: "writeRecord", kind: state.setup.kind, game: recordGame() });
    store.download(`${state.setup.kind}-${new Date().toISOString().slice(0, 10)}.txt`, text);
    state.message = "Record downloaded.";
    render();
  } catch (e) {
    if (!e.cancelled) showError("record-error", e.message);
  }
}

async function uploadRecord(file) {
  $("record-error").hidden = true;
  try {
    const text = await file.text();
    const { kind, games } = await engine.ask({ task: "readRecords", text });
    if (games.length === 0) throw new Error("the file holds no record");
    const g = games[0];
    const setup =
      kind === "kamisado"
        ? { kind, target: g.target, rules: g.rules, layout: g.layout, scoring: g.scoring, refill: g.refill, ...(g.start !== KamisadoPosition.start(g.rules, g.layout).toString() ? { start: g.start } : {}) }
        : isFamily(kind)
          ? { kind, board: g.board, ...g.options, ...(g.start ? { start: g.start } : {}), note: `the record's board (${g.board})` }
          : { kind, board: g.board, rules: g.rules, ...(g.orientation ? { orientation: g.orientation } : {}), ...(g.start ? { start: g.start } : {}), note: `the record's board (${g.board})` };
    const actions = kind === "kamisado" ? g.actions : g.moves;
    const forfeit = g.termination !== "normal" && g.termination !== "unfinished" && g.winner;
    const ending = forfeit ? { winner: g.winner, termination: g.termination, reason: `lost by ${g.termination}` } : null;
    engine.cancel();
    state.thinking = false;
    state.setup = setup;
    state.clocks = new Clocks(null);
    setActions(actions, ending);
    // Opened to be read: the replay at its start.
    state.view = 0;
    state.message = `Record opened: ${g.white} (White) against ${g.black} (Black)${games.length > 1 ? `, the first of ${games.length}` : ""}.`;
    changed();
  } catch (e) {
    if (!e.cancelled) showError("record-error", `This record was not opened: ${e.message}`);
  }
}

// ---------------------------------------------------------------- render

/** Shows the game after its first `count` actions (the game itself when all). */
function showCount(count) {
  const all = state.actions.length;
  const to = Math.max(0, Math.min(all, count));
  state.view = to === all ? null : to;
  changed();
}



function render() {
  const shownGame = live() ? state.game : replay(state.setup, state.actions.slice(0, state.view));
  const kind = state.setup.kind;
  const p = positionOf(shownGame);
  const phase = phaseOf(shownGame, live() ? state.ending : null);
  const who = actorOf(shownGame, live() ? state.ending : null);
  document.body.dataset.game = kind;
  document.body.dataset.state = phase;
  document.body.dataset.actor = who ?? "";
  document.body.dataset.thinking = String(state.thinking);
  document.body.dataset.viewing = String(!live());

  const mine = humanToAct() && phase === "inRound";
  const placing = kind === "isolation";
  const from = mine && !placing ? choice(p) : null;
  // Isolation's targets are the squares where a pawn may be placed.
  const targets = new Set(placing ? (mine ? p.placements() : []) : from ? p.destinations(from) : []);
  const movable = new Set(mine && !placing ? p.legalMoves().filter((m) => m !== "pass").map((m) => m.slice(0, 2)) : []);
  const { pieces, camps } = occupants(kind, p);
  const last = shownGame.steps.at(-1);
  const lastMove = last?.kind === "move" ? moveSquares(last.action) : null;
  const now = { kind, pieces, setupKey: JSON.stringify(state.setup) };
  const oneStep = state.shown && state.shown.setupKey === now.setupKey && state.shown.count + 1 === shownGame.actions.length;
  view.update({
    kind,
    flip: flipped(),
    colours: kind === "kamisado" ? kamisadoColours(p.layout) : p.board.colours(),
    placing,
    marks: state.marks ? MARKS[kind] : null,
    pieces,
    camps,
    selected: mine ? state.selected : null,
    targets,
    movable,
    forced: kind === "kamisado" && phase === "inRound" ? p.forcedSquare : undefined,
    last: lastMove,
    hint: state.solution?.best,
    animate: oneStep,
    moved: oneStep ? movesBetween(kind, state.shown, now, last?.kind === "move" ? last.action : null) : [],
  });
  state.shown = { ...now, count: shownGame.actions.length };
  state.shownGame = shownGame;

  renderStatus(shownGame, p, phase, who);
  renderSeats(shownGame);
  renderMoves(showCount);
  renderControls(shownGame, p, phase, who);
  renderSetupVisibility();
  if (online.active) {
    $("undo").hidden = true;
    $("solve").hidden = true;
    $("resign").disabled = online.role === "spectator" || phase === "over";
    $("rematch").hidden = online.role === "spectator";
  } else {
    $("undo").hidden = false;
    $("rematch").hidden = false;
  }
  renderOnline();
  const notation = $("notation");
  if (document.activeElement !== notation) notation.value = p.toString();
  const picture = $("picture");
  if (picture.dataset.url) URL.revokeObjectURL(picture.dataset.url);
  picture.dataset.url = URL.createObjectURL(new Blob([p.svg()], { type: "image/svg+xml" }));
  picture.href = picture.dataset.url;
}


function showError(where, message) {
  if (where === "status") {
    state.message = message;
    render();
    return;
  }
  $(where).textContent = message;
  $(where).hidden = false;
}





// ------------------------------------------------------------------ form






function wire() {
  $("new-game").addEventListener("click", () => {
    // A game under way is not thrown away without asking (Undo cannot
    // bring it back).
    const underway = state.actions.length > 0 && !over() && humans().length > 0;
    if (underway && !window.confirm("Start a new game? The game in progress will be lost.")) return;
    newGameFromForm();
  });
  $("banner-new").addEventListener("click", () => {
    $("setup").scrollIntoView({ block: "nearest" });
    $("new-game").focus();
  });
  $("rematch").addEventListener("click", rematch);
  $("undo").addEventListener("click", undo);
  $("resign").addEventListener("click", resign);
  $("solve").addEventListener("click", solve);
  $("pass").addEventListener("click", () => {
    const moves = positionOf(state.game).legalMoves();
    if (moves.length === 1) act(moves[0], "human");
  });
  for (const edge of ["a", "h"]) $(`edge-${edge}`).addEventListener("click", () => act(edge, "human"));
  for (const edge of ORIENTATIONS) $(`orient-${edge}`).addEventListener("click", () => act(edge, "human"));
  $("flip-board").addEventListener("click", () => {
    state.manualFlip = !state.manualFlip;
    keep();
    render();
  });
  wireForm();
  // The players take effect at once: a computer that was thinking for a
  // side now played by a person stops.
  for (const side of ["black", "white"]) {
    for (const id of [`${side}-type`, `${side}-level`]) {
      $(id).addEventListener("change", () => {
        readPlayers();
        if (state.thinking && !isComputer(actor())) {
          engine.cancel();
          state.thinking = false;
        }
        renderSetupVisibility();
        changed();
      });
    }
  }
  $("marks").addEventListener("change", () => {
    state.marks = $("marks").checked;
    keep();
    render();
  });
  $("sound").addEventListener("change", () => {
    state.sound = $("sound").checked;
    keep();
  });
  $("watch-toggle").addEventListener("click", () => {
    state.watch.paused = !state.watch.paused;
    changed();
  });
  $("watch-step").addEventListener("click", () => {
    state.watch.step = true;
    schedule();
  });
  $("watch-speed").addEventListener("change", () => {
    state.watch.delay = Number($("watch-speed").value);
    keep();
  });
  $("replay-first").addEventListener("click", () => showCount(0));
  $("replay-back").addEventListener("click", () => showCount((state.view ?? state.actions.length) - 1));
  $("replay-forward").addEventListener("click", () => showCount((state.view ?? state.actions.length) + 1));
  $("replay-last").addEventListener("click", () => showCount(state.actions.length));
  $("notation").addEventListener("input", () => ($("notation-error").hidden = true));
  $("load").addEventListener("click", () => loadPosition($("notation").value));
  $("copy").addEventListener("click", async () => {
    const text = positionOf(state.game).toString();
    try {
      await navigator.clipboard.writeText(text);
      state.message = "Position copied.";
    } catch {
      $("notation").value = text;
      $("notation").select();
      state.message = "Position selected: copy it with your keyboard.";
    }
    render();
  });
  $("download").addEventListener("click", downloadRecord);
  $("upload").addEventListener("change", () => {
    const file = $("upload").files[0];
    if (file) uploadRecord(file);
    $("upload").value = "";
  });
  $("online-create").addEventListener("click", createOnline);
  $("claim").addEventListener("click", () => online.claim());
  for (const id of ["online-opponent", "online-watch"]) $(id).addEventListener("focus", () => $(id).select());
  window.addEventListener("hashchange", () => {
    const token = tokenOf(location.hash);
    if (token) {
      if (token !== online.token) joinOnline(token);
      return;
    }
    const archived = archivedOf(location.hash);
    if (archived) {
      openArchived(archived);
      return;
    }
    const player = playerPageOf(location.hash);
    if (player) {
      showPlayer(player);
      return;
    }
    const linked = store.fromAddress(location.hash);
    if (linked && store.toAddress(saved()) !== location.hash) restore(linked, "Game from the link.");
  });
}

/** Shows a finished game of the server's archive (`#archive=<id>`), to step through its moves. */
async function openArchived(id) {
  leaveOnline();
  engine.cancel();
  state.thinking = false;
  state.view = null;
  state.message = "Reading the game from the archive…";
  // Until the server's game comes, the board is the page's own game's.
  if (!state.game) setActions([]);
  render();
  try {
    const answer = await fetch(`/api/archive/${id}`);
    const game = await answer.json();
    if (!answer.ok) throw new Error(game.message ?? `the server answered ${answer.status}`);
    const choosing = /^orientation /.test(game.actions[0]?.[1] ?? "");
    state.setup = setupOf(game.spec, choosing);
    state.players = { black: { type: "human" }, white: { type: "human" } };
    state.clockControls = { black: null, white: null };
    state.clocks = new Clocks(state.clockControls);
    setActions(fromServer(game.actions), endingOf(game.result, game.termination));
    const name = (side) => game[side] ?? "a player by link";
    state.message = `From the archive: ${name("black")} (Black) against ${name("white")} (White). Step through it with the moves' buttons.`;
  } catch (e) {
    state.message = `The archive's game ${id} could not be read: ${e.message}`;
  }
  render();
}

/** Takes up a kept or linked game; false (with the reason shown) if it does not replay. */
function restore(kept, message) {
  try {
    state.setup = kept.setup;
    for (const side of ["black", "white"]) if (kept.players?.[side]) state.players[side] = kept.players[side];
    state.clockControls = { black: kept.clocks?.black ?? null, white: kept.clocks?.white ?? null };
    state.clocks = new Clocks(state.clockControls, kept.left);
    if (kept.sound !== undefined) state.sound = kept.sound;
    if (kept.marks !== undefined) state.marks = kept.marks;
    if (kept.manualFlip !== undefined) state.manualFlip = kept.manualFlip;
    if (kept.delay !== undefined) state.watch.delay = kept.delay;
    // Computers paused stay paused through a reload.
    if (kept.paused !== undefined) state.watch.paused = kept.paused;
    setActions(kept.actions ?? [], kept.ending ?? null);
    state.view = null;
    state.message = message;
    writeForm();
    changed();
    return true;
  } catch (e) {
    $("notation-error").textContent = `The game in the link was not loaded: ${e.message}`;
    $("notation-error").hidden = false;
    return false;
  }
}

buildForm();
wire();
wireLobby();
const linked = store.fromAddress(location.hash);
const kept = store.load();
// A reload: the link is the kept game's own, and what was kept knows more
// (the time left on the clocks), so it wins, without a word.
const reloaded = linked && kept && store.toAddress(kept) === location.hash;
let started = false;
const onlineToken = tokenOf(location.hash);
const archivedId = archivedOf(location.hash);
if (onlineToken) {
  joinOnline(onlineToken);
  started = true;
} else if (archivedId) {
  openArchived(archivedId);
  started = true;
} else if (linked && !reloaded) started = restore(linked, "Game from the link.");
else if (kept) started = restore(kept, reloaded ? "" : "Your game, as you left it.");
// The clocks run between moves: what they show is kept when the page goes.
window.addEventListener("pagehide", keep);
if (!started) {
  const error = $("notation-error").hidden ? "" : $("notation-error").textContent;
  writeForm();
  newGameFromForm();
  if (error) {
    $("notation-error").textContent = error;
    $("notation-error").hidden = false;
  }
}
previewBoard();
setInterval(tick, 200);
document.body.dataset.ready = "true";

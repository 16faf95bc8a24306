// Online play through kk-server (docs/server.md): a game created on the
// server, one secret link per seat and one for spectators, the seat's token
// in the address's fragment (`#online=...`, never sent to a server by the
// browser). The server is the authority: an action is sent, never played
// here; the page shows what the server's events say, and a lost connection
// is taken up again from the last event seen.

import { FAMILY, ORIENTATIONS, isFamily } from "./game.js";

/** The address of the page for `token`. */
export const linkFor = (token) => `${location.origin}${location.pathname}#online=${token}`;

/** The token of an address `#online=...`, or null. */
export function tokenOf(hash) {
  const m = /^#online=([0-9a-f]{32})$/.exec(hash);
  return m ? m[1] : null;
}

/** The game id of an address `#archive=...` (a finished game of the server's archive), or null. */
export function archivedOf(hash) {
  const m = /^#archive=([0-9a-f]{16})$/.exec(hash);
  return m ? m[1] : null;
}

/** How a server's game ended when its moves do not say (a resignation, a flag, an abandonment), or null. */
export function endingOf(result, termination) {
  const reason = { resignation: "resigned", "time forfeit": "ran out of time", abandoned: "left the game" }[termination];
  return reason && result !== "*" ? { winner: result, termination, reason } : null;
}

/**
 * The page's setup (game.js) of a server's game: its spec's text
 * (`kamisado target=3 rules=...`, `katarenga board=...`, `congress
 * no-move=pass board=...`), and whether Black first chooses its edge.
 */
export function setupOf(spec, choosing) {
  const [kind, ...fields] = spec.trim().split(/\s+/);
  const values = Object.fromEntries(fields.map((f) => f.split("=", 2)));
  const board = (text) => (!text || text === "standard" ? "1f0 2f0 3f0 4f0" : text.replaceAll(",", " "));
  if (kind === "kamisado") {
    const setup = { kind, target: Number(values.target ?? 1) };
    for (const field of ["rules", "layout", "scoring", "refill"]) if (values[field]) setup[field] = values[field];
    return setup;
  }
  if (kind === "katarenga") {
    return { kind, board: board(values.board), rules: values.rules ?? "standard", orientation: choosing ? "choose" : "bottom" };
  }
  if (isFamily(kind)) {
    const setup = { kind, board: board(values.board) };
    for (const [field, word, choices] of FAMILY[kind].options) setup[field] = values[word] ?? choices[0];
    return setup;
  }
  throw new Error(`the server plays a game this page does not know: ${spec}`);
}

/** A page action (`d1d7`, an edge `a`, an orientation `left`) as the server reads it. */
export function toServer(action) {
  if (action === "a" || action === "h") return `edge ${action}`;
  if (ORIENTATIONS.includes(action)) return `orientation ${action}`;
  return action;
}

/** The server's actions as the page's, and the resignation apart. */
export function fromServer(actions) {
  const page = [];
  for (const [, text] of actions) {
    if (text === "resign") continue;
    page.push(text.replace(/^(edge|orientation) /, ""));
  }
  return page;
}

/**
 * A connection to one game on the server. `onMessage(message)` hears the
 * welcome, events, presence, offers, rematches and refusals as the server
 * sends them; `onLink(connected)` the connection's ups and downs.
 */
export class Online {
  constructor({ onMessage, onLink }) {
    this.onMessage = onMessage;
    this.onLink = onLink;
    this.token = null;
    this.socket = null;
    this.seen = 0;
    this.retry = null;
    this.connected = false;
  }

  get active() {
    return this.token !== null;
  }

  /** Creates a game on the server (`extra`: `rated` for a logged-in creator, whose `headers` carry the CSRF token): its id and the three tokens. */
  static async create(spec, clock, chooseOrientation, extra = {}, headers = { "Content-Type": "application/json" }) {
    const response = await fetch("api/games", {
      method: "POST",
      headers,
      body: JSON.stringify({ spec, clock, choose_orientation: chooseOrientation, ...extra }),
    });
    const body = await response.json().catch(() => ({}));
    if (!response.ok) throw new Error(body.message ?? `the server answered ${response.status}`);
    return body;
  }

  /** Joins the game of `token` (leaving any other). */
  join(token) {
    this.leave();
    this.token = token;
    this.seen = 0;
    this.connect();
  }

  connect() {
    if (!this.active) return;
    const url = new URL("api/ws", location.href);
    url.protocol = url.protocol === "https:" ? "wss:" : "ws:";
    const socket = new WebSocket(url);
    this.socket = socket;
    socket.addEventListener("open", () => {
      socket.send(JSON.stringify({ type: "hello", token: this.token, since: this.seen }));
    });
    socket.addEventListener("message", (e) => {
      let message;
      try {
        message = JSON.parse(e.data);
      } catch {
        return;
      }
      if (message.type === "welcome") {
        this.connected = true;
        this.onLink(true);
      }
      if (message.state) this.seen = Math.max(this.seen, message.state.n);
      this.onMessage(message);
    });
    socket.addEventListener("close", (e) => {
      if (this.socket !== socket) return;
      this.socket = null;
      this.connected = false;
      // An unknown token is not tried again; anything else is.
      if (e.code === 1008 && /unknown token/.test(e.reason)) {
        this.token = null;
        this.onLink(false, "This link opens no game on this server.");
        return;
      }
      this.onLink(false);
      this.retry = setTimeout(() => this.connect(), 1000);
    });
  }

  send(message) {
    if (this.socket?.readyState !== WebSocket.OPEN) return false;
    this.socket.send(JSON.stringify(message));
    return true;
  }

  act(action) {
    return this.send({ type: "act", action });
  }

  claim() {
    return this.send({ type: "claim" });
  }

  rematch() {
    return this.send({ type: "rematch" });
  }

  leave() {
    clearTimeout(this.retry);
    this.token = null;
    const socket = this.socket;
    this.socket = null;
    this.connected = false;
    socket?.close();
  }
}

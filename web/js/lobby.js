// The site around the games on kk-server (docs/server.md): an account and
// its session (the cookie is the browser's, HTTP-only; the CSRF token
// travels in a header with every request that changes something), seeks
// and challenges, and players' pages with their ratings' history.

/** `#player=<name>`'s name, or null. */
export function playerPageOf(hash) {
  const m = /^#player=([A-Za-z0-9_-]{2,20})$/.exec(hash);
  return m ? m[1] : null;
}

/** A time control as people say it: `5+2`, `untimed`, `3 days a move`. */
export function describeClock(clock) {
  if (!clock || clock.type === "untimed") return "untimed";
  if (clock.type === "correspondence") return `${clock.days} day${clock.days === 1 ? "" : "s"} a move`;
  const minutes = clock.initial_ms / 60000;
  return `${Number.isInteger(minutes) ? minutes : minutes.toFixed(1)}+${(clock.increment_ms ?? 0) / 1000}`;
}

async function answer(response) {
  const body = await response.json().catch(() => ({}));
  if (!response.ok) {
    const error = new Error(body.message ?? `the server answered ${response.status}`);
    error.kind = body.kind;
    error.status = response.status;
    throw error;
  }
  return body;
}

/** The account's side of the server. */
export class Lobby {
  constructor() {
    /** `{name, csrf}` while logged in. */
    this.me = null;
    /** Whether the page's server has accounts (a static server has none). */
    this.available = false;
  }

  /**
   * Asks who is logged in, and whether the page's server has accounts at
   * all: `site.json` is a static file saying there is no server, which
   * kk-server answers itself (so that no request of the page fails).
   */
  async refresh() {
    try {
      const site = await (await fetch("site.json", { cache: "no-store" })).json();
      this.available = site.server === "kk-server";
      this.me = site.me ?? null;
    } catch {
      this.me = null;
      this.available = false;
    }
    return this.me;
  }

  /** The headers of a request that changes something: the session's CSRF token. */
  headers() {
    const headers = { "Content-Type": "application/json" };
    if (this.me) headers["X-CSRF-Token"] = this.me.csrf;
    return headers;
  }

  async post(path, body) {
    return answer(await fetch(path, { method: "POST", headers: this.headers(), body: body === undefined ? undefined : JSON.stringify(body) }));
  }

  async register(name, password) {
    this.me = await this.post("api/account", { name, password });
    return this.me;
  }

  async login(name, password) {
    this.me = await this.post("api/login", { name, password });
    return this.me;
  }

  async logout() {
    const response = await fetch("api/logout", { method: "POST", headers: this.headers() });
    if (!response.ok && response.status !== 401) await answer(response);
    this.me = null;
  }

  /** The open seeks, the oldest first. */
  async seeks() {
    return answer(await fetch("api/seeks"));
  }

  /** Offers a game to `to`, or to anyone (a seek) without it. */
  async offer(game) {
    return this.post("api/challenges", game);
  }

  async accept(id) {
    return this.post(`api/challenges/${id}/accept`);
  }

  async cancel(id) {
    return this.post(`api/challenges/${id}/cancel`);
  }

  async decline(id) {
    return this.post(`api/challenges/${id}/decline`);
  }

  /** This account's open challenges, made and received. */
  async mine() {
    return answer(await fetch("api/challenges"));
  }

  /** A challenge, with this account's seat link once it is accepted. */
  async challenge(id) {
    return answer(await fetch(`api/challenges/${id}`));
  }

  /** A player's ratings and their history, and the player's last games. */
  async player(name) {
    const page = await answer(await fetch(`api/players/${encodeURIComponent(name)}`));
    page.games = await answer(await fetch(`api/archive?player=${encodeURIComponent(name)}&limit=10`));
    return page;
  }
}

// Keeping a game: the whole game (setup, actions, players, clocks, how it
// ended) in the page's address, so that a link shares it, and in the
// browser's storage, so that a reload keeps it.

import { FAMILY, isFamily } from "./game.js";

const KEY = "kamisado-katarenga/game";
/** Kamisado's reading and match options with their defaults: a link names the others only. */
const KAMISADO_DEFAULTS = [
  ["rules", "standard"],
  ["layout", "standard"],
  ["scoring", "rank"],
  ["refill", "nearest"],
];

/** The address (`#...`) of `saved` (what `save` keeps). */
export function toAddress(saved) {
  const { setup, actions, players, clocks, ending } = saved;
  const params = new URLSearchParams({ game: setup.kind });
  if (setup.kind === "kamisado") {
    params.set("target", String(setup.target));
    for (const [field, usual] of KAMISADO_DEFAULTS) {
      if (setup[field] && setup[field] !== usual) params.set(field, setup[field]);
    }
    if (setup.chart) params.set("chart", setup.chart);
  } else if (isFamily(setup.kind)) {
    // The board as laid, and the options other than their defaults.
    params.set("board", setup.board);
    for (const [field, word, values] of FAMILY[setup.kind].options) {
      if (setup[field] && setup[field] !== values[0]) params.set(word, setup[field]);
    }
    if (setup.note) params.set("note", setup.note);
  } else {
    params.set("board", setup.board);
    if (setup.rules !== "standard") params.set("rules", setup.rules);
    if (setup.note) params.set("note", setup.note);
    if (setup.orientation && setup.orientation !== "bottom") params.set("orientation", setup.orientation);
    if (setup.rematch) params.set("rematch", `${setup.rematch.firstWon ?? "none"},${setup.rematch.chose ? "chose" : "given"}`);
  }
  if (setup.start) params.set("start", setup.start);
  if (actions.length > 0) params.set("actions", actions.join(","));
  for (const side of ["black", "white"]) {
    const p = players[side];
    params.set(side, p.type === "computer" ? `computer.${p.level}` : "human");
  }
  if (clocks) params.set("clocks", `${clocks.black ?? "none"},${clocks.white ?? "none"}`);
  if (ending) params.set("ending", `${ending.winner},${ending.termination},${ending.reason}`);
  return `#${params}`;
}

/**
 * The game an address holds, or `null` if it holds none; also reads the
 * old links that held a position only (`#game=...&position=...`).
 */
export function fromAddress(hash) {
  const params = new URLSearchParams(hash.replace(/^#/, ""));
  const kind = params.get("game");
  if (kind !== "kamisado" && kind !== "katarenga" && !isFamily(kind)) return null;
  const start = params.get("start") ?? params.get("position") ?? undefined;
  const setup =
    kind === "kamisado"
      ? {
          kind,
          target: Number(params.get("target") ?? 1),
          ...Object.fromEntries(KAMISADO_DEFAULTS.map(([f, usual]) => [f, params.get(f) ?? usual])),
          ...(params.get("chart") ? { chart: params.get("chart") } : {}),
        }
      : {
          kind,
          board: params.get("board") ?? (start ? start.split(" ")[0] : "1f0 2f0 3f0 4f0"),
          rules: params.get("rules") ?? "standard",
          note: params.get("note") ?? undefined,
        };
  if (isFamily(kind)) {
    delete setup.rules;
    for (const [field, word, values] of FAMILY[kind].options) setup[field] = values.includes(params.get(word)) ? params.get(word) : values[0];
  }
  if (kind === "katarenga") {
    const orientation = params.get("orientation");
    if (["choose", "right", "top", "left"].includes(orientation)) setup.orientation = orientation;
    const rematch = params.get("rematch")?.split(",");
    if (rematch) setup.rematch = { firstWon: rematch[0] === "none" ? null : rematch[0], chose: rematch[1] === "chose" };
  }
  if (start) setup.start = start;
  const player = (text) => {
    if (!text) return undefined;
    const [type, level] = text.split(".");
    return type === "computer" ? { type, level: level ?? "hard" } : { type: "human" };
  };
  const clocks = params.get("clocks")?.split(",");
  const ending = params.get("ending")?.split(",");
  return {
    setup,
    actions: params.get("actions")?.split(",").filter(Boolean) ?? [],
    players: { black: player(params.get("black")), white: player(params.get("white")) },
    clocks: clocks ? { black: clocks[0] === "none" ? null : clocks[0], white: clocks[1] === "none" ? null : clocks[1] } : undefined,
    ending: ending ? { winner: ending[0], termination: ending[1], reason: ending.slice(2).join(",") } : undefined,
  };
}

/** Keeps `saved` (and the page's settings) for the next visit. */
export function save(saved) {
  try {
    localStorage.setItem(KEY, JSON.stringify(saved));
  } catch {
    // Storage refused (private browsing, full): the link still holds it.
  }
}

/** What `save` kept, or `null`. */
export function load() {
  try {
    const text = localStorage.getItem(KEY);
    return text ? JSON.parse(text) : null;
  } catch {
    return null;
  }
}

/** Offers `text` as a file named `name` to download. */
export function download(name, text, type = "text/plain") {
  const url = URL.createObjectURL(new Blob([text], { type }));
  const a = document.createElement("a");
  a.href = url;
  a.download = name;
  document.body.append(a);
  a.click();
  a.remove();
  setTimeout(() => URL.revokeObjectURL(url), 1000);
}

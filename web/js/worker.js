// The engine's Web Worker: the search, the solvers (Kamisado's, strict
// Isolation's) and the records
// run here, so that the page never freezes while the computer thinks. It
// loads the whole module; the page itself needs only the rules.
//
// Messages in:  { id, task, ... } (see `tasks`)
// Messages out: { id, ok: true, result } or { id, ok: false, error }
import {
  CongressPosition,
  CongressSearcher,
  IsolationPosition,
  IsolationSearcher,
  IsolationSolver,
  KamisadoPosition,
  KamisadoSearcher,
  KamisadoSolver,
  KatarengaBoard,
  KatarengaPosition,
  KatarengaSearcher,
  QuebecPosition,
  QuebecSearcher,
  readFamilyRecords,
  readKamisadoRecords,
  readKatarengaRecords,
  writeFamilyRecord,
  writeKamisadoRecord,
  writeKatarengaRecord,
} from "../pkg/index.js";

/** Each game's position class and searcher class. */
const GAMES = {
  kamisado: [KamisadoPosition, KamisadoSearcher],
  katarenga: [KatarengaPosition, KatarengaSearcher],
  congress: [CongressPosition, CongressSearcher],
  quebec: [QuebecPosition, QuebecSearcher],
  isolation: [IsolationPosition, IsolationSearcher],
};
// Each game's searcher, made when first asked for (each keeps a table).
const searchers = new Map();
let solver = null;
let isolationSolver = null;

function searcher(kind) {
  if (!Object.hasOwn(GAMES, kind)) throw new Error(`unknown game ${kind}`);
  if (!searchers.has(kind)) searchers.set(kind, new GAMES[kind][1](16));
  return searchers.get(kind);
}

/**
 * A position sent as text; a Kamisado one with the reading of the rules
 * and the layout the notation does not say, a family one with its options.
 */
function parse(kind, text, rules = "standard", layout = "standard", options = {}) {
  if (kind === "kamisado") return KamisadoPosition.parse(text).withRules(rules).withLayout(layout);
  if (!Object.hasOwn(GAMES, kind)) throw new Error(`unknown game ${kind}`);
  return kind === "katarenga" ? KatarengaPosition.parse(text) : GAMES[kind][0].parse(text, options);
}

const tasks = {
  /**
   * A move for `position` within `budget`; with `solve`, the game's
   * solver first: its move when it proves a win for the side to move. A
   * proven loss is searched like any position (the search's defence does
   * better against a player who may err than the proof's move), and said.
   */
  move({ kind, position, rules, layout, options, budget, solve }) {
    const p = parse(kind, position, rules, layout, options);
    // Strict Isolation is solved exactly, at once: a win's placement is
    // played; a lost position is searched like any other (the search's
    // defence gives a player who may err the most chances), and said.
    if (solve && kind === "isolation" && p.reading === "strict") {
      isolationSolver ??= new IsolationSolver();
      const s = isolationSolver.solve(p);
      if (s.winner === p.sideToMove && s.best) return { best: s.best, winner: s.winner, proven: true, nodes: s.nodes };
      return { ...searcher(kind).search(p, budget), winner: s.winner, plies: undefined, proven: true };
    }
    if (solve && kind === "kamisado") {
      solver ??= new KamisadoSolver(64);
      const s = solver.solve(p, solve);
      if (s.winner === p.sideToMove && s.best) {
        return { best: s.best, winner: s.winner, plies: s.plies, proven: true, nodes: s.nodes };
      }
      if (s.winner) return { ...searcher(kind).search(p, budget), winner: s.winner, plies: s.plies, proven: true };
    }
    return searcher(kind).search(p, budget);
  },

  // The round's winner refills from the edge whose start is worse for the
  // loser, who opens the next round: each start is searched with half the
  // budget, and the score is the loser's (the side to move there).
  edge({ starts, rules, layout, budget }) {
    const half = Object.fromEntries(
      Object.entries(budget).map(([k, v]) => [k, k === "depth" ? v : Math.max(1, Math.floor(v / 2))]),
    );
    const scores = {};
    for (const edge of ["a", "h"]) {
      const start = parse("kamisado", starts[edge], rules, layout);
      scores[edge] = searcher("kamisado").search(start, half).score;
    }
    return { edge: scores.a <= scores.h ? "a" : "h", scores };
  },

  // Black's choice of edge of the laid Katarenga board: each start searched
  // with a quarter of the budget's time, the one worst for White taken.
  orientation({ board, rules, budget }) {
    const tiles = board.trim().split(/\s+/);
    const laid = tiles.length === 4 ? KatarengaBoard.fromTiles(tiles) : new KatarengaBoard(board);
    return searcher("katarenga").bestOrientation(laid, { rules }, budget);
  },

  solve({ kind = "kamisado", position, rules, layout, options, milliseconds }) {
    if (kind === "isolation") {
      // Strict Isolation only (the page offers no other); exact and at once.
      isolationSolver ??= new IsolationSolver();
      return isolationSolver.solve(parse(kind, position, rules, layout, options));
    }
    solver ??= new KamisadoSolver(64);
    return solver.solve(parse("kamisado", position, rules, layout), { milliseconds });
  },

  newGame({ kind }) {
    searcher(kind).clear();
    // The Isolation solver's tables are of one board: a new game may have another.
    if (kind === "isolation") {
      isolationSolver?.free();
      isolationSolver = null;
    }
    return true;
  },

  writeRecord({ kind, game }) {
    if (kind === "kamisado") return writeKamisadoRecord(game);
    return kind === "katarenga" ? writeKatarengaRecord(game) : writeFamilyRecord(game);
  },

  /**
   * The records in `text`, by the first record's tags: Kamisado's (a Target
   * tag), the family's (a Game tag), else Katarenga's (a Board tag).
   */
  readRecords({ text }) {
    const head = text.trimStart().split(/\n\s*\n/, 1)[0];
    if (/^\[Target /m.test(head)) return { kind: "kamisado", games: readKamisadoRecords(text) };
    if (/^\[Game /m.test(head)) {
      const games = readFamilyRecords(text);
      return { kind: games[0]?.game ?? "congress", games };
    }
    if (/^\[Board /m.test(head)) return { kind: "katarenga", games: readKatarengaRecords(text) };
    throw new Error("not a game record: a Kamisado record has a Target tag, a Katarenga record a Board tag, Congress's, Quebec's and Isolation's a Game tag");
  },
};

self.onmessage = ({ data }) => {
  const { id, task } = data;
  try {
    const result = tasks[task](data);
    self.postMessage({ id, ok: true, result });
  } catch (e) {
    self.postMessage({ id, ok: false, error: e instanceof Error ? e.message : String(e) });
  }
};

self.postMessage({ ready: true });

// The engine's Web Worker: the search, the Kamisado solver and the records
// run here, so that the page never freezes while the computer thinks. It
// loads the whole module; the page itself needs only the rules.
//
// Messages in:  { id, task, ... } (see `tasks`)
// Messages out: { id, ok: true, result } or { id, ok: false, error }
import {
  KamisadoPosition,
  KamisadoSearcher,
  KamisadoSolver,
  KatarengaBoard,
  KatarengaPosition,
  KatarengaSearcher,
  readKamisadoRecords,
  readKatarengaRecords,
  writeKamisadoRecord,
  writeKatarengaRecord,
} from "../pkg/index.js";

let kamisadoSearcher = null;
let katarengaSearcher = null;
let solver = null;

function searcher(kind) {
  if (kind === "kamisado") {
    kamisadoSearcher ??= new KamisadoSearcher(16);
    return kamisadoSearcher;
  }
  katarengaSearcher ??= new KatarengaSearcher(16);
  return katarengaSearcher;
}

/** A position sent as text; a Kamisado one with the reading of the rules and the layout the notation does not say. */
function parse(kind, text, rules = "standard", layout = "standard") {
  return kind === "kamisado" ? KamisadoPosition.parse(text).withRules(rules).withLayout(layout) : KatarengaPosition.parse(text);
}

const tasks = {
  /**
   * A move for `position` within `budget`; with `solve`, the Kamisado
   * solver first: its move when it proves a win for the side to move. A
   * proven loss is searched like any position (the search's defence does
   * better against a player who may err than the proof's move), and said.
   */
  move({ kind, position, rules, layout, budget, solve }) {
    const p = parse(kind, position, rules, layout);
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

  solve({ position, rules, layout, milliseconds }) {
    solver ??= new KamisadoSolver(64);
    return solver.solve(parse("kamisado", position, rules, layout), { milliseconds });
  },

  newGame({ kind }) {
    searcher(kind).clear();
    return true;
  },

  writeRecord({ kind, game }) {
    return kind === "kamisado" ? writeKamisadoRecord(game) : writeKatarengaRecord(game);
  },

  /** The records in `text`: Kamisado's if it reads as such, else Katarenga's. */
  readRecords({ text }) {
    const first = text.match(/\[(Target|Board) /)?.[1];
    if (first === "Target") return { kind: "kamisado", games: readKamisadoRecords(text) };
    if (first === "Board") return { kind: "katarenga", games: readKatarengaRecords(text) };
    throw new Error("not a game record: a Kamisado record has a Target tag, a Katarenga record a Board tag");
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

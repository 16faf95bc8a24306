// The engine's Web Worker: the search and the Kamisado solver run here, so
// that the page never freezes while the computer thinks. It loads the whole
// module (rules, search, solver); the page itself needs only the rules.
//
// Messages in:  { id, task: "move", game, position, milliseconds }
//               { id, task: "edge", starts: { a, h }, milliseconds }
//               { id, task: "solve", position, milliseconds }
// Messages out: { id, ok: true, result } or { id, ok: false, error }
import {
  KamisadoPosition,
  KamisadoSearcher,
  KamisadoSolver,
  KatarengaPosition,
  KatarengaSearcher,
} from "./pkg/index.js";

let kamisadoSearcher = null;
let katarengaSearcher = null;
let solver = null;

function searcher(game) {
  if (game === "kamisado") {
    kamisadoSearcher ??= new KamisadoSearcher(16);
    return kamisadoSearcher;
  }
  katarengaSearcher ??= new KatarengaSearcher(16);
  return katarengaSearcher;
}

function parse(game, text) {
  return game === "kamisado" ? KamisadoPosition.parse(text) : KatarengaPosition.parse(text);
}

const tasks = {
  move({ game, position, milliseconds }) {
    return searcher(game).search(parse(game, position), { milliseconds });
  },

  // The round's winner refills from the edge whose start is worse for the
  // loser, who opens the next round: each start is searched for half the
  // time, and the score is the loser's (the side to move there).
  edge({ starts, milliseconds }) {
    const scores = {};
    for (const edge of ["a", "h"]) {
      const start = KamisadoPosition.parse(starts[edge]);
      searcher("kamisado").clear();
      scores[edge] = searcher("kamisado").search(start, { milliseconds: milliseconds / 2 }).score;
    }
    return { edge: scores.a <= scores.h ? "a" : "h", scores };
  },

  solve({ position, milliseconds }) {
    solver ??= new KamisadoSolver(64);
    return solver.solve(KamisadoPosition.parse(position), { milliseconds });
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

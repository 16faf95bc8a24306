// The search and the solver answer: legal moves and principal variations,
// budgets respected, proven results where a win is forced, and the solved
// start of Kamisado (Black wins in 17 plies, as the native solver proves
// with a certificate that an independent checker accepts).
import { test } from "node:test";
import assert from "node:assert/strict";
import { full } from "./helpers.mjs";

const { KamisadoPosition, KatarengaPosition, KatarengaBoard, KamisadoSearcher, KatarengaSearcher, KamisadoSolver } = full;

/** Plays `line` from `position` with the rules: every move must be legal. */
function replay(position, line) {
  let p = position;
  for (const move of line) p = p.play(move);
  return p;
}

test("a Kamisado search within a time budget gives a legal move and a legal line", () => {
  const searcher = new KamisadoSearcher();
  const start = KamisadoPosition.start();
  const r = searcher.search(start, { milliseconds: 300 });
  assert.ok(start.isLegal(r.best), r.best);
  assert.equal(r.pv[0], r.best);
  replay(start, r.pv);
  assert.ok(r.depth >= 4, `depth ${r.depth}`);
  assert.ok(r.nodes > 1000 && r.nodesPerSecond > 0);
  assert.ok(r.milliseconds >= 250 && r.milliseconds < 2000, `${r.milliseconds} ms`);
  assert.equal(r.stopped, true);
  assert.equal(r.winner, undefined);
  assert.equal(typeof r.score, "number");
  assert.ok(searcher.tableBytes >= 15 * 2 ** 20);
});

test("a depth budget is exact and repeatable; a node budget is kept", () => {
  const searcher = new KamisadoSearcher(4);
  const start = KamisadoPosition.start();
  searcher.clear();
  const a = searcher.search(start, { depth: 5 });
  searcher.clear();
  const b = searcher.search(start, { depth: 5 });
  assert.equal(a.depth, 5);
  assert.deepEqual([a.best, a.score, a.nodes, a.pv], [b.best, b.score, b.nodes, b.pv]);
  const limited = searcher.search(start, { nodes: 5000 });
  assert.ok(limited.nodes <= 6000, `${limited.nodes} nodes`);
  assert.ok(start.isLegal(limited.best));
});

test("a win in one is found and proven, for the right side", () => {
  // White's green tower on b3 reaches d1, on Black's home row.
  const p = new KamisadoPosition("obpkyr1n/3Y4/8/8/8/1g6/8/NGR1KPBO w g");
  const r = new KamisadoSearcher(1).search(p, { milliseconds: 500 });
  assert.equal(r.best, "b3d1");
  assert.equal(r.winner, "white");
  assert.equal(r.plies, 1);
  assert.ok(r.score > 0);
  assert.equal(p.play(r.best).outcome.winner, "white");
});

test("a finished round has no best move", () => {
  const over = new KamisadoPosition("obpkyr1n/3Y4/8/8/8/8/8/NGRgKPBO b y");
  const r = new KamisadoSearcher(1).search(over, { depth: 3 });
  assert.equal(r.best, undefined);
  assert.equal(r.winner, "white");
});

test("a Katarenga search gives legal moves; a camp win is found", () => {
  const searcher = new KatarengaSearcher();
  const start = KatarengaPosition.startOn(KatarengaBoard.arrangement(4242));
  const r = searcher.search(start, { milliseconds: 200 });
  assert.ok(start.isLegal(r.best), r.best);
  replay(start, r.pv);
  // White holds a0 and stands on rank 1: entering h0 wins at once.
  const p = new KatarengaPosition("RYBGRYGB/GRGBGYRY/YYBRBBGR/BGRYYRBG/RGBYRGBY/YYGRYYBR/BBRGBGRG/GRYBGRYB wwwww3/8/8/8/8/8/8/bbb1bbw1 w a0");
  const win = searcher.search(p, { milliseconds: 500 });
  assert.equal(win.best, "g1h0");
  assert.equal(win.winner, "white");
  assert.equal(win.plies, 1);
  assert.equal(p.play("g1h0").outcome.ending, "camps");
});

test("the solver proves the start of Kamisado: Black wins in 17 plies", () => {
  const solver = new KamisadoSolver();
  const start = KamisadoPosition.start();
  const s = solver.solve(start, { milliseconds: 60000 });
  assert.equal(s.winner, "black");
  assert.equal(s.plies, 17);
  assert.equal(s.best, "h1h5");
  assert.equal(s.pv.length, 17);
  assert.equal(s.pv[0], s.best);
  const end = replay(start, s.pv);
  assert.equal(end.outcome.winner, "black", "the principal variation ends in Black's win");
  assert.ok(s.proofMilliseconds <= s.milliseconds);
});

test("the solver within a tiny budget says it does not know, and still answers later", () => {
  const solver = new KamisadoSolver(2);
  const s = solver.solve(KamisadoPosition.start(), { nodes: 10 });
  assert.equal(s.winner, undefined);
  assert.equal(s.plies, undefined);
  const one = solver.solve(new KamisadoPosition("obpkyr1n/3Y4/8/8/8/1g6/8/NGR1KPBO w g"));
  assert.deepEqual([one.winner, one.plies, one.best], ["white", 1, "b3d1"]);
});

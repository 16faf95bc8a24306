// Bad input raises a JavaScript Error carrying the engine's message, and
// nothing a caller passes aborts the module: a panic in WebAssembly would
// kill every later call, so each test ends by checking that the module still
// answers, and a seeded fuzz loop throws thousands of bad calls at it.
import { test } from "node:test";
import assert from "node:assert/strict";
import { full, rules, random } from "./helpers.mjs";

/** Asserts that `call` throws an Error whose message matches `pattern`. */
function throwsError(call, pattern) {
  let thrown;
  try {
    call();
  } catch (e) {
    thrown = e;
  }
  assert.ok(thrown instanceof Error, `expected an Error, got ${thrown}`);
  assert.match(thrown.message, pattern);
}

/** The module still works: perft, parsing, play. */
function stillAlive(module) {
  assert.equal(module.KamisadoPosition.start().perft(3), 11182);
  assert.equal(module.KatarengaPosition.start().perft(2), 865);
  assert.equal(module.KamisadoPosition.start().play("d1d7").forcedColour, "green");
}

for (const [name, module] of [["full", full], ["rules", rules]]) {
  const { KamisadoPosition, KamisadoMatch, KatarengaBoard, KatarengaPosition } = module;

  test(`${name}: malformed Kamisado positions say what and where`, () => {
    throwsError(() => KamisadoPosition.parse(""), /placement field/);
    throwsError(() => KamisadoPosition.parse("xbpkyrgn/8/8/8/8/8/8/NGRYKPBO b -"), /offset 0/);
    throwsError(() => new KamisadoPosition("obpkyrgn/8/8/8/8/8/8/NGRYKPBO x -"), /side/);
    throwsError(() => KamisadoPosition.parse("obpkyrgn/44/8/8/8/8/8/NGRYKPBO b -"), /digit|adjacent|8/);
    throwsError(() => KamisadoPosition.parse("obpkyrgo/8/8/8/8/8/8/NGRYKPBO b -"), /twice|orange/);
    throwsError(() => KamisadoPosition.parse("obpkyrgn/8/8/8/8/8/8/NGRYKPBO b -!"), /!|push|sumo/);
    throwsError(() => KamisadoPosition.parse("obpkyrgn/8/8/8/8/8/8/NGRYKPBO b - extra"), /./);
    stillAlive(module);
  });

  test(`${name}: illegal Kamisado moves say why`, () => {
    const start = KamisadoPosition.start();
    throwsError(() => start.play("d1d8"), /d8 is occupied/);
    throwsError(() => start.play("d2d3"), /no tower on d2/);
    throwsError(() => start.play("a8a7"), /belongs to white/);
    throwsError(() => start.play("d1c1"), /sideways/);
    throwsError(() => start.play("zz"), /move|square|offset/);
    throwsError(() => start.play(""), /./);
    const next = start.play("d1d7");
    throwsError(() => next.play("h8h7"), /white must move the green tower, not the brown one/);
    throwsError(() => next.moveKind("h8h7"), /green/);
    assert.equal(next.isLegal("h8h7"), false);
    assert.equal(next.isLegal("not a move"), false);
    throwsError(() => start.destinations("i9"), /file|rank|square/);
    throwsError(() => start.towerOn("a"), /./);
    throwsError(() => KamisadoPosition.squareColour("a9"), /rank/);
    stillAlive(module);
  });

  test(`${name}: numbers that are not counts are refused, not wrapped`, () => {
    const start = KamisadoPosition.start();
    for (const bad of [-1, 1.5, NaN, Infinity, 65, 2 ** 32]) {
      throwsError(() => start.perft(bad), /`depth` \(a perft depth\) must be a whole number from 0 to 64/);
      throwsError(() => KatarengaPosition.start().perftDivide(bad), /perft depth/);
    }
    throwsError(() => start.perft("three"), /perft depth/);
    throwsError(() => start.perft(), /perft depth/);
    for (const bad of [0, -3, 2.5, NaN]) {
      throwsError(() => new KamisadoMatch(bad), /`target` \(a match target in points\) must be a whole number from 1 to/);
    }
    for (const bad of [-1, 98304, 0.5, NaN]) {
      throwsError(() => KatarengaBoard.arrangement(bad), /arrangement number/);
      throwsError(() => KatarengaBoard.arrangementTiles(bad), /arrangement number/);
    }
    stillAlive(module);
  });

  test(`${name}: malformed Katarenga boards, tiles, positions and moves`, () => {
    throwsError(() => new KatarengaBoard("RYBG"), /./);
    throwsError(() => new KatarengaBoard("XYBGRYGB/GRGBGYRY/YYBRBBGR/BGRYYRBG/RGBYRGBY/YYGRYYBR/BBRGBGRG/GRYBGRYB"), /X|colour|offset/);
    throwsError(() => KatarengaBoard.fromTiles(["1f0", "2f0", "3f0"]), /four tile placements.*not 3/);
    throwsError(() => KatarengaBoard.fromTiles(["1f0", "2f0", "3f0", "4x0"]), /tile placement 4/);
    throwsError(() => KatarengaBoard.fromTiles(["1f0", "1f0", "3f0", "4f0"]), /twice/);
    throwsError(() => KatarengaBoard.fromTiles(["5f0", "2f0", "3f0", "4f0"]), /tile placement 1/);
    throwsError(() => KatarengaPosition.parse("nonsense"), /./);
    const start = KatarengaPosition.start();
    throwsError(() => start.play("a1a2"), /./);
    throwsError(() => start.play("a8a9"), /camp|./);
    throwsError(() => start.isCapture("a1a5"), /./);
    throwsError(() => start.pieces("red"), /black or white|player/);
    throwsError(() => start.pieceCount(""), /player/);
    throwsError(() => KatarengaPosition.targetCamps("nobody"), /player/);
    throwsError(() => start.pieceOn("a0"), /rank/);
    throwsError(() => start.board.colourOf("q1"), /file/);
    stillAlive(module);
  });

  test(`${name}: bad saved matches are refused with a reason`, () => {
    throwsError(() => KamisadoMatch.fromJSON("{"), /not a saved match/);
    throwsError(() => KamisadoMatch.fromJSON("[]"), /not a saved match/);
    throwsError(() => KamisadoMatch.fromJSON(42), /`value` must be a saved match/);
    throwsError(() => KamisadoMatch.fromJSON(null), /`value` must be a saved match/);
    const saved = new KamisadoMatch(3).toJSON();
    throwsError(() => KamisadoMatch.fromJSON({ ...saved, target: 0 }), /at least 1 point/);
    throwsError(() => KamisadoMatch.fromJSON({ ...saved, position: "xx" }), /placement|offset/);
    throwsError(() => KamisadoMatch.fromJSON({ ...saved, scores: [5, 0] }), /target|score/);
    throwsError(() => KamisadoMatch.fromJSON({ ...saved, round: -1 }), /round|invalid/);
    const m = new KamisadoMatch(3);
    throwsError(() => m.chooseEdge("a"), /still being played/);
    throwsError(() => m.chooseEdge("left"), /edge/);
    throwsError(() => m.play("d1d8"), /^d8 is occupied$/);
    throwsError(() => m.nextRoundStart("q"), /edge/);
    stillAlive(module);
  });
}

test("bad search and solver budgets and tables are refused", () => {
  const { KamisadoSearcher, KatarengaSearcher, KamisadoSolver, KamisadoPosition, KatarengaPosition } = full;
  throwsError(() => new KamisadoSearcher(-1), /table size/);
  throwsError(() => new KamisadoSearcher(1.5), /table size/);
  throwsError(() => new KatarengaSearcher(1e9), /`tableMib` \(a table size in MiB\) must be a whole number from 0 to 1024/);
  throwsError(() => new KamisadoSolver(4096), /table size/);
  const searcher = new KamisadoSearcher(1);
  const start = KamisadoPosition.start();
  throwsError(() => searcher.search(start, { millis: 5 }), /`budget` has an unknown field `millis`; its fields are `milliseconds`, `nodes`, `depth`/);
  throwsError(() => searcher.search(start, { milliseconds: -5 }), /milliseconds/);
  throwsError(() => searcher.search(start, { milliseconds: "soon" }), /`budget.milliseconds` must be a number/);
  throwsError(() => searcher.search(start, { depth: -2 }), /search depth/);
  throwsError(() => searcher.search(start, { nodes: 0.5 }), /node budget/);
  throwsError(() => searcher.search(start, 7), /`budget` must be an object, not the number 7/);
  throwsError(() => searcher.search("obpkyrgn/8/8/8/8/8/8/NGRYKPBO b -", { depth: 1 }), /./);
  throwsError(() => new KatarengaSearcher(1).search(KamisadoPosition.start(), { depth: 1 }), /./);
  const solver = new KamisadoSolver(1);
  throwsError(() => solver.solve(start, { milliseconds: NaN }), /milliseconds/);
  throwsError(() => solver.solve(start, { plies: -1 }), /round length/);
  throwsError(() => solver.solve(start, { depth: 3 }), /`budget` has an unknown field `depth`; its fields are `milliseconds`, `nodes`, `plies`/);
  // Still alive, and the searchers still search.
  assert.ok(searcher.search(start, { depth: 2 }).best);
  assert.ok(new KatarengaSearcher(1).search(KatarengaPosition.start(), { depth: 1 }).best);
  stillAlive(full);
});

/** A random string over the notations' alphabets, and some others. */
function junk(rng) {
  const alphabet = "obpkyrgnOBPKYRGN12345678/ +!-bw9abcdefghRYBGx0\u00e9\u{1F600}";
  const length = rng.below(80);
  let s = "";
  for (let i = 0; i < length; i++) s += alphabet[rng.below(alphabet.length)] ?? "?";
  return s;
}

/** A string close to a valid one: a few characters changed, cut or added. */
function mutate(rng, text) {
  const chars = [...text];
  const edits = 1 + rng.below(3);
  for (let i = 0; i < edits; i++) {
    const at = rng.below(chars.length + 1);
    switch (rng.below(3)) {
      case 0:
        chars.splice(at, 1);
        break;
      case 1:
        chars.splice(at, 0, junk(rng).slice(0, 1) || "x");
        break;
      default:
        chars[at] = "obpkyrgn12345678/+!- RYBGw"[rng.below(26)];
    }
  }
  return chars.join("");
}

for (const [name, module] of [["full", full], ["rules", rules]]) {
  test(`${name}: thousands of bad and random calls never abort the module`, () => {
    const { KamisadoPosition, KamisadoMatch, KatarengaBoard, KatarengaPosition } = module;
    const rng = random(20261201);
    const kamisado = ["obpkyrgn/8/8/8/8/8/8/NGRYKPBO b -", "b+7/5y++2/2g++2B1k++/8/2p+1nrO+G+++/8/o3N2P+/1Y+R+++K4 w y!"];
    const katarenga = [KatarengaPosition.start().toString()];
    let errors = 0;
    let accepted = 0;
    const attempt = (call) => {
      try {
        call();
        accepted++;
      } catch (e) {
        assert.ok(e instanceof Error, `not an Error: ${e}`);
        assert.notEqual(e.message, "", "an error says something");
        assert.doesNotMatch(e.message, /unreachable|panicked|RuntimeError/);
        errors++;
      }
    };
    for (let i = 0; i < 3000; i++) {
      const text = rng.next() < 0.5 ? junk(rng) : mutate(rng, rng.pick([...kamisado, ...katarenga]));
      attempt(() => KamisadoPosition.parse(text).legalMoves());
      attempt(() => KatarengaPosition.parse(text).legalMoves());
      attempt(() => new KatarengaBoard(text.split(" ")[0]));
      attempt(() => KamisadoMatch.fromJSON(text));
      attempt(() => KamisadoPosition.start().play(text.slice(0, 4)));
      attempt(() => KatarengaPosition.start().destinations(text.slice(0, 2)));
      attempt(() => KatarengaBoard.fromTiles(text.split(" ").slice(0, 4)));
      attempt(() => KamisadoPosition.start().perft(rng.below(8) - 4));
    }
    // Random legal play with random (often illegal) moves in between, in
    // both games, to the end of many games.
    for (let game = 0; game < 60; game++) {
      let k = KamisadoPosition.start();
      let t = KatarengaPosition.startOn(KatarengaBoard.arrangement(rng.below(98304)));
      for (let ply = 0; ply < 300 && !(k.isOver && t.isOver); ply++) {
        attempt(() => k.play(junk(rng).slice(0, 4)));
        attempt(() => t.play(mutate(rng, "a1a2")));
        if (!k.isOver) k = k.play(rng.pick(k.legalMoves()));
        if (!t.isOver) t = t.play(rng.pick(t.legalMoves()));
        attempt(() => k.moveKind("a1a2"));
        attempt(() => t.isCapture("a1a2"));
      }
      assert.ok(k.isOver, "random Kamisado rounds end within 300 plies");
      assert.equal(k.legalMoves().length, 0, "a finished round has no moves");
      assert.ok(k.outcome.winner === "black" || k.outcome.winner === "white");
    }
    assert.ok(errors > 20000, `${errors} errors`);
    assert.ok(accepted > 1000, `${accepted} calls accepted`);
    stillAlive(module);
  });
}

// Every public function checks its arguments: the wrong type is a
// TypeError, a number out of range a RangeError, each naming the argument;
// `null` is not "left out"; nothing is coerced (`perft(true)` is not
// perft(1)). Then the module still answers.
import { test } from "node:test";
import assert from "node:assert/strict";
import { full, rules } from "./helpers.mjs";

/** Asserts that `call` throws a `kind` whose message matches `pattern`. */
function throwsKind(call, kind, pattern) {
  let thrown;
  try {
    call();
  } catch (e) {
    thrown = e;
  }
  assert.ok(thrown instanceof kind, `expected a ${kind.name}, got ${thrown}`);
  assert.match(thrown.message, pattern);
}

/** The values of the wrong type for a parameter of `type`. */
const WRONG = {
  string: [42, true, null, {}, [], () => 1, 10n],
  number: ["", "3", true, null, {}, [], 3n],
};

for (const [name, m] of [["full", full], ["rules", rules]]) {
  const { KamisadoPosition, KamisadoMatch, KatarengaBoard, KatarengaPosition } = m;
  const k = KamisadoPosition.start();
  const t = KatarengaPosition.start();
  const match = () => new KamisadoMatch(3);
  // [call with one argument, the argument's name, its type]
  const calls = [
    [(x) => KamisadoPosition.parse(x), "notation", "string"],
    [(x) => new KamisadoPosition(x), "notation", "string"],
    [(x) => k.play(x), "move", "string"],
    [(x) => k.isLegal(x), "move", "string"],
    [(x) => k.moveKind(x), "move", "string"],
    [(x) => k.destinations(x), "square", "string"],
    [(x) => k.towerOn(x), "square", "string"],
    [(x) => KamisadoPosition.squareColour(x), "square", "string"],
    [(x) => k.perft(x), "depth", "number"],
    [(x) => k.perftDivide(x), "depth", "number"],
    [(x) => new KamisadoMatch(x), "target", "number"],
    [(x) => match().play(x), "move", "string"],
    [(x) => match().chooseEdge(x), "edge", "string"],
    [(x) => match().nextRoundStart(x), "edge", "string"],
    [(x) => KatarengaPosition.parse(x), "notation", "string"],
    [(x) => new KatarengaPosition(x), "notation", "string"],
    [(x) => new KatarengaBoard(x), "colours", "string"],
    [(x) => KatarengaBoard.arrangement(x), "index", "number"],
    [(x) => KatarengaBoard.arrangementTiles(x), "index", "number"],
    [(x) => t.board.colourOf(x), "square", "string"],
    [(x) => t.play(x), "move", "string"],
    [(x) => t.isCapture(x), "move", "string"],
    [(x) => t.pieces(x), "player", "string"],
    [(x) => t.pieceOn(x), "square", "string"],
    [(x) => t.pieceCount(x), "player", "string"],
    [(x) => t.firstMovePending(x), "player", "string"],
    [(x) => KatarengaPosition.targetCamps(x), "player", "string"],
    [(x) => t.perft(x), "depth", "number"],
  ];

  test(`${name}: an argument of the wrong type is a TypeError naming it`, () => {
    let checked = 0;
    for (const [call, argument, type] of calls) {
      for (const value of WRONG[type]) {
        // `undefined` is "left out" where an argument is optional.
        throwsKind(() => call(value), TypeError, new RegExp("`" + argument + "`"));
        checked++;
      }
    }
    assert.ok(checked > 150, `${checked} calls`);
    // The examples: no trap, no start for null, no coercion.
    throwsKind(() => new KamisadoPosition(42), TypeError, /`notation` must be a string, not the number 42/);
    throwsKind(() => new KamisadoPosition(null), TypeError, /`notation` must be a string, not null/);
    throwsKind(() => k.perft(true), TypeError, /`depth` \(a perft depth\) must be a number, not true/);
    throwsKind(() => k.perft(""), TypeError, /must be a number, not the string ""/);
    throwsKind(() => KatarengaBoard.fromTiles("1f0 2f0 3f0 4f0"), TypeError, /`tiles` must be an array of strings/);
    throwsKind(() => KatarengaBoard.fromTiles(["1f0", 2, "3f0", "4f0"]), TypeError, /`tiles\[1\]` must be a string, not the number 2/);
    // Left out, the optional arguments take their defaults.
    assert.equal(new KamisadoPosition().toString(), k.toString());
    assert.equal(new KatarengaPosition().toString(), t.toString());
    assert.equal(new KamisadoMatch().target, 3);
  });

  test(`${name}: numbers out of range are RangeErrors naming the argument`, () => {
    throwsKind(() => k.perft(-1), RangeError, /`depth` \(a perft depth\) must be a whole number from 0 to 64, not -1/);
    throwsKind(() => k.perft(2.5), RangeError, /not 2.5/);
    throwsKind(() => k.perft(NaN), RangeError, /not NaN/);
    // A match target starts at 1 point (the message says so).
    throwsKind(() => new KamisadoMatch(0), RangeError, /`target` \(a match target in points\) must be a whole number from 1 to 4294967295, not 0/);
    throwsKind(() => KatarengaBoard.arrangement(98304), RangeError, /`index` \(an arrangement number\) must be a whole number from 0 to 98303/);
    throwsKind(() => KamisadoMatch.resume(k, { round: 0 }), RangeError, /`progress.round`/);
    throwsKind(() => KamisadoMatch.resume(k, { scores: { black: "1" } }), TypeError, /`progress.scores.black`/);
    throwsKind(() => KamisadoMatch.resume(k, null), TypeError, /`progress` must be an object, not null/);
  });

  test(`${name}: an argument that must be one of the classes is a TypeError naming it`, () => {
    throwsKind(() => k.equals("obpkyrgn/8/8/8/8/8/8/NGRYKPBO b -"), TypeError, /`other` must be a KamisadoPosition, not the string/);
    throwsKind(() => k.equals(t), TypeError, /`other` must be a KamisadoPosition, not a KatarengaPosition/);
    throwsKind(() => KamisadoMatch.resume(null), TypeError, /`position` must be a KamisadoPosition, not null/);
    throwsKind(() => match().equals({}), TypeError, /`other` must be a KamisadoMatch, not an object/);
    throwsKind(() => KatarengaPosition.startOn("1f0 2f0 3f0 4f0"), TypeError, /`board` must be a KatarengaBoard/);
    throwsKind(() => t.board.equals(null), TypeError, /`other` must be a KatarengaBoard/);
    throwsKind(() => t.equals(undefined), TypeError, /`other` must be a KatarengaPosition, not undefined/);
    assert.ok(k.equals(KamisadoPosition.start()));
    assert.ok(KatarengaPosition.startOn(KatarengaBoard.standard()).equals(t));
  });

  test(`${name}: the messages the package shows are right`, () => {
    // Two digits side by side: the digits found and what to write.
    throwsKind(() => KamisadoPosition.parse("obpkyrgn/11/8/8/8/8/8/NGRYKPBO b -"), Error, /\(11: write 2\)/);
    throwsKind(() => KamisadoPosition.parse("obpkyrgn/44/8/8/8/8/8/NGRYKPBO b -"), Error, /\(44: write 8\)/);
    // A saved match's error says "Error" once (the message has none).
    let thrown;
    try {
      KamisadoMatch.fromJSON({});
    } catch (e) {
      thrown = e;
    }
    assert.match(thrown.message, /^not a saved match: /);
    assert.doesNotMatch(thrown.message, /Error:/);
    assert.equal(String(thrown).match(/Error/g).length, 1, String(thrown));
  });

  test(`${name}: Katarenga's no-first-capture option`, () => {
    // A board where White's h8a1 takes a piece at once.
    const board = new KatarengaBoard("RYBGRGBY/GRGBYYGR/YYBRBBRG/BGRYGRYB/RYGBRGBY/GYRYYYBR/BBGRBGRG/YRBGGRYB");
    const standard = KatarengaPosition.startOn(board);
    assert.ok(standard.legalMoves().includes("h8a1"));
    assert.equal(standard.firstMovePending("white"), false);
    const option = KatarengaPosition.startOn(board, { rules: "no-first-capture" });
    assert.equal(option.firstMovePending("white"), true);
    assert.equal(option.firstMovePending("black"), true);
    assert.ok(!option.legalMoves().includes("h8a1"));
    assert.throws(() => option.play("h8a1"), /first move/);
    assert.match(option.toString(), / wb$/);
    const after = option.play(option.legalMoves()[0]);
    assert.equal(after.firstMovePending("white"), false);
    assert.equal(after.firstMovePending("black"), true);
    assert.ok(KatarengaPosition.start({ rules: "no-first-capture" }).firstMovePending("black"));
    assert.ok(KatarengaPosition.start({ rules: "standard" }).equals(KatarengaPosition.start()));
    throwsKind(() => KatarengaPosition.start({ rules: "sumo" }), Error, /sumo/);
    throwsKind(() => KatarengaPosition.start({ rule: "standard" }), TypeError, /unknown field `rule`/);
    throwsKind(() => KatarengaPosition.start({ rules: 1 }), TypeError, /`options.rules` must be a string/);
  });
}

test("full: the search and the solver check their arguments", () => {
  const { KamisadoSearcher, KatarengaSearcher, KamisadoSolver, KamisadoPosition, KatarengaPosition, KatarengaBoard } = full;
  throwsKind(() => new KamisadoSearcher("16"), TypeError, /`tableMib`/);
  throwsKind(() => new KamisadoSearcher(null), TypeError, /`tableMib`/);
  throwsKind(() => new KamisadoSolver(-1), RangeError, /`tableMib`/);
  const searcher = new KamisadoSearcher(1);
  throwsKind(() => searcher.search("startpos"), TypeError, /`position` must be a KamisadoPosition, not the string "startpos"/);
  throwsKind(() => new KatarengaSearcher(1).search(KamisadoPosition.start()), TypeError, /`position` must be a KatarengaPosition, not a KamisadoPosition/);
  throwsKind(() => new KamisadoSolver(1).solve(null), TypeError, /`position`/);
  throwsKind(() => searcher.search(KamisadoPosition.start(), { depth: true }), TypeError, /`budget.depth`/);
  throwsKind(() => searcher.search(KamisadoPosition.start(), { nodes: -1 }), RangeError, /`budget.nodes`/);
  // The search keeps the first-move option: never the barred capture.
  const board = new KatarengaBoard("RYBGRGBY/GRGBYYGR/YYBRBBRG/BGRYGRYB/RYGBRGBY/GYRYYYBR/BBGRBGRG/YRBGGRYB");
  const start = KatarengaPosition.startOn(board, { rules: "no-first-capture" });
  const best = new KatarengaSearcher(1).search(start, { depth: 1 }).best;
  assert.ok(start.isLegal(best) && best !== "h8a1", best);
});

test("the chain of obligations behind a pass and a deadlock", () => {
  const { KamisadoPosition } = rules;
  // The rules page's worked example: Black's yellow tower on d7 is blocked.
  const pass = KamisadoPosition.parse("obpkyr1n/3Y4/8/8/8/1g6/8/NGR1KPBO b y");
  assert.deepEqual(pass.obligationChain(), [{ player: "black", colour: "yellow", square: "d7" }]);
  assert.deepEqual(KamisadoPosition.start().obligationChain(), []);
  // A deadlock: the chain comes back to its first tower.
  const deadlock = KamisadoPosition.parse("5rgn/3yKP2/2O5/o1R5/p2k4/Nb1Y4/G7/6B1 b y").play("d3h7");
  assert.equal(deadlock.outcome.ending, "deadlock");
  const chain = deadlock.obligationChain();
  assert.ok(chain.length >= 2, JSON.stringify(chain));
  assert.equal(chain[0].player, deadlock.sideToMove);
});

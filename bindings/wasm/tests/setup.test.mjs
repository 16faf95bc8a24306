// Katarenga's set-up as the rules order it: the laid board, Black's choice
// of edge (the search's choice from the full module), White first; and the
// records' Orientation tags.
import { test } from "node:test";
import assert from "node:assert/strict";
import { full } from "./helpers.mjs";

const { KatarengaBoard, KatarengaPosition, KatarengaSearcher, writeKatarengaRecord, readKatarengaRecords } = full;
const EDGES = ["bottom", "right", "top", "left"];

test("a start from each edge is the laid board turned, White to move", () => {
  const laid = KatarengaBoard.standard();
  // Black at the top: Black's a1 is the laid h8; at the right edge the laid h1;
  // at the left edge the laid a8.
  assert.equal(laid.turned("top").colourOf("a1"), laid.colourOf("h8"));
  assert.equal(laid.turned("right").colourOf("a1"), laid.colourOf("h1"));
  assert.equal(laid.turned("left").colourOf("a1"), laid.colourOf("a8"));
  assert.ok(laid.turned("bottom").equals(laid));
  for (const orientation of EDGES) {
    const start = KatarengaPosition.startOn(laid, { orientation, rules: "no-first-capture" });
    assert.ok(start.board.equals(laid.turned(orientation)));
    assert.equal(start.sideToMove, "white");
    assert.equal(start.firstMovePending("white"), true);
  }
  assert.throws(() => laid.turned("north"), /`orientation` is "north".*bottom, right, top or left/);
  assert.throws(() => laid.turned(2), TypeError);
  assert.throws(() => KatarengaPosition.startOn(laid, { orientation: "up" }), /options\.orientation/);
});

test("the searcher's orientation is the start it scores worst for White", () => {
  const board = KatarengaBoard.fromTiles(["3b3", "2f0", "4b3", "1f3"]);
  const searcher = new KatarengaSearcher(4);
  const choice = searcher.bestOrientation(board, { rules: "standard" }, { depth: 3 });
  assert.equal(choice.scores.length, 4);
  const worst = Math.min(...choice.scores);
  assert.equal(choice.orientation, EDGES[choice.scores.indexOf(worst)]);
  // The same scores as a fresh search of each start at that depth.
  for (const [i, orientation] of EDGES.entries()) {
    const fresh = new KatarengaSearcher(4);
    const start = KatarengaPosition.startOn(board, { orientation });
    assert.equal(fresh.search(start, { depth: 3 }).score, choice.scores[i], orientation);
  }
});

test("records keep the orientation and who chose it, and the moves are played on the turned board", () => {
  const laid = KatarengaBoard.standard();
  const start = KatarengaPosition.startOn(laid, { orientation: "top" });
  const move = start.legalMoves()[0];
  const game = { board: "1f0 2f0 3f0 4f0", orientation: "top", orientationBy: "black", moves: [move] };
  const text = writeKatarengaRecord(game);
  assert.match(text, /\[Orientation "top"\]\n\[OrientationBy "black"\]/);
  const [read] = readKatarengaRecords(text);
  assert.equal(read.orientation, "top");
  assert.equal(read.orientationBy, "black");
  assert.deepEqual(read.moves, [move]);
  assert.throws(() => writeKatarengaRecord({ ...game, orientationBy: "red" }), /expected black, white or given/);
  // A move legal only on the laid board is refused on the turned one.
  const laidOnly = KatarengaPosition.startOn(laid).legalMoves().find((m) => !start.isLegal(m));
  assert.throws(() => writeKatarengaRecord({ ...game, moves: [laidOnly] }), /move 1/);
});

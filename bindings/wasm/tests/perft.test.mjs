// Perft in WebAssembly equals the reference counts: the starts of both games
// (counts published with the rules, computed by other programs) and every
// case of the repository's reference suites, which an independent
// implementation computed (helpers.mjs's SUITES, every suite file of the
// cores' data folders). Both modules are checked: the rules-only one is
// built differently (for size) and must count the same.
import { test } from "node:test";
import assert from "node:assert/strict";
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { full, rules, suite, repo, SUITES } from "./helpers.mjs";

const KAMISADO_START = [1, 102, 1150, 11182, 105020, 900982, 7399794];
const KATARENGA_START = [1, 31, 865, 28781, 863850];

for (const [name, module] of [["full", full], ["rules", rules]]) {
  test(`${name}: Kamisado perft from the start`, () => {
    const start = module.KamisadoPosition.start();
    KAMISADO_START.forEach((nodes, depth) => assert.equal(start.perft(depth), nodes, `depth ${depth}`));
  });

  test(`${name}: Katarenga perft from the start`, () => {
    const start = module.KatarengaPosition.start();
    KATARENGA_START.forEach((nodes, depth) => assert.equal(start.perft(depth), nodes, `depth ${depth}`));
  });

  test(`${name}: every reference suite`, () => {
    const Positions = { kamisado: module.KamisadoPosition, katarenga: module.KatarengaPosition };
    const counted = new Map();
    for (const { game, name: suiteName, file } of SUITES) {
      let cases = 0;
      for (const c of suite(file)) {
        const p = new Positions[game](c.position);
        assert.equal(p.perft(c.depth), c.nodes, `${game} ${suiteName}: ${c.position} ; ${c.depth}`);
        assert.equal(p.toString(), c.position, "the notation round trips");
        cases++;
      }
      assert.ok(cases >= 10, `${game} ${suiteName}: ${cases} cases`);
      counted.set(`${game} ${suiteName}`, cases);
    }
    assert.deepEqual(
      [...counted.keys()].sort(),
      ["kamisado basic", "kamisado sumo", "katarenga no-first-capture", "katarenga standard"],
    );
  });
}

/** The reference divides: `case line -> Map(move -> nodes)`. */
function divides(file) {
  const result = new Map();
  let current = null;
  for (const line of readFileSync(join(repo, file), "utf8").split("\n")) {
    if (line.startsWith("#") || line.trim() === "") continue;
    if (line.includes(";")) {
      current = new Map();
      result.set(line.trim(), current);
    } else {
      const [move, nodes] = line.trim().split(/\s+/);
      current.set(move, Number(nodes));
    }
  }
  return result;
}

test("perftDivide agrees move by move with the reference divides", () => {
  const Positions = { kamisado: full.KamisadoPosition, katarenga: full.KatarengaPosition };
  let moves = 0;
  for (const { game, divide: file } of SUITES) {
    const Position = Positions[game];
    for (const [line, expected] of divides(file)) {
      const [position, depth] = line.split(";").map((f) => f.trim());
      const divide = Position.parse(position).perftDivide(Number(depth));
      assert.deepEqual(
        new Map(divide.map((e) => [e.move, e.nodes])),
        expected,
        `divide of ${line}`,
      );
      moves += divide.length;
    }
  }
  assert.ok(moves > 1000, `${moves} moves compared`);
});

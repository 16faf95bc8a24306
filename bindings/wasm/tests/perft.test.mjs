// Perft in WebAssembly equals the reference counts: the starts of both games
// (counts published with the rules, computed by other programs) and every
// case of the repository's reference suites, which an independent
// implementation computed. Both modules are checked: the rules-only one is
// built differently (for size) and must count the same.
import { test } from "node:test";
import assert from "node:assert/strict";
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { full, rules, suite, repo, KAMISADO_SUITES, KATARENGA_SUITES } from "./helpers.mjs";

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

  test(`${name}: the Kamisado reference suites`, () => {
    let cases = 0;
    for (const file of KAMISADO_SUITES) {
      for (const c of suite(file)) {
        const p = new module.KamisadoPosition(c.position);
        assert.equal(p.perft(c.depth), c.nodes, `${c.position} ; ${c.depth}`);
        assert.equal(p.toString(), c.position, "the notation round trips");
        cases++;
      }
    }
    assert.ok(cases >= 25, `${cases} cases`);
  });

  test(`${name}: the Katarenga reference suite`, () => {
    let cases = 0;
    for (const file of KATARENGA_SUITES) {
      for (const c of suite(file)) {
        const p = new module.KatarengaPosition(c.position);
        assert.equal(p.perft(c.depth), c.nodes, `${c.position} ; ${c.depth}`);
        assert.equal(p.toString(), c.position, "the notation round trips");
        cases++;
      }
    }
    assert.ok(cases >= 20, `${cases} cases`);
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
  const files = [
    ["crates/kamisado-core/tests/data/kamisado-sumo.divide.txt", full.KamisadoPosition],
    ["crates/kamisado-core/tests/data/kamisado-basic.divide.txt", full.KamisadoPosition],
    ["crates/katarenga-core/tests/data/katarenga.divide.txt", full.KatarengaPosition],
  ];
  let moves = 0;
  for (const [file, Position] of files) {
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

// The package as a user's project gets it from the tarball: both entry
// points, the types wasm-bindgen writes, the sizes promised, and the
// README's example.
import { test } from "node:test";
import assert from "node:assert/strict";
import { readFileSync, statSync } from "node:fs";
import { createRequire } from "node:module";
import { dirname, join } from "node:path";
import { execFileSync } from "node:child_process";
import { gzipSync } from "node:zlib";
import { full, rules } from "./helpers.mjs";

const require = createRequire(import.meta.url);
const root = dirname(require.resolve("kamisado-katarenga/package.json"));
const manifest = JSON.parse(readFileSync(join(root, "package.json"), "utf8"));

const RULES_CLASSES = [
  "GameSpec", "KamisadoPosition", "KamisadoMatch", "KatarengaBoard", "KatarengaPosition",
  "CongressPosition", "QuebecPosition", "IsolationPosition",
];
const SEARCH_CLASSES = [
  "KamisadoSearcher", "KatarengaSearcher", "KamisadoSolver",
  "CongressSearcher", "QuebecSearcher", "IsolationSearcher", "IsolationSolver",
];

test("the package is an ES module with both entry points and its types", () => {
  assert.equal(manifest.name, "kamisado-katarenga");
  assert.equal(manifest.type, "module");
  for (const name of [...RULES_CLASSES, ...SEARCH_CLASSES]) {
    assert.equal(typeof full[name], "function", `kamisado-katarenga exports ${name}`);
  }
  for (const name of RULES_CLASSES) {
    assert.equal(typeof rules[name], "function", `kamisado-katarenga/rules exports ${name}`);
  }
  for (const name of SEARCH_CLASSES) {
    assert.equal(rules[name], undefined, `the rules module has no ${name}`);
  }
  assert.equal(full.version(), manifest.version);
  const types = readFileSync(join(root, "full/kamisado_katarenga.d.ts"), "utf8");
  for (const declaration of [
    "export class KamisadoPosition",
    "legalMoves(): string[]",
    "play(move: string): KamisadoPosition",
    "readonly sideToMove: Player",
    "readonly outcome: KamisadoOutcome | undefined",
    "export interface SearchResult",
    "search(position: KamisadoPosition, budget?: SearchBudget): SearchResult",
    "solve(position: KamisadoPosition, budget?: ProofBudget): KamisadoSolution",
    "constructor(tableMib?: number)",
    "constructor(notation?: string)",
    "static startOn(board: KatarengaBoard, options?: KatarengaStart): KatarengaPosition",
    "firstMovePending(player: Player): boolean",
    "export function writeKamisadoRecord(game: KamisadoGame): string",
    "export function readKatarengaRecords(text: string): KatarengaGame[]",
    "export interface KatarengaGame",
    "export class IsolationPosition",
    "readonly outcome: FamilyOutcome | undefined",
    "static start(options?: CongressOptions): CongressPosition",
    "constructor(notation?: string, options?: IsolationOptions)",
    "inHand(player: Player): number | undefined",
    "solve(position: IsolationPosition): IsolationSolution",
    "export type AnyPosition",
  ]) {
    assert.ok(types.includes(declaration), `index.d.ts declares ${declaration}`);
  }
  assert.match(readFileSync(join(root, "index.d.ts"), "utf8"), /full\/kamisado_katarenga/);
  assert.match(readFileSync(join(root, "rules.d.ts"), "utf8"), /rules\/kamisado_katarenga/);
});

test("the modules keep their size budgets", () => {
  const sizes = {};
  for (const module of ["full", "rules"]) {
    const bytes = readFileSync(join(root, module, "kamisado_katarenga_bg.wasm"));
    sizes[module] = { bytes: bytes.length, gzipped: gzipSync(bytes, { level: 9 }).length };
  }
  console.log(`module sizes: ${JSON.stringify(sizes)}`);
  // Debian's toolchain builds the standard library with panics that abort
  // at once; rustup's prebuilt one carries the panic machinery. The rules
  // module holds the one game description too (GameSpec: its parser and
  // errors, Kamisado's readings, layouts and match options, the set-up
  // chart and its match, the colours' marks; since the family joined the
  // description, the rules of Congress, Quebec and Isolation, and since
  // their position classes, the family's moves, perft and pictures: 319,180
  // bytes with Debian's toolchain).
  const budget = process.env.KK_WASM_TOOLCHAIN === "rustup" ? 400_000 : 320_000;
  assert.ok(sizes.rules.bytes < budget, `the rules module is ${sizes.rules.bytes} bytes`);
  assert.ok(sizes.rules.bytes < sizes.full.bytes / 2, "the rules module is under half the whole");
  assert.ok(sizes.full.bytes < 1_000_000, `the full module is ${sizes.full.bytes} bytes`);
  assert.ok(statSync(join(root, "README.md")).size > 1000);
});

test("the README's example runs as written", () => {
  const readme = readFileSync(join(root, "README.md"), "utf8");
  const example = readme.match(/```js\n([\s\S]*?)```/)[1];
  assert.ok(example.split("\n").filter((l) => l.trim()).length <= 10, "a ten-line example");
  const out = execFileSync(process.execPath, ["--input-type=module", "-e", example], {
    cwd: dirname(new URL(import.meta.url).pathname),
    encoding: "utf8",
  });
  const lines = out.trim().split("\n");
  assert.equal(lines[0], "obpkyrgn/3Y4/8/8/8/8/8/NGR1KPBO w g");
  assert.match(lines[1], /^green g8a2 g8g2 g8b3 /);
  assert.equal(lines[2], "900982");
  const [best, score, ...line] = lines[3].split(" ");
  assert.equal(line[0], best);
  assert.ok(Number.isInteger(Number(score)));
  assert.match(out, /winner: 'black'/);
  assert.match(out, /plies: 17/);
  assert.match(out, /best: 'h1h5'/);
  assert.match(lines.at(-1), /white must move the green tower/);
});

test("the README's example of a game description runs as written", () => {
  const readme = readFileSync(join(root, "README.md"), "utf8");
  const example = readme.match(/```js\n(import \{ GameSpec, start \}[\s\S]*?)```/)[1];
  const out = execFileSync(process.execPath, ["--input-type=module", "-e", example], {
    cwd: dirname(new URL(import.meta.url).pathname),
    encoding: "utf8",
  });
  // Perft 2 of Kamisado's start: the published count (the cores' suites).
  assert.equal(out.trim(), "true 1150");
});

test("the README's example of the family runs as written", () => {
  const readme = readFileSync(join(root, "README.md"), "utf8");
  const example = readme.match(/```js\n(import \{ IsolationPosition[\s\S]*?)```/)[1];
  const out = execFileSync(process.execPath, ["--input-type=module", "-e", example], {
    cwd: dirname(new URL(import.meta.url).pathname),
    encoding: "utf8",
  });
  assert.deepEqual(out.trim().split("\n"), ["{ reading: 'strict', supply: 'none' } 64", "white undefined"]);
});

test("CommonJS loads it with import(), as the README says", () => {
  const script = `
    (async () => {
      const { KamisadoPosition, readKamisadoRecords } = await import("kamisado-katarenga");
      const rules = await import("kamisado-katarenga/rules");
      console.log(KamisadoPosition.start().perft(3), typeof readKamisadoRecords, typeof rules.readKamisadoRecords);
    })();`;
  const out = execFileSync(process.execPath, ["--input-type=commonjs", "-e", script], {
    cwd: dirname(new URL(import.meta.url).pathname),
    encoding: "utf8",
  });
  assert.equal(out.trim(), "11182 function undefined");
});

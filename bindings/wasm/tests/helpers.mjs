// What the tests share: the package under test (imported by name, as a
// user's project imports it), the repository's reference data, a seeded
// random generator.
import { readFileSync, readdirSync } from "node:fs";
import { join } from "node:path";

export * as full from "kamisado-katarenga";
export * as rules from "kamisado-katarenga/rules";

/** The repository the tests read reference data from (test.sh sets it). */
export const repo = process.env.KK_REPO ?? new URL("../../..", import.meta.url).pathname;

/** The cases of a reference perft suite: `{ position, depth, nodes }`. */
export function suite(file) {
  return readFileSync(join(repo, file), "utf8")
    .split("\n")
    .filter((line) => line.trim() !== "" && !line.startsWith("#"))
    .map((line) => {
      const [position, depth, nodes] = line.split(";").map((field) => field.trim());
      return { position, depth: Number(depth), nodes: Number(nodes) };
    });
}

/**
 * Every reference suite of both games: `{ game, name, file, divide }`, one
 * for each suite file of the cores' data folders (the Rust tests' list,
 * test-support's `SUITES`, is checked against the same folders), so that a
 * new suite is run here without a change.
 */
export const SUITES = ["kamisado", "katarenga"].flatMap((game) => {
  const folder = `crates/${game}-core/tests/data`;
  return readdirSync(join(repo, folder))
    .filter((f) => f.endsWith(".txt") && !f.endsWith(".divide.txt"))
    .sort()
    .map((f) => ({
      game,
      name: f.slice(game.length).replace(/^-/, "").replace(/\.txt$/, "") || "standard",
      file: `${folder}/${f}`,
      divide: `${folder}/${f.replace(/\.txt$/, ".divide.txt")}`,
    }));
});

/** A small seeded generator (mulberry32): the same games on every run. */
export function random(seed) {
  let state = seed >>> 0;
  const next = () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
  return {
    next,
    below: (n) => Math.floor(next() * n),
    pick(items) {
      return items[Math.floor(next() * items.length)];
    },
  };
}

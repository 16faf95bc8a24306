// node bindings/wasm/bench.mjs [NATIVE_PERFT]
//
// The WebAssembly module's speed in Node against the native build, side by
// side in one run: Kamisado bulk perft from the start (depth 7 and 8) and
// the playing search (depth 9, 16 MiB table), each the median of 5 runs,
// taking turns with the native programs when their path is given:
// NATIVE_PERFT is the `perft` example built with `cargo build --release
// --example perft` (target/release/examples/perft). Run build.sh first.
import { spawnSync } from "node:child_process";
import { readFile } from "node:fs/promises";
import init, * as k from "./pkg/full/kamisado_katarenga.js";

await init({ module_or_path: await readFile(new URL("./pkg/full/kamisado_katarenga_bg.wasm", import.meta.url)) });

const native = process.argv[2];
const median = (values) => values.slice().sort((a, b) => a - b)[Math.floor(values.length / 2)];
const start = k.KamisadoPosition.start();

function wasmPerft(depth) {
  const t = performance.now();
  const nodes = start.perft(depth);
  return { nodes, seconds: (performance.now() - t) / 1000 };
}

function nativePerft(depth) {
  // The program's own timing (stderr: "... nodes in 0.052 s ..."), which
  // leaves out the process's start-up.
  const run = spawnSync(native, ["kamisado", "startpos", String(depth)], { encoding: "utf8" });
  const seconds = run.stderr.match(/ in ([0-9.]+) s/);
  if (run.status !== 0 || !seconds) throw new Error(`${native} failed: ${run.stderr}`);
  return { nodes: Number(run.stdout.trim().split("\n").at(-1)), seconds: Number(seconds[1]) };
}

for (const depth of [7, 8]) {
  const wasm = [];
  const host = [];
  let nodes = 0;
  for (let i = 0; i < 5; i++) {
    const w = wasmPerft(depth);
    nodes = w.nodes;
    wasm.push(w.seconds);
    if (native) {
      const n = nativePerft(depth);
      if (n.nodes !== nodes) throw new Error(`native perft ${depth} = ${n.nodes}, wasm ${nodes}`);
      host.push(n.seconds);
    }
  }
  const line = [`Kamisado perft ${depth} (${nodes} nodes): wasm ${(nodes / median(wasm) / 1e6).toFixed(0)} M nodes/s`];
  if (native) {
    line.push(`native ${(nodes / median(host) / 1e6).toFixed(0)} M nodes/s`);
    line.push(`wasm/native ${(median(host) / median(wasm) * 100).toFixed(0)}%`);
  }
  console.log(line.join(", "));
}

const searches = [];
const searcher = new k.KamisadoSearcher(16);
for (let i = 0; i < 5; i++) {
  searcher.clear();
  const r = searcher.search(start, { depth: 9 });
  searches.push(r.nodes / (r.milliseconds / 1000));
}
console.log(`Kamisado search, depth 9: wasm ${(median(searches) / 1e6).toFixed(2)} M nodes/s (median of 5)`);

const katarenga = k.KatarengaPosition.start();
const kt = [];
for (let i = 0; i < 5; i++) {
  const t = performance.now();
  katarenga.perft(5);
  kt.push((performance.now() - t) / 1000);
}
console.log(`Katarenga perft 5: wasm ${(30137253 / median(kt) / 1e6).toFixed(0)} M nodes/s`);

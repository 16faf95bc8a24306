// The rules of every game only, for Node.js.
import { readFile } from "node:fs/promises";
import init, * as module from "./rules/kamisado_katarenga.js";
import { checkInstances } from "./checks.js";

await init({
  module_or_path: await readFile(new URL("./rules/kamisado_katarenga_bg.wasm", import.meta.url)),
});

checkInstances(module);

export * from "./rules/kamisado_katarenga.js";

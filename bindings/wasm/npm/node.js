// The whole package for Node.js: the module is read from the package's own
// folder and compiled at import.
import { readFile } from "node:fs/promises";
import init, * as module from "./full/kamisado_katarenga.js";
import { checkInstances } from "./checks.js";

await init({
  module_or_path: await readFile(new URL("./full/kamisado_katarenga_bg.wasm", import.meta.url)),
});

checkInstances(module);

export * from "./full/kamisado_katarenga.js";

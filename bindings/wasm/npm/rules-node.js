// The rules of both games only, for Node.js.
import { readFile } from "node:fs/promises";
import init from "./rules/kamisado_katarenga.js";

await init({
  module_or_path: await readFile(new URL("./rules/kamisado_katarenga_bg.wasm", import.meta.url)),
});

export * from "./rules/kamisado_katarenga.js";

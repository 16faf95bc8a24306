// The whole package for browsers, Web Workers and bundlers: the rules of
// every game, the search and the solvers. The module is fetched and
// compiled once, at import (top-level await).
import init, * as module from "./full/kamisado_katarenga.js";
import { checkInstances } from "./checks.js";

await init({ module_or_path: new URL("./full/kamisado_katarenga_bg.wasm", import.meta.url) });

checkInstances(module);

export * from "./full/kamisado_katarenga.js";

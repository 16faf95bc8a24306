// The whole package for browsers, Web Workers and bundlers: the rules of
// both games, the search and the Kamisado solver. The module is fetched and
// compiled once, at import (top-level await).
import init from "./full/kamisado_katarenga.js";

await init({ module_or_path: new URL("./full/kamisado_katarenga_bg.wasm", import.meta.url) });

export * from "./full/kamisado_katarenga.js";

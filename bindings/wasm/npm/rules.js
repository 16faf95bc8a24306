// The rules of every game only (no search, no solver): a module under half
// the size of the whole, for a page's main thread or a referee.
import init, * as module from "./rules/kamisado_katarenga.js";
import { checkInstances } from "./checks.js";

await init({ module_or_path: new URL("./rules/kamisado_katarenga_bg.wasm", import.meta.url) });

checkInstances(module);

export * from "./rules/kamisado_katarenga.js";

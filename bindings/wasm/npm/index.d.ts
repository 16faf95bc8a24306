// The types wasm-bindgen writes for the whole module (rules, search, solver).
export * from "./full/kamisado_katarenga.js";

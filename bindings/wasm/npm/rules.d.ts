// The types wasm-bindgen writes for the rules-only module.
export * from "./rules/kamisado_katarenga.js";

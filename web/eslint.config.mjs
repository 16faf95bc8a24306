// ESLint's configuration for the page's modules (js/): plain ES modules for
// the browser and its Web Worker, with no build step. It checks the names
// (nothing used undefined, nothing imported or declared unused) and the
// likely bugs of ESLint's recommended set. ESLint and its packages are the
// browser tests' tools (tests/package.json): run `npm ci` and then
// `npm run lint` in web/tests.
import js from "./tests/node_modules/@eslint/js/src/index.js";
import globals from "./tests/node_modules/globals/index.js";

export default [
  js.configs.recommended,
  {
    files: ["js/**/*.js"],
    languageOptions: {
      ecmaVersion: 2024,
      sourceType: "module",
      globals: { ...globals.browser, ...globals.worker },
    },
  },
];

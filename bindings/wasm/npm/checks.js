// The arguments that must be an instance of one of the package's classes
// (a position to search, a board to start on, the other side of
// `equals`): wasm-bindgen's own check throws a plain Error that names no
// argument, so each such method is wrapped to throw a TypeError that does.
// Every other argument is checked inside the module.

/** `value` in words, as the module's own messages say it. */
function describe(value) {
  if (value === null) return "null";
  if (value === undefined) return "undefined";
  if (typeof value === "string") return `the string ${JSON.stringify(value.slice(0, 40))}`;
  if (typeof value === "number") return `the number ${value}`;
  if (typeof value === "boolean") return String(value);
  if (Array.isArray(value)) return "an array";
  if (typeof value === "function") return "a function";
  const name = value.constructor?.name;
  return name && name !== "Object" ? `a ${name}` : "an object";
}

/** Wraps `owner[method]` to check that argument `index`, named `name`, is a `klass`. */
function instanceArgument(owner, method, index, name, klass) {
  const original = owner?.[method];
  if (typeof original !== "function" || typeof klass !== "function") return;
  owner[method] = function (...args) {
    if (!(args[index] instanceof klass)) {
      throw new TypeError(`\`${name}\` must be a ${klass.name}, not ${describe(args[index])}`);
    }
    return original.apply(this, args);
  };
}

/** Applies the checks to the classes of a loaded module `m` (either module). */
export function checkInstances(m) {
  instanceArgument(m.KamisadoPosition?.prototype, "equals", 0, "other", m.KamisadoPosition);
  instanceArgument(m.KamisadoMatch?.prototype, "equals", 0, "other", m.KamisadoMatch);
  instanceArgument(m.KamisadoMatch, "resume", 0, "position", m.KamisadoPosition);
  instanceArgument(m.KatarengaBoard?.prototype, "equals", 0, "other", m.KatarengaBoard);
  instanceArgument(m.KatarengaPosition?.prototype, "equals", 0, "other", m.KatarengaPosition);
  instanceArgument(m.KatarengaPosition, "startOn", 0, "board", m.KatarengaBoard);
  instanceArgument(m.KamisadoSearcher?.prototype, "search", 0, "position", m.KamisadoPosition);
  instanceArgument(m.KatarengaSearcher?.prototype, "search", 0, "position", m.KatarengaPosition);
  instanceArgument(m.KamisadoSolver?.prototype, "solve", 0, "position", m.KamisadoPosition);
  for (const game of ["Congress", "Quebec", "Isolation"]) {
    const Position = m[`${game}Position`];
    instanceArgument(Position?.prototype, "equals", 0, "other", Position);
    instanceArgument(Position, "startOn", 0, "board", m.KatarengaBoard);
    instanceArgument(m[`${game}Searcher`]?.prototype, "search", 0, "position", Position);
  }
  instanceArgument(m.IsolationSolver?.prototype, "solve", 0, "position", m.IsolationPosition);
}

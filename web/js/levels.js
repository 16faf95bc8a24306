// The computer's levels: each a budget of the same search (nodes or depth,
// so that a level plays alike on any device), and for Kamisado and strict
// Isolation the solver on top (the other games have none). Calibrated for
// every game with kk-referee, kk-engine at each level's budget against the
// next (web/calibrate-levels.sh; docs/web-levels.md has the games, the Elo
// steps and their intervals, and rules.html says them).

export const LEVELS = [
  { id: "beginner", name: "Beginner", budget: { depth: 1 } },
  { id: "easy", name: "Easy", budget: { depth: 2 } },
  { id: "medium", name: "Medium", budget: { nodes: 2000 } },
  { id: "hard", name: "Hard", budget: { nodes: 20000 } },
  { id: "strong", name: "Strong", budget: { nodes: 200000 } },
  { id: "full", name: "Full engine", budget: { nodes: 1000000 } },
  {
    id: "perfect",
    name: "Perfect (the solver)",
    solver: true,
    budget: { nodes: 1000000 },
    // The solver's nodes: it proves the start (5.5 million) and any round
    // after it; the time is only a guard for slow devices.
    solve: { nodes: 8000000, milliseconds: 30000 },
  },
];

/**
 * Whether `kind` has a solver: Kamisado's, and Isolation's, which solves
 * the strict reading only (Node Kayles; the other readings are not).
 */
export function hasSolver(kind, reading = "strict") {
  return kind === "kamisado" || (kind === "isolation" && reading === "strict");
}

/** The levels of `kind` (any game of the page; Isolation's by its `reading`). */
export function levelsFor(kind, reading) {
  return LEVELS.filter((l) => !l.solver || hasSolver(kind, reading));
}

/** The level `id` of `kind`, or Hard for an unknown one (an old link). */
export function level(id, kind, reading) {
  return levelsFor(kind, reading).find((l) => l.id === id) ?? LEVELS[3];
}

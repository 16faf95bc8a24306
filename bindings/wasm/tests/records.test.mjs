// Game records in the package (the full module): written from what was
// played, read back, replayed and checked; errors name the action, or the
// line and column.
import { test } from "node:test";
import assert from "node:assert/strict";
import { full, rules, random } from "./helpers.mjs";

const {
  CongressPosition,
  IsolationPosition,
  QuebecPosition,
  readFamilyRecords,
  writeFamilyRecord,
  KamisadoMatch,
  KatarengaBoard,
  KatarengaPosition,
  readKamisadoRecords,
  readKatarengaRecords,
  writeKamisadoRecord,
  writeKatarengaRecord,
} = full;

test("the records are in the full module, not the rules one", () => {
  for (const name of ["readKamisadoRecords", "writeKamisadoRecord", "readKatarengaRecords", "writeKatarengaRecord", "readFamilyRecords", "writeFamilyRecord"]) {
    assert.equal(typeof full[name], "function", name);
    assert.equal(rules[name], undefined, name);
  }
});

test("Kamisado matches written from random play read back as played", () => {
  const rng = random(7);
  for (let game = 0; game < 30; game++) {
    const target = [1, 3, 7][game % 3];
    const match = new KamisadoMatch(target);
    const actions = [];
    while (match.state !== "over" && actions.length < 400) {
      if (match.state === "chooseEdge") {
        const edge = rng.pick(["a", "h"]);
        match.chooseEdge(edge);
        actions.push(edge);
      } else {
        const move = rng.pick(match.position.legalMoves());
        match.play(move);
        actions.push(move);
      }
    }
    // Unfinished games too: cut some short.
    const cut = game % 5 === 4 ? actions.slice(0, actions.length - 1) : actions;
    const text = writeKamisadoRecord({ event: "test", black: "Ann", white: "Bob", date: "2026.12.01", target, actions: cut, tags: { Round: String(game) } });
    const [read] = readKamisadoRecords(text);
    assert.deepEqual(read.actions, cut);
    assert.equal(read.target, target);
    assert.equal(read.black, "Ann");
    assert.equal(read.tags.Round, String(game));
    if (cut === actions) {
      assert.equal(read.termination, "normal");
      assert.equal(read.winner, match.winner);
    } else {
      assert.equal(read.termination, "unfinished");
      assert.equal(read.winner, undefined);
    }
    // Written again from what was read: the same text.
    assert.equal(writeKamisadoRecord(read), text);
  }
});

test("Katarenga games by either rule, from the start or a later position", () => {
  const rng = random(11);
  const endings = new Set();
  for (let game = 0; game < 30; game++) {
    const index = rng.below(KatarengaBoard.arrangementCount());
    const tiles = KatarengaBoard.arrangementTiles(index).join(" ");
    const rules = game % 2 ? "no-first-capture" : "standard";
    let position = KatarengaPosition.startOn(KatarengaBoard.arrangement(index), { rules });
    const start = game % 3 === 0 ? position.play(position.legalMoves()[0]) : position;
    position = start;
    const moves = [];
    // One game in four plays captures and camp entries first, to its end;
    // the others stop after 60 plies.
    while (!position.isOver && moves.length < (game % 4 === 0 ? 600 : 60)) {
      const legal = position.legalMoves();
      const sharp = legal.filter((m) => position.isCapture(m) || /[09]$/.test(m));
      const move = rng.pick(game % 4 === 0 && sharp.length > 0 && rng.next() < 0.8 ? sharp : legal);
      moves.push(move);
      position = position.play(move);
    }
    const game_ = { white: "W", black: "B", board: tiles, rules, start: start.toString(), moves };
    if (!position.isOver && game % 4 === 1) Object.assign(game_, { termination: "ply limit" });
    if (!position.isOver && game % 4 === 3) Object.assign(game_, { termination: "time forfeit", winner: "black" });
    const text = writeKatarengaRecord(game_);
    const [read] = readKatarengaRecords(text);
    assert.deepEqual(read.moves, moves);
    assert.equal(read.board, tiles);
    assert.equal(read.rules, rules);
    assert.equal(read.start, game % 3 === 0 ? start.toString() : undefined);
    endings.add(read.termination);
    if (position.isOver) assert.equal(read.winner, position.outcome.winner);
    assert.equal(writeKatarengaRecord(read), text);
  }
  assert.ok(endings.has("normal") && endings.has("ply limit") && endings.has("time forfeit"), [...endings].join());
});

test("bad games and records say what and where", () => {
  assert.throws(() => writeKamisadoRecord({ target: 1, actions: ["d1d7", "d1d7"] }), /action 2 \(d1d7\)/);
  assert.throws(() => writeKamisadoRecord({ target: 1, actions: ["a"] }), /action 1 \(a\)/);
  assert.throws(() => writeKamisadoRecord({ target: 1, actions: "d1d7" }), TypeError);
  assert.throws(() => writeKamisadoRecord({ actions: [] }), /`game.target` must be a number, not undefined/);
  assert.throws(() => writeKamisadoRecord({ target: 1, actions: [], score: 1 }), /unknown field `score`/);
  assert.throws(() => writeKamisadoRecord({ target: 1, actions: [], termination: "resignation" }), /needs its `winner`/);
  assert.throws(() => writeKamisadoRecord(), TypeError);
  assert.throws(() => writeKatarengaRecord({ board: "1f0 1f0 3f0 4f0", moves: [] }), /bad Board tag/);
  assert.throws(() => writeKatarengaRecord({ board: "1f0 2f0 3f0 4f0", moves: ["a1a1"] }), /move 1 \(a1a1\)/);
  assert.throws(() => readKamisadoRecords(42), TypeError);
  const good = writeKamisadoRecord({ target: 1, actions: ["d1d7"] });
  assert.throws(() => readKamisadoRecords(good.replace("d1d7", "d1d9")), /line \d+, column \d+/);
  assert.deepEqual(readKatarengaRecords(""), []);
});

test("a set-up match's record: each later round from the set-ups drawn", () => {
  const { KamisadoSetupChart } = full;
  const chart = new KamisadoSetupChart("1 NGRYKPBO\n2 OBPKYRGN\n3 GNYRPKOB\n");
  const first = chart.start(1, 3);
  const m = KamisadoMatch.resume(first, { target: 3, refill: "setups" });
  const actions = [];
  let seed = 0;
  while (m.state !== "over") {
    if (m.state === "drawSetups") {
      m.drawSetups(chart, seed++);
      actions.push(m.position.toString());
    } else {
      const move = m.position.legalMoves()[0];
      m.play(move);
      actions.push(move);
    }
  }
  const game = { black: "a", white: "b", target: 3, refill: "setups", start: first.toString(), actions };
  const text = writeKamisadoRecord(game);
  assert.match(text, /\[Refill "setups"\]/);
  assert.doesNotMatch(text, /^Edge /m);
  const [read] = readKamisadoRecords(text);
  assert.deepEqual(read.actions, actions);
  assert.equal(read.refill, "setups");
  // A later round that no draw lays out is refused, naming the action.
  const bad = actions.slice();
  const i = bad.findIndex((a) => a.includes("/"));
  bad[i] = "obpkyrgn/8/8/8/8/8/N7/1GRYKPBO b -";
  assert.throws(() => writeKamisadoRecord({ ...game, actions: bad }), new RegExp(`action ${i + 1} .*not a start from numbered set-ups`));
});

test("Congress, Quebec and Isolation games read back as played, with their options and draws", () => {
  const rng = random(13);
  const games = [
    ["congress", CongressPosition, [{}, { noMove: "pass" }]],
    ["quebec", QuebecPosition, [{}, { bothConnected: "draw" }]],
    ["isolation", IsolationPosition, [{}, { reading: "opposite" }, { reading: "one-way", supply: "none" }]],
  ];
  const seen = { win: 0, draw: 0, unfinished: 0, "ply limit": 0, "time forfeit": 0, start: 0 };
  for (let game = 0; game < 60; game++) {
    const [name, Position, variants] = games[game % 3];
    const options = variants[Math.floor(game / 3) % variants.length];
    const index = rng.below(KatarengaBoard.arrangementCount());
    const tiles = KatarengaBoard.arrangementTiles(index).join(" ");
    let position = Position.startOn(KatarengaBoard.arrangement(index), options);
    const start = game % 7 === 0 ? position.play(position.legalMoves()[0]) : position;
    position = start;
    const moves = [];
    // Most games to their end; one in five cut at 12 plies.
    const limit = game % 5 === 4 ? 12 : 1000;
    while (!position.isOver && moves.length < limit) {
      const move = rng.pick(position.legalMoves());
      moves.push(move);
      position = position.play(move);
    }
    const written = { white: "W", black: "B", game: name, options, board: tiles, moves };
    if (start !== position && game % 7 === 0) {
      written.start = start.toString();
      seen.start++;
    }
    if (!position.isOver && game % 10 === 4) Object.assign(written, { termination: "ply limit" });
    if (!position.isOver && game % 10 === 9) Object.assign(written, { termination: "time forfeit", winner: "white" });
    const text = writeFamilyRecord(written);
    // The Game tag names the game and the options that are not the defaults.
    const words = Object.entries(options).map(([k, v]) => `${k.replace(/[A-Z]/g, (c) => `-${c.toLowerCase()}`)}=${v}`);
    assert.match(text, new RegExp(`\\[Game "${[name, ...words].join(" ")}"\\]`));
    const [read] = readFamilyRecords(text);
    assert.equal(read.game, name);
    assert.deepEqual(read.options, { ...Position.start().options, ...options });
    assert.deepEqual(read.moves, moves);
    assert.equal(read.board, tiles);
    assert.equal(read.start, written.start);
    if (position.isOver) {
      assert.equal(read.termination, "normal");
      assert.equal(read.winner, position.outcome.winner);
      seen[position.outcome.draw ? "draw" : "win"]++;
      assert.ok(text.includes(`[Result "${position.outcome.winner ?? "draw"}"]`), text);
    } else {
      assert.equal(read.termination, written.termination ?? "unfinished");
      seen[read.termination]++;
    }
    // Written again from what was read: the same text.
    assert.equal(writeFamilyRecord(read), text);
  }
  // A draw by the rules never came in random play: Quebec's both-connected
  // draw, from a start where White's rook on e4 takes Black's last
  // outlying pawn on d4, next to its own pawn on d3 (the standard board:
  // e4 is red).
  const standard = KatarengaBoard.standard().toString();
  const start = `${standard} bb6/8/8/8/3bw3/3w4/8/8 w`;
  for (const [bothConnected, result] of [["draw", "draw"], ["mover", "white"]]) {
    const text = writeFamilyRecord({ game: "quebec", options: { bothConnected }, board: "1f0 2f0 3f0 4f0", start, moves: ["e4d4"] });
    assert.ok(text.includes(`[Result "${result}"]`) && text.includes('[Termination "normal"]'), text);
    const [read] = readFamilyRecords(text);
    assert.equal(read.winner, result === "draw" ? undefined : result);
    seen[result === "draw" ? "draw" : "win"]++;
  }
  for (const [what, count] of Object.entries(seen)) assert.ok(count > 0, `no game with ${what}: ${JSON.stringify(seen)}`);
});

test("bad family games say which field or move", () => {
  const board = "1f0 2f0 3f0 4f0";
  assert.throws(() => writeFamilyRecord({ game: "katarenga", board, moves: [] }), /`game.game` is "katarenga": expected congress, quebec or isolation/);
  assert.throws(() => writeFamilyRecord({ game: "isolation", options: { reading: "8" }, board, moves: [] }), /`game.options.reading` is "8": expected strict, opposite, one-way/);
  assert.throws(() => writeFamilyRecord({ game: "congress", options: { reading: "strict" }, board, moves: [] }), /`game.options` has an unknown field `reading`/);
  assert.throws(() => writeFamilyRecord({ game: "isolation", board, moves: ["@d4", "@d4"] }), /move 2 \(@d4\)/);
  assert.throws(() => writeFamilyRecord({ game: "quebec", moves: [] }), /`game.board` must be a string/);
  assert.throws(() => writeFamilyRecord({ game: "congress", board, moves: [], termination: "resignation" }), /needs its `winner`/);
  const good = writeFamilyRecord({ game: "isolation", board, moves: ["@d4"] });
  assert.throws(() => readFamilyRecords(good.replace("@d4", "@d9")), /line \d+, column \d+/);
  assert.deepEqual(readFamilyRecords(""), []);
});

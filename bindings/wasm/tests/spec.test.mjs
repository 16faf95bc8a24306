// GameSpec: the one description of a game, as the Rust crates read and write it.
import { test } from "node:test";
import assert from "node:assert/strict";
import { full, rules } from "./helpers.mjs";

for (const [name, module] of [["full", full], ["rules", rules]]) {
  const { GameSpec, KamisadoPosition, KatarengaBoard, KatarengaPosition, start } = module;

  test(`${name}: the text form is canonical and reads back`, () => {
    for (const [text, canonical] of [
      ["kamisado", "kamisado"],
      ["kamisado target=marathon", "kamisado target=15"],
      ["katarenga board=standard  rules=no-first-capture", "katarenga rules=no-first-capture"],
      ["katarenga board=4b3,3f0,2f0,1f0", "katarenga board=4b3,3f0,2f0,1f0"],
    ]) {
      const spec = new GameSpec(text);
      assert.equal(spec.toString(), canonical);
      assert.ok(new GameSpec(spec.toString()).equals(spec));
    }
    assert.equal(new GameSpec().toString(), "kamisado");
  });

  test(`${name}: the fields and the start of each game`, () => {
    const kamisado = new GameSpec("kamisado target=3");
    assert.deepEqual([kamisado.game, kamisado.rules, kamisado.target, kamisado.board], ["kamisado", "standard", 3, undefined]);
    assert.ok(kamisado.start() instanceof KamisadoPosition);
    assert.equal(kamisado.start().toString(), KamisadoPosition.start().toString());
    const katarenga = new GameSpec("katarenga rules=no-first-capture");
    assert.deepEqual([katarenga.game, katarenga.rules, katarenga.target, katarenga.board], ["katarenga", "no-first-capture", undefined, "standard"]);
    const start = katarenga.start();
    assert.ok(start instanceof KatarengaPosition);
    assert.equal(start.firstMovePending("white"), true);
    assert.deepEqual(GameSpec.games(), ["kamisado", "katarenga", "congress", "quebec", "isolation"]);
    // Every game's start is its position class (family.test.mjs tries them).
    assert.ok(new GameSpec("isolation").start() instanceof module.IsolationPosition);
    assert.ok(new GameSpec("congress").start() instanceof module.CongressPosition);
    assert.ok(new GameSpec("quebec").start() instanceof module.QuebecPosition);
    assert.deepEqual(GameSpec.readings("katarenga"), ["standard", "no-first-capture"]);
  });

  test(`${name}: start takes a GameSpec or its text`, () => {
    // The position classes' own constructors are the independent source.
    const board = KatarengaBoard.fromTiles(["1f0", "2b1", "3f2", "4f3"]);
    const expected = KatarengaPosition.startOn(board, { rules: "no-first-capture" });
    const text = "katarenga rules=no-first-capture board=1f0,2b1,3f2,4f3";
    for (const spec of [text, new GameSpec(text)]) {
      const position = start(spec);
      assert.ok(position instanceof KatarengaPosition);
      assert.ok(position.equals(expected));
    }
    // A board turned to another edge is a board of its own: its colours field.
    const turned = board.turned("left");
    assert.ok(start(`katarenga board=${turned}`).equals(KatarengaPosition.startOn(board, { orientation: "left" })));
    assert.ok(start("kamisado target=7") instanceof KamisadoPosition);
    assert.ok(start(new GameSpec()).equals(KamisadoPosition.start()));
  });

  test(`${name}: start refuses what is not a spec`, () => {
    assert.throws(() => start("katarenga target=3"), /at byte 10: katarenga has no field target/);
    assert.throws(() => start(3), { name: "TypeError", message: "`spec` must be a GameSpec or its text, not the number 3" });
    assert.throws(() => start({}), { name: "TypeError", message: "`spec` must be a GameSpec or its text, not an object" });
    assert.throws(() => start(undefined), TypeError);
    assert.throws(() => start(null), TypeError);
  });

  test(`${name}: errors say what is wrong and where, and bad arguments are type errors`, () => {
    assert.throws(() => new GameSpec("katarenga target=3"), /at byte 10: katarenga has no field target/);
    assert.throws(() => new GameSpec("chess"), /unknown game "chess"/);
    assert.throws(() => new GameSpec(3), TypeError);
    assert.throws(() => GameSpec.readings("chess"), /unknown game/);
    assert.throws(() => GameSpec.readings(undefined), TypeError);
  });

  test(`${name}: a Kamisado reading reaches the position and the match`, () => {
    // Black's yellow tower on d7 is blocked: by the standard rules White then
    // moves its tower of d7's colour (green), by rule text 001's literal
    // reading its own yellow tower (kamisado-core's rules page).
    const text = "obpkyr1n/3Y4/8/8/8/1g6/8/NGR1KPBO b y";
    assert.deepEqual(GameSpec.readings("kamisado"), ["standard", "pushed-square", "blocked-colour"]);
    const standard = new KamisadoPosition(text);
    const literal = standard.withRules("blocked-colour");
    assert.deepEqual([standard.rules, literal.rules], ["standard", "blocked-colour"]);
    assert.equal(standard.equals(literal), false);
    assert.ok(standard.play("d7d7").toString().endsWith(" w g"));
    assert.ok(literal.play("d7d7").toString().endsWith(" w y"));
    assert.equal(literal.play("d7d7").rules, "blocked-colour");
    const spec = new GameSpec("kamisado target=3 rules=pushed-square");
    assert.equal(spec.toString(), "kamisado rules=pushed-square target=3");
    assert.equal(spec.rules, "pushed-square");
    assert.ok(start(spec).equals(KamisadoPosition.start("pushed-square")));
    assert.equal(KamisadoPosition.start().rules, "standard");
    assert.throws(() => standard.withRules("sideways"), /pushed-square or blocked-colour/);
  });

  test(`${name}: a Kamisado layout reaches the position, the colours, the match and the draw`, () => {
    const { KamisadoMatch } = module;
    assert.deepEqual(GameSpec.layouts("kamisado"), ["standard", "turned", "mirrored", "mirrored-turned"]);
    assert.deepEqual(GameSpec.layouts("katarenga"), []);
    // The rules page's drawing (rank 8 first) turned a quarter clockwise,
    // written here: a1 takes a8's colour, h1 h8's... (rank 1 is the drawing's
    // a-file read from the top down).
    const drawing = ["obpkyrgn", "rokgbynp", "gkorpnyb", "kpbongry", "yrgnobpk", "bynprokg", "pnybgkor", "ngrykpbo"];
    const names = { o: "orange", b: "blue", p: "purple", k: "pink", y: "yellow", r: "red", g: "green", n: "brown" };
    const turned = [];
    for (let rank = 0; rank < 8; rank++) {
      for (let file = 0; file < 8; file++) turned.push(names[drawing[file][rank]]);
    }
    assert.deepEqual(KamisadoPosition.squareColours("turned"), turned);
    assert.equal(KamisadoPosition.squareColour("a1", "turned"), "orange");
    assert.equal(KamisadoPosition.squareColour("a1"), "brown");
    const start = KamisadoPosition.start("standard", "turned");
    assert.equal(start.layout, "turned");
    assert.equal(start.toString(), "npbykgro/8/8/8/8/8/8/ORGKYBPN b -");
    assert.equal(start.perft(3), KamisadoPosition.start().perft(3));
    // After Black's blocked yellow tower on d7 passes, White moves its
    // tower of d7's colour: green on the printed board, red turned.
    const text = "obpkyr1n/3Y4/8/8/8/1g6/8/NGR1KPBO b y";
    assert.ok(new KamisadoPosition(text).withLayout("turned").play("d7d7").toString().endsWith(" w r"));
    const spec = new GameSpec("kamisado layout=turned target=3");
    assert.equal(spec.layout, "turned");
    assert.ok(KamisadoMatch.fromSpec(spec).position.equals(start));
    assert.ok(new KamisadoMatch(3, "standard", "turned").position.equals(start));
    assert.throws(() => new GameSpec("kamisado layout=random"), /drawn when a game begins/);
    const drawn = new Set();
    for (let seed = 0; seed < 64; seed++) drawn.add(new GameSpec("kamisado layout=random", seed).layout);
    assert.equal(drawn.size, 4);
    assert.throws(() => start.withLayout("sideways"), /standard, turned, mirrored or mirrored-turned/);
  });

  test(`${name}: the pictures mark the colours when asked`, () => {
    for (const [position, mark, count] of [[KamisadoPosition.start(), "茶", 10], [new KatarengaPosition(), "♔", 16]]) {
      assert.ok(!position.svg().includes('class="square-mark"'));
      const marked = position.svg(true);
      assert.equal(marked.split('class="square-mark"').length - 1, 64);
      assert.equal(marked.split(mark).length - 1, count);
    }
    assert.throws(() => KamisadoPosition.start().svg("yes"), TypeError);
  });
}

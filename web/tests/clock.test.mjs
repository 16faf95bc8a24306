// The page's clocks (web/js/clock.js), with the times given: no waiting.
// Run with `node --test` in web/tests (CI does).
import assert from "node:assert/strict";
import { test } from "node:test";
import { Clocks, parseControl } from "../js/clock.js";

test("a time control is minutes and an increment in seconds", () => {
  assert.deepEqual(parseControl("5+3"), { base: 300_000, increment: 3000 });
  assert.deepEqual(parseControl("0.5+0"), { base: 30_000, increment: 0 });
  for (const bad of ["none", "", "5", "+3", "5+", "a+b", null, undefined]) assert.equal(parseControl(bad), null, String(bad));
});

test("the running side is charged, and its increment added after its move", () => {
  const clocks = new Clocks({ black: "5+3", white: "5+3" });
  assert.ok(clocks.on);
  clocks.start("black", 0);
  assert.equal(clocks.remaining("black", 1000), 299_000);
  assert.equal(clocks.remaining("white", 1000), 300_000, "the other clock stands");
  clocks.moved("black", 1000);
  assert.equal(clocks.remaining("black", 5000), 302_000, "charged 1 s, given 3 s");
  assert.equal(clocks.running, null);
  clocks.start("white", 1000);
  clocks.start("white", 4000); // already running: no restart
  assert.equal(clocks.remaining("white", 11_000), 290_000);
  clocks.pause(11_000);
  assert.equal(clocks.remaining("white", 50_000), 290_000, "paused: nothing charged");
});

test("a flag falls at zero, and only with a clock", () => {
  const clocks = new Clocks({ black: "1+0", white: null });
  clocks.start("black", 0);
  assert.equal(clocks.fallen(59_999), null);
  assert.equal(clocks.fallen(60_000), "black");
  assert.equal(clocks.remaining("white", 60_000), null);
  clocks.pause(0);
  clocks.start("white", 0);
  assert.equal(clocks.fallen(10_000_000), null, "White has no clock");
  assert.equal(new Clocks(null).on, false);
});

test("kept time is taken up again", () => {
  const clocks = new Clocks({ black: "5+3", white: "5+3" }, { black: 1500, white: 60_000 });
  assert.equal(clocks.remaining("black"), 1500);
  assert.equal(clocks.remaining("white"), 60_000);
});

test("a computer spends a twentieth of its time plus most of its increment, at most half", () => {
  const clocks = new Clocks({ black: "5+3", white: "1+0" }, { black: 300_000, white: 1000 });
  assert.equal(clocks.budget("black"), 300_000 / 20 + 2250);
  assert.equal(clocks.budget("white"), 50, "a twentieth of 1 s");
  assert.equal(new Clocks({ black: "0+10" }, { black: 100 }).budget("black"), 50, "at most half of what is left");
  assert.equal(new Clocks(null).budget("black"), null);
});

test("the clock's text", () => {
  assert.equal(Clocks.format(300_000), "5:00");
  assert.equal(Clocks.format(65_400), "1:05");
  assert.equal(Clocks.format(9_560), "0:09.6");
  assert.equal(Clocks.format(-5), "0:00.0");
  assert.equal(Clocks.format(null), "");
});

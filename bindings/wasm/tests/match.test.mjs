// Kamisado matches: the match's own rules as the rules page states them
// (scoring, promotion, refill, who opens), and a match saved to JSON and
// loaded again at every step plays on identically.
import { test } from "node:test";
import assert from "node:assert/strict";
import { full, rules, random } from "./helpers.mjs";

test("the rules page's worked example: a pass, a win, the refill from each edge", () => {
  const { KamisadoMatch } = rules;
  const m = new KamisadoMatch(3);
  assert.equal(m.state, "inRound");
  assert.equal(m.actor, "black");
  for (const move of ["d1d7", "g8b3"]) assert.equal(m.play(move), undefined);
  assert.equal(m.position.moveKind("d7d7"), "pass", "Black's yellow tower on d7 is blocked");
  assert.equal(m.play("d7d7"), undefined);
  const summary = m.play("b3d1");
  assert.equal(summary.round, 1);
  assert.equal(summary.outcome.winner, "white");
  assert.equal(summary.outcome.ending, "arrival");
  assert.equal(summary.tower, "green");
  assert.equal(summary.sumo, 0);
  assert.equal(summary.points, 1);
  assert.deepEqual(summary.scores, { black: 0, white: 1 });
  assert.equal(m.state, "chooseEdge");
  assert.equal(m.chooser, "white");
  assert.equal(m.actor, "white");
  assert.deepEqual(m.lastRound, summary);
  assert.equal(m.position.toString(), "obpkyr1n/3Y4/8/8/8/8/8/NGRgKPBO b y");
  assert.equal(m.nextRoundStart("a").toString(), "obpkyrng+/8/8/8/8/8/8/NGRKPBOY b -");
  assert.equal(m.nextRoundStart("h").toString(), "g+obpkyrn/8/8/8/8/8/8/YNGRKPBO b -");
  m.chooseEdge("h");
  assert.equal(m.state, "inRound");
  assert.equal(m.round, 2);
  assert.equal(m.position.toString(), "g+obpkyrn/8/8/8/8/8/8/YNGRKPBO b -");
  assert.equal(m.position.sideToMove, "black", "the loser opens");
  assert.equal(m.nextRoundStart("a"), undefined, "no edge to choose in a round");
});

test("a match from a spec: its reading, scoring and refill (the rules page's match options)", () => {
  const { KamisadoMatch, GameSpec } = rules;
  const spec = "kamisado rules=pushed-square target=3 scoring=rings refill=farthest";
  for (const given of [spec, new GameSpec(spec)]) {
    const m = KamisadoMatch.fromSpec(given);
    assert.deepEqual([m.target, m.scoring, m.refill, m.position.rules], [3, "rings", "farthest", "pushed-square"]);
  }
  const m = KamisadoMatch.fromSpec("kamisado target=3 refill=farthest");
  for (const move of ["d1d7", "g8b3", "d7d7", "b3d1"]) m.play(move);
  // The worked example's end refilled farthest rank first: Black's yellow
  // tower from d7 comes before its home row's towers.
  assert.equal(m.nextRoundStart("a").toString(), "g+obpkyrn/8/8/8/8/8/8/YNGRKPBO b -");
  assert.equal(new KamisadoMatch(3).scoring, "rank");
  assert.throws(() => KamisadoMatch.fromSpec("katarenga"), /not a kamisado match/);
  assert.throws(() => KamisadoMatch.fromSpec("kamisado scoring=gold"), /rank or rings/);
});

test("a single round is a match to 1 point", () => {
  const m = new rules.KamisadoMatch(1);
  for (const move of ["d1d7", "g8b3", "d7d7", "b3d1"]) m.play(move);
  assert.equal(m.state, "over");
  assert.equal(m.winner, "white");
  assert.equal(m.actor, undefined);
  assert.equal(m.chooser, undefined);
  assert.throws(() => m.play("a1a2"), /the match is over: white won/);
});

/** Plays one random action (a legal move, or an edge) in `m`. */
function act(m, rng) {
  if (m.state === "chooseEdge") {
    const edge = rng.pick(["a", "h"]);
    m.chooseEdge(edge);
    return `edge ${edge}`;
  }
  const move = rng.pick(m.position.legalMoves());
  m.play(move);
  return move;
}

for (const [name, module] of [["full", full], ["rules", rules]]) {
  test(`${name}: a match saved and reloaded at every step plays on identically`, () => {
    const { KamisadoMatch } = module;
    const rng = random(7);
    let steps = 0;
    let rounds = 0;
    let sumoRounds = 0;
    for (const target of [3, 7, 15, 3, 7]) {
      const m = new KamisadoMatch(target);
      while (m.state !== "over") {
        // Saved two ways (the text JSON.stringify writes, the plain object),
        // each loaded into a match equal to the live one.
        const text = JSON.stringify(m);
        const fromText = KamisadoMatch.fromJSON(text);
        const fromObject = KamisadoMatch.fromJSON(m.toJSON());
        assert.ok(fromText.equals(m) && fromObject.equals(m), `reloaded at step ${steps}: ${text}`);
        assert.equal(JSON.stringify(fromText), text, "saving again writes the same text");
        // The reloaded match and the live one take the same action and stay equal.
        const copy = rng.next() < 0.5 ? fromText : fromObject;
        const seed = rng.below(2 ** 31);
        const action = act(m, random(seed));
        assert.equal(act(copy, random(seed)), action);
        assert.ok(copy.equals(m), `after ${action}`);
        assert.deepEqual(copy.scores, m.scores);
        assert.equal(copy.state, m.state);
        assert.equal(copy.position.toString(), m.position.toString());
        if (action.startsWith("edge")) {
          rounds++;
          if (m.position.towers().some((t) => t.sumo > 0)) sumoRounds++;
        }
        steps++;
      }
      const { black, white } = m.scores;
      assert.ok(Math.max(black, white) >= target && Math.min(black, white) < target);
      assert.equal(m.winner, black > white ? "black" : "white");
    }
    assert.ok(steps > 500, `${steps} steps`);
    assert.ok(rounds >= 10, `${rounds} later rounds`);
    assert.ok(sumoRounds >= 5, `${sumoRounds} rounds started with sumos`);
  });
}

test("clone gives an independent copy", () => {
  const m = new rules.KamisadoMatch(3);
  const copy = m.clone();
  m.play("d1d7");
  assert.equal(copy.position.toString(), "obpkyrgn/8/8/8/8/8/8/NGRYKPBO b -");
  assert.equal(copy.equals(m), false);
});

test("a match taken up at a position: a single round by default, or with its progress", () => {
  const { KamisadoMatch, KamisadoPosition } = rules;
  // White's green tower on b3 reaches d1 at once.
  const p = new KamisadoPosition("obpkyr1n/3Y4/8/8/8/1g6/8/NGR1KPBO w g");
  const single = KamisadoMatch.resume(p);
  assert.deepEqual([single.target, single.round, single.state], [1, 1, "inRound"]);
  single.play("b3d1");
  assert.deepEqual([single.state, single.winner], ["over", "white"]);
  const later = KamisadoMatch.resume(p, { target: 7, scores: { black: 3, white: 5 }, round: 4 });
  const summary = later.play("b3d1");
  assert.deepEqual([summary.round, summary.points], [4, 1]);
  assert.deepEqual(later.scores, { black: 3, white: 6 });
  assert.equal(later.state, "chooseEdge");
  // A finished round is taken up as scored, and must have been.
  const end = p.play("b3d1");
  assert.equal(KamisadoMatch.resume(end, { target: 3, scores: { black: 0, white: 1 } }).state, "chooseEdge");
  assert.throws(() => KamisadoMatch.resume(end), /white won the round for 1 point but has only 0/);
  assert.throws(() => KamisadoMatch.resume(p, { target: 3, scores: { black: 3, white: 0 } }), /target/);
  assert.throws(() => KamisadoMatch.resume(p, { goal: 3 }), /`progress` has an unknown field `goal`; its fields are `target`, `scores`, `round`/);
  assert.throws(() => KamisadoMatch.resume(p, { round: 0 }), /`progress.round` \(a round number\) must be a whole number from 1/);
  assert.throws(() => KamisadoMatch.resume(p, { scores: { black: -1, white: 0 } }), /`progress.scores.black` \(a score in points\) must be a whole number from 0/);
});

for (const [name, module] of [["full", full], ["rules", rules]]) {
  const { KamisadoMatch, KamisadoPosition, KamisadoSetupChart } = module;

  test(`${name}: the set-up match draws each round from the chart`, () => {
    // The tile edition's match (rule text 001): Black draws for the first
    // round; each round's loser draws the next, opens it with the lower
    // number; a round won is 1 point.
    const chart = new KamisadoSetupChart("1 NGRYKPBO\n2 OBPKYRGN\n3 GNYRPKOB\n");
    assert.equal(chart.length, 3);
    assert.equal(chart.get(2), "OBPKYRGN");
    const { low, high } = chart.draw(7);
    assert.ok(1 <= low && low < high && high <= 3);
    const first = chart.start(low, high);
    const m = KamisadoMatch.resume(first, { target: 5, refill: "setups" });
    assert.equal(m.refill, "setups");
    let rounds = 0;
    let seed = 0;
    while (m.state !== "over") {
      if (m.state === "drawSetups") {
        const drawer = m.drawer;
        assert.equal(m.actor, drawer);
        assert.throws(() => m.chooseEdge("a"), /must draw the next round's set-ups/);
        const drawn = m.drawSetups(chart, seed++);
        assert.ok(m.position.equals(chart.start(drawn.low, drawn.high, drawer)));
        continue;
      }
      const before = m.scores.black + m.scores.white;
      if (m.play(m.position.legalMoves()[0]) !== undefined) {
        rounds += 1;
        assert.equal(m.scores.black + m.scores.white, before + 1);
      }
    }
    assert.equal(Math.max(m.scores.black, m.scores.white), 5);
    assert.equal(m.scores.black + m.scores.white, rounds);
    assert.throws(() => new KamisadoSetupChart("1 NGRYKPBO\n3 OBPKYRGN\n"), /line 2, column 1/);
    assert.throws(() => chart.start(2, 1), /not lower/);
    assert.throws(() => m.startRound(new KamisadoPosition()), /the match is over/);
  });
}

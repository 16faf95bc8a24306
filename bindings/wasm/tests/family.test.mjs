// Congress, Quebec and Isolation (the crate katarenga-family): perft from
// the start against the rules page's counts, a whole game, the errors, the
// options through the game description, and Congress's pass. Both modules
// hold the rules; the searchers and the Isolation solver are the full one's.
import { test } from "node:test";
import assert from "node:assert/strict";
import { full, rules } from "./helpers.mjs";

// The rules page of katarenga-family (src/rules.md, "Perft"), computed
// there by a naive generator written from the page: depths 0 to 3.
const PERFT = {
  Congress: [1, 34, 1112, 38361],
  Quebec: [1, 37, 1565, 57381],
  Isolation: [1, 64, 3232, 127332],
};

// Congress's start on the standard board, as the rules page writes it.
const STANDARD = "RYBGRYGB/GRGBGYRY/YYBRBBGR/BGRYYRBG/RGBYRGBY/YYGRYYBR/BBRGBGRG/GRYBGRYB";
const CONGRESS_START = `${STANDARD} 1b1wb1w1/w6b/8/b6w/w6b/8/b6w/1w1bw1b1 w`;

// White to move with no step: its knight on a1 (green) is hemmed in by
// Black's pawns on b3 and c2, its king on h1 (blue) by g1, g2 and h2.
// Neither side is connected; Black can move.
const WHITE_BLOCKED = `${STANDARD} 8/8/8/8/8/1b6/2b3bb/w5bw w`;

for (const [name, module] of [["full", full], ["rules", rules]]) {
  const { CongressPosition, QuebecPosition, IsolationPosition, KatarengaBoard, GameSpec, start } = module;
  const classes = { Congress: CongressPosition, Quebec: QuebecPosition, Isolation: IsolationPosition };

  test(`${name}: family perft from the start matches the rules page`, () => {
    for (const [game, counts] of Object.entries(PERFT)) {
      const position = classes[game].start();
      counts.forEach((nodes, depth) => assert.equal(position.perft(depth), nodes, `${game} depth ${depth}`));
      assert.equal(new classes[game]().perft(1), counts[1], `${game}: the constructor's start`);
      const divide = position.perftDivide(2);
      assert.equal(divide.length, counts[1]);
      assert.equal(divide.reduce((sum, e) => sum + e.nodes, 0), counts[2], `${game} divide`);
    }
  });

  test(`${name}: the family's notation, pieces, board and pictures`, () => {
    const congress = CongressPosition.start();
    assert.equal(congress.toString(), CONGRESS_START);
    assert.ok(CongressPosition.parse(CONGRESS_START).equals(congress));
    assert.equal(congress.sideToMove, "white");
    assert.deepEqual(congress.pieces("white"), ["b1", "e1", "h2", "a4", "h5", "a7", "d8", "g8"]);
    assert.deepEqual(congress.pieces("black"), ["d1", "g1", "a2", "h4", "a5", "h7", "b8", "e8"]);
    assert.equal(congress.pieceOn("d1"), "black");
    assert.equal(congress.pieceOn("d4"), undefined);
    assert.ok(congress.board.equals(KatarengaBoard.standard()));
    assert.equal(congress.board.colourOf("a1"), "green");
    // A step's destinations, and the drops have none from a square.
    const from = congress.legalMoves()[0].slice(0, 2);
    assert.deepEqual(
      congress.destinations(from),
      congress.legalMoves().filter((m) => m.startsWith(from)).map((m) => m.slice(2)),
    );
    assert.deepEqual(IsolationPosition.start().destinations("d4"), []);
    assert.equal(IsolationPosition.start().placements().length, 64);
    assert.equal(IsolationPosition.start().toString(), `${STANDARD} 8/8/8/8/8/8/8/8 w`);
    for (const position of [congress, QuebecPosition.start(), IsolationPosition.start().play("@d4")]) {
      assert.match(position.svg(), /^<svg/);
      assert.equal(position.svg(true).split('class="square-mark"').length - 1, 64);
      assert.match(position.pretty(), /^8 R/);
      assert.equal(typeof position.zobrist, "bigint");
      assert.notEqual(position.zobrist, position.play(position.legalMoves()[0]).zobrist);
    }
    // The hash is the position's: the same pawns reached in two orders
    // (under the strict reading only the set placed decides what is legal).
    const first = IsolationPosition.start();
    const [m1] = first.legalMoves();
    const m2 = first.play(m1).legalMoves().at(-1);
    const third = first.play(m1).play(m2);
    const m3 = third.legalMoves()[Math.floor(third.legalMoves().length / 2)];
    const a = third.play(m3);
    const b = first.play(m3).play(m2).play(m1);
    assert.ok(a.equals(b));
    assert.equal(a.zobrist, b.zobrist);
    assert.deepEqual(b.pieces("white"), [m1, m3].map((m) => m.slice(1)));
    assert.deepEqual([b.inHand("white"), b.inHand("black")], [6, 7]);
    assert.equal(QuebecPosition.start().moveKind(QuebecPosition.start().legalMoves()[0]), "quiet");
    assert.equal(IsolationPosition.start().moveKind("@c3"), "drop");
  });

  test(`${name}: Isolation played to its end by the first legal move`, () => {
    let position = IsolationPosition.start();
    const moves = [];
    while (!position.isOver) {
      const legal = position.legalMoves();
      assert.ok(legal.length > 0, "a game going on has a legal move");
      assert.deepEqual(legal, position.placements().map((s) => `@${s}`));
      assert.equal(position.outcome, undefined);
      moves.push(legal[0]);
      position = position.play(legal[0]);
      assert.ok(moves.length <= 16, "at most 8 pawns a side");
    }
    const outcome = position.outcome;
    const loser = position.sideToMove;
    const winner = loser === "white" ? "black" : "white";
    assert.deepEqual(
      { winner: outcome.winner, loser: outcome.loser, draw: outcome.draw, ending: outcome.ending },
      { winner, loser, draw: false, ending: "no move" },
    );
    assert.equal(outcome.description, `${winner} wins: ${loser} cannot move`);
    assert.deepEqual(position.legalMoves(), []);
    assert.deepEqual(position.placements(), []);
    // The winner placed last.
    assert.equal(moves.length % 2 === 1, winner === "white");
    assert.equal(position.pieces("white").length + position.pieces("black").length, moves.length);
    assert.throws(() => position.play("@a1"), /the game is over: .*cannot move/);
    // Replayed from the notation the same way.
    assert.ok(IsolationPosition.parse(position.toString()).equals(position));
  });

  test(`${name}: illegal moves and bad notations throw, saying what is wrong`, () => {
    const congress = CongressPosition.start();
    assert.throws(() => congress.play("d1d2"), { name: "Error", message: "the pawn on d1 belongs to black, who is not to move" });
    assert.throws(() => congress.play("c3c4"), { message: "there is no pawn on c3" });
    assert.throws(() => congress.play("@d4"), { message: "congress has no drops" });
    assert.throws(() => congress.play("pass"), /you may pass only when you have no other move, under the pass rule/);
    assert.throws(() => congress.play("b1"), Error);
    assert.throws(() => congress.play(7), { name: "TypeError", message: "`move` must be a string, not the number 7" });
    assert.equal(congress.isLegal("d1d2"), false);
    assert.equal(congress.isLegal("nonsense"), false);
    assert.throws(() => congress.moveKind("d1d2"), /belongs to black/);
    const isolation = IsolationPosition.start().play("@a4");
    assert.throws(() => isolation.play("@a4"), { message: "a4 is occupied" });
    assert.throws(() => isolation.play("a4a5"), { message: "isolation has no steps" });
    // a4 is red (a rook's moves): a pawn on a5 would be en prise to it.
    assert.equal(isolation.board.colourOf("a4"), "red");
    assert.throws(() => isolation.play("@a5"), { message: "a pawn on a5 would be en prise to the pawn on a4" });
    assert.throws(() => QuebecPosition.start().play("h2h2"), Error);
    // Notations.
    assert.throws(() => new CongressPosition("RYBG"), /colours/);
    assert.throws(() => new QuebecPosition(`${STANDARD} 8/8/8/8/8/8/8/8 x`), /the side field/);
    assert.throws(() => new QuebecPosition(`${STANDARD} 8/8/8/8/8/8/8/w7 w`), /black has no pawn/);
    assert.throws(() => CongressPosition.parse(`${CONGRESS_START} extra`), /unexpected text after the position/);
    assert.throws(() => IsolationPosition.parse(`${STANDARD} 8/8/8/8/8/8/8/8 q`), /unexpected 'q' in the side field at offset 88/);
    const nine = `${STANDARD} 8/8/8/8/8/8/w7/wwwwwwww b`;
    assert.throws(() => IsolationPosition.parse(nine), /white has 9 pawns on the board, more than the 8 of the box/);
    assert.equal(IsolationPosition.parse(nine, { supply: "none" }).pieces("white").length, 9);
    assert.throws(() => new CongressPosition(42), { name: "TypeError", message: "`notation` must be a string, not the number 42" });
    assert.throws(() => CongressPosition.parse(undefined), TypeError);
    // Options.
    assert.throws(() => CongressPosition.start({ noMove: "win" }), {
      name: "Error",
      message: '`options.noMove` is "win": unknown no-move rule: expected lose or pass',
    });
    assert.throws(() => IsolationPosition.start({ reading: "loose" }), /`options\.reading` is "loose": .*strict, opposite or one-way/);
    assert.throws(() => IsolationPosition.start({ supply: 8 }), { name: "TypeError", message: "`options.supply` must be a string, not the number 8" });
    assert.throws(() => QuebecPosition.start({ noMove: "pass" }), { name: "TypeError", message: /unknown field `noMove`; its fields are `bothConnected`/ });
    assert.throws(() => QuebecPosition.start("draw"), TypeError);
    assert.throws(() => CongressPosition.startOn("standard"), { name: "TypeError", message: "`board` must be a KatarengaBoard, not the string \"standard\"" });
    assert.throws(() => congress.equals(QuebecPosition.start()), TypeError);
    // Every call still works after the errors.
    assert.equal(CongressPosition.start().perft(1), 34);
  });

  test(`${name}: the options round-trip through start(spec)`, () => {
    for (const [text, Position, options] of [
      ["congress", CongressPosition, { noMove: "lose" }],
      ["congress no-move=pass", CongressPosition, { noMove: "pass" }],
      ["quebec", QuebecPosition, { bothConnected: "mover" }],
      ["quebec both-connected=draw", QuebecPosition, { bothConnected: "draw" }],
      ["isolation", IsolationPosition, { reading: "strict", supply: "8" }],
      ["isolation supply=none", IsolationPosition, { reading: "strict", supply: "none" }],
      ["isolation reading=one-way supply=none", IsolationPosition, { reading: "one-way", supply: "none" }],
      ["isolation reading=opposite", IsolationPosition, { reading: "opposite", supply: "8" }],
    ]) {
      for (const spec of [text, new GameSpec(text)]) {
        const position = start(spec);
        assert.ok(position instanceof Position, text);
        assert.deepEqual(position.options, options, text);
        assert.ok(position.equals(Position.start(options)), text);
        assert.ok(new GameSpec(text).start().equals(position), text);
        // The options travel with the moves, and into a parsed position when given.
        const next = position.play(position.legalMoves()[0]);
        assert.deepEqual(next.options, options, text);
        assert.ok(Position.parse(next.toString(), options).equals(next), text);
        assert.ok(new Position(next.toString(), options).equals(next), text);
      }
      assert.equal(new GameSpec(text).game, text.split(" ")[0]);
    }
    // The getters, and withOptions keeping what it is not given.
    const isolation = start("isolation reading=one-way supply=none");
    assert.deepEqual([isolation.reading, isolation.supply, isolation.inHand("white")], ["one-way", "none", undefined]);
    const limited = isolation.withOptions({ supply: "8" });
    assert.deepEqual(limited.options, { reading: "one-way", supply: "8" });
    assert.equal(limited.inHand("white"), 8);
    assert.equal(isolation.equals(limited), false, "the options are part of the position");
    assert.equal(start("congress no-move=pass").noMove, "pass");
    assert.equal(start("quebec both-connected=draw").bothConnected, "draw");
    assert.equal(new GameSpec("congress no-move=pass").rules, "pass");
    // A spec's board is the position's board.
    const board = KatarengaBoard.fromTiles(["1f0", "2b1", "3f2", "4f3"]);
    const quebec = start("quebec both-connected=draw board=1f0,2b1,3f2,4f3");
    assert.ok(quebec.board.equals(board));
    assert.ok(quebec.equals(QuebecPosition.startOn(board, { bothConnected: "draw" })));
    // A parsed position carries the defaults.
    assert.deepEqual(new CongressPosition(CONGRESS_START).options, { noMove: "lose" });
  });

  test(`${name}: Congress's pass is legal only for a side with no move, under noMove "pass"`, () => {
    const lose = new CongressPosition(WHITE_BLOCKED);
    assert.equal(lose.sideToMove, "white");
    assert.deepEqual(lose.legalMoves(), []);
    assert.deepEqual(
      { ...lose.outcome, description: undefined },
      { winner: "black", loser: "white", draw: false, ending: "no move", description: undefined },
    );
    const pass = lose.withOptions({ noMove: "pass" });
    assert.equal(pass.outcome, undefined);
    assert.deepEqual(pass.legalMoves(), ["pass"]);
    assert.equal(pass.moveKind("pass"), "pass");
    assert.equal(pass.perft(1), 1);
    const after = pass.play("pass");
    assert.equal(after.sideToMove, "black");
    assert.deepEqual(after.pieces("white"), ["a1", "h1"], "a pass moves nothing");
    // Black has steps: it may not pass, and never at the start.
    assert.ok(after.legalMoves().length > 0);
    assert.ok(!after.legalMoves().includes("pass"));
    assert.throws(() => after.play("pass"), /you may pass only when you have no other move/);
    assert.equal(CongressPosition.start({ noMove: "pass" }).isLegal("pass"), false);
    // By the notation under the option, and through the spec's rule.
    assert.deepEqual(new CongressPosition(WHITE_BLOCKED, { noMove: "pass" }).legalMoves(), ["pass"]);
  });
}

test("the family's searchers find legal moves, and the Isolation solver proves the start", () => {
  const { CongressPosition, QuebecPosition, IsolationPosition, CongressSearcher, QuebecSearcher, IsolationSearcher, IsolationSolver } = full;
  for (const [Searcher, position] of [
    [CongressSearcher, CongressPosition.start()],
    [QuebecSearcher, QuebecPosition.start({ bothConnected: "draw" })],
    [IsolationSearcher, IsolationPosition.start({ reading: "one-way" })],
  ]) {
    const searcher = new Searcher(4);
    const result = searcher.search(position, { depth: 2 });
    assert.ok(position.isLegal(result.best), `${Searcher.name}: ${result.best}`);
    assert.equal(result.pv[0], result.best);
    assert.equal(result.depth, 2);
    assert.throws(() => searcher.search(full.KatarengaPosition.start()), TypeError);
  }
  const solver = new IsolationSolver();
  const start = IsolationPosition.start();
  const solution = solver.solve(start);
  assert.equal(solution.winner, "white");
  assert.ok(start.isLegal(solution.best));
  // After the winning placement White still wins, whatever Black places.
  const after = start.play(solution.best);
  assert.equal(solver.solve(after).winner, "white");
  assert.equal(solver.solve(after).best, undefined, "the side to move loses: no winning placement");
  assert.equal(solver.solve(after.play(after.legalMoves()[0])).winner, "white");
  assert.throws(() => solver.solve(IsolationPosition.start({ reading: "opposite" })), /strict reading only, not opposite/);
  assert.throws(() => solver.solve(CongressPosition.start()), TypeError);
});

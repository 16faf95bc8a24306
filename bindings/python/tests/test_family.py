"""Congress, Quebec and Isolation through the Python package, checked
against a naive model written here from the rules page (the crate
katarenga-family's): the reach of a pawn square by square, Congress's and
Quebec's moves and connections, Isolation's three readings and the supply.
Also the encoding, the options, pickling, the spec door and the exact
Isolation solver against a plain minimax of the naive model."""

from __future__ import annotations

import pickle

import numpy as np
import pytest

import kamisado_katarenga as kk
from kamisado_katarenga import Player, congress, isolation, katarenga, quebec

FILES = "abcdefgh"
KING = [(df, dr) for df in (-1, 0, 1) for dr in (-1, 0, 1) if (df, dr) != (0, 0)]
KNIGHT = [(1, 2), (2, 1), (2, -1), (1, -2), (-1, -2), (-2, -1), (-2, 1), (-1, 2)]
ROOK = [(1, 0), (-1, 0), (0, 1), (0, -1)]
BISHOP = [(1, 1), (1, -1), (-1, 1), (-1, -1)]


def colours(position) -> dict:
    """Each square's colour letter, from the notation's first field."""
    ranks = str(position).split(" ")[0].split("/")
    return {
        f"{FILES[f]}{8 - r}": letter for r, rank in enumerate(ranks) for f, letter in enumerate(rank)
    }


def step(square: str, df: int, dr: int):
    f, r = FILES.index(square[0]) + df, int(square[1]) + dr
    return f"{FILES[f]}{r}" if 0 <= f < 8 and 1 <= r <= 8 else None


def reach(board: dict, square: str, occupied: set) -> set:
    """The rules page's reach: king squares from blue, knight squares from
    green; from red (rook) or yellow (bishop) each ray up to and including
    the first occupied square or the first square of the start colour."""
    colour = board[square]
    if colour in "BG":
        jumps = KING if colour == "B" else KNIGHT
        return {s for s in (step(square, df, dr) for df, dr in jumps) if s}
    out = set()
    for df, dr in ROOK if colour == "R" else BISHOP:
        s = step(square, df, dr)
        while s:
            out.add(s)
            if s in occupied or board[s] == colour:
                break
            s = step(s, df, dr)
    return out


def connected(pawns: set) -> bool:
    """One group under orthogonal adjacency (a single pawn is one)."""
    if not pawns:
        return False
    todo, seen = [next(iter(pawns))], set()
    while todo:
        s = todo.pop()
        if s in seen:
            continue
        seen.add(s)
        todo += [t for t in (step(s, df, dr) for df, dr in ROOK) if t in pawns]
    return seen == pawns


def naive_steps(position, captures: bool) -> set:
    """Congress's (no captures) or Quebec's moves of the side to move."""
    board = colours(position)
    me, them = set(position.pieces(position.side_to_move)), set(position.pieces(other(position)))
    moves = set()
    for s in me:
        for t in reach(board, s, me | them):
            if t not in me and (captures or t not in them):
                moves.add(s + t)
    return moves


def naive_placements(position) -> set:
    """Isolation's legitimate placements of the side to move by its reading."""
    side = position.side_to_move
    if position.in_hand(side) == 0:
        return set()
    board = colours(position)
    mine, theirs = set(position.pieces(side)), set(position.pieces(other(position)))
    occupied = mine | theirs
    rules = position.rules
    legal = set()
    for s in board:
        if s in occupied:
            continue
        # One-way: the new pawn may not be attacked; strict and opposite:
        # neither attacked nor attacking (opposite: the other colour only).
        against = theirs if rules == "opposite" else occupied
        attacked = any(s in reach(board, p, occupied) for p in against)
        attacks = rules != "one-way" and bool(reach(board, s, occupied) & against)
        if not attacked and not attacks:
            legal.add(s)
    return legal


def other(position) -> str:
    return "black" if position.side_to_move == "white" else "white"


def random_boards(n: int, seed: int):
    rng = np.random.default_rng(seed)
    return [katarenga.Board()] + [katarenga.Board.arrangement(int(i)) for i in rng.integers(98304, size=n - 1)]


@pytest.mark.parametrize("module, rules", [(congress, "lose"), (congress, "pass"), (quebec, "mover"), (quebec, "draw")])
def test_congress_and_quebec_play_as_the_naive_model(module, rules):
    captures = module is quebec
    rng = np.random.default_rng(11)
    # Moves drawn at random or by a shallow search (whose games connect:
    # random games of Congress hardly ever do).
    greedy = Player.search(depth=2)
    hits = {"captures": 0, "connected": 0}
    for board in random_boards(24, 5):
        p = module.start(board, rules)
        for _ in range(150):
            moves = naive_steps(p, captures)
            legal = set(p.legal_moves())
            if rules == "pass" and not moves:
                assert legal == {"pass"}
                moves = {"pass"}
            assert legal == moves, str(p)
            mv = greedy.choose(p) if rng.random() < 0.5 else sorted(moves)[int(rng.integers(len(moves)))]
            mover, before = p.side_to_move, set(p.pieces(other(p)))
            p = p.play(mv)
            if captures and set(p.pieces(p.side_to_move)) != before:
                hits["captures"] += 1
            own = connected(set(p.pieces(mover)))
            theirs = captures and connected(set(p.pieces(p.side_to_move)))
            if own and theirs:
                if rules == "draw":
                    assert p.is_over and p.winner is None and p.ending == "both connected"
                else:
                    assert p.winner == mover and p.ending == "connected"
            elif own or theirs:
                hits["connected"] += 1
                assert p.winner == (mover if own else p.side_to_move) and p.ending == "connected"
            else:
                assert not p.is_over or p.ending in ("no move", "blocked")
            if p.is_over:
                break
    assert hits["connected"] >= 10, hits
    if captures:
        assert hits["captures"] >= 100, hits


@pytest.mark.parametrize("rules", isolation.READINGS)
@pytest.mark.parametrize("supply", isolation.SUPPLIES)
def test_isolation_placements_are_the_naive_model_s(rules, supply):
    rng = np.random.default_rng(3)
    ends = differ = 0
    for board in random_boards(16, 9):
        p = isolation.start(board, rules, supply)
        while True:
            naive = naive_placements(p)
            assert set(p.placements()) == naive, str(p)
            assert set(p.legal_moves()) == {"@" + s for s in naive}
            if rules != "strict":
                # Where this reading admits squares the strict one refuses.
                strict = naive_placements(isolation.Position(str(p), "strict", supply))
                differ += naive != strict
            if not naive:
                assert p.is_over and p.winner == other(p) and p.ending == "no move"
                ends += 1
                break
            p = p.play("@" + sorted(naive)[int(rng.integers(len(naive)))])
    assert ends == 16
    if rules != "strict":
        assert differ >= 16


def test_the_supply_runs_out_after_eight_pawns():
    # One-way on the standard board, placements taken far apart: count the
    # pawns each side placed when the game ends.
    p = isolation.start(rules="one-way")
    while not p.is_over:
        p = p.play(p.legal_moves()[0])
    assert max(len(p.pieces(c)) for c in ("white", "black")) <= 8
    assert p.in_hand("white") == 8 - len(p.pieces("white"))
    assert isolation.start(supply="none").in_hand("white") is None


def minimax_wins(position) -> bool:
    """Whether the side to move wins, by plain minimax over the naive
    model's placements."""
    for square in naive_placements(position):
        if not minimax_wins(position.play("@" + square)):
            return True
    return False


def test_the_isolation_solver_agrees_with_minimax_near_the_end():
    rng = np.random.default_rng(8)
    checked = {True: 0, False: 0}
    for board in random_boards(30, 4):
        p = isolation.start(board)
        while len(naive_placements(p)) > 9:
            legal = sorted(naive_placements(p))
            p = p.play("@" + legal[int(rng.integers(len(legal)))])
        solution = p.solve()
        wins = minimax_wins(p)
        assert (solution["winner"] == p.side_to_move) == wins, str(p)
        if wins:
            assert not minimax_wins(p.play(solution["best"]))
        checked[wins] += 1
    # Both answers were met.
    assert min(checked.values()) >= 5, checked


def test_strict_isolation_on_the_standard_board_is_a_first_player_win():
    solution = isolation.start().solve()
    assert solution["winner"] == "white"
    best = isolation.start().play(solution["best"])
    assert best.solve()["winner"] == "white"
    # The other readings are the search's: a winner only when proven.
    assert isolation.start(rules="one-way").solve(seconds=0.05)["winner"] in (None, "white", "black")


@pytest.mark.parametrize("module", [congress, quebec, isolation])
def test_actions_name_the_legal_moves(module):
    p = module.start(katarenga.Board.arrangement(777))
    for _ in range(6):
        mask = p.action_mask()
        assert mask.shape == (module.ACTIONS,) and mask.sum() == len(p.legal_moves())
        for move in p.legal_moves():
            action = p.action(move)
            assert mask[action] == 1 and p.move_of(action) == move
        assert p.observation().shape == (8, 8, module.CHANNELS)
        p = p.play(p.legal_moves()[-1])
    if module is not isolation:
        assert p.move_of(module.PASS if module is congress else 4096) == "pass"


def test_the_observation_holds_the_pawns_colours_and_supply():
    p = isolation.start().play("@d2").play("@a8")
    obs = p.observation("white")
    assert obs[6, 3, 0] == 1 and obs[0, 0, 1] == 1  # d2 own, a8 the opponent's
    board = colours(p)
    assert all(obs[7 - (int(s[1]) - 1), FILES.index(s[0]), 2 + "RYBG".index(c)] == 1 for s, c in board.items())
    placements = {(7 - (int(s[1]) - 1), FILES.index(s[0])) for s in p.placements()}
    assert {tuple(x) for x in np.argwhere(obs[:, :, 6] == 1)} == placements
    assert obs[0, 0, 7] == pytest.approx(7 / 8) and obs[0, 0, 8] == pytest.approx(7 / 8)
    assert obs[0, 0, 9] == 1 and p.observation("black")[0, 0, 9] == 0


@pytest.mark.parametrize(
    "spec, cls, rules",
    [
        ("congress no-move=pass", congress.Position, "pass"),
        ("quebec both-connected=draw board=1f0,2b1,3f2,4f3", quebec.Position, "draw"),
        ("isolation reading=opposite supply=none", isolation.Position, "opposite"),
    ],
)
def test_a_spec_starts_its_game_with_its_options(spec, cls, rules):
    p = kk.start(spec)
    assert isinstance(p, cls) and p.rules == rules
    assert kk.GameSpec(spec).start() == p
    assert pickle.loads(pickle.dumps(p)) == p
    assert pickle.loads(pickle.dumps(p)).rules == rules


def test_an_unlimited_supply_reads_and_pickles_more_than_eight_pawns():
    text = "RYBGRYGB/GRGBGYRY/YYBRBBGR/BGRYYRBG/RGBYRGBY/YYGRYYBR/BBRGBGRG/GRYBGRYB w1w1w1w1/8/w1w1w1w1/8/w1w1w1w1/8/8/8 b"
    with pytest.raises(ValueError, match="8"):
        isolation.Position(text)
    q = isolation.Position(text, "one-way", "none")
    assert len(q.pieces("white")) == 12 and q.supply == "none"
    assert pickle.loads(pickle.dumps(q)) == q


def test_bad_options_and_moves_say_what_is_wrong():
    with pytest.raises(ValueError, match="lose"):
        congress.start(rules="draw")
    with pytest.raises(ValueError, match="mover"):
        quebec.Position(rules="lose")
    with pytest.raises(ValueError, match="strict"):
        isolation.Batch(2, rules="loose")
    with pytest.raises(ValueError, match="layout"):
        quebec.Position(layout="turned")
    with pytest.raises(ValueError, match="no pawn on a1"):
        congress.start().play("a1a2")
    with pytest.raises(ValueError, match="offset"):
        isolation.Position("RYBG")
    with pytest.raises(ValueError):
        isolation.start().play("b1b3")


@pytest.mark.parametrize("module", [congress, quebec, isolation])
def test_every_player_plays_the_family(module):
    for player in (Player.random(1), Player.greedy(2), Player.search(depth=2)):
        p = module.start()
        for _ in range(4):
            p = p.play(player.choose(p))
    assert module.start().best_move(depth=1) in module.start().legal_moves()


def test_draws_by_the_rules_end_batched_games_with_zero():
    # Quebec's both-connected draw ends about one random game in 700: each
    # ends with reward 0 and restarts.
    n = 256
    batch = quebec.Batch(n, rules="draw", max_plies=300)
    rng = np.random.default_rng(6)
    rows = np.arange(n)
    draws = wins = 0
    for _ in range(1200):
        before = batch.positions()
        legal, counts = batch.legal_actions()
        actions = legal[rows, (rng.random(n) * counts).astype(np.int64)].astype(np.int64)
        rewards, terminated, _ = batch.step(actions)
        for i in np.flatnonzero(terminated):
            p = quebec.Position(before[i], "draw")
            q = p.play(p.move_of(int(actions[i])))
            if q.winner is None:
                assert q.ending == "both connected" and rewards[i] == 0
                draws += 1
            else:
                assert rewards[i] == (1 if q.winner == p.side_to_move else -1)
                wins += 1
    assert draws >= 1 and wins >= 1000, (draws, wins)


BOTH = (
    "RYBGRYGB/GRGBGYRY/YYBRBBGR/BGRYYRBG/RGBYRGBY/YYGRYYBR/BBRGBGRG/GRYBGRYB "
    "7b/8/8/8/8/8/1w6/wb6 w"
)


@pytest.mark.parametrize("rules", quebec.RULES)
def test_a_capture_that_connects_both_sides_follows_the_rule(rules):
    # White b2 takes b1: White's a1-b1 is one group, Black's lone h8 counts
    # as one (the naive model says so too).
    p = quebec.Position(BOTH, rules)
    assert not p.is_over
    q = p.play("b2b1")
    assert connected(set(q.pieces("white"))) and connected(set(q.pieces("black")))
    assert q.is_over
    assert q.winner == ("white" if rules == "mover" else None)
    assert q.ending == ("connected" if rules == "mover" else "both connected")


def isolation_record(winner: str, moves: list[str]) -> str:
    body = " ".join((f"{i // 2 + 1}. " if i % 2 == 0 else "") + m for i, m in enumerate(moves))
    return (
        '[Event "?"]\n[Site "?"]\n[Date "????.??.??"]\n[White "Ann"]\n[Black "Bob"]\n'
        f'[Result "{winner}"]\n[Game "isolation reading=one-way"]\n[Board "1f0 2f0 3f0 4f0"]\n'
        f'[Termination "normal"]\n\n{body}\n'
    )


def test_family_records_read_write_and_refuse():
    from kamisado_katarenga import records

    p, moves = isolation.start(rules="one-way"), []
    while not p.is_over:
        moves.append(p.legal_moves()[0])
        p = p.play(moves[-1])
    text = isolation_record(p.winner, moves)
    [record] = records.read("isolation", text)
    assert record["game"] == "isolation reading=one-way"
    assert [m["move"] for m in record["moves"]] == moves
    assert record["result"] == p.winner
    assert records.read("isolation", records.write("isolation", record)) == [record]
    with pytest.raises(ValueError, match="a record of isolation, not congress"):
        records.read("congress", text)
    with pytest.raises(ValueError, match="a record of isolation, not quebec"):
        records.write("quebec", record)
    # The wrong winner is refused, saying where.
    loser = "white" if p.winner == "black" else "black"
    with pytest.raises(ValueError, match="line 6"):
        records.read("isolation", isolation_record(loser, moves))
    assert "isolation" in records.GAMES

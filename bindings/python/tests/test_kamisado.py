"""Kamisado through the Python API: perft against the reference counts,
the engine against an independent pure-Python generator, the documented
action and observation encoding, matches, pickling and errors."""

from __future__ import annotations

import json
import pickle
import random

import numpy as np
import pytest

from conftest import square_index, suite
from kamisado_katarenga import kamisado
from kamisado_katarenga.bench import BOARD, LETTERS, PyKamisado

COLOURS = ["orange", "blue", "purple", "pink", "yellow", "red", "green", "brown"]

# Perft of the start, from the independent reference implementation.
START_PERFT = [102, 1150, 11182, 105020, 900982]


@pytest.mark.parametrize("depth", range(1, len(START_PERFT) + 1))
def test_start_perft(depth):
    assert kamisado.Position.start().perft(depth) == START_PERFT[depth - 1]


@pytest.mark.parametrize(
    "case",
    suite("crates/kamisado-core/tests/data/kamisado-basic.txt")
    + suite("crates/kamisado-core/tests/data/kamisado-sumo.txt"),
    ids=lambda case: f"{case[0]} d{case[1]}",
)
def test_reference_suites(case):
    position, depth, nodes = case
    assert kamisado.Position(position).perft(depth) == nodes


def test_engine_agrees_with_a_pure_python_generator():
    """1000 random rounds: the same legal moves at every ply, the same
    winner, passes and deadlocks included."""
    rng = random.Random(7)
    passes = deadlocks = 0
    for _ in range(1000):
        p, q = kamisado.Position.start(), PyKamisado.start()
        while not p.is_over:
            moves = sorted(p.legal_moves())
            assert moves == sorted(q.legal_moves()), str(p)
            move = rng.choice(moves)
            passes += move[:2] == move[2:]
            p, q = p.play(move), q.play(move)
        assert q.winner == ("black", "white").index(p.winner), str(p)
        assert q.legal_moves() == []
        deadlocks += p.ending == "deadlock"
    assert passes >= 100 and deadlocks >= 3, (passes, deadlocks)


def random_match_positions(seed: int, count: int):
    """Positions of random matches to 15 points (sumos, pushes and extra
    moves included), with the scores of the match; the last positions are
    those of finished matches (scores that can pass the target)."""
    rng = random.Random(seed)
    out = []
    m = kamisado.Match(15)
    while len(out) < count:
        if m.state == "over":
            m = kamisado.Match(15)
        elif m.state == "choose_edge":
            m.choose_edge(rng.choice("ah"))
        else:
            out.append((m.position, m.scores))
            m.play(rng.choice(m.position.legal_moves()))
    while len(out) < count + 50:
        if m.state == "over":
            out.append((m.position, m.scores))
            m = kamisado.Match(15)
        elif m.state == "choose_edge":
            m.choose_edge(rng.choice("ah"))
        else:
            m.play(rng.choice(m.position.legal_moves()))
    return out


POSITIONS = random_match_positions(3, 4000)


def test_the_sample_covers_sumos_and_pushes():
    assert sum(p.after_push for p, _ in POSITIONS) >= 20
    assert sum(any(t[3] > 0 for t in p.towers()) for p, _ in POSITIONS) >= 1000


def frame(player: str, square: int) -> int:
    return square if player == "black" else 63 - square


def test_actions_and_masks():
    for p, _ in POSITIONS:
        moves = p.legal_moves()
        actions = [p.action(m) for m in moves]
        assert sorted(actions) == list(np.flatnonzero(p.action_mask())), str(p)
        assert p.action_mask().shape == (kamisado.ACTIONS,)
        for move, action in zip(moves, actions):
            assert p.move_of(action) == move
            # The documented formula: colour * 64 + destination in the
            # mover's frame.
            colour = next(t[1] for t in p.towers() if t[2] == move[:2])
            to = frame(p.side_to_move, square_index(move[2:]))
            assert action == COLOURS.index(colour) * 64 + to
            assert kamisado.move_to_action(p, move) == action
            assert kamisado.action_to_move(p, action) == move


def expected_observation(p, scores, target, me):
    """The observation as the module documents it, built from ``towers()``."""
    obs = np.zeros((8, 8, kamisado.CHANNELS), dtype=np.float32)

    def cell(square):
        index = frame(me, square)
        return 7 - index // 8, index % 8

    for player, colour, square, rank in p.towers():
        own = player == me
        r, c = cell(square_index(square))
        obs[r, c, (0 if own else 8) + COLOURS.index(colour)] = 1
        for level in range(1, rank + 1):
            obs[r, c, (15 if own else 18) + level] = 1
        if p.forced_colour == colour and player == p.side_to_move:
            obs[r, c, 22] = 1
    for square in range(64):
        r, c = cell(square)
        obs[r, c, 26 + LETTERS.index(BOARD[square // 8][square % 8])] = 1
    obs[:, :, 23] = p.forced_colour is None
    obs[:, :, 24] = p.after_push
    obs[:, :, 25] = me == "white"
    mine = 0 if me == "black" else 1
    obs[:, :, 34] = min(scores[mine] / target, 1)
    obs[:, :, 35] = min(scores[1 - mine] / target, 1)
    return obs


def test_observations_follow_the_documented_planes():
    assert max(max(scores) for _, scores in POSITIONS) > 15
    for p, scores in POSITIONS[::7] + POSITIONS[-50:]:
        for me in ("black", "white"):
            got = p.observation(scores, 15, me)
            assert got.shape == (8, 8, kamisado.CHANNELS) and got.dtype == np.float32
            np.testing.assert_array_equal(got, expected_observation(p, scores, 15, me))
    # Each player sees its own home row at the bottom, brown at the left.
    start = kamisado.Position.start()
    for me in ("black", "white"):
        obs = start.observation(player=me)
        assert obs[7, 0, 7] == 1 and obs[0, 7, 8 + 7] == 1


def test_match_steps_agree_with_moves():
    """A match played by action numbers equals the same match played by
    moves and edges."""
    rng = random.Random(11)
    for _ in range(20):
        by_action, by_move = kamisado.Match(3), kamisado.Match(3)
        while by_move.state != "over":
            assert by_action == by_move
            mask = by_action.action_mask()
            action = int(rng.choice(np.flatnonzero(mask)))
            if by_move.state == "choose_edge":
                assert list(np.flatnonzero(mask)) == [kamisado.EDGE_A, kamisado.EDGE_H]
                by_move.choose_edge("a" if action == kamisado.EDGE_A else "h")
            else:
                assert by_action.actor == by_move.position.side_to_move
                by_move.play(by_move.position.move_of(action))
            by_action.step(action)
        assert by_action == by_move and by_action.winner is not None
        assert max(by_move.scores) >= 3 and by_move.actor is None
        assert not by_move.action_mask().any()


def test_a_push_gives_the_pusher_the_next_move():
    pushes = 0
    for p, _ in POSITIONS:
        for move in p.legal_moves():
            q = p.play(move)
            if q.after_push:
                pushes += 1
                assert q.side_to_move == p.side_to_move
    assert pushes >= 50


def test_the_worked_example_of_the_rules():
    m = kamisado.Match(3)
    for move in ["d1d7", "g8b3", "d7d7", "b3d1"]:
        m.play(move)
    assert m.state == "choose_edge" and m.chooser == "white" and m.scores == (0, 1)
    m.choose_edge("a")
    assert str(m.position) == "obpkyrng+/8/8/8/8/8/8/NGRKPBOY b -"
    assert m.scores == (0, 1) and m.round == 2


def test_pickling_and_hashing():
    for p, _ in POSITIONS[:200]:
        copy = pickle.loads(pickle.dumps(p))
        assert copy == p and hash(copy) == hash(p) and str(copy) == str(p)
        assert kamisado.Position(str(p)) == p
    m = kamisado.Match(7)
    for move in ["d1d7", "g8b3", "d7d7", "b3d1"]:
        m.play(move)
    copy = pickle.loads(pickle.dumps(m))
    assert copy == m and copy.state == "choose_edge" and copy.scores == (0, 1)
    assert kamisado.Match.from_json(m.to_json()) == m
    assert json.loads(m.to_json())["target"] == 7
    assert kamisado.Position.start() != kamisado.Position.start().play("d1d7")
    assert len({kamisado.Position.start(), kamisado.Position.start()}) == 1


def test_errors_carry_the_engine_message():
    with pytest.raises(ValueError, match="placement field at offset 0"):
        kamisado.Position("xx")
    with pytest.raises(ValueError, match="cannot pass"):
        kamisado.Position.start().play("a1a1")
    with pytest.raises(ValueError, match="no tower on d1"):
        kamisado.Position.start().play("d1d7").play("d1d2")
    with pytest.raises(ValueError):
        kamisado.Position.start().play("d1")
    with pytest.raises(ValueError):
        kamisado.Position.start().move_of(kamisado.ACTIONS)
    with pytest.raises(ValueError):
        kamisado.Match(0)
    m = kamisado.Match(3)
    with pytest.raises(ValueError):
        m.choose_edge("a")
    with pytest.raises(ValueError):
        m.step(kamisado.EDGE_A)
    with pytest.raises(ValueError):
        kamisado.Match.from_json('{"target": 3}')
    assert m == kamisado.Match(3), "a refused action changes nothing"
    assert not kamisado.Position.start().is_legal("a1a1")


def test_search_and_proof():
    start = kamisado.Position.start()
    assert start.best_move(milliseconds=50) in start.legal_moves()
    solution = start.solve(seconds=60)
    # Black wins the single round in 17 plies with best play.
    assert solution["winner"] == "black" and solution["plies"] == 17
    assert solution["best"] in start.legal_moves() and solution["nodes"] > 0


def test_numbered_set_ups_from_a_chart():
    # The tile edition's set-ups (the rules page's "Numbered set-ups"): each
    # home row from its player's own left, so White's is laid from h8 to a8.
    chart = kamisado.SetupChart("# my box\n1 NGRYKPBO\n2 OBPKYRGN\n3 GNYRPKOB\n")
    assert len(chart) == 3 and chart.get(2) == "OBPKYRGN" and chart.get(4) is None
    low, high = chart.draw(seed=7)
    assert 1 <= low < high <= 3
    assert chart.draw(seed=7) == (low, high)
    start = chart.start(1, 2)
    assert str(start) == "ngrykpbo/8/8/8/8/8/8/NGRYKPBO b -"
    # White moves first: its row is set-up 1, Black's the higher, 3.
    assert str(chart.start(1, 3, first="white")) == "obpkyrgn/8/8/8/8/8/8/GNYRPKOB w -"
    assert kamisado.Position.from_home_rows("NGRYKPBO", "NGRYKPBO") == kamisado.Position()
    with pytest.raises(ValueError, match="line 2, column 1"):
        kamisado.SetupChart("1 NGRYKPBO\n3 OBPKYRGN\n")
    with pytest.raises(ValueError, match="not lower"):
        chart.start(2, 1)
    with pytest.raises(ValueError, match="brown is given twice"):
        kamisado.Position.from_home_rows("NGRYKPBN", "NGRYKPBO")


def test_the_set_up_match_draws_each_round_from_the_chart():
    # The tile edition's match (rule text 001): Black draws for the first
    # round; after each round its loser draws, opens, and lays out the lower
    # number; a round won is 1 point; "tile-long" is 5.
    chart = kamisado.SetupChart("1 NGRYKPBO\n2 OBPKYRGN\n3 GNYRPKOB\n4 YKPBORGN\n")
    low, high = chart.draw(seed=1)
    m = kamisado.Match("tile-long", refill="setups", start=chart.start(low, high), layout="mirrored")
    assert (m.target, m.refill, m.position.layout) == (5, "setups", "mirrored")
    rng = random.Random(4)
    rounds = 0
    while m.state != "over":
        if m.state == "draw_setups":
            drawer = m.drawer
            assert m.actor == drawer and not m.action_mask().any()
            with pytest.raises(ValueError, match="must draw the next round's set-ups"):
                m.play("a1a2")
            low, high = m.draw_setups(chart, seed=rounds)
            assert str(m.position) == str(chart.start(low, high, first=drawer))
            assert m.position.layout == "mirrored"
            continue
        before = m.scores
        if m.play(rng.choice(m.position.legal_moves())) is not None:
            rounds += 1
            assert sum(m.scores) - sum(before) == 1
    assert max(m.scores) == 5 and sum(m.scores) == rounds
    m2 = kamisado.Match(3, refill="setups", start=chart.start(1, 2))
    while m2.state == "in_round":
        m2.play(m2.position.legal_moves()[0])
    # The drawer to move, but Black's brown tower off its home row.
    off = kamisado.Position(f"obpkyrgn/8/8/8/8/8/N7/1GRYKPBO {m2.drawer[0]} -")
    with pytest.raises(ValueError, match="not a start from numbered set-ups: a tower is not on its owner's home row"):
        m2.start_round(off)
    m2.start_round(kamisado.Position(f"obpkyrgn/8/8/8/8/8/8/NGRYKPBO {m2.drawer[0]} -"))
    assert m2.state == "in_round" and m2.round == 2

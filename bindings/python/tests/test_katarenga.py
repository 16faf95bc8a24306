"""Katarenga through the Python API: perft against the reference counts,
the documented action and observation encoding, boards, pickling, errors."""

from __future__ import annotations

import pickle
import random

import numpy as np
import pytest

from conftest import square_index, suite
from kamisado_katarenga import katarenga

# Perft of the start on the standard board, from the independent reference.
START_PERFT = [31, 865, 28781, 863850]
COLOURS = ["red", "yellow", "blue", "green"]
TARGETS = {"white": ("a0", "h0"), "black": ("a9", "h9")}


@pytest.mark.parametrize("depth", range(1, len(START_PERFT) + 1))
def test_start_perft(depth):
    assert katarenga.Position.start().perft(depth) == START_PERFT[depth - 1]


@pytest.mark.parametrize(
    "case",
    suite("crates/katarenga-core/tests/data/katarenga.txt"),
    ids=lambda case: f"{case[0][-30:]} d{case[1]}",
)
def test_reference_suite(case):
    position, depth, nodes = case
    assert katarenga.Position(position).perft(depth) == nodes


@pytest.mark.parametrize(
    "case",
    [c for c in suite("crates/katarenga-core/tests/data/katarenga-no-first-capture.txt") if c[1] <= 3],
    ids=lambda case: f"{case[0][-30:]} d{case[1]}",
)
def test_the_first_move_option_suite(case):
    position, depth, nodes = case
    p = katarenga.Position(position)
    assert p.first_move_pending("white") and p.first_move_pending("black")
    assert p.perft(depth) == nodes


def test_the_first_move_option():
    board = katarenga.Board("RYBGRGBY/GRGBYYGR/YYBRBBRG/BGRYGRYB/RYGBRGBY/GYRYYYBR/BBGRBGRG/YRBGGRYB")
    standard = katarenga.start(board)
    option = katarenga.start(board, rules="no-first-capture")
    assert "h8a1" in standard.legal_moves()
    assert "h8a1" not in option.legal_moves()
    assert len(option.legal_moves()) == len(standard.legal_moves()) - 1
    assert str(option).endswith(" w - wb")
    after = option.play("a8a7")
    assert not after.first_move_pending("white") and after.first_move_pending("black")
    assert pickle.loads(pickle.dumps(after)) == after
    with pytest.raises(ValueError, match="unknown rules"):
        katarenga.start(board, rules="sumo")
    batch = katarenga.Batch(4, rules="no-first-capture")
    assert batch is not None
    with pytest.raises(ValueError, match="unknown rules"):
        katarenga.Batch(4, rules="nonsense")


def random_positions(seed: int, count: int):
    """Positions of random games on random tile boards."""
    rng = random.Random(seed)
    out = []
    while len(out) < count:
        board = katarenga.Board.arrangement(rng.randrange(98304))
        p = katarenga.start(board)
        for _ in range(200):
            if p.is_over:
                break
            out.append(p)
            p = p.play(rng.choice(p.legal_moves()))
    return out


POSITIONS = random_positions(5, 3000)


def frame(player: str, square: int) -> int:
    return square if player == "black" else square ^ 56


def destination(player: str, move: str) -> int:
    to = move[2:]
    if to in TARGETS[player]:
        return 64 if to[0] == "a" else 65
    return frame(player, square_index(to))


def test_the_sample_covers_camps_and_captures():
    assert sum(bool(p.camps()) for p in POSITIONS) >= 100
    captures = sum(
        move[2:] in p.pieces("black" if p.side_to_move == "white" else "white")
        for p in POSITIONS
        for move in p.legal_moves()
    )
    assert captures >= 1000


def test_actions_and_masks():
    for p in POSITIONS:
        moves = p.legal_moves()
        actions = [p.action(m) for m in moves]
        assert sorted(actions) == list(np.flatnonzero(p.action_mask())), str(p)
        side = p.side_to_move
        for move, action in zip(moves, actions):
            assert p.move_of(action) == move
            # The documented formula: origin * 66 + destination.
            origin = frame(side, square_index(move[:2]))
            assert action == origin * 66 + destination(side, move)
            assert katarenga.action_to_move(p, action) == move
            assert katarenga.move_to_action(p, move) == action


def expected_observation(p, me):
    obs = np.zeros((8, 8, katarenga.CHANNELS), dtype=np.float32)
    opponent = "black" if me == "white" else "white"

    def cell(name):
        index = frame(me, square_index(name))
        return 7 - index // 8, index % 8

    for channel, player in ((0, me), (1, opponent)):
        for name in p.pieces(player):
            obs[(*cell(name), channel)] = 1
    for rank in "12345678":
        for file in "abcdefgh":
            name = file + rank
            obs[(*cell(name), 2 + COLOURS.index(p.board.colour_of(name)))] = 1
    camps = p.camps()
    for channel, camp in zip((6, 7, 8, 9), TARGETS[me] + TARGETS[opponent]):
        obs[:, :, channel] = camp in camps
    obs[:, :, 10] = me == "white"
    return obs


def test_observations_follow_the_documented_planes():
    for p in POSITIONS[::5]:
        for me in ("black", "white"):
            got = p.observation(me)
            assert got.shape == (8, 8, katarenga.CHANNELS) and got.dtype == np.float32
            np.testing.assert_array_equal(got, expected_observation(p, me))
    start = katarenga.Position.start()
    for me in ("black", "white"):
        assert start.observation(me)[7, :, 0].all(), "own pieces on the bottom row"


def test_boards_from_tiles_and_arrangements():
    standard = katarenga.Board()
    assert katarenga.Board(str(standard)) == standard
    boards = {katarenga.Board.arrangement(i) for i in range(0, 98304, 997)}
    assert len(boards) > 90
    board = katarenga.Board.from_tiles(["1f0", "2b1", "3f2", "4f3"])
    # Every tile holds four squares of each colour.
    for files in ("abcd", "efgh"):
        for ranks in ("1234", "5678"):
            quadrant = [board.colour_of(f + r) for f in files for r in ranks]
            assert sorted(quadrant) == sorted(COLOURS * 4)
    assert katarenga.start(board).board == board


def test_pickling_and_hashing():
    for p in POSITIONS[:300]:
        copy = pickle.loads(pickle.dumps(p))
        assert copy == p and hash(copy) == hash(p) and str(copy) == str(p)
        assert katarenga.Position(str(p)) == p
    board = katarenga.Board.arrangement(12345)
    assert pickle.loads(pickle.dumps(board)) == board


def test_errors_carry_the_engine_message():
    with pytest.raises(ValueError, match="offset 0"):
        katarenga.Position("zz")
    with pytest.raises(ValueError, match="stops on the first red square"):
        katarenga.Position.start().play("a8a1")
    with pytest.raises(ValueError, match="below 98304"):
        katarenga.Board.arrangement(98304)
    with pytest.raises(ValueError):
        katarenga.Board.from_tiles(["1f0", "1f0", "3f2", "4f3"])
    with pytest.raises(ValueError):
        katarenga.Position.start().move_of(katarenga.ACTIONS)
    with pytest.raises(ValueError):
        katarenga.Position.start().pieces("red")


def test_search():
    start = katarenga.Position.start()
    assert start.best_move(milliseconds=50) in start.legal_moves()
    # A position one move from a win: the search finds it.
    p = POSITIONS[0]
    for q in POSITIONS:
        wins = [m for m in q.legal_moves() if q.play(m).winner == q.side_to_move]
        if wins:
            p = q
            break
    solution = p.solve(seconds=5)
    assert solution["winner"] == p.side_to_move and solution["plies"] == 1
    assert p.play(solution["best"]).winner == p.side_to_move


def test_the_set_up_turns_the_laid_board_to_blacks_edge():
    laid = katarenga.Board()
    rows = str(laid).split("/")  # rank 8 first
    for orientation in katarenga.ORIENTATIONS:
        start = katarenga.start(laid, orientation=orientation)
        assert start.board == laid.turned(orientation)
        assert start.side_to_move == "white"
        assert start == katarenga.Position.start(laid.turned(orientation))
    assert laid.orientations() == [laid.turned(o) for o in katarenga.ORIENTATIONS]
    # Black at the top: Black's a1 is the laid h8 (the first row's last
    # letter, blue); at the right edge, Black's a1 is the laid h1.
    assert laid.turned("top").colour_of("a1") == "blue" == {"B": "blue"}[rows[0][7]]
    assert laid.turned("right").colour_of("a1") == laid.colour_of("h1")
    assert laid.turned("left").colour_of("a1") == laid.colour_of("a8")
    with pytest.raises(ValueError, match="bottom, right, top or left"):
        laid.turned("north")
    with pytest.raises(ValueError, match="bottom, right, top or left"):
        katarenga.start(laid, orientation="up")
    # Under the option too.
    start = katarenga.start(laid, "no-first-capture", "left")
    assert start.first_move_pending("white")


def test_the_engine_chooses_the_orientation_its_search_prefers():
    from kamisado_katarenga import _native  # noqa: F401 (the module loads)

    board = katarenga.Board.from_tiles(["3b3", "2f0", "4b3", "1f3"])
    choice = board.best_orientation(depth=2)
    assert choice in katarenga.ORIENTATIONS
    # Reproducible at a depth; a time budget gives an edge too.
    assert board.best_orientation(depth=2) == choice
    assert board.best_orientation(milliseconds=20) in katarenga.ORIENTATIONS
    with pytest.raises(ValueError, match="depth"):
        board.best_orientation(depth=0)
    with pytest.raises(ValueError):
        board.best_orientation(rules="chess")


def test_a_rematch_adds_the_points_of_both_games():
    start = katarenga.start(orientation="top")
    m = katarenga.Rematch(start)
    assert (m.game, m.black_player, m.is_over, m.points) == (1, "first", False, (0.0, 0.0))
    m.record_game("black")  # the first player wins game 1
    assert (m.game, m.black_player, m.start) == (2, "second", start)
    m.record_game(None)  # a drawn rematch
    assert m.is_over and m.points == (1.5, 0.5) and m.winner == "first"
    with pytest.raises(ValueError, match="over"):
        m.record_game("white")
    with pytest.raises(ValueError):
        katarenga.Rematch(start).record_game("red")
    tied = katarenga.Rematch(start)
    tied.record_game("white")
    tied.record_game("white")
    assert tied.points == (1.0, 1.0) and tied.winner is None

"""Batched play: masks, legal actions, observations and players agree with
the single-position API, steps agree with playing the moves one by one, and
finished games restart."""

from __future__ import annotations

import numpy as np
import pytest

from kamisado_katarenga import congress, isolation, kamisado, katarenga, quebec

GAMES = {
    "kamisado": (kamisado, lambda n: kamisado.Batch(n)),
    "katarenga": (katarenga, lambda n: katarenga.Batch(n, random_boards=True, seed=3, max_plies=150)),
    "congress": (congress, lambda n: congress.Batch(n, random_boards=True, seed=5, max_plies=40)),
    "quebec": (quebec, lambda n: quebec.Batch(n, random_boards=True, seed=3, max_plies=150)),
    "isolation": (isolation, lambda n: isolation.Batch(n, random_boards=True, seed=2)),
}


@pytest.mark.parametrize("game", GAMES)
def test_batch_agrees_with_positions(game):
    module, make = GAMES[game]
    n = 64
    batch = make(n)
    assert len(batch) == n
    rng = np.random.default_rng(1)
    rows = np.arange(n)
    terminated_games = truncated_games = 0
    for _ in range(400):
        positions = [module.Position(text) for text in batch.positions()]
        masks = batch.masks()
        legal, counts = batch.legal_actions()
        observations = batch.observations()
        players = batch.players()
        assert masks.shape == (n, module.ACTIONS) and masks.dtype == np.int8
        assert observations.shape == (n, 8, 8, module.CHANNELS)
        for i, p in enumerate(positions):
            np.testing.assert_array_equal(masks[i], p.action_mask())
            assert sorted(legal[i, : counts[i]]) == list(np.flatnonzero(masks[i]))
            assert (legal[i, counts[i] :] == -1).all()
            np.testing.assert_array_equal(observations[i], p.observation())
            # Player 0 moves first: Black in Kamisado, White in Katarenga.
            order = ("black", "white") if game == "kamisado" else ("white", "black")
            assert players[i] == order.index(p.side_to_move)
        actions = legal[rows, (rng.random(n) * counts).astype(np.int64)].astype(np.int64)
        rewards, terminated, truncated = batch.step(actions)
        after = [module.Position(text) for text in batch.positions()]
        for i, p in enumerate(positions):
            q = p.play(p.move_of(int(actions[i])))
            if terminated[i]:
                assert q.is_over and q.winner is not None
                assert rewards[i] == (1 if q.winner == p.side_to_move else -1)
                terminated_games += 1
            else:
                assert not q.is_over and rewards[i] == 0
            if terminated[i] or truncated[i]:
                board = [] if game == "kamisado" else [after[i].board]
                assert after[i] == module.Position.start(*board)
                truncated_games += bool(truncated[i])
            else:
                assert after[i] == q
    if game == "congress":
        # Random Congress games rarely connect: they are truncated instead.
        assert truncated_games >= 40
    else:
        assert terminated_games >= 40
    if game == "katarenga":
        assert truncated_games >= 20
    elif game == "quebec":
        assert truncated_games >= 1
    elif game in ("kamisado", "isolation"):
        # Their games always end within the ply limit.
        assert truncated_games == 0


@pytest.mark.parametrize("game", GAMES)
def test_a_refused_step_moves_no_game(game):
    module, make = GAMES[game]
    batch = make(4)
    before = batch.positions()
    legal, _ = batch.legal_actions()
    actions = legal[:, 0].astype(np.int64)
    actions[2] = module.ACTIONS + 5
    with pytest.raises(ValueError, match="game 2"):
        batch.step(actions)
    actions[2] = -1
    with pytest.raises(ValueError, match="game 2"):
        batch.step(actions)
    with pytest.raises(ValueError, match="3 actions for 4 games"):
        batch.step(actions[:3])
    assert batch.positions() == before
    batch.step(legal[:, 0].astype(np.int64))
    assert batch.positions() != before
    batch.reset()
    starts = [module.Position(text) for text in batch.positions()]
    assert all(p == module.start(*([] if game == "kamisado" else [p.board])) for p in starts)


def test_step_accepts_any_integer_sequence():
    """int64 arrays are read in place; int32 arrays, strided views and lists
    are converted; the results are the same."""
    batches = [kamisado.Batch(8) for _ in range(4)]
    legal, _ = batches[0].legal_actions()
    first = legal[:, 0]  # a strided int32 view
    forms = [first.astype(np.int64), first, np.stack([first, first], axis=1)[:, 0].astype(np.int64), [int(a) for a in first]]
    for batch, actions in zip(batches, forms):
        batch.step(actions)
    assert len({tuple(b.positions()) for b in batches}) == 1
    with pytest.raises(TypeError):
        kamisado.Batch(2).step(["d1d7", "d1d7"])


def test_kamisado_batches_play_matches():
    # Kamisado batches play matches to a target, not single rounds only.
    batch = kamisado.Batch(64, target=3, max_plies=5000)
    rng = np.random.default_rng(5)
    ended, edges = 0, 0
    for _ in range(3000):
        legal, counts = batch.legal_actions()
        masks = batch.masks()
        for row, count, mask in zip(legal, counts, masks):
            assert sorted(row[:count]) == list(np.flatnonzero(mask))
        actions = legal[np.arange(len(batch)), (rng.random(len(batch)) * counts).astype(np.int64)]
        edges += int(np.isin(actions, [kamisado.EDGE_A, kamisado.EDGE_H]).sum())
        rewards, terminated, truncated = batch.step(actions)
        assert not truncated.any()
        # The last mover usually wins the match; causing a deadlock loses.
        assert (np.abs(rewards[terminated]) == 1.0).all()
        assert (rewards[~terminated] == 0.0).all(), "no reward before a match ends"
        ended += int(terminated.sum())
    assert ended > 20 and edges > 20, (ended, edges)
    single = kamisado.Batch(4)
    rewards, terminated, _ = single.step(single.legal_actions()[0][:, 0])
    assert not terminated.any()

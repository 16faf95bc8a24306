"""The OpenSpiel games (skipped where open_spiel is not installed)."""

from __future__ import annotations

import numpy as np
import pytest

pyspiel = pytest.importorskip("pyspiel")

from kamisado_katarenga import kamisado, katarenga, openspiel  # noqa: E402,F401


@pytest.mark.parametrize("name", ["python_kamisado", "python_katarenga"])
def test_random_simulation(name):
    game = pyspiel.load_game(name)
    pyspiel.random_sim_test(game, num_sims=20, serialize=False, verbose=False)


def test_states_follow_the_engine():
    rng = np.random.default_rng(4)
    for name, module in (("python_kamisado", kamisado), ("python_katarenga", katarenga)):
        game = pyspiel.load_game(name)
        for _ in range(10):
            state = game.new_initial_state()
            position = module.Position.start()
            while not state.is_terminal():
                legal = state.legal_actions()
                assert legal == sorted(int(a) for a in np.flatnonzero(position.action_mask()))
                action = int(rng.choice(legal))
                position = position.play(position.move_of(action))
                state.apply_action(action)
                if state.is_terminal():
                    break
                first = "black" if module is kamisado else "white"
                assert state.current_player() == (0 if position.side_to_move == first else 1)
            returns = state.returns()
            assert sorted(returns) in ([-1.0, 1.0], [0.0, 0.0])

"""The OpenSpiel games (skipped where open_spiel is not installed)."""

from __future__ import annotations

import numpy as np
import pytest

pyspiel = pytest.importorskip("pyspiel")

from kamisado_katarenga import kamisado, katarenga, openspiel  # noqa: E402,F401


@pytest.mark.parametrize(
    "name",
    [
        "python_kamisado",
        "python_katarenga",
        "python_congress",
        "python_quebec",
        "python_isolation",
        "python_isolation(rules=one-way,supply=none)",
    ],
)
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


def test_kamisado_matches_and_the_katarenga_rule_option():
    # OpenSpiel plays Kamisado matches to a target (not single rounds only)
    # and Katarenga under its rule option as well as the standard rules.
    game = pyspiel.load_game("python_kamisado(target=3)")
    assert game.num_distinct_actions() == kamisado.ACTIONS
    pyspiel.random_sim_test(game, num_sims=5, serialize=False, verbose=False)
    rng = np.random.default_rng(2)
    edges = 0
    for _ in range(5):
        state = game.new_initial_state()
        match = kamisado.Match(3)
        while not state.is_terminal():
            legal = state.legal_actions()
            assert legal == [int(a) for a in np.flatnonzero(match.action_mask())]
            action = int(rng.choice(legal))
            edges += action in (kamisado.EDGE_A, kamisado.EDGE_H)
            match.step(action)
            state.apply_action(action)
        assert match.state == "over"
        assert max(match.scores) >= 3
        winner = 0 if match.winner == "black" else 1
        assert state.returns()[winner] == 1.0
    assert edges > 0, "no match went past its first round"
    assert pyspiel.load_game("python_kamisado").num_distinct_actions() == 512
    option = pyspiel.load_game("python_katarenga(rules=no-first-capture)")
    state = option.new_initial_state()
    assert str(state).endswith(" wb")
    # No capture is legal on a first move under the option.
    assert state.legal_actions() == [
        int(a) for a in np.flatnonzero(katarenga.start(rules="no-first-capture").action_mask())
    ]
    with pytest.raises(ValueError):
        pyspiel.load_game("python_katarenga(rules=bogus)")


def test_observations_are_channels_first_as_documented():
    state = pyspiel.load_game("python_kamisado").new_initial_state()
    tensor = np.array(state.observation_tensor(0)).reshape(kamisado.CHANNELS, 8, 8)
    planes = kamisado.start().observation(player="black")
    assert np.array_equal(np.moveaxis(tensor, 0, -1), planes)


def test_kamisado_takes_a_spec():
    game = pyspiel.load_game("python_kamisado", {"game_spec": "kamisado layout=mirrored target=3"})
    state = game.new_initial_state()
    assert state.match.position.layout == "mirrored"
    assert game.target == 3

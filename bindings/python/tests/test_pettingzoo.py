"""The PettingZoo environments: PettingZoo's API test, rewards, the
Kamisado extra move after a push, truncation, rendering, illegal moves."""

from __future__ import annotations

import random

import numpy as np
import pytest

pytest.importorskip("pettingzoo")
from pettingzoo.test import api_test  # noqa: E402

from kamisado_katarenga.pettingzoo import (  # noqa: E402
    congress_v0,
    isolation_v0,
    kamisado_v0,
    katarenga_v0,
    quebec_v0,
)

MODULES = [kamisado_v0, katarenga_v0, congress_v0, quebec_v0, isolation_v0]


@pytest.mark.parametrize("module", MODULES)
def test_api(module):
    api_test(module.env(), num_cycles=1000)


def test_match_api():
    api_test(kamisado_v0.env(target=3), num_cycles=1000)


def play_randomly(env, rng, steps, on_step):
    env.reset(seed=1)
    for _ in range(steps):
        observation, _, terminated, truncated, _ = env.last()
        if terminated or truncated:
            env.step(None)
        else:
            legal = np.flatnonzero(observation["action_mask"])
            agent = env.agent_selection
            env.step(int(rng.choice(legal)))
            on_step(env, agent)
        if not env.agents:
            env.reset()


def test_the_pusher_acts_again():
    """Matches to 15 points: after a push the same agent is selected
    again, and its observation says so."""
    env = kamisado_v0.env(target=15)
    pushes = []

    def on_step(env, agent):
        raw = env.unwrapped
        if raw.match.state == "in_round" and raw.match.position.after_push:
            assert env.agent_selection == agent
            assert raw.colours[agent] == raw.match.position.side_to_move
            assert env.observe(agent)["observation"][0, 0, 24] == 1
            pushes.append(agent)

    play_randomly(env, random.Random(2), 20000, on_step)
    assert len(pushes) >= 20


def test_rewards_go_to_the_winner():
    for module in (kamisado_v0, katarenga_v0):
        env = module.env()
        finished = []

        def on_step(env, agent):
            if all(env.terminations.values()):
                raw = env.unwrapped
                winner = raw.match.winner if module is kamisado_v0 else raw.position.winner
                assert env.rewards[raw._agents_of[winner]] == 1
                assert sum(env.rewards.values()) == 0
                if module is katarenga_v0:
                    assert raw._agents_of[winner] == agent, "only the mover can win"
                finished.append(winner)

        play_randomly(env, random.Random(3), 5000, on_step)
        assert len(finished) >= 10 and len(set(finished)) == 2


def test_player_0_moves_first():
    env = kamisado_v0.env()
    env.reset()
    assert env.agent_selection == "player_0" and env.unwrapped.colours["player_0"] == "black"
    env = katarenga_v0.env()
    env.reset()
    assert env.agent_selection == "player_0" and env.unwrapped.colours["player_0"] == "white"


def test_katarenga_is_truncated_after_max_cycles():
    env = katarenga_v0.env(max_cycles=6)
    env.reset(seed=0)
    for _ in range(6):
        observation, _, terminated, truncated, _ = env.last()
        assert not (terminated or truncated)
        env.step(int(np.flatnonzero(observation["action_mask"])[0]))
    assert all(env.truncations.values()) and not any(env.terminations.values())


def test_illegal_action_ends_the_game_against_the_offender():
    env = kamisado_v0.env()
    env.reset()
    observation, *_ = env.last()
    illegal = int(np.flatnonzero(observation["action_mask"] == 0)[0])
    env.step(illegal)
    assert env.rewards["player_0"] == -1 and all(env.terminations.values())


@pytest.mark.parametrize("module", MODULES)
def test_render(module):
    env = module.env(render_mode="ansi")
    env.reset()
    assert isinstance(env.render(), str) and len(env.render()) > 64
    env = module.env(render_mode="rgb_array")
    env.reset()
    image = env.render()
    assert image.dtype == np.uint8 and image.ndim == 3 and image.shape[2] == 3


@pytest.mark.parametrize("module", MODULES)
def test_pettingzoo_render_test_passes(module, capsys):
    # PettingZoo's own render_test passes: render_mode="human" is accepted
    # and prints the drawing.
    from pettingzoo.test import render_test

    render_test(module.env)
    env = module.env(render_mode="human")
    env.reset()
    assert env.render() is None
    assert "a" in capsys.readouterr().out


def test_katarenga_takes_the_rule_option():
    # katarenga_v0.env(rules=...) takes Katarenga's rule option.
    env = katarenga_v0.env(rules="no-first-capture")
    api_test(env, num_cycles=200)
    env.reset()
    assert str(env.unwrapped.position).endswith(" wb")
    standard = katarenga_v0.env()
    standard.reset()
    assert not str(standard.unwrapped.position).endswith(" wb")
    with pytest.raises(ValueError):
        katarenga_v0.env(rules="no-such-rule")


def test_kamisado_takes_a_preset_target():
    env = kamisado_v0.env(target="standard")
    env.reset()
    assert env.unwrapped.match.target == 3


def test_kamisado_takes_a_spec_and_draws_a_random_layout_per_reset():
    from kamisado_katarenga.pettingzoo import kamisado_v0

    env = kamisado_v0.env(game_spec="kamisado rules=pushed-square layout=mirrored target=3")
    env.reset(seed=1)
    assert env.unwrapped.match.position.layout == "mirrored"
    assert env.unwrapped.match.position.rules == "pushed-square"
    assert env.unwrapped.match.target == 3
    layouts = set()
    for seed in range(40):
        env = kamisado_v0.env(game_spec="kamisado layout=random")
        env.reset(seed=seed)
        layouts.add(env.unwrapped.match.position.layout)
    assert layouts == {"standard", "turned", "mirrored", "mirrored-turned"}


def test_kamisado_plays_a_set_up_match_from_its_chart():
    from kamisado_katarenga.pettingzoo import kamisado_v0

    env = kamisado_v0.env(game_spec="kamisado refill=setups target=3", setups="1 NGRYKPBO\n2 OBPKYRGN\n")
    env.reset(seed=4)
    rng = np.random.default_rng(1)
    for agent in env.agent_iter(max_iter=5_000):
        observation, reward, termination, truncation, _ = env.last()
        if termination or truncation:
            env.step(None)
            continue
        assert env.unwrapped.match.state == "in_round"
        env.step(int(rng.choice(np.flatnonzero(observation["action_mask"]))))
    m = env.unwrapped.match
    assert m.state == "over" and max(m.scores) == 3 and sum(m.scores) == m.round

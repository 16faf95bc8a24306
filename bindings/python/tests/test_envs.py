"""The Gymnasium single-agent environments: Gymnasium's own checker, the
opponent's replies inside step, reproducible episodes, rewards, matches,
the rule option, illegal actions."""

from __future__ import annotations

import numpy as np
import pytest

gymnasium = pytest.importorskip("gymnasium")
from gymnasium.utils.env_checker import check_env  # noqa: E402

from kamisado_katarenga import Player, kamisado, katarenga  # noqa: E402
from kamisado_katarenga.envs import (  # noqa: E402
    CongressEnv,
    IsolationEnv,
    KamisadoEnv,
    KatarengaEnv,
    QuebecEnv,
)

IDS = [
    "kamisado_katarenga/Kamisado-v0",
    "kamisado_katarenga/Katarenga-v0",
    "kamisado_katarenga/Congress-v0",
    "kamisado_katarenga/Quebec-v0",
    "kamisado_katarenga/Isolation-v0",
]


@pytest.mark.parametrize("env_id", IDS)
def test_gymnasium_checker_passes(env_id):
    env = gymnasium.make(env_id)
    check_env(env.unwrapped)


def episode(env, seed, policy_seed=0):
    """A whole episode with random legal actions: the observations' hashes,
    the reward and the episode's length."""
    rng = np.random.default_rng(policy_seed)
    obs, info = env.reset(seed=seed)
    seen, total, done = [], 0.0, False
    while not done:
        assert obs["action_mask"].any(), "the agent is asked to act with no legal action"
        seen.append(hash(obs["observation"].tobytes()))
        action = int(rng.choice(np.flatnonzero(obs["action_mask"])))
        obs, reward, terminated, truncated, info = env.step(action)
        total += reward
        done = terminated or truncated
    return seen, total, info


@pytest.mark.parametrize("make", [
    lambda: KamisadoEnv(opponent="greedy"),
    lambda: KamisadoEnv(opponent=("search", 2), target=3),
    lambda: KatarengaEnv(opponent=("nodes", 2000), random_boards=True),
    lambda: CongressEnv(opponent=("nodes", 500), random_boards=True, max_cycles=60),
    lambda: QuebecEnv(opponent="greedy", rules="draw"),
    lambda: IsolationEnv(opponent=("search", 2), random_boards=True, rules="one-way"),
])
def test_the_same_seed_gives_the_same_episode(make):
    first = episode(make(), seed=7)
    assert first == episode(make(), seed=7)
    assert first[1] in (-1.0, 0.0, 1.0)


def test_the_agent_plays_its_colour_and_the_opponent_replies():
    for colour in ("black", "white"):
        env = KamisadoEnv(opponent="random", agent_colour=colour)
        obs, info = env.reset(seed=1)
        assert info["colour"] == colour
        assert env.match.actor == colour
        obs, *_ = env.step(int(np.flatnonzero(obs["action_mask"])[0]))
        assert env.match.actor in (colour, None)
    colours = {KatarengaEnv().reset(seed=s)[1]["colour"] for s in range(10)}
    assert colours == {"black", "white"}


def test_a_weak_agent_loses_to_the_search_and_beats_nobody_for_free():
    # Random moves against the search at depth 2: the agent loses most
    # Kamisado rounds; the reward says so.
    env = KamisadoEnv(opponent=("search", 2))
    rewards = [episode(env, seed)[1] for seed in range(20)]
    assert rewards.count(-1.0) >= 15, rewards


def test_an_illegal_action_ends_the_episode_with_minus_one():
    env = KatarengaEnv(rules="no-first-capture")
    obs, _ = env.reset(seed=3)
    illegal = int(np.flatnonzero(obs["action_mask"] == 0)[0])
    _, reward, terminated, truncated, info = env.step(illegal)
    assert (reward, terminated, truncated, info.get("illegal")) == (-1.0, True, False, True)
    assert str(env.position).split()[-1] in ("wb", "b", "w")


def test_katarenga_is_truncated_at_max_cycles():
    env = KatarengaEnv(opponent="random", max_cycles=6)
    obs, _ = env.reset(seed=2)
    done, steps = False, 0
    while not done:
        obs, reward, terminated, truncated, _ = env.step(int(np.flatnonzero(obs["action_mask"])[0]))
        done, steps = terminated or truncated, steps + 1
    assert env.plies <= 7 and (terminated or truncated)


def test_a_player_object_is_an_opponent_and_bad_ones_are_refused():
    env = KamisadoEnv(opponent=Player.search(nodes=500))
    episode(env, seed=1)
    for bad in ("strong", ("search",), 3):
        with pytest.raises(ValueError):
            KamisadoEnv(opponent=bad)
    with pytest.raises(ValueError):
        KamisadoEnv(agent_colour="red")


def test_render_modes(capsys):
    env = KatarengaEnv(render_mode="ansi")
    env.reset(seed=1)
    assert "the agent plays" in env.render()
    env = KamisadoEnv(render_mode="rgb_array")
    env.reset(seed=1)
    assert env.render().shape[2] == 3
    env = KamisadoEnv(render_mode="human")
    env.reset(seed=1)
    assert "match: black 0 - white 0" in capsys.readouterr().out
    assert kamisado.ACTIONS == env.action_space.n and katarenga.ACTIONS == KatarengaEnv().action_space.n


def test_the_kamisado_env_plays_the_spec_s_game():
    env = KamisadoEnv(game_spec="kamisado layout=turned rules=blocked-colour")
    env.reset(seed=3)
    position = env.match.position
    assert (position.layout, position.rules) == ("turned", "blocked-colour")
    layouts = set()
    env = KamisadoEnv(game_spec="kamisado layout=random")
    for seed in range(40):
        env.reset(seed=seed)
        layouts.add(env.match.position.layout)
    assert layouts == {"standard", "turned", "mirrored", "mirrored-turned"}


def test_the_kamisado_env_plays_a_set_up_match_from_its_chart():
    chart = "1 NGRYKPBO\n2 OBPKYRGN\n3 GNYRPKOB\n"
    with pytest.raises(ValueError, match="give it"):
        KamisadoEnv(game_spec="kamisado refill=setups target=3")
    env = KamisadoEnv(game_spec="kamisado refill=setups target=3", setups=chart, opponent="random")
    env.reset(seed=2)
    assert env.match.refill == "setups"
    rng = np.random.default_rng(0)
    done = False
    while not done:
        # Between rounds the env has drawn already: the agent always has moves.
        assert env.match.state in ("in_round", "over")
        action = int(rng.choice(np.flatnonzero(env.unwrapped._mask())))
        _, _, done, _, _ = env.step(action)
    assert env.match.state == "over" and max(env.match.scores) == 3
    # One point a round, and the set-ups were drawn for every later round.
    assert sum(env.match.scores) == env.match.round >= 3

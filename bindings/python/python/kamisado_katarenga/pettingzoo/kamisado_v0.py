"""Kamisado as a PettingZoo AEC environment.

| | |
|---|---|
| Agents | ``["player_0", "player_1"]``: Black (who moves first) and White |
| Actions | ``Discrete(514)``: see :mod:`kamisado_katarenga.kamisado` |
| Observations | ``{"observation": Box(0, 1, (8, 8, 36), float32), "action_mask": Box(0, 1, (514,), int8)}`` |
| Rewards | +1 for the winner, -1 for the loser, at the end of the game |
| Render modes | ``"ansi"``, ``"rgb_array"`` |

Options: ``target`` (default 1) plays a match to that many points instead of
a single round; between rounds the round's winner acts with one of the two
edge actions (512: a-file, 513: h-file), and the rewards come when the match
ends.

Turns do not always alternate: after a sumo push the pusher moves again,
and ``agent_selection`` stays on the same agent for its extra move (so does
the round's winner between rounds, choosing the edge, before the loser opens
the next round). Agents must read ``agent_selection`` rather than assume
alternation.
"""

from __future__ import annotations

import gymnasium
import numpy as np
from gymnasium import spaces
from gymnasium.utils import EzPickle
from pettingzoo import AECEnv
from pettingzoo.utils import wrappers

from .. import kamisado
from ..render import kamisado_image


def env(**kwargs):
    """The wrapped environment (the usual entry point)."""
    environment = raw_env(**kwargs)
    environment = wrappers.TerminateIllegalWrapper(environment, illegal_reward=-1)
    environment = wrappers.AssertOutOfBoundsWrapper(environment)
    environment = wrappers.OrderEnforcingWrapper(environment)
    return environment


class raw_env(AECEnv, EzPickle):
    """The environment without wrappers."""

    metadata = {
        "render_modes": ["ansi", "rgb_array"],
        "name": "kamisado_v0",
        "is_parallelizable": False,
        "render_fps": 2,
    }

    def __init__(self, render_mode: str | None = None, target: int = 1):
        EzPickle.__init__(self, render_mode, target)
        super().__init__()
        if render_mode is not None and render_mode not in self.metadata["render_modes"]:
            raise ValueError(f"unknown render mode {render_mode!r}")
        self.render_mode = render_mode
        self.target = target
        self.possible_agents = ["player_0", "player_1"]
        #: The colour each agent plays.
        self.colours = {"player_0": "black", "player_1": "white"}
        self._agents_of = {"black": "player_0", "white": "player_1"}
        self.agents = self.possible_agents[:]
        self.match = kamisado.Match(target)
        self.action_spaces = {a: spaces.Discrete(kamisado.ACTIONS) for a in self.possible_agents}
        self.observation_spaces = {
            a: spaces.Dict(
                {
                    "observation": spaces.Box(
                        low=0.0, high=1.0, shape=(8, 8, kamisado.CHANNELS), dtype=np.float32
                    ),
                    "action_mask": spaces.Box(
                        low=0, high=1, shape=(kamisado.ACTIONS,), dtype=np.int8
                    ),
                }
            )
            for a in self.possible_agents
        }
        self.rewards = dict.fromkeys(self.agents, 0)
        self._cumulative_rewards = dict.fromkeys(self.agents, 0)
        self.terminations = dict.fromkeys(self.agents, False)
        self.truncations = dict.fromkeys(self.agents, False)
        self.infos = {a: {} for a in self.agents}
        self.agent_selection = "player_0"

    def observation_space(self, agent):
        return self.observation_spaces[agent]

    def action_space(self, agent):
        return self.action_spaces[agent]

    def observe(self, agent):
        observation = self.match.observation(self.colours[agent])
        if agent == self.agent_selection and self.match.state != "over":
            mask = self.match.action_mask()
        else:
            mask = np.zeros(kamisado.ACTIONS, dtype=np.int8)
        return {"observation": observation, "action_mask": mask}

    def reset(self, seed=None, options=None):
        self.match = kamisado.Match(self.target)
        self.agents = self.possible_agents[:]
        self.rewards = dict.fromkeys(self.agents, 0)
        self._cumulative_rewards = dict.fromkeys(self.agents, 0)
        self.terminations = dict.fromkeys(self.agents, False)
        self.truncations = dict.fromkeys(self.agents, False)
        self.infos = {a: {} for a in self.agents}
        self.agent_selection = self._agents_of[self.match.actor]

    def step(self, action):
        if self.terminations[self.agent_selection] or self.truncations[self.agent_selection]:
            self._was_dead_step(action)
            return
        agent = self.agent_selection
        self._cumulative_rewards[agent] = 0
        self.match.step(int(action))
        self.rewards = dict.fromkeys(self.agents, 0)
        if self.match.state == "over":
            winner = self._agents_of[self.match.winner]
            loser = "player_1" if winner == "player_0" else "player_0"
            self.rewards[winner] = 1
            self.rewards[loser] = -1
            self.terminations = dict.fromkeys(self.agents, True)
            # The dead agents are stepped out in turn, the other one first.
            self.agent_selection = "player_1" if agent == "player_0" else "player_0"
        else:
            self.agent_selection = self._agents_of[self.match.actor]
        self._accumulate_rewards()

    def render(self):
        if self.render_mode is None:
            gymnasium.logger.warn("render() called without a render mode")
            return None
        position = self.match.position
        if self.render_mode == "ansi":
            black, white = self.match.scores
            return f"{position.pretty()}match: black {black} - white {white} (to {self.target})\n"
        return kamisado_image(position)

    def close(self):
        pass

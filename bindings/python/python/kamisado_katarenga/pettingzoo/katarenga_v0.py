"""Katarenga as a PettingZoo AEC environment.

| | |
|---|---|
| Agents | ``["player_0", "player_1"]``: White (who moves first) and Black |
| Actions | ``Discrete(4224)``: see :mod:`kamisado_katarenga.katarenga` |
| Observations | ``{"observation": Box(0, 1, (8, 8, 11), float32), "action_mask": Box(0, 1, (4224,), int8)}`` |
| Rewards | +1 for the winner, -1 for the loser, at the end of the game; 0 for both when truncated |
| Render modes | ``"ansi"``, ``"rgb_array"`` |

Options: ``board`` (a :class:`~kamisado_katarenga.katarenga.Board`, the
standard board by default), ``random_boards`` (a random tile board, drawn
from the ``seed`` of ``reset``, at every reset), and ``max_cycles`` (default
300): Katarenga has no draw rule and two players can repeat moves for ever,
so a game that reaches ``max_cycles`` plies is truncated.
"""

from __future__ import annotations

import gymnasium
import numpy as np
from gymnasium import spaces
from gymnasium.utils import EzPickle
from pettingzoo import AECEnv
from pettingzoo.utils import wrappers

from .. import katarenga
from ..render import katarenga_image


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
        "name": "katarenga_v0",
        "is_parallelizable": False,
        "render_fps": 2,
    }

    def __init__(
        self,
        render_mode: str | None = None,
        board: katarenga.Board | None = None,
        random_boards: bool = False,
        max_cycles: int = 300,
    ):
        EzPickle.__init__(self, render_mode, board, random_boards, max_cycles)
        super().__init__()
        if render_mode is not None and render_mode not in self.metadata["render_modes"]:
            raise ValueError(f"unknown render mode {render_mode!r}")
        self.render_mode = render_mode
        self.board = board if board is not None else katarenga.Board()
        self.random_boards = random_boards
        self.max_cycles = max_cycles
        self.possible_agents = ["player_0", "player_1"]
        #: The colour each agent plays.
        self.colours = {"player_0": "white", "player_1": "black"}
        self._agents_of = {"white": "player_0", "black": "player_1"}
        self.agents = self.possible_agents[:]
        self.position = katarenga.start(self.board)
        self.plies = 0
        self._rng = np.random.default_rng()
        self.action_spaces = {a: spaces.Discrete(katarenga.ACTIONS) for a in self.possible_agents}
        self.observation_spaces = {
            a: spaces.Dict(
                {
                    "observation": spaces.Box(
                        low=0.0, high=1.0, shape=(8, 8, katarenga.CHANNELS), dtype=np.float32
                    ),
                    "action_mask": spaces.Box(
                        low=0, high=1, shape=(katarenga.ACTIONS,), dtype=np.int8
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
        observation = self.position.observation(self.colours[agent])
        live = not (self.terminations.get(agent) or self.truncations.get(agent))
        if agent == self.agent_selection and live and not self.position.is_over:
            mask = self.position.action_mask()
        else:
            mask = np.zeros(katarenga.ACTIONS, dtype=np.int8)
        return {"observation": observation, "action_mask": mask}

    def reset(self, seed=None, options=None):
        if seed is not None:
            self._rng = np.random.default_rng(seed)
        if self.random_boards:
            self.board = katarenga.Board.arrangement(int(self._rng.integers(98304)))
        self.position = katarenga.start(self.board)
        self.plies = 0
        self.agents = self.possible_agents[:]
        self.rewards = dict.fromkeys(self.agents, 0)
        self._cumulative_rewards = dict.fromkeys(self.agents, 0)
        self.terminations = dict.fromkeys(self.agents, False)
        self.truncations = dict.fromkeys(self.agents, False)
        self.infos = {a: {} for a in self.agents}
        self.agent_selection = self._agents_of[self.position.side_to_move]

    def step(self, action):
        if self.terminations[self.agent_selection] or self.truncations[self.agent_selection]:
            self._was_dead_step(action)
            return
        agent = self.agent_selection
        self._cumulative_rewards[agent] = 0
        self.position = self.position.play(self.position.move_of(int(action)))
        self.plies += 1
        self.rewards = dict.fromkeys(self.agents, 0)
        winner = self.position.winner
        if winner is not None:
            winner = self._agents_of[winner]
            loser = "player_1" if winner == "player_0" else "player_0"
            self.rewards[winner] = 1
            self.rewards[loser] = -1
            self.terminations = dict.fromkeys(self.agents, True)
        elif self.plies >= self.max_cycles:
            self.truncations = dict.fromkeys(self.agents, True)
        self.agent_selection = self._agents_of[self.position.side_to_move]
        self._accumulate_rewards()

    def render(self):
        if self.render_mode is None:
            gymnasium.logger.warn("render() called without a render mode")
            return None
        if self.render_mode == "ansi":
            return self.position.pretty()
        return katarenga_image(self.position)

    def close(self):
        pass

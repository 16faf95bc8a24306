"""What the environments share: the wrappers of ``env()``, the agents
and their colours, the spaces, and the AEC bookkeeping."""

from __future__ import annotations

import numpy as np
from gymnasium import spaces
from gymnasium.utils import EzPickle
from pettingzoo import AECEnv
from pettingzoo.utils import wrappers


def wrap(environment: AECEnv) -> AECEnv:
    """The wrappers of ``pettingzoo.classic``: an illegal move ends the game
    with -1 for its player, actions are checked, the order is enforced."""
    environment = wrappers.TerminateIllegalWrapper(environment, illegal_reward=-1)
    environment = wrappers.AssertOutOfBoundsWrapper(environment)
    return wrappers.OrderEnforcingWrapper(environment)


class BoardGameEnv(AECEnv, EzPickle):
    """An AEC environment of a two-player board game: ``player_0`` plays
    the colour that moves first."""

    #: Each game's ``metadata`` adds its ``name`` to these.
    metadata: dict = {
        "render_modes": ["human", "ansi", "rgb_array"],
        "is_parallelizable": False,
        "render_fps": 2,
    }

    def __init__(self, render_mode, first: str, actions: int, channels: int, *pickled):
        EzPickle.__init__(self, render_mode, *pickled)
        AECEnv.__init__(self)
        if render_mode is not None and render_mode not in self.metadata["render_modes"]:
            raise ValueError(f"unknown render mode {render_mode!r}")
        self.render_mode = render_mode
        second = "white" if first == "black" else "black"
        self.possible_agents = ["player_0", "player_1"]
        #: The colour each agent plays.
        self.colours = {"player_0": first, "player_1": second}
        self._agents_of = {first: "player_0", second: "player_1"}
        self._actions = actions
        self.action_spaces = {a: spaces.Discrete(actions) for a in self.possible_agents}
        self.observation_spaces = {
            a: spaces.Dict(
                {
                    "observation": spaces.Box(
                        low=0.0, high=1.0, shape=(8, 8, channels), dtype=np.float32
                    ),
                    "action_mask": spaces.Box(low=0, high=1, shape=(actions,), dtype=np.int8),
                }
            )
            for a in self.possible_agents
        }
        self._new_game("player_0")

    def _new_game(self, first_agent: str) -> None:
        """Every agent live, no rewards yet, ``first_agent`` to act."""
        self.agents = self.possible_agents[:]
        self.rewards = dict.fromkeys(self.agents, 0)
        self._cumulative_rewards = dict.fromkeys(self.agents, 0)
        self.terminations = dict.fromkeys(self.agents, False)
        self.truncations = dict.fromkeys(self.agents, False)
        self.infos = {a: {} for a in self.agents}
        self.agent_selection = first_agent

    def _action(self, action) -> int:
        """``action`` checked: an integer (Python's or NumPy's; not a bool,
        not a float, which ``int()`` would truncate) naming an action."""
        last = self._actions - 1
        if isinstance(action, (bool, np.bool_)) or not isinstance(action, (int, np.integer)):
            raise ValueError(f"action must be an integer from 0 to {last}, not {action!r}")
        if not 0 <= action <= last:
            raise ValueError(f"action must be an integer from 0 to {last}, not {action}")
        return int(action)

    def step(self, action):
        if self.terminations[self.agent_selection] or self.truncations[self.agent_selection]:
            self._was_dead_step(action)
            return
        agent = self.agent_selection
        self._cumulative_rewards[agent] = 0
        self._play(self._action(action))
        self.rewards = dict.fromkeys(self.agents, 0)
        self._after_move(agent)
        self._accumulate_rewards()

    def _play(self, action: int) -> None:
        """Plays ``action`` (checked to be in range) in the game's state."""
        raise NotImplementedError

    def _after_move(self, agent: str) -> None:
        """After ``agent``'s move: ends the game (rewards, terminations or
        truncations) or sets the next ``agent_selection``."""
        raise NotImplementedError

    def _no_actions(self) -> np.ndarray:
        return np.zeros(self._actions, dtype=np.int8)

    def _won_by(self, colour: str) -> None:
        """Ends the game with +1 for ``colour``'s agent and -1 for the other."""
        winner = self._agents_of[colour]
        for agent in self.agents:
            self.rewards[agent] = 1 if agent == winner else -1
        self.terminations = dict.fromkeys(self.agents, True)

    def observation_space(self, agent):
        return self.observation_spaces[agent]

    def action_space(self, agent):
        return self.action_spaces[agent]

    def close(self):
        pass

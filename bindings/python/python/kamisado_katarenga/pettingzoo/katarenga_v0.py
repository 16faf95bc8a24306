"""Katarenga as a PettingZoo AEC environment.

| | |
|---|---|
| Agents | ``["player_0", "player_1"]``: White (who moves first) and Black |
| Actions | ``Discrete(4224)``: see :mod:`kamisado_katarenga.katarenga` |
| Observations | ``{"observation": Box(0, 1, (8, 8, 11), float32), "action_mask": Box(0, 1, (4224,), int8)}`` |
| Rewards | +1 for the winner, -1 for the loser, at the end of the game; 0 for both when truncated |
| Render modes | ``"human"`` (the drawing printed to the terminal), ``"ansi"``, ``"rgb_array"`` |

Options: ``board`` (a :class:`~kamisado_katarenga.katarenga.Board`, the
standard board by default), ``rules`` (``"standard"`` or
``"no-first-capture"``: no capture on either player's first move),
``random_boards`` (a random tile board, drawn
from the ``seed`` of ``reset``, at every reset), and ``max_cycles`` (default
300): Katarenga has no draw rule and two players can repeat moves for ever,
so a game that reaches ``max_cycles`` plies is truncated.
"""

from __future__ import annotations

import numpy as np

from .. import katarenga
from ..render import katarenga_image, render
from ._base import BoardGameEnv, wrap


def env(**kwargs):
    """The wrapped environment (the usual entry point)."""
    return wrap(raw_env(**kwargs))


class raw_env(BoardGameEnv):
    """The environment without wrappers."""

    metadata = {**BoardGameEnv.metadata, "name": "katarenga_v0"}

    def __init__(
        self,
        render_mode: str | None = None,
        board: katarenga.Board | None = None,
        random_boards: bool = False,
        max_cycles: int = 300,
        rules: str = "standard",
    ):
        self.board = board if board is not None else katarenga.Board()
        self.rules = rules
        self.random_boards = random_boards
        self.max_cycles = max_cycles
        self.position = katarenga.start(self.board, rules=rules)
        self.plies = 0
        self._rng = np.random.default_rng()
        super().__init__(
            render_mode,
            "white",
            katarenga.ACTIONS,
            katarenga.CHANNELS,
            board,
            random_boards,
            max_cycles,
            rules,
        )

    def observe(self, agent):
        observation = self.position.observation(self.colours[agent])
        live = not (self.terminations.get(agent) or self.truncations.get(agent))
        if agent == self.agent_selection and live and not self.position.is_over:
            mask = self.position.action_mask()
        else:
            mask = self._no_actions()
        return {"observation": observation, "action_mask": mask}

    def reset(self, seed=None, options=None):
        if seed is not None:
            self._rng = np.random.default_rng(seed)
        if self.random_boards:
            self.board = katarenga.Board.arrangement(int(self._rng.integers(98304)))
        self.position = katarenga.start(self.board, rules=self.rules)
        self.plies = 0
        self._new_game(self._agents_of[self.position.side_to_move])

    def _play(self, action: int) -> None:
        self.position = self.position.play(self.position.move_of(action))
        self.plies += 1

    def _after_move(self, agent: str) -> None:
        if self.position.winner is not None:
            self._won_by(self.position.winner)
        elif self.plies >= self.max_cycles:
            self.truncations = dict.fromkeys(self.agents, True)
        self.agent_selection = self._agents_of[self.position.side_to_move]

    def _drawing(self) -> str:
        return self.position.pretty()

    def render(self):
        return render(self.render_mode, self._drawing, lambda: katarenga_image(self.position))

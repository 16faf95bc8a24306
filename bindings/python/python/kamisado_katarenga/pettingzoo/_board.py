"""What the environments of the games on a Katarenga board share
(Katarenga and the family): a position started on a board with the game's
options, a random tile board at each reset if asked, the ply limit, and
draws by the rules."""

from __future__ import annotations

import numpy as np

from .. import katarenga
from ..render import katarenga_image, render
from ._base import BoardGameEnv


class PositionEnv(BoardGameEnv):
    """An AEC environment of one game on a Katarenga board: ``module`` is
    the game's module (its ``start``, ``ACTIONS`` and ``CHANNELS``),
    ``options`` the keyword arguments of its ``start`` (a bad one is
    refused here), ``pickled`` the constructor's arguments in order."""

    def __init__(self, module, render_mode, board, random_boards, max_cycles, options, pickled):
        self._module = module
        self.board = board if board is not None else katarenga.Board()
        self.random_boards = random_boards
        self.max_cycles = max_cycles
        self._options = options
        self.position = module.start(self.board, **options)
        self.plies = 0
        self._rng = np.random.default_rng()
        super().__init__(render_mode, "white", module.ACTIONS, module.CHANNELS, *pickled)

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
        self.position = self._module.start(self.board, **self._options)
        self.plies = 0
        self._new_game(self._agents_of[self.position.side_to_move])

    def _play(self, action: int) -> None:
        self.position = self.position.play(self.position.move_of(action))
        self.plies += 1

    def _after_move(self, agent: str) -> None:
        if self.position.winner is not None:
            self._won_by(self.position.winner)
        elif self.position.is_over:
            # A draw by the rules: 0 for both.
            self.terminations = dict.fromkeys(self.agents, True)
        elif self.plies >= self.max_cycles:
            self.truncations = dict.fromkeys(self.agents, True)
        self.agent_selection = self._agents_of[self.position.side_to_move]

    def _drawing(self) -> str:
        return self.position.pretty()

    def render(self):
        return render(self.render_mode, self._drawing, lambda: katarenga_image(self.position))

"""Quebec as a PettingZoo AEC environment.

| | |
|---|---|
| Agents | ``["player_0", "player_1"]``: White (who moves first) and Black |
| Actions | ``Discrete(4097)``: see :mod:`kamisado_katarenga.quebec` |
| Observations | ``{"observation": Box(0, 1, (8, 8, 7), float32), "action_mask": Box(0, 1, (4097,), int8)}`` |
| Rewards | +1 for the winner, -1 for the loser, at the end of the game; 0 for both for a draw by the rules (``rules="draw"``, both sides connected at once) and when truncated |
| Render modes | ``"human"`` (the drawing printed to the terminal), ``"ansi"``, ``"rgb_array"`` |

Options: ``board`` (a :class:`~kamisado_katarenga.katarenga.Board`, the
standard board by default), ``random_boards`` (a random tile board, drawn
from the ``seed`` of ``reset``, at every reset), ``rules`` (the both-connected
rule: ``"mover"``, the default, or ``"draw"``), and ``max_cycles`` (default
300): a game that reaches ``max_cycles`` plies is truncated.
"""

from __future__ import annotations

from .. import katarenga, quebec
from ._base import wrap
from ._board import PositionEnv


def env(**kwargs):
    """The wrapped environment (the usual entry point)."""
    return wrap(raw_env(**kwargs))


class raw_env(PositionEnv):
    """The environment without wrappers."""

    metadata = {**PositionEnv.metadata, "name": "quebec_v0"}

    def __init__(
        self,
        render_mode: str | None = None,
        board: katarenga.Board | None = None,
        random_boards: bool = False,
        max_cycles: int = 300,
        rules: str = "mover",
    ):
        self.rules = rules
        super().__init__(
            quebec,
            render_mode,
            board,
            random_boards,
            max_cycles,
            {"rules": rules},
            (board, random_boards, max_cycles, rules),
        )

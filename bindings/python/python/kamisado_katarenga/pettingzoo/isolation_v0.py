"""Isolation as a PettingZoo AEC environment.

| | |
|---|---|
| Agents | ``["player_0", "player_1"]``: White (who moves first) and Black |
| Actions | ``Discrete(64)``: see :mod:`kamisado_katarenga.isolation` |
| Observations | ``{"observation": Box(0, 1, (8, 8, 10), float32), "action_mask": Box(0, 1, (64,), int8)}`` |
| Rewards | +1 for the winner, -1 for the loser, at the end of the game (a game ends within 64 placements, always with a winner) |
| Render modes | ``"human"`` (the drawing printed to the terminal), ``"ansi"``, ``"rgb_array"`` |

Options: ``board`` (a :class:`~kamisado_katarenga.katarenga.Board`, the
standard board by default), ``random_boards`` (a random tile board, drawn
from the ``seed`` of ``reset``, at every reset), ``rules`` (the reading: ``"strict"``,
the default, ``"opposite"`` or ``"one-way"``) and ``supply`` (``"8"``, the
default, or ``"none"``).
"""

from __future__ import annotations

from .. import katarenga, isolation
from ._base import wrap
from ._board import PositionEnv


def env(**kwargs):
    """The wrapped environment (the usual entry point)."""
    return wrap(raw_env(**kwargs))


class raw_env(PositionEnv):
    """The environment without wrappers."""

    metadata = {**PositionEnv.metadata, "name": "isolation_v0"}

    def __init__(
        self,
        render_mode: str | None = None,
        board: katarenga.Board | None = None,
        random_boards: bool = False,
        rules: str = "strict",
        supply: str = "8",
    ):
        self.rules = rules
        self.supply = supply
        super().__init__(
            isolation,
            render_mode,
            board,
            random_boards,
            64,
            {"rules": rules, "supply": supply},
            (board, random_boards, rules, supply),
        )

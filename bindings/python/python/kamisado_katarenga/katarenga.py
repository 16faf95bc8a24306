"""Katarenga: positions, boards, search, encoding and batched play.

Positions are immutable; :meth:`Position.play` returns the next position and
raises :class:`ValueError` (with the engine's reason) for an illegal move.
Moves are strings: ``"c1d3"``; a capture looks the same; entering a camp is
``"e8h9"``. White moves first.

Encoding (fixed; the same in the PettingZoo environment and the batches)
-----------------------------------------------------------------------
Everything is seen from the player to act: for White the board is mirrored
top to bottom, so every player moves up the board, its home row is the
bottom row and its two target camps lie beyond the top row.

Actions (``ACTIONS`` = 4224): ``origin * 66 + destination``, with ``origin``
a square index ``rank * 8 + file`` in the player's frame and
``destination`` a square index (0-63), or 64 for the target camp on the
a-file side, 65 for the one on the h-file side.

Observations: ``(8, 8, CHANNELS)`` float32, ``CHANNELS`` = 11, row 0 the far
rank (the player's target line), column 0 the a-file:

====== ==============================================================
0      the player's pieces
1      the opponent's pieces
2-5    the square colours: red (rook), yellow (bishop), blue (king),
       green (knight)
6, 7   all ones when the player's a-side, h-side target camp is taken
8, 9   all ones when the opponent's a-side, h-side target camp is taken
10     all ones when the player is White
====== ==============================================================
"""

from __future__ import annotations

import numpy as _np

from ._native import (
    KATARENGA_ACTIONS as ACTIONS,
    KATARENGA_CHANNELS as CHANNELS,
    KATARENGA_MAX_MOVES as MAX_MOVES,
    KatarengaBatch as Batch,
    KatarengaBoard as Board,
    KatarengaPosition as Position,
    Player,
    KatarengaRematch as Rematch,
)

# The __future__ import's name is not part of the module (nor is NumPy's:
# it is imported as _np).
del annotations

__all__ = [
    "Player",
    "RGB",
    "ACTIONS",
    "CHANNELS",
    "MAX_MOVES",
    "Batch",
    "Board",
    "Position",
    "Rematch",
    "ORIENTATIONS",
    "action_to_move",
    "move_to_action",
    "start",
]

#: The screen colours of red, yellow, blue and green squares.
RGB = _np.array(
    [(196, 52, 52), (232, 198, 48), (58, 108, 206), (56, 156, 78)], dtype=_np.uint8
)


#: The edges of a laid board at which Black may sit (the first player's
#: choice of the rules' set-up), in the order of :meth:`Board.orientations`.
ORIENTATIONS = ("bottom", "right", "top", "left")


def start(
    board: Board | None = None, rules: str = "standard", orientation: str = "bottom"
) -> Position:
    """The start on ``board`` (the standard board by default), by ``rules``:
    ``"standard"`` or ``"no-first-capture"`` (no capture on either player's
    first move), with Black at ``orientation``'s edge of the board as laid
    (:data:`ORIENTATIONS`; :meth:`Board.best_orientation` is the engine's
    choice)."""
    return Position.start(board, rules, orientation)


def action_to_move(position: Position, action: int) -> str:
    """The move of ``action`` in ``position`` (check the mask for legality)."""
    return position.move_of(action)


def move_to_action(position: Position, move: str) -> int:
    """The action number of ``move`` in ``position``."""
    return position.action(move)

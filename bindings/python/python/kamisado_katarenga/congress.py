"""Congress: positions, search, encoding and batched play.

David Parlett's game on the Katarenga board: move one of your pawns (as
Katarenga's pieces move, by the colour of the square it stands on) to an
empty square; no captures. The first player whose pawns all form one group
under orthogonal adjacency wins. White moves first. The rules as played
here, with every choice made where Parlett is silent, are the Rust crate
``katarenga-family``'s rules page.

Positions are immutable; :meth:`Position.play` returns the next position
and raises :class:`ValueError` (with the engine's reason) for an illegal
move. Moves are strings: ``"b1b3"``; the pass is ``"pass"`` (legal only
under the ``"pass"`` no-move rule, and only with no other move).

Encoding (fixed; the same for Quebec, in the batches and the environments)
-------------------------------------------------------------------------
The board is not turned for either player (these games have no direction).

Actions (``ACTIONS`` = 4097): ``from * 64 + to``, with square indices
``rank * 8 + file`` (a1 = 0, h8 = 63); :data:`PASS` (4096) is the pass.

Observations: ``(8, 8, CHANNELS)`` float32, ``CHANNELS`` = 7, row 0 rank
8, column 0 the a-file:

====== ==============================================================
0      the player's pawns
1      the opponent's pawns
2-5    the square colours: red (rook), yellow (bishop), blue (king),
       green (knight)
6      all ones when the player is White
====== ==============================================================
"""

from __future__ import annotations

from ._native import (
    FAMILY_MAX_MOVES as MAX_MOVES,
    STEP_ACTIONS as ACTIONS,
    STEP_CHANNELS as CHANNELS,
    STEP_PASS as PASS,
    CongressBatch as Batch,
    CongressPosition as Position,
    KatarengaBoard as Board,
    Player,
)
from .katarenga import RGB

del annotations

__all__ = [
    "Player",
    "RGB",
    "ACTIONS",
    "CHANNELS",
    "MAX_MOVES",
    "PASS",
    "RULES",
    "Batch",
    "Board",
    "Position",
    "start",
]

#: The no-move rules, the default first: a player with no move loses, or
#: passes (neither able to move is a draw).
RULES = ("lose", "pass")


def start(board: Board | None = None, rules: str = "lose") -> Position:
    """The start on ``board`` (the standard board by default) by the
    no-move rule ``rules`` (:data:`RULES`)."""
    return Position.start(board, rules)

"""Isolation: positions, the exact solver, encoding and batched play.

David Parlett's placement game on the Katarenga board: the board starts
empty, each player places one of its pawns a turn on an empty square where
the rules of movement allow it, and the last player able to place wins.
Under the ``"strict"`` reading (Parlett's rule, the default) no two pawns
of either colour may be en prise to each other; ``"opposite"`` counts only
the other colour's pawns; ``"one-way"`` (the student programs' reading)
forbids only placing a pawn where it is attacked. Each player has the
box's 8 pawns (``supply="8"``) or an unlimited supply (``"none"``). White
places first. The rules as played here are the Rust crate
``katarenga-family``'s rules page.

Moves are strings: ``"@d4"`` places a pawn on d4. :meth:`Position.solve`
solves strict Isolation exactly (Node Kayles on the board's conflict
graph, well under a second from an empty board).

Encoding (fixed; the same in the batches and the environment)
-------------------------------------------------------------
Actions (``ACTIONS`` = 64): the square of the placement, ``rank * 8 +
file`` (a1 = 0, h8 = 63); the board is not turned for either player.

Observations: ``(8, 8, CHANNELS)`` float32, ``CHANNELS`` = 10, row 0 rank
8, column 0 the a-file:

====== ==============================================================
0      the player's pawns
1      the opponent's pawns
2-5    the square colours: red (rook), yellow (bishop), blue (king),
       green (knight)
6      the squares where the side to move may place a pawn
7      the player's pawns in hand / 8 (all ones: unlimited)
8      the opponent's pawns in hand / 8 (all ones: unlimited)
9      all ones when the player is White
====== ==============================================================
"""

from __future__ import annotations

from ._native import (
    DROP_ACTIONS as ACTIONS,
    DROP_CHANNELS as CHANNELS,
    IsolationBatch as Batch,
    IsolationPosition as Position,
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
    "READINGS",
    "SUPPLIES",
    "Batch",
    "Board",
    "Position",
    "start",
]

#: The most legal placements a position can have.
MAX_MOVES = 64

#: The readings of the placement rule, the default first.
READINGS = ("strict", "opposite", "one-way")

#: The supplies, the default first: the box's 8 pawns a side, or unlimited.
SUPPLIES = ("8", "none")


def start(board: Board | None = None, rules: str = "strict", supply: str = "8") -> Position:
    """The empty ``board`` (the standard board by default) by the reading
    ``rules`` (:data:`READINGS`) with ``supply`` (:data:`SUPPLIES`)."""
    return Position.start(board, rules, supply)

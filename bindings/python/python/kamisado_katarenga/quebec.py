"""Quebec: positions, search, encoding and batched play.

Congress with captures (Canadian Congress): a pawn that ends its move on an
opposing pawn captures it. After each move both sides are tested: a side
whose pawns form one orthogonal group wins, and a single pawn counts as a
group, so a capture can win the game for the opponent. When both sides are
connected at once, the player who moved wins (``"mover"``, the default) or
the game is drawn (``"draw"``). White moves first. The rules as played
here are the Rust crate ``katarenga-family``'s rules page.

Moves are strings: ``"b1b3"`` (a capture looks the same). The encoding is
Congress's (:mod:`kamisado_katarenga.congress`): ``ACTIONS`` = 4097 (the
pass action is never legal in Quebec), ``CHANNELS`` = 7.
"""

from __future__ import annotations

from ._native import (
    FAMILY_MAX_MOVES as MAX_MOVES,
    STEP_ACTIONS as ACTIONS,
    STEP_CHANNELS as CHANNELS,
    KatarengaBoard as Board,
    Player,
    QuebecBatch as Batch,
    QuebecPosition as Position,
)
from .katarenga import RGB

del annotations

__all__ = [
    "Player",
    "RGB",
    "ACTIONS",
    "CHANNELS",
    "MAX_MOVES",
    "RULES",
    "Batch",
    "Board",
    "Position",
    "start",
]

#: The both-connected rules, the default first.
RULES = ("mover", "draw")


def start(board: Board | None = None, rules: str = "mover") -> Position:
    """The start on ``board`` (the standard board by default) by the
    both-connected rule ``rules`` (:data:`RULES`)."""
    return Position.start(board, rules)

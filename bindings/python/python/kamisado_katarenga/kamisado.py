"""Kamisado: positions, matches, search, encoding and batched play.

Positions are immutable; :meth:`Position.play` returns the next position and
raises :class:`ValueError` (with the engine's reason) for an illegal move.
Moves are strings in the notation: ``"d1d7"``; a sumo push is the sumo's
one-square step; a pass is the blocked tower's square twice (``"d7d7"``).

Encoding (fixed; the same in the PettingZoo environment and the batches)
-----------------------------------------------------------------------
Everything is seen from the player to act: for White the board is turned
half a turn (Kamisado's colouring is the same turned round), so every player
moves up the board and its home row is the bottom row.

Actions (``ACTIONS`` = 514): ``colour * 64 + destination`` for a move of the
player's tower of ``colour`` (orange 0, blue 1, purple 2, pink 3, yellow 4,
red 5, green 6, brown 7) to ``destination`` (a square index ``rank * 8 +
file`` in the player's frame, 0 = the player's a1); a pass is the tower's
own square. Actions 512 and 513 choose the a-file or the h-file refill edge
between the rounds of a match (``EDGE_A``, ``EDGE_H``).

Observations: ``(8, 8, CHANNELS)`` float32, ``CHANNELS`` = 36, row 0 the far
rank (the opponent's home row), column 0 the player's a-file:

====== ==============================================================
0-7    the player's towers, one plane per colour (orange ... brown)
8-15   the opponent's towers, one plane per colour
16-18  the player's towers of sumo rank at least 1, 2, 3
19-21  the opponent's towers of sumo rank at least 1, 2, 3
22     the tower that must move (empty on a free choice)
23     all ones on a free choice
24     all ones when the side to move takes the extra move after its own push
25     all ones when the player is White
26-33  the square colours (of the position's layout), one plane per colour
34     the player's match score / target, at most 1 (all cells)
35     the opponent's match score / target, at most 1
====== ==============================================================
"""

from __future__ import annotations

import numpy as _np

from ._native import (
    KAMISADO_ACTIONS as ACTIONS,
    KAMISADO_CHANNELS as CHANNELS,
    KAMISADO_EDGE_A as EDGE_A,
    KAMISADO_EDGE_H as EDGE_H,
    KAMISADO_MAX_MOVES as MAX_MOVES,
    KamisadoBatch as Batch,
    KamisadoMatch as Match,
    KamisadoPosition as Position,
    KamisadoSetupChart as SetupChart,
    Player,
)

# The __future__ import's name is not part of the module (nor is NumPy's:
# it is imported as _np).
del annotations

__all__ = [
    "Player",
    "winner",
    "RGB",
    "COLOURS",
    "ACTIONS",
    "CHANNELS",
    "EDGE_A",
    "EDGE_H",
    "MAX_MOVES",
    "Batch",
    "Match",
    "Position",
    "SetupChart",
    "action_to_move",
    "move_to_action",
    "observation",
    "action_mask",
    "start",
    "new_match",
    "draw_due",
]

#: The screen colours of the eight colours, in action order.
RGB = _np.array(
    [
        (236, 134, 34),
        (36, 92, 196),
        (116, 56, 160),
        (236, 128, 170),
        (236, 206, 40),
        (204, 36, 40),
        (36, 146, 70),
        (116, 68, 30),
    ],
    dtype=_np.uint8,
)

#: The colour names in action order.
COLOURS = ("orange", "blue", "purple", "pink", "yellow", "red", "green", "brown")


def start() -> Position:
    """The start of a match."""
    return Position.start()


def new_match(target: int | str = 1, spec=None, seed: int = 0, setups=None) -> Match:
    """The match an environment plays: the one ``spec`` describes (a
    ``GameSpec`` or its text: reading, layout, target, scoring, refill) when
    given, else a match to ``target`` by the standard rules. A
    ``layout=random`` in the text is drawn from ``seed`` (a ``GameSpec``
    object names its layout already). A set-up match (``refill=setups``)
    draws from ``setups`` (a ``SetupChart`` or its text): Black's draw for
    the first round from ``seed``, each later one by :func:`draw_due`."""
    if spec is None:
        return Match(target)
    from ._native import GameSpec

    if not isinstance(spec, GameSpec):
        spec = GameSpec(str(spec), seed=seed)
    m = Match.from_spec(spec)
    if m.refill != "setups":
        return m
    if setups is None:
        raise ValueError("a set-up match (refill=setups) draws from a chart of set-ups: give it (setups=...)")
    chart = setups if isinstance(setups, SetupChart) else SetupChart(str(setups))
    low, high = chart.draw(seed)
    p = m.position
    return Match(m.target, rules=p.rules, scoring=m.scoring, refill="setups", layout=p.layout, start=chart.start(low, high))


def draw_due(match: Match, setups, seed: int) -> None:
    """In a set-up match between rounds, the loser's draw from ``setups``
    (a ``SetupChart`` or its text) with ``seed``; otherwise nothing."""
    if match.state == "draw_setups":
        chart = setups if isinstance(setups, SetupChart) else SetupChart(str(setups))
        match.draw_setups(chart, seed)


def action_to_move(position: Position, action: int) -> str:
    """The move of ``action`` in ``position`` (check the mask for legality)."""
    return position.move_of(action)


def move_to_action(position: Position, move: str) -> int:
    """The action number of ``move`` in ``position``."""
    return position.action(move)


def observation(
    position: Position,
    scores: tuple[int, int] = (0, 0),
    target: int = 1,
    player: str | None = None,
) -> _np.ndarray:
    """The observation planes of ``position`` for ``player`` (the side to
    move by default), with the match scores (Black's, White's)."""
    return position.observation(scores, target, player)


def action_mask(position: Position) -> _np.ndarray:
    """The legal-action mask of ``position`` (``ACTIONS`` int8)."""
    return position.action_mask()


def winner(position: Position) -> str | None:
    """``"black"``, ``"white"`` or ``None``."""
    return position.winner

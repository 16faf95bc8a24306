"""Kamisado, Katarenga and the Katarenga family's rules engines, written in
Rust, for Python.

- :mod:`kamisado_katarenga.kamisado` and :mod:`kamisado_katarenga.katarenga`:
  positions (parse, list moves, play, outcome, perft), Kamisado matches,
  search (best move within a time, a depth or a node budget; proofs), the
  fixed encoding of actions and observations for learning, and batched play
  (Kamisado single rounds or matches).
- :mod:`kamisado_katarenga.congress`, :mod:`kamisado_katarenga.quebec` and
  :mod:`kamisado_katarenga.isolation`: the other games of the Katarenga
  equipment, by David Parlett, on Katarenga's boards (positions, options,
  search, strict Isolation's exact solver, encoding, batched play).
- :class:`GameSpec`: one game as every door names it (which game, under
  which rules, from which set-up), in one text form such as
  ``"katarenga rules=no-first-capture"``; :func:`start` gives its start
  position (``start("katarenga board=1f0,2b1,3f2,4f3")``).
- :class:`Player` (also in every game module): reproducible computer
  players, ``Player.random(seed)``, ``Player.greedy(seed)``,
  ``Player.search(depth=..., nodes=...)``.
- :mod:`kamisado_katarenga.pettingzoo`: PettingZoo AEC environments
  ``kamisado_v0``, ``katarenga_v0``, ``congress_v0``, ``quebec_v0`` and
  ``isolation_v0``.
- :mod:`kamisado_katarenga.openspiel`: the games registered with OpenSpiel as
  ``python_kamisado``, ``python_katarenga``, ``python_congress``,
  ``python_quebec`` and ``python_isolation`` (when ``open_spiel`` is
  installed).
- :mod:`kamisado_katarenga.envs`: Gymnasium single-agent environments, one
  side against a built-in :class:`Player` (``kamisado_katarenga/Kamisado-v0``,
  ``kamisado_katarenga/Katarenga-v0``, ``.../Congress-v0``,
  ``.../Quebec-v0``, ``.../Isolation-v0``).
- :mod:`kamisado_katarenga.records`: the project's game records, read
  (replayed and checked) and written.
- :mod:`kamisado_katarenga.kkp`: drive an engine that speaks KKP (such as
  ``kk-engine``) from Python.

The rules are those of the Rust crates ``kamisado-core``,
``katarenga-core`` and ``katarenga-family``: Black moves first in Kamisado
(uppercase letters are Black's towers), White moves first in Katarenga and
in the family's games.
"""

from . import congress, isolation, kamisado, katarenga, quebec
from ._native import GameSpec, Player, start

__all__ = [
    "GameSpec",
    "Player",
    "congress",
    "isolation",
    "kamisado",
    "katarenga",
    "quebec",
    "start",
]

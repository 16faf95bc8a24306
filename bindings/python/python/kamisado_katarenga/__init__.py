"""Kamisado and Katarenga rules engines, written in Rust, for Python.

- :mod:`kamisado_katarenga.kamisado` and :mod:`kamisado_katarenga.katarenga`:
  positions (parse, list moves, play, outcome, perft), Kamisado matches,
  search (best move within a time budget, proofs), the fixed encoding of
  actions and observations for learning, and batched play.
- :mod:`kamisado_katarenga.pettingzoo`: PettingZoo AEC environments
  ``kamisado_v0`` and ``katarenga_v0``.
- :mod:`kamisado_katarenga.openspiel`: the games registered with OpenSpiel as
  ``python_kamisado`` and ``python_katarenga`` (when ``open_spiel`` is
  installed).

The rules are those of the Rust crates ``kamisado-core`` and
``katarenga-core``: Black moves first in Kamisado (uppercase letters are
Black's towers), White moves first in Katarenga.
"""

from . import kamisado, katarenga

__all__ = ["kamisado", "katarenga"]

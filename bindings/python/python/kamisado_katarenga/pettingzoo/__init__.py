"""PettingZoo environments of both games, in the manner of
``pettingzoo.classic``: ``kamisado_v0`` and ``katarenga_v0``, each with
``env()`` (wrapped: illegal moves end the game with -1, actions checked,
order enforced) and ``raw_env()``.

Requires ``pettingzoo`` and ``gymnasium`` (``pip install
"kamisado-katarenga[pettingzoo]"``).
"""

from . import kamisado_v0, katarenga_v0

__all__ = ["kamisado_v0", "katarenga_v0"]

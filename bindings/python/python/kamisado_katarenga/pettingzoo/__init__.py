"""PettingZoo environments of the five games, in the manner of
``pettingzoo.classic``: ``kamisado_v0``, ``katarenga_v0``, ``congress_v0``,
``quebec_v0`` and ``isolation_v0``, each with
``env()`` (wrapped: illegal moves end the game with -1, actions checked,
order enforced) and ``raw_env()``.

Requires ``pettingzoo`` and ``gymnasium`` (``pip install
"kamisado-katarenga[pettingzoo]"``).
"""

try:
    import gymnasium as _gymnasium  # noqa: F401
    import pettingzoo as _pettingzoo  # noqa: F401
except ModuleNotFoundError as _missing:
    raise ModuleNotFoundError(
        f"kamisado_katarenga.pettingzoo needs {_missing.name}: "
        'pip install "kamisado-katarenga[pettingzoo]"',
        name=_missing.name,
    ) from _missing

from . import (  # noqa: E402 (after the check above)
    congress_v0,
    isolation_v0,
    kamisado_v0,
    katarenga_v0,
    quebec_v0,
)

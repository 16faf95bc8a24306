"""The project's game records (the rules pages' "Game records": PGN-like
text, Kamisado matches round by round, Katarenga games and the family's
(Congress, Quebec, Isolation: a ``Game`` tag with the options) with their
board),
read, checked and written by the Rust crate ``game-records``.

A record is a dict, the serde form of the Rust types: read one to see its
fields (``header``, ``target``, ``rounds``, ``moves``, ``result``,
``termination``, ...). Reading replays every move and checks the scoring;
writing checks the record the same way before it writes it::

    from kamisado_katarenga import records

    games = records.read("katarenga", open("games.txt").read())
    print(len(games), games[0]["result"], games[0]["termination"])
    text = records.write("katarenga", games[0])   # the canonical text

A record that does not read raises :class:`ValueError` with the line and
column of the first problem (:func:`check` returns how many records a text
holds).
"""

from __future__ import annotations

import json
from typing import Any

from ._native import read_records, write_record

__all__ = ["read", "write", "check", "GAMES"]

#: The games whose records this module reads.
GAMES = ("kamisado", "katarenga", "congress", "quebec", "isolation")


def read(game: str, text: str) -> list[dict[str, Any]]:
    """Every record of ``text`` (``game`` is one of :data:`GAMES`; each
    record must be of that game), replayed and checked, as dicts."""
    return json.loads(read_records(game, text))


def write(game: str, record: dict[str, Any]) -> str:
    """The text of ``record`` (a dict as :func:`read` returns), checked by
    replaying it first."""
    return write_record(game, json.dumps(record))


def check(game: str, text: str) -> int:
    """How many records ``text`` holds, every move replayed; raises
    :class:`ValueError` naming the line and column of the first problem."""
    return len(read(game, text))

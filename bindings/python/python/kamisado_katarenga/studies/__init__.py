"""Studies past one machine: one model of work, run locally by default and on
Ray when it grows.

A study (the map of Katarenga's boards, later Kamisado rounds solved, the
first moves, the Isolation map, a tournament) is a list of
:class:`Item`\\ s; each item's result is written once under its own key in a
:class:`Store` (a directory), so any runner may run an item again (a retry,
a resumed run, two runners on one item) and a finished study's data is made
from its items alone::

    from kamisado_katarenga import studies

    study = studies.study("board-map", depth=3, count=64)
    store = studies.Store("runs")
    outcome = studies.run(study, store)                  # every core here
    outcome = studies.run(study, store, studies.RayRunner())  # a local Ray
    outcome = studies.run(study, store, studies.RayRunner("auto"))  # a cluster
    text = studies.data(study, store)

From the command line: ``python -m kamisado_katarenga.studies --help``.
Ray is an optional extra: ``pip install 'kamisado-katarenga[ray]'``.
"""

from __future__ import annotations

import sys
from typing import List, Optional, TextIO

from .catalog import STUDIES, study
from .model import Item, Study, StudyError, package_version
from .runners import LocalRunner, Outcome, RayRunner, Runner
from .store import Store, StoreError

__all__ = [
    "STUDIES",
    "Item",
    "LocalRunner",
    "MissingResults",
    "Outcome",
    "RayRunner",
    "Runner",
    "Store",
    "StoreError",
    "Study",
    "StudyError",
    "data",
    "package_version",
    "results",
    "run",
    "study",
]


class MissingResults(LookupError):
    """A study's data asked for before every item has a result."""

    def __init__(self, study: str, keys: List[str]) -> None:
        shown = ", ".join(repr(k) for k in keys[:5])
        more = f" and {len(keys) - 5} more" if len(keys) > 5 else ""
        super().__init__(f"{study}: {len(keys)} items have no result yet: {shown}{more}")
        self.keys = keys


def run(
    study: Study,
    store: Store,
    runner: Optional[Runner] = None,
    progress: Optional[TextIO] = sys.stderr,
    max_attempts: int = 3,
) -> Outcome:
    """Runs the items of ``study`` that ``store`` lacks with ``runner``
    (:class:`LocalRunner` on every core by default)."""
    return (runner or LocalRunner()).run(study, store, progress, max_attempts)


def results(study: Study, store: Store) -> list:
    """The results of the items of ``study``, in its order;
    :class:`MissingResults` names the items without one."""
    found, missing = [], []
    for item in study.items():
        record = store.get(item)
        if record is None:
            missing.append(item.key)
        else:
            found.append(record["result"])
    if missing:
        raise MissingResults(study.name, missing)
    return found


def data(study: Study, store: Store) -> str:
    """The data of ``study`` (its data file's text) from the stored results."""
    return study.data(results(study, store))

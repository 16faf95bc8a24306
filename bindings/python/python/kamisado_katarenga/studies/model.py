"""The model of work: a study is a list of items; an item's result is written
once under the item's own key.

An :class:`Item` names its study, its key within the study (a range of
boards, a position, a pair's number), the version of the package that
computes it and the parameters its result depends on. Its :attr:`Item.id`
is a hash of those four, so a result stored under it can only have been
computed for exactly that item, by exactly that version. Any runner may run
an item again (a retry, a resumed study, two runners given the same item):
the result is the same, and the store keeps the first one written.
"""

from __future__ import annotations

import hashlib
import json
from dataclasses import dataclass, field
from importlib import metadata
from typing import Any, ClassVar, Dict, List, Mapping


def package_version() -> str:
    """The installed ``kamisado-katarenga`` package's version: the build
    whose results an item's key names."""
    try:
        return metadata.version("kamisado-katarenga")
    except metadata.PackageNotFoundError:  # pragma: no cover - an unpacked tree
        return "unknown"


@dataclass(frozen=True)
class Item:
    """One unit of a study's work."""

    study: str
    """The study's name (``"board-map"``)."""
    key: str
    """The item's key within the study (``"0-16"``, a position, ``"7"``)."""
    version: str
    """The package version that computes it."""
    params: Mapping[str, Any] = field(hash=False)
    """The parameters its result depends on (JSON values)."""

    @property
    def id(self) -> str:
        """A hash of the study, key, version and parameters (32 hex digits):
        the name its result is stored under."""
        text = json.dumps(
            [self.study, self.key, self.version, dict(self.params)],
            sort_keys=True,
            separators=(",", ":"),
        )
        return hashlib.sha256(text.encode()).hexdigest()[:32]

    def to_json(self) -> Dict[str, Any]:
        """The item as a JSON object."""
        return {
            "study": self.study,
            "key": self.key,
            "version": self.version,
            "params": dict(self.params),
        }

    @classmethod
    def from_json(cls, value: Mapping[str, Any]) -> "Item":
        """The item of :meth:`to_json`'s object."""
        return cls(value["study"], value["key"], value["version"], dict(value["params"]))


class StudyError(ValueError):
    """A study's parameters that cannot be used (a ``ValueError``)."""


class Study:
    """A study: its parameters, its items, what one item computes and how the
    items' results make the study's data.

    Subclasses set :attr:`name`, :attr:`defaults` (every parameter with its
    default; a parameter's type is its default's), :attr:`extent` (the
    parameters that only choose which items there are, such as a range or a
    count, and so are not part of an item's identity), and implement
    :meth:`keys`, :meth:`run` and :meth:`data`.
    """

    name: ClassVar[str] = ""
    summary: ClassVar[str] = ""
    defaults: ClassVar[Dict[str, Any]] = {}
    extent: ClassVar[tuple] = ()
    help: ClassVar[Dict[str, str]] = {}

    def __init__(self, **params: Any) -> None:
        unknown = sorted(set(params) - set(self.defaults))
        if unknown:
            raise StudyError(
                f"{self.name}: unknown parameter {unknown[0]!r}; "
                f"its parameters are {', '.join(sorted(self.defaults))}"
            )
        values = dict(self.defaults)
        for key, value in params.items():
            values[key] = _coerce(self.name, key, value, self.defaults[key])
        self.params: Dict[str, Any] = values
        self.check()

    def check(self) -> None:
        """Refuses parameters that do not go together (``StudyError``)."""

    @property
    def item_params(self) -> Dict[str, Any]:
        """The parameters an item's result depends on."""
        return {k: v for k, v in self.params.items() if k not in self.extent}

    def keys(self) -> List[str]:
        """The items' keys, in the study's order."""
        raise NotImplementedError

    def items(self) -> List[Item]:
        """The study's items, in its order."""
        version = package_version()
        params = self.item_params
        return [Item(self.name, key, version, params) for key in self.keys()]

    def run(self, key: str) -> Any:
        """The result of the item ``key`` (JSON values): the same on any
        machine, in any process, however often it is run."""
        raise NotImplementedError

    def data(self, results: List[Any]) -> str:
        """The study's data (a text file) from its items' results, in the
        order of :meth:`items`."""
        raise NotImplementedError

    def report(self, results: List[Any]) -> str:
        """A short account of the results for the terminal (by default
        nothing beyond the runner's counts)."""
        return ""


def _coerce(study: str, key: str, value: Any, default: Any) -> Any:
    """``value`` as the type of ``default`` (text from the command line is
    read as that type)."""
    kind = type(default)
    if isinstance(value, kind) and not (kind is int and isinstance(value, bool)):
        return value
    if isinstance(value, str):
        try:
            if kind is bool:
                if value.lower() in ("1", "true", "yes", "on"):
                    return True
                if value.lower() in ("0", "false", "no", "off"):
                    return False
                raise ValueError(value)
            return kind(value)
        except ValueError:
            pass
    raise StudyError(
        f"{study}: parameter {key!r} must be {kind.__name__} (like {default!r}), not {value!r}"
    )

"""Where results go: one file per item under a directory, written once.

``ROOT/results/STUDY/ID.json`` holds an item's record (the item, its result,
the seconds it took and who ran it). A record is written to a temporary file
beside it, flushed to disk, then linked to its name: the name appears whole
or not at all, and only the first of two writers of one item succeeds (the
second's result, identical, is dropped). ``ROOT/failures/STUDY/ID.json``
holds the last error of an item that has no result; it is removed when the
item succeeds.
"""

from __future__ import annotations

import json
import os
import uuid
from pathlib import Path
from typing import Any, Dict, List, Optional, Union

from .model import Item


class StoreError(RuntimeError):
    """A record that is not what its name says (a damaged or foreign file)."""


class Store:
    """The results of studies under the directory ``root`` (created)."""

    def __init__(self, root: Union[str, os.PathLike]) -> None:
        self.root = Path(root)
        self.root.mkdir(parents=True, exist_ok=True)

    def _path(self, kind: str, item: Item) -> Path:
        return self.root / kind / item.study / f"{item.id}.json"

    def get(self, item: Item) -> Optional[Dict[str, Any]]:
        """The stored record of ``item`` (``None`` if it has none)."""
        path = self._path("results", item)
        try:
            text = path.read_text()
        except FileNotFoundError:
            return None
        try:
            record = json.loads(text)
            stored = Item.from_json(record["item"])
        except (ValueError, KeyError, TypeError) as e:
            raise StoreError(f"{path}: not a result record ({e})") from e
        if stored.id != item.id:
            raise StoreError(f"{path}: holds the result of another item ({stored.key!r})")
        return record

    def has(self, item: Item) -> bool:
        """Whether ``item`` has a result."""
        return self._path("results", item).exists()

    def put(self, item: Item, result: Any, seconds: float, runner: str) -> bool:
        """Stores ``item``'s result, unless it has one already: ``True`` if this
        call wrote it."""
        record = {
            "item": item.to_json(),
            "result": result,
            "seconds": round(seconds, 6),
            "runner": runner,
        }
        written = self._write_once(self._path("results", item), record)
        if written:
            try:
                self._path("failures", item).unlink()
            except FileNotFoundError:
                pass
        return written

    def fail(self, item: Item, error: str, attempts: int) -> None:
        """Records why ``item`` failed (replacing an earlier failure)."""
        path = self._path("failures", item)
        path.parent.mkdir(parents=True, exist_ok=True)
        tmp = path.with_name(f".{path.name}.{uuid.uuid4().hex}")
        tmp.write_text(
            json.dumps({"item": item.to_json(), "error": error, "attempts": attempts})
        )
        os.replace(tmp, path)

    def failures(self, study: str) -> List[Dict[str, Any]]:
        """The failure records of ``study`` (items without a result whose
        last run failed), by key."""
        folder = self.root / "failures" / study
        records = []
        for path in sorted(folder.glob("*.json")):
            try:
                records.append(json.loads(path.read_text()))
            except (OSError, ValueError):
                continue
        return sorted(records, key=lambda r: r["item"]["key"])

    def _write_once(self, path: Path, record: Dict[str, Any]) -> bool:
        path.parent.mkdir(parents=True, exist_ok=True)
        if path.exists():
            return False
        tmp = path.with_name(f".{path.name}.{uuid.uuid4().hex}")
        try:
            with open(tmp, "w") as f:
                json.dump(record, f, sort_keys=True)
                f.flush()
                os.fsync(f.fileno())
            try:
                os.link(tmp, path)
            except FileExistsError:
                return False
            return True
        finally:
            try:
                tmp.unlink()
            except FileNotFoundError:
                pass

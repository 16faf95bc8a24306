"""Shared helpers of the pytest suite: the reference perft suites that the
Rust crates keep in their test data (read from the repository checkout),
and the workspace's programs (CI builds them before this suite runs; set
KK_BIN to their folder)."""

from __future__ import annotations

import os
import shutil
from pathlib import Path

import pytest

REPO = Path(__file__).resolve().parents[3]


def suite(relative: str) -> list[tuple[str, int, int]]:
    """The cases ``(position, depth, nodes)`` of a perft suite file of the
    repository (``position ; depth ; nodes`` lines)."""
    path = REPO / relative
    if not path.exists():
        pytest.skip(f"{relative} is not in this checkout")
    cases = []
    for line in path.read_text().splitlines():
        if not line.strip() or line.startswith("#"):
            continue
        position, depth, nodes = (field.strip() for field in line.split(";"))
        cases.append((position, int(depth), int(nodes)))
    assert cases, f"no cases in {relative}"
    return cases


def square_index(name: str) -> int:
    """``"d1"`` -> 3: the index ``rank * 8 + file``."""
    return "abcdefgh".index(name[0]) + 8 * (int(name[1]) - 1)


def program(name: str) -> str:
    """The path of the workspace's program ``name``: in ``KK_BIN`` when it is
    set (a failure if it is not there), else in the checkout's target
    folders or on the PATH (a skip if it is nowhere)."""
    folder = os.environ.get("KK_BIN")
    candidates = [Path(folder)] if folder else [REPO / "target" / "debug", REPO / "target" / "release"]
    for candidate in candidates:
        if (candidate / name).exists():
            return str(candidate / name)
    if folder:
        pytest.fail(f"KK_BIN={folder} has no {name}")
    found = shutil.which(name)
    if found is None:
        pytest.skip(f"{name} is not built (cargo build --workspace --bins)")
    return found

"""The READMEs' Python training loop runs as written (docs that cannot
drift), and quickly: it is the loop users copy."""

from __future__ import annotations

import re
import time
from pathlib import Path

import pytest

REPO = Path(__file__).resolve().parents[3]


def _loop(readme: Path) -> str:
    blocks = re.findall(r"```python\n(.*?)```", readme.read_text(), re.S)
    loops = [b for b in blocks if "kamisado.Batch(1024)" in b]
    assert len(loops) == 1, f"one training loop in {readme}"
    return loops[0]


@pytest.mark.parametrize("readme", ["README.md", "bindings/python/README.md"])
def test_the_training_loop_runs_and_reports_its_speed(readme, capsys):
    code = _loop(REPO / readme)
    started = time.perf_counter()
    exec(compile(code, readme, "exec"), {})
    seconds = time.perf_counter() - started
    lines = capsys.readouterr().out.splitlines()
    assert [line.split(" steps")[0] for line in lines] == ["500", "1000", "1500", "2000"]
    assert all(line.endswith(" plies/s") for line in lines)
    # 2 million plies: a few seconds even on a loaded machine, not minutes.
    assert seconds < 30, f"{seconds:.1f} s"


def test_every_python_block_of_the_package_readme_runs(capsys):
    # Each example a user copies runs as written, but the training loop
    # (timed above) and the engine's (it needs kk-engine built: tested in
    # test_records_kkp.py).
    readme = REPO / "bindings/python/README.md"
    blocks = re.findall(r"```python\n(.*?)```", readme.read_text(), re.S)
    ran = 0
    for block in blocks:
        if "kamisado.Batch(1024)" in block or block.startswith("# needs kk-engine"):
            continue
        exec(compile(block, str(readme), "exec"), {})
        ran += 1
    assert ran >= 4

"""Arguments the package refuses, and how it says so: a bad number is a
ValueError that names the argument and the allowed range (a negative one
too, not an OverflowError about unsigned integers; Batch(0), a float
action and a truncated one are refused); a missing optional extra
says which extra to install; the modules show only their own names."""

from __future__ import annotations

import re
import subprocess
import sys

import numpy as np
import pytest

import kamisado_katarenga.bench as bench
from kamisado_katarenga import kamisado, katarenga

BAD_NUMBERS = [
    (lambda: kamisado.Batch(-5), "n must be an integer from 1 to 16777216, not -5"),
    (lambda: kamisado.Batch(0), "n must be an integer from 1 to 16777216, not 0"),
    (lambda: katarenga.Batch(0), "n must be an integer from 1"),
    (lambda: kamisado.Batch(4, max_plies=0), "max_plies must be an integer from 1"),
    (lambda: katarenga.Batch(4, seed=-1), "seed must be an integer from 0"),
    (lambda: kamisado.Position().best_move(milliseconds=-1), "milliseconds must be an integer from 0"),
    (lambda: katarenga.Position().best_move(table_mib=-1), "table_mib must be an integer from 0 to 1048576"),
    (lambda: kamisado.Position().solve(seconds=-1), "seconds must be a number of seconds of at least 0, not -1"),
    (lambda: katarenga.Position().solve(seconds=float("nan")), "seconds must be a number of seconds"),
    (lambda: kamisado.Position().solve(table_mib=-3), "table_mib must be"),
    (lambda: kamisado.Position().perft(-1), "depth must be an integer from 0 to 64, not -1"),
    (lambda: katarenga.Position().perft(65), "depth must be an integer from 0 to 64, not 65"),
    (lambda: kamisado.Match(0), "target must be an integer from 1"),
    (lambda: kamisado.Match(3).step(-1), "action must be an integer from 0 to 513, not -1"),
    (lambda: kamisado.Position().move_of(514), "action must be an integer from 0 to 513, not 514"),
    (lambda: katarenga.Position().move_of(-1), "action must be an integer from 0 to 4223"),
    (lambda: katarenga.Board.arrangement(98304), "index must be below 98304: an integer from 0 to 98303, not 98304"),
    (lambda: katarenga.Board.arrangement(-1), "index must be below 98304: an integer from 0 to 98303, not -1"),
    (lambda: kamisado.Position().observation(target=0), "target must be an integer from 1"),
    (lambda: kamisado.Position().observation(scores=(-1, 0)), "scores[0] must be"),
]


@pytest.mark.parametrize("call, message", BAD_NUMBERS)
def test_bad_numbers_are_value_errors_naming_the_argument(call, message):
    with pytest.raises(ValueError, match=re.escape(message)):
        call()


def test_floats_are_not_truncated():
    for call in (
        lambda: kamisado.Position().best_move(milliseconds=1.5),
        lambda: kamisado.Batch(2.0),
        lambda: katarenga.Board.arrangement(3.0),
    ):
        with pytest.raises(TypeError, match="float"):
            call()
    # The good values still work.
    assert kamisado.Position().perft(0) == 1
    assert len(kamisado.Batch(1)) == 1
    assert str(katarenga.Board.arrangement(0)) == str(katarenga.Board())


def test_the_pettingzoo_environments_check_their_actions():
    pytest.importorskip("pettingzoo")
    from kamisado_katarenga.pettingzoo import kamisado_v0, katarenga_v0

    for module, actions in ((kamisado_v0, kamisado.ACTIONS), (katarenga_v0, katarenga.ACTIONS)):
        env = module.raw_env()
        env.reset()
        legal = int(np.flatnonzero(env.observe(env.agent_selection)["action_mask"])[0])
        for bad in (-1, actions, float(legal), True, "3", None):
            with pytest.raises(ValueError, match=rf"action must be an integer from 0 to {actions - 1}"):
                env.step(bad)
        env.step(np.int64(legal))  # NumPy's integers are integers


def test_modules_show_only_their_own_names():
    for module in (kamisado, katarenga):
        public = {name for name in dir(module) if not name.startswith("_")}
        assert public == set(module.__all__), public ^ set(module.__all__)


def _without(module_names, code):
    """Runs `code` in a fresh interpreter in which `module_names` cannot be
    imported; returns the finished process."""
    block = "import sys\n" + "".join(f"sys.modules[{m!r}] = None\n" for m in module_names)
    return subprocess.run([sys.executable, "-c", block + code], capture_output=True, text=True)


def test_missing_extras_say_which_to_install():
    run = _without(["pyspiel"], "import kamisado_katarenga.openspiel")
    assert run.returncode != 0
    assert (
        "kamisado_katarenga.openspiel needs OpenSpiel (the module pyspiel): "
        'pip install "kamisado-katarenga[openspiel]"'
    ) in run.stderr
    run = _without(["gymnasium"], "import kamisado_katarenga.pettingzoo")
    assert run.returncode != 0
    assert 'kamisado_katarenga.pettingzoo needs gymnasium: pip install "kamisado-katarenga[pettingzoo]"' in run.stderr


def test_the_quick_bench_skips_what_is_not_installed():
    run = _without(
        ["gymnasium"],
        "import kamisado_katarenga.bench as b; b.main(['--quick', '--repeats', '1', '--batch', '16'])",
    )
    assert run.returncode == 0, run.stderr
    assert "PettingZoo AEC environment: skipped (" in run.stdout, run.stdout
    assert 'not installed; pip install "kamisado-katarenga[pettingzoo]")' in run.stdout
    # The rest of the bench ran.
    assert "engine, batched" in run.stdout
    assert bench._importable("numpy") and not bench._importable("a_module_that_is_not_there")

"""The studies on Ray (the optional extra): the same data as the local runner,
on a new local Ray and on a cluster started with ``ray start``; the faults
on that cluster (a worker killed mid-item, a bad item, the driver killed and
restarted). Skipped where Ray is not installed, unless KK_REQUIRE_RAY is set
(CI sets it). Usage statistics are off: nothing here reaches outside the
machine."""

from __future__ import annotations

import os
import shutil
import socket
import subprocess
import sys

import pytest

os.environ["RAY_USAGE_STATS_ENABLED"] = "0"

if os.environ.get("KK_REQUIRE_RAY"):
    import ray  # noqa: F401  (a missing Ray fails the suite here)
else:
    pytest.importorskip("ray")

from kamisado_katarenga import studies  # noqa: E402
from kamisado_katarenga.studies import LocalRunner, RayRunner, Store, study  # noqa: E402
from test_studies import NAMES, kill_and_resume, tiny  # noqa: E402


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


def ray_program() -> str:
    found = shutil.which("ray", path=os.path.dirname(sys.executable)) or shutil.which("ray")
    assert found, "Ray is installed but its 'ray' program is not found"
    return found


def test_a_study_runs_on_a_new_local_ray_by_default(tmp_path):
    # Before the cluster below starts: the runner starts a Ray of its own in
    # this process (address "local"), and stops it after the run.
    import ray

    the_study = study("fault-drill", count=6)
    outcome = studies.run(the_study, Store(tmp_path), RayRunner(workers=2), progress=None)
    assert outcome.complete and outcome.stored == 6
    assert not ray.is_initialized()
    assert studies.data(the_study, Store(tmp_path)) == "".join(f"{k},{k * k}\n" for k in range(6))


@pytest.fixture(scope="module")
def cluster(tmp_path_factory):
    """A Ray cluster of this machine started as a user starts one (``ray
    start --head``), its address, and ``ray stop`` at the end."""
    port = free_port()
    temp = tmp_path_factory.mktemp("ray")
    # A driver as a user starts one: without the token mode that a local
    # Ray of this process (the test above) leaves in the environment.
    os.environ.pop("RAY_AUTH_MODE", None)
    env = dict(os.environ, RAY_USAGE_STATS_ENABLED="0")
    subprocess.run(
        [ray_program(), "start", "--head", f"--port={port}", "--num-cpus=2",
         "--include-dashboard=false", "--disable-usage-stats", f"--temp-dir={temp}"],
        check=True,
        capture_output=True,
        env=env,
        timeout=120,
    )
    try:
        yield f"127.0.0.1:{port}"
    finally:
        subprocess.run([ray_program(), "stop", "--force"], capture_output=True, env=env, timeout=120)


@pytest.mark.parametrize("name", NAMES)
def test_every_study_gives_the_same_data_locally_and_on_ray(tmp_path, cluster, name):
    the_study = study(name, **tiny(name))
    local, on_ray = Store(tmp_path / "local"), Store(tmp_path / "ray")
    a = studies.run(the_study, local, LocalRunner(2), progress=None)
    b = studies.run(the_study, on_ray, RayRunner(cluster), progress=None)
    assert a.complete and b.complete, (a.failed, b.failed)
    assert b.stored == len(the_study.items()) > 1
    assert studies.data(the_study, local) == studies.data(the_study, on_ray)
    # Ray's workers ran the items, not this process.
    runners = {store_record["runner"] for store_record in map(on_ray.get, the_study.items())}
    assert str(os.getpid()) not in {r.split(":")[1] for r in runners}


def test_a_worker_killed_mid_item_on_ray_is_retried_and_counted_once(tmp_path, cluster):
    marks = tmp_path / "marks"
    marks.mkdir()
    the_study = study("fault-drill", count=8, kill="2,5", marks=str(marks), sleep=0.05)
    store = Store(tmp_path / "store")
    outcome = studies.run(the_study, store, RayRunner(cluster), progress=None)
    assert (marks / "killed-2").exists() and (marks / "killed-5").exists()
    assert outcome.complete, outcome.failed
    assert outcome.stored == 8
    assert studies.data(the_study, store) == "".join(f"{k},{k * k}\n" for k in range(8))


def test_an_item_that_always_kills_its_worker_on_ray_fails_with_its_key(tmp_path, cluster):
    the_study = study("fault-drill", count=4, crash="2")
    store = Store(tmp_path)
    outcome = studies.run(the_study, store, RayRunner(cluster), progress=None, max_attempts=2)
    assert outcome.stored == 3
    [(key, error)] = outcome.failed
    assert key == "2" and error.endswith("after 2 attempts"), error
    assert [f["item"]["key"] for f in store.failures("fault-drill")] == ["2"]


def test_a_bad_item_on_ray_is_reported_with_its_key(tmp_path, cluster):
    the_study = study("fault-drill", count=6, fail="4")
    store = Store(tmp_path)
    outcome = studies.run(the_study, store, RayRunner(cluster), progress=None)
    assert outcome.stored == 5
    assert [key for key, _ in outcome.failed] == ["4"]
    assert "ValueError: item 4 fails by request" in outcome.failed[0][1]
    assert [f["item"]["key"] for f in store.failures("fault-drill")] == ["4"]


def test_a_killed_driver_on_ray_resumes_from_the_stored_results(tmp_path, cluster):
    kill_and_resume(tmp_path, ["--address", cluster])

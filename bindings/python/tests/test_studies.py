"""The studies' model of work with the local runner (no Ray): items and their
keys, the store's write-once rule, the items' results against the programs'
own runs, and the faults (a bad item, a worker killed mid-item, the driver
killed and restarted)."""

from __future__ import annotations

import json
import os
import re
import signal
import subprocess
import sys
import threading
import time
from pathlib import Path

import pytest

from conftest import program
from kamisado_katarenga import records, studies
from kamisado_katarenga.studies import LocalRunner, Store, study

# Small enough for seconds in a debug-free build, large enough that every
# study has several items and the runners interleave them.
TINY = {
    "board-map": {"depth": 2, "count": 10, "chunk": 4},
    "isolation-map": {"count": 8, "chunk": 3},
    "round-starts": {"count": 4, "nodes": 20000, "table_mib": 4},
    "first-moves": {"nodes": 2000, "table_mib": 4},
    "tournament": {"first": "depth=2", "second": "random", "pairs": 6, "max_plies": 120},
    "fault-drill": {"count": 7},
}
NAMES = sorted([*TINY, "referee"])


def tiny(name: str) -> dict:
    """Small parameters of the study ``name`` (the referee's: this
    checkout's programs, bounded by nodes so that pairs replay exactly)."""
    if name == "referee":
        engine = f"cmd={program('kk-engine')} option.Hash=4"
        return {
            "referee": program("kk-referee"),
            "first": engine,
            "second": f"{engine} option.Depth=1",
            "tc": "nodes=2000",
            "pairs": 3,
        }
    return TINY[name]


def run_quietly(the_study, store, runner=None, **kwargs):
    return studies.run(the_study, store, runner or LocalRunner(2), progress=None, **kwargs)


def test_an_items_key_is_its_study_key_version_and_result_parameters():
    a = study("board-map", depth=3, count=32, chunk=16).items()
    b = study("board-map", depth=3, first=0, count=64, chunk=16).items()
    # The range chooses the items; it is not part of what an item computes.
    assert [i.id for i in a] == [i.id for i in b[:2]]
    assert a[0].key == "0-16" and a[1].key == "16-32"
    deeper = study("board-map", depth=4, count=32, chunk=16).items()
    assert {i.id for i in a}.isdisjoint(i.id for i in deeper)
    other = studies.Item(a[0].study, a[0].key, "0.0.0-other", a[0].params)
    assert other.id != a[0].id
    assert studies.Item.from_json(a[0].to_json()) == a[0]


def test_bad_parameters_are_refused_with_their_names():
    with pytest.raises(studies.StudyError, match="unknown parameter 'dpth'"):
        study("board-map", dpth=3)
    with pytest.raises(studies.StudyError, match="'depth' must be int"):
        study("board-map", depth="deep")
    with pytest.raises(studies.StudyError, match="within 0..24576"):
        study("board-map", first=24_570, count=10)
    with pytest.raises(studies.StudyError, match="no study 'chess'"):
        study("chess")
    with pytest.raises(ValueError, match="first: player \"depth=x\""):
        study("tournament", first="depth=x")
    with pytest.raises(studies.StudyError, match="give nodes"):
        study("first-moves", nodes=0)
    # Text from the command line is read as the parameter's type.
    assert study("board-map", depth="3").params["depth"] == 3


def test_a_result_is_written_once_and_the_first_writer_wins(tmp_path):
    store = Store(tmp_path)
    [item] = study("fault-drill", count=1).items()
    assert store.get(item) is None
    assert store.put(item, {"v": 1}, 0.5, "first")
    assert not store.put(item, {"v": 2}, 0.1, "second")
    assert store.get(item)["result"] == {"v": 1}
    assert store.get(item)["runner"] == "first"

    # Many writers of one item at once: exactly one wins, the file is whole.
    [racing] = study("fault-drill", count=1, sleep=0.5).items()
    wins = []
    threads = [
        threading.Thread(target=lambda n=n: wins.append(store.put(racing, {"n": n}, 0.0, str(n))))
        for n in range(16)
    ]
    for t in threads:
        t.start()
    for t in threads:
        t.join()
    assert sorted(wins) == [False] * 15 + [True]
    record = store.get(racing)
    assert record["runner"] == str(record["result"]["n"])
    # No temporary file is left behind.
    assert sorted(p.name for p in (tmp_path / "results" / "fault-drill").iterdir()) == sorted(
        [f"{item.id}.json", f"{racing.id}.json"]
    )


def test_a_record_of_another_item_is_refused(tmp_path):
    store = Store(tmp_path)
    first, second = study("fault-drill", count=2).items()
    store.put(first, {"key": "0"}, 0.0, "test")
    path = tmp_path / "results" / "fault-drill"
    (path / f"{first.id}.json").rename(path / f"{second.id}.json")
    with pytest.raises(studies.StoreError, match="another item"):
        store.get(second)


@pytest.mark.parametrize("name", NAMES)
def test_every_study_gives_the_same_data_on_one_worker_and_on_two(tmp_path, name):
    one = study(name, **tiny(name))
    a = run_quietly(one, Store(tmp_path / "one"), LocalRunner(1))
    b = run_quietly(one, Store(tmp_path / "two"), LocalRunner(2))
    assert a.complete and b.complete
    assert a.stored == b.stored == len(one.items()) > 1
    assert studies.data(one, Store(tmp_path / "one")) == studies.data(one, Store(tmp_path / "two"))


def test_the_board_map_agrees_with_the_board_study_program(tmp_path):
    the_study = study("board-map", depth=2, count=10, chunk=4)
    store = Store(tmp_path / "store")
    assert run_quietly(the_study, store).complete
    subprocess.run(
        [program("kk-board-study"), "score", "--depth", "2", "--boards", "10", "--threads", "1",
         "--out", str(tmp_path / "cli")],
        check=True,
        capture_output=True,
    )
    expected = (tmp_path / "cli" / "docs" / "data" / "katarenga-scores.csv").read_text()
    assert studies.data(the_study, store) == expected


def test_the_isolation_map_agrees_with_the_isolation_study_program(tmp_path):
    the_study = study("isolation-map", count=8, chunk=3)
    store = Store(tmp_path / "store")
    assert run_quietly(the_study, store).complete
    subprocess.run(
        [program("kk-isolation-study"), "solve", "--boards", "8", "--threads", "1",
         "--out", str(tmp_path / "cli")],
        check=True,
        capture_output=True,
    )
    [cli_data] = (tmp_path / "cli").rglob("*.csv")

    # The node counts depend on what a solver solved before (its tables
    # persist), so the answers are compared: winner, Grundy value, largest
    # set, winning first placement.
    def answers(text):
        rows = [line.split(",") for line in text.splitlines()[1:]]
        return {r[0]: (r[1], r[2], r[3], r[4]) for r in rows}

    ours = answers(studies.data(the_study, store))
    assert len(ours) == 8
    assert ours == answers(cli_data.read_text())


def test_round_starts_are_the_solve_table_programs_sample(tmp_path):
    the_study = study("round-starts", round=2, count=5, seed=3)
    out = subprocess.run(
        [program("kk-solve-table"), "round-starts", "--round", "2", "--count", "5", "--seed", "3"],
        check=True,
        capture_output=True,
        text=True,
    ).stdout
    assert the_study.keys() == out.splitlines()


def test_solved_round_starts_agree_with_the_solve_table_program(tmp_path):
    the_study = study("round-starts", round=2, count=2, seed=3, nodes=20_000_000, table_mib=16)
    store = Store(tmp_path / "store")
    assert run_quietly(the_study, store).complete
    positions = tmp_path / "positions.txt"
    positions.write_text("\n".join(the_study.keys()) + "\n")
    out = subprocess.run(
        [program("kk-solve-table"), "positions", str(positions), "--movetime", "120000",
         "--table-mib", "16"],
        check=True,
        capture_output=True,
        text=True,
    ).stdout
    # The program solves the file with one table for all; the study, each
    # position with a fresh one: who wins and in how many plies must agree
    # (a best move need not: several may win as fast).
    theirs = [line.split(" ; ")[:3] for line in out.splitlines()]
    ours = [
        line.split(" ; ")[:3]
        for line in studies.data(the_study, store).splitlines()
        if not line.startswith("#")
    ]
    assert ours == theirs
    assert all(winner in ("black", "white") and plies.isdigit() for _, winner, plies in ours)


def test_a_tournament_counts_colour_swapped_pairs(tmp_path):
    the_study = study("tournament", game="katarenga", first="depth=2", second="random",
                      pairs=6, max_plies=120)
    store = Store(tmp_path)
    assert run_quietly(the_study, store).complete
    found = studies.results(the_study, store)
    # Each pair is two games from one opening, each player first once.
    for r in found:
        a, b = r["games"]
        assert a["first_moved_first"] and not b["first_moved_first"]
        assert r["half_points"] == a["half_points"] + b["half_points"]
    counts = the_study.counts(found)
    assert sum(counts) == 6
    # A two-ply search against random moves: it wins most pairs outright.
    assert counts[4] >= 4, counts
    assert "score" in the_study.report(found)
    # Openings differ from pair to pair.
    assert len({r["opening"] for r in found}) == 6


def test_a_referee_tournament_keeps_each_pairs_records_and_counts_them(tmp_path):
    the_study = study("referee", **tiny("referee"))
    store = Store(tmp_path)
    assert run_quietly(the_study, store).complete
    found = studies.results(the_study, store)
    games = records.read("katarenga", studies.data(the_study, store))
    assert len(games) == 6
    # Each pair: the same start, each engine first once; its half-points are
    # the first engine's from the two records' results.
    for pair, (a, b) in zip(found, zip(games[0::2], games[1::2])):
        assert a["start"] == b["start"]
        assert a["header"]["white"] == b["header"]["black"]
        first = a["header"]["white"]
        points = sum(
            2 if g["result"] == ("white" if g["header"]["white"] == first else "black") else
            1 if g["result"] == "draw" else 0
            for g in (a, b)
        )
        assert pair["half_points"] == points
    assert "pentanomial" in the_study.report(found)
    # A referee that cannot start the engine: the pair fails with its key
    # and the referee's message.
    broken = study("referee", **{**tiny("referee"), "first": "cmd=/nonexistent/engine", "pairs": 1})
    outcome = run_quietly(broken, Store(tmp_path / "broken"))
    assert [key for key, _ in outcome.failed] == ["0"]
    assert "kk-referee exited with 1" in outcome.failed[0][1]


def test_a_bad_item_is_reported_with_its_key_and_the_study_goes_on(tmp_path):
    the_study = study("fault-drill", count=6, fail="2,4")
    store = Store(tmp_path)
    outcome = run_quietly(the_study, store)
    assert outcome.stored == 4
    assert [key for key, _ in outcome.failed] == ["2", "4"]
    assert all("fails by request" in error for _, error in outcome.failed)
    assert [f["item"]["key"] for f in store.failures("fault-drill")] == ["2", "4"]
    with pytest.raises(studies.MissingResults, match="2 items have no result yet: '2', '4'"):
        studies.data(the_study, store)
    # Run again: the stored items are not run again, the bad ones are.
    again = run_quietly(the_study, store)
    assert again.skipped == 4 and again.stored == 0 and len(again.failed) == 2


def test_an_item_of_another_build_is_refused_by_the_worker(tmp_path):
    the_study = study("fault-drill", count=2)
    item = the_study.items()[0]
    other = studies.Item(item.study, item.key, "0.0.0-another-build", item.params)
    outcome = LocalRunner(1).run(the_study, Store(tmp_path), None, items=[other])
    [(key, error)] = outcome.failed
    assert key == "0"
    assert error.startswith("VersionMismatch: the worker on ")
    assert f"has kamisado-katarenga {studies.package_version()}, the item is of 0.0.0-another-build" in error


def test_a_worker_killed_mid_item_is_replaced_and_its_item_run_again(tmp_path):
    marks = tmp_path / "marks"
    marks.mkdir()
    the_study = study("fault-drill", count=8, kill="3", marks=str(marks), sleep=0.05)
    store = Store(tmp_path / "store")
    outcome = run_quietly(the_study, store)
    assert (marks / "killed-3").exists(), "the kill never happened"
    assert outcome.complete
    assert outcome.retried >= 1
    assert outcome.stored == 8
    assert studies.data(the_study, store) == "".join(f"{k},{k * k}\n" for k in range(8))


def test_an_item_that_always_kills_its_worker_fails_after_its_attempts(tmp_path):
    # The items in flight when a worker dies are run again one at a time,
    # and only the one whose worker dies alone is charged.
    the_study = study("fault-drill", count=6, crash="1", sleep=0.05)
    outcome = run_quietly(the_study, Store(tmp_path / "store"), max_attempts=2)
    assert outcome.stored == 5
    assert [key for key, _ in outcome.failed] == ["1"]
    assert "died on each of its 2 runs alone" in outcome.failed[0][1]


def cli(*args, **kwargs):
    return subprocess.run(
        [sys.executable, "-m", "kamisado_katarenga.studies", *args],
        capture_output=True,
        text=True,
        **kwargs,
    )


def test_the_command_line_lists_runs_and_prints_a_study(tmp_path):
    listing = cli("list")
    assert listing.returncode == 0
    for name in TINY:
        assert f"{name}:" in listing.stdout
    done = cli("run", "fault-drill", "--store", str(tmp_path), "--set", "count=5", "--workers", "2",
               "--data", str(tmp_path / "data.csv"))
    assert done.returncode == 0, done.stderr
    assert "5 stored by this run" in done.stdout
    assert "fault-drill (local): 5 of 5 items (100.0%)" in done.stderr
    assert (tmp_path / "data.csv").read_text() == "0,0\n1,1\n2,4\n3,9\n4,16\n"
    printed = cli("data", "fault-drill", "--store", str(tmp_path), "--set", "count=5")
    assert printed.stdout == "0,0\n1,1\n2,4\n3,9\n4,16\n"
    missing = cli("data", "fault-drill", "--store", str(tmp_path), "--set", "count=6")
    assert missing.returncode == 1 and "1 items have no result yet: '5'" in missing.stderr
    failed = cli("run", "fault-drill", "--store", str(tmp_path), "--set", "count=6", "--set", "fail=5")
    assert failed.returncode == 1 and "failed: 5: ValueError: item 5 fails by request" in failed.stdout
    bad = cli("run", "board-map", "--store", str(tmp_path), "--set", "depth")
    assert bad.returncode == 2 and "expected NAME=VALUE" in bad.stderr
    plan = cli("plan", "fault-drill", "--store", str(tmp_path / "plan"), "--set", "count=40",
               "--set", "sleep=0.2", "--sample", "4", "--machines", "2", "--cores", "2")
    assert plan.returncode == 0, plan.stderr
    # 40 items of 0.2 s on 4 cores: 10 items a core, about 2 s.
    found = re.search(r"40 items; 4 sampled at ([0-9.]+) s an item .* on 2 machines of 2 cores: "
                      r"about (\d+) s \(10 items a core\)", plan.stdout)
    assert found, plan.stdout
    assert 0.2 <= float(found[1]) < 0.3 and found[2] in ("2", "3")
    # The sample's results are real results, kept in the store.
    assert stored(tmp_path / "plan", "fault-drill") == 4


def stored(store: Path, name: str) -> int:
    folder = store / "results" / name
    return len(list(folder.glob("*.json"))) if folder.exists() else 0


def kill_and_resume(tmp_path, extra_args, env=None):
    """Starts a study's driver, kills it (and its workers) once some items are
    stored, starts it again: the second run resumes from what was stored."""
    store = tmp_path / "store"
    args = ["run", "fault-drill", "--store", str(store), "--set", "count=24", "--set", "sleep=0.3",
            *extra_args]
    driver = subprocess.Popen(
        [sys.executable, "-m", "kamisado_katarenga.studies", *args],
        stdout=subprocess.DEVNULL,
        stderr=subprocess.DEVNULL,
        start_new_session=True,
        env=env,
    )
    deadline = time.monotonic() + 120
    while stored(store, "fault-drill") < 4:
        assert driver.poll() is None, "the driver ended before it was killed"
        assert time.monotonic() < deadline, "no results stored in 120 s"
        time.sleep(0.05)
    os.killpg(driver.pid, signal.SIGKILL)
    driver.wait()
    before = stored(store, "fault-drill")
    assert 4 <= before < 24
    resumed = cli(*args, env=env)
    assert resumed.returncode == 0, resumed.stderr
    assert f"{before} already stored" in resumed.stdout
    assert f"{24 - before} stored by this run" in resumed.stdout
    records = [json.loads(p.read_text()) for p in (store / "results" / "fault-drill").glob("*.json")]
    assert sorted(int(r["item"]["key"]) for r in records) == list(range(24))
    return before


def test_two_drivers_on_one_store_store_every_item_once(tmp_path):
    args = ["run", "fault-drill", "--store", str(tmp_path), "--set", "count=30", "--set", "sleep=0.1",
            "--workers", "1"]
    drivers = [
        subprocess.Popen([sys.executable, "-m", "kamisado_katarenga.studies", *args],
                         stdout=subprocess.PIPE, stderr=subprocess.DEVNULL, text=True)
        for _ in range(2)
    ]
    outs = [d.communicate(timeout=120)[0] for d in drivers]
    assert [d.returncode for d in drivers] == [0, 0]
    mine = [int(re.search(r"(\d+) stored by this run", out)[1]) for out in outs]
    # Each item was stored by exactly one of them (both may have run it).
    assert sum(mine) == 30, outs
    assert stored(tmp_path, "fault-drill") == 30
    data = cli("data", "fault-drill", "--store", str(tmp_path), "--set", "count=30", "--set", "sleep=0.1")
    assert data.stdout == "".join(
        f"{k},{k * k}\n" for k in range(30)
    )


def test_a_killed_driver_resumes_from_the_stored_results(tmp_path):
    kill_and_resume(tmp_path, ["--workers", "2"])

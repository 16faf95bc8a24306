"""Runners: the local one (every core of this machine, the default) and Ray's
(a local Ray, or a cluster by its address). Both run the items a store
lacks, store each result as it comes, record a failing item with its key and
go on; so the same study gives the same data whichever ran it, and a stopped
run resumes where it stood.
"""

from __future__ import annotations

import concurrent.futures as futures
import functools
import json
import multiprocessing
import os
import socket
import sys
import time
import traceback
from dataclasses import dataclass, field
from typing import Any, Callable, Dict, List, Optional, TextIO, Tuple

from .catalog import study as make_study
from .model import Item, Study, package_version
from .store import Store


@dataclass
class Outcome:
    """What a run did."""

    items: int
    """The study's items."""
    stored: int = 0
    """Items this run stored a result of."""
    skipped: int = 0
    """Items that had a result already (not run)."""
    failed: List[Tuple[str, str]] = field(default_factory=list)
    """Items without a result after this run: (key, error), in the study's
    order."""
    retried: int = 0
    """Attempts run again after a worker died."""
    seconds: float = 0.0
    """The run's wall time."""

    @property
    def complete(self) -> bool:
        """Whether every item has a result."""
        return not self.failed


class VersionMismatch(RuntimeError):
    """A worker whose package is not the version an item names (a cluster
    with another build on some node)."""


def run_item(name: str, params: Dict[str, Any], key: str, version: str) -> Tuple[Any, float, str]:
    """Runs one item in a worker: its result, the seconds it took, and the
    worker's name (host and process). Refuses to run an item of another
    version than the worker's: its result would be stored under a key that
    names a build that did not compute it."""
    here = package_version()
    if here != version:
        raise VersionMismatch(
            f"the worker on {socket.gethostname()} has kamisado-katarenga {here}, the item is of {version}"
        )
    study = _study(name, json.dumps(params, sort_keys=True))
    started = time.perf_counter()
    result = study.run(key)
    return result, time.perf_counter() - started, f"{socket.gethostname()}:{os.getpid()}"


@functools.lru_cache(maxsize=8)
def _study(name: str, params: str) -> Study:
    """The study a worker runs items of, made (and its parameters checked)
    once per worker process rather than once per item."""
    return make_study(name, **json.loads(params))


def _error_text(error: BaseException) -> str:
    """The error as one line: its type and message (and its cause's)."""
    text = f"{type(error).__name__}: {error}"
    cause = error.__cause__
    if cause is not None:
        text += f" (caused by {type(cause).__name__}: {cause})"
    return text


class Progress:
    """Progress of a run on standard error, at most every ``every`` seconds
    and at the end: items done, failed, the time so far and left."""

    def __init__(self, label: str, total: int, stream: Optional[TextIO] = None, every: float = 2.0) -> None:
        self.label = label
        self.total = total
        self.stream = stream
        self.every = every
        self.started = time.monotonic()
        self.last = 0.0
        self.done = 0
        self.failed = 0

    def step(self, failed: bool = False, force: bool = False) -> None:
        """Counts one finished item (failed or not) and reports if due."""
        if failed:
            self.failed += 1
        else:
            self.done += 1
        self.show(force)

    def show(self, force: bool = False) -> None:
        """Reports now if due (or if ``force``)."""
        if self.stream is None:
            return
        now = time.monotonic()
        finished = self.done + self.failed >= self.total
        if not (force or finished or now - self.last >= self.every):
            return
        self.last = now
        elapsed = now - self.started
        left = ""
        if 0 < self.done < self.total:
            rate = self.done / max(elapsed, 1e-9)
            left = f", about {(self.total - self.done - self.failed) / rate:.0f} s left"
        pct = 100.0 * (self.done + self.failed) / max(self.total, 1)
        print(
            f"{self.label}: {self.done + self.failed} of {self.total} items ({pct:.1f}%), "
            f"{self.failed} failed, {elapsed:.1f} s{left}",
            file=self.stream,
            flush=True,
        )


class Runner:
    """A way to run a study's items."""

    name = "runner"

    def run(
        self,
        study: Study,
        store: Store,
        progress: Optional[TextIO] = sys.stderr,
        max_attempts: int = 3,
        items: Optional[List[Item]] = None,
    ) -> Outcome:
        """Runs the items of ``study`` that ``store`` has no result of, storing
        each result as it comes; an item that raises is recorded as failed
        with its error (not retried: an item is a pure function of its key);
        an item whose worker dies is run again, up to ``max_attempts`` times.
        With ``items``, only those of the study's items."""
        if max_attempts < 1:
            raise ValueError(f"max_attempts must be at least 1, not {max_attempts}")
        started = time.monotonic()
        items = study.items() if items is None else items
        pending = [item for item in items if not store.has(item)]
        outcome = Outcome(items=len(items), skipped=len(items) - len(pending))
        meter = Progress(f"{study.name} ({self.name})", len(pending), progress)
        if progress is not None:
            print(
                f"{study.name}: {len(items)} items, {outcome.skipped} already stored, "
                f"{len(pending)} to run on {self.describe()}",
                file=progress,
                flush=True,
            )

        def done(item: Item, result: Any, seconds: float, worker: str) -> None:
            if store.put(item, result, seconds, worker):
                outcome.stored += 1
            else:  # another runner stored it meanwhile: its result stands
                outcome.skipped += 1
            meter.step()

        def failed(item: Item, error: str, attempts: int) -> None:
            store.fail(item, error, attempts)
            outcome.failed.append((item.key, error))
            meter.step(failed=True)
            if progress is not None:
                print(f"{study.name}: item {item.key!r} failed: {error}", file=progress, flush=True)

        def wanted(item: Item) -> bool:
            # Another runner on this store may have stored it since the
            # run began: then it is not run again.
            if store.has(item):
                outcome.skipped += 1
                meter.step()
                return False
            return True

        if pending:
            self._run(study, pending, done, failed, max_attempts, outcome, wanted)
        order = {item.key: i for i, item in enumerate(items)}
        outcome.failed.sort(key=lambda failure: order.get(failure[0], len(order)))
        outcome.seconds = time.monotonic() - started
        return outcome

    def describe(self) -> str:
        """Where the items run, for the progress lines."""
        return self.name

    def _run(
        self,
        study: Study,
        pending: List[Item],
        done: Callable[[Item, Any, float, str], None],
        failed: Callable[[Item, str, int], None],
        max_attempts: int,
        outcome: Outcome,
        wanted: Callable[[Item], bool],
    ) -> None:
        raise NotImplementedError


class LocalRunner(Runner):
    """Every core of this machine (or ``workers`` processes)."""

    name = "local"

    def __init__(self, workers: Optional[int] = None) -> None:
        self.workers = workers or os.cpu_count() or 1
        if self.workers < 1:
            raise ValueError(f"workers must be at least 1, not {self.workers}")

    def describe(self) -> str:
        return f"{self.workers} local worker processes"

    def _run(self, study, pending, done, failed, max_attempts, outcome, wanted) -> None:
        # When a worker dies, the pool is lost with every item in flight, and
        # which of them killed it is unknown: those items become suspects,
        # run again one at a time (a death then is the item's own), and an
        # item fails when its worker died on each of its `max_attempts` runs
        # alone. The others go on in a new pool.
        queue = list(reversed(pending))
        suspects: List[Item] = []
        deaths: Dict[str, int] = {}
        # A new process per worker (not a fork of the driver, which may hold
        # threads and locks: Ray's, a test runner's).
        context = multiprocessing.get_context("spawn")
        while queue or suspects:
            alone = bool(suspects)
            batch = suspects if alone else queue
            workers = 1 if alone else self.workers
            pool = futures.ProcessPoolExecutor(workers, mp_context=context)
            running: Dict[futures.Future, Item] = {}
            broken = False
            try:
                while (batch or running) and not broken:
                    while batch and len(running) < 2 * workers and not (alone and running):
                        item = batch.pop()
                        if not wanted(item):
                            continue
                        try:
                            future = pool.submit(run_item, study.name, study.params, item.key, item.version)
                        except futures.process.BrokenProcessPool:
                            # A worker died since the last wait: this item
                            # never ran, and goes back to its queue.
                            batch.append(item)
                            broken = True
                            break
                        running[future] = item
                    if broken:
                        break
                    finished, _ = futures.wait(running, return_when=futures.FIRST_COMPLETED)
                    for future in finished:
                        try:
                            result, seconds, worker = future.result()
                        except futures.process.BrokenProcessPool:
                            broken = True
                            continue
                        except Exception as e:  # the item's own error
                            failed(running.pop(future), _error_text(e), 1)
                        else:
                            done(running.pop(future), result, seconds, worker)
                for item in running.values():
                    if alone:
                        deaths[item.id] = deaths.get(item.id, 0) + 1
                        if deaths[item.id] >= max_attempts:
                            failed(
                                item,
                                f"its worker process died on each of its {max_attempts} runs alone",
                                deaths[item.id],
                            )
                            continue
                    outcome.retried += 1
                    suspects.insert(0, item)
            finally:
                pool.shutdown(wait=not broken, cancel_futures=True)


def _ray_token_found() -> bool:
    """Whether Ray's token is where Ray looks for it: ``RAY_AUTH_TOKEN``,
    the file ``RAY_AUTH_TOKEN_PATH`` names, or ``~/.ray/auth_token``."""
    if os.environ.get("RAY_AUTH_TOKEN"):
        return True
    path = os.environ.get("RAY_AUTH_TOKEN_PATH") or os.path.join(os.path.expanduser("~"), ".ray", "auth_token")
    return os.path.isfile(path)


def _use_ray_token() -> None:
    """Tells Ray this driver uses the token. A cluster started with one (Ray's
    default since 2.52, from ~/.ray/auth_token) refuses a driver that does
    not say so, and Ray's driver says so by itself only for the address
    ``auto``; Ray reads the mode once, at import, so setting the variable
    is not enough in a process that imported Ray already."""
    try:
        from ray._private.authentication.authentication_token_setup import (
            maybe_enable_token_auth_if_token_available,
        )
    except ImportError:  # another Ray: its mode from the environment
        os.environ["RAY_AUTH_MODE"] = "token"
    else:
        # What ray.init does for "auto": the variable set and Ray's cached
        # configuration read again.
        maybe_enable_token_auth_if_token_available(warn_if_disabled=False)


class RayRunner(Runner):
    """Ray: a new local Ray on this machine (``address=None``) or the cluster
    at ``address`` (``"auto"``, ``"HOST:PORT"``, ``"ray://HOST:10001"``).
    Ray is an optional extra (``pip install 'kamisado-katarenga[ray]'``);
    usage statistics are off unless ``RAY_USAGE_STATS_ENABLED`` says
    otherwise."""

    name = "ray"

    def __init__(self, address: Optional[str] = None, workers: Optional[int] = None) -> None:
        self.address = address
        self.workers = workers

    def describe(self) -> str:
        if self.address is None:
            return f"a local Ray ({self.workers or os.cpu_count()} CPUs)"
        return f"the Ray cluster at {self.address}"

    def _run(self, study, pending, done, failed, max_attempts, outcome, wanted) -> None:
        os.environ.setdefault("RAY_USAGE_STATS_ENABLED", "0")
        try:
            import ray
        except ImportError as e:
            raise RuntimeError(
                "Ray is not installed: pip install 'kamisado-katarenga[ray]'"
            ) from e
        if self.address is not None and "RAY_AUTH_MODE" not in os.environ and _ray_token_found():
            _use_ray_token()
        started_here = not ray.is_initialized()
        if started_here:
            options: Dict[str, Any] = {
                "include_dashboard": False,
                "log_to_driver": False,
                "configure_logging": False,
            }
            if self.address is None:
                options["address"] = "local"
                options["num_cpus"] = self.workers or os.cpu_count()
            else:
                options["address"] = self.address
            ray.init(**options)
        try:
            task = ray.remote(run_item).options(
                max_retries=max_attempts - 1, retry_exceptions=False, num_cpus=1
            )
            slots = max(2, 2 * int(ray.cluster_resources().get("CPU", 1)))
            queue = list(reversed(pending))
            running: Dict[Any, Item] = {}
            while queue or running:
                while queue and len(running) < slots:
                    item = queue.pop()
                    if not wanted(item):
                        continue
                    running[task.remote(study.name, study.params, item.key, item.version)] = item
                if not running:
                    break
                ready, _ = ray.wait(list(running), num_returns=1)
                for ref in ready:
                    item = running.pop(ref)
                    try:
                        result, seconds, worker = ray.get(ref)
                    except ray.exceptions.RayTaskError as e:
                        # The item's own error, raised in the worker.
                        cause = e.cause if getattr(e, "cause", None) is not None else e
                        failed(item, _error_text(cause), 1)
                    except ray.exceptions.RayError as e:
                        # The worker (or its node) died on every attempt.
                        failed(item, f"{type(e).__name__} after {max_attempts} attempts", max_attempts)
                    else:
                        done(item, result, seconds, worker)
        finally:
            if started_here:
                ray.shutdown()

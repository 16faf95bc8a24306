"""``python -m kamisado_katarenga.studies``: list, run, print and plan studies.

Exit status: 0 when the study is complete, 1 when items failed or results
are missing (each named with its key), 2 for bad arguments.
"""

from __future__ import annotations

import argparse
import math
import os
import sys
from typing import Any, Dict, List, Optional

from . import MissingResults, data, results, run
from .catalog import STUDIES, study
from .model import StudyError
from .runners import LocalRunner, RayRunner
from .store import Store, StoreError


def _params(pairs: List[str]) -> Dict[str, Any]:
    params = {}
    for pair in pairs:
        key, sep, value = pair.partition("=")
        if not sep or not key:
            raise StudyError(f"--set {pair!r}: expected NAME=VALUE")
        params[key.strip().replace("-", "_")] = value
    return params


def _parser() -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser(
        prog="python -m kamisado_katarenga.studies",
        description="Runs the project's studies as items stored once each under --store: "
        "locally on every core by default, on Ray with --ray (a new local Ray) or "
        "--address (a cluster). A stopped run resumes: the items already stored are not run again.",
    )
    commands = parser.add_subparsers(dest="command", required=True)
    commands.add_parser("list", help="the studies and their parameters")

    def study_args(p: argparse.ArgumentParser) -> None:
        p.add_argument("study", choices=sorted(STUDIES), help="the study")
        p.add_argument("--store", required=True, metavar="DIR", help="the results' folder")
        p.add_argument(
            "--set",
            dest="params",
            action="append",
            default=[],
            metavar="NAME=VALUE",
            help="a parameter of the study (see 'list'); repeat for more",
        )

    p = commands.add_parser("run", help="runs the items without a result")
    study_args(p)
    p.add_argument("--workers", type=int, metavar="N", help="worker processes (default: every core)")
    p.add_argument("--ray", action="store_true", help="on a new local Ray instead of local processes")
    p.add_argument("--address", metavar="ADDR", help="on the Ray cluster at ADDR ('auto', HOST:PORT, ray://HOST:10001)")
    p.add_argument("--max-attempts", type=int, default=3, metavar="K", help="runs of an item whose worker dies (default 3)")
    p.add_argument("--data", metavar="FILE", help="when complete, write the study's data to FILE")
    p.add_argument("--quiet", action="store_true", help="no progress lines")

    p = commands.add_parser("data", help="prints the study's data from the stored results")
    study_args(p)
    p.add_argument("--out", metavar="FILE", help="write to FILE instead of standard output")

    p = commands.add_parser(
        "plan",
        help="runs a sample of the items and prints the whole study's expected hours on N machines",
    )
    study_args(p)
    p.add_argument("--sample", type=int, default=4, metavar="K", help="items to run, spread over the study (default 4)")
    p.add_argument("--machines", type=int, default=1, metavar="N", help="machines (default 1)")
    p.add_argument("--cores", type=int, default=os.cpu_count() or 1, metavar="C", help="cores a machine (default this one's)")
    p.add_argument("--workers", type=int, metavar="N", help="local workers for the sample (default every core)")
    p = commands.add_parser(
        "bench",
        help="runs the study in fresh stores on each runner given and prints the speed-ups "
        "and the overhead an item (a Markdown table)",
    )
    p.add_argument("study", choices=sorted(STUDIES), help="the study")
    p.add_argument("--set", dest="params", action="append", default=[], metavar="NAME=VALUE",
                   help="a parameter of the study; repeat for more")
    p.add_argument("--runners", default="local:1,local:2", metavar="LIST",
                   help="runners to compare, KIND:WORKERS with KIND local or ray (default local:1,local:2)")
    p.add_argument("--address", metavar="ADDR", help="the Ray cluster for ray runners (default: a new local Ray each)")
    return parser


def _bench(the_study, args) -> int:
    import tempfile

    runners = []
    for spec in args.runners.split(","):
        kind, _, workers = spec.partition(":")
        if kind not in ("local", "ray") or not workers.isdigit() or int(workers) < 1:
            raise StudyError(f"--runners: {spec!r} is not local:N or ray:N")
        runners.append((kind, int(workers)))
    print(f"| {the_study.name} | runner | workers | items | wall s | speed-up | item s (sum) | overhead an item, ms |")
    print("|---|---|---|---|---|---|---|---|")
    first = None
    reference = None
    for kind, workers in runners:
        with tempfile.TemporaryDirectory() as folder:
            store = Store(folder)
            runner = LocalRunner(workers) if kind == "local" else RayRunner(args.address, workers)
            outcome = run(the_study, store, runner, None)
            if not outcome.complete:
                print(f"error: {len(outcome.failed)} items failed: {outcome.failed[0]}", file=sys.stderr)
                return 1
            items = the_study.items()
            seconds = sum(store.get(item)["seconds"] for item in items)
            found = data(the_study, store)
        if reference is None:
            reference = found
        elif found != reference:
            print(f"error: the {kind}:{workers} run gave other data", file=sys.stderr)
            return 1
        first = first or outcome.seconds
        overhead = (outcome.seconds * workers - seconds) / len(items) * 1000
        print(
            f"| {_short(the_study)} | {kind} | {workers} | {len(items)} | {outcome.seconds:.2f} | "
            f"{first / outcome.seconds:.2f} | {seconds:.2f} | {overhead:.1f} |"
        )
    return 0


def _short(the_study) -> str:
    return " ".join(f"{k}={v}" for k, v in the_study.params.items() if v != the_study.defaults[k]) or "defaults"


def _list() -> None:
    for name in sorted(STUDIES):
        cls = STUDIES[name]
        print(f"{name}: {cls.summary}")
        for key, default in cls.defaults.items():
            print(f"    {key}={default!r}  {cls.help.get(key, '')}")


def _write(text: str, path: Optional[str]) -> None:
    if path is None:
        sys.stdout.write(text)
    else:
        with open(path, "w") as f:
            f.write(text)


def main(argv: Optional[List[str]] = None) -> int:
    args = _parser().parse_args(argv)
    if args.command == "list":
        _list()
        return 0
    try:
        the_study = study(args.study, **_params(args.params))
        if args.command == "bench":
            return _bench(the_study, args)
        store = Store(args.store)
        if args.command == "run":
            if args.max_attempts < 1:
                raise StudyError(f"--max-attempts must be at least 1, not {args.max_attempts}")
            if args.workers is not None and args.workers < 1:
                raise StudyError(f"--workers must be at least 1, not {args.workers}")
            if args.ray or args.address:
                runner = RayRunner(args.address, args.workers)
            else:
                runner = LocalRunner(args.workers)
            progress = None if args.quiet else sys.stderr
            outcome = run(the_study, store, runner, progress, args.max_attempts)
            print(
                f"{the_study.name}: {outcome.items} items: {outcome.stored} stored by this run, "
                f"{outcome.skipped} already stored, {len(outcome.failed)} failed, "
                f"{outcome.retried} run again after a worker died; {outcome.seconds:.1f} s"
            )
            for key, error in outcome.failed:
                print(f"failed: {key}: {error}")
            if outcome.complete:
                found = results(the_study, store)
                report = the_study.report(found)
                if report:
                    print(report)
                if args.data:
                    _write(the_study.data(found), args.data)
                return 0
            return 1
        if args.command == "data":
            _write(data(the_study, store), args.out)
            return 0
        if args.command == "plan":
            return _plan(the_study, store, args)
    except (StudyError, StoreError) as e:
        print(f"error: {e}", file=sys.stderr)
        return 2
    except MissingResults as e:
        print(f"error: {e}", file=sys.stderr)
        return 1
    return 2  # pragma: no cover - argparse requires a command


def _span(seconds: float) -> str:
    """``3 h 20 min``, ``12 min``, ``40 s``."""
    if seconds >= 3600:
        return f"{int(seconds // 3600)} h {int(seconds % 3600 // 60)} min"
    if seconds >= 60:
        return f"{seconds / 60:.0f} min"
    return f"{seconds:.0f} s"


def _plan(the_study, store: Store, args) -> int:
    if args.sample < 1 or args.machines < 1 or args.cores < 1:
        raise StudyError("--sample, --machines and --cores must be at least 1")
    items = the_study.items()
    step = max(1, len(items) // args.sample)
    sample = items[::step][: args.sample]
    outcome = LocalRunner(args.workers).run(the_study, store, sys.stderr, items=sample)
    seconds = [store.get(item)["seconds"] for item in sample if store.has(item)]
    if not seconds:
        print("error: no item of the sample finished", file=sys.stderr)
        return 1
    mean = sum(seconds) / len(seconds)
    slots = args.machines * args.cores
    total = len(items) * mean
    # The wall time: the items spread evenly over every core (a last item
    # of a core is not split).
    wall = max(total / slots, mean)
    print(
        f"{the_study.name}: {len(items)} items; {len(seconds)} sampled at {mean:.3f} s an item "
        f"(min {min(seconds):.3f}, max {max(seconds):.3f}); {total / 3600:.1f} core-hours; on "
        f"{args.machines} machines of {args.cores} cores: about {_span(wall)} "
        f"({math.ceil(len(items) / slots)} items a core)"
    )
    return 0 if outcome.complete else 1


if __name__ == "__main__":
    sys.exit(main())

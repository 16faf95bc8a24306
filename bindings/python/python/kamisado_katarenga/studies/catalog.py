"""The project's studies in the model of work: each a :class:`Study` whose
items call the Rust code the programs run (``kk_apps::work``)."""

from __future__ import annotations

import os
import re
import shlex
import signal
import subprocess
import tempfile
import time
from typing import Any, Dict, List, Type

from .. import _native
from ..kamisado import Position as KamisadoPosition
from .model import Study, StudyError

BOARDS = 24_576


def _ranges(first: int, count: int, chunk: int) -> List[str]:
    end = first + count
    return [f"{a}-{min(a + chunk, end)}" for a in range(first, end, chunk)]


def _range(key: str) -> range:
    a, b = key.split("-")
    return range(int(a), int(b))


class _BoardRange(Study):
    """What the two board studies share: boards ``first`` to
    ``first + count`` in items of ``chunk`` boards."""

    extent = ("first", "count")

    def check(self) -> None:
        p = self.params
        if not (0 <= p["first"] < BOARDS and 1 <= p["count"] <= BOARDS - p["first"]):
            raise StudyError(
                f"{self.name}: first ({p['first']}) and count ({p['count']}) "
                f"must choose boards within 0..{BOARDS}"
            )
        if p["chunk"] < 1:
            raise StudyError(f"{self.name}: chunk must be at least 1, not {p['chunk']}")

    def keys(self) -> List[str]:
        p = self.params
        return _ranges(p["first"], p["count"], p["chunk"])


class BoardMap(_BoardRange):
    """The map of Katarenga's set-ups (``kk-board-study score``)."""

    name = "board-map"
    summary = (
        "Katarenga's boards in their four orientations under every reading of "
        "the rules, scored by a fixed-depth search (docs/data/katarenga-scores.csv)"
    )
    defaults = {"depth": 5, "first": 0, "count": BOARDS, "chunk": 16}
    help = {
        "depth": "the search's depth (1 to 12)",
        "first": "the first board's index",
        "count": "how many boards",
        "chunk": "boards an item",
    }

    def run(self, key: str) -> Any:
        r = _range(key)
        return {"rows": _native.study_score_boards(r.start, r.stop, self.params["depth"])}

    def data(self, results: List[Any]) -> str:
        lines = [_native.study_scores_header()]
        for result in results:
            lines.extend(result["rows"])
        return "\n".join(lines) + "\n"


class IsolationMap(_BoardRange):
    """Strict Isolation solved on every board (``kk-isolation-study solve``)."""

    name = "isolation-map"
    summary = "strict Isolation solved on every Katarenga board (docs/isolation-boards.md)"
    defaults = {"first": 0, "count": BOARDS, "chunk": 64}
    help = {"first": "the first board's index", "count": "how many boards", "chunk": "boards an item"}

    def run(self, key: str) -> Any:
        r = _range(key)
        rows = _native.study_isolation_boards(r.start, r.stop)
        # The microseconds are the machine's, not the result's.
        return {"rows": [{k: v for k, v in row.items() if k != "micros"} for row in rows]}

    def data(self, results: List[Any]) -> str:
        fields = ["board", "largest", "winner", "grundy", "best", "nodes"]
        lines = [",".join(fields)]
        for result in results:
            for row in result["rows"]:
                lines.append(
                    ",".join("-" if row[f] is None else str(row[f]) for f in fields)
                )
        return "\n".join(lines) + "\n"


class _Solving(Study):
    """What the solving studies share: the solver's budget, reproducible
    with ``nodes`` alone (a time limit depends on the machine)."""

    def _solve(self, game: str, position: str, variation: bool) -> Dict[str, Any]:
        p = self.params
        result = _native.study_solve(
            game,
            position,
            nodes=p["nodes"] or None,
            milliseconds=p["milliseconds"] or None,
            table_mib=p["table_mib"],
            variation=variation,
        )
        # The seconds are the machine's; the store keeps an item's time.
        del result["seconds"]
        return result

    def check(self) -> None:
        p = self.params
        if p["nodes"] < 0 or p["milliseconds"] < 0 or not (p["nodes"] or p["milliseconds"]):
            raise StudyError(
                f"{self.name}: give nodes (reproducible) or milliseconds, at least one above 0"
            )


class RoundStarts(_Solving):
    """Start positions of a later Kamisado match round, sampled from seeded
    random games and solved (``kk-solve-table round-starts`` then
    ``positions``; docs/sumo-rounds.md)."""

    name = "round-starts"
    summary = "sampled starts of a later Kamisado match round, solved (docs/sumo-rounds.md)"
    defaults = {
        "round": 2,
        "count": 100,
        "seed": 1,
        "sumos": -1,
        "nodes": 2_000_000,
        "milliseconds": 0,
        "table_mib": 64,
    }
    extent = ("round", "count", "seed", "sumos")
    help = {
        "round": "the round (2 to 15)",
        "count": "how many distinct starts",
        "seed": "the sample's seed",
        "sumos": "only starts with exactly this many sumo towers (-1: any)",
        "nodes": "the solver's node budget a position (0: none)",
        "milliseconds": "the solver's time a position (0: none; not reproducible)",
        "table_mib": "the solver's table in MiB",
    }

    def keys(self) -> List[str]:
        p = self.params
        sumos = None if p["sumos"] < 0 else p["sumos"]
        return _native.study_round_starts(p["round"], p["count"], p["seed"], sumos)

    def run(self, key: str) -> Any:
        return self._solve("kamisado", key, variation=False)

    def data(self, results: List[Any]) -> str:
        lines = ["# position ; winner ; plies ; best move ; nodes"]
        for key, r in zip(self.keys(), results):
            lines.append(
                f"{key} ; {r['winner'] or 'unknown'} ; "
                f"{'unknown' if r['plies'] is None else r['plies']} ; {r['best'] or '-'} ; {r['nodes']}"
            )
        return "\n".join(lines) + "\n"


class FirstMoves(_Solving):
    """Every first move from Kamisado's start, solved, with the best reply and
    the principal variation (``kk-solve-table first-moves``;
    docs/first-moves.md)."""

    name = "first-moves"
    summary = "every first move from Kamisado's start, solved (docs/first-moves.md)"
    defaults = {"nodes": 20_000_000, "milliseconds": 0, "table_mib": 256}
    help = {
        "nodes": "the solver's node budget a move (0: none)",
        "milliseconds": "the solver's time a move (0: none; not reproducible)",
        "table_mib": "the solver's table in MiB",
    }

    def keys(self) -> List[str]:
        return sorted(KamisadoPosition.start().legal_moves())

    def run(self, key: str) -> Any:
        after = str(KamisadoPosition.start().play(key))
        return self._solve("kamisado", after, variation=True)

    def data(self, results: List[Any]) -> str:
        lines = [
            "| first move | winner | plies | best reply | principal variation |",
            "|---|---|---|---|---|",
        ]
        for mv, r in zip(self.keys(), results):
            plies = "unknown" if r["plies"] is None else r["plies"] + 1
            variation = " ".join([mv] + r["variation"])
            lines.append(
                f"| {mv} | {r['winner'] or 'unknown'} | {plies} | {r['best'] or '-'} | {variation} |"
            )
        return "\n".join(lines) + "\n"


class _Pairs(Study):
    """What the tournaments share: ``pairs`` items, each a colour-swapped
    pair of games whose result gives the first player's ``half_points`` (0
    to 4), and the pentanomial statistics over them."""

    extent = ("pairs",)

    def check(self) -> None:
        if self.params["pairs"] < 1:
            raise StudyError(f"{self.name}: pairs must be at least 1, not {self.params['pairs']}")

    def keys(self) -> List[str]:
        return [str(i) for i in range(self.params["pairs"])]

    def counts(self, results: List[Any]) -> List[int]:
        """The pentanomial counts: pairs by the first player's half-points."""
        counts = [0] * 5
        for r in results:
            counts[r["half_points"]] += 1
        return counts

    def report(self, results: List[Any]) -> str:
        counts = self.counts(results)
        score, elo, low, high = _native.pentanomial(counts)
        return (
            f"{len(results)} pairs, pentanomial {counts}, score {score:.3f}, "
            f"Elo {elo:+.0f} (95% interval {low:+.0f} to {high:+.0f})"
        )


class Tournament(_Pairs):
    """Colour-swapped pairs of games between two players (the referee's unit),
    with the pentanomial statistics over the pairs."""

    name = "tournament"
    summary = "colour-swapped pairs between two players, pentanomial statistics (kk-referee's unit)"
    defaults = {
        "game": "katarenga",
        "first": "depth=2",
        "second": "depth=1",
        "pairs": 100,
        "seed": 1,
        "opening_plies": 4,
        "max_plies": 300,
        "table_mib": 8,
    }
    help = {
        "game": "the game and its options (a game spec: 'kamisado', 'katarenga rules=no-first-capture')",
        "first": "the first player: random, greedy, depth=D, nodes=N or depth=D,nodes=N",
        "second": "the second player, likewise",
        "pairs": "how many pairs",
        "seed": "the openings' and players' seed",
        "opening_plies": "random plies before each pair's two games",
        "max_plies": "a game reaching this many plies is a draw",
        "table_mib": "each search player's table in MiB",
    }

    def check(self) -> None:
        super().check()
        # The players and the game are read now, not on a worker.
        self.run_pair(0, dry=True)

    def run_pair(self, index: int, dry: bool = False) -> Any:
        p = self.params
        return _native.study_play_pair(
            p["game"],
            p["first"],
            p["second"],
            p["seed"],
            index,
            opening_plies=p["opening_plies"],
            max_plies=1 if dry else p["max_plies"],
            table_mib=p["table_mib"],
        )

    def run(self, key: str) -> Any:
        return self.run_pair(int(key))

    def data(self, results: List[Any]) -> str:
        lines = ["pair,opening,half_points,plies_first,ending_first,plies_second,ending_second"]
        for key, r in zip(self.keys(), results):
            a, b = r["games"]
            lines.append(
                f"{key},{r['opening']},{r['half_points']},{a['plies']},{a['ending']},{b['plies']},{b['ending']}"
            )
        return "\n".join(lines) + "\n"

    def report(self, results: List[Any]) -> str:
        p = self.params
        return f"{p['first']} against {p['second']} in {p['game']}: {super().report(results)}"


class Referee(_Pairs):
    """A tournament between two KKP engines (any program that speaks KKP,
    such as ``kk-engine``) played by ``kk-referee``, one colour-swapped pair
    of games an item: the referee's own unit, with its clocks, faults and
    records. The pairs replay exactly only when both engines are bounded by
    nodes or depth (``tc=nodes=N``); with a clock, each run is a new sample.
    Every worker needs the referee and the engines at the paths given."""

    name = "referee"
    summary = "kk-referee tournaments between two KKP engines, a colour-swapped pair an item"
    defaults = {
        "referee": "kk-referee",
        "game": "katarenga",
        "first": "cmd=kk-engine option.Hash=4 option.Nodes=20000",
        "second": "cmd=kk-engine option.Hash=4 option.Nodes=2000",
        "tc": "nodes=20000",
        "pairs": 20,
        "seed": 1,
        "args": "",
    }
    help = {
        "referee": "the kk-referee program (a path, or a name on the PATH)",
        "game": "the game spec (kk-referee --game)",
        "first": "the first engine, as kk-referee --engine takes it (the score is its)",
        "second": "the second engine",
        "tc": "the time control (kk-referee --tc): nodes=N or depth=N replay exactly",
        "pairs": "how many pairs",
        "seed": "the openings' seed (pair i plays the referee's seed SEED*1000003+i)",
        "args": "more kk-referee options, as in a shell ('--boards standard --max-plies 300')",
    }

    _PAIRS = re.compile(r"^pairs: 1 \(0/0\.5/1/1\.5/2 points: (\d+) (\d+) (\d+) (\d+) (\d+)\)", re.M)
    _FAULTS = re.compile(r"^faults: .* (\d+), .* (\d+) \(", re.M)

    def check(self) -> None:
        super().check()
        try:
            shlex.split(self.params["args"])
        except ValueError as e:
            raise StudyError(f"referee: args {self.params['args']!r}: {e}") from None

    def run(self, key: str) -> Any:
        p = self.params
        with tempfile.TemporaryDirectory() as folder:
            records = os.path.join(folder, "records.txt")
            command = [
                p["referee"], "--quiet", "--game", p["game"], "--games", "2",
                "--tc", p["tc"], "--seed", str(p["seed"] * 1_000_003 + int(key)),
                "--engine", p["first"], "--engine", p["second"], "--records", records,
                *shlex.split(p["args"]),
            ]
            done = subprocess.run(command, capture_output=True, text=True, check=False)
            if done.returncode != 0:
                raise RuntimeError(
                    f"kk-referee exited with {done.returncode}: {done.stderr.strip()[-500:]}"
                )
            with open(records) as f:
                text = f.read()
        pairs = self._PAIRS.search(done.stdout)
        if pairs is None:
            raise RuntimeError(f"kk-referee's report has no pair: {done.stdout[-500:]}")
        counts = [int(c) for c in pairs.groups()]
        faults = self._FAULTS.search(done.stdout)
        return {
            "half_points": counts.index(1),
            "faults": [int(f) for f in faults.groups()] if faults else None,
            # The records' date is the day's, not the games'.
            "records": re.sub(r'^\[Date "[^"]*"\]$', '[Date "????.??.??"]', text, flags=re.M),
        }

    def data(self, results: List[Any]) -> str:
        return "".join(r["records"] for r in results)

    def report(self, results: List[Any]) -> str:
        faults = [sum(r["faults"][i] for r in results if r["faults"]) for i in (0, 1)]
        return f"{super().report(results)}, faults {faults[0]} and {faults[1]}"


class FaultDrill(Study):
    """A study for trying runners and clusters: items that take ``sleep``
    seconds, fail (the keys in ``fail``), kill their own worker process on
    their first attempt (the keys in ``kill``, remembered by a file in the
    ``marks`` folder, which every worker must see) or on every attempt (the
    keys in ``crash``)."""

    name = "fault-drill"
    summary = "items that sleep, fail or kill their worker, for trying runners and clusters"
    defaults = {"count": 20, "sleep": 0.0, "fail": "", "kill": "", "crash": "", "marks": ""}
    extent = ("count",)
    help = {
        "count": "how many items",
        "sleep": "seconds an item",
        "fail": "keys of items that raise an error (comma-separated)",
        "kill": "keys of items that kill their worker on the first attempt",
        "crash": "keys of items that kill their worker on every attempt",
        "marks": "a folder for the kill marks (needed with kill)",
    }

    def check(self) -> None:
        if self.params["kill"] and not self.params["marks"]:
            raise StudyError("fault-drill: kill needs a marks folder")

    def keys(self) -> List[str]:
        return [str(i) for i in range(self.params["count"])]

    def run(self, key: str) -> Any:
        p = self.params
        if p["sleep"] > 0:
            time.sleep(p["sleep"])
        if key in p["fail"].split(","):
            raise ValueError(f"item {key} fails by request")
        if key in p["crash"].split(","):
            os.kill(os.getpid(), signal.SIGKILL)
        if key in p["kill"].split(","):
            mark = os.path.join(p["marks"], f"killed-{key}")
            try:
                with open(mark, "x"):
                    pass
            except FileExistsError:
                pass
            else:
                os.kill(os.getpid(), signal.SIGKILL)
        return {"key": key, "square": int(key) ** 2}

    def data(self, results: List[Any]) -> str:
        return "".join(f"{r['key']},{r['square']}\n" for r in results)


STUDIES: Dict[str, Type[Study]] = {
    s.name: s for s in (BoardMap, IsolationMap, RoundStarts, FirstMoves, Tournament, Referee, FaultDrill)
}


def study(name: str, **params: Any) -> Study:
    """The study ``name`` with ``params`` (the others at their defaults);
    ``StudyError`` for an unknown study or parameter."""
    try:
        cls = STUDIES[name]
    except KeyError:
        raise StudyError(
            f"no study {name!r}; the studies are {', '.join(sorted(STUDIES))}"
        ) from None
    return cls(**params)

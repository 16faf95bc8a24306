"""Benchmarks of the package: batched random self-play, the PettingZoo
environments, and the engine against a plain pure-Python Kamisado move
generator on the same random games.

Run ``python -m kamisado_katarenga.bench`` (``--quick`` for a short run).
Each figure is the median of ``--repeats`` runs.
"""

from __future__ import annotations

import argparse
import importlib
import random
import statistics
import time
from typing import Callable, Optional

import numpy as np

from . import kamisado, katarenga

# --- A straightforward pure-Python Kamisado move generator (single rounds,
# no sumos: what a round from the start needs), written from the rules for
# comparison and as an independent check of the engine in the tests.

#: The square colours (RULES.md 1.1), rank 1 first, as colour letters.
BOARD = [
    "NGRYKPBO",
    "PNYBGKOR",
    "BYNPROKG",
    "YRGNOBPK",
    "KPBONGRY",
    "GKORPNYB",
    "ROKGBYNP",
    "OBPKYRGN",
]
LETTERS = "OBPKYRGN"  # colour letters in the engine's colour order


def colour_at(square: int) -> str:
    """The colour letter of a square (index ``rank * 8 + file``)."""
    return BOARD[square // 8][square % 8]


def _name(square: int) -> str:
    return "abcdefgh"[square % 8] + str(square // 8 + 1)


class PyKamisado:
    """A Kamisado round without sumos, in plain Python: ``towers`` maps a
    square to ``(player, colour letter)``, player 0 Black and 1 White."""

    def __init__(self, towers: dict, side: int, forced: Optional[str]):
        self.towers, self.side, self.forced = towers, side, forced
        self.winner: Optional[int] = None

    @staticmethod
    def start() -> "PyKamisado":
        towers = {f: (0, colour_at(f)) for f in range(8)}
        towers.update({56 + f: (1, colour_at(56 + f)) for f in range(8)})
        return PyKamisado(towers, 0, None)

    def slides(self, square: int) -> list[int]:
        player = self.towers[square][0]
        step = 8 if player == 0 else -8
        targets = []
        for df in (-1, 0, 1):
            s = square
            while True:
                f = s % 8 + df
                s += step + df
                if not (0 <= f < 8 and 0 <= s < 64) or s in self.towers:
                    break
                targets.append(s)
        return targets

    def square_of(self, player: int, colour: str) -> int:
        return next(s for s, t in self.towers.items() if t == (player, colour))

    def legal_moves(self) -> list[str]:
        if self.winner is not None:
            return []
        if self.forced is None:
            return [
                _name(s) + _name(t)
                for s, (p, _) in self.towers.items()
                if p == self.side
                for t in self.slides(s)
            ]
        here = self.square_of(self.side, self.forced)
        moves = [_name(here) + _name(t) for t in self.slides(here)]
        if moves:
            return moves
        # Blocked: a pass is legal if the chain of obligations reaches a
        # tower that can move; otherwise the round is deadlocked.
        seen, player, square = {(self.side, self.forced)}, self.side, here
        while True:
            player, colour = 1 - player, colour_at(square)
            if (player, colour) in seen:
                return []
            seen.add((player, colour))
            square = self.square_of(player, colour)
            if self.slides(square):
                return [_name(here) * 2]

    def play(self, move: str) -> "PyKamisado":
        origin = "abcdefgh".index(move[0]) + 8 * (int(move[1]) - 1)
        target = "abcdefgh".index(move[2]) + 8 * (int(move[3]) - 1)
        towers = dict(self.towers)
        towers[target] = towers.pop(origin)
        after = PyKamisado(towers, 1 - self.side, colour_at(target))
        if target // 8 == (7 if self.side == 0 else 0):
            after.winner = self.side
        elif not after.legal_moves() and after.forced is not None:
            after.winner = after.side  # deadlock: the last mover loses
        return after


# --- Benchmarks.


def _median_rate(run: Callable[[], tuple[int, float]], repeats: int) -> float:
    rates = []
    for _ in range(repeats):
        count, seconds = run()
        rates.append(count / seconds)
    return statistics.median(rates)


def batched(
    game: str, n: int, steps: int, with_masks: bool, with_observations: bool
) -> Callable[[], tuple[int, float]]:
    """Random self-play of ``n`` games at once, ``steps`` batch steps: a
    random legal action per game sampled in NumPy from ``legal_actions``,
    then one ``step``; with ``with_masks`` the masks are fetched too, and
    with ``with_observations`` the observations, as a training loop that
    feeds a masked policy would."""

    def run() -> tuple[int, float]:
        rng = np.random.default_rng(1)
        batch = kamisado.Batch(n) if game == "kamisado" else katarenga.Batch(n, max_plies=300)
        rows = np.arange(n)
        started = time.perf_counter()
        for _ in range(steps):
            if with_masks:
                batch.masks()
            if with_observations:
                batch.observations()
            legal, counts = batch.legal_actions()
            picks = (rng.random(n) * counts).astype(np.int64)
            batch.step(legal[rows, picks].astype(np.int64))
        return n * steps, time.perf_counter() - started

    return run


def aec(game: str, steps: int) -> Callable[[], tuple[int, float]]:
    """Steps of the wrapped PettingZoo environment with random legal
    actions (the usual ``env.last()`` / ``env.step()`` loop)."""

    def run() -> tuple[int, float]:
        from .pettingzoo import kamisado_v0, katarenga_v0

        env = (kamisado_v0 if game == "kamisado" else katarenga_v0).env()
        env.reset(seed=1)
        rng = random.Random(1)
        started = time.perf_counter()
        for _ in range(steps):
            observation, _, terminated, truncated, _ = env.last()
            if terminated or truncated:
                action = None
            else:
                legal = observation["action_mask"].nonzero()[0]
                action = int(legal[rng.randrange(len(legal))])
            env.step(action)
            if not env.agents:
                env.reset()
        return steps, time.perf_counter() - started

    return run


def random_games(games: int, seed: int) -> list[list[str]]:
    """The move lists of ``games`` random rounds (uniform over the sorted
    legal moves), played with the engine."""
    rng = random.Random(seed)
    out = []
    for _ in range(games):
        p, moves = kamisado.Position.start(), []
        while not p.is_over:
            mv = rng.choice(sorted(p.legal_moves()))
            moves.append(mv)
            p = p.play(mv)
        out.append(moves)
    return out


def replay(games: list[list[str]], start: Callable[[], object]) -> Callable[[], tuple[int, float]]:
    """Generates the legal moves of every position of ``games`` and plays
    the games' moves, from ``start()``: :meth:`PyKamisado.start` for the
    pure-Python generator, :meth:`kamisado.Position.start` for the engine
    (one call per position)."""

    def run() -> tuple[int, float]:
        plies = 0
        started = time.perf_counter()
        for moves in games:
            p = start()
            for mv in moves:
                p.legal_moves()
                p = p.play(mv)
                plies += 1
        return plies, time.perf_counter() - started

    return run


def _importable(module: str) -> bool:
    try:
        importlib.import_module(module)
    except ModuleNotFoundError:
        return False
    return True


def main(argv: Optional[list[str]] = None) -> None:
    parser = argparse.ArgumentParser(
        prog="python -m kamisado_katarenga.bench",
        description=__doc__.split("\n\n")[0].replace("\n", " "),
    )
    parser.add_argument("--quick", action="store_true", help="a short run")
    parser.add_argument(
        "--repeats", type=int, default=5, help="runs of each measure; the median is shown"
    )
    parser.add_argument("--batch", type=int, default=1024, help="games per batch")
    args = parser.parse_args(argv)
    scale = 10 if args.quick else 1
    n, steps = args.batch, 4000 // scale
    print(f"batched random self-play, {n} games per batch, median of {args.repeats}:")
    for game in ("kamisado", "katarenga"):
        for label, masks, observations in (
            ("sampling", False, False),
            ("sampling + masks", True, False),
            ("sampling + masks + observations", True, True),
        ):
            run = batched(game, n, steps // (4 if observations else 1), masks, observations)
            rate = _median_rate(run, args.repeats)
            print(f"  {game:9} {label:30} {rate / 1e6:8.2f} M plies/s")
    missing = [m for m in ("pettingzoo", "gymnasium") if not _importable(m)]
    if missing:
        print(
            f"PettingZoo AEC environment: skipped ({' and '.join(missing)} not installed; "
            'pip install "kamisado-katarenga[pettingzoo]")'
        )
    else:
        print("PettingZoo AEC environment (wrapped), random legal actions:")
        for game in ("kamisado", "katarenga"):
            rate = _median_rate(aec(game, 40000 // scale), args.repeats)
            print(f"  {game:9} {rate / 1e3:8.1f} k steps/s")
    games = random_games(400 // scale, seed=1)
    python = _median_rate(replay(games, PyKamisado.start), args.repeats)
    engine = _median_rate(replay(games, kamisado.Position.start), args.repeats)
    print(f"Kamisado move generation on the same {len(games)} random rounds:")
    print(f"  pure Python                {python / 1e3:8.1f} k plies/s")
    print(f"  engine, a call per ply     {engine / 1e3:8.1f} k plies/s ({engine / python:.1f}x)")
    best = _median_rate(batched("kamisado", n, steps, False, False), args.repeats)
    print(f"  engine, batched            {best / 1e3:8.1f} k plies/s ({best / python:.0f}x)")


if __name__ == "__main__":
    main()

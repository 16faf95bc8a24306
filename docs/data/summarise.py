#!/usr/bin/env python3
"""Summarises a results file of `kk-solve-table positions`: how many positions were
proved, the first mover's win rate with a 95% Wilson interval, and the
distribution of proof times. Standard library only.

    python3 docs/data/summarise.py docs/data/round2-results.txt
"""

import math
import statistics
import sys


def wilson(wins: int, n: int, z: float = 1.959964) -> tuple[float, float]:
    """The 95% Wilson score interval of a proportion."""
    if n == 0:
        return (0.0, 1.0)
    p = wins / n
    centre = (p + z * z / (2 * n)) / (1 + z * z / n)
    half = z * math.sqrt(p * (1 - p) / n + z * z / (4 * n * n)) / (1 + z * z / n)
    return (centre - half, centre + half)


def main(path: str) -> None:
    rows = []
    for line in open(path, encoding="utf-8"):
        if not line.strip() or line.startswith("#"):
            continue
        position, winner, plies, best, nodes, seconds = (f.strip() for f in line.split(";"))
        side = {"b": "black", "w": "white"}[position.split()[1]]
        rows.append((side, winner, plies, int(nodes), float(seconds)))
    n = len(rows)
    proved = [r for r in rows if r[1] != "unknown"]
    exact = [r for r in proved if r[2] != "unknown"]
    first_wins = sum(1 for r in proved if r[1] == r[0])
    low, high = wilson(first_wins, len(proved))
    print(f"positions: {n}")
    print(f"proved (winner known): {len(proved)} ({100 * len(proved) / n:.1f}%)")
    print(f"exact length found too: {len(exact)}")
    print(
        f"first mover (the side to move) wins: {first_wins} of {len(proved)} = "
        f"{100 * first_wins / max(1, len(proved)):.1f}% (95% Wilson interval "
        f"{100 * low:.1f}% - {100 * high:.1f}%)"
    )
    for colour in ("black", "white"):
        mine = [r for r in proved if r[0] == colour]
        wins = sum(1 for r in mine if r[1] == colour)
        print(f"  {colour} to move: {len(mine)} proved, {wins} won by the side to move")
    times = sorted(r[4] for r in proved)
    if times:
        q = statistics.quantiles(times, n=10) if len(times) >= 10 else times
        print(
            f"proof time of the proved (s): median {statistics.median(times):.2f}, "
            f"mean {statistics.mean(times):.2f}, p10 {q[0]:.2f}, p90 {q[-1]:.2f}, "
            f"max {times[-1]:.2f}"
        )
        for limit in (0.1, 1, 5, 10, 20, 30):
            within = sum(1 for t in times if t <= limit)
            print(f"  within {limit:>4} s: {within:4} ({100 * within / n:.1f}% of all)")
    lengths = sorted(int(r[2]) for r in exact)
    if lengths:
        print(
            f"best-play length (plies): median {statistics.median(lengths)}, "
            f"min {lengths[0]}, max {lengths[-1]}"
        )
    nodes = sorted(r[3] for r in proved)
    if nodes:
        print(f"nodes of the proved: median {statistics.median(nodes):,.0f}")


if __name__ == "__main__":
    main(sys.argv[1])

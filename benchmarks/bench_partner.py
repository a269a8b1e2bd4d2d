"""Pocket Dragon's partner bot: strength against its references, and decision time.

The tables are those of `tabletop sim pocketdragon` (tabletop/games/pocketdragon/tables.py,
whose docstring says what each is and what is measured), here on seeds 0..N-1 in J
processes, with the run's time and the machine's load:

    .venv/bin/python -u benchmarks/bench_partner.py [--seeds N] [--jobs J]

Every game is fixed by its seed, so the figures do not depend on J.
"""

from __future__ import annotations

import argparse
import os
import time

from tabletop.games.pocketdragon.tables import lines, strength


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--seeds", type=int, default=1000, help="seeds 0..N-1 (default 1000)")
    parser.add_argument("--jobs", type=int, default=2)
    args = parser.parse_args()
    started = time.perf_counter()
    load = os.getloadavg()[0]
    report = strength(args.seeds, 0, args.jobs)
    print("\n".join(lines(report)))
    print(
        f"{time.perf_counter() - started:.0f} s in all, {args.jobs} jobs, load average "
        f"{load:.1f} at the start and {os.getloadavg()[0]:.1f} at the end"
    )


if __name__ == "__main__":
    main()

"""Every speed figure of issues 13 ("Instant") and 16 (playing over the network, item 7),
each beside its reference and target, in one table.

    nice .venv/bin/python benchmarks/run_all.py [--quick] [--only NAME ...]

Runs the benchmark modules in turn (each measures its figures against references
taken in the same run, legs interleaved, medians) and prints one Markdown table:
the figure, ours, the reference, their ratio, the target and whether it is met.
The machine's load is printed before and after: on a busy machine every time
grows, the references' too, so read the ratios first. --quick takes a few
minutes; the full run about 20 minutes on an idle 2-core machine.
"""

from __future__ import annotations

import argparse
import datetime
import gc
import time
from collections.abc import Callable

import bench_engines
import bench_net
import bench_protocol
import bench_replay
import bench_rules
import bench_screens
import bench_startup
from measure import Figure, load, table

# The screens last: the app's objects they leave behind would slow the others' garbage
# collection.
MODULES: dict[str, Callable[[bool], list[Figure]]] = {
    "engines": bench_engines.figures,
    "protocol": bench_protocol.figures,
    "startup": bench_startup.figures,
    "net": bench_net.figures,
    "screens": bench_screens.figures,
    "replay": bench_replay.figures,
    "rules": bench_rules.figures,
}


def main() -> None:
    parser = argparse.ArgumentParser(description=(__doc__ or "").splitlines()[0])
    parser.add_argument("--quick", action="store_true", help="fewer legs, games and keys")
    parser.add_argument("--only", nargs="+", choices=list(MODULES), help="these modules only")
    args = parser.parse_args()
    print(f"{datetime.date.today().isoformat()}, {'quick' if args.quick else 'full'} run")
    print(f"before: {load()}", flush=True)
    figures: list[Figure] = []
    for name, run in MODULES.items():
        if args.only and name not in args.only:
            continue
        gc.collect()
        began = time.perf_counter()
        figures += run(args.quick)
        print(f"  {name}: {time.perf_counter() - began:.0f} s", flush=True)
    print(f"after: {load()}")
    print()
    print(table(figures))
    met = sum(f.met for f in figures)
    print(f"\n{met} of {len(figures)} targets met")


if __name__ == "__main__":
    main()

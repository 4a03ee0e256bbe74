"""Run every ``bench_*.py`` module's ``main()`` in turn (``make bench``), or the ones named."""

from __future__ import annotations

import importlib
import pkgutil
import sys

import bench


def main(names: list[str]) -> int:
    modules = sorted(m.name for m in pkgutil.iter_modules(bench.__path__)
                     if m.name.startswith("bench_"))
    chosen = [m for m in modules if not names or any(n in m for n in names)]
    for name in chosen:
        print(f"== {name}", flush=True)
        importlib.import_module(f"bench.{name}").main()
    return 0


if __name__ == "__main__":
    raise SystemExit(main(sys.argv[1:]))

"""Run every bench's ``main()`` in turn (``make bench``), or the ones named: a name is a
bench's own (``hard``) or a part of some (``sol`` runs ``solver``)."""

from __future__ import annotations

import importlib
import pkgutil
import sys

import bench


def main(names: list[str]) -> int:
    benches = sorted(m.name for m in pkgutil.iter_modules(bench.__path__)
                     if not m.name.startswith("_"))
    chosen = [m for m in benches if not names
              or any(n == m or (n not in benches and n in m) for n in names)]
    if not chosen:
        print(f"no bench is called {' or '.join(names)}: {', '.join(benches)}", file=sys.stderr)
        return 2
    for name in chosen:
        print(f"== {name}", flush=True)
        importlib.import_module(f"bench.{name}").main()
    return 0


if __name__ == "__main__":
    raise SystemExit(main(sys.argv[1:]))

"""`python -m kalooki` runs the same entry point as the `kalooki` command (and is the
executable's entry, hence freeze_support: simulate's spawned workers start through it)."""

import multiprocessing

from kalooki.cli.main import main

if __name__ == "__main__":
    multiprocessing.freeze_support()
    raise SystemExit(main())

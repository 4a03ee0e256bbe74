"""`python -m kalooki` runs the same entry point as the `kalooki` command (and is the
executable's entry, hence freeze_support: simulate's spawned workers start through it;
imported only in the executable, since from source it would cost a launch 10 ms)."""

import sys

from kalooki.cli.main import main

if __name__ == "__main__":
    if getattr(sys, "frozen", False):
        import multiprocessing

        multiprocessing.freeze_support()
    raise SystemExit(main())

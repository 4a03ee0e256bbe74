"""`python -m kalooki` runs the same entry point as the `kalooki` command."""

from kalooki.cli import main

raise SystemExit(main())

"""``python -m bench.corpus``: see :func:`bench.corpus.command`."""

import sys

from bench.corpus import command

raise SystemExit(command(sys.argv[1:]))

"""The game's log file: so a player who hits a bug has something to send us.

Logging to disk must never stop the game: if the log folder cannot be written, the game
runs without a log file.
"""

from __future__ import annotations

import logging
from logging.handlers import RotatingFileHandler
from pathlib import Path

from kalooki.store.atomic import remove_stale_temps
from kalooki.store.paths import StorePaths

LOG_NAME = "kalooki.log"
MAX_BYTES = 512 * 1024
BACKUPS = 2


def start_logging(paths: StorePaths) -> Path | None:
    """Send the ``kalooki`` logger to a small rotating file in the log folder; return its
    path, or None when the folder cannot be written. The temporary files interrupted
    writes left in the store are removed now, on the record."""
    path = _open_log(paths)
    for temp in remove_stale_temps((paths.config_dir, paths.data_dir, paths.saves_dir)):
        logging.getLogger("kalooki.store").info("removed %s, left by an interrupted write",
                                                temp)
    return path


def _open_log(paths: StorePaths) -> Path | None:
    logger = logging.getLogger("kalooki")
    logger.setLevel(logging.INFO)
    path = paths.log_dir / LOG_NAME
    try:
        paths.log_dir.mkdir(parents=True, exist_ok=True)
        handler = RotatingFileHandler(path, maxBytes=MAX_BYTES, backupCount=BACKUPS,
                                      encoding="utf-8")
    except OSError:
        return None
    handler.setFormatter(logging.Formatter("%(asctime)s %(levelname)s %(name)s: %(message)s"))
    for old in [h for h in logger.handlers if isinstance(h, RotatingFileHandler)]:
        logger.removeHandler(old)
        old.close()
    logger.addHandler(handler)
    return path

"""The log file: written in the log folder, and never a reason to stop the game."""

import logging

from kalooki.store.logs import LOG_NAME, start_logging
from kalooki.store.paths import StorePaths


def test_log_lines_reach_the_file_in_the_log_folder(tmp_path):
    paths = StorePaths.under(tmp_path)
    path = start_logging(paths)
    assert path == paths.log_dir / LOG_NAME
    logging.getLogger("kalooki.test").info("a line to find")
    for handler in logging.getLogger("kalooki").handlers:
        handler.flush()
    assert "a line to find" in path.read_text(encoding="utf-8")


def test_an_unwritable_log_folder_is_not_fatal(tmp_path):
    blocker = tmp_path / "logs"
    blocker.write_text("a file where the folder should be")
    assert start_logging(StorePaths.under(tmp_path)) is None


def test_portable_flag_is_accepted():
    from kalooki.cli.main import build_parser

    assert build_parser().parse_args(["--portable"]).portable

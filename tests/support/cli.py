"""What the command line's refusals must look like."""

from __future__ import annotations

import argparse

import pytest

from kalooki.cli.main import INTERNAL_ERROR, main
from kalooki.words import tr
from kalooki.words.catalog import spoken
from tests.support.words import plain


def internal_error(said: str) -> bool:
    """Whether ``said`` holds the line the program prints when it fails (a bug), in any
    language."""
    return any(plain(tr(INTERNAL_ERROR, error="\0", locale=lang).split("\0")[0]) in plain(said)
               for lang in spoken())


def one_line_exit(capsys: pytest.CaptureFixture[str], argv: list[str],
                  code: int = 2) -> str:
    """Run the command; it must end with ``code`` and say why in one line on stderr."""
    assert main(argv) == code
    err = capsys.readouterr().err
    assert err.count("\n") == 1 and "Traceback" not in err and not internal_error(err)
    return err


def not_played(monkeypatch: pytest.MonkeyPatch) -> list[argparse.Namespace]:
    """The window is never opened: a usage error must come before it."""
    opened: list[argparse.Namespace] = []
    monkeypatch.setattr("kalooki.ui.launcher.run_game", lambda args: opened.append(args) or 0)
    return opened

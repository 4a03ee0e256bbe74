"""What the command line's refusals must look like."""

from __future__ import annotations

import argparse

import pytest

from kalooki.cli.main import INTERNAL_ERROR, main


def one_line_exit(capsys: pytest.CaptureFixture[str], argv: list[str],
                  code: int = 2) -> str:
    """Run the command; it must end with ``code`` and say why in one line on stderr."""
    assert main(argv) == code
    err = capsys.readouterr().err
    assert err.count("\n") == 1 and "Traceback" not in err and INTERNAL_ERROR not in err
    return err


def not_played(monkeypatch: pytest.MonkeyPatch) -> list[argparse.Namespace]:
    """The window is never opened: a usage error must come before it."""
    opened: list[argparse.Namespace] = []
    monkeypatch.setattr("kalooki.ui.launcher.run_game", lambda args: opened.append(args) or 0)
    return opened

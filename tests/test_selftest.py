"""``kalooki --self-test`` in-process: it passes headless, reports a failing step in one
line with a non-zero status, and keeps to a temporary folder."""

from __future__ import annotations

import io
import os

os.environ["SDL_VIDEODRIVER"] = "dummy"
os.environ["SDL_AUDIODRIVER"] = "dummy"

from pathlib import Path

import pygame
import pytest

from kalooki import selftest
from kalooki.cli.main import main
from kalooki.selftest import STEPS, Context, SelfTestFailure, open_window, run_self_test
from kalooki.store.paths import HOME_ENV


@pytest.fixture
def real_home(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    """Stands for the player's folders: the self-test must leave it alone."""
    home = tmp_path / "player"
    monkeypatch.setenv(HOME_ENV, str(home))
    return home


def run(steps=STEPS) -> tuple[int, str, str]:
    out, err = io.StringIO(), io.StringIO()
    status = run_self_test(steps, out=out, err=err)
    return status, out.getvalue(), err.getvalue()


def test_passes_headless_and_leaves_the_players_folders_alone(real_home: Path) -> None:
    seen: list[Path] = []

    def remember(ctx: Context) -> None:
        seen.append(ctx.paths.saves_dir)
        assert os.environ[HOME_ENV] != str(real_home)

    status, out, err = run((*STEPS, remember))
    assert (status, err) == (0, "")
    assert out.startswith("first frame ")
    assert "kalooki self-test passed" in out
    assert not real_home.exists()
    assert os.environ[HOME_ENV] == str(real_home)
    assert not seen[0].exists()  # the temporary store is removed afterwards
    assert not pygame.display.get_init()


def test_a_failing_step_gives_one_line_and_status_1(real_home: Path) -> None:
    def broken_step(ctx: Context) -> None:
        raise SelfTestFailure("the felt is missing\nsecond line never shown")

    status, _, err = run((open_window, broken_step))
    assert status == 1
    assert err == "kalooki self-test failed at 'broken step': the felt is missing\n"
    assert not pygame.display.get_init()  # the window was closed all the same
    assert not real_home.exists()


def test_an_unexpected_error_is_reported_too(real_home: Path) -> None:
    def crash(ctx: Context) -> None:
        raise KeyError("seat")

    status, _, err = run((crash,))
    assert status == 1
    assert err.count("\n") == 1 and "'crash'" in err and "seat" in err


def test_the_command_line_option_runs_it(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(selftest, "run_self_test", lambda: 7)
    assert main(["--self-test"]) == 7

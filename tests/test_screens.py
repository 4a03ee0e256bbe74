"""``kalooki screens``: every registered screen renders to PNGs named after it, at the
size asked, headless; bad arguments get a usage message."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import pygame
import pytest

from kalooki.cli.main import main
from kalooki.engine.rules.fields import Section
from kalooki.tools.screens.check import Problem
from kalooki.tools.screens.registry import render, screen_names
from kalooki.words import PSEUDO, set_language
from tests.support.words import plain

EXPECTED = ("menu", "setup", "settings-", *(f"house-rules-{s.value}" for s in Section),
            "house-rules-presets", "rules", "statistics", "load", "save", "table-", "summary",
            "match-end", "call", "undo", "loaded-log")
"""The file name beginnings the issue promises translators and theme authors."""


FOUND: list[Problem] = []
"""The pseudo-language's check of every picture (cut and stray words)."""


@pytest.fixture(scope="module")
def rendered(tmp_path_factory: pytest.TempPathFactory) -> tuple[Path, dict[str, list[Path]]]:
    """Every screen at the smallest window, in the pseudo-language (issue 25 item 4):
    each entry 40% longer than English, bracketed, so that a cut shows."""
    out = tmp_path_factory.mktemp("screens")
    try:
        return out, render(out, [(1024, 640)], PSEUDO, found=FOUND)
    finally:
        set_language("en")


def test_no_screen_cuts_words_or_shows_words_from_no_catalog(rendered) -> None:
    """No widget's words (and no drawn text) wider than their room, none outside the
    catalogs, on any screen at 1024x640."""
    assert [str(problem) for problem in FOUND] == []


def test_every_promised_screen_is_rendered(rendered) -> None:
    out, _ = rendered
    names = [path.name for path in out.glob("*.png")]
    for start in EXPECTED:
        assert any(name.startswith(start) for name in names), start


def test_each_screen_writes_files_named_after_it_at_the_window_size(rendered) -> None:
    _, written = rendered
    assert set(written) == set(screen_names())
    for name, files in written.items():
        assert files, f"{name} wrote nothing"
        for path in files:
            assert path.name.startswith(name)
            if name != "cards":
                assert path.name.endswith("-1024x640.png")
                assert pygame.image.load(path).get_size() == (1024, 640)


def test_pictures_are_not_blank(rendered) -> None:
    _, written = rendered
    for files in written.values():
        for path in files:
            image = pygame.image.load(path)
            colours = {tuple(image.get_at((x, y))) for x in range(0, image.get_width(), 37)
                       for y in range(0, image.get_height(), 41)}
            assert len(colours) > 8, path.name


def test_the_command_renders_one_screen_and_says_how_many(tmp_path: Path, capsys) -> None:
    assert main(["screens", str(tmp_path), "--size", "1280x720", "--only", "menu"]) == 0
    assert [p.name for p in tmp_path.iterdir()] == ["menu-1280x720.png"]
    assert capsys.readouterr().out == f"1 picture in {tmp_path}\n"


def test_the_command_says_how_many_in_the_language_asked(tmp_path: Path, capsys) -> None:
    assert main(["screens", str(tmp_path), "--lang", "fr", "--size", "1024x640",
                 "--only", "menu", "--only", "load"]) == 0
    assert plain(capsys.readouterr().out) == f"3 images dans {tmp_path}\n"


@pytest.mark.parametrize("argv", [
    ["screens", "out", "--size", "big"],
    ["screens", "out", "--size", "800x600"],
    ["screens", "out", "--only", "nowhere"],
    ["screens", "out", "--lang", "de"],
    ["screens"],
])
def test_bad_arguments_are_a_usage_error(argv: list[str], capsys) -> None:
    assert main(argv) == 2
    err = capsys.readouterr().err
    assert err.count("\n") == 1 and "Traceback" not in err


def test_list_names_every_screen(capsys) -> None:
    assert main(["screens", "--list"]) == 0
    assert capsys.readouterr().out.split() == screen_names()


def test_the_command_prints_no_pygame_banner() -> None:
    """``kalooki screens`` began its output with pygame's "pygame-ce 2.5.8 (SDL …)" line,
    which the game hides everywhere else."""
    env = {name: value for name, value in os.environ.items()
           if name != "PYGAME_HIDE_SUPPORT_PROMPT"}
    result = subprocess.run([sys.executable, "-m", "kalooki", "screens", "--list"],
                            capture_output=True, text=True, env=env, timeout=120, check=False)
    assert (result.returncode, result.stdout.split()) == (0, screen_names())


def test_a_picture_reports_the_words_cut_before_its_frame(tmp_path: Path) -> None:
    """A deal's summary is drawn once, frames before the picture that shows it: its cut
    words ("×2 inclus (table renve…") are the picture's all the same."""
    from kalooki.store.paths import StorePaths
    from kalooki.tools.screens.shots import Shots
    from kalooki.ui.art import text as ink

    shots = Shots(tmp_path, (1024, 640), PSEUDO, StorePaths.under(tmp_path / "store"),
                  brackets=("[", "]"))
    try:
        with shots.app() as app:
            ink.fit("[words far wider than their room]", 14, 40)
            shots.take(app, "early")
            shots.take(app, "later")
    finally:
        set_language("en")
    assert [(p.picture, p.kind) for p in shots.problems if "wider" in p.words] == [
        ("early-1024x640.png", "cut")]

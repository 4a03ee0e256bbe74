"""Every test runs headless and keeps its files in a temporary folder; hypothesis draws the
same examples every run.

Shared fixtures live here, shared helpers in ``tests/support/``."""

from __future__ import annotations

import os
from collections.abc import Iterator
from pathlib import Path

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")

import pytest
from hypothesis import HealthCheck, settings

# --- hypothesis: the same examples every run, unless a developer asks to explore ----------
# `make test`, CI and plain `pytest` use "repeatable": each property test draws the examples
# its own name seeds (derandomize), reads no example database and has no deadline, so no
# verdict depends on a new example, an old failure kept in .hypothesis/ or the machine's
# speed. To look for new failures: `HYPOTHESIS_PROFILE=explore pytest ...` (or
# `pytest --hypothesis-profile=explore`); it keeps what it finds in .hypothesis/, and a
# failure it prints can be pinned with @example.
_NO_CLOCK = dict(deadline=None, suppress_health_check=[HealthCheck.too_slow])
settings.register_profile("repeatable", derandomize=True, database=None, print_blob=True,
                          **_NO_CLOCK)
settings.register_profile("explore", derandomize=False, print_blob=True, **_NO_CLOCK)
settings.load_profile(os.environ.get("HYPOTHESIS_PROFILE", "repeatable"))


@pytest.fixture(autouse=True)
def _private_home(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """Settings, saves and statistics go to a temporary folder, never the player's."""
    monkeypatch.setenv("KALOOKI_HOME", str(tmp_path))


@pytest.fixture(autouse=True)
def _no_events_left_over() -> None:
    """What an earlier test's window left in pygame's event queue (closing it queues focus
    lost and leave events) is no input of this test's: a test's verdict must not depend on
    which test ran before it in the same process."""
    import sys

    pygame = sys.modules.get("pygame")
    if pygame is not None and pygame.display.get_init():
        pygame.event.clear()


@pytest.fixture(autouse=True)
def _english_system(monkeypatch: pytest.MonkeyPatch) -> None:
    """Every test starts in English on a system that names no language of its own; a
    test wanting French (or a French system) says so."""
    from kalooki.words import set_language

    for name in ("LANGUAGE", "LC_ALL", "LC_MESSAGES"):
        monkeypatch.delenv(name, raising=False)
    monkeypatch.setenv("LANG", "C.UTF-8")
    set_language("en")


@pytest.fixture
def french() -> Iterator[None]:
    """The test speaks French; English again after it."""
    from kalooki.words import set_language

    set_language("fr")
    yield
    set_language("en")


@pytest.fixture
def paths(tmp_path: Path) -> object:
    """The store's folders, all under this test's temporary folder."""
    from kalooki.store.paths import StorePaths

    return StorePaths.under(tmp_path)


@pytest.fixture
def home() -> object:
    """The store's folders where the program looks by itself (``StorePaths.default()``):
    the same folders as ``paths``, under this test's ``KALOOKI_HOME``."""
    from kalooki.store.paths import StorePaths

    return StorePaths.default()


@pytest.fixture
def profile(home: object) -> object:
    """A player's profile that plays quickly: no computer pause, no animation, the computer
    players thinking on the test's own thread."""
    from tests.support.pages import quick_profile

    return quick_profile(home)  # type: ignore[arg-type]


@pytest.fixture(scope="session")
def good_seed() -> int:
    """The first seed from 1 where the table tests' plain strategy lays down, tacks on and
    finishes deal 1 (see ``tests.support.table.plan``); found once per worker."""
    from tests.support.table import plan

    return next(seed for seed in range(1, 400) if plan(seed) is not None)


@pytest.fixture
def app() -> Iterator[object]:
    """A window driven frame by frame with a fake clock."""
    import pygame

    from kalooki.ui.app import App
    from tests.support.ui import FakeClock

    application = App(clock=FakeClock())
    pygame.event.clear()
    yield application
    application.close()


HEAVIEST_FIRST = ("test_screens.py", "test_ui_house_rules.py", "test_ui_lesson.py",
                  "test_ui_table_monkey.py", "test_ui_scoring_words.py",
                  "test_ui_pass_device.py", "test_ui_call_shared.py", "test_ui_settings.py",
                  "test_ui_our_table.py", "test_words_new_language.py",
                  "test_store_journal_crash.py")
"""The suite's heaviest files (``--durations``), 20-60 s each on a slow machine."""


def pytest_collection_modifyitems(items: list[pytest.Item]) -> None:
    """The heaviest files first: pytest-xdist hands the workers whole files in this order
    (``make test`` asks it not to reorder them by their number of tests), and one worker
    left with a heavy file at the end kept the suite waiting a minute for it. Only the
    order changes; a file missing from the list runs in its usual place."""
    rank = {name: index for index, name in enumerate(HEAVIEST_FIRST)}
    items.sort(key=lambda item: rank.get(item.path.name, len(rank)))

"""``kalooki screens DIR``: every screen of the game rendered to PNG, for translators and
theme authors to look at without playing their way to each one.

The screens are a registry of named builders. A builder gets a :class:`Shots` (the
window size, the language, a scratch store holding sample saves and statistics) and
takes as many pictures as its screen has states; each lands in DIR as
``<scene>[-<variant>]-<W>x<H>.png``. A new screen is one line in :data:`SCREENS`.
"""

from __future__ import annotations

import tempfile
from collections.abc import Callable, Iterable
from pathlib import Path

import pygame

from kalooki.store.paths import StorePaths
from kalooki.tools.screens import charts, feel, forms, help, pages, replay, table
from kalooki.tools.screens.check import Problem
from kalooki.tools.screens.shots import Shots
from kalooki.ui.resources import font
from kalooki.words import PSEUDO
from kalooki.words.pseudo import CLOSE, OPEN

SIZES = ((1024, 640), (1920, 1080))
"""The sizes rendered when none is asked for: the smallest window and a common full screen."""


Builder = Callable[[Shots], None]


def _registry() -> dict[str, Builder]:
    return {
        "menu": pages.menu,
        "menu-first": pages.menu_first,
        "setup": pages.setup,
        "settings": forms.settings,
        "house-rules": forms.house_rules,
        "rules": pages.rules,
        "statistics": pages.statistics,
        "load": pages.load,
        "save": table.save,
        "table": table.tables,
        "summary": table.summary,
        "match-end": table.match_end,
        "pass-device": table.pass_device,
        "call-shared": table.call_shared,
        "call": feel.calls,
        "undo": feel.undo,
        "loaded-log": feel.loaded_log,
        "cards": pages.cards,
        "chart": charts.charts,
        "replay": replay.replay,
        "help": help.help_screens,
        "tutorial": help.tutorial,
    }


def screen_names() -> list[str]:
    return list(_registry())


def render(out: Path, sizes: Iterable[tuple[int, int]] = SIZES, lang: str = "en",
           only: Iterable[str] = (), found: list[Problem] | None = None,
           brackets: tuple[str, str] | None = None) -> dict[str, list[Path]]:
    """Render the screens named in ``only`` (all when empty) at each size; the files
    each screen wrote. Each picture's cut and stray words are added to ``found``, when
    the language marks its entries with ``brackets`` (the pseudo-language's, unless
    told). Raises KeyError for an unknown screen name."""
    if brackets is None and lang == PSEUDO:
        brackets = (OPEN, CLOSE)
    registry = _registry()
    wanted = list(only) or list(registry)
    unknown = [name for name in wanted if name not in registry]
    if unknown:
        raise KeyError(", ".join(unknown))
    out.mkdir(parents=True, exist_ok=True)
    written: dict[str, list[Path]] = {name: [] for name in wanted}
    try:
        with tempfile.TemporaryDirectory(prefix="kalooki-screens-") as scratch:
            for size in sizes:
                store = StorePaths.under(Path(scratch) / f"{size[0]}x{size[1]}")
                for name in wanted:
                    shots = Shots(out, size, lang, store, brackets=brackets)
                    registry[name](shots)
                    written[name] += [p for p in shots.written if p not in written[name]]
                    if found is not None:
                        found += shots.problems
    finally:
        font.cache_clear()
        pygame.quit()
    return written

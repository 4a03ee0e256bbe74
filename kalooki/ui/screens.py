"""``kalooki screens DIR``: every screen of the game rendered to PNG, for translators and
theme authors to look at without playing their way to each one.

The screens are a registry of named builders. A builder gets a :class:`Shots` (the
window size, the language, a scratch store holding sample saves and statistics) and
takes as many pictures as its screen has states; each lands in DIR as
``<scene>[-<variant>]-<W>x<H>.png``. A new screen is one line in :data:`SCREENS`.
"""

from __future__ import annotations

import tempfile
from collections.abc import Callable, Iterable, Iterator
from contextlib import contextmanager
from dataclasses import dataclass, field
from pathlib import Path

import pygame
from pygame_gui.core import UIElement

from kalooki.store.paths import StorePaths
from kalooki.ui.app import App
from kalooki.ui.resources import font
from kalooki.words import set_language

SIZES = ((1024, 640), (1920, 1080))
"""The sizes rendered when none is asked for: the smallest window and a common full screen."""


class SteadyClock:
    """Every frame lasts 1/60 s and nothing waits: pictures come out the same every run."""

    def tick(self, framerate: float = 0) -> int:
        return 16


@dataclass
class Shots:
    """What a builder needs: where pictures go, at which size and in which language."""

    out: Path
    size: tuple[int, int]
    lang: str
    store: StorePaths
    """A scratch store: builders may fill it with sample saves, statistics and presets."""
    written: list[Path] = field(default_factory=list)

    @contextmanager
    def app(self) -> Iterator[App]:
        """A fresh window at this size, closed afterwards."""
        set_language(self.lang)
        window = App(self.size, clock=SteadyClock())
        try:
            yield window
        finally:
            window.close()

    @staticmethod
    def click(app: App, element: UIElement) -> None:
        """A left click in the middle of ``element``, as a player would make it."""
        pos = element.rect.center
        for event in (pygame.event.Event(pygame.MOUSEMOTION, pos=pos, rel=(0, 0), buttons=(0,)),
                      pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=pos, button=1),
                      pygame.event.Event(pygame.MOUSEBUTTONUP, pos=pos, button=1)):
            pygame.event.post(event)
        for _ in range(3):  # pygame_gui relays a click through the queue, a hop a frame
            app.step()

    def take(self, app: App, name: str) -> Path:
        """Draw one frame of ``app`` and save it as ``<name>-<W>x<H>.png``."""
        app.step()
        path = self.out / f"{name}-{self.size[0]}x{self.size[1]}.png"
        pygame.image.save(app.surface, path)
        self.written.append(path)
        return path


Builder = Callable[[Shots], None]


def _registry() -> dict[str, Builder]:
    from kalooki.ui import screens_charts
    from kalooki.ui import screens_forms as forms
    from kalooki.ui import screens_pages as pages
    from kalooki.ui import screens_table as table

    return {
        "menu": pages.menu,
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
        "cards": pages.cards,
        "chart": screens_charts.charts,
    }


def screen_names() -> list[str]:
    return list(_registry())


def render(out: Path, sizes: Iterable[tuple[int, int]] = SIZES, lang: str = "en",
           only: Iterable[str] = ()) -> dict[str, list[Path]]:
    """Render the screens named in ``only`` (all when empty) at each size; the files
    each screen wrote. Raises KeyError for an unknown screen name."""
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
                    shots = Shots(out, size, lang, store)
                    registry[name](shots)
                    written[name] += [p for p in shots.written if p not in written[name]]
    finally:
        font.cache_clear()
        pygame.quit()
    return written

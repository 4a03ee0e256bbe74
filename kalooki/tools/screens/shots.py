"""What a screen builder of ``kalooki screens`` is given: a :class:`Shots` (where the
pictures go, the window size, the language, a scratch store) and a clock that never
waits, so the pictures come out the same every run. The registry is :mod:`screens`."""

from __future__ import annotations

from collections.abc import Iterator
from contextlib import contextmanager
from dataclasses import dataclass, field
from pathlib import Path

import pygame
from pygame_gui.core import UIElement

from kalooki.store.paths import StorePaths
from kalooki.ui.app import App
from kalooki.words import set_language


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

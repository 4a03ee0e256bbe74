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

from kalooki.ai.personalities import PERSONALITIES
from kalooki.store.paths import StorePaths
from kalooki.store.settings import Settings
from kalooki.tools.screens.check import Problem, problems
from kalooki.ui.app import App
from kalooki.ui.art.text import watching_cuts
from kalooki.ui.pages.setup import DEFAULT_NAMES
from kalooki.words import language_name, languages, set_language

SAMPLE_NAMES = ("Keisha", "Marcia", "Delroy", "Winston", "Desmond", "Ada", "Grace", "Bert",
                "Our table", "Friday night", "Lesson", "Torn", "torn", "Eight at the table")
"""What the builders type as a person would (people, custom presets, saves): names, in no
language, so the pseudo-language's check lets them be."""
NAMES = frozenset((*SAMPLE_NAMES, *DEFAULT_NAMES, *Settings().opponent_names,
                   *(personality.name for personality in PERSONALITIES), "Kalooki"))


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
    brackets: tuple[str, str] | None = None
    """The marks around every catalog entry of the language (``[`` and ``]`` in the
    pseudo-language): when known, each picture is checked (:mod:`.check`)."""
    problems: list[Problem] = field(default_factory=list)
    """Each picture's cut and stray words."""
    _cut: list[str] = field(default_factory=list, repr=False)
    """The words :func:`~kalooki.ui.art.text.fit` shortened since the last picture: a
    surface drawn once (a deal's summary) is cut before the frame that shows it."""

    @contextmanager
    def app(self) -> Iterator[App]:
        """A fresh window at this size, closed afterwards."""
        set_language(self.lang)
        window = App(self.size, clock=SteadyClock())
        try:
            with watching_cuts() as self._cut:
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

    @staticmethod
    def point_at(app: App, element: UIElement) -> None:
        """Rest the pointer on ``element`` until its tooltip opens (if it has one)."""
        pygame.mouse.set_pos(element.rect.center)
        pygame.event.post(pygame.event.Event(pygame.MOUSEMOTION, pos=element.rect.center,
                                             rel=(0, 0), buttons=(0, 0, 0)))
        for _ in range(120):
            app.step()
            if getattr(element, "tool_tip", None) is not None:
                break

    def take(self, app: App, name: str) -> Path:
        """Draw one frame of ``app`` and save it as ``<name>-<W>x<H>.png``."""
        app.step()
        cut, self._cut[:] = list(self._cut), []
        path = self.out / f"{name}-{self.size[0]}x{self.size[1]}.png"
        pygame.image.save(app.surface, path)
        self.written.append(path)
        if self.brackets is not None:
            named = {*NAMES, *(language_name(lang) for lang in languages())}
            self.problems += problems(app, path.name, named, *self.brackets)
            self.problems += [Problem(path.name, "cut", words) for words in dict.fromkeys(cut)]
        return path

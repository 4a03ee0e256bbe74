"""What every screen of the game provides, so the app can switch between them."""

from __future__ import annotations

from typing import Protocol

import pygame


class Scene(Protocol):
    """One screen. The app feeds it events (after pygame_gui has seen them), the frame time
    and the window surface; ``leave`` removes its widgets before the next scene appears."""

    def handle_event(self, event: pygame.event.Event) -> None: ...

    def update(self, dt: float) -> None: ...

    def frame_due(self) -> float | None:
        """Seconds until the scene changes by itself (0 while it moves), or None when only
        input changes it: the loop sleeps until then (see :mod:`kalooki.ui.pacing`)."""
        ...

    def draw(self, surface: pygame.Surface) -> None: ...

    def on_resize(self, size: tuple[int, int]) -> None: ...

    def leave(self) -> None: ...

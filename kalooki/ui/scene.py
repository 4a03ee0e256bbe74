"""What every screen provides, so the app can switch between them, and what a screen may
ask of the window it is shown in (the :class:`Host`): scenes depend on this small
protocol, never on the application class, so the app imports no scene."""

from __future__ import annotations

from typing import TYPE_CHECKING, Protocol

import pygame

if TYPE_CHECKING:
    import pygame_gui

    from kalooki.ui.art.cards import CardArt
    from kalooki.ui.guard import InputGuard
    from kalooki.ui.sound.board import SoundBoard
    from kalooki.words import Said


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


class Host(Protocol):
    """The window as a scene sees it: its widget manager, its size, the card art and the
    sounds; switching to another scene, a passing note over any scene, the language, and
    quitting. :class:`kalooki.ui.app.App` is one."""

    ui: pygame_gui.UIManager
    size: tuple[int, int]
    card_art: CardArt
    sounds: SoundBoard
    guard: InputGuard
    """Which prompt each input was made for: a scene names what it draws (``shown``)."""
    scene: Scene | None
    """The scene shown now (a wrapping scene asks whether it is still the one shown)."""

    def switch(self, scene: Scene) -> None: ...

    def notify(self, message: Said) -> None: ...

    def set_language(self, lang: str) -> None: ...

    def quit(self) -> None: ...

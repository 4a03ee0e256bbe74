"""The main menu: Continue (when an autosave exists), New game, Settings (when the game
has a settings screen), Quit, and the new-game panel.

Everything the menu cannot do itself arrives as a callback, so later issues plug in the
table, the store's autosave and the full setup screens without touching this scene.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import TYPE_CHECKING

import pygame
from pygame_gui.elements import UIButton, UILabel

from kalooki.ui.felt import felt
from kalooki.ui.setup_panel import GameSetup, SetupPanel, default_setup
from kalooki.ui.title import render_title

if TYPE_CHECKING:
    from kalooki.ui.app import App

DEFAULT_PRESETS = ("caribbean", "caribbean-12", "baby")
TABLE_NOT_READY = "The table is being built — check back soon."

_BUTTON_W, _BUTTON_H, _BUTTON_GAP = 300, 54, 14
_NOTICE_H = 40
_DIM = (0, 0, 0, 120)


class MainMenuScene:
    """The first screen. ``has_autosave`` is asked each time the menu is laid out."""

    def __init__(self, app: App, *, has_autosave: Callable[[], bool] = lambda: False,
                 presets: Sequence[str] = DEFAULT_PRESETS,
                 on_start: Callable[[GameSetup], None] | None = None,
                 on_continue: Callable[[], None] | None = None,
                 on_settings: Callable[[], None] | None = None,
                 setup: GameSetup | None = None) -> None:
        self.app = app
        self.has_autosave = has_autosave
        self.presets = tuple(presets)
        self.on_start = on_start or self._table_not_ready
        self.on_continue = on_continue or self._table_not_ready
        self.on_settings = on_settings
        self.setup_values = setup or default_setup(self.presets)
        self.setup_open = False
        self.notice_text = ""
        self._build(app.size)

    # --- widgets ---------------------------------------------------------------------

    def _build(self, size: tuple[int, int]) -> None:
        manager = self.app.ui
        self.title = render_title(self.app.card_art, size)
        self.dim = pygame.Surface(size, pygame.SRCALPHA)
        self.dim.fill(_DIM)
        autosave = self.has_autosave()
        entries: list[tuple[str, Callable[[], None], str | None]] = []
        if autosave:
            entries.append(("Continue", self.on_continue, "#primary"))
        entries.append(("New game", self.open_setup, None if autosave else "#primary"))
        if self.on_settings is not None:
            entries.append(("Settings", self.on_settings, None))
        entries.append(("Quit", self.app.quit, None))
        block = self.title.get_height() + len(entries) * (_BUTTON_H + _BUTTON_GAP) + _NOTICE_H
        top = max(round(size[1] * 0.03), (size[1] - block) // 2)
        self.title_pos = ((size[0] - self.title.get_width()) // 2, top)
        y = top + self.title.get_height()
        x = (size[0] - _BUTTON_W) // 2
        self.buttons: dict[str, UIButton] = {}
        for text, command, object_id in entries:
            self.buttons[text] = UIButton(pygame.Rect(x, y, _BUTTON_W, _BUTTON_H), text,
                                          manager, command=command, object_id=object_id)
            y += _BUTTON_H + _BUTTON_GAP
        self.notice = UILabel(pygame.Rect(0, y, size[0], _NOTICE_H), self.notice_text or " ",
                              manager, object_id="#notice")
        self.setup = SetupPanel(manager, size, self.presets, self.setup_values,
                                on_start=self._start, on_back=self.close_setup)
        self._show_mode()

    def _kill(self) -> None:
        if self.setup_open:
            self.setup_values = self.setup.values()
        for button in self.buttons.values():
            button.kill()
        self.notice.kill()
        self.setup.kill()

    def _show_mode(self) -> None:
        for widget in (*self.buttons.values(), self.notice):
            widget.hide() if self.setup_open else widget.show()
        if not self.notice_text:
            self.notice.hide()
        self.setup.show() if self.setup_open else self.setup.hide()

    # --- actions ---------------------------------------------------------------------

    def open_setup(self) -> None:
        self.setup_open = True
        self.notice_text = ""
        self._show_mode()

    def close_setup(self) -> None:
        self.setup_values = self.setup.values()
        self.setup_open = False
        self._show_mode()

    def _start(self, setup: GameSetup) -> None:
        self.close_setup()
        self.on_start(setup)

    def _table_not_ready(self, *_: object) -> None:
        self.show_notice(TABLE_NOT_READY)

    def show_notice(self, text: str) -> None:
        self.notice_text = text
        self.notice.set_text(text)
        self._show_mode()

    # --- Scene -----------------------------------------------------------------------

    def handle_event(self, event: pygame.event.Event) -> None:
        if self.setup_open:
            self.setup.handle_event(event)
            if event.type == pygame.KEYDOWN and event.key == pygame.K_ESCAPE:
                self.close_setup()

    def update(self, dt: float) -> None:
        pass

    def draw(self, surface: pygame.Surface) -> None:
        surface.blit(felt(surface.get_size()), (0, 0))
        surface.blit(self.title, self.title_pos)
        if self.setup_open:
            surface.blit(self.dim, (0, 0))

    def on_resize(self, size: tuple[int, int]) -> None:
        self._kill()
        self._build(size)

    def leave(self) -> None:
        self._kill()

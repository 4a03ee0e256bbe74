"""Small modal questions: type a name (save, rename) or confirm (delete).

A confirmation asks before what cannot be taken back (delete, reset, lose changes), so its
safe answer is the default, as on a desktop: Cancel is the highlighted button, the one
the keyboard starts on, and what Enter answers.

A :class:`Dialog` is a panel the owning scene keeps while it is open, passing it events
first. :class:`DialogScene` shows one over a paused table (Save game from the pause menu),
keeping the table beneath like a :class:`~kalooki.ui.widgets.page.Page` does.
"""

from __future__ import annotations

import html
from collections.abc import Callable
from typing import TYPE_CHECKING

import pygame
import pygame_gui
from pygame_gui.elements import UIButton, UILabel, UIPanel, UITextBox

from kalooki.store.savegame import NAME_CHARS
from kalooki.ui.scene import Scene
from kalooki.ui.widgets.form import button_width
from kalooki.ui.widgets.name_entry import NameEntry
from kalooki.words import Said, ui_text, ui_text_of

if TYPE_CHECKING:
    from kalooki.ui.scene import Host

_PAD, _HEADING, _MESSAGE, _ENTRY, _BUTTON_H, _BUTTON_W, _GAP = 22, 44, 86, 44, 46, 170, 12
_TEXT, _BAD = "#f4ecd6", "#ff8c78"
_DIM = (0, 0, 0, 150)


def _markup(words: str, colour: str) -> str:
    return f'<font color="{colour}">{html.escape(words)}</font>'


class Dialog:
    """``on_ok`` gets the typed name ("" without an entry) and returns a refusal to show,
    or None when the dialog's job is done; then, or on Cancel/Esc, it closes and calls
    ``on_close``. Without an entry it is a confirmation: Cancel is its default."""

    def __init__(self, manager: pygame_gui.UIManager, size: tuple[int, int], title: Said,
                 message: Said, ok_text: Said, on_ok: Callable[[str], Said | None],
                 on_close: Callable[[], None], *, entry: str | None = None) -> None:
        self.on_ok = on_ok
        self.on_close = on_close
        self.open = True
        width = min(size[0] - 40, 620)
        height = (2 * _PAD + _HEADING + _MESSAGE + _GAP + _BUTTON_H
                  + (_ENTRY + _GAP if entry is not None else 0))
        rect = pygame.Rect(0, 0, width, height)
        rect.center = (size[0] // 2, size[1] // 2)
        self.panel = UIPanel(rect, manager=manager, starting_height=20)
        inner = width - 2 * _PAD - 6
        UILabel(pygame.Rect(_PAD, _PAD, inner, _HEADING - 8), **ui_text_of(title),
                manager=manager, container=self.panel, object_id="#heading")
        y = _PAD + _HEADING
        self.message = UITextBox(_markup(str(message), _TEXT),
                                 pygame.Rect(_PAD, y, inner, _MESSAGE), manager,
                                 container=self.panel)
        y += _MESSAGE + _GAP
        self.said = message
        self.entry: NameEntry | None = None
        if entry is not None:
            self.entry = NameEntry(pygame.Rect(_PAD, y, inner, _ENTRY), manager, self.panel,
                                   initial_text=entry, limit=NAME_CHARS,
                                   on_refused=lambda why: self.say(why, bad=True))
            self.entry.focus()
            y += _ENTRY + _GAP
        confirming = entry is None
        self.cancel_button = UIButton(pygame.Rect(_PAD, y, _BUTTON_W, _BUTTON_H),
                                      **ui_text("common.cancel"), manager=manager,
                                      container=self.panel, command=self.cancel,
                                      object_id="#primary" if confirming else None)
        ok_w = min(inner // 2, button_width(str(ok_text), _BUTTON_W))  # no language cut
        self.ok_button = UIButton(pygame.Rect(_PAD + inner - ok_w, y, ok_w, _BUTTON_H),
                                  **ui_text_of(ok_text),
                                  manager=manager, container=self.panel,
                                  object_id=None if confirming else "#primary",
                                  command=self.ok)
        if confirming:
            manager.set_focus_set(self.cancel_button)  # where the focus ring starts

    def text(self) -> str:
        return self.entry.get_text() if self.entry is not None else ""

    def say(self, words: Said, bad: bool = False) -> None:
        self.message.set_text(_markup(str(words), _BAD if bad else _TEXT))

    def ok(self) -> None:
        refusal = self.on_ok(self.text())
        if refusal is None:
            self.close()
        else:
            self.say(refusal, bad=True)

    def cancel(self) -> None:
        self.close()

    def close(self) -> None:
        if self.open:
            self.open = False
            self.panel.kill()
            self.on_close()

    def handle_event(self, event: pygame.event.Event) -> None:
        if (event.type == pygame_gui.UI_TEXT_ENTRY_FINISHED and self.entry is not None
                and event.ui_element is self.entry):
            self.ok()
        elif (event.type == pygame_gui.UI_TEXT_ENTRY_CHANGED and self.entry is not None
                and event.ui_element is self.entry):
            self.say(self.said)  # a refusal said is over once the name changes
        elif event.type == pygame.KEYDOWN and event.key == pygame.K_ESCAPE:
            self.cancel()
        elif (event.type == pygame.KEYDOWN and self.entry is None
                and event.key in (pygame.K_RETURN, pygame.K_KP_ENTER)):
            self.cancel()  # a confirmation's default is the safe answer

    def kill(self) -> None:
        """Remove the panel without telling anyone (the owner is going away)."""
        self.open = False
        self.panel.kill()


class DialogScene:
    """One dialog over a scene that stays as it was (a paused table); when the dialog
    closes, ``on_back`` restores that scene."""

    def __init__(self, app: Host, beneath: Scene, on_back: Callable[[], None],
                 make: Callable[[Callable[[], None]], Dialog]) -> None:
        self.app = app
        self.beneath: Scene | None = beneath
        self.on_back = on_back
        self.make = make
        self._build(app.size)

    def _build(self, size: tuple[int, int]) -> None:
        self.dim = pygame.Surface(size, pygame.SRCALPHA)
        self.dim.fill(_DIM)
        self.dialog = self.make(self.on_back)

    def handle_event(self, event: pygame.event.Event) -> None:
        self.dialog.handle_event(event)

    def update(self, dt: float) -> None:
        pass

    def frame_due(self) -> float | None:
        return None  # nothing here moves by itself: only input changes it

    def draw(self, surface: pygame.Surface) -> None:
        if self.beneath is not None:
            self.beneath.draw(surface)
        surface.blit(self.dim, (0, 0))

    def on_resize(self, size: tuple[int, int]) -> None:
        typed = self.dialog.text()
        self.dialog.kill()
        self._build(size)
        if self.dialog.entry is not None:
            self.dialog.entry.set_text(typed)

    def leave(self) -> None:
        self.dialog.kill()
        beneath, self.beneath = self.beneath, None
        if beneath is not None:
            beneath.leave()

"""A full-window page around the table (rules, statistics, saved games): a framed sheet
with a heading and a Back button, over the felt or over a paused table.

A page opened from the table's pause menu keeps the table ``beneath`` it without leaving
it, so the match goes on afterwards exactly where it stood; the app only ever knows one
scene. ``on_back`` decides where Back goes.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING, Any, TypeVar

import pygame
import pygame_gui
from pygame_gui.elements import UIButton, UILabel

from kalooki.ui.art.felt import felt
from kalooki.ui.scene import Scene
from kalooki.ui.widgets.help_overlay import clear_of_help
from kalooki.words import ui_text

if TYPE_CHECKING:
    from kalooki.ui.scene import Host

Widget = TypeVar("Widget", bound=pygame_gui.core.UIElement)

MARGIN = 24
PAD = 24
HEADING_H = 48
BUTTON_H = 46
BUTTON_W = 150
MAX_WIDTH = 1240
SHEET = (11, 42, 27, 244)
BORDER = (201, 164, 76)
DIM = (0, 0, 0, 150)


def sheet_rect(size: tuple[int, int]) -> pygame.Rect:
    width = min(size[0] - 2 * MARGIN, MAX_WIDTH)
    rect = pygame.Rect(0, 0, width, size[1] - 2 * MARGIN)
    rect.center = (size[0] // 2, size[1] // 2)
    return clear_of_help(rect, size)


class Page:
    """Subclasses fill ``body`` (the sheet inside its padding, between the heading and the
    button row) in ``build`` and add their own buttons beside Back. ``heading`` is the
    catalog key of the page's heading."""

    heading = ""
    help_topic = "page"

    def __init__(self, app: Host, on_back: Callable[[], object],
                 beneath: Scene | None = None) -> None:
        self.app = app
        self.on_back = on_back
        self.beneath = beneath
        self.widgets: list[pygame_gui.core.UIElement] = []
        self._build(app.size)

    # --- layout ---------------------------------------------------------------------

    def _build(self, size: tuple[int, int]) -> None:
        self.sheet = sheet_rect(size)
        self.dim = pygame.Surface(size, pygame.SRCALPHA)
        self.dim.fill(DIM)
        self.sheet_image = pygame.Surface(self.sheet.size, pygame.SRCALPHA)
        frame = self.sheet_image.get_rect()
        pygame.draw.rect(self.sheet_image, SHEET, frame, border_radius=14)
        pygame.draw.rect(self.sheet_image, BORDER, frame, width=2, border_radius=14)
        inner = self.sheet.inflate(-2 * PAD, -2 * PAD)
        self.heading_label = self.add(UILabel(
            pygame.Rect(inner.left, inner.top, inner.width, HEADING_H), **self.title(),
            manager=self.app.ui, object_id="#heading"))
        self.buttons_top = inner.bottom - BUTTON_H
        self.back_button = self.add(UIButton(
            pygame.Rect(inner.left, self.buttons_top, BUTTON_W, BUTTON_H),
            **ui_text("common.back"), manager=self.app.ui, command=self.back))
        self.body = pygame.Rect(inner.left, inner.top + HEADING_H + 12, inner.width,
                                self.buttons_top - inner.top - HEADING_H - 24)
        self.build()

    def title(self) -> dict[str, Any]:
        """The heading as a widget's text (see ``kalooki.words.ui_text``)."""
        return ui_text(self.heading)

    def build(self) -> None:
        """Create this page's widgets inside ``self.body`` (and in the button row)."""

    def add(self, widget: Widget) -> Widget:
        self.widgets.append(widget)
        return widget

    def rebuild(self) -> None:
        self._kill()
        self._build(self.app.size)

    def _kill(self) -> None:
        for widget in self.widgets:
            widget.kill()
        self.widgets = []

    # --- actions --------------------------------------------------------------------

    def back(self) -> None:
        self._kill()
        self.on_back()

    # --- Scene ----------------------------------------------------------------------

    def handle_event(self, event: pygame.event.Event) -> None:
        if event.type == pygame.KEYDOWN and event.key == pygame.K_ESCAPE:
            self.back()

    def update(self, dt: float) -> None:
        pass

    def frame_due(self) -> float | None:
        return None  # nothing here moves by itself: only input changes it

    def draw(self, surface: pygame.Surface) -> None:
        if self.beneath is not None:
            self.beneath.draw(surface)
        else:
            surface.blit(felt(surface.get_size()), (0, 0))
        surface.blit(self.dim, (0, 0))
        surface.blit(self.sheet_image, self.sheet)
        self.draw_body(surface)

    def draw_body(self, surface: pygame.Surface) -> None:
        """Draw what is not a widget inside ``self.body``."""

    def on_resize(self, size: tuple[int, int]) -> None:
        self.rebuild()

    def leave(self) -> None:
        """Leaving the app from here leaves the table beneath too (its match stops)."""
        self._kill()
        beneath, self.beneath = self.beneath, None
        if beneath is not None:
            beneath.leave()

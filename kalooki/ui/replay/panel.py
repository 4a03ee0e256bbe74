"""The replay viewer's controls: the transport buttons where the table's own buttons go,
and in the status panel (where staging is at the table) the heading, where the cursor
stands, the last action, the progress bar with a tick per deal, and a row of the deal
menu, speed, hands, seat and Back."""

from __future__ import annotations

from collections.abc import Callable, Iterable, Mapping
from dataclasses import dataclass

import pygame
from pygame_gui.elements import UIButton, UIDropDownMenu

from kalooki.ui.art import text as ink
from kalooki.ui.replay.model import ReplayCursor
from kalooki.ui.scene import Host
from kalooki.ui.table.layout import TableLayout
from kalooki.ui.widgets.form import button_width
from kalooki.words import tr, ui_text, ui_tooltip

_PANEL = (11, 42, 27, 255)
_BAR = (60, 80, 64)
_BAR_DONE = (201, 164, 76)
_DEAL_TICK = (246, 215, 122)
_TRANSPORT = {"previous_deal": "|◀◀", "back": "◀|", "play": "▶", "forward": "|▶",
              "next_deal": "▶▶|"}
_ROW = ("speed", "hands", "seat", "quit")
_MENU_ARROW = 30
"""The drop-down's arrow beside the deal's words."""
"""The buttons of the panel's row, after the deal menu."""


@dataclass(frozen=True)
class PanelState:
    """What the controls show: whether it plays, at what speed, whether the hands are
    open and the deal lets them be, and whether a deal's summary covers the table."""

    playing: bool
    speed: int
    hands_shown: bool
    free: bool
    covered: bool


def bar_rect(layout: TableLayout) -> pygame.Rect:
    """The progress bar (a click on it seeks), above the panel's row of widgets."""
    staging, font = layout.staging, layout.font
    height = max(8, font // 2)
    bottom = staging.bottom - layout.button_h - font
    return pygame.Rect(staging.left + font, bottom - height, staging.width - 2 * font,
                       height)


def _row_slots(left: int, top: int, inner: int, height: int, gap: int,
               deals: Iterable[int]) -> list[pygame.Rect]:
    """The deal menu's and the row's buttons' places: each as wide as its longest words
    need in this language, the room left shared out (or, short of room, each narrowed
    alike)."""
    words = ([tr("replay.deal_option", deal=deal) for deal in deals],
             [tr("replay.speed", speed=speed) for speed in range(1, 5)],
             [tr("replay.hide_hands"), tr("replay.show_hands")],
             [tr("replay.seat_button")], [tr("replay.back")])
    needs = [max(button_width(option, 0) for option in options or [""]) for options in words]
    needs[0] += _MENU_ARROW
    room = inner - gap * (len(needs) - 1)
    spare = room - sum(needs)
    widths = [need + spare // len(needs) for need in needs] if spare >= 0 else \
        [need * room // sum(needs) for need in needs]
    slots, x = [], left
    for width in widths:
        slots.append(pygame.Rect(x, top, width, height))
        x += width + gap
    return slots


class ReplayPanel:
    """The widgets of the viewer; ``commands`` names what each button does."""

    def __init__(self, app: Host, cursor: ReplayCursor,
                 commands: Mapping[str, Callable[[], object]]) -> None:
        self.app = app
        self.cursor = cursor
        self.commands = commands
        self.buttons: dict[str, UIButton] = {}
        self.deal_menu: UIDropDownMenu | None = None
        self.deal_options: dict[str, int] = {}
        self.deal_rect = pygame.Rect(0, 0, 0, 0)

    def build(self, layout: TableLayout) -> None:
        """The transport buttons where the table's own buttons go; the deal menu, speed,
        hands, seat and Back in a row along the bottom of the status panel."""
        self.kill()
        manager, box, h = self.app.ui, layout.buttons, layout.button_h
        gap = 6
        fifth = (box.width - 4 * gap) // 5
        for i, (name, glyph) in enumerate(_TRANSPORT.items()):
            rect = pygame.Rect(box.left + i * (fifth + gap), box.top, fifth, h)
            self.buttons[name] = UIButton(rect, glyph, manager, command=self.commands[name],
                                          **ui_tooltip(f"replay.tip.{name}"))
        staging, font = layout.staging, layout.font
        top = staging.bottom - h - font // 2
        slots = _row_slots(staging.left + font, top, staging.width - 2 * font, h, gap,
                           sorted(self.cursor.deal_starts))
        for name, rect in zip(_ROW, slots[1:], strict=True):
            self.buttons[name] = UIButton(rect, "", manager, command=self.commands[name],
                                          **ui_tooltip(f"replay.tip.{name}"))
        deals = sorted(self.cursor.deal_starts)
        labels = [tr("replay.deal_option", deal=deal) for deal in deals]
        self.deal_options = dict(zip(labels, deals, strict=True))
        options: list[str | tuple[str, str]] = list(labels)
        self.deal_rect = slots[0]
        self.deal_menu = UIDropDownMenu(options, tr("replay.deal_option", deal=self.cursor.deal),
                                        slots[0], manager, expand_on_option_click=True)

    def kill(self) -> None:
        for button in self.buttons.values():
            button.kill()
        self.buttons = {}
        if self.deal_menu is not None:
            self.deal_menu.kill()
            self.deal_menu = None

    def refresh(self, state: PanelState) -> None:
        """Words, greying and the deal menu as the cursor and the viewer now stand."""
        if not self.buttons:
            return
        cursor = self.cursor
        self.buttons["play"].set_text("❚❚" if state.playing else "▶")
        self.buttons["speed"].set_text(**ui_text("replay.speed", speed=state.speed + 1))
        self.buttons["hands"].set_text(**ui_text("replay.hide_hands" if state.hands_shown
                                                 else "replay.show_hands"))
        self.buttons["quit"].set_text(**ui_text("replay.back"))
        self.buttons["seat"].set_text(**ui_text("replay.seat_button"))
        for name, usable in (("back", not cursor.at_start), ("previous_deal", not cursor.at_start),
                             ("forward", not cursor.at_end), ("play", not cursor.at_end
                                                              or state.playing),
                             ("next_deal", any(d > cursor.deal for d in cursor.deal_starts)),
                             ("hands", state.free), ("seat", state.free)):
            self.buttons[name].enable() if usable else self.buttons[name].disable()
        if self.deal_menu is not None:
            label = tr("replay.deal_option", deal=cursor.deal)
            if self.deal_menu.selected_option[0] != label and label in self.deal_options:
                self.deal_menu.kill()
                self.deal_menu = UIDropDownMenu(list(self.deal_options), label,
                                                self.deal_rect, self.app.ui,
                                                expand_on_option_click=True)
        for widget in (*self.buttons.values(), self.deal_menu):
            if widget is not None:  # a deal's summary covers the table: a click lifts it
                widget.hide() if state.covered else widget.show()

    def draw(self, surface: pygame.Surface, layout: TableLayout, heading: str, seen: str,
             last: str) -> None:
        """The status panel: the heading, where the cursor stands and from whose seat,
        the last action and the progress bar."""
        staging, font = layout.staging, layout.font
        cursor = self.cursor
        panel = pygame.Surface(staging.size, pygame.SRCALPHA)
        pygame.draw.rect(panel, _PANEL, panel.get_rect(), border_radius=10)
        surface.blit(panel, staging)
        where = tr("replay.where", deal=cursor.deal, position=cursor.position,
                   length=cursor.length)
        x, y = staging.left + font, staging.top + font // 2
        surface.blit(ink.fit(heading, font, staging.width - 2 * font, ink.GOLD, True), (x, y))
        y += round(font * 1.5)
        surface.blit(ink.fit(f"{where} · {seen}", font - 2, staging.width - 2 * font,
                             ink.DIM), (x, y))
        y += round(font * 1.4)
        surface.blit(ink.fit(last, font, staging.width - 2 * font), (x, y))
        bar = bar_rect(layout)
        pygame.draw.rect(surface, _BAR, bar, border_radius=bar.height // 2)
        length = max(1, cursor.length)
        done = bar.copy()
        done.width = round(bar.width * cursor.position / length)
        if done.width:
            pygame.draw.rect(surface, _BAR_DONE, done, border_radius=bar.height // 2)
        for start in cursor.deal_starts.values():
            tick_x = bar.left + round(bar.width * start / length)
            pygame.draw.line(surface, _DEAL_TICK, (tick_x, bar.top - 3),
                             (tick_x, bar.bottom + 2), 2)

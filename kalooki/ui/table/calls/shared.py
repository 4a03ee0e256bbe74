"""The shared call window: with several people at one computer, a discard that people may
call is offered to all of them at once on the public table (no hand shown), rather than to
each in turn behind the pass screen. Each person has a button bearing their name and a
key of their own (their number among the people at the table, shown on the button and in
the F1 help); the window runs its whole time (Space holds it), and each answer goes
through the session's door as the move of that person's seat.

A room of :class:`kalooki.ui.table.scene.TableScene`, asking the table through
:class:`SharedTable`; the timing and who answers what are :class:`window.SharedCall`'s.
"""

from __future__ import annotations

from collections.abc import Callable
from functools import partial
from typing import TYPE_CHECKING, Protocol

import pygame
import pygame_gui
from pygame_gui.elements import UIButton, UILabel, UIPanel

from kalooki.engine.deal import Phase
from kalooki.ui.table.calls.prompts import shared_prompt
from kalooki.ui.table.calls.window import SharedCall
from kalooki.ui.widgets.form import text_width
from kalooki.words import tr
from kalooki.words.cards import card_said

if TYPE_CHECKING:
    from kalooki.engine.events import Event
    from kalooki.engine.view import PlayerView
    from kalooki.ui.guard import Prompt
    from kalooki.ui.scene import Host
    from kalooki.ui.session import MatchSession
    from kalooki.ui.table.layout import TableLayout
    from kalooki.ui.table.options import TableOptions

PERSON_KEYS = (pygame.K_1, pygame.K_2, pygame.K_3, pygame.K_4, pygame.K_5, pygame.K_6,
               pygame.K_7, pygame.K_8)
"""Each person's call key, by their place among the people at the table."""
_KEYPAD = (pygame.K_KP1, pygame.K_KP2, pygame.K_KP3, pygame.K_KP4, pygame.K_KP5,
           pygame.K_KP6, pygame.K_KP7, pygame.K_KP8)
_PAD, _GAP, _ROW = 12, 8, 40
_TITLE_THEMES: tuple[str | None, ...] = ("#heading", None, "#column_heading", "#help")
"""The title's fonts, largest first (the theme's heading, a plain label, a column's head,
a help line): the first its widest words fit beside Wait."""
_FONTS = ((19, _ROW, "#primary"), (16, 32, "#table_primary_16"), (13, 26, "#table_primary_13"))
"""The people's buttons' font sizes, row heights and theme ids, largest first."""


def person_key(people: tuple[int, ...], seat: int) -> str:
    """The key ``seat``'s person calls with, as written on their button."""
    return str(people.index(seat) + 1)


def _button_grid(words: list[str], inner: int,
                 room: int) -> tuple[int, int, int, str, int]:
    """The people's buttons in the largest font whose rows fit ``room`` pixels (else the
    smallest): each button's width, buttons across, row height, theme id and the
    panel's height."""
    grids = []
    for pixels, row, theme in _FONTS:
        width = min(inner, max(text_width(w, pixels) for w in words) + 2 * pixels)
        across = max(1, (inner + _GAP) // (width + _GAP))
        grids.append((width, across, row, theme,
                      2 * _PAD + _ROW + -(-len(words) // across) * (row + _GAP)))
    return next((grid for grid in grids if grid[-1] <= room), grids[-1])


class CallPanel:
    """The window's widgets over the staging area: what may be called and the countdown
    beside Wait, then a button per person who may call (set smaller when many people
    would not fit the area otherwise)."""

    def __init__(self, manager: pygame_gui.UIManager, area: pygame.Rect,
                 names: dict[int, tuple[str, str]], commands: dict[int, Callable[[], None]],
                 wait: Callable[[], None]) -> None:
        self.area = area
        inner = area.width - 2 * _PAD - 6
        words = [tr("table.shared_call.button", name=name, press=key)
                 for name, key in names.values()]
        wait_words = (tr("table.shared_call.wait"), tr("table.shared_call.go_on"))
        wait_w = max(text_width(w, 19) for w in wait_words) + 40
        width, across, row, theme, height = _button_grid(words, inner, area.height)
        box = pygame.Rect(area.left, area.top, area.width, min(area.height, height))
        box.centery = area.centery
        self.panel = UIPanel(box, manager=manager, starting_height=2)
        room = inner - wait_w - _GAP
        widest = max((tr(key, card=card, seconds=88) for card in ("10♥", tr("cards.a_joker"))
                      for key in ("table.shared_call.title", "table.shared_call.title_held")),
                     key=len)
        self.title = UILabel(pygame.Rect(_PAD, _PAD // 2, room, _ROW), "", manager,
                             self.panel, object_id=_TITLE_THEMES[0])
        for title_theme in _TITLE_THEMES:
            self.title.change_object_id(title_theme)
            face = self.title.font
            if face is None or face.get_rect(widest).width <= self.title.rect.width - 8:
                break
        self.wait = UIButton(pygame.Rect(_PAD + inner - wait_w, _PAD // 2, wait_w, _ROW),
                             wait_words[0], manager, self.panel, command=wait)
        self.buttons: dict[int, UIButton] = {
            seat: UIButton(pygame.Rect(_PAD + (index % across) * (width + _GAP),
                                       _PAD // 2 + _ROW + _GAP // 2
                                       + (index // across) * (row + _GAP), width, row),
                           text, manager, self.panel, object_id=theme,
                           command=commands[seat])
            for index, (seat, text) in enumerate(zip(names, words, strict=True))}
        self.names = names

    def show(self, window: SharedCall, card: str) -> None:
        """The countdown (or the held clock) and who has called, as they stand."""
        seconds = window.seconds_shown
        title = tr("table.shared_call.title_held", card=card) if seconds is None else tr(
            "table.shared_call.title", card=card, seconds=seconds)
        if self.title.text != title:
            self.title.set_text(title)
        for seat, button in self.buttons.items():
            name, key = self.names[seat]
            called = seat in window.called
            words = tr("table.shared_call.called" if called else "table.shared_call.button",
                       name=name, press=key)
            if button.text != words:
                button.set_text(words)
                button.disable() if called else button.enable()
        wait = tr("table.shared_call.go_on" if window.held else "table.shared_call.wait")
        if self.wait.text != wait:
            self.wait.set_text(wait)

    def kill(self) -> None:
        self.panel.kill()


class SharedTable(Protocol):
    """What the shared call window asks of the table."""

    app: Host
    session: MatchSession
    view: PlayerView
    layout: TableLayout
    options: TableOptions

    def absorb(self, events: list[Event]) -> None: ...
    def admits(self, wanted: Prompt | None) -> bool: ...


class SharedCalls:
    """The shared window open now (``window``), its widgets (``panel``) and the people's
    answers to it."""

    def __init__(self, table: SharedTable) -> None:
        self.table = table
        self.window: SharedCall | None = None
        self.panel: CallPanel | None = None

    @property
    def people(self) -> tuple[int, ...]:
        """The seats people play, in seat order: a person's key is their place here."""
        return tuple(seat for seat, sitter in enumerate(self.table.session.seats)
                     if sitter.human)

    def tick(self, dt: float) -> None:
        """Follow the shared window: open it with the session's, count it down (not while
        paused), give each person's answer when the engine asks them, close it after."""
        session = self.table.session
        open_now = session.shared_call
        window = self.window
        if open_now is None:
            self.close()
            return
        stamp, callers = open_now
        if window is None or window.stamp != stamp:
            self.close()
            self.window = window = SharedCall(stamp, callers, self.table.options.call_seconds)
        elif not session.paused:
            window.tick(dt)
        self._answer(window)
        if session.shared_call != open_now:
            self.close()
            return
        self._show(window)

    def _answer(self, window: SharedCall) -> None:
        """Each person the engine asks, in its order, answers as they said (or passes at
        the end); a computer asked answers in the session's own time."""
        table = self.table
        session = table.session
        while session.shared_call is not None and session.shared_call[0] == window.stamp:
            asked = table.view.to_act  # the view follows each answer (absorbed)
            if asked is None or asked not in window.people:
                return
            action = window.answer(asked)
            if action is None or session.submit(action, asked) is not None:
                return
            table.absorb(session.take_events())

    def _show(self, window: SharedCall) -> None:
        table = self.table
        panel = self.panel
        if panel is not None and panel.area != table.layout.staging:
            panel.kill()
            panel = None
        if panel is None:
            names = {seat: (table.session.names[seat], person_key(self.people, seat))
                     for seat in window.people}
            self.panel = panel = CallPanel(
                table.app.ui, table.layout.staging, names,
                {seat: partial(self.person_calls, seat) for seat in window.people},
                self.hold)
        top = table.view.top_discard
        panel.show(window, str(card_said(top)) if top is not None else "")

    def close(self) -> None:
        self.window = None
        if self.panel is not None:
            self.panel.kill()
            self.panel = None

    def prompt(self) -> Prompt | None:
        """The shared window's prompt, while it is open."""
        window = self.window
        return None if window is None else \
            shared_prompt(window, self.table.view, self.table.options.settle_seconds)

    def _on_screen(self) -> SharedCall | None:
        """The window the input handled now is for: the one drawn when it was made,
        settled, and not covered by a panel (the pause menu, a summary) since."""
        paused = self.table.session.paused
        wanted = None if paused else self.prompt()
        return self.window if self.table.admits(wanted) and not paused else None

    def person_calls(self, seat: int) -> None:
        """``seat``'s person calls the card, by their own button or key; given to the
        engine as that seat's move when the engine asks that seat."""
        window = self._on_screen()
        if window is not None and window.call(seat):
            self._answer(window)
            if self.window is window:
                self._show(window)

    def hold(self) -> None:
        """Space or Wait: the clock stops, or starts again."""
        window = self._on_screen()
        if window is not None:
            window.toggle_hold()
            self._show(window)

    def key(self, key: int) -> bool:
        """A key pressed while the shared window is on screen: a person's own key calls
        for that person only; Space holds. True when the key was the window's."""
        if self.window is None or self.table.view.phase != Phase.CALL:
            return False
        if key == pygame.K_SPACE:
            self.hold()
            return True
        keys = PERSON_KEYS.index(key) if key in PERSON_KEYS else \
            _KEYPAD.index(key) if key in _KEYPAD else None
        if keys is None:
            return False
        if keys < len(self.people):
            self.person_calls(self.people[keys])
        return True

    def help_lines(self) -> list[tuple[str, str]]:
        """The F1 help's lines for the people's call keys and the pass screen's M (none
        with one person)."""
        session = self.table.session
        if not session.shared_screen:
            return []
        return [*((person_key(self.people, seat), tr("help.do.person_calls",
                                                     name=session.names[seat]))
                  for seat in self.people), ("M", tr("help.do.reveal"))]

"""The statistics screen: one row per kind of table (rules preset and player count) with
the human player's matches, deals, penalties, bent tables, calls and best/worst match;
two views over time drawn from the match history (:mod:`stats_charts`); and Reset
statistics, which asks first and forgets only the statistics shown. Friends who shared
the computer have theirs by name: a menu in the heading's corner (or Tab) shows whose."""

from __future__ import annotations

from collections.abc import Callable, Sequence
from functools import partial
from typing import TYPE_CHECKING

import pygame
import pygame_gui
from pygame_gui.elements import UIButton, UIDropDownMenu

from kalooki.engine.facts.said import Fact
from kalooki.engine.rules import PRESETS
from kalooki.store.history import MatchEntry
from kalooki.store.stats import Stats, TableKey, TableStats
from kalooki.ui.art import text as ink
from kalooki.ui.charts.history_views import VIEWS, draw_history
from kalooki.ui.widgets.dialogs import Dialog
from kalooki.ui.widgets.form import button_width
from kalooki.ui.widgets.page import BUTTON_H, BUTTON_W, HEADING_H, Page
from kalooki.words import Said, phrase, tr, ui_text, ui_tooltip
from kalooki.words.formats import decimal
from kalooki.words.house_rules import offered_title
from kalooki.words.notices import notice_said

if TYPE_CHECKING:
    from kalooki.ui.scene import Host

COLUMNS = ("matches_played", "matches_won", "deals_played", "deals_won", "average_penalty",
           "times_bent", "calls_made", "best_match", "worst_match")
"""The counters' columns; each heading is ``stats.column.<name>``, two lines."""
_FIRST = 0.24
"""The share of the width the table name takes; the counters share the rest."""
_LINE_GAP = 1.3
_STRIPE = (255, 255, 255, 14)
_RULE = (201, 164, 76)


def _points(value: int | None) -> str:
    return "–" if value is None else str(value)


def cells(table: TableStats, name: str = "") -> tuple[str, ...]:
    """The counters of one row as shown, in ``COLUMNS`` order. A built-in game without
    calls (Kalooki 51, Rami 40) shows none counted, not a zero that reads as a habit."""
    average = table.average_penalty
    calls = "–" if name in PRESETS and not PRESETS[name].calls_enabled \
        else str(table.calls_made)
    return (str(table.matches_played), str(table.matches_won), str(table.deals_played),
            str(table.deals_won), "–" if average is None else decimal(average),
            str(table.times_bent), calls, _points(table.best_match_total),
            _points(table.worst_match_total))


def ordered(stats: Stats) -> list[tuple[TableKey, TableStats]]:
    """Rows in preset order (others after, by name), then by player count."""
    order = list(PRESETS)

    def rank(key: TableKey) -> tuple[int, str, int]:
        name, players = key
        return (order.index(name) if name in order else len(order), name, players)

    return sorted(stats.tables.items(), key=lambda item: rank(item[0]))


Reset = Callable[[str | None], Sequence[Fact]]
"""Forgets one person's statistics and history on disk (None: the one person's); returns
what went wrong (or nothing)."""


class StatsScene(Page):
    heading = "stats.heading"

    def __init__(self, app: Host, stats: Stats, on_back: Callable[[], object], *,
                 history: Sequence[MatchEntry] = (), on_reset: Reset | None = None) -> None:
        self.stats = stats
        self.every_match = tuple(history)
        self.whose: str | None = None
        """Whose statistics are shown: a person's name, or None for the one person's."""
        self.whose_menu: UIDropDownMenu | None = None
        self.rows = ordered(stats.of(None))
        self.history = self._matches()
        self.on_reset = on_reset
        self.scroll = 0
        self.view = VIEWS[0]
        self.view_buttons: dict[str, UIButton] = {}
        self.reset_button: UIButton | None = None
        self.dialog: Dialog | None = None
        super().__init__(app, on_back)

    def build(self) -> None:
        self._build_buttons()
        self._build_whose()
        self._build_table()

    @property
    def people(self) -> list[str | None]:
        """Everyone with statistics: the one person's (None), then the named, by name."""
        return [None, *sorted(self.stats.people, key=str.casefold)]

    def _matches(self) -> tuple[MatchEntry, ...]:
        return tuple(entry for entry in self.every_match if entry.player == self.whose)

    def _build_whose(self) -> None:
        """The menu of whose statistics to show, when friends have kept theirs."""
        self.whose_menu = None
        if not self.stats.people:
            return
        width = min(300, self.body.width // 3)
        rect = pygame.Rect(self.body.right - width, self.body.top - HEADING_H - 6, width,
                           HEADING_H - 10)
        options: list[str | tuple[str, str]] = [
            (self._label(name), name or "") for name in self.people]
        chosen = options[self.people.index(self.whose)]
        self.whose_menu = self.add(UIDropDownMenu(options, chosen, rect, self.app.ui))

    @staticmethod
    def _label(name: str | None) -> str:
        return tr("stats.whose.solo") if name is None else tr("stats.whose.person", name=name)

    def choose(self, name: str | None) -> None:
        """Show ``name``'s statistics (None: the one person's)."""
        self.whose = name
        self.rows = ordered(self.stats.of(name))
        self.history = self._matches()
        self.scroll = 0
        self.rebuild()

    def _build_buttons(self) -> None:
        gap = 10
        reset_w = max(round(BUTTON_W * 1.45), button_width(tr("stats.reset.button"), 0))
        # the views between Back and Reset, as wide as their words need where there is room
        room_left = self.body.left + BUTTON_W + gap
        room_right = self.body.right - (reset_w + gap if self.on_reset is not None else 0)
        needed = max(button_width(tr(f"stats.view.{view}"), 0) for view in VIEWS)
        width = min(max(needed, min(BUTTON_W, (self.body.width - 2 * BUTTON_W - 5 * gap) // 4)),
                    (room_right - room_left - 2 * gap) // 3)
        total = 3 * width + 2 * gap
        left = max(room_left, min(self.body.centerx - total // 2, room_right - total))
        self.view_buttons = {}
        for index, view in enumerate(VIEWS):
            rect = pygame.Rect(left + index * (width + gap), self.buttons_top, width, BUTTON_H)
            self.view_buttons[view] = self.add(UIButton(
                rect, **ui_text(f"stats.view.{view}"), manager=self.app.ui,
                command=partial(self.show, view), **ui_tooltip("stats.view.tip")))
        self.view_buttons[self.view].select()
        self.reset_button = None
        if self.on_reset is not None:
            self.reset_button = self.add(UIButton(
                pygame.Rect(self.body.right - reset_w, self.buttons_top, reset_w, BUTTON_H),
                **ui_text("stats.reset.button"), manager=self.app.ui, command=self.ask_reset,
                **ui_tooltip("stats.reset.tip")))
            if not (self.rows or self.history):
                self.reset_button.disable()

    def show(self, view: str) -> None:
        """Switch to one of :data:`VIEWS`."""
        self.view_buttons[self.view].unselect()
        self.view = view
        self.view_buttons[view].select()

    def ask_reset(self) -> None:
        if self.on_reset is None or self.dialog is not None:
            return
        self.dialog = Dialog(self.app.ui, self.app.size, phrase("stats.reset.title"),
                             self._reset_question(), phrase("stats.reset.confirm"),
                             self._reset, self._dialog_closed)

    def _reset_question(self) -> Said:
        """What the reset forgets: whose statistics are shown, and how many matches."""
        count = sum(table.matches_played for table in self.stats.of(self.whose).tables.values())
        if not self.stats.people:
            return phrase("stats.reset.message", count=count)
        if self.whose is None:
            return phrase("stats.reset.message_solo", count=count)
        return phrase("stats.reset.message_person", count=count, name=self.whose)

    def _reset(self, _typed: str) -> Said | None:
        assert self.on_reset is not None
        problems = self.on_reset(self.whose)
        if problems:
            return notice_said(problems[0])
        self.stats = self.stats.without(self.whose)
        self.every_match = tuple(e for e in self.every_match if e.player != self.whose)
        self.whose = None if self.whose not in self.stats.people else self.whose
        self.rows, self.history = ordered(self.stats.of(self.whose)), self._matches()
        self.scroll = 0
        self.app.notify(tr("stats.reset.done"))
        return None

    def _dialog_closed(self) -> None:
        self.dialog = None
        self.rebuild()

    def _head_lines(self, words: str) -> list[str]:
        """A column's head as its catalog entry breaks it, a line too wide for the column
        (even a little smaller) broken between its words again."""
        width, size = self.column_w - 4, self.size - 1
        lines: list[str] = []
        for line in words.split("\n"):
            narrow = min(size, max(ink.SMALLEST, round(size * ink.SHRINK)))
            lines += [line] if ink.font(narrow, True).size(line)[0] <= width \
                else ink.wrap(line, narrow, width, bold=True)
        return lines

    def _build_table(self) -> None:
        self.size = max(15, min(20, round(self.app.size[1] * 0.024)))
        self.line = round(self.size * _LINE_GAP)
        self.row_h = 2 * self.line + 10
        first = round(self.body.width * _FIRST)
        rest = (self.body.width - first) / len(COLUMNS)
        self.column_x = [self.body.left + first + round(i * rest) for i in range(len(COLUMNS))]
        self.column_w = round(rest)
        self.heads = [self._head_lines(tr(f"stats.column.{column}")) for column in COLUMNS]
        """Each column's head in lines: its own two, a longer one broken again."""
        self.header_h = max(2, *(len(lines) for lines in self.heads)) * self.line + 12
        self.first_w = first - 12
        self.visible_rows = max(1, (self.body.height - self.header_h - 2 * self.line)
                                // self.row_h)
        self.scroll = min(self.scroll, max(0, len(self.rows) - self.visible_rows))

    def row_texts(self) -> list[tuple[str, str, tuple[str, ...]]]:
        """What each row says: the table's name, its player count and its counters."""
        return [(offered_title(name), tr("stats.players", count=players), cells(table, name))
                for (name, players), table in self.rows]

    # --- Scene ----------------------------------------------------------------------

    def handle_event(self, event: pygame.event.Event) -> None:
        if self.dialog is not None:
            self.dialog.handle_event(event)
            return
        if (event.type == pygame_gui.UI_DROP_DOWN_MENU_CHANGED
                and event.ui_element is self.whose_menu):
            self.choose(str(event.selected_option_id) or None)
        elif event.type == pygame.KEYDOWN and event.key in (pygame.K_LEFT, pygame.K_RIGHT):
            step = 1 if event.key == pygame.K_RIGHT else -1
            self.show(VIEWS[(VIEWS.index(self.view) + step) % len(VIEWS)])
        elif event.type == pygame.KEYDOWN and event.key == pygame.K_DELETE:
            if self.reset_button is not None and self.reset_button.is_enabled:
                self.ask_reset()
        elif event.type == pygame.MOUSEWHEEL:
            self.scroll_by(-event.y)
        elif event.type == pygame.KEYDOWN and event.key in (pygame.K_UP, pygame.K_DOWN):
            self.scroll_by(1 if event.key == pygame.K_DOWN else -1)
        else:
            super().handle_event(event)

    def scroll_by(self, rows: int) -> None:
        most = max(0, len(self.rows) - self.visible_rows)
        self.scroll = max(0, min(most, self.scroll + rows))

    def on_resize(self, size: tuple[int, int]) -> None:
        asking = self.dialog is not None
        if self.dialog is not None:
            self.dialog.kill()
            self.dialog = None
        self.rebuild()
        if asking:
            self.ask_reset()

    def leave(self) -> None:
        if self.dialog is not None:
            self.dialog.kill()
            self.dialog = None
        super().leave()

    def draw_body(self, surface: pygame.Surface) -> None:
        body, size = self.body, self.size
        if self.view != "table":
            draw_history(surface, body, self.view, self.history, size)
            return
        if not self.rows:
            image = ink.text(tr("stats.empty"), size + 6, ink.DIM, True)
            surface.blit(image, image.get_rect(center=body.center))
            return
        y = body.top
        surface.blit(ink.text(tr("stats.table"), size, ink.GOLD, True),
                     (body.left + 8, y + self.line))
        for x, lines in zip(self.column_x, self.heads, strict=True):
            for index, words in enumerate(lines):
                image = ink.fit(words, size - 1, self.column_w - 4, ink.GOLD, True)
                surface.blit(image, image.get_rect(midtop=(x + self.column_w // 2,
                                                           y + index * self.line)))
        y += self.header_h
        pygame.draw.line(surface, _RULE, (body.left, y - 6), (body.right, y - 6), 1)
        stripe = pygame.Surface((body.width, self.row_h), pygame.SRCALPHA)
        stripe.fill(_STRIPE)
        shown = self.row_texts()[self.scroll:self.scroll + self.visible_rows]
        for number, (name, players, counters) in enumerate(shown):
            if number % 2 == 0:
                surface.blit(stripe, (body.left, y))
            middle = y + self.row_h // 2
            surface.blit(ink.fit(name, size, self.first_w, ink.TEXT, True),
                         (body.left + 8, middle - self.line))
            surface.blit(ink.text(players, size, ink.DIM), (body.left + 8, middle))
            for x, value in zip(self.column_x, counters, strict=True):
                image = ink.text(value, size + 2)
                surface.blit(image, image.get_rect(center=(x + self.column_w // 2, middle)))
            y += self.row_h
        more = len(self.rows) - self.scroll - len(shown)
        note = tr("stats.note")
        if more > 0:
            note = f"{note}  ({tr('stats.more', count=more)})"
        surface.blit(ink.fit(note, size - 2, body.width, ink.DIM),
                     (body.left, body.bottom - self.line))

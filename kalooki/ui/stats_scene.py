"""The statistics screen: one row per kind of table (rules preset and player count) with
the human player's matches, deals, penalties, bent tables, calls and best/worst match."""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING

import pygame

from kalooki.engine.rules import PRESETS
from kalooki.store.stats import Stats, TableKey, TableStats
from kalooki.ui import text as ink
from kalooki.ui.page import Page
from kalooki.words import tr
from kalooki.words.formats import decimal
from kalooki.words.house_rules import offered_title

if TYPE_CHECKING:
    from kalooki.ui.app import App

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


def cells(table: TableStats) -> tuple[str, ...]:
    """The counters of one row as shown, in ``COLUMNS`` order."""
    average = table.average_penalty
    return (str(table.matches_played), str(table.matches_won), str(table.deals_played),
            str(table.deals_won), "–" if average is None else decimal(average),
            str(table.times_bent), str(table.calls_made), _points(table.best_match_total),
            _points(table.worst_match_total))


def ordered(stats: Stats) -> list[tuple[TableKey, TableStats]]:
    """Rows in preset order (others after, by name), then by player count."""
    order = list(PRESETS)

    def rank(key: TableKey) -> tuple[int, str, int]:
        name, players = key
        return (order.index(name) if name in order else len(order), name, players)

    return sorted(stats.tables.items(), key=lambda item: rank(item[0]))


class StatsScene(Page):
    heading = "stats.heading"

    def __init__(self, app: App, stats: Stats, on_back: Callable[[], None]) -> None:
        self.rows = ordered(stats)
        self.scroll = 0
        super().__init__(app, on_back)

    def build(self) -> None:
        self.size = max(15, min(20, round(self.app.size[1] * 0.024)))
        self.line = round(self.size * _LINE_GAP)
        self.row_h = 2 * self.line + 10
        self.header_h = 2 * self.line + 12
        first = round(self.body.width * _FIRST)
        rest = (self.body.width - first) / len(COLUMNS)
        self.column_x = [self.body.left + first + round(i * rest) for i in range(len(COLUMNS))]
        self.column_w = round(rest)
        self.first_w = first - 12
        self.visible_rows = max(1, (self.body.height - self.header_h - 2 * self.line)
                                // self.row_h)
        self.scroll = min(self.scroll, max(0, len(self.rows) - self.visible_rows))

    def row_texts(self) -> list[tuple[str, str, tuple[str, ...]]]:
        """What each row says: the table's name, its player count and its counters."""
        return [(offered_title(name), tr("stats.players", count=players), cells(table))
                for (name, players), table in self.rows]

    # --- Scene ----------------------------------------------------------------------

    def handle_event(self, event: pygame.event.Event) -> None:
        if event.type == pygame.MOUSEWHEEL:
            self.scroll_by(-event.y)
        elif event.type == pygame.KEYDOWN and event.key in (pygame.K_UP, pygame.K_DOWN):
            self.scroll_by(1 if event.key == pygame.K_DOWN else -1)
        else:
            super().handle_event(event)

    def scroll_by(self, rows: int) -> None:
        most = max(0, len(self.rows) - self.visible_rows)
        self.scroll = max(0, min(most, self.scroll + rows))

    def draw_body(self, surface: pygame.Surface) -> None:
        body, size = self.body, self.size
        if not self.rows:
            image = ink.text(tr("stats.empty"), size + 6, ink.DIM, True)
            surface.blit(image, image.get_rect(center=body.center))
            return
        y = body.top
        surface.blit(ink.text(tr("stats.table"), size, ink.GOLD, True),
                     (body.left + 8, y + self.line))
        for x, column in zip(self.column_x, COLUMNS, strict=True):
            for index, words in enumerate(tr(f"stats.column.{column}").split("\n")[:2]):
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

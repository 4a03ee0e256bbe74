"""The statistics screen's views over time: the match totals, and the win rate beside the
average penalty per deal, each drawn from the match history with :mod:`charts`."""

from __future__ import annotations

from collections.abc import Sequence

import pygame

from kalooki.store.history import MatchEntry
from kalooki.ui.art import text as ink
from kalooki.ui.charts.history import TableKey, penalty_chart, results_chart, win_rate_chart
from kalooki.ui.charts.plot import Chart, draw_chart, tick_text
from kalooki.words import tr
from kalooki.words.formats import short_day
from kalooki.words.house_rules import offered_title

VIEWS = ("table", "results", "rates")
"""The statistics screen's views, in the order the buttons and the arrow keys go."""


def table_label(key: TableKey) -> str:
    """A line's name in the legend: the rule set and how many played."""
    name, players = key
    return tr("stats.chart.table", table=offered_title(name), count=players)


def percent_text(value: float) -> str:
    return tr("stats.chart.percent", value=tick_text(value))


def _titled(surface: pygame.Surface, box: pygame.Rect, title: str, chart: Chart,
            size: int) -> None:
    heading = ink.fit(title, size, box.width, ink.GOLD, bold=True)
    surface.blit(heading, box.topleft)
    room = pygame.Rect(box.left, box.top + round(size * 1.7), box.width,
                       box.height - round(size * 1.7))
    draw_chart(surface, chart, room, max(12, size - 2))


def draw_history(surface: pygame.Surface, body: pygame.Rect, view: str,
                 history: Sequence[MatchEntry], size: int) -> None:
    """The ``results`` or ``rates`` view of ``history`` inside ``body``."""
    empty = tr("stats.chart.empty")
    note_h = round(size * 1.6)
    box = pygame.Rect(body.left, body.top, body.width, body.height - note_h)
    if view == "results":
        chart = results_chart(history, table_label, short_day, empty)
        _titled(surface, box, tr("stats.chart.results"), chart, size)
        note = tr("stats.chart.results_note")
    else:
        gap = round(size * 2)
        half = (box.width - gap) // 2
        rates = win_rate_chart(history, table_label, short_day, empty, percent_text)
        _titled(surface, pygame.Rect(box.left, box.top, half, box.height),
                tr("stats.chart.win_rate"), rates, size)
        penalty = penalty_chart(history, table_label, short_day, empty, tick_text)
        _titled(surface, pygame.Rect(box.right - half, box.top, half, box.height),
                tr("stats.chart.penalty"), penalty, size)
        note = tr("stats.chart.rates_note")
    surface.blit(ink.fit(note, size - 2, body.width, ink.DIM),
                 (body.left, body.bottom - round(size * 1.3)))

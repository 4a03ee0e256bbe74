"""The statistics' charts over time, built from the match history: the human's match
totals, the win rate and the average penalty per deal, one line per kind of table.

x is a match's place in the whole history (1 = the first match ever recorded), so lines of
different tables interleave in time; the ticks under it are the matches' dates.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Callable, Sequence
from datetime import datetime

from kalooki.store.history import MatchEntry
from kalooki.ui.charts.plot import PALETTE, Chart, Line

TableKey = tuple[str, int]
MOST_LINES = len(PALETTE)


def tables_shown(history: Sequence[MatchEntry]) -> list[TableKey]:
    """The kinds of table that get a line: the most played, at most one per colour,
    ties going to the one played last."""
    counts = Counter(entry.table for entry in history)
    last = {entry.table: index for index, entry in enumerate(history)}
    ranked = sorted(counts, key=lambda key: (-counts[key], -last[key]))
    return ranked[:MOST_LINES]


def _date_ticks(history: Sequence[MatchEntry],
                date_text: Callable[[datetime], str]) -> tuple[tuple[float, str], ...]:
    """One tick per match, labelled with its day; the chart thins them to what fits."""
    return tuple((float(x), date_text(entry.when)) for x, entry in enumerate(history, 1))


def _lines(history: Sequence[MatchEntry], label: Callable[[TableKey], str],
           value: Callable[[list[MatchEntry]], float]) -> tuple[Line, ...]:
    """Per table shown: at each of its matches, ``value`` of its matches so far."""
    lines = []
    for key in tables_shown(history):
        so_far: list[MatchEntry] = []
        points = []
        for x, entry in enumerate(history, 1):
            if entry.table == key:
                so_far.append(entry)
                points.append((float(x), value(so_far)))
        lines.append(Line(label(key), tuple(points)))
    return tuple(lines)


def results_chart(history: Sequence[MatchEntry], label: Callable[[TableKey], str],
                  date_text: Callable[[datetime], str], empty: str) -> Chart:
    """Each match's final total (penalty points: lower is better)."""
    return Chart(_lines(history, label, lambda so_far: float(so_far[-1].total)),
                 x_ticks=_date_ticks(history, date_text), empty=empty, y_floor=0.0)


def win_rate(so_far: Sequence[MatchEntry]) -> float:
    return 100 * sum(entry.won for entry in so_far) / len(so_far)


def average_penalty(so_far: Sequence[MatchEntry]) -> float:
    deals = sum(entry.deals for entry in so_far)
    return sum(entry.penalty for entry in so_far) / deals if deals else 0.0


def win_rate_chart(history: Sequence[MatchEntry], label: Callable[[TableKey], str],
                   date_text: Callable[[datetime], str], empty: str,
                   percent: Callable[[float], str]) -> Chart:
    """The share of matches won so far, in per cent, on an axis from 0."""
    return Chart(_lines(history, label, win_rate), x_ticks=_date_ticks(history, date_text),
                 empty=empty, y_floor=0.0, y_format=percent)


def penalty_chart(history: Sequence[MatchEntry], label: Callable[[TableKey], str],
                  date_text: Callable[[datetime], str], empty: str,
                  number: Callable[[float], str]) -> Chart:
    """The average penalty per deal so far."""
    return Chart(_lines(history, label, average_penalty),
                 x_ticks=_date_ticks(history, date_text), empty=empty, y_floor=0.0,
                 whole=False, y_format=number)

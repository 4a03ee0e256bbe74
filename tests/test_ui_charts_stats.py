"""The statistics' charts: one line per kind of table, its points the recorded match
totals, win rate and average penalty, placed in time order; empty and one-match
histories draw."""

from __future__ import annotations

import dataclasses

import pygame

from kalooki.store.history import MatchEntry
from kalooki.ui.charts.history import (
    MOST_LINES,
    penalty_chart,
    results_chart,
    tables_shown,
    win_rate_chart,
)
from kalooki.ui.charts.plot import draw_chart

BASE = MatchEntry("2026-03-01T10:00", "caribbean", 4, 100, False, 9, 100, 2)


def entry(day: int, preset: str = "caribbean", players: int = 4, **fields: object) -> MatchEntry:
    return dataclasses.replace(BASE, played=f"2026-03-{day:02d}T10:00", preset=preset,
                               players=players, **fields)  # type: ignore[arg-type]


HISTORY = (entry(1, total=150, penalty=150), entry(2, "baby", 3, total=40, won=True,
                                                    deals=3, penalty=40),
           entry(3, total=90, won=True, penalty=81), entry(4, total=200, penalty=200))


def label(key: tuple[str, int]) -> str:
    return f"{key[0]}/{key[1]}"


def day(when: object) -> str:
    return str(when.day)  # type: ignore[attr-defined]


def test_results_are_the_recorded_totals_at_their_place_in_time() -> None:
    chart = results_chart(HISTORY, label, day, "none")
    carib, baby = chart.lines
    assert carib.label == "caribbean/4" and baby.label == "baby/3"
    assert carib.points == ((1, 150), (3, 90), (4, 200))
    assert baby.points == ((2, 40),)
    assert [words for _, words in chart.x_ticks] == ["1", "2", "3", "4"]


def test_win_rate_and_average_penalty_are_running_figures() -> None:
    rates = win_rate_chart(HISTORY, label, day, "none", "{:.0f}%".format)
    assert rates.lines[0].points == ((1, 0.0), (3, 50.0), (4, 100 / 3))
    assert rates.lines[1].points == ((2, 100.0),)
    penalty = penalty_chart(HISTORY, label, day, "none", "{:.1f}".format)
    assert penalty.lines[0].points == ((1, 150 / 9), (3, 231 / 18), (4, 431 / 27))


def test_at_most_one_line_per_colour_most_played_first() -> None:
    kinds = [entry(1, f"p{n}") for n in range(MOST_LINES + 2) for _ in range(n + 1)]
    shown = tables_shown(kinds)
    assert len(shown) == MOST_LINES
    assert shown[0] == (f"p{MOST_LINES + 1}", 4)


def test_empty_and_one_match_histories_draw() -> None:
    pygame.init()
    surface = pygame.Surface((500, 300))
    box = pygame.Rect(10, 10, 480, 280)
    empty = draw_chart(surface, results_chart((), label, day, "No matches yet"), box, 14)
    assert empty.pixels == ()
    one = draw_chart(surface, win_rate_chart(HISTORY[:1], label, day, "-", str), box, 14)
    (pixel,), = one.pixels
    assert abs(pixel[0] - one.area.centerx) <= 1 and pixel[1] == one.area.bottom

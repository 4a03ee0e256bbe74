"""Charts: the points drawn are the match's own totals, the ticks are round and cover the
data, empty and one-point charts draw, and the line colours stay apart on the felt."""

from __future__ import annotations

import dataclasses
import itertools
import math

import pygame
import pytest
from hypothesis import given
from hypothesis import strategies as st

from kalooki.engine.deal import Phase
from kalooki.engine.rng import Rng
from kalooki.engine.rules import preset
from kalooki.engine.state import Game
from kalooki.ui.art import palette
from kalooki.ui.charts.match import match_chart, running_totals
from kalooki.ui.charts.plot import (
    PALETTE,
    Chart,
    Line,
    Mark,
    draw_chart,
    mark_spots,
    nice_ticks,
    plot,
)
from tests.support.rig import eager

NAMES = ("You", "Ann", "Bob")
BOX = pygame.Rect(20, 20, 560, 360)


def finished_match(seed: int, name: str = "baby") -> Game:
    game = Game.new(preset(name), len(NAMES), seed)
    rng = Rng(seed)
    while game.phase != Phase.MATCH_OVER:
        assert game.to_act is not None
        game.apply(eager(game.view(game.to_act), rng), game.to_act)
    return game


@pytest.fixture(scope="module")
def match() -> Game:
    pygame.init()
    return finished_match(11)


def chart_of(results: object) -> Chart:
    return match_chart(results, NAMES, deal_word="Deal", bent_label="{} bent".format,  # type: ignore[arg-type]
                       empty="No deals yet")


def test_deal_results_keep_the_totals_after_each_deal(match: Game) -> None:
    running = [0] * len(NAMES)
    for result in match.results:
        running = [t + s for t, s in zip(running, result.scores, strict=True)]
        assert result.totals == tuple(running)
    assert match.results[-1].totals == tuple(match.totals)


def test_plotted_points_are_the_match_totals(match: Game) -> None:
    chart = chart_of(match.results)
    steps = running_totals(match.results, len(NAMES))
    assert steps[-1] == tuple(match.totals)
    surface = pygame.Surface((600, 400))
    geometry = draw_chart(surface, chart, BOX, 14)
    for player, line in enumerate(chart.lines):
        assert [y for _, y in line.points] == [totals[player] for totals in steps]
        assert [x for x, _ in line.points] == list(range(len(steps)))
        for (x, y), pixel in zip(line.points, geometry.pixels[player], strict=True):
            area = geometry.area
            assert area.left <= pixel[0] <= area.right and area.top <= pixel[1] <= area.bottom
            back_x, back_y = geometry.from_pixel(pixel)
            assert abs(back_x - x) < 0.05
            assert abs(back_y - y) <= (geometry.y_range[1] - geometry.y_range[0]) / 200
    last = geometry.pixels[-1][-1]
    assert surface.get_at(last)[:3] == PALETTE[len(NAMES) - 1]


def test_the_deals_that_bent_the_table_are_marked(match: Game) -> None:
    results = list(match.results)
    results[0] = dataclasses.replace(results[0], bent=True, winner=1)
    chart = chart_of(results)
    bent = [number for number, r in enumerate(results, 1) if r.bent and r.winner is not None]
    assert [mark.x for mark in chart.marks] == bent
    assert chart.marks[0].label == "Ann bent"



def test_crowded_marks_keep_their_words_on_a_second_row_below_the_legend() -> None:
    """Three deals in a row bent, in French words, on a summary-sized chart: every mark is
    named (the middle one was dropped), no two names overlap, none covers the legend."""
    pygame.init()
    lines = tuple(Line(name, tuple((x, 40.0 * x) for x in range(5))) for name in NAMES)
    marks = tuple(Mark(x, "Marcia a renversé") for x in (1, 2, 3))
    chart = Chart(lines, marks=marks)
    box = pygame.Rect(600, 80, 380, 440)
    geometry = plot(chart, box, 14)
    spots = mark_spots(chart, geometry, box, 14)
    assert sorted(spots) == [0, 1, 2]
    legend_bottom = max(legend.bottom for legend, _ in geometry.legend)
    for one, other in itertools.combinations(spots.values(), 2):
        assert not one.colliderect(other)
    assert all(legend_bottom <= spot.top and spot.bottom <= geometry.area.top
               for spot in spots.values())

def test_a_void_deal_is_not_a_step(match: Game) -> None:
    void = dataclasses.replace(match.results[0], void=True, winner=None, bent=False)
    chart = chart_of([void, *match.results])
    assert len(chart.lines[0].points) == len(match.results) + 1


def test_an_empty_history_draws_its_sentence() -> None:
    pygame.init()
    chart = chart_of([])
    assert not chart.has_points
    blank = pygame.Surface((600, 400))
    geometry = draw_chart(blank, chart, BOX, 14)
    assert geometry.pixels == ((), (), ())
    centre = pygame.Rect(0, 0, 200, 30)
    centre.center = geometry.area.center
    assert any(blank.get_at((x, y))[:3] != (0, 0, 0)
               for x in range(centre.left, centre.right) for y in range(centre.top, centre.bottom))


def test_one_deal_draws_from_the_start(match: Game) -> None:
    chart = chart_of(match.results[:1])
    geometry = draw_chart(pygame.Surface((600, 400)), chart, BOX, 14)
    for player, pixels in enumerate(geometry.pixels):
        assert len(pixels) == 2
        assert pixels[0][0] == geometry.area.left
        assert pixels[1][0] == geometry.area.right
        assert chart.lines[player].points[1][1] == match.results[0].totals[player]


def test_a_single_point_sits_in_the_middle() -> None:
    pygame.init()
    chart = Chart((Line("Baby Kalooki", ((1.0, 57.0),)),), y_floor=0.0)
    geometry = plot(chart, BOX, 14)
    (pixel,), = geometry.pixels
    assert abs(pixel[0] - geometry.area.centerx) <= 1
    assert geometry.y_range[0] <= 0 < 57 < geometry.y_range[1]
    assert geometry.x_ticks == ((1.0, "1"),)


@given(st.floats(-5000, 5000), st.floats(0.01, 5000), st.integers(3, 12))
def test_ticks_are_round_and_cover_the_values(low: float, span: float, most: int) -> None:
    high = low + span
    ticks = nice_ticks(low, high, most)
    assert 2 <= len(ticks) <= most
    assert ticks[0] <= low + 1e-6 and ticks[-1] >= high - 1e-6
    steps = {round(b - a, 6) for a, b in itertools.pairwise(ticks)}
    assert len(steps) == 1
    step = steps.pop()
    mantissa = step / 10 ** math.floor(math.log10(step))
    assert round(mantissa, 6) in (1.0, 2.0, 2.5, 5.0)


def test_whole_ticks_never_have_fractions() -> None:
    assert nice_ticks(0, 7, 7, whole=True) == [0, 2, 4, 6, 8]
    assert all(t == int(t) for t in nice_ticks(0, 3, 7, whole=True))


def _lab(rgb: tuple[int, ...]) -> tuple[float, float, float]:
    def linear(c: float) -> float:
        c /= 255
        return c / 12.92 if c <= 0.04045 else ((c + 0.055) / 1.055) ** 2.4
    r, g, b = (linear(c) for c in rgb[:3])
    x = (0.4124 * r + 0.3576 * g + 0.1805 * b) / 0.9505
    y = 0.2126 * r + 0.7152 * g + 0.0722 * b
    z = (0.0193 * r + 0.1192 * g + 0.9505 * b) / 1.089

    def f(t: float) -> float:
        return t ** (1 / 3) if t > 0.008856 else 7.787 * t + 16 / 116
    return 116 * f(y) - 16, 500 * (f(x) - f(y)), 200 * (f(y) - f(z))


def test_six_line_colours_stay_apart_and_readable_on_the_felt() -> None:
    assert len(PALETTE) >= 6
    labs = [_lab(c) for c in PALETTE[:6]]
    for a, b in itertools.combinations(labs, 2):
        assert sum((p - q) ** 2 for p, q in zip(a, b, strict=True)) ** 0.5 > 25
    felt_lightness = max(_lab(palette.FELT_CENTRE)[0], _lab((10, 40, 26))[0])
    assert all(lab[0] - felt_lightness > 25 for lab in labs)


def test_the_deal_summary_draws_the_running_totals(match: Game) -> None:
    from kalooki.ui.art.cards import CardArt
    from kalooki.ui.table.summary import render_summary

    art, size = CardArt(), (1024, 640)
    last = match.results[-1]

    def colours(history: object) -> set[tuple[int, ...]]:
        image = render_summary(art, size, last, NAMES, match.totals, True,
                               history=history)  # type: ignore[arg-type]
        return {tuple(image.get_at((x, y))[:3]) for x in range(500, 1000, 2)
                for y in range(80, 520, 2)}

    assert PALETTE[2] in colours(match.results)
    assert PALETTE[2] not in colours(())


def test_the_deal_summary_panel_hides_the_table_under_it(match: Game) -> None:
    """The play-test saw the log, "X is thinking…" and banners through the panel: whatever
    lies beneath, the panel's pixels are the same."""
    from kalooki.ui.art.cards import CardArt
    from kalooki.ui.table.summary import render_summary, summary_rect

    size = (1024, 640)
    overlay = render_summary(CardArt(), size, match.results[0], NAMES, match.totals, False)
    seen = []
    for under in ((255, 255, 255), (0, 0, 0)):
        screen = pygame.Surface(size)
        screen.fill(under)
        screen.blit(overlay, (0, 0))
        panel = summary_rect(size).inflate(-30, -30)
        seen.append(pygame.image.tobytes(screen.subsurface(panel), "RGB"))
    assert seen[0] == seen[1]

"""Line charts drawn with pygame alone (no plotting library in the bundle): one line per
player or per rule set, a marker at every point, axes with round-numbered ticks, a legend,
and upright marks for events worth pointing at (the deal where someone bent the table).

The geometry is worked out apart from the drawing (:func:`plot`), so tests can compare the
pixels a point was drawn at with the value it stands for, and the painter only follows it.
"""

from __future__ import annotations

import math
from collections.abc import Callable, Sequence
from dataclasses import dataclass

import pygame

from kalooki.ui.art import text as ink
from kalooki.words.formats import decimal

Colour = tuple[int, int, int]

PALETTE: tuple[Colour, ...] = (
    (255, 204, 64),   # amber
    (96, 186, 255),   # sky blue
    (255, 130, 112),  # coral
    (244, 244, 244),  # white
    (196, 140, 255),  # violet
    (120, 236, 196),  # mint
)
"""Line colours for up to six lines, far apart from each other and light enough to read on
the dark felt; each line also has its own marker shape, for eyes that mix colours up."""

MARKERS = ("circle", "square", "triangle", "diamond", "down", "cross")
AXIS: Colour = (150, 170, 150)
GRID = (255, 255, 255, 22)
MARK: Colour = (246, 215, 122)
_NICE = (1.0, 2.0, 2.5, 5.0)


@dataclass(frozen=True)
class Line:
    """One series: ``points`` are (x, y) in data units, in x order."""

    label: str
    points: tuple[tuple[float, float], ...]


MARK_ROWS = 2
"""Rows of mark labels above a plot: a second for the words the first has no room for."""
MARK_ROW = 1.2
"""The height of one row of mark labels, in text sizes."""


@dataclass(frozen=True)
class Mark:
    """An upright line at ``x`` with a short label above the plot."""

    x: float
    label: str


@dataclass(frozen=True)
class Chart:
    """What to draw. ``x_ticks`` names the x positions worth a label (all of them when
    there are few); ``empty`` is the sentence shown when no line has a point."""

    lines: tuple[Line, ...]
    x_ticks: tuple[tuple[float, str], ...] = ()
    marks: tuple[Mark, ...] = ()
    empty: str = ""
    y_format: Callable[[float], str] | None = None
    y_floor: float | None = None
    """A value the y axis always shows (0 for points and rates), so small differences are
    not blown up into cliffs."""
    whole: bool = True
    """The values are whole numbers (points): the y ticks are too."""
    x_title: str = ""

    @property
    def has_points(self) -> bool:
        return any(line.points for line in self.lines)


@dataclass(frozen=True)
class Plot:
    """Where everything lands: the plot area, the data ranges, the ticks and every point's
    pixel, line by line."""

    area: pygame.Rect
    x_range: tuple[float, float]
    y_range: tuple[float, float]
    y_ticks: tuple[tuple[float, str], ...]
    x_ticks: tuple[tuple[float, str], ...]
    pixels: tuple[tuple[tuple[int, int], ...], ...]
    legend: tuple[tuple[pygame.Rect, int], ...]
    """Each legend entry's box and the line it names."""

    def to_pixel(self, x: float, y: float) -> tuple[int, int]:
        (x0, x1), (y0, y1) = self.x_range, self.y_range
        area = self.area
        px = area.left + (x - x0) / (x1 - x0) * area.width
        py = area.bottom - (y - y0) / (y1 - y0) * area.height
        return round(px), round(py)

    def from_pixel(self, pixel: tuple[int, int]) -> tuple[float, float]:
        (x0, x1), (y0, y1) = self.x_range, self.y_range
        area = self.area
        return (x0 + (pixel[0] - area.left) / area.width * (x1 - x0),
                y0 + (area.bottom - pixel[1]) / area.height * (y1 - y0))


def colour(index: int) -> Colour:
    return PALETTE[index % len(PALETTE)]


def nice_ticks(low: float, high: float, most: int, whole: bool = False) -> list[float]:
    """Round-numbered ticks (steps of 1, 2, 2.5 or 5 times a power of ten) covering
    ``low``..``high`` with at most ``most`` (at least 3) of them, both ends included;
    ``whole`` keeps the steps whole numbers (points, deals)."""
    most = max(3, most)  # with two, a range across a round number could never fit
    if high <= low:
        high = low + 1
    raw = (high - low) / (most - 1)
    power = 10.0 ** math.floor(math.log10(raw))
    for scale in (power, power * 10, power * 100):
        for nice in _NICE:
            step = nice * scale
            if step < raw * (1 - 1e-9) or (whole and step != round(step)):
                continue
            first = math.floor(low / step + 1e-9) * step
            last = math.ceil(high / step - 1e-9) * step
            count = round((last - first) / step) + 1
            if count <= most:
                return [round(first + i * step, 9) for i in range(count)]
    raise AssertionError("unreachable: a step of twice the range always fits")


def tick_text(value: float) -> str:
    """A tick's number without a useless ``.0``."""
    if abs(value - round(value)) < 1e-9:
        return str(round(value))
    return decimal(value)


def _x_range(chart: Chart) -> tuple[float, float]:
    xs = [x for line in chart.lines for x, _ in line.points]
    xs += [x for x, _ in chart.x_ticks] + [mark.x for mark in chart.marks]
    if not xs:
        return 0.0, 1.0
    low, high = min(xs), max(xs)
    if high - low < 1e-9:  # one position: centre it
        return low - 1, high + 1
    return low, high


def _y_values(chart: Chart) -> list[float]:
    ys = [y for line in chart.lines for _, y in line.points]
    if chart.y_floor is not None:
        ys.append(chart.y_floor)
    return ys


def _legend(chart: Chart, rect: pygame.Rect, size: int) -> tuple[
        tuple[tuple[pygame.Rect, int], ...], int]:
    """Legend boxes in rows across the top of ``rect``; returns them and their height."""
    swatch = round(size * 2.2)
    gap = round(size * 1.2)
    row_h = round(size * 1.5)
    boxes: list[tuple[pygame.Rect, int]] = []
    x, y = rect.left, rect.top
    widest = max(40, rect.width - swatch - 6)  # a long name takes a row of its own
    for index, line in enumerate(chart.lines):
        width = swatch + 6 + min(widest, ink.text(line.label, size).get_width())
        if x > rect.left and x + width > rect.right:
            x, y = rect.left, y + row_h
        boxes.append((pygame.Rect(x, y, width, row_h), index))
        x += width + gap
    height = (y - rect.top + row_h) if boxes else 0
    return tuple(boxes), height


def plot(chart: Chart, rect: pygame.Rect, size: int) -> Plot:
    """The geometry of ``chart`` drawn in ``rect`` with text of ``size`` pixels."""
    legend, legend_h = _legend(chart, rect, size)
    rows = min(MARK_ROWS, len(chart.marks))
    top_gap = round(size * (0.2 + MARK_ROW * rows)) if rows else round(size * 0.6)
    ys = _y_values(chart)
    low, high = (min(ys), max(ys)) if ys else (0.0, 1.0)
    if high - low < 1e-9:  # a flat or one-point series: give it room either side
        pad = max(1.0, abs(high) * 0.1)
        low, high = (low - pad, high + pad) if chart.y_floor != low else (low, high + pad)
    room = rect.height - legend_h - top_gap - round(size * 2)
    ticks = nice_ticks(low, high, max(2, min(7, room // (size * 3))), whole=chart.whole)
    fmt = chart.y_format or tick_text
    y_ticks = tuple((value, fmt(value)) for value in ticks) if chart.has_points else ()
    label_w = max((ink.text(words, size).get_width() for _, words in y_ticks), default=0)
    area = pygame.Rect(rect.left + label_w + round(size * 0.8), rect.top + legend_h + top_gap,
                       0, 0)
    area.width = max(10, rect.right - area.left - round(size * 0.8))
    below = round(size * (3.2 if chart.x_title else 1.8))
    area.height = max(10, rect.bottom - area.top - below)
    y_range = (ticks[0], ticks[-1])
    x_range = _x_range(chart)
    x_ticks = _thin(_default_x_ticks(chart), area.width, size)
    frame = Plot(area, x_range, y_range, y_ticks, x_ticks, (), legend)
    pixels = tuple(tuple(frame.to_pixel(x, y) for x, y in line.points)
                   for line in chart.lines)
    return Plot(area, x_range, y_range, y_ticks, x_ticks, pixels, legend)


def _default_x_ticks(chart: Chart) -> tuple[tuple[float, str], ...]:
    """The given ticks, or every x that has a point (round steps when there are many)."""
    if chart.x_ticks:
        return chart.x_ticks
    xs = sorted({x for line in chart.lines for x, _ in line.points})
    if len(xs) > 12:
        xs = [x for x in nice_ticks(xs[0], xs[-1], 12, whole=True) if xs[0] <= x <= xs[-1]]
    return tuple((x, tick_text(x)) for x in xs)


def _thin(ticks: Sequence[tuple[float, str]], width: int, size: int) -> tuple[
        tuple[float, str], ...]:
    """Every n-th tick, so the labels never touch (the last one is always kept)."""
    if not ticks:
        return ()
    widest = max(ink.text(words, size).get_width() for _, words in ticks) + size
    fit = max(1, width // max(1, widest))
    every = max(1, math.ceil(len(ticks) / fit))
    kept = list(ticks[::every])
    if kept[-1] != ticks[-1]:
        kept[-1] = ticks[-1]
    return tuple(kept)


# -- drawing --------------------------------------------------------------------------


def draw_marker(surface: pygame.Surface, shape: str, centre: tuple[int, int], radius: int,
                fill: Colour) -> None:
    x, y = centre
    r = radius
    if shape == "circle":
        pygame.draw.circle(surface, fill, centre, r)
    elif shape == "square":
        pygame.draw.rect(surface, fill, pygame.Rect(x - r + 1, y - r + 1, 2 * r - 1, 2 * r - 1))
    elif shape == "triangle":
        pygame.draw.polygon(surface, fill, [(x, y - r - 1), (x + r + 1, y + r), (x - r - 1, y + r)])
    elif shape == "down":
        pygame.draw.polygon(surface, fill, [(x, y + r + 1), (x + r + 1, y - r), (x - r - 1, y - r)])
    elif shape == "diamond":
        pygame.draw.polygon(surface, fill, [(x, y - r - 1), (x + r + 1, y), (x, y + r + 1),
                                            (x - r - 1, y)])
    else:  # cross
        width = max(2, r // 2 + 1)
        pygame.draw.line(surface, fill, (x - r, y - r), (x + r, y + r), width)
        pygame.draw.line(surface, fill, (x - r, y + r), (x + r, y - r), width)


def _dashed_upright(surface: pygame.Surface, x: int, top: int, bottom: int,
                    shade: Colour) -> None:
    for y in range(top, bottom, 8):
        pygame.draw.line(surface, shade, (x, y), (x, min(bottom, y + 4)), 2)


def draw_chart(surface: pygame.Surface, chart: Chart, rect: pygame.Rect, size: int) -> Plot:
    """Draw ``chart`` inside ``rect`` and return where everything went."""
    geometry = plot(chart, rect, size)
    _draw_axes(surface, chart, geometry, size)
    _draw_marks(surface, chart, geometry, rect, size)
    if not chart.has_points and chart.empty:
        sentence = ink.fit(chart.empty, size + 2, geometry.area.width - 16, ink.DIM, True)
        surface.blit(sentence, sentence.get_rect(center=geometry.area.center))
    radius = max(3, size // 4)
    for index, pixels in enumerate(geometry.pixels):
        shade, shape = colour(index), MARKERS[index % len(MARKERS)]
        if len(pixels) > 1:
            pygame.draw.lines(surface, shade, False, pixels, max(2, size // 7))
        for pixel in pixels:
            draw_marker(surface, shape, pixel, radius + 1, (0, 0, 0))
            draw_marker(surface, shape, pixel, radius, shade)
    swatch = round(size * 2.2)
    for box, index in geometry.legend:
        middle = box.centery
        pygame.draw.line(surface, colour(index), (box.left, middle),
                         (box.left + swatch, middle), max(2, size // 7))
        draw_marker(surface, MARKERS[index % len(MARKERS)], (box.left + swatch // 2, middle),
                    radius, colour(index))
        label = ink.fit(chart.lines[index].label, size, box.width - swatch - 6)
        surface.blit(label, label.get_rect(midleft=(box.left + swatch + 6, middle)))
    return geometry


def _draw_axes(surface: pygame.Surface, chart: Chart, geometry: Plot, size: int) -> None:
    area = geometry.area
    grid = pygame.Surface(area.size, pygame.SRCALPHA)
    for value, words in geometry.y_ticks:
        y = geometry.to_pixel(geometry.x_range[0], value)[1]
        pygame.draw.line(grid, GRID, (0, y - area.top), (area.width, y - area.top))
        label = ink.text(words, size, ink.DIM)
        surface.blit(label, label.get_rect(midright=(area.left - round(size * 0.4), y)))
    surface.blit(grid, area)
    pygame.draw.line(surface, AXIS, area.bottomleft, area.bottomright, 2)
    pygame.draw.line(surface, AXIS, area.topleft, area.bottomleft, 2)
    for value, words in geometry.x_ticks:
        x = geometry.to_pixel(value, geometry.y_range[0])[0]
        pygame.draw.line(surface, AXIS, (x, area.bottom), (x, area.bottom + 4), 2)
        label = ink.text(words, size, ink.DIM)
        surface.blit(label, label.get_rect(midtop=(x, area.bottom + 6)))
    if chart.x_title:
        title = ink.fit(chart.x_title, size, area.width, ink.DIM)
        surface.blit(title, title.get_rect(midtop=(area.centerx,
                                                   area.bottom + round(size * 1.7))))


def mark_spots(chart: Chart, geometry: Plot, rect: pygame.Rect, size: int
               ) -> dict[int, pygame.Rect]:
    """Where each mark's words go, by the mark's index: above the plot, on a second row
    when the first is crowded (French words are longer: "Marcia a renversé"), never over
    another's. A mark that finds no room keeps its line, not its words."""
    area = geometry.area
    ceiling = max((box.bottom for box, _ in geometry.legend), default=rect.top)
    taken: list[pygame.Rect] = []
    spots: dict[int, pygame.Rect] = {}
    for index in reversed(range(len(chart.marks))):  # the latest mark goes first
        mark = chart.marks[index]
        x = geometry.to_pixel(mark.x, 0)[0]
        width, height = _mark_label(mark, rect, size).get_size()
        for row in range(MARK_ROWS):
            spot = pygame.Rect(0, 0, width, height)
            spot.midbottom = (x, area.top - 2 - row * round(size * MARK_ROW))
            spot.clamp_ip(pygame.Rect(rect.left, spot.top, rect.width, spot.height))
            if spot.top >= ceiling and spot.collidelist(taken) < 0:
                spots[index] = spot
                taken.append(spot.inflate(size // 2, 0))
                break
    return spots


def _draw_marks(surface: pygame.Surface, chart: Chart, geometry: Plot, rect: pygame.Rect,
                size: int) -> None:
    area = geometry.area
    spots = mark_spots(chart, geometry, rect, size)
    for index, mark in enumerate(chart.marks):
        x = geometry.to_pixel(mark.x, 0)[0]
        _dashed_upright(surface, x, area.top, area.bottom, MARK)
        if index in spots:
            surface.blit(_mark_label(mark, rect, size), spots[index])


def _mark_label(mark: Mark, rect: pygame.Rect, size: int) -> pygame.Surface:
    """A mark's words as placed and as drawn: one recipe for both."""
    return ink.fit(mark.label, size - 1, max(40, rect.width // 2), MARK, True)

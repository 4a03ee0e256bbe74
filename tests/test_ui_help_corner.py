"""The window's "?" button sits in the top-right corner of every screen; at the table the
sidebar begins below it, so it stands on no panel's corner and the sidebar's first line
("Donne 1/9 · Delroy donne") keeps the panel's whole width, at the smallest and a large
window, in both languages."""

from __future__ import annotations

import pygame
import pytest

from kalooki.engine.rules import preset
from kalooki.ui.app import App
from kalooki.ui.art import text as ink
from kalooki.ui.session import MatchSession, Seat
from kalooki.ui.table.scene import TableScene
from kalooki.ui.widgets.help_overlay import help_corner


def _gold(colour: pygame.Color) -> bool:
    """A pixel of the first line's gold words (not the felt or the panel's faint edge)."""
    return all(abs(a - b) < 70 for a, b in zip(colour[:3], ink.GOLD[:3], strict=True))


@pytest.mark.parametrize("lang", ["en", "fr"])
@pytest.mark.parametrize("size", [(1024, 640), (1920, 1080)])
def test_the_sidebar_begins_below_the_help_button_and_its_first_line_is_whole(
        size: tuple[int, int], lang: str) -> None:
    application = App(size)
    try:
        application.set_language(lang)
        for name in ("Ann", "Montgomery", "Bartholomew"):
            # the names from short to long
            seats = [Seat(name, "human", True), Seat(name, "easy"), Seat(name, "easy")]
            table = TableScene(application, MatchSession(preset("caribbean"), seats, 1,
                                                         ai_pause=0.0))
            application.switch(table)
            surface = pygame.Surface(application.size)
            table.painter.draw(surface, table.frame())
            layout = table.layout
            corner = help_corner(application.size).inflate(4, 4).clip(surface.get_rect())
            assert layout.sidebar.top > corner.bottom
            assert not layout.contract.colliderect(corner)
            first_row = pygame.Rect(layout.contract.left, layout.contract.top,
                                    layout.contract.width, 2 * layout.font)
            gold = [x for x in range(first_row.left, first_row.right)
                    for y in range(first_row.top, first_row.bottom)
                    if _gold(surface.get_at((x, y)))]
            assert gold, (size, lang, name)  # the line is drawn in the panel
            assert not any(_gold(surface.get_at((x, y))) for x in range(corner.left, corner.right)
                           for y in range(corner.top, corner.bottom))
    finally:
        application.close()


@pytest.mark.parametrize("size", [(1024, 640), (1280, 720), (1920, 1080)])
def test_no_full_window_panel_runs_under_the_help_button(size: tuple[int, int]) -> None:
    """The "?" sat on the rounded corner of the pages' sheet (saved games, settings, the
    replay's list) and of a deal's summary at 1024x640: it stands beside them now."""
    from kalooki.ui.table.summary import summary_rect
    from kalooki.ui.widgets.page import sheet_rect

    corner = help_corner(size)
    for panel, width in ((sheet_rect(size), min(size[0] - 48, 1240)),
                         (summary_rect(size), min(size[0] - 40, 1480))):
        assert not panel.inflate(4, 4).colliderect(corner), (size, panel, corner)
        assert panel.width == width  # its words keep all their room

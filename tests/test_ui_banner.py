"""The table's banner (a call's outcome, a voided deal) is seen without hiding a place
cards go: at every table size, window size and card size it lies across the opponents'
row, under their names and above their melds, never over a meld, the piles, the staging
area or the hand; where the guided game's lesson box lies there, it goes over the scores.
The guided game's own banners are checked in ``test_ui_lesson.py``."""

from __future__ import annotations

import pygame
import pytest

from kalooki.ui.table.layout import TableLayout, compute_layout
from kalooki.ui.table.painter import banner_at
from kalooki.words import set_language, tr

SIZES = [(1024, 640), (1280, 800), (1920, 1080), (2560, 1440)]


def drop_places(layout: TableLayout) -> list[pygame.Rect]:
    """Where cards may be let go, clicked or picked up, and the sidebar's panels."""
    return [*(zone.melds for zone in layout.zones.values()), layout.my_melds, layout.stock,
            layout.discard, layout.staging, layout.prompt, layout.hand, layout.cut_strip,
            layout.contract, layout.log, layout.buttons]


def longest_banners() -> list[str]:
    """The longest banners of the language now, with the longest default names."""
    who, card = "Beverley", "10♥"
    return [tr("log.refuse.other", who=who, card=card,
               call=tr("log.whose_call.other", who="Precious")),
            tr("log.allow.other", who=who,
               takes=tr("log.takes.other", who="Precious", card=card)),
            tr("log.deal_void")]


@pytest.mark.parametrize("lang", ["en", "fr"])
@pytest.mark.parametrize("size", SIZES, ids=lambda s: f"{s[0]}x{s[1]}")
def test_a_banner_lies_over_no_place_cards_go(size: tuple[int, int], lang: str) -> None:
    set_language(lang)
    window = pygame.Rect((0, 0), size)
    for players in range(2, 9):
        for scale in (0.6, 1.0, 1.3):
            layout = compute_layout(size, players, 0, scale)
            for words in longest_banners():
                banner = banner_at(layout, words)
                where = (players, scale, words)
                assert window.contains(banner.box), where
                assert banner.box.collidelist(drop_places(layout)) == -1, where
                for zone in layout.zones.values():  # the names stay in sight
                    assert banner.box.top >= zone.header.top + layout.font, where
                assert all(banner.box.contains(spot) for _, spot in banner.lines), where


@pytest.mark.parametrize("size", SIZES, ids=lambda s: f"{s[0]}x{s[1]}")
def test_a_banner_steps_aside_from_what_it_is_told_to_keep_clear(
        size: tuple[int, int]) -> None:
    """Where the lesson box lies over the opponents' row, the banner takes the scores'
    panel for its moment, its lines inside it."""
    for players in (2, 3, 8):
        layout = compute_layout(size, players, 0)
        across = banner_at(layout, longest_banners()[0]).box
        banner = banner_at(layout, longest_banners()[0], [across.inflate(-4, -4)])
        assert banner.box == layout.scores
        assert all(layout.scores.contains(spot) for _, spot in banner.lines)

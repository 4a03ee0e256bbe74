"""An opponent's header fits its zone at six and eight players, in both languages, at the
smallest window: its rows break between their clauses and grow smaller rather than end
in "…", every clause is still said, and nothing runs into the fan of backs below."""

from __future__ import annotations

import os

os.environ["SDL_VIDEODRIVER"] = "dummy"
os.environ["SDL_AUDIODRIVER"] = "dummy"

import pygame
import pytest

from kalooki.engine.facts.seats import SEAT_KINDS
from kalooki.ui.resources import font
from kalooki.ui.table.layout import compute_layout, count_on_fan
from kalooki.ui.table.seat_header import JOINT, drawn_height, header_lines
from kalooki.words import set_language, tr


@pytest.fixture(autouse=True)
def fonts():
    pygame.init()
    yield
    set_language("en")


def rows(on_fan: bool, dealer: bool) -> tuple[tuple[str, ...], tuple[tuple[str, ...], ...]]:
    """The longest words a seat's header says: the longest kind of player ("Une
    personne"), 13 cards, 3 calls."""
    name = "Beverley"
    heading = tr("table.zone.dealer", name=name) if dealer else name
    level = max((tr(f"setup.level.{kind}") for kind in SEAT_KINDS), key=len)
    first = level if on_fan else tr("table.zone.level_cards", level=level,
                                    cards=tr("cards.count", count=13))
    standing = tr("table.standing.calls", standing=tr("table.standing.down.no"), made=3,
                  most=3)
    return tuple(heading.split(JOINT)), (tuple(first.split(JOINT)),
                                         tuple(standing.split(JOINT)))


@pytest.mark.parametrize("lang", ["en", "fr"])
@pytest.mark.parametrize("players", [5, 6, 8])
@pytest.mark.parametrize("size", [(1024, 640), (1920, 1080)])
@pytest.mark.parametrize("dealer", [False, True])
def test_the_header_says_everything_without_a_cut(lang: str, players: int,
                                                   size: tuple[int, int],
                                                   dealer: bool) -> None:
    set_language(lang)
    layout = compute_layout(size, players, 0)
    box = next(iter(layout.zones.values())).header
    on_fan = count_on_fan(box.width, layout.font, players >= 5)
    heading, clauses = rows(on_fan, dealer)
    lines = header_lines(heading, clauses, box.width, box.height, layout.font)
    for line in lines:
        assert font(line.size, line.row == 0).size(line.words)[0] <= box.width, line
    said = JOINT.join(line.words for line in lines)
    named = heading if not lines[0].chip else heading[:1]  # the chip says "dealer"
    assert lines[0].chip == (dealer and len(named) == 1)
    for clause in (*named, *(c for row in clauses for c in row)):
        assert clause in said, (clause, said)
    last = lines[-1]
    assert last.top + drawn_height(last.size) <= box.height
    assert min(line.size for line in lines) >= 10


def test_a_wide_zone_keeps_its_rows_whole_and_in_the_usual_size() -> None:
    layout = compute_layout((1920, 1080), 4, 0)
    box = next(iter(layout.zones.values())).header
    heading, clauses = rows(False, True)
    lines = header_lines(heading, clauses, box.width, box.height, layout.font)
    assert [line.words for line in lines] == ["Beverley · dealer", "Person · 13 cards",
                                              "not down · calls 3/3"]
    assert [line.size for line in lines] == [layout.font, layout.font - 2, layout.font - 2]


def test_the_hand_size_goes_on_the_fan_only_where_words_cannot_fit() -> None:
    zone = {p: next(iter(compute_layout((1024, 640), p, 0).zones.values())).header
            for p in (4, 6, 8)}
    assert [count_on_fan(zone[p].width, 14, p >= 5) for p in (4, 6, 8)] == \
        [False, False, True]

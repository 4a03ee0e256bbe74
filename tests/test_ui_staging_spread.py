"""Staged melds spread their cards well apart while the staging area has the room (a
joker among them is easy to grab), and close up only as the area fills."""

from __future__ import annotations

import os
from itertools import pairwise

os.environ["SDL_VIDEODRIVER"] = "dummy"
os.environ["SDL_AUDIODRIVER"] = "dummy"

import pytest

from kalooki.engine.cards import parse_cards
from kalooki.engine.rules import preset
from kalooki.ui.hand.arrangement import Arrangement
from kalooki.ui.hand.staging import assess
from kalooki.ui.session import MatchSession, Seat
from kalooki.ui.table.layout import TableLayout, compute_layout
from kalooki.ui.table.placement import place_cards

RULES = preset("caribbean")


def steps(size: tuple[int, int], melds: list[str]) -> tuple[list[int], list[int], TableLayout]:
    """How far apart the first staged meld's cards sit, and every staged card's rect
    right edge, with ``melds`` staged."""
    view = MatchSession(RULES, [Seat("You", "human", True), Seat("Ana", "easy"),
                                Seat("Ben", "easy")], seed=1,
                        ai_pause=0.0).view()
    layout = compute_layout(size, 3, 0)
    taken: list[int] = []
    staged = []
    arrangement = Arrangement()
    for text in melds:
        cards = parse_cards(text.split(), 2, 4, taken)
        taken += cards
        arrangement.staged.append(list(cards))
        staged.append(assess(cards, RULES))
    place = place_cards(layout, view, arrangement, staged)
    first = [place.spots[c][0] for c in arrangement.staged[0]]
    return [b - a for a, b in pairwise(first)], \
        [place.spots[c][0] + place.spots[c][2] for m in arrangement.staged for c in m], layout


@pytest.mark.parametrize("size", [(1024, 640), (1920, 1080)])
def test_a_few_staged_melds_spread_their_cards(size: tuple[int, int]) -> None:
    gaps, _, layout = steps(size, ["5H 5S JK", "7D 8D 9D 10D"])
    assert min(gaps) >= round(layout.meld_w * 0.6)


def test_a_full_staging_area_closes_its_melds_up_and_keeps_them_inside() -> None:
    melds = ["5H 5S 5D", "6H 6S 6D", "7H 7S 7D", "8H 8S 8D", "9H 9S 9D 9C", "10H 10S 10D",
             "JH JS JD", "QH QS QD", "KH KS KD", "2H 3H 4H AH"]
    gaps, rights, layout = steps((1024, 640), melds)
    assert max(gaps) < round(layout.meld_w * 0.6)
    assert max(rights) <= layout.staging.right

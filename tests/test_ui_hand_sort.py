"""The sort buttons and keys put the ace where the game's runs put it: above the king in
Rami 40 (runs take it only high), below the two where it may run low."""

from __future__ import annotations

import os

os.environ["SDL_VIDEODRIVER"] = "dummy"
os.environ["SDL_AUDIODRIVER"] = "dummy"

import pygame
import pytest

from kalooki.engine.cards import is_joker, rank_of, suit_of
from kalooki.ui.app import App
from tests.support.table import table_at_draw
from tests.support.ui import press

ACES_HIGH = {"rami40": True, "kalooki51": False, "baby": False}


def ranks_in_order(order: list[int], ace_high: bool) -> list[int]:
    ranks = [rank_of(card) for card in order if not is_joker(card)]
    return [14 if ace_high and rank == 1 else rank for rank in ranks]


@pytest.mark.parametrize("rules", sorted(ACES_HIGH))
def test_sorting_by_rank_or_suit_puts_the_ace_where_the_game_runs_it(app: App,
                                                                    rules: str) -> None:
    table = table_at_draw(app, rules, seed=1)  # a deal that gives the person an ace
    hand = table.session.view().hand
    assert any(rank_of(card) == 1 for card in hand)  # the deal holds an ace to place
    high = ACES_HIGH[rules]
    press(app, pygame.K_r)
    order = list(table.hand.arrangement.order)
    assert ranks_in_order(order, high) == sorted(ranks_in_order(order, high))
    press(app, pygame.K_s)
    order = [card for card in table.hand.arrangement.order if not is_joker(card)]
    for suit in range(4):
        same = [card for card in order if suit_of(card) == suit]
        assert ranks_in_order(same, high) == sorted(ranks_in_order(same, high))


"""Where each visible card should be now: the table's melds, the discard pile, the staged
melds and the hand, computed from the view and the player's arrangement. Geometry only;
the scene animates cards from where they are to where this says they belong."""

from __future__ import annotations

from dataclasses import dataclass, field

from pygame import Rect

from kalooki.engine.view import PlayerView
from kalooki.ui.art.highlight import lift
from kalooki.ui.hand.arrangement import Arrangement
from kalooki.ui.hand.staging import StagedMeld
from kalooki.ui.table.layout import TableLayout, flow_melds, hand_slots, meld_step

Spot = tuple[int, int, int]
"""A card's top-left corner and width."""


@dataclass
class Placement:
    spots: dict[int, Spot] = field(default_factory=dict)
    order: list[int] = field(default_factory=list)
    """Cards in drawing order, bottom first."""
    meld_rects: list[Rect] = field(default_factory=list)
    """Screen rect of each table meld, by table index."""
    staged_rects: list[Rect] = field(default_factory=list)
    hand_xs: list[tuple[int, int]] = field(default_factory=list)
    """(left edge, card) of every hand card, left to right."""

    def put(self, card: int, x: int, y: int, width: int) -> None:
        self.spots[card] = (x, y, width)
        self.order.append(card)


def _table(place: Placement, layout: TableLayout, view: PlayerView) -> None:
    by_owner: dict[int, list[int]] = {}
    for index, public in enumerate(view.table):
        by_owner.setdefault(public.owner, []).append(index)
    place.meld_rects = [Rect(0, 0, 0, 0)] * len(view.table)
    gap = max(4, layout.meld_w // 6)
    for owner, indices in by_owner.items():
        mine = owner == view.player
        area = layout.zones[owner].melds if not mine else layout.my_melds.inflate(
            -layout.font, -layout.font // 2)
        if mine:  # below the area's title
            label = round(layout.font * 1.1)
            area = Rect(area.left, area.top + label, area.width, area.height - label)
        lengths = [len(view.table[i].meld.cards) for i in indices]
        tight = not mine and len(layout.zones) >= 4  # five or more players: small zones
        width, rects = flow_melds(lengths, area, layout.meld_w, gap, tight=tight)
        for index, rect in zip(indices, rects, strict=True):
            place.meld_rects[index] = rect
            step = meld_step(width, tight)
            for k, card in enumerate(view.table[index].meld.cards):
                place.put(card, rect.left + k * step, rect.top, width)


def _staged(place: Placement, layout: TableLayout, staged: list[StagedMeld]) -> None:
    area = layout.staging.inflate(-layout.font, -layout.font)
    label = round(layout.font * 1.3)
    area.top += label  # the area's title above, the status line below
    area.height -= label + round(layout.font * 1.4)
    gap = round(layout.meld_w * 0.8)
    lengths = [len(meld.cards) for meld in staged]
    width, rects = flow_melds(lengths, area, layout.meld_w, gap, below=label, loose=True)
    loose = width == layout.meld_w  # the cards well apart while that fits at full size
    if not loose:
        width, rects = flow_melds(lengths, area, layout.meld_w, gap, below=label)
    place.staged_rects = rects
    for meld, rect in zip(staged, rects, strict=True):
        shown = meld.readings[0].cards if len(meld.readings) == 1 else meld.cards
        for k, card in enumerate(shown):
            place.put(card, rect.left + k * meld_step(width, loose=loose), rect.top, width)


def place_cards(layout: TableLayout, view: PlayerView, arrangement: Arrangement,
                staged: list[StagedMeld]) -> Placement:
    place = Placement()
    _table(place, layout, view)
    for card in view.discard[-2:]:
        place.put(card, layout.discard.left, layout.discard.top, layout.card_w)
    _staged(place, layout, staged)
    width = layout.card_w
    xs = hand_slots(len(arrangement.order), layout.hand, width)
    base = layout.hand.bottom - layout.card_h - 2
    for x, card in zip(xs, arrangement.order, strict=True):
        y = base - (lift(width) if card in arrangement.selected else 0)
        place.put(card, x, y, width)
        place.hand_xs.append((x, card))
    return place

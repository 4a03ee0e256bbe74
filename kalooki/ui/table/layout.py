"""Where everything on the table goes, for one window size and table size. Pure geometry,
recomputed on every resize; nothing here draws.

The main area holds the opponents along the top (each with a zone for their melds), the
stock, the discard pile and your melds in the middle, the staging area, and your hand at
the bottom; a sidebar on the right holds the contract, the scores, the log and buttons.
"""

from __future__ import annotations

from dataclasses import dataclass

from pygame import Rect

from kalooki.ui.art.cards import card_height
from kalooki.ui.art.highlight import lift
from kalooki.ui.widgets.help_overlay import clear_of_help


@dataclass(frozen=True)
class Zone:
    """One opponent: name lines, a fan of card backs, and the melds they laid."""

    seat: int
    rect: Rect
    header: Rect
    fan: Rect
    melds: Rect


@dataclass(frozen=True)
class TableLayout:
    size: tuple[int, int]
    font: int
    card_w: int
    meld_w: int
    back_w: int
    zones: dict[int, Zone]
    stock: Rect
    discard: Rect
    cut_strip: Rect
    """Where the pack lies spread out while the human dealer cuts it."""
    my_melds: Rect
    staging: Rect
    prompt: Rect
    hand: Rect
    sidebar: Rect
    contract: Rect
    scores: Rect
    log: Rect
    buttons: Rect
    banner: Rect
    """Where a banner goes: across the opponents' row, under their names and just above
    their melds (their card backs, and a header row or two, hidden a moment), so it
    hides no place cards go."""

    @property
    def card_h(self) -> int:
        return card_height(self.card_w)

    @property
    def button_h(self) -> int:
        return max(36, round(self.font * 2.4))


def _clamp(value: float, low: int, high: int) -> int:
    return max(low, min(high, round(value)))


def compute_layout(size: tuple[int, int], players: int, viewer: int,
                   card_scale: float = 1.0) -> TableLayout:
    """``card_scale`` (the card-size setting) grows or shrinks the cards; the table's
    other parts make room, within limits that keep them usable."""
    width, height = size
    margin = _clamp(height * 0.012, 6, 16)
    font = _clamp(height * 0.022, 14, 24)
    card_w = _clamp(height * 0.095 * max(0.6, min(card_scale, 1.3)), 40, 150)
    card_h = card_height(card_w)
    meld_w = round(card_w * 0.74)
    line = round(font * 1.35)
    crowded = players >= 5
    """Five or more players: smaller backs, so the melds keep their room under the fan."""
    back_w = max(16, round(card_w * (0.3 if crowded else 0.42)))

    side_w = _clamp(width * 0.22, 250, 400)
    sidebar = clear_of_help(Rect(width - side_w - margin, margin, side_w, height - 2 * margin),
                            size)  # the window's "?" stands above it
    main = Rect(margin, margin, sidebar.left - 2 * margin, height - 2 * margin)

    hand_h = card_h + lift(card_w) + margin
    hand = Rect(main.left, main.bottom - hand_h, main.width, hand_h)
    prompt = Rect(main.left, hand.top - line - margin // 2, main.width, line)
    staging_h = card_height(meld_w) + round(4.4 * line) + margin
    staging = Rect(main.left, prompt.top - staging_h - margin // 2, main.width, staging_h)
    middle_h = card_h + line + margin
    middle_top = staging.top - middle_h - margin
    stock = Rect(main.left + margin, middle_top + line, card_w, card_h)
    discard = Rect(stock.right + margin * 2, stock.top, card_w, card_h)
    my_melds = Rect(discard.right + margin * 3, middle_top, main.right - discard.right
                    - margin * 3, middle_h)
    cut_strip = Rect(stock.left, stock.top, my_melds.right - margin - stock.left, card_h)

    top = Rect(main.left, main.top, main.width, middle_top - margin - main.top)
    others = [(viewer + i) % players for i in range(1, players)]
    zones: dict[int, Zone] = {}
    zone_w = top.width // max(1, len(others))
    for index, seat in enumerate(others):
        rect = Rect(top.left + index * zone_w, top.top, zone_w - margin, top.height)
        header = Rect(rect.left + margin, rect.top + margin // 2, rect.width - 2 * margin,
                      header_rows(rect.width - 2 * margin, font, crowded) * line)
        fan = Rect(header.left, header.bottom, header.width, card_height(back_w))
        melds = Rect(header.left, fan.bottom + margin, header.width,
                     rect.bottom - fan.bottom - 2 * margin)
        zones[seat] = Zone(seat, rect, header, fan, melds)

    button_h = max(36, round(font * 2.4))
    buttons = Rect(sidebar.left, sidebar.bottom - 3 * button_h - 2 * margin, sidebar.width,
                   3 * button_h + 2 * margin)
    contract = Rect(sidebar.left, sidebar.top, sidebar.width, 4 * line + margin)
    scores = Rect(sidebar.left, contract.bottom + margin, sidebar.width,
                  (players + 1) * line + margin)
    log = Rect(sidebar.left, scores.bottom + margin, sidebar.width,
               buttons.top - scores.bottom - 2 * margin)
    names = min((zone.header.top for zone in zones.values()), default=top.top) + line
    melds_top = min((zone.melds.top for zone in zones.values()), default=top.bottom)
    banner = Rect(top.left, names, top.width, melds_top - margin // 2 - names)
    return TableLayout(size, font, card_w, meld_w, back_w, zones, stock, discard, cut_strip,
                       my_melds, staging, prompt, hand, sidebar, contract, scores, log,
                       buttons, banner)


def header_rows(width: int, font: int, crowded: bool) -> int:
    """Lines an opponent's header holds: one more in the narrower zones of a crowded
    table, where its rows break between their clauses rather than end in "…" (the
    narrowest, at eight players, keep three: their melds need the room, and the hand's
    size is shown on its fan instead)."""
    return 4 if crowded and 8 * font <= width < 10 * font else 3


def count_on_fan(width: int, font: int, crowded: bool) -> bool:
    """An opponent's zone too narrow for the hand's size in words: it is a number at the
    end of the fan of card backs."""
    return crowded and width < 8 * font


def meld_step(width: int, tight: bool = False, loose: bool = False) -> int:
    """How far apart overlapped meld cards sit: enough to read each card's index (just
    enough when ``tight``, for opponents' small zones; well apart when ``loose``, for the
    staging area while it has the room, so each card is easy to grab)."""
    if loose:
        return round(width * 0.62)
    return max(10, round(width * 0.34)) if tight else max(12, round(width * 0.42))


def meld_width(cards: int, width: int, tight: bool = False, loose: bool = False) -> int:
    return width + meld_step(width, tight, loose) * max(0, cards - 1)


def flow_melds(lengths: list[int], area: Rect, width: int, gap: int,
               below: int = 0, tight: bool = False,
               loose: bool = False) -> tuple[int, list[Rect]]:
    """Melds of ``lengths`` cards laid left to right in rows inside ``area``, each row
    ``below`` pixels taller than a card (for a label). Cards shrink until all fit."""
    while True:
        rects: list[Rect] = []
        x, y = area.left, area.top
        row_h = card_height(width) + below
        for length in lengths:
            w = meld_width(length, width, tight, loose)
            if x > area.left and x + w > area.right:
                x, y = area.left, y + row_h + gap
            rects.append(Rect(x, y, w, card_height(width)))
            x += w + gap
        fits = not rects or (max(r.right for r in rects) <= area.right
                             and rects[-1].top + row_h <= area.bottom)
        if fits or width <= 24:
            return width, rects
        width -= 2


def hand_slots(count: int, area: Rect, width: int) -> list[int]:
    """Left edges of ``count`` cards spread across ``area``, overlapping as the hand grows."""
    if count == 0:
        return []
    step = min(width + 4, (area.width - width) / max(1, count - 1))
    total = width + step * (count - 1)
    left = area.centerx - total / 2
    return [round(left + i * step) for i in range(count)]

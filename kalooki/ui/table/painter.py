"""Drawing the table: one :class:`TableFrame` in, pixels out. The painter reads the frame
and nothing else (not the scene, not the session). The felt and the panels are one
cached layer per window size; cards and text come from caches, so a frame is mostly
blits."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

import pygame

from kalooki.engine.cards import face_of, sort_key_suit
from kalooki.engine.state import Phase
from kalooki.engine.view import PlayerView
from kalooki.ui.art import palette
from kalooki.ui.art import text as ink
from kalooki.ui.art.cards import CardArt
from kalooki.ui.art.felt import felt
from kalooki.ui.art.highlight import (
    Highlight,
    lesson_light,
    lesson_margin,
    overlay,
    overlay_margin,
    selection_ring,
)
from kalooki.ui.hand.progress import Row, progress_rows
from kalooki.ui.table.frame import TableFrame
from kalooki.ui.table.layout import TableLayout, count_on_fan
from kalooki.ui.table.log.book import LogPage, chip_rect, log_box
from kalooki.ui.table.motion import Sprite
from kalooki.ui.table.seat_header import JOINT, header_lines, row_size
from kalooki.words import tr
from kalooki.words.cards import card_said
from kalooki.words.catalog import has
from kalooki.words.formats import melds_label

_PANEL = (0, 0, 0, 70)
_BADGE = (0, 0, 0, 150)
_Header = tuple[pygame.Rect, tuple[str, ...], tuple[tuple[str, ...], ...],
                tuple[ink.Colour, ink.Colour, ink.Colour], str]
"""An opponent's header: its box, its name's clauses, its rows' clauses, their colours,
and the name alone (shown beside the dealer's chip when the clauses do not fit)."""
_PANEL_EDGE = (201, 164, 76, 90)
_TO_ACT = (246, 215, 122)
_TOAST_BG = (20, 12, 10, 255)
_BANNER_BG = (8, 30, 18, 255)
"""Solid, the felt in shadow: the banner lies over the opponents' words, which must not
show through it."""
_LABEL = (206, 220, 200)
_HINT = (120, 220, 255)
_HINT_LINE = 3
_HINT_GAP = 2
"""The hint's outline and its gap from a chosen card's ring, in pixels."""
_CUT_MARK = (246, 215, 122)
_CHIP = (20, 12, 10)
"""The log's "new lines ↓" chip: solid, so no line shows through it."""


def _panel(surface: pygame.Surface, rect: pygame.Rect) -> None:
    layer = pygame.Surface(rect.size, pygame.SRCALPHA)
    pygame.draw.rect(layer, _PANEL, layer.get_rect(), border_radius=10)
    pygame.draw.rect(layer, _PANEL_EDGE, layer.get_rect(), 1, border_radius=10)
    surface.blit(layer, rect)


def _boxed(surface: pygame.Surface, words: pygame.Surface, centre: tuple[int, int],
           colour: tuple[int, int, int, int]) -> None:
    box = words.get_rect(center=centre).inflate(words.get_height(), words.get_height() // 2)
    layer = pygame.Surface(box.size, pygame.SRCALPHA)
    pygame.draw.rect(layer, colour, layer.get_rect(), border_radius=box.height // 3)
    surface.blit(layer, box)
    surface.blit(words, words.get_rect(center=centre))


class TablePainter:
    def __init__(self, art: CardArt) -> None:
        self.art = art
        self._static: tuple[TableLayout, tuple[str, str], pygame.Surface] | None = None
        self._strip: tuple[tuple[int, int, int], pygame.Surface] | None = None

    def draw(self, surface: pygame.Surface, frame: TableFrame) -> None:
        view = frame.view
        calls = (view.calls_made[view.player], view.rules.max_calls) \
            if view.rules.calls_enabled else None
        labels = (melds_label(frame.melds_owner, calls), staging_label(frame.at_screen))
        surface.blit(self._static_layer(frame.layout, labels), (0, 0))
        self._zones(surface, frame)
        self._piles(surface, frame)
        self._sprites(surface, frame.cards)
        self._staging_text(surface, frame)
        self._sprites(surface, frame.flights)
        self._taught(surface, frame)
        self._hint(surface, frame)
        self._sprites(surface, frame.dragged)
        self._sidebar(surface, frame)
        self._messages(surface, frame)

    # --- layers ------------------------------------------------------------------------

    def _static_layer(self, layout: TableLayout, labels: tuple[str, str]) -> pygame.Surface:
        """The felt, the panels and their labels (``labels``: the viewer's melds box's and
        the staging area's)."""
        if self._static is not None and self._static[0] is layout and self._static[1] == labels:
            return self._static[2]
        surface = felt(layout.size).copy()
        small = max(12, layout.font - 2)
        for zone in layout.zones.values():
            _panel(surface, zone.rect)
        for rect in (layout.my_melds, layout.staging, layout.contract, layout.scores,
                     layout.log):
            _panel(surface, rect)
        melds, staging = labels
        placed = ((layout.my_melds, melds), (layout.staging, staging),
                  (layout.log, tr("table.label.log")))
        for rect, words in placed:
            surface.blit(ink.fit(words, small, rect.width - 16, _LABEL),
                         (rect.left + 8, rect.top + 4))
        self._static = (layout, labels, surface)
        return surface

    def _card(self, surface: pygame.Surface, face: int | None, x: float, y: float,
              width: int, selected: bool = False, shadow: bool = False,
              glow: bool = False, fresh: bool = False) -> None:
        if selected or shadow or glow or fresh:
            kind = (Highlight.SELECTED if selected else Highlight.DROP_TARGET if glow
                    else Highlight.SHADOW if shadow else Highlight.FRESH)
            margin = overlay_margin(width)
            surface.blit(overlay(kind, width), (round(x) - margin, round(y) - margin))
        image = self.art.back_surface(width) if face is None else self.art.face_surface(
            face, width)
        surface.blit(image, (round(x), round(y)))

    def _sprites(self, surface: pygame.Surface, sprites: tuple[Sprite, ...]) -> None:
        for s in sprites:
            self._card(surface, s.face, s.x, s.y, s.width, s.selected, s.shadow, s.glow,
                       s.fresh)

    def _zones(self, surface: pygame.Surface, frame: TableFrame) -> None:
        view, layout, names = frame.view, frame.layout, frame.names
        font = layout.font
        headers: list[_Header] = []
        for seat, zone in layout.zones.items():
            acting = seat in frame.callers if frame.callers else view.to_act == seat
            if acting:
                pygame.draw.rect(surface, _TO_ACT, zone.rect, 2, border_radius=10)
            level = frame.levels[seat]
            level_words = tr(f"setup.level.{level}") if has(f"setup.level.{level}") \
                else level  # a person is called as on the setup panel
            heading = tr("table.zone.dealer", name=names[seat]) if view.dealer == seat \
                else names[seat]
            count = view.hand_counts[seat]
            on_fan = count_on_fan(zone.header.width, font, len(layout.zones) >= 4)
            cards = () if on_fan else (tr("cards.count", count=count),)
            rows = (tr("table.zone.level_cards", level=level_words, cards=cards[0])
                    if cards else level_words, _standing(view, seat))
            clauses = (heading,) if heading == names[seat] else tuple(heading.split(JOINT))
            colours = (ink.GOLD if acting else ink.TEXT, ink.DIM,
                       ink.GOOD if view.down[seat] else ink.DIM)
            headers.append((zone.header, clauses, tuple(tuple(r.split(JOINT)) for r in rows),
                            colours, names[seat]))
            width = layout.back_w
            if zone.fan.height == 0:
                continue
            shown = sorted(frame.open_hands.get(seat, ()), key=sort_key_suit)
            faces: list[int | None] = [face_of(c) for c in shown] if shown else [None] * count
            fan = zone.fan.copy()
            if on_fan:
                fan.width -= self._count_badge(surface, count, fan, font - 2)
            step = min(width * 0.3, (fan.width - width) / max(1, count - 1))
            for i, face in enumerate(faces[:30]):
                self._card(surface, face, fan.left + i * step, fan.top, width)
        self._headers(surface, headers, font)

    @staticmethod
    def _headers(surface: pygame.Surface, headers: list[_Header], font: int) -> None:
        """Every opponent's header, its rows in one size at the whole table (the largest
        that the most crowded header allows)."""
        fitted = [header_lines(clauses, rows, box.width, box.height, font, alone=name)
                  for box, clauses, rows, _, name in headers]
        largest = min((row_size(lines) for lines in fitted), default=font)
        for (box, clauses, rows, colours, name), lines in zip(headers, fitted, strict=True):
            if row_size(lines) > largest:
                lines = header_lines(clauses, rows, box.width, box.height, font, largest,
                                     alone=name)
            for part in lines:
                room = box.width
                if part.chip:
                    chip = ink.text(tr("table.zone.dealer_chip"), part.size - 4, ink.GOLD, True)
                    room -= chip.get_width() + chip.get_height()
                    _boxed(surface, chip, (box.right - (chip.get_width() + chip.get_height())
                                           // 2, box.top + part.size * 2 // 3), _BADGE)
                surface.blit(ink.fit(part.words, part.size, room - 2, colours[part.row],
                                     bold=part.row == 0), (box.left, box.top + part.top))

    @staticmethod
    def _count_badge(surface: pygame.Surface, count: int, fan: pygame.Rect, size: int) -> int:
        """The hand's size as a number after its fan of backs; the width it takes."""
        words = ink.text(str(count), size, ink.TEXT, True)
        room = words.get_width() + words.get_height()
        _boxed(surface, words, (fan.right - room // 2, fan.centery), _BADGE)
        return room + 4

    def _cut_strip(self, layout: TableLayout, cards: int) -> pygame.Surface:
        """The whole pack spread along the table, face down, drawn once per size."""
        strip = layout.cut_strip
        key = (strip.width, layout.card_w, cards)
        if self._strip is not None and self._strip[0] == key:
            return self._strip[1]
        image = pygame.Surface(strip.size, pygame.SRCALPHA)
        shown = max(2, min(cards, strip.width // 5))
        step = (strip.width - layout.card_w) / (shown - 1)
        back = self.art.back_surface(layout.card_w)
        for i in range(shown):
            image.blit(back, (round(i * step), 0))
        self._strip = (key, image)
        return image

    def _cutting(self, surface: pygame.Surface, layout: TableLayout, cards: int,
                 share: float | None) -> None:
        """The human dealer's cut: the pack spread out and, mid-drag, a gap opened in it
        at the pointer. No count is shown: where it splits is only roughly known. The
        pack stays in its row (lifting the packet covered the labels above it)."""
        strip = layout.cut_strip
        image = self._cut_strip(layout, cards)
        if share is None:
            surface.blit(image, strip.topleft)
            return
        split = round(share * strip.width)
        gap = max(6, layout.card_w // 4)
        surface.blit(image, strip.topleft, pygame.Rect(0, 0, split, strip.height))
        surface.blit(image, (strip.left + split + gap, strip.top),
                     pygame.Rect(split + gap, 0, strip.width - split - gap, strip.height))
        x = strip.left + split + gap // 2
        pygame.draw.line(surface, _CUT_MARK, (x, strip.top), (x, strip.bottom), 3)

    def _piles(self, surface: pygame.Surface, frame: TableFrame) -> None:
        view, layout = frame.view, frame.layout
        small = max(12, layout.font - 2)
        if frame.cut is not None:
            self._cutting(surface, layout, *frame.cut)
            return
        stock = layout.stock
        for i in range(min(3, (view.stock_count + 19) // 20)):
            self._card(surface, None, stock.left - 2 * i, stock.top - 2 * i, layout.card_w)
        surface.blit(ink.text(tr("table.pile.stock", count=view.stock_count), small, _LABEL),
                     (stock.left, stock.top - round(small * 1.5)))
        surface.blit(ink.text(tr("table.pile.discard"), small, _LABEL),
                     (layout.discard.left, layout.discard.top - round(small * 1.5)))
        if not view.discard:
            pygame.draw.rect(surface, _PANEL_EDGE, layout.discard, 2, border_radius=6)
        lit, colour = frame.lit, palette.DROP_TARGET
        if lit.discard:
            pygame.draw.rect(surface, colour, layout.discard.inflate(10, 10), 3,
                             border_radius=8)
        for rect in lit.melds:
            pygame.draw.rect(surface, colour, rect.inflate(10, 10), 3, border_radius=8)
        if lit.card is not None:  # the freed joker, to be placed
            pygame.draw.rect(surface, colour, lit.card.inflate(8, 8), 3, border_radius=8)
        if lit.staging:
            pygame.draw.rect(surface, colour, layout.staging, 2, border_radius=10)

    def _taught(self, surface: pygame.Surface, frame: TableFrame) -> None:
        """Light what the lesson on screen talks about: its cards and places."""
        for rect in (*frame.taught.cards, *frame.taught.places):
            margin = lesson_margin(rect.height)
            surface.blit(lesson_light(rect.size), (rect.left - margin, rect.top - margin))

    def _hint(self, surface: pygame.Surface, frame: TableFrame) -> None:
        """Outline what the hint suggests: its cards and the place they should go."""
        for rect in frame.hint_cards:  # outside the gold ring of the card it chose
            reach = selection_ring(rect.width) + _HINT_GAP + _HINT_LINE
            pygame.draw.rect(surface, _HINT, rect.inflate(2 * reach, 2 * reach), _HINT_LINE,
                             border_radius=8 + reach)
        for rect in frame.hint_places:
            pygame.draw.rect(surface, _HINT, rect.inflate(12, 12), 3, border_radius=10)

    def _staging_text(self, surface: pygame.Surface, frame: TableFrame) -> None:
        layout = frame.layout
        small = max(12, layout.font - 3)
        rooms = label_rooms([rect for _, rect in frame.staged], layout.staging)
        for (meld, rect), width in zip(frame.staged, rooms, strict=True):
            mark, colour = (("✓ ", ink.GOOD) if meld.valid else ("✗ ", ink.BAD))
            words = mark + (meld.label() if meld.valid else tr("table.staging.no_meld"))
            for row, line in enumerate(label_lines(words, small, width)):
                surface.blit(ink.fit(line, small, width, colour),
                             (rect.left, rect.bottom + 3 + row * round(small * 1.15)))
        invalid = next((m for m, _ in frame.staged if not m.valid), None)
        if frame.ready:
            status, colour = tr(f"table.staging.{_ready(frame.view)}"), ink.GOOD
        elif invalid is not None:
            status, colour = str(invalid.reason), ink.BAD
        elif frame.lay_problem:
            status, colour = str(frame.lay_problem), ink.BAD
        elif not frame.at_screen:
            return  # no hand here to stage from: a covered screen, or a watched match
        else:
            status, colour = tr("table.staging.help"), ink.DIM
        area = layout.staging
        surface.blit(ink.fit(status, small + 1, area.width - 16, colour),
                     (area.left + 8, area.bottom - round(small * 1.6)))

    # --- sidebar -----------------------------------------------------------------------

    def _sidebar(self, surface: pygame.Surface, frame: TableFrame) -> None:
        view, layout, names = frame.view, frame.layout, frame.names
        font, line = layout.font, round(layout.font * 1.35)
        box = layout.contract.inflate(-16, -10)
        rules = view.rules
        deal = deal_words(view, names, frame.at_screen)
        rows = [(header_words(deal, font, box.width), ink.GOLD, True),
                *sidebar_progress(frame, box.width, font - 2)]
        rows.append((_turn_text(view, names, frame.at_screen, frame.callers), ink.DIM, False))
        for i, (words, colour, bold) in enumerate(rows):
            surface.blit(ink.fit(words, font if i == 0 else font - 2, box.width, colour, bold),
                         (box.left, box.top + i * line))
        box = layout.scores.inflate(-16, -10)
        heading = (tr("table.scores") if rules.match_end != "elimination"
                   else tr("table.scores_limit", limit=rules.elimination_limit))
        surface.blit(ink.fit(heading, font, box.width, ink.GOLD, True), box.topleft)
        for seat, name in enumerate(names):
            y = box.top + (seat + 1) * line
            out = bool(view.out) and view.out[seat]
            colour = _TO_ACT if view.to_act == seat else ink.DIM if out else ink.TEXT
            marker = "▸ " if view.to_act == seat else "   "
            bought = view.buy_ins_used[seat] if view.buy_ins_used else 0
            label = (tr("table.scores_out", name=name) if out else name) \
                + (" ↺" * bought if bought else "")
            image = ink.fit(marker + label, font, box.width - 70, colour)
            surface.blit(image, (box.left, y))
            total = ink.text(str(view.totals[seat]), font, colour, True)
            surface.blit(total, (box.right - total.get_width(), y))
            if out:  # struck through: still listed, no longer playing
                middle = y + image.get_height() // 2
                pygame.draw.line(surface, ink.DIM, (box.left + 12, middle),
                                 (box.right, middle), 2)
        self._log(surface, layout, frame.log)

    def _log(self, surface: pygame.Surface, layout: TableLayout, page: LogPage) -> None:
        box = log_box(layout)
        for i, words in enumerate(page.lines):
            surface.blit(ink.text(words, box.size), (box.rect.left, box.rect.top + i * box.line))
        if page.unread:  # scrolled back while the match went on: say so, at the foot
            words = tr("table.log.new_lines")
            chip = chip_rect(box, words)
            pygame.draw.rect(surface, _CHIP, chip, border_radius=chip.height // 2)
            image = ink.text(words, box.size, ink.GOLD, True)
            surface.blit(image, image.get_rect(center=chip.center))

    # --- messages ----------------------------------------------------------------------

    def _messages(self, surface: pygame.Surface, frame: TableFrame) -> None:
        layout = frame.layout
        words = prompt(frame)
        if words:
            colour = _HINT if frame.hint_reason is not None and frame.view.my_turn \
                else ink.GOLD
            surface.blit(ink.fit(words, layout.font, layout.prompt.width, colour, True),
                         layout.prompt.topleft)
        centre_x = layout.staging.centerx
        if frame.toast:
            _boxed(surface, ink.fit(str(frame.toast), layout.font, layout.staging.width - 40,
                                    ink.BAD, True), (centre_x, layout.staging.top), _TOAST_BG)
        shown = frame_banner(frame)
        if shown is not None:
            layer = pygame.Surface(shown.box.size, pygame.SRCALPHA)
            round_by = min(shown.box.height // 3, layout.font)
            pygame.draw.rect(layer, _BANNER_BG, layer.get_rect(), border_radius=round_by)
            pygame.draw.rect(layer, _PANEL_EDGE, layer.get_rect(), 1, border_radius=round_by)
            surface.blit(layer, shown.box)
            for image, spot in shown.lines:
                surface.blit(image, spot)


@dataclass(frozen=True)
class Banner:
    """A banner as drawn: its box, and its lines each with where it goes."""

    box: pygame.Rect
    lines: tuple[tuple[pygame.Surface, pygame.Rect], ...]


def banner_at(layout: TableLayout, words: str,
              kept: Sequence[pygame.Rect] = ()) -> Banner:
    """Where a banner's ``words`` go: across the foot of the opponents' row
    (``layout.banner``), large when they fit on one line, else at the table's size, on
    more lines only when one is too short, in a box that hugs them; where something of
    ``kept`` lies there (the guided game's lesson box), over the whole scores panel for
    the banner's moment. Neither covers a place cards go, in any layout."""
    room, fill = (layout.banner, False) if layout.banner.collidelist(kept) == -1 \
        else (layout.scores, True)
    big = round(layout.font * 1.5)
    size = big if len(ink.wrap(words, big, room.width - 2 * big, bold=True)) <= 1 \
        else layout.font
    width = room.width - 2 * size
    lines = ink.wrap(words, size, width, bold=True) or [words]
    high = ink.text(lines[0], size, ink.GOLD, True).get_height()
    rows = max(1, min(len(lines), (room.height - high // 2) // high))
    lines = [*lines[:rows - 1], " ".join(lines[rows - 1:])]  # the rest cut where it ends
    images = [ink.fit(line, size, width, ink.GOLD, True) for line in lines]
    block = pygame.Rect(0, 0, max(image.get_width() for image in images), high * rows)
    block.center = room.center
    if not fill:  # over the card backs, low in the row, the names left in sight
        block.bottom = room.bottom - high // 4
    spots = [image.get_rect(midtop=(block.centerx, block.top + i * high))
             for i, image in enumerate(images)]
    box = room.copy() if fill else block.inflate(high, high // 2)
    return Banner(box, tuple(zip(images, spots, strict=True)))


def frame_banner(frame: TableFrame) -> Banner | None:
    """The frame's banner (None when it shows none), clear of the guided game's lesson
    box and of all its lesson lights."""
    if not frame.banner:
        return None
    return banner_at(frame.layout, str(frame.banner),
                     (frame.lesson_box, *frame.taught.cards, *frame.taught.places))


def label_rooms(melds: list[pygame.Rect], staging: pygame.Rect) -> list[int]:
    """How wide each staged meld's label may be: up to the next meld on its row, or the
    staging panel's edge ("✓ group of que…" was cut at the meld's own width)."""
    rooms = []
    for rect in melds:
        right = min((other.left for other in melds
                     if other.left > rect.left and other.top == rect.top),
                    default=staging.right)
        rooms.append(right - rect.left - 8)
    return rooms


def deal_words(view: PlayerView, names: tuple[str, ...], at_screen: bool) -> str:
    """The deal and its dealer: "Deal 3 of 9 · dealer Marcia", or "· your deal" to the
    person at the screen who deals (not "dealer You")."""
    mine = "_you" if at_screen and view.dealer == view.player else ""
    if view.rules.match_end == "elimination":
        return tr(f"table.sidebar.deal{mine}", deal=view.deal_no, dealer=names[view.dealer])
    return tr(f"table.sidebar.deal_of{mine}", deal=view.deal_no,
              deals=view.rules.deals_per_match, dealer=names[view.dealer])


def header_words(both: str, size: int, room: int) -> str:
    """The sidebar's first row: the deal and its dealer, or the deal alone (the words
    before " · ") when both do not fit ("dealer Des…" at 1600×1000); the dealer's zone
    says "dealer" too."""
    fits = ink.text(both, size, bold=True).get_width() <= room
    return both if fits else both.split(" · ")[0]


def label_lines(words: str, size: int, room: int) -> list[str]:
    """A staged meld's label on one line, or two when it is longer than its room."""
    return ink.wrap_at_most(words, size, room, 2)


_PHASES = {Phase.CUT: "cut", Phase.DRAW: "draw", Phase.CALL: "call", Phase.ALLOW: "allow",
           Phase.PLAY: "play", Phase.BUY_IN: "buy_in"}


def staging_label(at_screen: bool) -> str:
    """The staging area's label asks for cards only where a person at the screen can drop
    them: a watched match or a covered screen just names the area."""
    return tr("table.label.staging" if at_screen else "table.label.staging_idle")


def sidebar_progress(frame: TableFrame, width: int, size: int) -> list[Row]:
    """The sidebar's progress rows for whoever the frame shows: the person at the screen,
    a watched seat by name, or nobody while the screen is covered (the pass screen)."""
    owner = ("" if frame.melds_owner == "" else None if frame.at_screen
             else frame.names[frame.view.player])
    return progress_rows(frame.view, [meld for meld, _ in frame.staged], owner, width, size)


def _turn_text(view: PlayerView, names: tuple[str, ...], at_screen: bool,
               callers: tuple[int, ...] = ()) -> str:
    """Whose move it is: "You" only to a person at the screen (autoplay and a watched
    match seat a computer where the person would sit: it is named); every person of a
    shared call window."""
    if view.to_act is None or view.phase not in _PHASES:
        return tr("table.now.over")
    if callers:
        return tr("table.now.calls", who=", ".join(names[seat] for seat in callers))
    mine = at_screen and view.to_act == view.player
    who = tr("table.you") if mine else names[view.to_act]
    return tr(f"table.now.{_PHASES[view.phase]}", who=who)


def prompt(frame: TableFrame) -> str:
    """The line above the hand: what the person at the screen may do now."""
    view, names = frame.view, frame.names
    if not frame.at_screen or view.to_act is None:
        return ""
    if view.out and view.out[view.player]:
        return tr("table.prompt.out", name=names[view.to_act])
    if view.to_act != view.player:
        return tr("table.prompt.thinking", name=names[view.to_act])
    if frame.hint_reason is not None:
        return tr("table.prompt.hint", reason=frame.hint_reason)
    top = str(card_said(view.top_discard)) if view.top_discard is not None else ""
    rules = view.rules
    if view.phase == Phase.CUT:
        return tr("table.prompt.cut")
    if view.phase == Phase.DRAW:
        if any(a.code == "take" for a in view.legal):
            return tr("table.prompt.draw_or_take", card=top)
        if view.discard_dead and view.discard:  # the card showing is not to be had
            return tr("table.prompt.draw_dead", card=top)
        return tr("table.prompt.draw")
    if view.phase == Phase.CALL:
        if not frame.call_asked:
            return tr("table.prompt.call_unasked", card=top)
        if frame.call_seconds is None:
            return tr("table.prompt.call_held", card=top)
        return tr("table.prompt.call", card=top, seconds=frame.call_seconds)
    if view.phase == Phase.ALLOW:
        if view.caller is None:
            return tr("table.prompt.allow_someone", card=top)
        return tr("table.prompt.allow", caller=names[view.caller], card=top)
    if view.phase == Phase.BUY_IN:
        return tr("table.prompt.buy_in", limit=rules.elimination_limit)
    if view.freed_joker is not None:
        return tr("table.prompt.freed_joker")
    if view.meld_owed:
        if view.down[view.player]:
            return tr("table.prompt.owed_meld")
        if not rules.uses_contracts:
            return tr("table.prompt.owed_opening", points=rules.opening_points)
        return tr("table.prompt.owed_contract")
    if frame.ready:  # the staged melds may be laid: say so, as the staging area does
        return tr(f"table.prompt.{_ready(view)}")
    if view.down[view.player]:
        return tr("table.prompt.down")
    if not rules.uses_contracts:
        return tr("table.prompt.opening", points=rules.opening_points)
    return tr("table.prompt.contract")


def _standing(view: PlayerView, seat: int) -> str:
    """An opponent's third header line: out, down (or opened), and calls where calls exist."""
    if view.out and view.out[seat]:
        return tr("table.standing.out")
    done = "yes" if view.down[seat] else "no"
    down = tr(f"table.standing.down.{done}" if view.rules.uses_contracts
              else f"table.standing.opened.{done}")
    if not view.rules.calls_enabled:
        return down
    return tr("table.standing.calls", standing=down, made=view.calls_made[seat],
              most=view.rules.max_calls)


def _ready(view: PlayerView) -> str:
    """The staged melds' "ready" line, naming the Lay button as it reads now."""
    return "ready_more" if view.down[view.player] else "ready"

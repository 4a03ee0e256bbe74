"""Playing cards drawn in code, so they stay sharp at every size and need no image files.

Each card is drawn on a canvas two or four times larger than asked and smooth-scaled down:
that supersampling anti-aliases the shapes (pygame's polygons are not) and keeps small
cards readable. Finished surfaces are cached per (face, width, letters): the ranks'
letters are the language's (R D V in French, ``cards.letter.*``) unless the player keeps
the English K Q J, so a language switch draws the faces again.
"""

from __future__ import annotations

import math
from collections import OrderedDict
from collections.abc import Sequence

import pygame

from kalooki.engine.cards import JACK, JOKER_FACE, KING, QUEEN, face_rank, face_suit, rank_text
from kalooki.ui.art import palette
from kalooki.ui.resources import font
from kalooki.words import language, tr
from kalooki.words.cards import LETTERED

ASPECT = 1.4
_CACHE_SIZE = 1024
_BACK = -1
_SUIT_GLYPHS = "♠♥♣♦"  # indexed like kalooki.engine.cards suits: S H C D

Point = tuple[float, float]

# Pip centres as (column, row): column -1/0/1 = left/centre/right, row 0..1 top to bottom.
_PIPS: dict[int, tuple[tuple[int, float], ...]] = {
    2: ((0, 0), (0, 1)),
    3: ((0, 0), (0, 0.5), (0, 1)),
    4: ((-1, 0), (1, 0), (-1, 1), (1, 1)),
    5: ((-1, 0), (1, 0), (0, 0.5), (-1, 1), (1, 1)),
    6: ((-1, 0), (1, 0), (-1, 0.5), (1, 0.5), (-1, 1), (1, 1)),
    7: ((-1, 0), (1, 0), (0, 0.25), (-1, 0.5), (1, 0.5), (-1, 1), (1, 1)),
    8: ((-1, 0), (1, 0), (0, 0.25), (-1, 0.5), (1, 0.5), (0, 0.75), (-1, 1), (1, 1)),
    9: ((-1, 0), (1, 0), (-1, 1 / 3), (1, 1 / 3), (0, 0.5),
        (-1, 2 / 3), (1, 2 / 3), (-1, 1), (1, 1)),
    10: ((-1, 0), (1, 0), (0, 1 / 6), (-1, 1 / 3), (1, 1 / 3),
         (-1, 2 / 3), (1, 2 / 3), (0, 5 / 6), (-1, 1), (1, 1)),
}


def card_height(width: int) -> int:
    return round(width * ASPECT)


def _supersample(width: int) -> int:
    """Powers of two only: smoothscale by a third loses 1-2 levels (cards went see-through)."""
    return 4 if width < 100 else 2


def _index_growth(width: int) -> float:
    """Indices grow relative to the card as it shrinks, so a 40 px card still reads."""
    return 1.0 + max(0.0, min(0.35, (110 - width) / 200))


def _index_margin(width: int) -> int:
    """How near a corner index may come to the card's edges, in pixels: 5% of the card,
    and at least 3 pixels (an index that touches the edge reads as cut)."""
    return max(3, round(width * 0.05))


def ink(text: str, height: float, colour: palette.Colour | pygame.Color, bold: bool = True,
        max_width: float | None = None) -> pygame.Surface:
    """``text`` cropped to its inked pixels and scaled so the ink is exactly ``height``
    tall: glyph boxes carry uneven padding, and card layout needs the visible shape."""
    rendered = font(max(8, round(height * 1.5)), bold).render(text, True, colour)
    cropped = rendered.subsurface(rendered.get_bounding_rect())
    w, h = cropped.get_size()
    new_w = w * height / h
    if max_width is not None:
        new_w = min(new_w, max_width)
    return pygame.transform.smoothscale(cropped, (max(1, round(new_w)), max(1, round(height))))


def _blit_centred(canvas: pygame.Surface, image: pygame.Surface, centre: Point) -> None:
    canvas.blit(image, image.get_rect(center=(round(centre[0]), round(centre[1]))))


def _rounded_mask(canvas: pygame.Surface, radius: int) -> None:
    """Cut the canvas to a rounded rectangle (transparent outside the corners)."""
    mask = pygame.Surface(canvas.get_size(), pygame.SRCALPHA)
    pygame.draw.rect(mask, (255, 255, 255, 255), mask.get_rect(), border_radius=radius)
    canvas.blit(mask, (0, 0), special_flags=pygame.BLEND_RGBA_MIN)


def _star(centre: Point, outer: float, inner: float, points: int = 5) -> list[Point]:
    cx, cy = centre
    corners = []
    for i in range(points * 2):
        r = outer if i % 2 == 0 else inner
        angle = -math.pi / 2 + i * math.pi / points
        corners.append((cx + r * math.cos(angle), cy + r * math.sin(angle)))
    return corners


class CardArt:
    """Card faces and backs in one style; ``four_colour`` gives ♦ blue and ♣ green."""

    def __init__(self, four_colour: bool = False, english_letters: bool = False) -> None:
        self.four_colour = four_colour
        self.english_letters = english_letters
        """K Q J in every language (the setting), rather than the language's letters."""
        self._cache: OrderedDict[tuple[int, int, str], pygame.Surface] = OrderedDict()

    # --- public ---------------------------------------------------------------------

    def face_surface(self, face_code: int, width: int) -> pygame.Surface:
        if not 0 <= face_code <= JOKER_FACE:
            raise ValueError(f"face code {face_code} out of range")
        return self._cached(face_code, width)

    def back_surface(self, width: int) -> pygame.Surface:
        return self._cached(_BACK, width)

    def set_four_colour(self, four_colour: bool) -> None:
        """Change the colouring (the four-colour deck setting); cached faces are redrawn."""
        if four_colour != self.four_colour:
            self.four_colour = four_colour
            self._cache.clear()

    def set_english_letters(self, english: bool) -> None:
        """K Q J on the faces whatever the language (or the language's letters again)."""
        self.english_letters = english

    def letters(self) -> str:
        """Whose letters the faces carry now: ``en`` or the language's code."""
        return "en" if self.english_letters else language()

    def rank_letter(self, rank: int) -> str:
        if rank not in LETTERED or self.english_letters:
            return rank_text(rank)
        return tr(f"cards.letter.{rank}")

    def suit_colour(self, suit: int) -> pygame.Color:
        colours = palette.SUITS_FOUR if self.four_colour else palette.SUITS_CLASSIC
        return pygame.Color(colours[suit])

    # --- drawing --------------------------------------------------------------------

    def _cached(self, key: int, width: int) -> pygame.Surface:
        if width < 8:
            raise ValueError(f"card width {width} is too small")
        cache_key = (key, width, self.letters() if key != _BACK else "")
        surface = self._cache.get(cache_key)
        if surface is None:
            surface = self._draw(key, width)
            self._cache[cache_key] = surface
            if len(self._cache) > _CACHE_SIZE:
                self._cache.popitem(last=False)
        else:
            self._cache.move_to_end(cache_key)
        return surface

    def _draw(self, key: int, width: int) -> pygame.Surface:
        scale = _supersample(width)
        size = (width * scale, card_height(width) * scale)
        # Drawn opaque (alpha-on-alpha blits leave the inside slightly see-through), then
        # copied to an alpha surface and cut to rounded corners.
        canvas = pygame.Surface(size)
        canvas.fill(palette.CARD_BORDER)
        radius = round(size[0] * 0.075)
        border = max(scale, round(width / 90 * scale))
        pygame.draw.rect(canvas, palette.CARD_BORDER, canvas.get_rect(), border_radius=radius)
        inner = canvas.get_rect().inflate(-2 * border, -2 * border)
        pygame.draw.rect(canvas, palette.CARD_FACE, inner, border_radius=radius - border)
        if key == _BACK:
            self._draw_back(canvas, inner, radius - border)
        elif key == JOKER_FACE:
            self._draw_joker(canvas, _index_growth(width), _index_margin(width) * scale)
        else:
            self._draw_natural(canvas, face_rank(key), face_suit(key), _index_growth(width),
                               _index_margin(width) * scale)
        card = pygame.Surface(size, pygame.SRCALPHA)
        card.blit(canvas, (0, 0))
        _rounded_mask(card, radius)
        return pygame.transform.smoothscale(card, (width, card_height(width)))

    def _suit(self, suit: int, height: float) -> pygame.Surface:
        return ink(_SUIT_GLYPHS[suit], height, self.suit_colour(suit), bold=False)

    def _index(self, canvas: pygame.Surface, label: pygame.Surface, mark: pygame.Surface,
               margin: int) -> None:
        """The rank (or joker star) over a small suit, top-left and upside down
        bottom-right, centred on its column but never nearer the edges than ``margin``
        (a wide "10" or star used to touch the card's edge)."""
        w = canvas.get_width()
        column = max(label.get_width(), mark.get_width())
        gap = round(w * 0.03)
        corner = pygame.Surface((column, label.get_height() + gap + mark.get_height()),
                                pygame.SRCALPHA)
        corner.blit(label, ((column - label.get_width()) // 2, 0))
        corner.blit(mark, ((column - mark.get_width()) // 2, label.get_height() + gap))
        x = max(margin, round(w * 0.115 - column / 2))
        y = max(margin, round(w * 0.065))
        canvas.blit(corner, (x, y))
        flipped = pygame.transform.flip(corner, True, True)
        canvas.blit(flipped, (canvas.get_width() - x - column,
                              canvas.get_height() - y - corner.get_height()))

    def _draw_natural(self, canvas: pygame.Surface, rank: int, suit: int, grow: float,
                      margin: int) -> None:
        w, h = canvas.get_size()
        colour = self.suit_colour(suit)
        label = ink(self.rank_letter(rank), w * 0.145 * grow, colour, max_width=w * 0.2 * grow)
        self._index(canvas, label, self._suit(suit, w * 0.12 * grow), margin)
        if rank == 1:
            self._draw_ace(canvas, suit)
        elif rank >= JACK:
            self._draw_court(canvas, rank, suit, grow)
        else:
            # Small cards have big indices: pull the pips in to keep clear of them.
            pip = self._suit(suit, w * (0.19 if rank < 9 else 0.175) / grow)
            upside_down = pygame.transform.flip(pip, True, True)
            top, bottom = h * 0.19, h * 0.81
            spread = 0.165 - (grow - 1) * 0.08
            for column, row in _PIPS[rank]:
                centre = (w * (0.5 + column * spread), top + row * (bottom - top))
                _blit_centred(canvas, upside_down if row > 0.5 else pip, centre)

    def _draw_ace(self, canvas: pygame.Surface, suit: int) -> None:
        w, h = canvas.get_size()
        centre = (w / 2, h / 2)
        if suit == 0:  # the ace of spades carries the deck's ornament
            ring = round(w * 0.3)
            pygame.draw.circle(canvas, palette.GOLD, centre, ring, max(1, round(w * 0.012)))
            pygame.draw.circle(canvas, palette.GOLD, centre, ring - round(w * 0.03),
                               max(1, round(w * 0.005)))
        _blit_centred(canvas, self._suit(suit, w * (0.4 if suit == 0 else 0.36)), centre)

    def _draw_court(self, canvas: pygame.Surface, rank: int, suit: int, grow: float) -> None:
        """A double-ended court card: a framed panel whose top half (emblem, big letter)
        is repeated upside down in the bottom half, as on printed decks."""
        w, h = canvas.get_size()
        colour = self.suit_colour(suit)
        margin = 0.22 + (grow - 1) * 0.12
        frame = pygame.Rect(round(w * margin), round(h * 0.075), round(w * (1 - 2 * margin)),
                            round(h * 0.85))
        line = max(1, round(w * 0.012))
        pygame.draw.rect(canvas, palette.COURT_PANEL, frame, border_radius=round(w * 0.03))
        half = pygame.Surface((frame.width, frame.height // 2), pygame.SRCALPHA)
        hw, hh = half.get_size()
        emblem_box = pygame.Rect(round(hw * 0.18), round(hh * 0.08), round(hw * 0.64),
                                 round(hh * 0.36))
        {KING: _crown, QUEEN: _rose, JACK: _shield}[rank](half, emblem_box, colour, line)
        letter = ink(self.rank_letter(rank), hh * 0.4, colour, max_width=hw * 0.5)
        _blit_centred(half, letter, (hw * 0.5, hh * 0.7))
        small = self._suit(suit, hh * 0.14)
        _blit_centred(half, small, (hw * 0.14, hh * 0.14))
        _blit_centred(half, small, (hw * 0.86, hh * 0.14))
        canvas.blit(half, frame.topleft)
        canvas.blit(pygame.transform.flip(half, True, True), (frame.x, frame.bottom - hh))
        mid = frame.centery
        pygame.draw.line(canvas, palette.GOLD, (frame.x + line * 3, mid),
                         (frame.right - line * 3, mid), line)
        pygame.draw.rect(canvas, colour, frame, line, border_radius=round(w * 0.03))
        pygame.draw.rect(canvas, palette.GOLD, frame.inflate(-line * 4, -line * 4),
                         max(1, line // 2), border_radius=round(w * 0.02))

    def _draw_joker(self, canvas: pygame.Surface, grow: float, margin: int) -> None:
        w, h = canvas.get_size()
        star = _star_surface(w * 0.15 * grow, palette.JOKER_MAIN, palette.JOKER_ACCENT)
        self._index(canvas, star, ink(tr("cards.letter.joker"), w * 0.08 * grow,
                                      palette.JOKER_MAIN, max_width=w * 0.2 * grow), margin)
        centre = (w / 2, h / 2)
        pygame.draw.circle(canvas, palette.JOKER_GLOW, centre, w * 0.29)
        big = _star_surface(w * 0.52, palette.JOKER_ACCENT, palette.JOKER_MAIN)
        _blit_centred(canvas, big, centre)
        word = ink(tr("cards.joker").upper(), w * 0.11, palette.JOKER_MAIN, max_width=w * 0.56)
        _blit_centred(canvas, word, (w / 2, h * 0.2))
        _blit_centred(canvas, pygame.transform.flip(word, True, True), (w / 2, h * 0.8))

    def _draw_back(self, canvas: pygame.Surface, inner: pygame.Rect, radius: int) -> None:
        """A lattice of diamonds inside a gold frame, with a centre medallion."""
        w = canvas.get_width()
        field = inner.inflate(-round(w * 0.09), -round(w * 0.09))
        pattern = pygame.Surface(field.size, pygame.SRCALPHA)
        pattern.fill(palette.BACK_MAIN)
        step = max(4, round(w * 0.085))
        line = max(1, round(w * 0.012))
        fw, fh = field.size
        for offset in range(-fh, fw + fh, step):
            pygame.draw.line(pattern, palette.BACK_LINE, (offset, 0), (offset + fh, fh), line)
            pygame.draw.line(pattern, palette.BACK_LINE, (offset, fh), (offset + fh, 0), line)
        for x in range(0, fw + step, step):
            for y in range(0, fh + step, step):
                cx, cy = x + (step // 2 if (y // step) % 2 else 0), y
                pygame.draw.circle(pattern, palette.BACK_DOT, (cx, cy), max(1, line))
        _rounded_mask(pattern, max(1, radius - round(w * 0.04)))
        canvas.blit(pattern, field)
        pygame.draw.rect(canvas, palette.GOLD, field, max(1, round(w * 0.014)),
                         border_radius=max(1, radius - round(w * 0.04)))
        medallion = pygame.Rect(0, 0, round(w * 0.42), round(w * 0.56))
        medallion.center = field.center
        pygame.draw.ellipse(canvas, palette.BACK_MAIN, medallion)
        pygame.draw.ellipse(canvas, palette.GOLD, medallion, max(1, round(w * 0.014)))
        emblem = ink("♠", medallion.height * 0.42, pygame.Color(palette.GOLD), bold=False)
        _blit_centred(canvas, emblem, medallion.center)


def _star_surface(size: float, fill: Sequence[int], outline: Sequence[int]) -> pygame.Surface:
    side = max(2, round(size))
    surface = pygame.Surface((side, side), pygame.SRCALPHA)
    points = _star((side / 2, side * 0.53), side * 0.5, side * 0.2)
    pygame.draw.polygon(surface, fill, points)
    pygame.draw.polygon(surface, outline, points, max(1, round(side * 0.06)))
    return surface


def _crown(surface: pygame.Surface, box: pygame.Rect, colour: pygame.Color, line: int) -> None:
    """King: a three-spiked crown with pearls and a band of gems."""
    x, y, w, h = box
    band_top = y + h * 0.62
    points = [(x, y + h), (x, y + h * 0.25), (x + w * 0.25, band_top - h * 0.1),
              (x + w * 0.5, y + h * 0.1), (x + w * 0.75, band_top - h * 0.1),
              (x + w, y + h * 0.25), (x + w, y + h)]
    pygame.draw.polygon(surface, palette.GOLD, points)
    pygame.draw.polygon(surface, palette.GOLD_DARK, points, line)
    for px, py in (points[1], points[3], points[5]):
        pygame.draw.circle(surface, palette.GOLD_DARK, (px, py), h * 0.1)
        pygame.draw.circle(surface, palette.PEARL, (px, py), h * 0.1 - line)
    pygame.draw.line(surface, palette.GOLD_DARK, (x, band_top), (x + w, band_top), line)
    for gx in (0.2, 0.5, 0.8):
        pygame.draw.circle(surface, colour, (x + w * gx, band_top + h * 0.19), h * 0.1)


def _rose(surface: pygame.Surface, box: pygame.Rect, colour: pygame.Color, line: int) -> None:
    """Queen: a rose in the suit's colour with a gold heart, between two leaves."""
    x, y, w, h = box
    cx, cy = x + w / 2, y + h * 0.5
    r = h * 0.5
    for side in (-1, 1):
        leaf = [(cx, cy + r * 0.3), (cx + side * w * 0.3, cy + r * 0.15),
                (cx + side * w * 0.5, cy + r * 0.65), (cx + side * w * 0.22, cy + r * 0.75)]
        pygame.draw.polygon(surface, palette.LEAF, leaf)
        pygame.draw.polygon(surface, palette.GOLD_DARK, leaf, max(1, line // 2))
    for i in range(5):
        angle = -math.pi / 2 + i * 2 * math.pi / 5
        centre = (cx + r * 0.5 * math.cos(angle), cy + r * 0.5 * math.sin(angle))
        pygame.draw.circle(surface, palette.GOLD_DARK, centre, r * 0.5)
        pygame.draw.circle(surface, colour, centre, r * 0.5 - line)
    pygame.draw.circle(surface, palette.GOLD_DARK, (cx, cy), r * 0.38)
    pygame.draw.circle(surface, palette.GOLD, (cx, cy), r * 0.38 - line)
    pygame.draw.circle(surface, palette.PEARL, (cx - r * 0.1, cy - r * 0.1), r * 0.1)


def _shield(surface: pygame.Surface, box: pygame.Rect, colour: pygame.Color, line: int) -> None:
    """Jack: a knight's shield with a band across, over crossed lances."""
    x, y, w, h = box
    cx = x + w / 2
    for side in (-1, 1):
        pygame.draw.line(surface, palette.GOLD_DARK, (cx - side * w * 0.48, y + h),
                         (cx + side * w * 0.42, y), line * 2)
        pygame.draw.circle(surface, palette.GOLD_DARK, (cx + side * w * 0.42, y), line * 2.5)
    quarter = [i * math.pi / 16 for i in range(9)]
    right = [(cx + w * 0.24 * math.cos(a), y + h * (0.45 + 0.55 * math.sin(a))) for a in quarter]
    shield = [(cx - w * 0.24, y), (cx + w * 0.24, y), *right,
              *[(2 * cx - px, py) for px, py in reversed(right)]]
    pygame.draw.polygon(surface, palette.GOLD, shield)
    pygame.draw.rect(surface, colour, (cx - w * 0.24, y + h * 0.22, w * 0.48, h * 0.18))
    pygame.draw.polygon(surface, palette.GOLD_DARK, shield, line)

"""The overlay at the end of a deal: every hand shown with its points, bending the table and
the cut bonus marked, and the running totals; at the end of the match, the standings."""

from __future__ import annotations

from collections.abc import Sequence

import pygame

from kalooki.engine.cards import face_of, sort_key_suit
from kalooki.engine.state import DealResult
from kalooki.ui import text as ink
from kalooki.ui.card_art import CardArt
from kalooki.ui.table_layout import meld_step

_BACKDROP = (0, 0, 0, 150)
_PANEL = (10, 40, 26, 240)
_BORDER = (201, 164, 76)


def summary_rect(size: tuple[int, int]) -> pygame.Rect:
    rect = pygame.Rect(0, 0, min(size[0] - 40, 1100), min(size[1] - 40, 760))
    rect.center = (size[0] // 2, size[1] // 2)
    return rect


def _standings(names: Sequence[str], totals: Sequence[int]) -> str:
    order = sorted(range(len(names)), key=lambda p: totals[p])
    return "   ".join(f"{rank}. {names[p]} {totals[p]}" for rank, p in enumerate(order, 1))


def render_summary(art: CardArt, size: tuple[int, int], result: DealResult,
                   names: Sequence[str], totals: Sequence[int], final: bool) -> pygame.Surface:
    """The whole overlay, window-sized, drawn once when the deal ends."""
    surface = pygame.Surface(size, pygame.SRCALPHA)
    surface.fill(_BACKDROP)
    panel = summary_rect(size)
    pygame.draw.rect(surface, _PANEL, panel, border_radius=14)
    pygame.draw.rect(surface, _BORDER, panel, 2, border_radius=14)
    big = max(20, round(size[1] * 0.036))
    small = max(14, round(size[1] * 0.022))
    pad = round(big * 0.9)
    if result.winner is None:
        title = f"Deal {result.deal} is void"
    else:
        bent = " and bent the table" if result.bent else ""
        title = f"Deal {result.deal}: {names[result.winner]} went out{bent}"
    surface.blit(ink.text(title, big, ink.GOLD, bold=True), (panel.left + pad, panel.top + pad))
    top = panel.top + pad + round(big * 1.8)
    bottom = panel.bottom - pad - round(small * 5)
    rows = len(names)
    row_h = (bottom - top) // max(1, rows)
    card_w = max(24, min(70, round((row_h - 8) / 1.4)))
    name_w = round(panel.width * 0.18)
    points_x = panel.right - pad - round(panel.width * 0.22)
    for player in range(rows):
        y = top + player * row_h
        surface.blit(ink.fit(names[player], small, name_w, bold=True), (panel.left + pad, y))
        x = panel.left + pad + name_w
        step = meld_step(card_w)
        for card in sorted(result.hands[player], key=sort_key_suit):
            if x + card_w > points_x - 10:
                break
            surface.blit(art.face_surface(face_of(card), card_w), (x, y))
            x += step
        score = result.scores[player]
        notes = []
        if result.bent and player != result.winner and score:
            notes.append("×2 bent")
        if result.cut_bonus and player == result.dealer:
            notes.append("cut bonus")
        detail = f"{score:+d}" + (f" ({', '.join(notes)})" if notes else "")
        colour = ink.GOOD if score <= 0 else ink.TEXT
        surface.blit(ink.text(detail, small, colour, bold=True), (points_x, y))
        surface.blit(ink.text(f"total {totals[player]}", small, ink.DIM),
                     (points_x, y + round(small * 1.4)))
        if player == result.winner:
            surface.blit(ink.text("out", small, ink.GOLD, bold=True),
                         (panel.left + pad, y + round(small * 1.4)))
    heading = "Final standings: " if final else "Totals so far: "
    surface.blit(ink.fit(heading + _standings(names, totals), small, panel.width - 2 * pad,
                         ink.GOLD if final else ink.TEXT, bold=final),
                 (panel.left + pad, bottom + round(small * 0.6)))
    return surface

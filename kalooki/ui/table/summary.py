"""The overlay at the end of a deal: every hand shown with its points, bending the table (or
going Kalooki / Rami) and the cut bonus marked, each opening's value in threshold games, and
the running totals; at the end of the match, the standings or the last player standing."""

from __future__ import annotations

from collections.abc import Mapping, Sequence

import pygame

from kalooki.engine.cards import face_of, sort_key_suit
from kalooki.engine.deal import DealResult, Stall
from kalooki.engine.rules import TURN_CEILING, RuleSet
from kalooki.engine.scoring import hand_points
from kalooki.ui.art import text as ink
from kalooki.ui.art.cards import CardArt
from kalooki.ui.charts.match import match_chart
from kalooki.ui.charts.plot import draw_chart
from kalooki.ui.table.layout import meld_step, meld_width
from kalooki.ui.table.log.narrate import bonus_text, going_word
from kalooki.ui.widgets.help_overlay import clear_of_help
from kalooki.words import tr

_BACKDROP = (5, 24, 15, 255)
"""Opaque too: the next deal is dealt as the summary opens, and its cards (the hand
below the panel, the stock at its side) must not show around it."""
PANEL = (10, 40, 26, 255)
"""Opaque: nothing of the table (its log, banners, who is thinking) shows through."""
_BORDER = (201, 164, 76)
CHART_SHARE = 0.38
FINAL_CHART_SHARE = 0.46
"""The share of the panel's width the running-totals chart takes (more at match end)."""


def summary_rect(size: tuple[int, int]) -> pygame.Rect:
    rect = pygame.Rect(0, 0, min(size[0] - 40, 1480), min(size[1] - 40, 800))
    rect.center = (size[0] // 2, size[1] // 2)
    return clear_of_help(rect, size)


NEXT_BUTTON_ROOM = 260
"""The width kept at the panel's bottom right for its Next deal button."""


def note_band(size: tuple[int, int], height: int) -> pygame.Rect:
    """Where a note ``height`` tall (the scoring lesson) sits on the summary: along the
    panel's bottom left, beside its Next deal button; ``render_summary(room=height)``
    draws nothing there."""
    panel = summary_rect(size)
    pad = _pad(size)
    band = pygame.Rect(panel.left + pad, 0, panel.width - pad - NEXT_BUTTON_ROOM, height)
    band.bottom = panel.bottom - 12
    return band


def _pad(size: tuple[int, int]) -> int:
    return round(_big(size) * 0.9)


def _big(size: tuple[int, int]) -> int:
    return max(20, round(size[1] * 0.036))


def _standings(names: Sequence[str], totals: Sequence[int], out: Sequence[bool] = ()) -> str:
    order = sorted(range(len(names)), key=lambda p: (bool(out) and out[p], totals[p]))
    return "   ".join(
        tr("summary.standing_out" if out and out[p] else "summary.standing", rank=rank,
           name=names[p], total=totals[p])
        for rank, p in enumerate(order, 1))


def _title(result: DealResult, names: Sequence[str], rules: RuleSet | None,
           you: int | None = None) -> str:
    """The deal's headline: stalled (scored as the hands stand), void, or who went out
    and how (bending the table, going Kalooki or Rami, with what the others pay); spoken
    to ``you``, the person at the screen, when they went out ("vous sortez")."""
    if result.stall == Stall.TURNS:
        return tr("summary.deal_stalled_turns", deal=result.deal, turns=TURN_CEILING)
    if result.stalled:
        return tr("summary.deal_stalled", deal=result.deal)
    if result.winner is None:
        return tr("summary.title.void", deal=result.deal)
    name = names[result.winner]
    mine = "_you" if result.winner == you else ""
    if not result.bent:
        return tr(f"summary.title.out{mine}", deal=result.deal, name=name)
    if rules is None or rules.uses_contracts:
        return tr(f"summary.title.bent{mine}", deal=result.deal, name=name)
    bonus = bonus_text(rules)
    if bonus is None:
        return tr(f"summary.title.feat{mine}", deal=result.deal, name=name,
                  feat=going_word(rules))
    return tr(f"summary.title.feat_bonus{mine}", deal=result.deal, name=name,
              feat=going_word(rules), bonus=bonus)


def _bent_note(rules: RuleSet, points: int) -> str:
    """A loser's note when the winner went out in one turn, from the hand's ``points``
    ("82 ×2: table bent", "57 +25 going Rami"): "+164, ×2: table bent, total 352" left
    open whether the doubling was in the 164."""
    bonus = bonus_text(rules)
    if bonus is None:
        return "" if rules.uses_contracts else str(going_word(rules))
    if rules.uses_contracts:
        return tr("summary.note.bent", points=points, bonus=bonus)
    return tr("summary.note.feat", points=points, bonus=bonus, feat=going_word(rules))


def _final_line(names: Sequence[str], totals: Sequence[int], final: bool,
                out: Sequence[bool], you: int | None = None) -> str:
    standings = _standings(names, totals, out)
    if not final:
        return tr("summary.so_far", standings=standings)
    standing = [p for p in range(len(names)) if not (out and out[p])]
    if out and any(out) and len(standing) == 1:
        mine = "_you" if standing[0] == you else ""
        return tr(f"summary.last_standing{mine}", name=names[standing[0]], standings=standings)
    return tr("summary.final", standings=standings)


def _score_notes(result: DealResult, player: int, rules: RuleSet | None,
                 out: Sequence[bool]) -> str:
    """Why a player's score is what it is: doubled for a bent table, the cut bonus."""
    notes = []
    score = result.scores[player]
    if (rules is not None and result.bent and player != result.winner and score
            and not (out and out[player])):
        bent_note = _bent_note(rules, hand_points(result.hands[player], rules))
        if bent_note:
            notes.append(bent_note)
    if result.cut_bonus and player == result.dealer:
        notes.append(tr("summary.cut_bonus"))
    return tr("summary.notes", first=notes[0], next=notes[1]) if len(notes) == 2 \
        else "".join(notes)


def render_summary(art: CardArt, size: tuple[int, int], result: DealResult,
                   names: Sequence[str], totals: Sequence[int], final: bool, *,
                   rules: RuleSet | None = None, openings: Mapping[int, int] | None = None,
                   opened: Sequence[bool] | None = None,
                   out: Sequence[bool] = (),
                   history: Sequence[DealResult] = (),
                   you: int | None = None, room: int = 0) -> pygame.Surface:
    """The whole overlay, window-sized, drawn once when the deal ends. ``openings`` maps
    the players who opened this deal to their opening's points, ``opened`` says who had
    (when known) in threshold games; ``history`` (every deal so far) draws the chart of
    the running totals beside the hands; ``you`` is the seat of the person at the screen,
    whose lines speak to them ("vous sortez", "avez fini"); ``room`` is the height kept
    clear for a note (see :func:`note_band`): the hands, the chart and the totals sit above."""
    threshold = rules is not None and not rules.uses_contracts
    surface = pygame.Surface(size, pygame.SRCALPHA)
    surface.fill(_BACKDROP)
    panel = summary_rect(size)
    pygame.draw.rect(surface, PANEL, panel, border_radius=14)
    pygame.draw.rect(surface, _BORDER, panel, 2, border_radius=14)
    big, pad = _big(size), _pad(size)
    small = max(14, round(size[1] * 0.022))
    title = _title(result, names, rules, you)
    surface.blit(ink.fit(title, big, panel.width - 2 * pad, ink.GOLD, bold=True),
                 (panel.left + pad, panel.top + pad))
    top = panel.top + pad + round(big * 1.8)
    bottom = panel.bottom - pad - round(small * 5) - room
    rows = len(names)
    row_h = (bottom - top) // max(1, rows)
    card_w = max(24, min(70, round((row_h - 8) / 1.4)))
    right = panel.right - pad
    if history:
        share = FINAL_CHART_SHARE if final else CHART_SHARE
        chart_box = pygame.Rect(right - round(panel.width * share), top, 0, bottom - top)
        chart_box.width = right - chart_box.left
        _draw_totals_chart(surface, chart_box, history, names, small, you)
        right = chart_box.left - pad
    width = right - panel.left - pad
    name_w = round(width * 0.2)
    notes = [_score_notes(result, player, rules, out) for player in range(rows)]
    column = max(ink.text(words, small).get_width()
                 for words in [tr("summary.total", total=t) for t in totals]
                 + [n for n in notes if n])
    # the points column takes the room its words need, as far as the hand keeps its tight
    # fan (every card's index in sight)
    most = max(round(width * 0.34), width - name_w - 10 - meld_width(
        max(len(hand) for hand in result.hands), card_w, tight=True))
    points_x = right - min(most, max(round(width * 0.16), column + 8))
    line_h = round(small * 1.35)
    row_lines = row_h // line_h  # a row's score, its notes (wrapped if it has room), total
    for player in range(rows):
        y = top + player * row_h
        surface.blit(ink.fit(names[player], small, name_w, bold=True), (panel.left + pad, y))
        x = panel.left + pad + name_w
        hand = sorted(result.hands[player], key=sort_key_suit)
        room = points_x - 10 - x - card_w
        step = min(meld_step(card_w), room / max(1, len(hand) - 1))
        for index, card in enumerate(hand):
            surface.blit(art.face_surface(face_of(card), card_w), (round(x + index * step), y))
        score = result.scores[player]
        colour = ink.GOOD if score <= 0 else ink.TEXT
        lines = [(f"{score:+d}", colour, True)]
        note = notes[player]
        said = [note] if ink.fits(note, small, right - points_x) else ink.wrap_at_most(
            note, small, right - points_x, max(1, row_lines - 2))
        lines += [(words, ink.DIM, False) for words in said if words]
        lines.append((tr("summary.total", total=totals[player]), ink.DIM, False))
        for number, (words, shade, bold) in enumerate(lines):
            surface.blit(ink.fit(words, small, right - points_x, shade, bold=bold),
                         (points_x, y + line_h * number))
        mine = "_you" if player == you else ""
        marks = [(tr(f"summary.went_out{mine}"), ink.GOLD)] if player == result.winner else []
        if threshold and not (out and out[player] and not result.hands[player]):
            value = (openings or {}).get(player)
            if value is not None:
                marks.append((tr("summary.opened_with", points=value), ink.DIM))
            elif opened is not None:
                marks.append((tr(f"summary.opened{mine}" if opened[player]
                                 else "summary.not_opened"),
                              ink.DIM))
        for line, (words, colour) in enumerate(marks, 1):
            surface.blit(ink.fit(words, small, name_w - 8, colour, bold=True),
                         (panel.left + pad, y + round(small * 1.4 * line)))
    surface.blit(ink.fit(_final_line(names, totals, final, out, you), small, panel.width - 2 * pad,
                         ink.GOLD if final else ink.TEXT, bold=final),
                 (panel.left + pad, bottom + round(small * 0.6)))
    return surface



def _draw_totals_chart(surface: pygame.Surface, box: pygame.Rect,
                       history: Sequence[DealResult], names: Sequence[str], size: int,
                       you: int | None = None) -> None:
    heading = ink.fit(tr("summary.chart.heading"), size, box.width, ink.GOLD, bold=True)
    surface.blit(heading, box.topleft)
    room = box.copy()
    room.top += round(size * 1.6)
    room.height -= round(size * 1.6)
    chart = match_chart(history, names, deal_word=tr("summary.chart.deal"),
                        bent_label=lambda name: tr(
                            "summary.chart.bent_you" if you is not None and name == names[you]
                            else "summary.chart.bent", name=name),
                        empty=tr("summary.chart.empty"))
    draw_chart(surface, chart, room, max(12, size - 2))

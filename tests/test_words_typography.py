"""Where the words break between lines. French sets a no-break space before its high marks
(: ; ? ! % and ») and after «, so that none starts a line ("»" alone under a tooltip), and
no sentence leaves a number or a card alone at a line's end or start ("son groupe de" /
"3."): the catalogs bind them with no-break spaces, which the game's word wrap and
pygame_gui's text boxes keep whole and the shipped fonts draw."""

from __future__ import annotations

import re

import pygame
import pytest
from pygame_gui.elements import UITextBox

from kalooki.ai.hint import hint
from kalooki.engine.rules import preset
from kalooki.engine.state import Game
from kalooki.ui.app import App
from kalooki.ui.art import text as ink
from kalooki.ui.resources import font
from kalooki.ui.table.log.narrate import Narrator
from kalooki.words import languages, set_language
from kalooki.words.layout import read
from tests.support.typography import NBSP, NNBSP, lone_pieces, wordless
from tests.support.words import forms

BREAKABLE_BEFORE_MARK = re.compile(r" [:;?!»]| %(?![{\w])|« ")
"""An ordinary space where French wants a no-break one."""
MARK_FIRST = re.compile(r"^[:;?!»%]")


def entries(lang: str) -> list[tuple[str, str]]:
    return [(key, text) for key, entry in read(lang).items() for text in forms(entry)]


def test_french_sets_no_break_spaces_before_its_high_marks_and_inside_guillemets() -> None:
    bad = [f"{key}: {text}" for key, text in entries("fr")
           if BREAKABLE_BEFORE_MARK.search(text)]
    assert bad == []


def test_french_binds_every_number_and_card_to_a_word() -> None:
    """French typography binds a number to its unit ("12 cartes", "Donne 3 :"), in the
    text boxes pygame_gui wraps (tooltips, dialogs) as in the game's own wrap."""
    bad = [f"{key}: {lone_pieces(text)}" for key, text in entries("fr") if lone_pieces(text)]
    assert bad == []


def test_the_lone_piece_rule_sees_numbers_cards_and_their_marks() -> None:
    assert lone_pieces("Marcia a ajouté %{card} à son groupe de 3.") == ["%{card}", "3."]
    assert lone_pieces("une suite %{low}–%{high} (%{count} cartes)") == [
        "%{low}–%{high}", "(%{count}"]
    assert lone_pieces(f"Donne{NBSP}%{{deal}}{NBSP}: à vous") == []
    assert lone_pieces("%{first} %{next}") == []  # a list of faces breaks between them
    assert lone_pieces("%{day}/%{month}") == []  # no words to be left alone among


def test_the_word_wrap_keeps_no_break_spaces_whole() -> None:
    """pygame_gui keeps them whole too (below); the game's wrap split at them."""
    words = (f"Rien à charger{NBSP}: «{NNBSP}Enregistrer la partie{NNBSP}», dans le menu "
             f"de pause, garde une partie (12{NBSP}cartes){NNBSP}!")
    for width in range(40, 400, 3):
        lines = ink.wrap(words, 14, width)
        assert " ".join(lines) == words, width
        assert not any(MARK_FIRST.match(line) for line in lines), (width, lines)


def test_pygame_gui_s_text_box_keeps_no_break_spaces_whole(app: App) -> None:
    """The tooltips and dialogs wrap in pygame_gui: it breaks at ordinary spaces only."""
    words = f"Rien à charger{NBSP}: «{NNBSP}Enregistrer la partie{NNBSP}», dans le menu"
    for width in range(90, 300, 11):
        box = UITextBox(words, pygame.Rect(0, 0, width, 300), manager=app.ui)
        rows = ["".join(getattr(item, "text", "") for item in row.items).strip()
                for row in box.text_box_layout.layout_rows]
        assert rows and not any(MARK_FIRST.match(row) for row in rows), (width, rows)
        box.kill()


@pytest.mark.parametrize("bold", [False, True])
def test_the_shipped_fonts_draw_both_no_break_spaces(bold: bool) -> None:
    face = font(16, bold)
    (_, _, _, _, space), = face.metrics(" ")
    (_, _, _, _, no_break), (_, _, _, _, narrow) = face.metrics(NBSP + NNBSP)
    assert no_break == space and 0 < narrow < space


@pytest.mark.parametrize("lang", languages())
def test_a_deal_s_log_never_leaves_a_number_or_a_card_alone_on_a_line(lang: str) -> None:
    """"…à son groupe de" / "3.": a line of the log never holds only a number or a card,
    in either language, at any width of the log's panel."""
    set_language(lang)
    rules = preset("caribbean")
    game = Game.new(rules, 4, seed=3)
    narrator = Narrator(["Ana", "Marcia", "Desmond", "Keisha"], None, rules)
    said = [str(line) for event in game.start_events
            if (line := narrator.line(event.seen_by(None), ()))]
    while not game.over and game.deal_no == 1:
        seat = game.to_act
        assert seat is not None
        events = game.apply(hint(game.view(seat))[0], seat)
        table = game.view(seat).table
        said += [str(line) for event in events
                 if (line := narrator.line(event.seen_by(None), table))]
    lone = {(width, line) for entry in said for width in range(120, 360, 4)
            for line in ink.wrap(entry, 13, width) if wordless(line)}
    assert sorted(lone) == []

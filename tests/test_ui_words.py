"""The window speaks the player's language and switches it live."""

from __future__ import annotations

import pygame
from pygame_gui.elements import UIButton, UILabel

from kalooki.store.settings import Settings, save_settings
from kalooki.ui.play import launch
from kalooki.words import language, tr, ui_text, ui_tooltip
from tests.ui_support import FakeClock


def shown(widget: UIButton | UILabel) -> str:
    return widget.drawable_shape.theming["text"]


def test_a_language_switch_relabels_widgets_without_rebuilding_them(app) -> None:
    button = UIButton(pygame.Rect(10, 10, 200, 40), **ui_text("common.back"), manager=app.ui,
                      **ui_tooltip("language.fr"))
    label = UILabel(pygame.Rect(10, 60, 200, 40), **ui_text("cards.count", count=2),
                    manager=app.ui)
    app.step([])
    assert (shown(button), shown(label)) == ("Back", "2 cards")
    app.set_language("fr")
    app.step([])
    assert (shown(button), shown(label)) == ("Retour", "2 cartes")
    assert (language(), tr("common.back")) == ("fr", "Retour")
    app.set_language("en")
    assert shown(button) == "Back"


def test_the_window_opens_in_the_saved_language(paths) -> None:
    save_settings(paths, Settings(language="fr"))
    app = launch(paths, clock=FakeClock())
    try:
        assert language() == "fr"
        assert app.ui.get_locale() == "fr"
    finally:
        app.close()

"""A one-line label too narrow for its words ends them with "…" and offers the whole
sentence as its tooltip: a long house-rules problem is never cut off without a sign."""

from __future__ import annotations

import os

os.environ["SDL_VIDEODRIVER"] = "dummy"
os.environ["SDL_AUDIODRIVER"] = "dummy"

import warnings
from collections.abc import Iterator
from pathlib import Path

import pygame
import pytest

from kalooki.engine.rules.fields import Section
from kalooki.store.paths import StorePaths
from kalooki.ui.app import App
from kalooki.ui.house_rules.editor import RulesEditorScene, new_draft
from kalooki.ui.widgets.fitted_label import FittedLabel, shortened
from kalooki.words import set_language
from tests.support.ui import FakeClock

LONG = ("À la donne 3, un joueur pourrait garder 14 cartes après avoir posé son contrat ; "
        "le jeu n'en examine que 12 au plus (distribuez moins de cartes ou permettez moins "
        "de jokers dans le paquet).")


@pytest.fixture
def small_app() -> Iterator[App]:
    app = App((1024, 640), clock=FakeClock())
    yield app
    app.close()
    set_language("en")


def test_words_are_cut_after_a_whole_word_with_an_ellipsis() -> None:
    def fits(text: str) -> bool:
        return len(text) <= 13

    assert shortened("short words", fits) == "short words"
    assert shortened("Donne 1 : le contrat demande", fits) == "Donne 1 : le…"
    assert shortened("Unbreakablewordhere", fits) == "Unbreakablew…"


def test_a_long_problem_ends_in_an_ellipsis_and_its_tooltip_says_it_all(
        small_app: App) -> None:
    label = FittedLabel(pygame.Rect(0, 0, 300, 22), " ", small_app.ui, object_id="#problem")
    label.set_text(LONG)
    assert label.shown.endswith("…") and LONG.startswith(label.shown[:-1])
    assert label.font.get_rect(label.shown).width <= 300
    assert label.tool_tip_text == LONG
    label.set_text("Donne 1 : trop court.")
    assert label.shown == "Donne 1 : trop court." and label.tool_tip_text is None


@pytest.mark.parametrize("lang", ["fr", "en"])
def test_no_label_of_the_house_rules_editor_is_cut_silently(lang: str, small_app: App,
                                                             tmp_path: Path) -> None:
    set_language(lang)
    home = StorePaths.under(tmp_path / "home")
    with warnings.catch_warnings(record=True) as caught:
        warnings.simplefilter("always")
        for section in Section:
            scene = RulesEditorScene(small_app, home, new_draft(home, "caribbean"),
                                     lambda: None, page=section.value)
            small_app.switch(scene)
            small_app.run_frames(2)
            scene.say(LONG, bad=True)
            status = scene.status_label
            assert status.font.get_rect(status.shown).width <= status.relative_rect.width
            assert status.shown.endswith("…") and status.tool_tip_text == LONG
    cut = [str(w.message) for w in caught if "too small for text" in str(w.message)]
    assert not cut, cut

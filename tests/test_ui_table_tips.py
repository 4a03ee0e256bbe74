"""A table button's tooltip hides no button: the buttons sit at the window's foot, where
pygame_gui would lift the tooltip over the row above (the Hint's over Lay down)."""

from __future__ import annotations

import os

os.environ["SDL_VIDEODRIVER"] = "dummy"
os.environ["SDL_AUDIODRIVER"] = "dummy"

import pygame
import pytest

from kalooki.engine.actions import Cut
from kalooki.engine.deal import Phase
from kalooki.engine.rules import preset
from kalooki.ui.app import App
from kalooki.ui.session import MatchSession, Seat
from kalooki.ui.table.buttons import tip_place
from kalooki.ui.table.options import INSTANT
from kalooki.ui.table.scene import TableScene
from tests.support.ui import FakeClock, hover


def _until_hint(app: App) -> TableScene:
    """A table of three in ``app``, played on until the person may ask for a hint."""
    seats = [Seat("You", "human", True), Seat("Marcia", "medium"), Seat("Delroy", "medium")]
    table = TableScene(app, MatchSession(preset("baby"), seats, seed=3, ai_pause=0.0), INSTANT)
    app.switch(table)
    buttons = table.buttons
    for _ in range(3000):
        if buttons["hint"].is_enabled and buttons["hint"].visible:
            break
        if table.session.screen_to_act and table.view.phase == Phase.CUT:
            table.submit(Cut(20))
        app.run_frames(1)
    return table


@pytest.mark.parametrize("size", [(1024, 640), (1920, 1080)])
def test_no_tooltip_of_the_table_covers_a_button(size: tuple[int, int]) -> None:
    app = App(size, clock=FakeClock())
    try:
        buttons = _until_hint(app).buttons
        assert buttons["hint"].is_enabled
        window = pygame.Rect((0, 0), app.size)
        for name in ("hint", "suit", "rank"):
            tip = hover(app, buttons[name])
            shown = [b.rect for b in buttons.values() if b.visible]
            assert window.contains(tip), (name, tip)
            assert tip.collidelist(shown) < 0, (name, tip, shown)
    finally:
        app.close()


def test_a_tip_goes_below_its_button_when_there_is_room() -> None:
    button = pygame.Rect(100, 100, 80, 30)
    other = pygame.Rect(190, 100, 80, 30)
    place = tip_place(pygame.Rect(0, 0, 170, 60), button, [button, other],
                      pygame.Rect(0, 0, 800, 600))
    assert place.topleft == (100, 136)


@pytest.mark.parametrize("lang", ["en", "fr"])
def test_a_tooltip_s_words_stay_inside_it(lang: str) -> None:
    """The tooltips' text was shifted 12 pixels right of where it was wrapped (the
    buttons' text padding reached their text boxes), so each line's end was cut off:
    "…maintenant ? (H" and "…Undo takes bac"."""
    from kalooki.words import set_language

    app = App(clock=FakeClock())
    try:
        set_language(lang)
        app.set_language(lang)
        buttons = _until_hint(app).buttons
        for name in ("hint", "suit", "rank", "undo", "redo"):
            hover(app, buttons[name])
            tip = buttons[name].tool_tip
            assert tip is not None and tip.text_block is not None
            layout = tip.text_block.text_box_layout
            ends = [row.right for row in layout.layout_rows]
            assert max(ends) <= layout.layout_rect.width, (name, ends, layout.layout_rect)
            pygame.mouse.set_pos((5, 5))
            pygame.event.post(pygame.event.Event(pygame.MOUSEMOTION, pos=(5, 5), rel=(0, 0),
                                                 buttons=(0, 0, 0)))
            app.run_frames(3)
    finally:
        set_language("en")
        app.close()


@pytest.mark.parametrize("lang", ["en", "fr"])
@pytest.mark.parametrize("size", [(1024, 640), (1100, 700), (1920, 1080)])
def test_the_rules_page_shows_the_end_of_every_line(lang: str, size: tuple[int, int]) -> None:
    """The rules page's text was shifted as the tooltips' was: "…the face-down stock,
    and" ended "anc" at 1100x700."""
    from kalooki.ui.pages.rules import RulesScene
    from kalooki.words import set_language

    app = App(size, clock=FakeClock())
    try:
        set_language(lang)
        app.set_language(lang)
        page = RulesScene(app, preset("caribbean"), lambda: None)
        app.switch(page)
        app.run_frames(2)
        layout = page.text_box.text_box_layout
        ends = [row.right for row in layout.layout_rows]
        assert max(ends) <= layout.layout_rect.width, (max(ends), layout.layout_rect)
    finally:
        set_language("en")
        app.close()


def test_every_text_box_wraps_its_text_where_it_draws_it(tmp_path) -> None:
    """pygame_gui wraps a text box's lines to its width, then moves them right by the
    theme's text padding (the buttons' 12 pixels, from #base): a text box must have none,
    or the end of its longest lines is cut (the house rules' summary, a dialog's words)."""
    from kalooki.store.paths import StorePaths
    from kalooki.ui.house_rules.editor import RulesEditorScene, new_draft
    from kalooki.ui.widgets.dialogs import Dialog

    app = App((1024, 640), clock=FakeClock())
    try:
        store = StorePaths.under(tmp_path)
        editor = RulesEditorScene(app, store, new_draft(store, "caribbean"), lambda: None)
        app.switch(editor)
        app.run_frames(1)
        dialog = Dialog(app.ui, app.size, "Save", "Name this game", "Save",
                            lambda text: None, lambda: None, entry="")
        for box in (editor.summary_box, dialog.message):
            assert box.text_horiz_alignment_padding == 0, box.object_ids
    finally:
        app.close()

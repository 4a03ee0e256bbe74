"""A quiet window: the loop draws only when something changes. With a fake clock and a
fake wait (time passes only when the loop sleeps or draws), an idle menu or table draws
no frame at all, and each kind of change — input, a running animation, a countdown, a
computer's move, a message's end, a blinking caret — draws."""

from __future__ import annotations

import os

os.environ["SDL_VIDEODRIVER"] = "dummy"
os.environ["SDL_AUDIODRIVER"] = "dummy"

from collections.abc import Callable, Iterator

import pygame
import pytest

from kalooki.engine.state import Phase
from kalooki.ui.app import NOTE_SECONDS, App
from kalooki.ui.pacing import IDLE_POLL, UI_SETTLE, soonest
from kalooki.ui.pages.menu import MainMenuScene
from kalooki.ui.table.options import TableOptions
from kalooki.ui.table.painter import prompt
from kalooki.ui.table.scene import COMPUTER_POLL, TableScene
from tests.support.table import human_decision, make_session
from tests.support.ui import FRAME, QuietTime


@pytest.fixture
def quiet() -> Iterator[tuple[App, QuietTime]]:
    time = QuietTime()
    application = App(clock=time, wait=time.wait)
    pygame.event.clear()
    yield application, time
    application.close()


def turns_for(app: App, time: QuietTime, seconds: float,
              stop: Callable[[], bool] = lambda: False) -> int:
    """Run the real loop for ``seconds`` of fake time (or until ``stop``); frames drawn."""
    before, end = app.frames_drawn, time.now + seconds
    while time.now < end and not stop():
        app.turn()
    return app.frames_drawn - before


def motion(pos: tuple[int, int] = (5, 5)) -> pygame.event.Event:
    return pygame.event.Event(pygame.MOUSEMOTION, pos=pos, rel=(0, 0), buttons=(0, 0, 0))


def settled_table(app: App, time: QuietTime, seed: int = 3) -> TableScene:
    """A table where the computers have moved and the person is to draw, all still."""
    session = make_session(seed)
    table = TableScene(app, session, TableOptions(speed="normal"))
    app.switch(table)
    for _ in range(20_000):
        view = session.view()
        if session.screen_to_act and view.phase == Phase.DRAW and table.frame_due() is None:
            break
        if session.screen_to_act and view.phase != Phase.DRAW:
            assert table.submit(human_decision(view))
        app.turn()
    turns_for(app, time, UI_SETTLE + 0.5)
    assert table.frame_due() is None and session.view().phase == Phase.DRAW
    return table


def test_soonest_ignores_absent_deadlines_and_overdue_ones_are_now() -> None:
    assert soonest(None, None) is None
    assert soonest(None, 2.0, 0.5) == 0.5
    assert soonest(-1.0, 3.0) == 0.0


def test_an_idle_menu_draws_no_frame(quiet: tuple[App, QuietTime]) -> None:
    app, time = quiet
    app.switch(MainMenuScene(app))
    turns_for(app, time, UI_SETTLE + 0.5)  # the first frames, pygame_gui settling
    time.naps.clear()
    assert turns_for(app, time, 30.0) == 0
    assert set(time.naps) == {IDLE_POLL}


def test_input_draws_a_frame_at_once(quiet: tuple[App, QuietTime]) -> None:
    app, time = quiet
    app.switch(MainMenuScene(app))
    turns_for(app, time, UI_SETTLE + 0.5)
    time.arrive(motion((40, 40)))
    before = app.frames_drawn
    app.turn()
    assert app.frames_drawn == before + 1
    # then a short settling for pygame_gui (hover, tooltips), and quiet again
    settling = turns_for(app, time, UI_SETTLE + 0.5)
    assert 0 < settling <= UI_SETTLE / 0.1 + 2
    assert turns_for(app, time, 10.0) == 0


def test_a_message_is_drawn_when_it_appears_and_when_it_goes(
        quiet: tuple[App, QuietTime]) -> None:
    app, time = quiet
    app.switch(MainMenuScene(app))
    turns_for(app, time, UI_SETTLE + 0.5)
    app.notify("Saved.")
    assert app.frame_due() == pytest.approx(NOTE_SECONDS)
    assert turns_for(app, time, NOTE_SECONDS + 1.0) == 1  # the frame where it goes
    assert app.note[1] <= 0


def test_a_focused_text_field_blinks_its_caret_and_nothing_else(
        quiet: tuple[App, QuietTime]) -> None:
    app, time = quiet
    menu = MainMenuScene(app)
    app.switch(menu)
    menu.open_setup()
    field = menu.setup.rows[0][2]
    field.focus()
    app.ui.set_focus_set(field)
    turns_for(app, time, UI_SETTLE + 0.5)
    frames = turns_for(app, time, 4.0)
    assert 8 <= frames <= 11  # every 0.4 s
    field.unfocus()
    app.ui.set_focus_set(None)
    turns_for(app, time, 1.0)
    assert turns_for(app, time, 10.0) == 0


def test_an_idle_table_draws_no_frame(quiet: tuple[App, QuietTime]) -> None:
    app, time = quiet
    settled_table(app, time)
    assert turns_for(app, time, 30.0) == 0


def test_cards_in_flight_draw_every_frame_and_the_wake_up_does_not_skip_them(
        quiet: tuple[App, QuietTime]) -> None:
    app, time = quiet
    table = settled_table(app, time)
    turns_for(app, time, 20.0)  # a long quiet spell before the player acts
    stock = table.layout.stock.center
    time.arrive(pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=stock, button=1),
                pygame.event.Event(pygame.MOUSEBUTTONUP, pos=stock, button=1))
    app.turn()
    assert table.session.view().phase != Phase.DRAW  # the card was drawn
    assert table.motion.busy  # and it is still flying after the frame that woke the loop
    frames = turns_for(app, time, 0.5, stop=lambda: not table.motion.busy)
    assert frames == pytest.approx(0.32 / FRAME, abs=2)  # a frame for each 60th of its flight


def test_a_computer_move_is_looked_at_until_it_is_made(quiet: tuple[App, QuietTime]) -> None:
    app, time = quiet
    table = settled_table(app, time)
    session = table.session
    assert table.submit(human_decision(session.view()))  # draw
    while session.screen_to_act:
        assert table.submit(human_decision(session.view()))  # lay, tack, discard
    turns_for(app, time, 0.5, stop=lambda: not table.motion.busy)
    assert session.computer_to_act is not None or session.view().phase == Phase.CALL
    assert table.frame_due() is not None and table.frame_due() <= COMPUTER_POLL
    before = len(session.recorder.actions)
    turns_for(app, time, 3.0, stop=lambda: len(session.recorder.actions) > before)
    assert len(session.recorder.actions) > before


def test_a_call_countdown_draws_once_a_second(quiet: tuple[App, QuietTime]) -> None:
    app, time = quiet
    session = make_session(3)
    table = TableScene(app, session, TableOptions(speed="instant", call_seconds=4,
                                                  ask_only_when_helps=False))
    app.switch(table)

    def asked() -> bool:
        view = session.view()
        return view.phase == Phase.CALL and view.my_turn

    for _ in range(20_000):
        if asked():
            break
        if session.screen_to_act:
            assert table.submit(human_decision(session.view()))
        app.turn()
    assert asked()
    app.turn()
    labels = set()
    before, end = app.frames_drawn, time.now + 10.0
    while asked() and time.now < end:
        app.turn()
        if asked():
            labels.add(prompt(table.frame()))
    assert not asked()  # the window closed on time
    assert len(labels) == 4  # 4 s to call, 3, 2, 1: each shown
    assert app.frames_drawn - before <= 4 + 2 + UI_SETTLE / 0.1
    assert session.recorder.actions[-1] == "pass" or "pass" in session.recorder.actions[-4:]

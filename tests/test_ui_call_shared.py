"""The shared call window: with several people at one computer, a discard that people may
call is offered to all of them at once on the public table, no hand shown. Each calls with
the button bearing their name or with their own key; the call goes to the engine as that
person's seat's move, which settles priority by the rules; the window lasts its whole
time; Space holds it. Driven by posted events on a fake clock; every frame is checked by
:func:`tests.test_ui_pass_device.friends_table` (no hidden hand drawn, no private card
told to the log)."""

from __future__ import annotations

import dataclasses
from collections.abc import Iterator
from contextlib import contextmanager

import pygame
import pytest

from kalooki.engine import events as ev
from kalooki.engine.cards import card_text
from kalooki.engine.deal import Phase
from kalooki.engine.rules import preset
from kalooki.engine.rules.choices import CallPriority
from kalooki.ui.app import App
from kalooki.ui.session import MatchSession, Seat
from kalooki.ui.table.frame import TableFrame
from kalooki.ui.table.options import TableOptions
from kalooki.ui.table.prompts import REVEAL_KEY
from kalooki.ui.table.scene import TableScene
from kalooki.ui.widgets.help_overlay import HelpOverlay, topic_of
from kalooki.words import set_language
from kalooki.words.cards import card_said
from tests.support.friends import clicks, events_of, friends_table, person_events, play_on
from tests.support.ui import FakeClock, QuietTime, key_press, settle
from tests.support.ui import shown as shown_words

CAL_FIRST = (Seat("Cal", "easy"), Seat("Dee", "easy"), Seat("Ann", "human", True),
             Seat("Ben", "human", True))
"""Cal discards: Ann (seat 2) and Ben (seat 3) may both call, Ann nearer; Dee, next to
play, allows or refuses."""
ANN, BEN = 2, 3
FRAME = 0.016
"""The fake clock's frame."""


def no_hand_while_calling(table: TableScene) -> list[int]:
    """Check every frame drawn while a shared window is up: no person's card is placed
    on the screen (the window is on the public table). The frames so checked."""
    painted, checked = table.painter.draw, [0]
    people = [seat for seat, sitter in enumerate(table.session.seats) if sitter.human]

    def draw(surface: pygame.Surface, frame: TableFrame) -> None:
        if table.shared_calls.window is not None:
            hands = {card for seat in people for card in table.session.game.hands[seat]}
            assert not set(table.placement.order) & hands and not frame.view.hand
            checked[0] += 1
        painted(surface, frame)

    table.painter.draw = draw  # type: ignore[method-assign]
    return checked


def until_both_may_call(app: App, table: TableScene) -> None:
    """Play on (the people passing every call) until a shared window offers a card to
    both Ann and Ben, and a frame has shown it long enough to take input."""
    for _ in range(20000):
        window = table.shared_calls.window
        if window is not None and window.people == (ANN, BEN) and app.guard.drawn \
                == table.prompt():
            settle(app)
            return
        play_on(app, table)
    raise AssertionError("a discard both people may call")


def calls_after(seen: list, start: int) -> list[tuple[type, int]]:
    return [(type(e), e.player) for e in seen[start:]
            if isinstance(e, ev.Called | ev.Passed | ev.CallWon)]


def until_closed(app: App, table: TableScene) -> None:
    window = table.shared_calls.window
    while table.shared_calls.window is window:
        app.step([])


@pytest.mark.parametrize("priority", list(CallPriority))
def test_both_people_call_one_discard_and_the_rules_say_who_wins(
        priority: CallPriority) -> None:
    """Ben presses his key first, then Ann clicks her button: the nearer caller, Ann,
    wins at once under "nearest" (Ben's call is never made); under "random" both calls
    are made, in the engine's order, and one of them wins. Neither hand is drawn."""
    rules = dataclasses.replace(preset("baby"), call_priority=priority)
    with friends_table(seed=3, seats=CAL_FIRST, rules=rules, call_seconds=5.0) as (app, table):
        session = table.session
        seen = events_of(session)
        checked = no_hand_while_calling(table)
        until_both_may_call(app, table)
        start = len(seen)
        panel = table.shared_calls.panel
        assert panel is not None and set(panel.buttons) == {ANN, BEN}
        assert panel.buttons[ANN].text == "Ann calls (1)"
        assert panel.buttons[BEN].text == "Ben calls (2)"
        app.step(key_press(pygame.K_2))
        window = table.shared_calls.window
        assert window is not None and window.called == [BEN]
        assert calls_after(seen, start) == [], "Ann, nearer, has not answered yet"
        assert panel.buttons[BEN].text == "Ben calls ✓"
        app.step(clicks(panel.buttons[ANN].rect.center))
        after = calls_after(seen, start)
        if priority == CallPriority.NEAREST:
            assert after == [(ev.Called, ANN), (ev.CallWon, ANN)]
        else:
            assert after[:2] == [(ev.Called, ANN), (ev.Called, BEN)]
            assert after[2][0] is ev.CallWon and after[2][1] in (ANN, BEN)
        assert table.shared_calls.window is None \
                and table.shared_calls.panel is None, "the window closed"
        assert not table.view.hand and session.covered and checked[0] > 0


def test_a_persons_key_calls_for_that_person_only() -> None:
    """Ben's key (2) makes Ben's call and no one else's: Ann, asked first, passes when
    the time is up, then Ben's call is made and wins. A key pressed once the window has
    closed belongs to no window: nothing is called, nothing refused."""
    with friends_table(seed=3, seats=CAL_FIRST, call_seconds=1.0) as (app, table):
        session = table.session
        seen = events_of(session)
        until_both_may_call(app, table)
        start = len(seen)
        app.step([*key_press(pygame.K_2), *key_press(pygame.K_KP2)])
        window = table.shared_calls.window
        assert window is not None and window.called == [BEN]
        until_closed(app, table)
        assert calls_after(seen, start) == [(ev.Passed, ANN), (ev.Called, BEN), (ev.CallWon, BEN)]
        mark = len(seen)
        app.step([*key_press(pygame.K_1), *key_press(pygame.K_2)])
        assert table.shared_calls.window is None
        assert calls_after(seen, mark) == [] and table.toast[1] <= 0, "late keys do nothing"


def test_a_key_of_someone_who_may_not_call_does_nothing() -> None:
    """Key 3 is nobody's (two people); a computer's seat has no key; a person not in
    the window (their key pressed) calls nothing."""
    with friends_table(seed=3, seats=CAL_FIRST, call_seconds=1.0) as (app, table):
        until_both_may_call(app, table)
        window = table.shared_calls.window
        assert window is not None
        app.step([*key_press(pygame.K_3), *key_press(pygame.K_8)])
        assert window.called == []
        window.people = (BEN,)  # as when Ann may not call this card (she is down)
        app.step(key_press(pygame.K_1))
        assert window.called == []


def test_the_window_lasts_its_whole_time_whatever_the_cards() -> None:
    """With people at the table and "ask only when the card helps" on, every shared
    window stays open its full length when nobody calls (the clock is the fake one:
    frames of 16 ms), so how long it stays tells nobody anything about a hand."""
    with friends_table(seed=3, seats=CAL_FIRST, call_seconds=1.0,
                       ask_only_when_helps=True) as (app, table):
        checked = no_hand_while_calling(table)
        lengths: list[int] = []
        while len(lengths) < 6:
            if table.shared_calls.window is not None:
                window, frames = table.shared_calls.window, 0
                while table.shared_calls.window is window:
                    app.step([])
                    frames += 1
                lengths.append(frames)
            else:
                play_on(app, table)
        assert all(frames * FRAME >= 1.0 for frames in lengths), lengths
        assert checked[0] >= sum(lengths) - len(lengths)


def test_space_holds_the_window_and_starts_it_again() -> None:
    with friends_table(seed=3, seats=CAL_FIRST, call_seconds=1.0) as (app, table):
        until_both_may_call(app, table)
        window = table.shared_calls.window
        assert window is not None
        app.step(key_press(pygame.K_SPACE))
        left = window.left
        assert window.held and window.seconds_shown is None
        app.run_frames(200)
        assert table.shared_calls.window is window and window.left == left, "held: no time passes"
        panel = table.shared_calls.panel
        assert panel is not None and panel.wait.text == "Go on (Space)"
        app.step(clicks(panel.wait.rect.center))
        assert not window.held
        until_closed(app, table)


def test_the_help_names_each_persons_key_and_the_pass_screens_in_both_languages() -> None:
    with friends_table(seed=3, seats=CAL_FIRST) as (app, table):
        lines = HelpOverlay(topic_of(table), extra=table.help_lines).lines()
        assert lines[:3] == [("1", "Ann calls the discarded card"),
                             ("2", "Ben calls the discarded card"),
                             ("M", "On the pass screen, the person named shows their hand")]
        set_language("fr")
        assert table.help_lines[1] == ("2", "Ben appelle la carte défaussée")
        assert table.help_lines[2] == ("M", "À l'écran de passage, la personne nommée montre "
                                            "son jeu")
        app.step([pygame.event.Event(pygame.KEYDOWN, key=pygame.K_F1, mod=0, unicode="",
                                     scancode=0)])
        assert app.help is not None and app.help.lines()[0] == (
            "1", "Ann appelle la carte défaussée")


ALONE = (Seat("Cal", "easy"), Seat("Dee", "easy"), Seat("Ann", "human", True),
         Seat("Eve", "easy"))
"""One person (Ann, seat 2) among computer players."""


@contextmanager
def alone_at_table(call_seconds: float) -> Iterator[tuple[App, TableScene]]:
    """Ann alone with three computers, on the fake clock; every call asked."""
    app = App(clock=FakeClock())
    try:
        session = MatchSession(preset("baby"), ALONE, seed=3, ai_pause=0.0, viewer=2)
        options = TableOptions(speed="instant", ask_only_when_helps=False,
                               call_seconds=call_seconds)
        table = TableScene(app, session, options, on_quit=lambda: None)
        app.switch(table)
        yield app, table
    finally:
        app.close()


def test_one_person_keeps_the_single_call_prompt() -> None:
    """With one person at the table there is no shared window: the person's own call
    prompt asks them (C, P, Space)."""
    with alone_at_table(1.0) as (app, table):
        session = table.session
        for _ in range(20000):
            assert table.shared_calls.window is None and table.shared_calls.panel is None
            assert table.help_lines == []
            if table.calls.asked:
                break
            if session.screen_to_act and table.asking.chooser is None:
                app.step(person_events(table, calls=False))
            else:
                app.step([])
        assert table.calls.asked and table.buttons["call"].visible


def test_a_callers_penalty_card_is_shown_to_the_caller_alone() -> None:
    """Ben calls through the shared window and Dee allows it: the card and the penalty
    card go to Ben's hand. The log says only that he drew a penalty card; Ann, at the
    screen meanwhile, is never shown it (every frame is checked); when Ben is passed
    the device, the cards that came to him glow as new in his own hand."""
    with friends_table(seed=3, seats=CAL_FIRST, call_seconds=0.5) as (app, table):
        session = table.session
        seen = events_of(session)
        came: set[int] = set()
        for _ in range(40000):
            allowed = [i for i, e in enumerate(seen) if isinstance(e, ev.Allowed)
                       and e.caller == BEN]
            if allowed and not came:
                after = seen[allowed[0]:]
                came = {after[0].cards[0], *(c for e in after[1:] if isinstance(e, ev.Drew)
                                             and e.player == BEN for c in e.cards)}
                assert len(came) == 1 + session.game.rules.call_penalty_cards
                assert not any(line for line in table.logbook.lines
                               if any(card_text(c, True) in str(line) for c in came - {
                                   after[0].cards[0]}))
            if came and session.viewer == BEN and not session.covered:
                assert came <= table.hand.edits.fresh <= set(table.view.hand)
                return
            window = table.shared_calls.window
            if window is not None and BEN not in window.called and BEN in window.people:
                settle(app)
                app.step(key_press(pygame.K_2))
            else:
                play_on(app, table)
        raise AssertionError("Ben's call allowed, then Ben at the screen")


def test_the_pause_menu_stops_the_window_and_its_buttons() -> None:
    """Escape over the window: its clock stops, and neither its keys nor a click on a
    person's button (under the veil) calls; Resume gives it back as it was."""
    with friends_table(seed=3, seats=CAL_FIRST, call_seconds=1.0) as (app, table):
        until_both_may_call(app, table)
        window, panel = table.shared_calls.window, table.shared_calls.panel
        assert window is not None and panel is not None
        app.step(key_press(pygame.K_ESCAPE))
        left = window.left
        assert table.asking
        app.run_frames(100)
        table.shared_calls.person_calls(ANN)  # as the button's command, clicked under the veil
        app.step(clicks(panel.buttons[ANN].rect.center))
        app.step(key_press(pygame.K_2))
        assert window.left == left and window.called == [] and table.shared_calls.window is window
        app.step(key_press(pygame.K_ESCAPE))
        settle(app)  # the window is up again: it settles as when it first came
        app.step(key_press(pygame.K_1))
        assert window.called == [ANN]


def test_the_quiet_window_never_sleeps_with_nothing_on_screen_to_answer() -> None:
    """The real loop (:meth:`App.turn`) sleeps until input when nothing is due. A whole
    deal of two people and two computers played that way: every time it would sleep,
    something on screen waits for a person (the pass screen, a question, their own
    turn, the deal's summary), drawn (a panel opened in a frame's update was drawn only
    at the next: the table stayed blank until a click), and the person answers it; and
    no one is handed the device for a call chance (the shared window asks them).
    Time jumps (:class:`QuietTime`): a sleep until something is due lasts just that long,
    so a computer's pause or a countdown's second costs one frame, not sixty."""
    from kalooki.ui.pacing import IDLE_POLL

    holder: dict[str, TableScene] = {}
    sleeps = [0]
    time = QuietTime()

    def wait(timeout: float) -> list[pygame.event.Event]:
        table = holder["table"]
        session = table.session
        if timeout != IDLE_POLL:
            return time.wait(timeout)  # something is due: the loop draws then
        sleeps[0] += 1
        waiting = (table.seats.passing, table.asking.chooser is not None, table.result is not None,
                   session.screen_to_act)
        assert any(waiting), f"asleep with nothing to answer: {session.game.phase}"
        if table.asking.chooser is not None:  # and the question is on the screen, not only meant
            button = table.asking.chooser.buttons[0]
            spot = (8, button.rect.height // 2)
            built = button.image.get_at(spot)
            drawn = app.surface.get_at((button.rect.left + spot[0], button.rect.top + spot[1]))
            assert built.a == 255 and drawn[:3] == built[:3], "the question is not drawn"
        assert not (table.seats.passing \
                and session.game.phase == Phase.CALL), "no hand-over to call"
        if table.seats.passing or table.view.phase == Phase.CUT:
            time.arrive(*key_press(REVEAL_KEY if table.seats.passing
                                   else pygame.K_RETURN))  # or cut
        elif table.result is None:
            time.arrive(*person_events(table, calls=False))
        return time.wait(timeout)

    app = App(clock=time, wait=wait)
    try:
        session = MatchSession(preset("baby"), CAL_FIRST, seed=3, ai_pause=0.6)
        table = TableScene(app, session, TableOptions(speed="fast", call_seconds=2.0),
                           on_quit=lambda: None)
        holder["table"] = table
        app.switch(table)
        for _ in range(100000):
            if table.result is not None:
                break
            app.turn()
        assert table.result is not None and sleeps[0] > 10
    finally:
        app.close()


def test_the_countdown_is_on_the_bar_and_says_what_happens_at_zero() -> None:
    """One countdown, on the bar above the hand ("Call J♥? 3 s: … At 0 you pass."),
    its number the window's in every frame; the Call button only says Call (a number
    on it read as "the game calls at zero")."""
    from kalooki.ui.table.painter import prompt

    with alone_at_table(3.0) as (app, table):
        session = table.session
        while not table.calls.asked:
            app.step(person_events(table, calls=False)
                     if session.screen_to_act and not table.calls.asked else [])
        button = table.buttons["call"]
        shown: list[int | None] = []
        while table.calls.asked:
            window = table.calls.window
            assert window is not None
            app.step([])
            if table.calls.window is window:
                card = str(card_said(table.view.top_discard))
                seconds = window.seconds_shown
                assert prompt(table.frame()).startswith(f"Call {card}? {seconds} s: ")
                assert prompt(table.frame()).endswith("At 0 you pass.")
                assert shown_words(button) == "Call"
                shown.append(seconds)
        assert sorted(set(shown), reverse=True) == [3, 2, 1], shown


@pytest.mark.parametrize("lang", ["en", "fr"])
def test_the_window_holds_every_callers_button_at_the_smallest_size(lang: str) -> None:
    """Six people at 1024x640: four may call (not the discarder, not the next to play);
    every button and Wait lie inside the window, and the window inside the staging area."""
    from kalooki.engine.rng import Rng
    from kalooki.tools.screens.table import eager

    set_language(lang)
    names = ("Keisha", "Marcia", "Winston", "Delroy", "Élodie", "Annabelle")
    session = MatchSession(preset("caribbean"), [Seat(n, "human", True) for n in names],
                           seed=4, ai_pause=0.0)
    rng = Rng(4)
    while session.shared_call is None or len(session.shared_call[1]) < 4:
        seat = session.game.to_act
        assert seat is not None
        if session.awaited is not None:
            session.reveal(session.awaited)
        session.submit(eager(session.game.view(seat), rng), seat)
    app = App((1024, 640), clock=FakeClock())
    try:
        table = TableScene(app, session, TableOptions(speed="instant", call_seconds=5))
        app.switch(table)
        app.step([])
        panel = table.shared_calls.panel
        assert panel is not None and len(panel.buttons) == 4
        box = panel.panel.get_container().get_rect()  # inside its border
        assert table.layout.staging.contains(box)
        for button in (*panel.buttons.values(), panel.wait):
            assert box.contains(button.rect), button.text
    finally:
        app.close()

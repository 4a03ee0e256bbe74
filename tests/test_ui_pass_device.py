"""Pass the device: two people and computer players at one screen. Between two people's
turns the table shows only what everyone may see and asks for the next person by name;
their hand appears only when they say they are there, and leaves when their turn ends.
Driven by posted events (clicks and keys), every frame drawn is checked."""

from __future__ import annotations

import random
from collections.abc import Iterator
from contextlib import contextmanager

import pygame
import pytest

from kalooki.engine import events as ev
from kalooki.engine.actions import DrawStock
from kalooki.engine.deal import Phase
from kalooki.engine.record import Recorder
from kalooki.engine.rules import preset
from kalooki.ui.app import App
from kalooki.ui.session import MatchSession, Seat
from kalooki.ui.table.calls.window import SharedCall
from kalooki.ui.table.options import INSTANT
from kalooki.ui.table.prompts import REVEAL_KEY
from kalooki.ui.table.scene import TableScene
from tests.support.friends import clicks, friends_table, keydown, person_events, thrown
from tests.support.ui import key_press, settle


def person_clicks(table: TableScene, calls: bool) -> list[pygame.event.Event]:
    """The same by mouse only: click the stock, double-click the card to throw, click
    Call or Pass, click Allow."""
    view = table.view
    if view.phase in (Phase.CALL, Phase.ALLOW):
        name = "allow" if view.phase == Phase.ALLOW else "call" if calls else "pass"
        return clicks(table.buttons[name].rect.center)
    if view.phase == Phase.DRAW:
        return clicks(table.layout.stock.center)
    x, y, width = table.placement.spots[thrown(table)]
    return clicks((int(x) + width // 2, int(y) + width // 2)) * 2


def until_passing(app: App, table: TableScene) -> int:
    """Frames until the pass screen asks for someone; that person's seat."""
    app.step([])
    while not table.seats.passing:
        app.step([])
    settle(app)
    awaited = table.session.awaited
    assert awaited is not None
    return awaited


STRAYS = (pygame.K_SPACE, pygame.K_RETURN, pygame.K_KP_ENTER, pygame.K_1, pygame.K_2,
          pygame.K_3, pygame.K_4, pygame.K_5, pygame.K_6, pygame.K_c)
"""Keys a person at the keyboard presses for something else (Wait, Lay down, a call)."""


@contextmanager
def calls_only_what_was_shown(app: App, table: TableScene) -> Iterator[list[int]]:
    """Check every call a person says they make in the shared window: by an input made
    on the bar drawn then, up for its settle time, showing the card called (the call
    itself goes to the engine when it asks that person); and every hand shown: by a
    click or M on the pass screen, once settled. The callers so checked."""
    said: list[int] = []
    calling = SharedCall.call

    def call(window: SharedCall, seat: int) -> bool:
        stamp = app.guard.handling
        assert stamp is not None and stamp.prompt is not None, "a call nobody made"
        assert stamp.prompt.kind == "shared" and stamp.prompt.serial == window.stamp
        assert not stamp.held and stamp.age >= stamp.prompt.settle, "not yet settled"
        assert stamp.prompt.about == str(table.session.game.discard[-1])
        said.append(seat)
        return calling(window, seat)

    revealing = table.seats.reveal

    def reveal() -> None:  # and the hand is shown only by the named person's own act
        stamp = app.guard.handling
        assert stamp is not None and stamp.prompt is not None and stamp.prompt.kind == "pass"
        assert stamp.key in (None, REVEAL_KEY) and not stamp.held, "a stray key showed a hand"
        assert stamp.age >= stamp.prompt.settle, "shown before the pass screen settled"
        revealing()

    SharedCall.call = call  # type: ignore[method-assign]
    table.seats.reveal = reveal  # type: ignore[method-assign]
    try:
        yield said
    finally:
        SharedCall.call = calling  # type: ignore[method-assign]


@pytest.mark.parametrize(("by_mouse", "strays"),
                         [(True, None), (False, None), (True, 5), (False, 6), (False, 7)],
                         ids=["mouse", "mouse-and-keys", "mouse-stray-keys-5",
                              "keys-stray-keys-6", "keys-stray-keys-7"])
def test_a_whole_deal_two_people_never_see_each_others_hand(by_mouse: bool,
                                                            strays: int | None) -> None:
    """A whole deal by posted events (by mouse alone, or keys too): every hand-over goes
    through the pass screen, which names the next person; a person's hand is drawn only
    after they said they are there, and never while the other person is to act; calls
    go through the shared window, with no hand on the screen. With stray keys (Space,
    Enter, 1–6, C) pressed at random frames (seeded) as well, the same holds, and every
    call made is on the card the bar showed when its key or click was made. Privacy is
    checked frame by frame, so this deal is drawn frame by frame (time jumps only while a
    prompt settles, when nothing else moves)."""
    stray = random.Random(strays)
    with friends_table(seed=11) as (app, table), calls_only_what_was_shown(app, table) \
            as called:
        session = table.session
        app.step([])
        passes: list[str] = []
        acted = {0: 0, 2: 0}
        shared = pressed = 0
        for _ in range(6000):
            if table.result is not None:
                break
            if strays is not None and stray.random() < 0.35:
                app.step(key_press(stray.choice(STRAYS)))
                pressed += 1
                continue
            awaited = session.awaited
            if table.seats.passing:
                assert awaited is not None and session.covered
                assert table.asking.chooser is not None and not table.view.hand
                title = table.asking.asked.title if table.asking.asked else ""
                passes.append(title)
                assert session.seats[awaited].name in title
                settle(app)
                if by_mouse or len(passes) % 2:
                    app.step(clicks(table.asking.chooser.buttons[0].rect.center))
                else:
                    app.step(key_press(REVEAL_KEY))
                assert session.viewer == awaited and not session.covered
                assert sorted(table.hand.arrangement.all_cards()) == sorted(
                    session.game.hands[awaited])
            elif table.shared_calls.window is not None:  # Ann calls every card she may, Ben none
                assert session.covered and not table.view.hand
                shared += 1
                window, panel = table.shared_calls.window, table.shared_calls.panel
                if 0 in window.people and 0 not in window.called and panel is not None:
                    settle(app)
                    app.step(clicks(panel.buttons[0].rect.center) if by_mouse
                             else key_press(pygame.K_1))
                    assert 0 in window.called or table.shared_calls.window is not window
                else:
                    app.step([])
            elif session.screen_to_act and table.asking.chooser is None:
                seat = session.viewer
                before = len(session.recorder.actions)
                doing = person_clicks if by_mouse else person_events
                settle(app)
                app.step(doing(table, calls=seat == 0))
                if len(session.recorder.actions) > before:
                    acted[seat] += 1
            else:
                app.step([])
        assert shared, "calls went through the shared window"
        assert table.result is not None, "the deal ended"
        assert called and (strays is None or pressed > 100), (called, pressed)
        assert all(count >= 3 for count in acted.values()), acted
        assert any("Ann" in title for title in passes) and any("Ben" in title
                                                               for title in passes)


def test_the_hand_leaves_the_screen_when_the_turn_ends() -> None:
    with friends_table(seed=11) as (app, table):
        session = table.session
        first = until_passing(app, table)
        app.step(key_press(pygame.K_SPACE))
        assert not table.view.hand and session.covered, "Space is not the hand-over"
        app.step(key_press(REVEAL_KEY))
        assert table.view.hand and not session.covered
        while session.screen_to_act and table.view.phase in (Phase.DRAW, Phase.PLAY):
            app.step(person_events(table, calls=False))
        assert session.game.to_act != first
        assert session.covered and not table.view.hand and not table.hand.arrangement.all_cards()


def test_input_for_the_awaited_person_waits_for_them() -> None:
    """On the pass screen no key or click plays: the one-door rule holds even for the
    person whose turn it is, until they say they are there; Escape pauses, and Enter on
    the pause menu does not reveal."""
    with friends_table(seed=11) as (app, table):
        session = table.session
        awaited = until_passing(app, table)
        before = len(session.recorder.actions)
        layout = table.layout
        app.step([*key_press(pygame.K_d), *clicks(layout.stock.center),
                  *clicks(layout.discard.center)])
        assert len(session.recorder.actions) == before and table.seats.passing
        assert session.submit(DrawStock(), awaited) is not None
        app.step(key_press(pygame.K_ESCAPE))
        assert table.asking and not table.seats.passing
        app.step(key_press(pygame.K_RETURN))
        assert session.covered, "Enter on the pause menu is not the hand-over"
        app.step(key_press(pygame.K_ESCAPE))
        app.step([])
        assert table.seats.passing, "the pass screen comes back after the pause"


def test_the_session_shows_no_hand_while_covered() -> None:
    seed = 11
    seats = [Seat("Ann", "human", True), Seat("Cal", "easy"), Seat("Ben", "human", True)]
    session = MatchSession(preset("baby"), seats, seed=seed, ai_pause=0.0)
    assert session.covered and session.shared_screen
    view = session.view()
    assert view.hand == () and view.legal == ()
    assert all(not (e.private and e.cards) for e in session.take_events())
    alone = MatchSession(preset("baby"), [Seat("Ann", "human", True), Seat("Cal", "easy"),
                                          Seat("Dee", "easy")], seed=seed)
    assert not alone.covered and alone.view() == alone.game.view(0)


def test_a_buy_in_is_offered_by_name_after_the_hand_over(app: App) -> None:
    from tests.support.friends import elimination_game, marcia_goes_out

    game = elimination_game([145, 20, 30])
    seats = [Seat("Ann", "human", True), Seat("Marcia", "medium"), Seat("Ben", "human", True)]
    session = MatchSession(game.rules, seats, 5, ai_pause=1000.0, recorder=Recorder(game))
    table = TableScene(app, session, INSTANT)
    app.switch(table)
    app.run_frames(2)
    marcia_goes_out(table)
    settle(app)
    app.step(clicks(table.buttons["next"].rect.center))
    app.run_frames(1)
    assert table.seats.passing and session.awaited == 0
    settle(app)
    app.step(key_press(REVEAL_KEY))
    app.run_frames(1)
    assert table.asking.asked is not None \
            and table.asking.asked.title == "Ann, your 175 is over 150."


def test_each_person_finds_their_cards_as_they_left_them() -> None:
    """Ann sorts by rank and Ben by suit, each on their turn: after the others' turns
    each finds their cards in the order they left them."""
    with friends_table(seed=11) as (app, table):
        session = table.session
        orders: dict[int, list[int]] = {}
        for _ in range(3000):
            if table.result is not None:
                break
            if table.seats.passing:
                awaited = session.awaited
                assert awaited is not None
                settle(app)
                app.step(key_press(REVEAL_KEY))
                if awaited in orders and session.game.deal_no == 1:
                    now = [c for c in table.hand.arrangement.all_cards() if c in orders[awaited]]
                    kept = [c for c in orders[awaited] if c in now]
                    assert now == kept, "the order as left"
                    if len(orders) == 2:
                        return
            elif session.screen_to_act and table.asking.chooser is None:
                seat = session.viewer
                settle(app)
                app.step(key_press(pygame.K_r if seat == 0 else pygame.K_s))
                if table.view.phase == Phase.PLAY:
                    events = person_events(table, calls=False)
                    orders[seat] = list(table.hand.arrangement.all_cards())
                    app.step(events)
                else:
                    app.step(person_events(table, calls=False))
            else:
                app.step([])
        raise AssertionError("both people came back to their cards")


def test_a_replay_of_friends_shows_no_hand_of_the_deal_still_played(app: App) -> None:
    """Watching the autosave of a game several people share: the deal still being
    played shows nobody's hand and logs no hidden card (any of them may be watching);
    a finished deal opens every hand as for anyone's game."""
    from kalooki.engine.cards import card_text
    from kalooki.engine.rng import Rng
    from kalooki.store.savegame import Seat as SavedSeat
    from kalooki.store.savegame import snapshot
    from kalooki.ui.replay.scene import ReplayScene
    from kalooki.ui.replay.sources import watched_save
    from tests.support.rig import eager

    recorder = Recorder.new(preset("baby"), 3, 21)
    rng, into = Rng(21), 0
    while recorder.game.deal_no < 2 or into < 10:
        into += recorder.game.deal_no == 2
        seat = recorder.game.to_act
        assert seat is not None
        recorder.apply(eager(recorder.game.view(seat), rng), seat)
    seats = [SavedSeat("Ann", "human"), SavedSeat("Grace", "easy"), SavedSeat("Ben", "human")]
    watched = watched_save(snapshot(recorder, seats))
    assert not isinstance(watched, str)
    scene = ReplayScene(app, watched, lambda: None)
    app.switch(scene)
    app.step([keydown(pygame.K_END)])
    cursor = scene.cursor
    assert cursor.deal == 2 and not cursor.finished
    assert scene.view.hand == () and scene.open_hands_now() == {}
    start = cursor.deal_starts[2]
    secret = [(number, card_text(event.cards[0], True))
              for number, step in enumerate(cursor.steps[start:], start=start + 1)
              for event in step.events if isinstance(event, ev.Drew) and event.private]
    assert {cursor.steps[n - 1].seat for n, _ in secret} >= {0, 2}, "both people drew"
    for number, face in secret:
        assert not any(face in str(line) for line in scene.sight.lines[number])
    app.step([keydown(pygame.K_HOME), keydown(pygame.K_RIGHT)])  # deal 1 is over
    assert cursor.deal == 1 and set(scene.open_hands_now()) == {1, 2}


def _sidebar_words(table: TableScene) -> list[str]:
    """The sidebar's progress rows of the frame drawn now."""
    from kalooki.ui.table.painter import sidebar_progress

    return [words for words, _, _ in sidebar_progress(table.frame(), 2000, 14)]


def test_the_pass_screen_shows_no_seats_opening(app: App) -> None:
    """Rami 40: Ben has opened, Ann has not. The pass screen to Ann shows the deal's goal,
    neither Ben's "Opened" nor a tally of Ann's (her hand is not shown yet); once Ann is
    there, her own tally; the pass screen to Ben shows the goal again."""
    from tests.support.friends import play_on
    from tests.support.rig import rigged

    rules = preset("rami40")
    game = rigged(["2C 5D 9H", "3C 7D", "4S 8H 10C"], rules=rules,
                  table=((1, "QS QH QD"),), down=(1,), turn=1)
    seats = [Seat("Ann", "human", True), Seat("Ben", "human", True), Seat("Des", "medium")]
    session = MatchSession(rules, seats, 5, ai_pause=0.0, recorder=Recorder(game))
    table = TableScene(app, session, INSTANT)
    app.switch(table)
    goal = ["Open with 40 points"]

    def until_asked(seat: int) -> None:
        for _ in range(3000):
            if table.seats.passing and session.awaited == seat:
                settle(app)
                return
            play_on(app, table)
        raise AssertionError("no pass screen")

    until_asked(1)
    assert _sidebar_words(table) == goal
    app.step(key_press(REVEAL_KEY))
    assert _sidebar_words(table) == ["Opened ✓"]
    until_asked(0)
    assert session.viewer == 1 and _sidebar_words(table) == goal, "not Ben's opening"
    app.step(key_press(REVEAL_KEY))
    assert _sidebar_words(table) == ["Opening 0 / 40"]
    until_asked(1)
    assert session.viewer == 0 and _sidebar_words(table) == goal, "not Ann's tally"


def test_a_watched_seats_opening_is_named(app: App) -> None:
    from tests.support.rig import rigged

    rules = preset("rami40")
    game = rigged(["2C 5D 9H", "3C 7D", "4S 8H 10C"], rules=rules,
                  table=((1, "QS QH QD"),), down=(1,), turn=2)
    seats = [Seat("Ann", "easy"), Seat("Ben", "easy"), Seat("Des", "easy")]
    for viewer, words in ((1, ["Ben: opened ✓"]),
                          (0, ["Ann: not opened", "Open with 40 points"])):
        session = MatchSession(rules, seats, 5, ai_pause=1000.0, viewer=viewer,
                               recorder=Recorder(game))
        table = TableScene(app, session, INSTANT)
        app.switch(table)
        app.run_frames(1)
        assert _sidebar_words(table) == words

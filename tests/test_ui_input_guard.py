"""What the player meant (issue 24): every key and click lands on the prompt that was on
screen when it was made. A prompt that comes up by itself takes nothing for its settle
time and never a held key; the pass screen takes only a click on its button or its own
key; an input made for a prompt since gone is dropped, with a note saying so. Driven by
posted events on the fake clock (frames of 16 ms), no wall clock, no thread."""

from __future__ import annotations

import dataclasses
from collections.abc import Callable, Iterator
from contextlib import contextmanager

import pygame

from kalooki.engine import events as ev
from kalooki.engine.actions import Discard, DrawStock, TackOn
from kalooki.engine.cards import card_text, face_of, parse_cards
from kalooki.engine.deal import Phase
from kalooki.engine.events import Event
from kalooki.engine.record import Recorder
from kalooki.engine.rules import RuleSet, preset
from kalooki.ui.app import App
from kalooki.ui.guard import InputGuard, Prompt, Verdict
from kalooki.ui.session import MatchSession, Seat
from kalooki.ui.table.options import INSTANT
from kalooki.ui.table.prompts import REVEAL_KEY, stale_note
from kalooki.ui.table.scene import TableScene
from tests.support.rig import rigged
from tests.support.ui import FakeClock, settle
from tests.support.ui import key_press as press
from tests.support.words import plain

FRAME = 0.016
SETTLE_FRAMES = 19
"""The frames a prompt needs before it takes input: 0.3 s on the fake clock."""
FRIENDS = (Seat("Cal", "easy"), Seat("Dee", "easy"), Seat("Ann", "human", True),
           Seat("Ben", "human", True))
"""Ann and Ben share the screen with two computer players."""
ALONE = (Seat("Cal", "easy"), Seat("Dee", "easy"), Seat("Ann", "human", True),
         Seat("Eve", "easy"))
ANN, BEN = 2, 3


def key_down(code: int) -> pygame.event.Event:
    return pygame.event.Event(pygame.KEYDOWN, key=code, mod=0, unicode="", scancode=0)


def clicks(pos: tuple[int, int]) -> list[pygame.event.Event]:
    return [pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=pos, button=1),
            pygame.event.Event(pygame.MOUSEBUTTONUP, pos=pos, button=1)]


@contextmanager
def table_of(seats: tuple[Seat, ...], seed: int = 3, viewer: int = 0,
             rules: RuleSet | None = None, **options: object) -> Iterator[tuple[App, TableScene]]:
    app = App(clock=FakeClock())
    try:
        session = MatchSession(rules or preset("baby"), seats, seed=seed, ai_pause=0.0,
                               viewer=viewer)
        chosen = dataclasses.replace(INSTANT, **{
            "call_seconds": 2.0, "ask_only_when_helps": False, **options})
        table = TableScene(app, session, chosen, on_quit=lambda: None)
        app.switch(table)
        app.step([])
        yield app, table
    finally:
        app.close()


def plain_move(table: TableScene) -> list[pygame.event.Event]:
    """The person at the screen's plain move, by keys and clicks: draw (D); choose the
    first card they may throw and discard it (X); let a call go (P); allow one (A)."""
    view = table.view
    if view.phase == Phase.CUT:
        return press(pygame.K_RETURN)  # cut anywhere
    if view.phase == Phase.DRAW:
        return press(pygame.K_d)
    if view.phase == Phase.CALL:
        return press(pygame.K_p)
    if view.phase == Phase.ALLOW:
        return press(pygame.K_a)
    card = next(a.card for a in view.legal if isinstance(a, Discard))
    x, y, width = table.placement.spots[card]
    if card in table.hand.arrangement.selected:
        return press(pygame.K_x)
    return [*clicks((int(x) + width // 4, int(y) + width // 2)), *press(pygame.K_x)]


def play_on(app: App, table: TableScene) -> None:
    """One frame of the people doing the plain thing once they have looked: say they are
    there on the pass screen, make their move; calls they let run out."""
    if table.seats.passing:
        settle(app)
        app.step(press(REVEAL_KEY))
    elif table.session.screen_to_act and table.asking.chooser is None:
        settle(app)
        app.step(plain_move(table))
    else:
        app.step([])


def until(app: App, table: TableScene, wanted: Callable[[], bool], most: int = 20000) -> None:
    for _ in range(most):
        if wanted():
            return
        play_on(app, table)
    raise AssertionError("never came")


def just_drawn(app: App, table: TableScene) -> bool:
    """The prompt on top of the table is the one the last frame drew, for the first time."""
    return app.guard.drawn is not None and app.guard.drawn == table.prompt() \
        and app.guard.age() == 0


def calls_of(session: MatchSession, seat: int) -> list[Event]:
    seen: list[Event] = []
    session.after_action.append(lambda _, events: seen.extend(
        e for e in events if isinstance(e, ev.Called) and e.player == seat))
    return seen


# --- the pass screen --------------------------------------------------------------------------

def test_the_pass_screen_shows_no_hand_for_space_enter_a_held_key_or_a_stray_click() -> None:
    """The pass screen has just come up for Ben; Ann, still at the keyboard, presses
    Space (Wait, a moment before), Enter, holds M, clicks where its button is. None of
    it shows a hand, in the settle time or after: Space and Enter are told they are not
    the way; a held M is not taken; only a fresh M, or a click, once settled, is."""
    with table_of(FRIENDS) as (app, table):
        session = table.session
        until(app, table, lambda: table.seats.passing and just_drawn(app, table))
        button = table.asking.chooser.buttons[0].rect.center  # type: ignore[union-attr]

        def covered() -> bool:
            return session.covered and not table.view.hand and table.seats.passing

        for stray in (press(pygame.K_SPACE), press(pygame.K_RETURN), clicks(button),
                      press(REVEAL_KEY), [key_down(REVEAL_KEY)]):  # M held from here on
            app.step(stray)
            assert covered() and app.guard.age() < 0.3
        app.run_frames(SETTLE_FRAMES)
        app.step([key_down(REVEAL_KEY)])  # the system repeats the held key
        assert covered()
        for key in (pygame.K_SPACE, pygame.K_RETURN, pygame.K_KP_ENTER):
            app.step(press(key))
            assert covered()
        name = session.names[session.awaited]  # type: ignore[index]
        assert str(app.note[0]) == f"{name}: click the button, or press M, to show your hand."
        app.step([pygame.event.Event(pygame.KEYDOWN, key=pygame.K_TAB, mod=0, unicode="",
                                     scancode=0)])  # the focus ring on its button
        app.step(press(pygame.K_RETURN))
        assert covered(), "Enter on the focused button is still Enter"
        app.step([pygame.event.Event(pygame.KEYUP, key=REVEAL_KEY, mod=0)])
        app.step(press(REVEAL_KEY))
        assert not session.covered and table.view.hand


def test_a_click_on_the_pass_screens_button_after_its_settle_time_shows_the_hand() -> None:
    with table_of(FRIENDS) as (app, table):
        until(app, table, lambda: table.seats.passing and just_drawn(app, table))
        button = table.asking.chooser.buttons[0].rect.center  # type: ignore[union-attr]
        app.run_frames(SETTLE_FRAMES - 2)
        app.step(clicks(button))
        assert table.session.covered, "0.29 s: not yet"
        app.run_frames(1)
        app.step(clicks(button))
        assert not table.session.covered and table.view.hand


def test_the_pass_screen_for_ann_ignores_an_answer_made_on_the_one_before() -> None:
    """A click made while another prompt was drawn (the frame before the pass screen)
    never opens the pass screen that came up since."""
    with table_of(FRIENDS) as (app, table):
        until(app, table, lambda: table.seats.passing and just_drawn(app, table))
        app.run_frames(SETTLE_FRAMES)
        app.guard.drawn = Prompt("pass", 0, "Someone", 0.3)  # what the frame showed
        app.step(press(REVEAL_KEY))
        assert table.session.covered
        assert str(app.note[0]) == "That was for the screen asking for Someone, already gone."


# --- call bars ---------------------------------------------------------------------------------

def test_a_click_on_a_call_button_made_before_a_new_discard_replaced_the_bar() -> None:
    """Ben discards; the shared bar offers his card to Ann alone. Ann clicks her button,
    but before the click is handled Cal (a computer) has played and thrown another card,
    and a new bar offers it, Ann's button in the same place. The click was made for the
    first card: it calls nothing and says so. Then a click within the new bar's settle
    time calls nothing either; one after it calls the new card."""
    with table_of(FRIENDS, call_seconds=1.0) as (app, table):
        session = table.session
        made = calls_of(session, ANN)
        until(app, table,
              lambda: table.shared_calls.window is not None
              and table.shared_calls.window.people == (ANN,)
              and app.guard.drawn == table.prompt())
        settle(app)
        first, card = table.shared_calls.window, card_text(table.view.top_discard, True)
        for _ in range(2000):  # the game moves on between the frame drawn and the click
            window = table.shared_calls.window
            if window is not None and window is not first and ANN in window.people:
                break
            table.update(FRAME)
        second = table.shared_calls.window
        assert second is not None and second is not first and table.shared_calls.panel is not None
        new_card = card_text(table.view.top_discard, True)
        assert new_card != card
        button = table.shared_calls.panel.buttons[ANN].rect.center
        app.step(clicks(button))
        assert ANN not in second.called and not made
        assert str(app.note[0]) == f"That call was for {card}, already gone."
        assert just_drawn(app, table)
        app.run_frames(SETTLE_FRAMES - 2)
        app.step(clicks(button))
        assert ANN not in second.called, "0.29 s after the new bar came up: not yet"
        app.run_frames(1)
        app.step(clicks(button))
        assert ANN in second.called or made


def test_a_c_pressed_while_no_call_bar_is_up_calls_nothing() -> None:
    """Ann alone with three computers, asked on every card. C is pressed in every frame
    in which no call bar has been up for its settle time (the computers' turns, the first
    frames of each new bar): a dozen bars, and Ann never calls. A C on a bar that has
    been up long enough calls that card at once, nothing more asked."""
    with table_of(ALONE, viewer=ANN, call_seconds=1.0) as (app, table):
        session = table.session
        made = calls_of(session, ANN)
        bars = strays = 0
        for _ in range(20000):
            if table.result is not None or bars >= 12:
                break
            bar = app.guard.drawn
            if bar is not None and bar.kind == "call" and app.guard.settled_in() is None:
                bars += 1
                app.step(press(pygame.K_p))
            elif session.screen_to_act and table.view.phase != Phase.CALL:
                settle(app)
                app.step(plain_move(table))
            else:
                strays += 1
                app.step(press(pygame.K_c))
            assert not made, f"a stray C called ({strays} strays)"
        assert bars >= 3 and strays > 50
        until(app, table, lambda: table.calls.asked and app.guard.drawn == table.prompt())
        settle(app)
        app.step(press(pygame.K_c))
        assert made and table.asking.chooser is None


def test_space_and_wait_belong_to_the_bar_they_were_pressed_for() -> None:
    """Space in the settle time of a new bar holds nothing (it was meant for what was
    up before); once settled, it holds the clock."""
    with table_of(ALONE, viewer=ANN) as (app, table):
        until(app, table, lambda: table.calls.asked and just_drawn(app, table))
        window = table.calls.window
        assert window is not None
        app.step(press(pygame.K_SPACE))
        assert not window.held
        settle(app)
        app.step(press(pygame.K_SPACE))
        assert window.held


# --- the other prompts ---------------------------------------------------------------------


def marcia_about_to_go_out(app: App, totals: list[int] | None = None) -> TableScene:
    """You (seat 0) against Marcia, who draws KD, puts 5C on her run and goes out."""
    from dataclasses import replace

    rules = replace(preset("kalooki51"), match_end="elimination", buy_ins=1,
                    buy_in_min_players=2)
    game = rigged(["KS QS JD", "5C", "2H 3S"], rules=rules, table=((1, "6C 7C 8C"),),
                  down=(1,), turn=1, stock="KD")
    if totals is not None:
        game.totals = list(totals)
    seats = [Seat("You", "human", True), Seat("Marcia", "medium"), Seat("Delroy", "medium")]
    session = MatchSession(game.rules, seats, 5, ai_pause=1000.0, recorder=Recorder(game))
    table = TableScene(app, session, INSTANT)
    app.switch(table)
    app.run_frames(2)
    five = next(c for c in game.hands[1] if face_of(c) == face_of(parse_cards(["5C"])[0]))
    for action in (DrawStock(), TackOn(five, 0, "lo")):
        assert session.submit(action, 1) is None
    assert session.submit(Discard(game.hands[1][0]), 1) is None
    table.absorb(session.take_events())  # the summary is open, not yet drawn
    return table


def test_the_deal_summary_takes_no_enter_space_or_click_while_it_settles(app: App) -> None:
    """Marcia goes out while the person presses Enter (to lay down) and Space: the
    summary that comes up stays; Next deal clicked in its settle time does nothing, nor
    an Enter made while another summary was drawn; a settled Enter goes on."""
    table = marcia_about_to_go_out(app)
    app.step(press(pygame.K_RETURN))  # made while the play was up: a summary is none of it
    assert table.result is not None
    assert just_drawn(app, table)
    for stray in (press(pygame.K_RETURN), press(pygame.K_SPACE),
                  clicks(table.buttons["next"].rect.center)):
        app.step(stray)
        assert table.result is not None
    settle(app)
    app.guard.drawn = Prompt("summary", 7, "7", 0.3)  # the frame showed another summary
    app.step(press(pygame.K_RETURN))
    assert table.result is not None
    assert str(app.note[0]) == "That was for the summary of deal 7, already closed."
    settle(app)
    app.step(press(pygame.K_RETURN))
    assert table.result is None


def test_a_buy_in_question_takes_no_answer_in_its_settle_time(app: App) -> None:
    """Over the limit with a buy-in left: the question comes up when the summary is
    closed; a click on Buy in at once (the click that closed the summary, doubled) does
    nothing, nor one made while another question was drawn; one on it, settled, buys in."""
    table = marcia_about_to_go_out(app, [145, 20, 30])
    app.step([])
    settle(app)
    app.step(clicks(table.buttons["next"].rect.center))
    assert table.asking.chooser is not None and table.asking.asked is not None
    assert table.asking.asked.kind == "buy-in" and just_drawn(app, table)
    buy = table.asking.chooser.buttons[0].rect.center
    app.step(clicks(buy))
    assert table.asking.chooser is not None and table.view.phase == Phase.BUY_IN
    settle(app)
    app.guard.drawn = Prompt("pause", 99, "", 0.0)  # the frame showed another question
    app.step(clicks(buy))
    assert table.asking.chooser is not None
    assert str(app.note[0]) == "That answer was for a question no longer asked."
    settle(app)
    app.step(clicks(buy))
    assert table.asking.chooser is None and table.session.game.buy_ins_used[0] == 1


def test_allow_and_refuse_belong_to_the_call_they_were_pressed_for() -> None:
    """A computer calls the person's discard: A pressed as the question comes up allows
    nothing; an A made for another call (the frame before showed it) is dropped with a
    note; once settled, A allows this call."""
    with table_of(ALONE, viewer=ANN, seed=3) as (app, table):
        session = table.session
        for _ in range(60000):
            if table.view.phase == Phase.ALLOW and table.view.to_act == ANN \
                    and just_drawn(app, table):
                break
            if table.result is not None:
                settle(app)
                app.step(press(pygame.K_RETURN))
            else:
                play_on(app, table)
        else:
            raise AssertionError("no computer called Ann's discard")
        card = card_text(table.view.top_discard, True)
        app.step(press(pygame.K_a))
        assert table.view.phase == Phase.ALLOW
        app.run_frames(SETTLE_FRAMES)
        queen = str(parse_cards(["QD"])[0])
        app.guard.drawn = Prompt("allow", -5, queen, 0.3)  # the frame on screen: another call
        app.step(press(pygame.K_a))
        assert table.view.phase == Phase.ALLOW
        assert str(app.note[0]) == "That answer was for the call of Q♦, already settled."
        settle(app)
        moves = session.moves
        app.step(press(pygame.K_a))
        assert session.moves > moves and session.record.actions[moves] == "allow", card


def test_a_stale_note_names_the_card_in_the_language_of_the_moment(french: None) -> None:
    """The call bar's prompt holds the card, not its English face: the note says "V♥"
    in French, and a joker is "un joker", not the corner's "JK"."""
    jack, joker = parse_cards(["JH", "JK"])
    assert plain(str(stale_note(Prompt("call", 1, str(jack), 0.3)))) == \
        "Cet appel visait V\u2665, déjà parti."
    assert plain(str(stale_note(Prompt("allow", 2, str(joker), 0.3)))) == \
        "Cette réponse visait l'appel d'un joker, déjà réglé."


# --- the guard itself ------------------------------------------------------------------------

def test_the_guard_stamps_each_input_with_the_prompt_drawn_when_it_came() -> None:
    guard = InputGuard()
    bar = Prompt("call", 7, "J♥", 0.3)
    guard.shown(bar)
    guard.frame_drawn()
    guard.arrive(key_down(pygame.K_c))
    assert guard.verdict(bar) is Verdict.EARLY
    guard.handled()
    guard.tick(0.3)
    guard.arrive(pygame.event.Event(pygame.KEYUP, key=pygame.K_c, mod=0))
    guard.arrive(key_down(pygame.K_c))
    assert guard.verdict(bar) is Verdict.TAKEN
    assert guard.verdict(Prompt("call", 9, "Q♦", 0.3)) is Verdict.STALE
    assert guard.gone(Prompt("call", 9, "Q♦", 0.3)) == bar
    guard.arrive(key_down(pygame.K_c))  # again without being let go
    assert guard.verdict(bar) is Verdict.HELD
    press_down = clicks((0, 0))
    guard.arrive(press_down[0])  # pressed on the J♥ bar
    guard.shown(Prompt("call", 9, "Q♦", 0.3))
    guard.frame_drawn()
    guard.tick(1.0)
    guard.arrive(press_down[1])  # let go on the Q♦ bar: the click was the J♥ bar's
    assert guard.verdict(Prompt("call", 9, "Q♦", 0.3)) is Verdict.STALE
    guard.handled()
    assert guard.verdict(bar) is Verdict.TAKEN, "code, not input, answers what is up"
    assert guard.verdict(None) is Verdict.STALE, "and nothing when nothing is up"

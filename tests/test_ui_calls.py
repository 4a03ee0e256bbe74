"""Calls at a human pace: the person is asked only when the card helps, Space holds the
window, one countdown everywhere, a late key does nothing, and the banner says the
outcome in the log's words."""

from __future__ import annotations

import dataclasses
import os

os.environ["SDL_VIDEODRIVER"] = "dummy"
os.environ["SDL_AUDIODRIVER"] = "dummy"

import pygame

from kalooki.engine import solver
from kalooki.engine.actions import Allow, Discard, DrawStock, Pass
from kalooki.engine.cards import parse_cards
from kalooki.engine.deal import Phase
from kalooki.engine.events import Event
from kalooki.engine.view import PlayerView
from kalooki.ui.app import App
from kalooki.ui.guard import Prompt
from kalooki.ui.session import MatchSession
from kalooki.ui.table.calls.window import CallWindow, Decision, card_helps
from kalooki.ui.table.painter import prompt
from kalooki.ui.table.scene import TableScene
from kalooki.words import Said
from tests.support.calls import RULES, open_table, seats
from tests.support.ui import key_press, settle, shown


def a_view() -> PlayerView:
    return MatchSession(RULES, seats(), seed=3, ai_pause=0.0).view()


def calling(hand: str, card: str) -> PlayerView:
    """The viewer holding ``hand``, asked about ``card`` on the discard pile."""
    cards = parse_cards(hand.split())
    return dataclasses.replace(a_view(), hand=tuple(cards), phase=Phase.CALL,
                               discard=tuple(parse_cards([card], taken=cards)))


def test_a_card_helps_when_it_brings_the_contract_closer() -> None:
    assert calling("7S 7H 2C 5D 9S 10H JC KD QS", "7C").contract == (3, 3, 3)
    assert card_helps(calling("7S 7H 2C 5D 9S 10H JC KD QS", "7C"))  # a third 7
    assert card_helps(calling("7S 7H 2C 5D 9S 10H JC KD QS", "2D"))  # a pair begun
    assert not card_helps(calling("7S 7H 7D 5D 5S 5H JC JD JS", "3C"))  # already there
    assert not card_helps(calling("7S 7H 2C 2D 9S 9H JC JD QS", "4H"))  # a lone card


def test_unasked_the_person_passes_at_once_alone_but_never_sooner_with_others() -> None:
    view = calling("7S 7H 2C 2D 9S 9H JC JD QS", "4H")
    decision = Decision(0, 10)
    alone = CallWindow.open(decision, view, 5, only_when_helps=True, people=1)
    assert not alone.asks and alone.passes_at_once
    together = CallWindow.open(decision, view, 5, only_when_helps=True, people=2)
    assert not together.asks and not together.passes_at_once
    assert not any(together.tick(0.25) for _ in range(19))  # 4.75 s: not yet
    assert together.tick(0.25)  # its full five seconds, as an asked window would take
    asked = CallWindow.open(decision, view, 5, only_when_helps=False, people=1)
    assert asked.asks and not asked.passes_at_once


# --- at the table -------------------------------------------------------------------------

def key(app: App, code: int) -> None:
    pygame.event.post(pygame.event.Event(pygame.KEYDOWN, key=code, mod=0, unicode="",
                                         scancode=0))
    app.run_frames(1)


def play_mine(table: TableScene) -> None:
    """The person's plain moves outside call windows: draw, throw the first card, allow."""
    view = table.session.view()
    if view.phase == Phase.DRAW:
        table.submit(DrawStock())
    elif view.phase == Phase.PLAY:
        table.submit(next(a for a in view.legal if isinstance(a, Discard)))
    elif view.phase == Phase.ALLOW:
        table.submit(Allow())


def until_asked(app: App, table: TableScene, limit: int = 3000) -> None:
    """Frames until the person's call window is on screen and takes input."""
    for _ in range(limit):
        if table.calls.asked and app.guard.drawn == table.calls.prompt():
            settle(app)
            return
        if table.result is not None:
            table.next_deal()
        if table.session.screen_to_act and table.view.phase != Phase.CALL:
            play_mine(table)
        app.run_frames(1)
    raise AssertionError("the person was never asked to call")


def test_the_countdown_is_on_the_bar_never_on_the_call_button(app: App) -> None:
    table = open_table(app)
    until_asked(app, table)
    numbers = []
    while table.calls.window is not None:
        frame = table.frame()
        assert shown(table.buttons["call"]) == "Call"
        assert f"? {frame.call_seconds} s: Call (C)" in prompt(frame)
        numbers.append(frame.call_seconds)
        app.run_frames(1)
    assert numbers[0] == 5 and sorted(set(numbers)) == [1, 2, 3, 4, 5]
    assert table.session.recorder.actions[-1] == Pass().code or table.view.phase != Phase.CALL



def test_the_prompt_names_the_answers_in_the_order_of_their_buttons(app: App) -> None:
    table = open_table(app)
    until_asked(app, table)
    buttons = sorted((table.buttons[name] for name in ("call", "wait", "pass")),
                     key=lambda button: button.rect.x)
    said = prompt(table.frame())
    places = [said.find(f"{shown(button)} (") for button in buttons]
    assert -1 not in places and places == sorted(places), (said, [shown(b) for b in buttons])

def test_space_holds_the_window_until_the_person_answers(app: App) -> None:
    table = open_table(app)
    until_asked(app, table)
    key(app, pygame.K_SPACE)
    assert table.calls.window is not None and table.calls.window.held
    assert not table.buttons["wait"].is_enabled
    moves = len(table.session.recorder.actions)
    app.run_frames(60 * 20)  # twenty seconds: the window waits
    assert len(table.session.recorder.actions) == moves and table.calls.window is not None
    assert "Take your time" in prompt(table.frame())
    assert shown(table.buttons["call"]) == "Call"
    key(app, pygame.K_p)
    assert table.session.recorder.actions[moves] == Pass().code


def test_a_late_key_press_does_nothing_and_is_never_refused(app: App) -> None:
    table = open_table(app)
    until_asked(app, table)
    app.run_frames(60 * 6)  # the window runs out: the person passed
    assert table.calls.prompt() is None
    moves = len(table.session.recorder.actions)
    toasts = []
    table.show_toast = toasts.append  # type: ignore[method-assign]
    for late in (pygame.K_c, pygame.K_p, pygame.K_a, pygame.K_f, pygame.K_SPACE):
        table.handle_event(pygame.event.Event(pygame.KEYDOWN, key=late, mod=0))
    assert not toasts and len(table.session.recorder.actions) == moves


def test_a_key_belongs_to_the_window_on_screen_when_it_was_pressed(app: App) -> None:
    """The window opened after the last frame drawn: a C pressed then was meant for the
    bar on screen (another card), not for it; it is dropped with a note saying so."""
    table = open_table(app)
    until_asked(app, table)
    jack = str(parse_cards(["JH"])[0])
    app.guard.drawn = Prompt("call", -1, jack, 0.3)  # the frame on screen: another bar
    moves = len(table.session.recorder.actions)
    app.step(key_press(pygame.K_c))
    assert len(table.session.recorder.actions) == moves
    assert str(app.note[0]) == "That call was for J♥, already gone."
    settle(app)  # drawn, and up long enough: now it is the window on screen
    app.step(key_press(pygame.K_p))
    assert table.session.recorder.actions[moves] == Pass().code


def test_asked_only_when_the_card_helps(app: App) -> None:
    """Over a whole deal, every call window the person gets: asked exactly when the card
    brings their contract closer (the solver, asked here on its own), else passed at once."""
    table = open_table(app, ask_only_when_helps=True, seed=9)
    session = table.session
    windows: list[tuple[bool, int]] = []

    def note(_: MatchSession, events: list[Event]) -> None:
        game = session.game
        if game.phase == Phase.CALL and game.to_act == 0:
            hand, card = list(game.hands[0]), game.discard[-1]
            need = solver.cards_needed(hand, game.contract, game.rules)
            helps = solver.cards_needed([*hand, card], game.contract, game.rules) < need
            windows.append((helps, len(session.recorder.actions)))

    session.after_action.append(note)
    asked: set[int] = set()
    for _ in range(20000):
        settled = bool(windows) and len(session.recorder.actions) > windows[-1][1]
        both = len({h for h, _ in windows}) == 2
        if table.result is not None or (settled and both and len(windows) > 3):
            break
        if table.calls.asked:
            asked.add(table.calls.window.decision.moves)
            table.calls.answer(Pass()) if app.guard.drawn == table.calls.prompt() else None
        elif session.screen_to_act and session.view().phase != Phase.CALL:
            play_mine(table)
        app.run_frames(1)
    assert {helps for helps, _ in windows} == {True, False}
    for helps, moves in windows:
        assert (moves in asked) == helps
        if not helps:
            assert session.recorder.actions[moves] == Pass().code


def test_the_banner_tells_the_outcome_of_a_call_in_the_words_of_the_log(app: App) -> None:
    table = open_table(app, seed=21)
    banners: list[Said] = []
    outcomes = 0
    for _ in range(40000):
        if table.result is not None:
            table.next_deal()
        if table.calls.asked and app.guard.drawn == table.calls.prompt():
            table.calls.answer(Pass())
        elif table.session.screen_to_act and table.view.phase != Phase.CALL:
            play_mine(table)
        app.run_frames(1)
        shown = table.banner[0]
        if shown and (not banners or shown is not banners[-1]):
            banners.append(shown)
        outcomes = sum("allowed the call" in str(line) or " refused " in str(line)
                       for line in table.log)
        if outcomes >= 2:
            break
    assert outcomes >= 2, "no call was decided"
    assert banners and all(banner in table.log for banner in banners)
    assert not any("comes first" in str(banner) or " called " in str(banner)
                   for banner in banners)


def test_after_an_allowed_call_the_prompt_says_why_the_discard_cannot_be_taken(
        app: App) -> None:
    table = open_table(app)
    view = dataclasses.replace(table.session.view(), phase=Phase.DRAW, to_act=0,
                               discard_dead=True, legal=(DrawStock(),),
                               discard=tuple(parse_cards(["QH"])))
    table.view = view
    assert prompt(table.frame()) == \
        "Your turn: draw from the stock (after the call, Q♥ may not be taken this turn)."
    table.view = dataclasses.replace(view, discard_dead=False)
    assert prompt(table.frame()) == "Your turn: draw from the stock."

"""A monkey at the table: thousands of random clicks, drags and keys must raise nothing
and leave every card of the deal in exactly one place."""

from __future__ import annotations

import os

os.environ["SDL_VIDEODRIVER"] = "dummy"
os.environ["SDL_AUDIODRIVER"] = "dummy"

import random
from collections import Counter

import pygame

from kalooki.engine.actions import Action
from kalooki.engine.cards import build_deck
from kalooki.engine.deal import Phase
from kalooki.engine.rules import preset
from kalooki.engine.view import PlayerView
from kalooki.ui.app import App
from kalooki.ui.session import MatchSession, Seat
from kalooki.ui.table.options import INSTANT, TableOptions
from kalooki.ui.table.prompts import REVEAL_KEY
from kalooki.ui.table.scene import TableScene
from tests.support.ui import FakeClock, HeldWorker, key_press, settle

EVENTS = 20_000
KEYS = (pygame.K_s, pygame.K_r, pygame.K_d, pygame.K_t, pygame.K_RETURN, pygame.K_x,
        pygame.K_g, pygame.K_u, pygame.K_LEFT, pygame.K_RIGHT, pygame.K_c, pygame.K_p,
        pygame.K_a, pygame.K_f, pygame.K_ESCAPE, pygame.K_SPACE, pygame.K_DELETE)



def random_event(rng: random.Random, size: tuple[int, int],
                 table: TableScene) -> pygame.event.Event:
    """Mostly presses on the player's own cards and the piles, where things happen."""
    spots = list(table.placement.spots.values())
    if spots and rng.random() < 0.5:
        x, y, w = rng.choice(spots)
        pos = (x + rng.randrange(max(1, w)), y + rng.randrange(max(1, w)))
    else:
        pos = (rng.randrange(size[0]), rng.randrange(size[1]))
    roll = rng.random()
    if roll < 0.3:
        return pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=pos, button=1)
    if roll < 0.6:
        return pygame.event.Event(pygame.MOUSEBUTTONUP, pos=pos, button=1)
    if roll < 0.9:
        return pygame.event.Event(pygame.MOUSEMOTION, pos=pos, rel=(0, 0), buttons=(1, 0, 0))
    if roll < 0.98:
        return pygame.event.Event(pygame.KEYDOWN, key=rng.choice(KEYS), mod=0, unicode="",
                                  scancode=0)
    width, height = rng.choice(((1024, 640), (1280, 720), (1600, 900)))
    return pygame.event.Event(pygame.WINDOWSIZECHANGED, x=width, y=height)


def test_twenty_thousand_random_events_break_nothing() -> None:
    app = App(clock=FakeClock())
    try:
        rules = preset("baby")
        seats = [Seat("You", "human", True), Seat("Marcia", "easy"), Seat("Delroy", "easy")]
        session = MatchSession(rules, seats, seed=11, ai_pause=0.0)
        table = TableScene(app, session, TableOptions(speed="fast", call_seconds=0.5),
                           on_quit=lambda: None)
        app.switch(table)
        rng = random.Random(5)
        packs, jokers = rules.deck_for(3)
        deck = Counter(build_deck(packs, jokers))
        batch: list[pygame.event.Event] = []
        for _ in range(EVENTS):
            batch.append(random_event(rng, app.size, table))
            if len(batch) == 8:
                app.step(batch)
                batch = []
                if table.result is not None:
                    table.next_deal()
                if table.asking.chooser is not None and rng.random() < 0.5:
                    table.asking.close()
                game = session.game
                if game.phase not in (Phase.CUT, Phase.MATCH_OVER):
                    assert Counter(game.cards_in_play()) == deck
                assert set(table.hand.arrangement.all_cards()) == set(game.hands[0])
        assert session.recorder.actions  # the monkey got the game moving
    finally:
        app.close()


# --- one door per seat: the person at the screen never moves a computer -------------------

ACTION_KEYS = (pygame.K_d, pygame.K_t, pygame.K_c, pygame.K_p, pygame.K_a, pygame.K_f,
               pygame.K_x, pygame.K_DELETE, pygame.K_RETURN)


def every_gesture(table: TableScene) -> list[pygame.event.Event]:
    """Every key that acts, then clicks and double-clicks with a card chosen on the stock,
    the discard pile, every meld on the table and every button, and a drag of each pile."""
    def click(pos: tuple[int, int]) -> list[pygame.event.Event]:
        return [pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=pos, button=1),
                pygame.event.Event(pygame.MOUSEBUTTONUP, pos=pos, button=1)]

    def drag(start: tuple[int, int], end: tuple[int, int]) -> list[pygame.event.Event]:
        return [pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=start, button=1),
                pygame.event.Event(pygame.MOUSEMOTION, pos=end, rel=(0, 0), buttons=(1, 0, 0)),
                pygame.event.Event(pygame.MOUSEBUTTONUP, pos=end, button=1)]

    events = [pygame.event.Event(pygame.KEYDOWN, key=key, mod=0, unicode="", scancode=0)
              for key in ACTION_KEYS]
    layout = table.layout
    places = [layout.stock.center, layout.discard.center, layout.cut_strip.center,
              *(rect.center for rect in table.placement.meld_rects),
              *(button.rect.center for button in table.buttons.values())]
    card = table.hand.arrangement.order[0] if table.hand.arrangement.order else None
    for place in places:
        if card is not None:
            x, y, w = table.placement.spots[card]
            events += click((x + w // 2, y + w // 2))  # choose a card, then use it there
        events += click(place)
    if card is not None:  # a double-click discards
        x, y, w = table.placement.spots[card]
        events += click((x + w // 2, y + w // 2)) * 2
    for pile in (layout.stock, layout.discard):
        events += drag(pile.center, layout.staging.center)
    return events


def human_move(view: PlayerView, rng: random.Random) -> Action:
    """Any legal move, calling whenever calling is allowed (so computers must allow)."""
    calls = [a for a in view.legal if a.code == "call"]
    return calls[0] if calls else rng.choice(view.legal)


def test_no_human_input_ever_moves_a_computer_seat() -> None:
    """While each computer pauses and thinks (in its turn, its call window, its answer to
    the human's call), every gesture the table knows applies nothing; and the refusal says
    whose turn it is."""
    app = App(clock=FakeClock())
    try:
        worker = HeldWorker()
        seats = [Seat("You", "human", True), Seat("Marcia", "easy"), Seat("Delroy", "easy")]
        session = MatchSession(preset("caribbean"), seats, seed=3, ai_pause=0.3,
                               worker=worker)
        table = TableScene(app, session, TableOptions(speed="instant", call_seconds=60.0),
                           on_quit=lambda: None)
        app.switch(table)
        rng = random.Random(9)
        probed: Counter[Phase] = Counter()
        for _ in range(3000):
            if table.result is not None:
                table.next_deal()
            elif session.screen_to_act and table.asking.chooser is None:
                table.submit(human_move(table.view, rng))
            elif session.computer_to_act is not None:
                seat = session.computer_to_act
                app.step([])  # its pause begins; its choice is asked for and held
                before = (session.game.state_hash(), len(session.recorder.actions))
                app.step([pygame.event.Event(pygame.KEYDOWN, key=pygame.K_d, mod=0,
                                             unicode="", scancode=0)])
                assert (session.game.state_hash(), len(session.recorder.actions)) == before
                if session.game.phase != Phase.CUT:
                    assert str(table.toast[0]) == f"It is {seats[seat].name}'s turn."
                app.step(every_gesture(table))
                assert (session.game.state_hash(), len(session.recorder.actions)) == before
                probed[session.game.phase] += 1
                if table.asking.chooser is not None:
                    table.asking.close()
                worker.release()
                while len(session.recorder.actions) == before[1]:  # its pause runs out
                    app.step([])
                if {Phase.DRAW, Phase.PLAY, Phase.CALL, Phase.ALLOW} <= set(probed) and \
                        sum(probed.values()) >= 60:
                    break
                continue
            app.step([])
        assert {Phase.DRAW, Phase.PLAY, Phase.CALL, Phase.ALLOW} <= set(probed), probed
    finally:
        app.close()


def test_two_people_at_one_computer_each_act_only_for_their_own_seat() -> None:
    """Pass the device: the screen's seat follows the person who said they are there.
    Before the hand-over a key pressed for the awaited person moves nothing; after it,
    the table shows that person's hand only."""
    from tests.support.table import human_decision

    app = App(clock=FakeClock())
    try:
        seats = [Seat("Ann", "human", True), Seat("Ben", "human", True), Seat("Cal", "easy")]
        session = MatchSession(preset("baby"), seats, seed=5, ai_pause=0.0)
        table = TableScene(app, session, INSTANT, on_quit=lambda: None)
        app.switch(table)
        handovers = 0
        for _ in range(5000):
            to_act = session.game.to_act
            if table.result is not None:
                table.next_deal()
            elif table.seats.passing:
                assert to_act in (0, 1) and session.awaited == to_act
                before = session.game.state_hash()
                app.step(key_press(pygame.K_d))
                assert session.game.state_hash() == before
                settle(app)
                app.step(key_press(REVEAL_KEY))
                handovers += 1
                assert table.view.player == to_act and session.screen_seat == to_act
                assert sorted(table.hand.arrangement.all_cards()) == sorted(
                    session.game.hands[to_act])
                if handovers == 8:
                    break
            elif session.screen_to_act and table.asking.chooser is None:
                assert table.submit(human_decision(table.view))
            app.step([])
        assert handovers == 8
    finally:
        app.close()

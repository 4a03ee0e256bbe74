"""A monkey at the table: thousands of random clicks, drags and keys must raise nothing
and leave every card of the deal in exactly one place."""

from __future__ import annotations

import os

os.environ["SDL_VIDEODRIVER"] = "dummy"
os.environ["SDL_AUDIODRIVER"] = "dummy"

import random
from collections import Counter

import pygame

from kalooki.engine.cards import build_deck
from kalooki.engine.rules import preset
from kalooki.engine.state import Phase
from kalooki.ui.app import App
from kalooki.ui.session import MatchSession, Seat
from kalooki.ui.table import TableScene
from tests.ui_support import FakeClock

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
        table = TableScene(app, session, speed="fast", call_seconds=0.5,
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
                if table.chooser is not None and rng.random() < 0.5:
                    table._close_chooser()
                game = session.game
                if game.phase not in (Phase.CUT, Phase.MATCH_OVER):
                    assert Counter(game.cards_in_play()) == deck
                assert set(table.arrangement.all_cards()) == set(game.hands[0])
        assert session.recorder.actions  # the monkey got the game moving
    finally:
        app.close()

"""Tables of friends sharing one screen: their seats, the events each person makes, and the
matches the shared-screen tests start from."""

from __future__ import annotations

import dataclasses
from collections.abc import Iterator, Sequence
from contextlib import contextmanager

import pygame

from kalooki.engine.actions import Discard, DrawStock, TackOn
from kalooki.engine.cards import face_of, parse_cards
from kalooki.engine.deal import Phase
from kalooki.engine.events import Event
from kalooki.engine.rules import RuleSet, preset
from kalooki.engine.state import Game
from kalooki.ui.app import App
from kalooki.ui.session import MatchSession, Seat
from kalooki.ui.table.frame import TableFrame
from kalooki.ui.table.options import INSTANT
from kalooki.ui.table.prompts import REVEAL_KEY
from kalooki.ui.table.scene import TableScene
from tests.support.rig import rigged
from tests.support.table import human_decision
from tests.support.ui import FakeClock, key_press, settle

FRIENDS = (Seat("Ann", "human", True), Seat("Cal", "easy"), Seat("Ben", "human", True),
           Seat("Dee", "easy"))


def keydown(code: int) -> pygame.event.Event:
    return pygame.event.Event(pygame.KEYDOWN, key=code, mod=0, unicode="", scancode=0)


def clicks(pos: tuple[int, int]) -> list[pygame.event.Event]:
    return [pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=pos, button=1),
            pygame.event.Event(pygame.MOUSEBUTTONUP, pos=pos, button=1)]


def hidden_from_screen(session: MatchSession) -> set[int]:
    """The cards no one at the screen may see now: every person's hand but the hand of
    the person shown (none while the screen is covered)."""
    shown = None if session.covered else session.viewer
    return {card for seat, sitter in enumerate(session.seats) if sitter.human
            and seat != shown for card in session.game.hands[seat]}


@contextmanager
def friends_table(seed: int, seats: Sequence[Seat] = FRIENDS, rules: RuleSet | None = None,
                  **options: object) -> Iterator[tuple[App, TableScene]]:
    """Ann and Ben (seats 0 and 2) with two computer players, every frame drawn checked:
    no card of a hand that is not on the screen is drawn face up, and the log is told no
    private card."""
    app = App(clock=FakeClock())
    try:
        session = MatchSession(rules or preset("baby"), seats, seed=seed, ai_pause=0.0)
        chosen = dataclasses.replace(INSTANT, **{  # a shared call window of 32 frames
            "call_seconds": 0.5, "ask_only_when_helps": False, **options})
        table = TableScene(app, session, chosen, on_quit=lambda: None)
        painted = table.painter.draw

        def checked_draw(surface: pygame.Surface, frame: TableFrame) -> None:
            placed = set(table.placement.order)  # every card drawn face up (no flight
            # carries a hidden card's face: a card flies face up only from the discard)
            assert not placed & hidden_from_screen(session), "a hidden hand was drawn"
            assert not frame.view.hand or frame.view.player == session.viewer
            painted(surface, frame)

        table.painter.draw = checked_draw  # type: ignore[method-assign]
        told = table.narrator.line

        def checked_line(event: Event, melds: object) -> str | None:
            assert not (event.private and event.cards), f"the log was told {event}"
            return told(event, melds)  # type: ignore[arg-type]

        table.narrator.line = checked_line  # type: ignore[method-assign]
        app.switch(table)
        yield app, table
    finally:
        app.close()


def person_events(table: TableScene, calls: bool) -> list[pygame.event.Event]:
    """What the person at the screen does now, as clicks and keys: draw (D), discard the
    card a plain strategy throws (click it, then X), call (C) or pass (P), allow (A)."""
    view = table.view
    if view.phase == Phase.CALL:
        return key_press(pygame.K_c if calls else pygame.K_p)
    if view.phase == Phase.ALLOW:
        return key_press(pygame.K_a)
    if view.phase == Phase.DRAW:
        return key_press(pygame.K_d)
    x, y, width = table.placement.spots[thrown(table)]
    return [*clicks((int(x) + width // 2, int(y) + width // 2)), *key_press(pygame.K_x)]


def thrown(table: TableScene) -> int:
    """The card a plain strategy discards from the person's hand."""
    action = human_decision(table.view)
    discard = action if isinstance(action, Discard) else next(
        a for a in table.view.legal if isinstance(a, Discard))
    return discard.card


def events_of(session: MatchSession) -> list[Event]:
    """Every event the engine gives, whole, as it happens (for the test's eyes only)."""
    seen: list[Event] = []
    session.after_action.append(lambda _, events: seen.extend(events))
    return seen


def play_on(app: App, table: TableScene) -> None:
    """One frame of the people doing the plain thing, once they have looked: whoever is
    asked for says they are there (M); the person to act draws or discards; calls they
    let go by."""
    if table.seats.passing:
        settle(app)
        app.step(key_press(REVEAL_KEY))
    elif table.session.screen_to_act and table.asking.chooser is None:
        settle(app)
        app.step(person_events(table, calls=False))
    else:
        app.step([])


KALOOKI51 = preset("kalooki51")


ELIMINATION = dataclasses.replace(KALOOKI51, match_end="elimination", buy_ins=1,
                                  buy_in_min_players=2)
"""Buy-ins offered down to two players, so a two-player table meets the question too."""


def elimination_game(totals: list[int], players: int = 3) -> Game:
    """Marcia (seat 1) is about to go out: she draws KD, puts 5C on her run, discards KD."""
    hands = ["KS QS JD", "5C", "2H 3S"][:players]
    game = rigged(hands, rules=ELIMINATION, table=((1, "6C 7C 8C"),), down=(1,), turn=1,
                  stock="KD")
    game.totals = list(totals)
    return game


def marcia_goes_out(table: TableScene) -> None:
    """Marcia's moves go through the session's door for her seat (the table itself acts
    only for the person at the screen), then the table catches up."""
    session = table.session
    game = session.game
    five = next(c for c in game.hands[1] if face_of(c) == face_of(parse_cards(["5C"])[0]))
    assert table.submit(DrawStock()) is False  # not the human's turn: nothing moves
    for action in (DrawStock(), TackOn(five, 0, "lo")):
        assert session.submit(action, 1) is None
    assert session.submit(Discard(next(c for c in game.hands[1])), 1) is None
    table.absorb(session.take_events())

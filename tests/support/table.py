"""The table driven as a person would: a plain strategy for the person's seat, the mouse
gestures that make each move, and waits for the person's turn."""

from __future__ import annotations

import dataclasses
from collections import Counter
from collections.abc import Callable

import pygame

from kalooki.engine import solver
from kalooki.engine.actions import (
    Action,
    Allow,
    Cut,
    Discard,
    DrawStock,
    EndTurn,
    LayDown,
    MeldSpec,
    Pass,
    TackOn,
    parse_action,
)
from kalooki.engine.cards import build_deck, is_joker
from kalooki.engine.deal import Phase
from kalooki.engine.rules import preset
from kalooki.engine.scoring import card_points
from kalooki.engine.view import PlayerView
from kalooki.ui.app import App
from kalooki.ui.session import MatchSession, Seat
from kalooki.ui.table.options import INSTANT
from kalooki.ui.table.scene import TableScene
from tests.support.ui import settle

RULES = dataclasses.replace(preset("baby"), hand_sizes=(12, 10, 11))
"""Baby Kalooki with 12 cards in deal 1, so a lay-down leaves cards to tack on later."""


def seats(players: int) -> list[Seat]:
    names = ["You", "Marcia", "Delroy", "Winston", "Beverley", "Errol"]
    return [Seat("You", "human", True), *(Seat(n, "medium") for n in names[1:players])]


def make_session(seed: int, players: int = 3) -> MatchSession:
    return MatchSession(RULES, seats(players), seed, ai_pause=0.0)


def human_decision(view: PlayerView) -> Action:
    """A plain strategy: draw from the stock, lay the contract as soon as it is there,
    tack what fits, discard the card that helps least; a hand of nothing but jokers,
    which may not be discarded, tacks them or ends the turn."""
    legal = view.legal
    if view.phase == Phase.CUT:
        return Cut(view.players * view.rules.hand_size(view.deal_no))
    if view.phase == Phase.CALL:
        return Pass()
    if view.phase == Phase.ALLOW:
        return Allow()
    if view.phase == Phase.DRAW:
        return DrawStock()
    lay = next((a for a in legal if isinstance(a, LayDown)), None)
    if lay is not None and not view.down[view.player]:
        return LayDown(tuple(trimmed(spec) for spec in lay.melds))
    tack = next((a for a in legal if isinstance(a, TackOn) and not is_joker(a.card)), None)
    if tack is not None:
        return tack
    discards = [a for a in legal if isinstance(a, Discard)]
    if not discards:
        return next(a for a in legal if isinstance(a, TackOn | EndTurn))
    if view.down[view.player]:
        return max(discards, key=lambda a: card_points(a.card, view.rules))
    hand = list(view.hand)

    def need_without(card: int) -> tuple[int, int]:
        rest = list(hand)
        rest.remove(card)
        return (solver.cards_needed(rest, view.contract, view.rules),
                -card_points(card, view.rules))

    return min(discards, key=lambda a: need_without(a.card))


def trimmed(spec: MeldSpec) -> MeldSpec:
    """A group laid one natural short, so the card is left to tack on afterwards."""
    naturals = [c for c in spec.cards if not is_joker(c)]
    if spec.kind != "group" or len(spec.cards) <= 3 or len(naturals) <= 2:
        return spec
    return MeldSpec(spec.kind, tuple(c for c in spec.cards if c != naturals[-1]))


def plan(seed: int, players: int = 3) -> list[str] | None:
    """The human's actions through deal 1 when they include a lay-down, a tack and the
    deal ends with someone going out; None otherwise."""
    session = make_session(seed, players)
    mine: list[str] = []
    for _ in range(3000):
        game = session.game
        if game.results:
            done = not game.results[0].void
            kinds = {code.split()[0] for code in mine}
            return mine if done and {"lay", "tack", "draw"} <= kinds else None
        if session.screen_to_act:
            action = human_decision(session.view())
            assert session.submit(action, 0) is None
            mine.append(action.code)
        else:
            session.update(1.0, busy=False)
    return None


def post(kind: int, **fields: object) -> None:
    pygame.event.post(pygame.event.Event(kind, **fields))


def drag(app: App, start: tuple[int, int], end: tuple[int, int]) -> None:
    post(pygame.MOUSEMOTION, pos=start, rel=(0, 0), buttons=(0, 0, 0))
    post(pygame.MOUSEBUTTONDOWN, pos=start, button=1)
    middle = ((start[0] + end[0]) // 2, (start[1] + end[1]) // 2)
    for pos in (middle, end):
        post(pygame.MOUSEMOTION, pos=pos, rel=(0, 0), buttons=(1, 0, 0))
        app.run_frames(1)
    post(pygame.MOUSEBUTTONUP, pos=end, button=1)
    app.run_frames(1)


def click(app: App, pos: tuple[int, int]) -> None:
    """A click, once what it answers has been up long enough."""
    settle(app)
    post(pygame.MOUSEMOTION, pos=pos, rel=(0, 0), buttons=(0, 0, 0))
    post(pygame.MOUSEBUTTONDOWN, pos=pos, button=1)
    post(pygame.MOUSEBUTTONUP, pos=pos, button=1)
    app.run_frames(2)


def card_centre(table: TableScene, card: int) -> tuple[int, int]:
    """A point on ``card`` that no card drawn above it covers (its left strip)."""
    x, y, width = table.placement.spots[card]
    return x + max(4, width // 8), y + width // 2


def table_at_draw(app: App, rules: str = "baby", seed: int = 7) -> TableScene:
    """A table where the person at the screen is to draw (baby rules: no cut)."""
    seats = [Seat("You", "human", True), Seat("Marcia", "easy"), Seat("Delroy", "easy")]
    session = MatchSession(preset(rules), seats, seed=seed, ai_pause=0.0)
    table = TableScene(app, session, INSTANT)
    app.switch(table)
    for _ in range(2000):
        if session.screen_to_act and session.view().phase == Phase.DRAW:
            return table
        if session.screen_to_act:  # a call window: let it go
            table.submit(session.view().legal[-1])
        app.run_frames(1)
    raise AssertionError("the person was never asked to draw")


def wait_for_human(app: App, table: TableScene, limit: int = 5000) -> None:
    for _ in range(limit):
        if table.result is not None or table.session.screen_to_act:
            return
        app.run_frames(1)
    raise AssertionError("the computer players never handed over")


def assert_cards_whole(table: TableScene) -> None:
    game = table.session.game
    packs, jokers = game.rules.deck_for(game.players)
    if game.phase != Phase.CUT:
        assert Counter(game.cards_in_play()) == Counter(build_deck(packs, jokers))


def perform(app: App, table: TableScene, action: Action) -> None:
    """Make ``action`` with the mouse only, then check the engine recorded exactly it."""
    layout = table.layout
    before = len(table.session.recorder.actions)
    hand_spot = (layout.hand.centerx, layout.hand.centery)
    if isinstance(action, Cut):
        click(app, layout.stock.center)
    elif isinstance(action, DrawStock):
        drag(app, layout.stock.center, hand_spot)
    elif isinstance(action, Pass):
        click(app, table.buttons["pass"].rect.center)
    elif isinstance(action, Allow):
        click(app, table.buttons["allow"].rect.center)
    elif isinstance(action, LayDown):
        empty = (layout.staging.right - 30, layout.staging.top + 30)
        for spec in action.melds:
            for card in spec.cards:
                click(app, card_centre(table, card))
            assert table.hand.arrangement.selected == set(spec.cards)
            drag(app, card_centre(table, spec.cards[0]), empty)
            assert sorted(table.hand.arrangement.staged[-1]) == sorted(spec.cards)
        assert table.buttons["lay"].is_enabled
        click(app, table.buttons["lay"].rect.center)
    elif isinstance(action, TackOn):
        target = table.placement.meld_rects[action.meld]
        end_x = target.left + 4 if action.end == "lo" else target.right - 4
        drag(app, card_centre(table, action.card), (end_x, target.centery))
    elif isinstance(action, Discard):
        drag(app, card_centre(table, action.card), layout.discard.center)
    codes = table.session.recorder.actions
    assert len(codes) > before, f"{action.code} was not applied"
    made = codes[before]
    if isinstance(action, TackOn):  # the engine may tack the same face's other copy
        assert made.split()[0] == "tack" and made.split()[2:] == action.code.split()[2:]
    elif isinstance(action, LayDown):  # a group's cards may be listed in any order
        laid = parse_action(made)
        assert isinstance(laid, LayDown)
        assert [sorted(m.cards) for m in laid.melds] == [sorted(m.cards) for m in action.melds]
    else:
        assert made == action.code
    assert_cards_whole(table)


Act = Callable[[App, TableScene, Action], None]


def play_whole_deal(app: App, good_seed: int, act: Act) -> tuple[TableScene, list[str]]:
    """A deal on the good seed with every person's move made by ``act`` (the mouse, the
    keys) until it ends: the table, and the kind of each move made."""
    session = make_session(good_seed)
    table = TableScene(app, session, INSTANT)
    app.switch(table)
    app.run_frames(2)
    kinds = []
    while table.result is None:
        wait_for_human(app, table)
        if table.result is not None:
            break
        action = human_decision(session.view())
        act(app, table, action)
        kinds.append(action.code.split()[0])
        app.run_frames(1)
    return table, kinds

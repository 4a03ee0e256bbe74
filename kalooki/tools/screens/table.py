"""The table's screens for ``kalooki screens``: mid-deal at 3, 4 and 6 players, mid-drag,
the hint, the cut, the pause menu's Save game dialog, the deal summary and the end of a
match, the pass-the-device screen of friends at one computer. Computer players lay down
and tack on whenever they can, so the table fills up."""

from __future__ import annotations

import dataclasses
from collections.abc import Callable
from datetime import datetime

import pygame

from kalooki.engine.actions import (
    Action,
    Allow,
    Discard,
    DrawStock,
    LayDown,
    MeldSpec,
    Pass,
    TackOn,
)
from kalooki.engine.cards import is_joker
from kalooki.engine.deal import Phase
from kalooki.engine.facts.seats import DEFAULT_LEVEL, HUMAN
from kalooki.engine.rng import Rng
from kalooki.engine.rules import RuleSet, preset
from kalooki.engine.scoring import card_points
from kalooki.engine.view import PlayerView
from kalooki.tools.screens.shots import Shots, SteadyClock
from kalooki.ui.app import App
from kalooki.ui.pages.saves import save_dialog
from kalooki.ui.pages.setup import DEFAULT_NAMES, GameSetup
from kalooki.ui.play.match import seats_for
from kalooki.ui.session import MatchSession
from kalooki.ui.table.options import INSTANT, TableOptions
from kalooki.ui.table.scene import TableScene
from kalooki.ui.widgets.dialogs import DialogScene
from kalooki.words.presets import preset_title

MAX_STEPS = 4000
"""Frames a staged table may take to reach its moment; a few hundred are usual."""


_PAUSE_ENTRIES = tuple((key, lambda: None) for key in
                       ("table.pause.rules", "table.pause.save", "table.pause.settings"))
"""The pause menu's entries as a match's table has them (here they open nothing: the
picture is of the menu)."""


def eager(view: PlayerView, rng: Rng) -> Action:
    """Lay down and tack on at every chance, else draw and shed the heaviest card."""
    kinds: tuple[type[Action], ...] = (LayDown, TackOn, DrawStock, Allow, Pass)
    if rng.below(3):  # hold back tacks a while, so the table fills before anyone goes out
        kinds = (LayDown, DrawStock, Allow, Pass)
    for kind in kinds:
        found = [a for a in view.legal if isinstance(a, kind)
                 and not (isinstance(a, TackOn) and is_joker(a.card))]
        if found and isinstance(found[0], LayDown):
            return LayDown(tuple(_shortest(spec) for spec in found[0].melds))
        if found:
            return found[rng.below(len(found))]
    discards = [a for a in view.legal if isinstance(a, Discard)]
    if discards and view.phase == Phase.PLAY:
        return max(discards, key=lambda a: card_points(a.card, view.rules))
    return view.legal[rng.below(len(view.legal))]


def _shortest(spec: MeldSpec) -> MeldSpec:
    """A group cut to three cards (naturals first), keeping cards back to tack on later."""
    if spec.kind != "group" or len(spec.cards) <= 3:
        return spec
    return MeldSpec(spec.kind, tuple(sorted(spec.cards, key=is_joker)[:3]))


def staged_table(app: App, players: int, melds: int, seed: int = 4, *,
                 rules: str | RuleSet = "caribbean-12", until_summary: bool = False,
                 until_cut: bool = False, until_over: bool = False,
                 until_call: bool = False,
                 help_rules: Callable[[], None] | None = None) -> TableScene:
    """A table in ``app`` with at least ``melds`` melds laid, stopped on the human's play
    phase (or on the human's cut, on a call window asked of the human whatever the card,
    on a deal's summary, or on the match's end)."""
    chosen = preset(rules) if isinstance(rules, str) else rules
    setup = GameSetup(chosen.name, players, (DEFAULT_LEVEL,) * (players - 1),
                      DEFAULT_NAMES[:players - 1])
    session = MatchSession(chosen, seats_for(setup), seed, ai_pause=0.0)
    session.play_with([None, *([eager] * (players - 1))])
    table = TableScene(app, session, TableOptions(speed="instant",
                                                  ask_only_when_helps=not until_call),
                       help_rules=help_rules, pause_extras=_PAUSE_ENTRIES)
    app.switch(table)
    rng = Rng(seed)
    for _ in range(MAX_STEPS):
        app.step([], draw=False)
        if table.result is not None:
            if until_summary or (until_over and session.over):
                break
            table.next_deal()
            continue
        if session.screen_to_act:
            view = session.view()
            if (until_cut and view.phase == Phase.CUT) or \
                    (until_call and table.calls.asked):
                break
            if (len(session.game.table) >= melds and view.phase == Phase.PLAY
                    and not (until_cut or until_over or until_call)):
                break
            table.submit(eager(view, rng))
    return table


def table_at(size: tuple[int, int], players: int, melds: int, seed: int = 4,
             until_summary: bool = False, until_cut: bool = False) -> tuple[App, TableScene]:
    """A new window holding :func:`staged_table` (for benches that time the table)."""
    app = App(size, clock=SteadyClock())
    return app, staged_table(app, players, melds, seed, until_summary=until_summary,
                             until_cut=until_cut)


def stage_something(table: TableScene) -> None:
    """Stage the human's first two cards of a rank (or any two) and select one more."""
    hand = table.hand.arrangement.order
    if len(hand) >= 4:
        table.hand.stage(hand[:2], None)
        table.hand.stage(hand[:1], None)
        last = hand[-1]
        table.hand.rearrange(lambda edits: edits.toggle(last))


def _drag_then_hint(shots: Shots, app: App, table: TableScene) -> None:
    """A card dragged towards the discard pile; then dropped home and a hint shown."""
    card = table.hand.arrangement.order[0]
    x, y, _ = table.placement.spots[card]
    home = (x + 5, y + 5)
    target = (table.layout.discard.centerx + 60, table.layout.discard.bottom)
    app.step([pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=home, button=1),
              pygame.event.Event(pygame.MOUSEMOTION, pos=target, rel=(0, 0),
                                 buttons=(1, 0, 0))])
    shots.take(app, "table-drag")
    app.step([pygame.event.Event(pygame.MOUSEMOTION, pos=home, rel=(0, 0), buttons=(1, 0, 0)),
              pygame.event.Event(pygame.MOUSEBUTTONUP, pos=home, button=1)])
    table.show_hint()
    shots.take(app, "table-hint")


def tables(shots: Shots) -> None:
    """Mid-deal at three, four, six and eight players (a house rule); at four also a drag,
    a hint, the pause menu, the cut and a call window."""
    eight = dataclasses.replace(preset("caribbean-12"), name="Eight at the table",
                                players_max=8)
    for players in (3, 4, 6, 8):
        with shots.app() as app:
            table = staged_table(app, players, melds=3, rules=eight if players > 6
                                 else "caribbean-12")
            stage_something(table)
            shots.take(app, f"table-{players}p")
            if players == 4:
                _drag_then_hint(shots, app, table)
                table.open_pause()
                shots.take(app, "table-pause")
    with shots.app() as app:
        table = staged_table(app, 4, melds=0, until_cut=True)
        strip = table.layout.cut_strip
        start = (strip.left + 20, strip.centery)
        end = (strip.left + strip.width * 2 // 5, strip.centery)
        app.step([pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=start, button=1),
                  pygame.event.Event(pygame.MOUSEMOTION, pos=end, rel=(0, 0),
                                     buttons=(1, 0, 0))])
        shots.take(app, "table-cut")
    with shots.app() as app:
        staged_table(app, 4, melds=0, until_call=True)
        shots.take(app, "table-call")


def save(shots: Shots) -> None:
    """The pause menu's Save game dialog over the table, its name proposed."""
    with shots.app() as app:
        table = staged_table(app, 4, melds=3)
        when = datetime(2025, 3, 14, 20, 30)
        default = f"{preset_title(table.session.game.rules.name)} {when:%Y-%m-%d %H:%M}"
        table.step_away()
        app.show_over(DialogScene(app, table, lambda: None,
                                  save_dialog(app, default, lambda name: None)))
        shots.take(app, "save")


def summary(shots: Shots) -> None:
    with shots.app() as app:
        staged_table(app, 4, melds=1000, until_summary=True)
        shots.take(app, "summary")


def match_end(shots: Shots) -> None:
    """The last deal's summary of a short (Baby Kalooki) match, with the final standings."""
    with shots.app() as app:
        staged_table(app, 3, melds=1000, rules="baby", until_over=True)
        shots.take(app, "match-end")


def pass_device(shots: Shots) -> None:
    """Friends at one computer: the pass screen between two people's turns (the table's
    public part only), then the next person's hand once they said they are there."""
    setup = GameSetup("caribbean-12", 4, (DEFAULT_LEVEL, HUMAN, DEFAULT_LEVEL),
                      ("Marcia", "Keisha", "Desmond"), first_name="Winston")
    with shots.app() as app:
        session = MatchSession(preset(setup.preset), seats_for(setup), 4, ai_pause=0.0)
        rng = Rng(4)
        for _ in range(MAX_STEPS):  # every seat plays eagerly until melds lie on the table
            to_act = session.game.to_act
            assert to_act is not None
            if (len(session.game.table) >= 3 and session.seats[to_act].human
                    and session.game.phase == Phase.DRAW):
                break
            if session.awaited is not None:
                session.reveal(session.awaited)  # as each person would
            session.submit(eager(session.game.view(to_act), rng), to_act)
        session.take_events()
        table = TableScene(app, session, INSTANT)
        app.switch(table)
        app.step([])
        shots.take(app, "pass-device")
        table.seats.reveal()
        shots.take(app, "pass-device-shown")


def call_shared(shots: Shots) -> None:
    """Friends at one computer: one call window for both people on the public table (no
    hand shown), a button and a key each; then once one of them has called, and the
    help (F1) naming each person's key."""
    setup = GameSetup("caribbean-12", 4, (HUMAN, DEFAULT_LEVEL, DEFAULT_LEVEL),
                      ("Keisha", "Marcia", "Desmond"), first_name="Winston")
    with shots.app() as app:
        session = MatchSession(preset(setup.preset), seats_for(setup), 4, ai_pause=0.0)
        rng = Rng(4)
        for _ in range(MAX_STEPS):  # every seat plays eagerly until both people may call
            shared = session.shared_call
            if len(session.game.table) >= 2 and shared is not None and len(shared[1]) == 2:
                break
            to_act = session.game.to_act
            assert to_act is not None
            if session.awaited is not None:
                session.reveal(session.awaited)  # as each person would
            session.submit(eager(session.game.view(to_act), rng), to_act)
        session.take_events()
        table = TableScene(app, session, TableOptions(speed="instant", call_seconds=5))
        app.switch(table)
        app.step([])
        shots.take(app, "call-shared")
        table.shared_calls.person_calls(1)
        app.step([])
        shots.take(app, "call-shared-called")
        app.open_help()
        shots.take(app, "call-shared-help")

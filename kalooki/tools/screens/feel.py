"""The table's feel for ``kalooki screens``: the person asked to call (its countdown on the
bar above the hand), a gesture undone (Undo and Redo both usable), and the
log told again after a saved game is loaded, scrolled back a page."""

from __future__ import annotations

import dataclasses

import pygame

from kalooki.engine.deal import Phase
from kalooki.engine.record import replay
from kalooki.engine.rng import Rng
from kalooki.tools.screens.shots import Shots
from kalooki.tools.screens.table import MAX_STEPS, eager, stage_something, staged_table
from kalooki.ui.session import MatchSession
from kalooki.ui.table.options import INSTANT
from kalooki.ui.table.scene import TableScene


def _until_asked_to_call(app: object, table: TableScene) -> None:
    """Play on (the person eagerly, asked on every card) until a call window asks."""
    rng = Rng(7)
    table.apply_options(dataclasses.replace(table.options, ask_only_when_helps=False))
    session = table.session
    for _ in range(MAX_STEPS):
        app.step([])  # type: ignore[attr-defined]
        shown = app.guard.drawn  # type: ignore[attr-defined]
        if table.calls.asked and shown is not None and shown == table.calls.prompt():
            return
        if table.result is not None:
            table.next_deal()
        elif session.screen_to_act and session.view().phase != Phase.CALL:
            table.submit(eager(session.view(), rng))


def calls(shots: Shots) -> None:
    with shots.app() as app:
        table = staged_table(app, 4, melds=1)
        _until_asked_to_call(app, table)
        shots.take(app, "call")


def undo(shots: Shots) -> None:
    """Two cards staged and one more selected, then the last gesture undone."""
    with shots.app() as app:
        table = staged_table(app, 4, melds=3)
        stage_something(table)
        shots.click(app, table.buttons["undo"])
        shots.take(app, "undo")


def loaded_log(shots: Shots) -> None:
    """A match resumed from its record (as Load and Continue do): the log as it was."""
    with shots.app() as app:
        played = staged_table(app, 4, melds=4)
        session = played.session
        resumed = MatchSession(session.game.rules, list(session.seats), session.game.seed,
                               ai_pause=0.0, recorder=replay(session.record))
        table = TableScene(app, resumed, INSTANT)
        app.switch(table)
        app.step([pygame.event.Event(pygame.KEYDOWN, key=pygame.K_PAGEUP, mod=0)])
        shots.take(app, "loaded-log")
        table.log.extend(table.log[-3:])  # lines come in while it is scrolled back
        shots.take(app, "loaded-log-new-lines")

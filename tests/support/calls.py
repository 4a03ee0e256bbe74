"""A table opened for the call tests: its rules and seats."""

from __future__ import annotations

from kalooki.engine.rules import preset
from kalooki.ui.app import App
from kalooki.ui.session import MatchSession, Seat
from kalooki.ui.table.options import TableOptions
from kalooki.ui.table.scene import TableScene

RULES = preset("baby")
"""Deal 1's contract is three groups."""


def seats() -> list[Seat]:
    return [Seat("You", "human", True), Seat("Marcia", "medium"), Seat("Delroy", "medium")]


def open_table(app: App, ask_only_when_helps: bool = False, seed: int = 5) -> TableScene:
    session = MatchSession(RULES, seats(), seed=seed, ai_pause=0.0)
    table = TableScene(app, session, TableOptions(speed="instant", call_seconds=5,
                                                  ask_only_when_helps=ask_only_when_helps))
    app.switch(table)
    return table

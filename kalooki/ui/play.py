"""Starting a match from the menu's choices and going back to the menu afterwards: the
wiring between the setup panel, the session and the table."""

from __future__ import annotations

import random
from typing import TYPE_CHECKING

from kalooki.engine.errors import RuleError
from kalooki.engine.rules import preset
from kalooki.store.settings import Settings
from kalooki.ui.menu import MainMenuScene
from kalooki.ui.session import HUMAN_SEAT, MatchSession, Seat
from kalooki.ui.setup_panel import GameSetup
from kalooki.ui.table import TableScene

if TYPE_CHECKING:
    from kalooki.ui.app import App

HUMAN_NAME = "You"


def seats_for(setup: GameSetup) -> list[Seat]:
    """The human at seat 0, then the opponents in the order the panel lists them."""
    opponents = [Seat(name, level) for name, level in zip(setup.names, setup.levels,
                                                          strict=True)]
    return [Seat(HUMAN_NAME, "human", human=True), *opponents]


def open_menu(app: App, settings: Settings | None = None) -> None:
    chosen = settings or Settings()
    app.switch(MainMenuScene(app, on_start=lambda setup: start_match(app, setup, chosen)))


def start_match(app: App, setup: GameSetup, settings: Settings,
                seed: int | None = None) -> TableScene | None:
    """Seat the players and open the table; a table the rules refuse (too few players)
    is reported on the menu instead."""
    try:
        session = MatchSession(preset(setup.preset), seats_for(setup),
                               random.randrange(2**32) if seed is None else seed,
                               ai_pause=settings.ai_pause_seconds, viewer=HUMAN_SEAT)
    except RuleError as error:
        if isinstance(app.scene, MainMenuScene):
            app.scene.show_notice(error.message)
        return None
    table = TableScene(app, session, speed=settings.animation_speed,
                       call_seconds=settings.call_window_seconds,
                       on_quit=lambda: open_menu(app, settings))
    app.switch(table)
    return table

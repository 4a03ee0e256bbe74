"""The help overlay's screens for ``kalooki screens``: over the main menu, the table and
a replay (each screen lists its own keys)."""

from __future__ import annotations

from kalooki.ui.menu import MainMenuScene
from kalooki.ui.replay_scene import ReplayScene
from kalooki.ui.screens_replay import sample_match, watched_of
from kalooki.ui.screens_shots import Shots
from kalooki.ui.screens_table import staged_table


def help_screens(shots: Shots) -> None:
    with shots.app() as app:
        app.switch(MainMenuScene(app, has_autosave=lambda: True, on_rules=lambda: None))
        app.open_help()
        shots.take(app, "help-menu")
    with shots.app() as app:
        table = staged_table(app, 4, melds=2)
        table.help_rules = lambda: None
        app.open_help()
        shots.take(app, "help-table")
    with shots.app() as app:
        app.switch(ReplayScene(app, watched_of(sample_match()), lambda: None))
        app.open_help()
        shots.take(app, "help-replay")

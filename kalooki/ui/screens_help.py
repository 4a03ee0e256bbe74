"""The help overlay's screens for ``kalooki screens``: over the main menu, the table and
a replay (each screen lists its own keys); and the table played by keys, its focus on a
card and on a meld's end."""

from __future__ import annotations

import pygame

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
    with shots.app() as app:
        staged_table(app, 4, melds=2)
        for key in (pygame.K_RIGHT, pygame.K_RIGHT, pygame.K_RIGHT, pygame.K_SPACE):
            app.step([pygame.event.Event(pygame.KEYDOWN, key=key, mod=0, unicode="")])
        shots.take(app, "table-keys-card")
        for key in (pygame.K_UP, pygame.K_RIGHT, pygame.K_RIGHT, pygame.K_RIGHT):
            app.step([pygame.event.Event(pygame.KEYDOWN, key=key, mod=0, unicode="")])
        shots.take(app, "table-keys-place")

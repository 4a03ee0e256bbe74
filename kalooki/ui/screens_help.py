"""The help overlay's screens for ``kalooki screens``: over the main menu, the table and
a replay (each screen lists its own keys); and the table played by keys, its focus on a
card and on a meld's end."""

from __future__ import annotations

import dataclasses

import pygame

from kalooki.engine import solver
from kalooki.engine.actions import Action, Discard, DrawStock, LayDown
from kalooki.engine.rng import Rng
from kalooki.engine.view import PlayerView
from kalooki.store.settings import Settings
from kalooki.ui.menu import MainMenuScene
from kalooki.ui.play import start_lesson
from kalooki.ui.profile import Profile
from kalooki.ui.replay_scene import ReplayScene
from kalooki.ui.screens_replay import sample_match, watched_of
from kalooki.ui.screens_shots import Shots
from kalooki.ui.screens_table import MAX_STEPS, eager, staged_table
from kalooki.ui.session import InlineWorker


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
        shots.take(app, "help-keys-card")
        for key in (pygame.K_UP, pygame.K_RIGHT, pygame.K_RIGHT, pygame.K_RIGHT):
            app.step([pygame.event.Event(pygame.KEYDOWN, key=key, mod=0, unicode="")])
        shots.take(app, "help-keys-place")


def _learner(view: PlayerView) -> Action | None:
    """A newcomer keen to lay down: draws from the stock, lays the contract when it can,
    and discards the card its contract needs least."""
    lay = next((a for a in view.legal if isinstance(a, (DrawStock, LayDown))), None)
    discards = [a for a in view.legal if isinstance(a, Discard)]
    if lay is not None or not discards:
        return lay

    def need_without(card: int) -> int:
        rest = list(view.hand)
        rest.remove(card)
        return solver.cards_needed(rest, view.contract, view.rules)

    return min(discards, key=lambda a: need_without(a.card))


def tutorial(shots: Shots) -> None:
    """The guided game at its first lessons: the draw, the contract and the scoring."""
    wanted = ["draw", "contract", "scoring"]
    with shots.app() as app:
        profile = Profile(shots.store, dataclasses.replace(
            Settings(), ai_pause_seconds=0.0, animation_speed="instant"), InlineWorker)
        lesson = start_lesson(app, profile)
        session, rng = lesson.table.session, Rng(3)
        for _ in range(MAX_STEPS):
            app.step()
            current = lesson.teacher.current
            if current is not None and wanted and current.name == wanted[0]:
                shots.take(app, f"tutorial-{wanted.pop(0)}")
                if not wanted:
                    return
            if lesson.table.result is None and session.screen_to_act:
                view = session.view()
                action = _learner(view) or eager(view, rng)
                if lesson.teacher.gate(action) is not None and current is not None:
                    action = next(a for a in view.legal if isinstance(a, current.teaches))
                lesson.table.submit(action)

"""The help overlay's screens for ``kalooki screens``: over the main menu, the table and
a replay (each screen lists its own keys); and the table played by keys, its focus on a
card and on a meld's end."""

from __future__ import annotations

import dataclasses

import pygame

from kalooki.engine import solver
from kalooki.engine.actions import Action, Call, Discard, DrawStock, LayDown, ShiftJoker, TackOn
from kalooki.engine.cards import is_joker
from kalooki.engine.rng import Rng
from kalooki.engine.scoring import card_points
from kalooki.engine.view import PlayerView
from kalooki.store.settings import Settings
from kalooki.tools.screens.replay import sample_match, watched_of
from kalooki.tools.screens.shots import Shots
from kalooki.tools.screens.table import MAX_STEPS, eager, staged_table
from kalooki.ui.pages.menu import MainMenuScene
from kalooki.ui.play.match import start_lesson
from kalooki.ui.profile import Profile
from kalooki.ui.replay.scene import ReplayScene
from kalooki.ui.workers import InlineWorker


def help_screens(shots: Shots) -> None:
    with shots.app() as app:
        app.switch(MainMenuScene(app, has_autosave=lambda: True, on_rules=lambda: None))
        app.open_help()
        shots.take(app, "help-menu")
    with shots.app() as app:
        staged_table(app, 4, melds=2, help_rules=lambda: None)
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


def _learner(view: PlayerView, calls: bool) -> Action | None:
    """A newcomer following the lessons: draws from the stock, lays the contract when it
    can, adds what fits, and discards the card its contract needs least (the heaviest of
    those). With ``calls`` it also takes every card it may call, shifts every joker it may
    and lays every further meld, so it is down with cards to spare."""
    legal = view.legal
    kinds: tuple[type[Action], ...] = (DrawStock, LayDown, TackOn)
    if calls:
        kinds = (Call, ShiftJoker, *kinds)
    elif view.down[view.player]:
        kinds = (DrawStock, TackOn)
    for kind in kinds:
        found = next((a for a in legal if isinstance(a, kind)
                      and not (isinstance(a, TackOn) and is_joker(a.card))), None)
        if found is not None:
            return found
    discards = [a for a in legal if isinstance(a, Discard)]
    if not discards:
        return None
    if view.down[view.player]:
        return max(discards, key=lambda a: card_points(a.card, view.rules))

    def need_without(card: int) -> tuple[int, int]:
        rest = list(view.hand)
        rest.remove(card)
        return (solver.cards_needed(rest, view.contract, view.rules),
                -card_points(card, view.rules))

    return min(discards, key=lambda a: need_without(a.card))


TUTORIAL_SHOTS = ((("welcome", "cut", "draw", "joker", "contract", "bend", "scoring"), False),
                  (("call", "run", "shift"), True))
"""The lessons pictured, and whether the learner takes calls on the way: one who lets
them go meets the first deal's lessons; one who takes them is down with cards to spare,
and the guided deal offers them a joker shift in the second deal."""


def tutorial(shots: Shots) -> None:
    """The guided game at its lessons, each with what it talks about lit."""
    for lessons, calls in TUTORIAL_SHOTS:
        wanted = list(lessons)
        with shots.app() as app:
            profile = Profile(shots.store, dataclasses.replace(
                Settings(), ai_pause_seconds=0.0, animation_speed="instant"), InlineWorker)
            lesson = start_lesson(app, profile)
            table, rng = lesson.table, Rng(3)
            for _ in range(MAX_STEPS):
                app.step()
                current = lesson.teacher.current
                if current is not None and current.name in wanted:
                    wanted.remove(current.name)
                    shots.take(app, f"tutorial-{current.name}")
                    if not wanted:
                        break
                if current is not None and current.read_first:
                    lesson.got_it()
                elif table.result is not None and not table.session.over:
                    lesson.got_it()
                    table.next_deal()
                elif table.result is None and table.session.screen_to_act:
                    view = table.session.view()
                    action = _learner(view, calls) or eager(view, rng)
                    if lesson.teacher.gate(action) is not None and current is not None:
                        action = next(a for a in view.legal if isinstance(a, current.teaches))
                    table.submit(action)

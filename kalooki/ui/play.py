"""Starting a match from the menu's choices, resuming the autosave, and going back to the
menu afterwards: the wiring between the store, the setup panel, the session and the table."""

from __future__ import annotations

import dataclasses
import random
from dataclasses import dataclass
from typing import TYPE_CHECKING

from kalooki.engine.errors import RuleError
from kalooki.engine.rules import preset
from kalooki.store.paths import StorePaths
from kalooki.store.saves import latest_autosave, load_save
from kalooki.store.settings import MAX_OPPONENTS, Settings, load_settings, save_settings
from kalooki.ui.keeper import MatchKeeper
from kalooki.ui.menu import DEFAULT_PRESETS, MainMenuScene
from kalooki.ui.session import HUMAN_LEVEL, HUMAN_SEAT, MatchSession, Seat
from kalooki.ui.setup_panel import DEFAULT_LEVEL, DEFAULT_NAMES, LEVELS, GameSetup
from kalooki.ui.table import TableScene

if TYPE_CHECKING:
    from kalooki.ui.app import App


@dataclass
class Profile:
    """The player's store and settings for this run of the game."""

    paths: StorePaths
    settings: Settings

    def change(self, app: App, **fields: object) -> None:
        """Update and save settings; a failed save is said once, play goes on."""
        try:
            updated = dataclasses.replace(self.settings, **fields)  # type: ignore[arg-type]
        except ValueError as error:
            app.notify(str(error))
            return
        if updated == self.settings:
            return
        self.settings = updated
        warnings = save_settings(self.paths, updated)
        if warnings:
            app.notify(warnings[0])


def launch(paths: StorePaths | None = None, fullscreen: bool = False, **app_options: object
           ) -> App:
    """The window as the settings say, on the main menu; settings warnings shown once."""
    from kalooki.ui.app import App

    where = paths or StorePaths.default()
    settings, warnings = load_settings(where)
    app = App(settings.window_size, fullscreen=fullscreen or settings.fullscreen,
              four_colour=settings.four_colour_deck, **app_options)  # type: ignore[arg-type]
    profile = Profile(where, settings)
    app.on_window_change = lambda size, full: profile.change(app, window_size=size,
                                                             fullscreen=full)
    open_menu(app, profile)
    if warnings:
        app.notify(warnings[0] if len(warnings) == 1
                   else f"{warnings[0]} (and {len(warnings) - 1} more)")
    return app


def seats_for(setup: GameSetup, human_name: str = "You") -> list[Seat]:
    """The human at seat 0, then the opponents in the order the panel lists them."""
    opponents = [Seat(name, level) for name, level in zip(setup.names, setup.levels,
                                                          strict=True)]
    return [Seat(human_name, HUMAN_LEVEL, human=True), *opponents]


def setup_from(settings: Settings, presets: tuple[str, ...] = DEFAULT_PRESETS) -> GameSetup:
    """The setup panel's defaults: what the player chose last time."""
    levels = [lv if lv in LEVELS else DEFAULT_LEVEL for lv in settings.opponent_levels]
    names = list(settings.opponent_names)
    levels += [DEFAULT_LEVEL] * (MAX_OPPONENTS - len(levels))
    names += DEFAULT_NAMES[len(names):MAX_OPPONENTS]
    chosen = settings.last_preset if settings.last_preset in presets else presets[0]
    return GameSetup(chosen, settings.last_players, tuple(levels), tuple(names))


def open_menu(app: App, profile: Profile | None = None) -> MainMenuScene:
    chosen = profile or Profile(StorePaths.default(), Settings())
    menu = MainMenuScene(app, has_autosave=lambda: latest_autosave(chosen.paths) is not None,
                         on_start=lambda setup: _start(app, setup, chosen),
                         on_continue=lambda: continue_match(app, chosen),
                         setup=setup_from(chosen.settings))
    app.switch(menu)
    return menu


def _start(app: App, setup: GameSetup, profile: Profile) -> None:
    every = app.scene.setup_values if isinstance(app.scene, MainMenuScene) else setup
    profile.change(app, last_preset=setup.preset, last_players=setup.players,
                   opponent_levels=every.levels, opponent_names=every.names)
    start_match(app, setup, profile)


def start_match(app: App, setup: GameSetup, profile: Profile,
                seed: int | None = None) -> TableScene | None:
    """Seat the players and open the table; a table the rules refuse (too few players)
    is reported on the menu instead."""
    settings = profile.settings
    try:
        session = MatchSession(preset(setup.preset), seats_for(setup, settings.player_name),
                               random.randrange(2**32) if seed is None else seed,
                               ai_pause=settings.ai_pause_seconds, viewer=HUMAN_SEAT,
                               threaded=True, think_budget=settings.ai_think_budget)
    except RuleError as error:
        if isinstance(app.scene, MainMenuScene):
            app.scene.show_notice(error.message)
        return None
    return _open_table(app, session, profile)


def continue_match(app: App, profile: Profile) -> TableScene | None:
    """Resume the newest unfinished autosave exactly where it stopped; a save that cannot
    be loaded is explained on the menu, which stays."""
    entry = latest_autosave(profile.paths)
    loaded = load_save(entry.path) if entry is not None else None
    if loaded is None or loaded.value is None:
        reason = loaded.warnings[0] if loaded and loaded.warnings else "No game to continue."
        if isinstance(app.scene, MainMenuScene):
            app.scene.show_notice(reason)
        return None
    resumed = loaded.value
    seats = [Seat(s.name, s.level, human=s.level == HUMAN_LEVEL) for s in resumed.save.seats]
    viewer = next((i for i, seat in enumerate(seats) if seat.human), HUMAN_SEAT)
    settings = profile.settings
    try:
        session = MatchSession(resumed.game.rules, seats, resumed.game.seed,
                               ai_pause=settings.ai_pause_seconds, viewer=viewer,
                               threaded=True, think_budget=settings.ai_think_budget,
                               recorder=resumed.recorder)
    except ValueError as error:
        if isinstance(app.scene, MainMenuScene):
            app.scene.show_notice(str(error))
        return None
    return _open_table(app, session, profile)


def _open_table(app: App, session: MatchSession, profile: Profile) -> TableScene:
    session.after_action.append(MatchKeeper(profile.paths, app.notify))
    settings = profile.settings
    table = TableScene(app, session, speed=settings.animation_speed,
                       call_seconds=settings.call_window_seconds,
                       card_scale=settings.card_scale,
                       confirm_discard=settings.confirm_before_discard,
                       on_quit=lambda: open_menu(app, profile))
    app.switch(table)
    return table

"""Starting the game. :func:`run_game` is the ``kalooki`` command's way into the window:
the game on its main menu, ``--watch`` (a match of computers over the menu) or
``--autoplay`` (computers at instant speed, then exit). :func:`launch` opens the window as
the player's settings say, with the game's sounds, on the main menu.

The frame loop is :mod:`app`'s, and knows no scene; the screens and their wiring are
:mod:`play`'s. This is the one place that brings the store, the window and the screens
together at start.
"""

from __future__ import annotations

import argparse
import logging
from collections.abc import Callable
from concurrent.futures import Executor
from typing import TYPE_CHECKING

import pygame

from kalooki.store.logs import start_logging
from kalooki.store.paths import StorePaths
from kalooki.store.settings import load_settings
from kalooki.ui.app import FPS, App, FrameClock, desktop_size, fit_to_desktop
from kalooki.ui.pacing import EventWait
from kalooki.ui.play.match import (
    open_menu,
    play_from_command_line,
    show_replay,
    watch_from_command_line,
)
from kalooki.ui.profile import Profile, first_start, told
from kalooki.ui.resources import font
from kalooki.ui.sound.board import game_board
from kalooki.ui.workers import thinking_thread
from kalooki.words import FALLBACK, languages, set_language

if TYPE_CHECKING:
    from kalooki.ui.replay.sources import Watched


def launch(paths: StorePaths | None = None, fullscreen: bool = False,
           then: Callable[[App, Profile], object] | None = None, *,
           clock: FrameClock | None = None, wait: EventWait | None = None, fps: int = FPS,
           worker: Callable[[], Executor] = thinking_thread,
           desktop: Callable[[], tuple[int, int] | None] = desktop_size) -> App:
    """The window as the settings say, fitted to the desktop, on the main menu; settings
    warnings shown once. ``then`` opens something over the menu at once (a watched game
    asked for on the command line). ``clock``, ``wait``, ``worker`` and ``desktop`` are
    for tests to inject."""
    where = paths or StorePaths.default()
    settings, warnings = load_settings(where, first_start)
    # a language whose catalog is gone (removed, or a newer version's) speaks English
    set_language(settings.language if settings.language in languages() else FALLBACK)
    profile = Profile(where, settings, worker)
    app = App(fit_to_desktop(settings.window_size, desktop()),
              fullscreen=fullscreen or settings.fullscreen,
              four_colour=settings.four_colour_deck, clock=clock, wait=wait, fps=fps,
              sounds=game_board(where.cache_dir, volume=settings.volume,
                                enabled=settings.sound),
              on_window_change=lambda size, full: profile.change(app, window_size=size,
                                                                 fullscreen=full))
    app.card_art.set_english_letters(settings.english_card_letters)
    open_menu(app, profile)
    if then is not None:
        then(app, profile)
    if warnings:
        app.notify(told(warnings))
    return app


def run_game(args: argparse.Namespace) -> int:
    """Open the window on the main menu and play until the player quits; with
    ``--watch``, on a match of computer players first, with ``--seats``, on a match of
    friends at one computer; with ``--autoplay``, let computer
    players play at instant speed instead and exit after the deals asked. The command
    line has checked the table (``args.table_rules``) before a window opens."""
    paths = StorePaths.chosen(bool(getattr(args, "portable", False)))
    try:
        if getattr(args, "autoplay", False):
            from kalooki.ui.play.autoplay import run_autoplay

            return run_autoplay(args.table_rules, args.players, args.deals or 1,
                                args.screenshot)
        then = None
        if getattr(args, "watch", False):
            then = watch_from_command_line(args.table_rules, args.players, args.deals)
        elif getattr(args, "play_seats", None) is not None:
            then = play_from_command_line(args.table_rules, args.play_seats)
        return _run_window(paths, then, bool(getattr(args, "fullscreen", False)))
    finally:
        font.cache_clear()
        pygame.quit()


def run_replay_window(paths: StorePaths, watched: Watched) -> int:
    """``kalooki replay FILE --watch``: the window on the replay viewer (the file already
    opened and proved), the main menu behind it."""
    def open_replay(app: App, profile: Profile) -> object:
        return show_replay(app, profile, watched, lambda: open_menu(app, profile))

    try:
        return _run_window(paths, open_replay)
    finally:
        font.cache_clear()
        pygame.quit()


def _run_window(paths: StorePaths, then: Callable[[App, Profile], object] | None,
                fullscreen: bool = False) -> int:
    start_logging(paths)
    app = launch(paths, fullscreen=fullscreen, then=then)
    try:
        return app.run()
    except Exception:
        logging.getLogger("kalooki").exception("the game stopped on an unexpected error")
        raise
    finally:
        app.close()

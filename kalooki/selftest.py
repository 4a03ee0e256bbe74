"""``kalooki --self-test``: prove a build works on this machine, then exit.

Opens the window on the main menu, makes the game's sounds, plays one computer-only deal
through the real table at instant speed, saves the match through the store, loads it back
and checks the replay against the game played. Everything goes to a temporary folder
(``KALOOKI_HOME`` points there while it runs), so the player's own settings and saves are
never touched. Exit status 0 when every step passed; otherwise 1 and one line naming the
step that failed.
It works with the dummy video and audio drivers, which is how CI runs the built program.
"""

from __future__ import annotations

import os
import sys
import tempfile
import time
from collections.abc import Callable, Iterator, Sequence
from contextlib import contextmanager
from dataclasses import dataclass, field
from pathlib import Path
from typing import TYPE_CHECKING, TextIO

from kalooki.store.paths import HOME_ENV, StorePaths
from kalooki.words import Said, phrase, tr
from kalooki.words.catalog import has
from kalooki.words.formats import decimal
from kalooki.words.notices import notice_said, notices_text

if TYPE_CHECKING:  # the UI is imported only once a self-test runs
    from kalooki.ui.app import App
    from kalooki.ui.session import MatchSession

SEED = 20240611
"""A fixed deal, so a failure can be reproduced; any seed must pass."""
PLAYERS = 4
SAVE_NAME = "self-test"


FIRST_FRAME = "first frame"
"""The start of the line ``build/measure_start.py`` waits for to time the start: a marker
a program reads, the same in every language."""


class SelfTestFailure(Exception):
    """A step found the build not working; what it says is the one line reported."""

    def __init__(self, said: Said) -> None:
        super().__init__(said)


@dataclass
class Context:
    """What the steps share: the store folder, the window and the match once they exist."""

    paths: StorePaths
    app: App | None = None
    table: object | None = None
    saved: Path | None = None
    timings: dict[str, float] = field(default_factory=dict)


Step = Callable[[Context], None]


def open_window(ctx: Context) -> None:
    """The window and the main menu, drawn once: the frame a player sees first."""
    from kalooki.ui.app import App, Unthrottled
    from kalooki.ui.play.match import open_menu

    app = App(clock=Unthrottled())
    ctx.app = app
    open_menu(app)
    if not app.step([]):
        raise SelfTestFailure(phrase("cli.selftest.menu_closed"))


def make_sounds(ctx: Context) -> None:
    """The game's sounds made (the synthesis code is in the build) and, when this machine
    has a mixer, loaded into it; the deal that follows plays them."""
    from kalooki.ui.app import App
    from kalooki.ui.sound.board import game_board
    from kalooki.ui.sound.recipes import RECIPES

    app = ctx.app
    assert isinstance(app, App)
    app.sounds = game_board(ctx.paths.cache_dir, volume=0.5, enabled=True,
                            spawn=lambda job: job())
    app.sounds.update(0.0)
    app.sounds.update(0.0)
    made = sorted(p.name for p in (ctx.paths.cache_dir / "sounds").glob("*.wav"))
    if len(made) != len(RECIPES):
        raise SelfTestFailure(phrase("cli.selftest.sounds_made", done=len(made),
                                     count=len(RECIPES)))
    if app.sounds.mixer is not None and app.sounds.loaded != set(RECIPES):
        raise SelfTestFailure(phrase("cli.selftest.sounds_loaded",
                                     done=len(app.sounds.loaded), count=len(RECIPES)))


def play_deal(ctx: Context) -> None:
    """One deal with computer players in every seat, through the real table."""
    from kalooki.engine.rules import CARIBBEAN
    from kalooki.ui.app import App
    from kalooki.ui.play.autoplay import MAX_FRAMES, autoplay_session
    from kalooki.ui.table.options import INSTANT
    from kalooki.ui.table.scene import TableScene

    app = ctx.app
    assert isinstance(app, App)
    session = autoplay_session(CARIBBEAN, PLAYERS, SEED)
    table = TableScene(app, session, INSTANT)
    ctx.table = table
    app.switch(table)
    for _ in range(MAX_FRAMES):
        if not app.step():
            raise SelfTestFailure(phrase("cli.selftest.window_closed"))
        if table.deals_finished >= 1:
            app.step([])  # the deal's summary, drawn
            return
    raise SelfTestFailure(phrase("cli.selftest.deal_unfinished", count=MAX_FRAMES))


def save_match(ctx: Context) -> None:
    """The match as a named save, written through the store."""
    from kalooki.store.savegame import Seat, snapshot
    from kalooki.store.saves import save_named

    session = _session(ctx)
    seats = [Seat(seat.name, seat.level) for seat in session.seats]
    ctx.saved = save_named(ctx.paths, snapshot(session.recorder, seats), SAVE_NAME)


def reload_match(ctx: Context) -> None:
    """The save listed, loaded, replayed and identical to the game that was played."""
    from kalooki.store.saves import list_saves, load_save

    assert ctx.saved is not None
    entries, warnings = list_saves(ctx.paths)
    if warnings:
        raise SelfTestFailure(phrase("cli.selftest.listing", reason=notice_said(warnings[0])))
    if [entry.path for entry in entries] != [ctx.saved]:
        raise SelfTestFailure(phrase("cli.selftest.save_list", count=len(entries)))
    loaded = load_save(ctx.saved)
    if loaded.value is None:
        raise SelfTestFailure(phrase("cli.selftest.loading",
                                     reason=notices_text(loaded.warnings)))
    played = _session(ctx).game
    if loaded.value.game.state_hash() != played.state_hash():
        raise SelfTestFailure(phrase("cli.selftest.reloaded_differs"))


def journal_match(ctx: Context) -> None:
    """The match appended to the autosave journal (SQLite), found by Continue and resumed
    identical, and statistics written to the journal and read back."""
    from kalooki.store.savegame import Seat
    from kalooki.store.saves import autosave, latest_autosave, load_save
    from kalooki.store.stats import DealOutcome, Stats, load_stats, record_deal, save_stats

    session = _session(ctx)
    warnings = autosave(ctx.paths, session.recorder,
                        [Seat(seat.name, seat.level) for seat in session.seats])
    if warnings:
        raise SelfTestFailure(phrase("cli.selftest.autosaving",
                                     reason=notice_said(warnings[0])))
    entry = latest_autosave(ctx.paths)
    loaded = None if entry is None else load_save(entry.path)
    if loaded is None or loaded.value is None:
        raise SelfTestFailure(phrase("cli.selftest.no_autosave"))
    if loaded.value.game.state_hash() != session.game.state_hash():
        raise SelfTestFailure(phrase("cli.selftest.autosave_differs"))
    stats = record_deal(Stats(), DealOutcome(session.game.rules.name, PLAYERS, 10, True,
                                             False, 0))
    told = save_stats(ctx.paths, stats)
    if told:
        raise SelfTestFailure(phrase("cli.selftest.stats_unsaved", reason=notices_text(told)))
    if load_stats(ctx.paths) != (stats, []):
        raise SelfTestFailure(phrase("cli.selftest.stats_differ"))


def _session(ctx: Context) -> MatchSession:
    from kalooki.ui.table.scene import TableScene

    table = ctx.table
    assert isinstance(table, TableScene)
    return table.session


STEPS: tuple[Step, ...] = (open_window, make_sounds, play_deal, save_match, reload_match,
                           journal_match)


@contextmanager
def _temporary_store() -> Iterator[StorePaths]:
    """A fresh store folder that ``StorePaths.default()`` also points at, removed after."""
    previous = os.environ.get(HOME_ENV)
    with tempfile.TemporaryDirectory(prefix="kalooki-self-test-") as folder:
        os.environ[HOME_ENV] = folder
        try:
            yield StorePaths.under(folder)
        finally:
            if previous is None:
                os.environ.pop(HOME_ENV, None)
            else:
                os.environ[HOME_ENV] = previous


def run_self_test(steps: Sequence[Step] = STEPS, out: TextIO | None = None,
                  err: TextIO | None = None) -> int:
    """Run ``steps`` in order; 0 when all pass, else 1 and one line on ``err``."""
    out = sys.stdout if out is None else out
    err = sys.stderr if err is None else err
    started = time.perf_counter()
    current = tr("cli.selftest.step.start")
    try:
        with _temporary_store() as paths:
            ctx = Context(paths)
            try:
                for step in steps:
                    current = _step_name(step)
                    begun = time.perf_counter()
                    step(ctx)
                    ctx.timings[current] = time.perf_counter() - begun
                    if step is open_window:
                        _say(out, f"{FIRST_FRAME} {time.perf_counter() - started:.2f} s")
            finally:
                _close(ctx)
    except Exception as error:  # a self-test reports every failure, of any kind, in a line
        reason = str(error) or type(error).__name__
        _say(err, tr("cli.selftest.failed", step=current, reason=reason).splitlines()[0])
        return 1
    parts = [tr("cli.selftest.timing", step=name, seconds=decimal(seconds, 2))
             for name, seconds in ctx.timings.items()]
    _say(out, tr("cli.selftest.passed", seconds=decimal(time.perf_counter() - started, 2),
                 steps=", ".join(parts)))
    return 0


def _step_name(step: Step) -> str:
    """A step as the report names it: its words (``cli.selftest.step.<function>``), or,
    for a step the self-test does not know (a test's), its function's name."""
    key = f"cli.selftest.step.{step.__name__}"
    return tr(key) if has(key) else step.__name__.replace("_", " ")


def _close(ctx: Context) -> None:
    if ctx.app is None:
        return
    import pygame

    from kalooki.ui.resources import font

    ctx.app.close()
    font.cache_clear()
    pygame.quit()


def _say(stream: TextIO | None, line: str) -> None:
    """Print and flush (a launcher times the first-frame line); a windowed Windows build
    has no stdout at all, and then only the exit status speaks."""
    if stream is not None:
        print(line, file=stream, flush=True)

"""Screens shown over a match's table (its rules, the settings), for a played match and a
watched one alike, and the way back to the table as it was."""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING, Protocol, runtime_checkable

if TYPE_CHECKING:
    from kalooki.ui.app import App
    from kalooki.ui.profile import Profile
    from kalooki.ui.table.scene import TableScene


@runtime_checkable
class Beneath(Protocol):
    """A scene a screen can be shown over: the table, or the guided game over it."""

    def step_away(self) -> None: ...

    def come_back(self, paused: bool = True) -> None: ...


def away(app: App, table: TableScene, paused: bool = True) -> Callable[[], None]:
    """The scene on screen now (the table, or the guided game over it) steps away for a
    screen shown over it, its widgets hidden; returns how to go back to it, as it was:
    with the pause menu open again when it was opened from there (``paused``), else
    playing on (the help's link, which the help closed on the way)."""
    shown = app.scene
    assert shown is not None
    beneath: Beneath = shown if isinstance(shown, Beneath) else table
    beneath.step_away()

    def back() -> None:
        app.show_over(shown)
        beneath.come_back(paused)
    return back


def rules_over(app: App, table: TableScene, profile: Profile, paused: bool = True) -> None:
    """The rules of the game being played, over the table (opened from its pause menu,
    or through the help when not ``paused``)."""
    from kalooki.ui.pages.rules import RulesScene

    back = away(app, table, paused)
    app.show_over(RulesScene(app, table.session.game.rules, back, beneath=table,
                             on_language=lambda lang: profile.change(app, language=lang)))


def settings_over(app: App, table: TableScene, profile: Profile) -> None:
    """The settings over the paused table; changes reach the match at once."""
    from kalooki.ui.play.settings import settings_scene

    app.show_over(settings_scene(app, profile, away(app, table), table))

"""The settings screen wired to the player's profile: a change is checked, saved and put
into effect at once, over the menu or over a paused match."""

from __future__ import annotations

import dataclasses
from collections.abc import Callable
from typing import TYPE_CHECKING, Any

from kalooki.store.settings import Settings
from kalooki.ui.pages.settings import SettingsScene, changed_fields

if TYPE_CHECKING:
    from kalooki.ui.app import App
    from kalooki.ui.profile import Profile
    from kalooki.ui.table.scene import TableScene


def apply_settings(app: App, table: TableScene | None, settings: Settings,
                   changed: dict[str, Any]) -> None:
    """Put changed settings into effect where they can be now: the window, the words,
    the cards and a match in progress (its speed, call window, card size, pauses)."""
    if "fullscreen" in changed and settings.fullscreen != app.fullscreen:
        app.toggle_fullscreen()
    if "four_colour_deck" in changed:
        app.card_art.set_four_colour(settings.four_colour_deck)
    if "english_card_letters" in changed:
        app.card_art.set_english_letters(settings.english_card_letters)
    if table is not None:
        from kalooki.ui.table.options import TableOptions

        table.apply_options(TableOptions.from_settings(settings))
        table.session.set_ai_pause(settings.ai_pause_seconds)
    if "language" in changed:
        app.set_language(settings.language)


def settings_scene(app: App, profile: Profile, on_back: Callable[[], object],
                   table: TableScene | None = None) -> SettingsScene:
    """The settings screen over the menu (``table`` None) or over the paused ``table``."""
    def change(fields: dict[str, Any]) -> Settings:
        before = profile.settings
        dataclasses.replace(before, **fields)  # a refused value raises, nothing is saved
        profile.change(app, **fields)
        apply_settings(app, table, profile.settings, changed_fields(before, profile.settings))
        return profile.settings

    return SettingsScene(app, profile.settings, change, on_back, beneath=table)

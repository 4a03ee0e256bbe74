"""The player's profile for one run of the game: where their store is, their settings as
they stand, and where computer players think. Changing a setting saves it and lets the
window follow at once (the sound level is heard); a failed save is said, never fatal."""

from __future__ import annotations

import dataclasses
import random
from collections.abc import Callable, Sequence
from concurrent.futures import Executor
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

from kalooki.engine.facts.said import Fact
from kalooki.store.fields import Invalid
from kalooki.store.paths import StorePaths
from kalooki.store.settings import Settings, save_settings
from kalooki.ui.sound.recipes import DISCARD as SAMPLE_SOUND
from kalooki.ui.workers import thinking_thread
from kalooki.words import Said, phrase, tr
from kalooki.words.notices import brief_said, notice_said
from kalooki.words.system import system_language

if TYPE_CHECKING:
    from kalooki.ui.scene import Host


def fresh_seed() -> int:
    """A new match's shuffle, different every time."""
    return random.randrange(2**32)


@dataclass
class Profile:
    """The player's store and settings for this run of the game, where its computer
    players think (a thread in the game, inline in tests) and where a new match's shuffle
    comes from (fresh each time in the game, fixed in tests so a played deal repeats)."""

    paths: StorePaths
    settings: Settings
    worker: Callable[[], Executor] = thinking_thread
    deal_seed: Callable[[], int] = fresh_seed

    def change(self, app: Host, **fields: Any) -> None:
        """Update and save settings; a failed save is said once, play goes on."""
        try:
            updated = dataclasses.replace(self.settings, **fields)
        except Invalid as error:
            app.notify(notice_said(error.fact))
            return
        if updated == self.settings:
            return
        heard = (updated.volume, updated.sound) != (self.settings.volume, self.settings.sound)
        self.settings = updated
        app.sounds.configure(volume=updated.volume, enabled=updated.sound)
        if heard:
            app.sounds.play(SAMPLE_SOUND)  # the new level, heard at once
        warnings = save_settings(self.paths, updated)
        if warnings:
            app.notify(told(warnings))


def first_start() -> Settings:
    """The settings of a first start: the system's language, and the player called "You"
    in it (the store keeps them; the words know them)."""
    lang = system_language()
    return Settings(language=lang, player_name=tr("setup.you", locale=lang))


def told(warnings: Sequence[Fact]) -> Said:
    """The store's notices as one message for the window: the first, in brief, and how
    many more (in the log)."""
    first = brief_said(warnings[0])
    return first if len(warnings) == 1 else phrase("notice.and_more", first=first,
                                                   count=len(warnings) - 1)

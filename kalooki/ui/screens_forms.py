"""The settings screen and the house-rules editor for ``kalooki screens``: one picture
per section, and the questions they ask."""

from __future__ import annotations

from typing import Any

from kalooki.store.settings import Settings
from kalooki.store.settings_form import SettingSection
from kalooki.ui.screens import Shots
from kalooki.ui.settings_scene import SettingsScene


def settings(shots: Shots) -> None:
    """Each section of the settings, then Restore defaults asking first."""
    def keep(fields: dict[str, Any]) -> Settings:
        return Settings()

    for section in SettingSection:
        with shots.app() as app:
            scene = SettingsScene(app, Settings(language=shots.lang), keep, lambda: None,
                                  section=section)
            app.switch(scene)
            shots.take(app, f"settings-{section.value}")
            if section is SettingSection.TABLE:
                scene.ask_restore()
                shots.take(app, "settings-restore")

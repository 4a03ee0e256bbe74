"""The settings screen and the house-rules editor for ``kalooki screens``: one picture
per section, and the questions they ask."""

from __future__ import annotations

import dataclasses
from typing import Any

from kalooki.engine.rules import PRESETS
from kalooki.engine.rules.fields import Section
from kalooki.store.presets import load_shelf, presets_dir, save_preset
from kalooki.store.settings import Settings, SettingSection
from kalooki.tools.screens.shots import Shots
from kalooki.ui.house_rules.draft import Draft
from kalooki.ui.house_rules.editor import PRESETS_PAGE, RulesEditorScene
from kalooki.ui.pages.settings import SettingsScene
from kalooki.words.house_rules import built_in_names

OUR_TABLE = dataclasses.replace(PRESETS["caribbean"], name="Our table",
                                hand_sizes=(12, 12, 12, *PRESETS["caribbean"].hand_sizes[3:]),
                                joker_points=25, max_calls=2, cut_bonus=False)
"""Issue 13's example table: 12 cards in the first three deals, jokers 25, two calls a
deal, no cut bonus."""


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


def house_rules(shots: Shots) -> None:
    """The editor on "our table" (12 cards in the first three deals, jokers 25, two
    calls, no cut bonus): one picture per section, the Presets page (with a damaged file),
    and an impossible contract said beside its field."""
    ours = OUR_TABLE
    if load_shelf(shots.store, reserved=built_in_names()).find(ours.name) is None:
        save_preset(shots.store, ours, "caribbean", ours.name, reserved=built_in_names())
        presets_dir(shots.store).joinpath("torn.json").write_text('{"name": "torn", "packs"',
                                                                  encoding="utf-8")
    for section in Section:
        with shots.app() as app:
            draft = Draft(ours, "caribbean", origin=ours.name)
            app.switch(RulesEditorScene(app, shots.store, draft, lambda: None,
                                        on_play=lambda name: None, page=section.value))
            shots.take(app, f"house-rules-{section.value}")
    with shots.app() as app:
        app.switch(RulesEditorScene(app, shots.store, Draft(ours, "caribbean"), lambda: None,
                                    page=PRESETS_PAGE))
        shots.take(app, "house-rules-presets")
    with shots.app() as app:
        draft = Draft(ours, "caribbean", origin=ours.name)
        draft.set(hand_sizes=(5, *ours.hand_sizes[1:]))
        app.switch(RulesEditorScene(app, shots.store, draft, lambda: None,
                                    on_play=lambda name: None, page=Section.DEALS.value))
        shots.take(app, "house-rules-problem")

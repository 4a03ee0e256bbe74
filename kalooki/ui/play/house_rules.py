"""The house-rules editor wired to the store and the other screens: opened from the New
game panel (its Play starts the game with the saved preset) and from the Rules screen;
its Preview rules shows the rules text and comes back. The editor and the rules screen
load when first opened: the menu needs only the list of house rules."""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING

from kalooki.engine.rules import PRESETS, RuleSet
from kalooki.store.paths import StorePaths
from kalooki.store.presets import PresetShelf, load_shelf
from kalooki.ui.pages.setup import HouseRules
from kalooki.words.house_rules import built_in_names

if TYPE_CHECKING:
    from kalooki.ui.app import App
    from kalooki.ui.house_rules.editor import RulesEditorScene


def house_rules_of(shelf: PresetShelf) -> HouseRules:
    """The custom presets as the New game panel lists them: rules and their base."""
    return {p.name: (p.rules, PRESETS[p.based_on]) for p in shelf.presets}


def offered_rules(paths: StorePaths) -> dict[str, RuleSet]:
    """Every rule set a player may read or play: the built-in presets, then their own."""
    return load_shelf(paths, reserved=built_in_names()).rules()


def open_editor(app: App, paths: StorePaths, start: str, on_back: Callable[[], object],
                on_play: Callable[[str], None] | None = None) -> RulesEditorScene:
    """The editor on the preset ``start`` (built-in or custom)."""
    from kalooki.ui.house_rules.editor import RulesEditorScene, new_draft

    editor = RulesEditorScene(app, paths, new_draft(paths, start), on_back, on_play=on_play,
                              on_preview=lambda shown: _preview(app, shown))
    app.switch(editor)
    return editor


def _preview(app: App, editor: RulesEditorScene) -> None:
    """The rules text of the edited rules; Back returns to the editor as it was."""
    from kalooki.ui.pages.rules import RulesScene

    def back() -> None:
        app.switch(editor)
        editor.rebuild()

    app.switch(RulesScene(app, editor.draft.rules, back))

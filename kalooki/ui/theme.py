"""The pygame_gui theme: ``assets/theme/theme.json`` with its font paths made absolute, and
the UIManager's language.

pygame_gui resolves font paths against the working directory, so the JSON names them relative
to ``assets/`` and this module anchors them before handing the theme to the UIManager. The
manager starts in the language the words layer speaks (python-i18n, which both share, would
otherwise be reset to English by every new manager) and follows it on a switch.
"""

from __future__ import annotations

import functools
import json
from pathlib import Path
from typing import Any

import pygame_gui

from kalooki.ui.resources import asset_path
from kalooki.words import language, set_language
from kalooki.words.catalog import add_pseudo, forget_repeated_folders

_PATH_KEYS = ("regular_path", "bold_path", "italic_path", "bold_italic_path")


def _anchor_paths(node: Any) -> Any:
    if isinstance(node, dict):
        return {key: str(asset_path(value)) if key in _PATH_KEYS else _anchor_paths(value)
                for key, value in node.items()}
    return node


def theme_data() -> dict[str, Any]:
    with open(asset_path("theme", "theme.json"), encoding="utf-8") as handle:
        data: dict[str, Any] = _anchor_paths(json.load(handle))
    return data


@functools.cache
def _pseudo_widget_words() -> None:
    """pygame_gui's own English words (its dialogs' OK, Cancel) in the pseudo-language."""
    folder = Path(pygame_gui.__file__).parent / "data" / "translations"
    with open(folder / "pygame-gui.en.json", encoding="utf-8") as handle:
        add_pseudo("pygame-gui", json.load(handle)["en"])


def create_ui_manager(size: tuple[int, int]) -> pygame_gui.UIManager:
    """A UIManager with the Kalooki theme. The window surface must exist first, because
    pygame_gui converts text surfaces; the theme loads its own fonts (preloading them again
    only makes pygame_gui warn)."""
    _pseudo_widget_words()
    manager = pygame_gui.UIManager(size, theme_data(), enable_live_theme_updates=False,
                                   starting_language=language())
    forget_repeated_folders()  # the manager adds its translations folder each time
    return manager


def switch_language(manager: pygame_gui.UIManager, lang: str) -> None:
    """Speak ``lang`` everywhere at once: the lookup, and every widget of ``manager``
    (each made with ``ui_text`` translates its key again)."""
    set_language(lang)
    manager.set_locale(lang)

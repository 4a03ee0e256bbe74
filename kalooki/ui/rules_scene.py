"""The rules screen: the text the engine generates from a rule set, in English or French.

From the main menu any preset can be read (a dropdown); from the pause menu the screen
shows the rules of the game being played and nothing else, since those are what the
engine enforces.
"""

from __future__ import annotations

import html
from collections.abc import Callable, Mapping
from functools import partial
from typing import TYPE_CHECKING

import pygame
import pygame_gui
from pygame_gui.elements import UIButton, UIDropDownMenu, UILabel, UITextBox

from kalooki.engine.rules import PRESET_NAMES, RuleSet
from kalooki.engine.rules_text import LANGS, rules_sections, rules_title
from kalooki.ui.page import Page
from kalooki.ui.scene import Scene

if TYPE_CHECKING:
    from kalooki.ui.app import App

_ROW = 40
_LANG_W = 64
_TITLE_COLOUR = "#f6d77a"
_TEXT_COLOUR = "#f4ecd6"
_HEADINGS = {"en": "Rules", "fr": "Règles"}
_FONT = "dejavu"
"""The font name ``assets/theme/theme.json`` gives the shipped DejaVu Sans."""


def preset_title(name: str, lang: str) -> str:
    titles = PRESET_NAMES.get(name)
    return titles[LANGS.index(lang)] if titles else name


def rules_markup(rules: RuleSet, lang: str, size: int) -> str:
    """The sections as pygame_gui's HTML: gold bold titles over plain paragraphs."""
    parts = []
    for section in rules_sections(rules, lang):
        parts.append(f'<font color="{_TITLE_COLOUR}" pixel_size={size + 5}>'
                     f"<b>{html.escape(section.title)}</b></font><br>")
        parts.extend(f'<font color="{_TEXT_COLOUR}" pixel_size={size}>'
                     f"{html.escape(paragraph)}</font><br>" for paragraph in section.paragraphs)
        parts.append("<br>")
    return "".join(parts).removesuffix("<br><br>")


def _preload(manager: pygame_gui.UIManager, size: int, bold: bool) -> None:
    """Load the theme's font at a size the markup asks for (pygame_gui warns otherwise)."""
    fonts = manager.get_theme().get_font_dictionary()
    if not fonts.check_font_preloaded(fonts.create_font_id(size, _FONT, bold, False)):
        fonts.preload_font(size, _FONT, bold)


class RulesScene(Page):
    """``choices`` maps preset names to rule sets for the dropdown; without it only
    ``rules`` is shown. ``on_language`` hears the toggle (to remember it)."""

    def __init__(self, app: App, rules: RuleSet, lang: str, on_back: Callable[[], None], *,
                 choices: Mapping[str, RuleSet] | None = None,
                 on_language: Callable[[str], None] | None = None,
                 beneath: Scene | None = None) -> None:
        self.rules = rules
        self.lang = lang if lang in LANGS else LANGS[0]
        self.choices = dict(choices) if choices else None
        self.on_language = on_language
        super().__init__(app, on_back, beneath)

    def title(self) -> str:
        return f"{_HEADINGS[self.lang]} — {rules_title(self.rules, self.lang)}"

    def build(self) -> None:
        manager, body = self.app.ui, self.body
        self.preset_menu: UIDropDownMenu | None = None
        if self.choices is not None:
            self.add(UILabel(pygame.Rect(body.left, body.top, 90, _ROW), "Rules", manager))
            options = [(preset_title(name, self.lang), name) for name in self.choices]
            chosen = next(option for option in options if option[1] == self.rules.name)
            self.preset_menu = self.add(UIDropDownMenu(
                options, chosen, pygame.Rect(body.left + 90, body.top, 360, _ROW), manager))
        self.lang_buttons: dict[str, UIButton] = {}
        x = body.right - len(LANGS) * (_LANG_W + 8) + 8
        for lang in LANGS:
            self.lang_buttons[lang] = self.add(UIButton(
                pygame.Rect(x, body.top, _LANG_W, _ROW), lang.upper(), manager,
                object_id="#primary" if lang == self.lang else None,
                tool_tip_text="English" if lang == "en" else "Français",
                command=partial(self.set_language, lang)))
            x += _LANG_W + 8
        top = body.top + _ROW + 12
        text_rect = pygame.Rect(body.left, top, body.width, body.bottom - top)
        size = max(16, min(20, round(self.app.size[1] * 0.022)))
        _preload(manager, size, bold=False)
        _preload(manager, size + 5, bold=True)
        self.text_box = self.add(UITextBox(rules_markup(self.rules, self.lang, size),
                                           text_rect, manager))

    # --- actions --------------------------------------------------------------------

    def set_language(self, lang: str) -> None:
        if lang == self.lang:
            return
        self.lang = lang
        if self.on_language is not None:
            self.on_language(lang)
        self.rebuild()

    def show(self, rules: RuleSet) -> None:
        self.rules = rules
        self.rebuild()

    def handle_event(self, event: pygame.event.Event) -> None:
        if (event.type == pygame_gui.UI_DROP_DOWN_MENU_CHANGED and self.choices is not None
                and event.ui_element is self.preset_menu):
            self.show(self.choices[self.preset_menu.selected_option[1]])
            return
        super().handle_event(event)

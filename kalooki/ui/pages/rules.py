"""The rules screen: the text generated from a rule set, in the game's language.

From the main menu any preset can be read (a dropdown); from the pause menu the screen
shows the rules of the game being played and nothing else, since those are what the
engine enforces. Its language buttons switch the whole window, not just this text.
"""

from __future__ import annotations

import html
from collections.abc import Callable, Mapping
from functools import partial
from typing import TYPE_CHECKING, Any

import pygame
import pygame_gui
from pygame_gui.elements import UIButton, UIDropDownMenu, UILabel, UITextBox

from kalooki.engine.rules import RuleSet
from kalooki.ui.scene import Scene
from kalooki.ui.widgets.page import BUTTON_H, Page
from kalooki.words import language, language_name, languages, ui_text, ui_tooltip
from kalooki.words.house_rules import offered_title
from kalooki.words.rules_text import rules_sections

if TYPE_CHECKING:
    from kalooki.ui.scene import Host

_ROW = 40
_HOUSE_RULES_W = 220
_LANG_W = 120
_PRESET_LABEL_W = 110
_TITLE_COLOUR = "#f6d77a"
_TEXT_COLOUR = "#f4ecd6"
_FONT = "dejavu"
"""The font name ``assets/theme/theme.json`` gives the shipped DejaVu Sans."""


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
    ``rules`` is shown. ``on_language`` hears a language chosen here (to remember it)."""

    def __init__(self, app: Host, rules: RuleSet, on_back: Callable[[], object], *,
                 choices: Mapping[str, RuleSet] | None = None,
                 on_language: Callable[[str], None] | None = None,
                 on_house_rules: Callable[[RuleSet], object] | None = None,
                 beneath: Scene | None = None) -> None:
        self.rules = rules
        self.choices = dict(choices) if choices else None
        self.on_language = on_language
        self.on_house_rules = on_house_rules
        """Opens the house-rules editor on the rules shown (from the menu's Rules)."""
        super().__init__(app, on_back, beneath)

    def title(self) -> dict[str, Any]:
        return ui_text("rules.heading", rules=offered_title(self.rules.name))

    def build(self) -> None:
        manager, body = self.app.ui, self.body
        self.preset_menu: UIDropDownMenu | None = None
        if self.choices is not None:
            self.add(UILabel(pygame.Rect(body.left, body.top, _PRESET_LABEL_W, _ROW),
                             **ui_text("rules.preset"), manager=manager))
            options: list[str | tuple[str, str]] = [(offered_title(name), name)
                                                    for name in self.choices]
            chosen = next(option for option in options if option[1] == self.rules.name)
            self.preset_menu = self.add(UIDropDownMenu(
                options, chosen, pygame.Rect(body.left + _PRESET_LABEL_W, body.top, 360, _ROW),
                manager))
        self.lang_buttons: dict[str, UIButton] = {}
        x = body.right - len(languages()) * (_LANG_W + 8) + 8
        for lang in languages():
            self.lang_buttons[lang] = self.add(UIButton(
                pygame.Rect(x, body.top, _LANG_W, _ROW), text=language_name(lang),
                manager=manager, object_id="#primary" if lang == language() else None,
                **ui_tooltip("rules.language_tip"),
                command=partial(self.set_language, lang)))
            x += _LANG_W + 8
        top = body.top + _ROW + 12
        text_rect = pygame.Rect(body.left, top, body.width, body.bottom - top)
        size = max(16, min(20, round(self.app.size[1] * 0.022)))
        _preload(manager, size, bold=False)
        _preload(manager, size + 5, bold=True)
        self.text_box = self.add(UITextBox(rules_markup(self.rules, language(), size),
                                           text_rect, manager))
        if self.on_house_rules is not None:
            on_house_rules = self.on_house_rules
            self.add(UIButton(pygame.Rect(body.right - _HOUSE_RULES_W, self.buttons_top,
                                          _HOUSE_RULES_W, BUTTON_H),
                              **ui_text("house_rules.open"), manager=manager,
                              command=lambda: on_house_rules(self.rules)))

    # --- actions --------------------------------------------------------------------

    def set_language(self, lang: str) -> None:
        """Switch the whole window to ``lang`` (this page is laid out again with it)."""
        if lang == language():
            return
        self.app.set_language(lang)
        if self.on_language is not None:
            self.on_language(lang)

    def show(self, rules: RuleSet) -> None:
        self.rules = rules
        self.rebuild()

    def handle_event(self, event: pygame.event.Event) -> None:
        if (event.type == pygame_gui.UI_DROP_DOWN_MENU_CHANGED and self.choices is not None
                and event.ui_element is self.preset_menu):
            self.show(self.choices[self.preset_menu.selected_option[1]])
            return
        super().handle_event(event)

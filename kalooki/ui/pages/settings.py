"""The settings screen: every setting a player may change, by section, each with the
widget its check calls for (:mod:`kalooki.store.settings_form`). A change is taken at
once: ``on_change`` saves it and applies it where it can (the table redraws, the window
goes full screen, the words change language). Restore defaults asks first.
"""

from __future__ import annotations

import dataclasses
from collections.abc import Callable
from typing import TYPE_CHECKING, Any

import pygame
from pygame_gui.elements import UIButton, UILabel

from kalooki.store.fields import Accepts
from kalooki.store.settings import Settings
from kalooki.store.settings_form import (
    SETTING_SPECS,
    SettingSection,
    SettingSpec,
    Shown,
    settings_in,
)
from kalooki.ui.scene import Scene
from kalooki.ui.widgets.dialogs import Dialog
from kalooki.ui.widgets.form import (
    GAP,
    ROW_H,
    WIDGET_H,
    Choice,
    Editor,
    Form,
    Slider,
    Stepper,
    Tabs,
    TextLine,
    Toggle,
    button_width,
    problem_label,
)
from kalooki.ui.widgets.page import BUTTON_H, Page
from kalooki.words import language_name, languages, phrase, tr, ui_text

if TYPE_CHECKING:
    from kalooki.ui.scene import Host

SLIDER_SPAN = 30
"""Whole numbers with at most this many values get a slider; wider ranges a stepper."""
_TAB_H = 40
_RESTORE_W = 240


def reading(spec: SettingSpec, value: float) -> str:
    """A slider's value as the player reads it."""
    if spec.shown is Shown.SECONDS:
        return tr("form.seconds", value=f"{value:g}")
    if spec.shown is Shown.PERCENT:
        return tr("form.percent", value=round(value * 100))
    if spec.shown is Shown.TIMES:
        return tr("form.times", value=f"{value:.2f}")
    return f"{value:g}"


def text_words(accepts: Accepts) -> str:
    return tr("form.text_length", high=int(accepts.high or 0))


class SettingsScene(Page):
    """``on_change(name, value)`` saves one setting and applies it, returning the new
    settings; a setting the store refuses comes back as a ValueError."""

    heading = "settings.heading"

    def __init__(self, app: Host, settings: Settings,
                 on_change: Callable[[dict[str, Any]], Settings],
                 on_back: Callable[[], object], *, beneath: Scene | None = None,
                 section: SettingSection = SettingSection.TABLE) -> None:
        self.settings = settings
        self.on_change = on_change
        self.section = section
        self.editors: dict[str, Editor] = {}
        self.columns: dict[str, list[Editor]] = {}
        self.problems: dict[str, UILabel] = {}
        self.dialog: Dialog | None = None
        super().__init__(app, on_back, beneath)

    # --- layout ---------------------------------------------------------------------

    def build(self) -> None:
        manager, body = self.app.ui, self.body
        pages = [(section.value, f"settings.section.{section.value}")
                 for section in SettingSection]
        self.tabs = Tabs(manager, pygame.Rect(body.left, body.top, body.width, _TAB_H), pages,
                         self.section.value, self.open_section)
        for widget in self.tabs.widgets():
            self.add(widget)
        view = pygame.Rect(body.left, body.top + _TAB_H + GAP, body.width,
                           body.height - _TAB_H - GAP)
        self.form = Form(manager, view)
        self.editors, self.columns, self.problems = {}, {}, {}
        specs = settings_in(self.section)
        for spec in specs:
            if spec.accepts.kind != "list":
                self._field_row(spec)
        self._list_rows([spec for spec in specs if spec.accepts.kind == "list"])
        self.form.finish()
        width = button_width(tr("settings.restore"), _RESTORE_W)
        self.restore_button = self.add(UIButton(
            pygame.Rect(body.right - width, self.buttons_top, width, BUTTON_H),
            **ui_text("settings.restore"), manager=manager, command=self.ask_restore))

    def _field_row(self, spec: SettingSpec) -> None:
        form = self.form
        row = form.labelled(spec.label_key, spec.help_key)
        x, width, value = form.editor_x, form.editor_width, getattr(self.settings, spec.name)
        self.editors[spec.name] = self._editor(spec, spec.accepts, row, x, width, value)
        if spec.accepts.kind == "text":
            self.problems[spec.name] = problem_label(form, row, x, width)

    def _editor(self, spec: SettingSpec, accepts: Accepts, row: Any, x: int, width: int,
                value: Any, dy: int | None = None) -> Editor:
        form = self.form
        kind = accepts.kind
        if kind == "bool":
            return Toggle(form, row, x, min(width, 200), value)
        if kind == "choice":
            options = [(tr(spec.choice_key(code)), code) for code in accepts.options]
            return Choice(form, row, x, width, value, options)
        if kind == "language":
            return Choice(form, row, x, width, value,
                          [(language_name(code), code) for code in languages()])
        if kind == "text":
            return TextLine(form, row, x, width, value, int(accepts.high or 40), dy)
        low, high = accepts.low, accepts.high
        if kind == "int" and (low is None or high is None or high - low > SLIDER_SPAN):
            return Stepper(form, row, x, min(width, 220), value,
                           None if low is None else int(low),
                           None if high is None else int(high), dy)
        assert low is not None and high is not None
        return Slider(form, row, x, width, value, low, high, spec.step,
                      lambda number: reading(spec, number))

    def _list_rows(self, specs: list[SettingSpec]) -> None:
        """List fields of one section side by side, a row per item ("Opponent 2")."""
        if not specs:
            return
        form = self.form
        length = int(max(spec.accepts.high or 0 for spec in specs))
        heads = form.row(30)
        width = (form.editor_width - GAP * (len(specs) - 1)) // len(specs)
        for index, spec in enumerate(specs):
            form.add(heads, UILabel(pygame.Rect(0, 0, width, 26), **ui_text(spec.label_key),
                                    manager=form.manager, object_id="#column_heading"),
                     form.editor_x + index * (width + GAP), 2)
        defaults = Settings()
        for item in range(length):
            row = form.labelled(specs[0].row_key, None, number=item + 1)
            for index, spec in enumerate(specs):
                values = getattr(self.settings, spec.name)
                fallback = getattr(defaults, spec.name)
                value = values[item] if item < len(values) else fallback[item]
                column = self.columns.setdefault(spec.name, [])
                column.append(self._editor(spec, spec.accepts.items[0], row,
                                           form.editor_x + index * (width + GAP), width,
                                           value, dy=(row.height - WIDGET_H) // 2))
        note = form.row(ROW_H // 2)
        for spec in specs:
            self.problems[spec.name] = problem_label(form, note, form.editor_x,
                                                     form.editor_width)

    def _kill(self) -> None:
        if getattr(self, "form", None) is not None:
            self.form.kill()
        if self.dialog is not None:
            self.dialog.kill()
            self.dialog = None
        super()._kill()

    # --- actions --------------------------------------------------------------------

    def open_section(self, code: str) -> None:
        self.section = SettingSection(code)
        self.rebuild()

    def _value_of(self, name: str) -> Any:
        if name in self.editors:
            return self.editors[name].value
        return tuple(editor.value for editor in self.columns[name])

    def _changed(self, name: str) -> None:
        """Take the edited value: saved and applied, or the reason it cannot be."""
        value = self._value_of(name)
        spec = next(spec for spec in SETTING_SPECS if spec.name == name)
        try:
            self.settings = self.on_change({name: value})
        except ValueError:
            accepts = spec.accepts if spec.accepts.kind != "list" else spec.accepts.items[0]
            self._say(name, text_words(accepts))
            return
        self._say(name, None)

    def _say(self, name: str, problem: str | None) -> None:
        label = self.problems.get(name)
        if label is not None:
            label.set_text(problem or " ")

    def ask_restore(self) -> None:
        if self.dialog is not None:
            return
        self.dialog = Dialog(self.app.ui, self.app.size, phrase("settings.restore_title"),
                             phrase("settings.restore_message"),
                             phrase("settings.restore_ok"), self._restore, self._closed)

    def _restore(self, _: str) -> None:
        defaults = Settings()
        fields = {spec.name: getattr(defaults, spec.name) for spec in SETTING_SPECS
                  if spec.section is not None}
        self.settings = self.on_change(fields)
        return None

    def _closed(self) -> None:
        self.dialog = None
        self.rebuild()

    # --- Scene ----------------------------------------------------------------------

    def handle_event(self, event: pygame.event.Event) -> None:
        if self.dialog is not None:
            self.dialog.handle_event(event)
            return
        if self.tabs.handle(event):
            return
        for name, editor in self.editors.items():
            if editor.handle(event):
                self._changed(name)
                return
        for name, column in self.columns.items():
            if any(editor.handle(event) for editor in column):
                self._changed(name)
                return
        self.form.handle_event(event)
        super().handle_event(event)

    def update(self, dt: float) -> None:
        self.form.update()


def changed_fields(before: Settings, after: Settings) -> dict[str, Any]:
    """The settings ``after`` holds differently from ``before``."""
    return {f.name: getattr(after, f.name) for f in dataclasses.fields(Settings)
            if getattr(after, f.name) != getattr(before, f.name)}

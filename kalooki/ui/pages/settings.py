"""The settings screen: every setting a player may change, by section, each with the
widget its description calls for (the one form builder,
:mod:`kalooki.ui.widgets.field_rows`, over :class:`~kalooki.store.settings.Settings`'s
fields). A change is taken at once: ``on_change`` saves it and applies it where it can
(the table redraws, the window goes full screen, the words change language). Restore
defaults asks first.
"""

from __future__ import annotations

import dataclasses
from collections.abc import Callable
from typing import TYPE_CHECKING, Any

import pygame
from pygame_gui.elements import UIButton, UILabel

from kalooki.store.settings import SETTING_SPECS, Settings, SettingSection, settings_in
from kalooki.ui.scene import Scene
from kalooki.ui.widgets.dialogs import Dialog
from kalooki.ui.widgets.field_rows import (
    FieldEditor,
    ListColumns,
    RowStyle,
    SingleField,
    field_rows,
)
from kalooki.ui.widgets.form import GAP, Editor, Form, Tabs, button_width
from kalooki.ui.widgets.page import BUTTON_H, Page
from kalooki.words import phrase, tr, ui_text

if TYPE_CHECKING:
    from kalooki.ui.scene import Host

STYLE = RowStyle(problem_line=True)
_TAB_H = 40
_RESTORE_W = 240


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
        self.rows: list[FieldEditor] = []
        self.editors: dict[str, Editor] = {}
        """The editor of each single setting on the page."""
        self.columns: dict[str, list[Editor]] = {}
        """The editors of each list setting on the page, an item each."""
        self.problems: dict[str, UILabel] = {}
        """The line where what is wrong with a setting is said."""
        self.dialog: Dialog | None = None
        self.builds = 0
        """Times the page has been laid out (a change may lay it out again: a language)."""
        super().__init__(app, on_back, beneath)

    # --- layout ---------------------------------------------------------------------

    def build(self) -> None:
        self.builds += 1
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
        self.rows = field_rows(self.form, settings_in(self.section), self.settings, STYLE)
        self.editors, self.columns, self.problems = {}, {}, {}
        for row in self.rows:
            if isinstance(row, SingleField):
                self.editors[row.fields[0]] = row.editor
                if row.problem_label is not None:
                    self.problems[row.fields[0]] = row.problem_label
            elif isinstance(row, ListColumns):
                self.columns.update(row.columns)
                self.problems.update(row.problems)
        self.form.finish()
        width = button_width(tr("settings.restore"), _RESTORE_W)
        self.restore_button = self.add(UIButton(
            pygame.Rect(body.right - width, self.buttons_top, width, BUTTON_H),
            **ui_text("settings.restore"), manager=manager, command=self.ask_restore))

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

    def _changed(self, row: FieldEditor, changes: dict[str, Any]) -> None:
        """Take the edited value: saved and applied, or the reason it cannot be."""
        if not changes:
            return
        builds = self.builds
        try:
            self.settings = self.on_change(changes)
            if self.builds != builds:  # laid out again while it changed (a new language):
                self.rebuild()  # with the value just kept, not the one before
                return
        except ValueError:
            (name,) = changes
            spec = next(spec for spec in SETTING_SPECS if spec.name == name).item
            row.show_problem(tr("form.text_length", high=spec.maximum or 0))
            return
        row.show_problem(None)

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
        for row in self.rows:
            changes = row.handle(event)
            if changes is not None:
                self._changed(row, changes)
                return
        self.form.handle_event(event)
        super().handle_event(event)

    def update(self, dt: float) -> None:
        self.form.update()


def changed_fields(before: Settings, after: Settings) -> dict[str, Any]:
    """The settings ``after`` holds differently from ``before``."""
    return {f.name: getattr(after, f.name) for f in dataclasses.fields(Settings)
            if getattr(after, f.name) != getattr(before, f.name)}

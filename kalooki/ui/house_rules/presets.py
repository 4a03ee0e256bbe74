"""The house-rules editor's Presets page: the built-in presets to start from, the
player's own (edit, rename, duplicate, delete, export), the damaged files with their
reason, and Import…. Every file operation goes through :mod:`kalooki.store.presets`;
a refusal is shown in its own sentence, never raised."""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path

import pygame
import pygame_gui
from pygame_gui.elements import UIButton, UILabel

from kalooki.engine.rules import PRESETS
from kalooki.store.filenames import safe_stem
from kalooki.store.presets import SUFFIX, CustomPreset, DamagedPreset, PresetShelf
from kalooki.ui.widgets.file_dialog import FileDialog, dialog_rect
from kalooki.ui.widgets.form import GAP, WIDGET_H, Form, Row
from kalooki.words import Said, phrase, tr, ui_text
from kalooki.words.house_rules import changes_line
from kalooki.words.notices import notice_said
from kalooki.words.presets import preset_summary, preset_title

_ROW_H = 64
_ACTION_W = 170
_HEAD_H = 40


@dataclass(frozen=True)
class Act:
    """What the player asked for on the page: ``what`` is ``start``, ``edit``, ``rename``,
    ``duplicate``, ``delete``, ``export`` or ``import``; ``target`` the preset's name
    (or the damaged file's, or the built-in's code; None for import)."""

    what: str
    target: str | None = None


class PresetsPage:
    """Rows in ``form``; ``handle`` turns a press into an :class:`Act`."""

    def __init__(self, form: Form, shelf: PresetShelf, editing: str | None) -> None:
        self.form = form
        self.shelf = shelf
        self.buttons: list[tuple[UIButton, Act]] = []
        self._heading("house_rules.presets.built_in")
        for name in PRESETS:
            self._row(preset_title(name), preset_summary(name),
                      [("house_rules.presets.start_from", Act("start", name))])
        self._heading("house_rules.presets.yours")
        if not shelf.presets and not shelf.damaged:
            row = form.row(_HEAD_H)
            form.add(row, UILabel(pygame.Rect(0, 0, form.width, WIDGET_H),
                                  **ui_text("house_rules.presets.none_yet"),
                                  manager=form.manager, object_id="#help"), 12, 4)
        for custom in shelf.presets:
            actions = [("house_rules.presets.edit", Act("edit", custom.name)),
                       ("house_rules.presets.rename", Act("rename", custom.name)),
                       ("house_rules.presets.duplicate", Act("duplicate", custom.name)),
                       ("house_rules.presets.delete", Act("delete", custom.name)),
                       ("house_rules.presets.export", Act("export", custom.name))]
            made = self._row(custom.name, changes_line(custom.rules, PRESETS[custom.based_on]),
                             actions)
            if editing is not None and custom.name.casefold() == editing.casefold():
                made[0].disable()
                made[0].set_text(**ui_text("house_rules.presets.editing"))
        for damaged in shelf.damaged:
            self._row(damaged.path.name, tr("house_rules.presets.damaged",
                                            reason=notice_said(damaged.reason)),
                      [("house_rules.presets.delete", Act("delete", damaged.path.name))],
                      bad=True)
        row = form.row(_ROW_H)
        self._button(row, "house_rules.presets.import", Act("import"), 0, 220)

    def _heading(self, key: str) -> None:
        row = self.form.row(_HEAD_H)
        self.form.add(row, UILabel(pygame.Rect(0, 0, self.form.width, 30), **ui_text(key),
                                   manager=self.form.manager, object_id="#column_heading"),
                      0, 10)

    def _row(self, title: str, words: str, actions: list[tuple[str, Act]],
             bad: bool = False) -> list[UIButton]:
        """A preset's name and words; one action sits at the right, several go on a line
        of their own beneath."""
        form = self.form
        row = form.row(_ROW_H)
        alone = len(actions) == 1
        room = form.width - (_ACTION_W + GAP if alone else 0)
        form.add(row, UILabel(pygame.Rect(0, 0, room, 26), title, form.manager), 0, 6)
        form.add(row, UILabel(pygame.Rect(0, 0, room, 22), words, form.manager,
                              object_id="#problem" if bad else "#help"), 0, 34)
        if alone:
            return [self._button(row, *actions[0], form.width - _ACTION_W, _ACTION_W)]
        line = form.row(WIDGET_H + 14)
        width = min(_ACTION_W, (form.width - GAP * (len(actions) - 1)) // len(actions))
        made = []
        for index, (key, act) in enumerate(actions):
            made.append(self._button(line, key, act, index * (width + GAP), width, top=0))
        return made

    def _button(self, row: Row, key: str, act: Act, x: int, width: int,
                top: int | None = None) -> UIButton:
        button: UIButton = self.form.add(row, UIButton(pygame.Rect(0, 0, width, WIDGET_H),
                                                       **ui_text(key),
                                                       manager=self.form.manager),
                                         x, (row.height - WIDGET_H) // 2 if top is None else top)
        self.buttons.append((button, act))
        return button

    def handle(self, event: pygame.event.Event) -> Act | None:
        if event.type != pygame_gui.UI_BUTTON_PRESSED:
            return None
        return next((act for button, act in self.buttons if event.ui_element is button), None)

    def custom(self, name: str | None) -> CustomPreset | None:
        return None if name is None else self.shelf.find(name)

    def damaged(self, file_name: str | None) -> DamagedPreset | None:
        return next((d for d in self.shelf.damaged if d.path.name == file_name), None)


def file_dialog(manager: pygame_gui.UIManager, size: tuple[int, int], title: Said,
                start: Path, existing_only: bool) -> FileDialog:
    """The file dialog, centred, for choosing a preset file to import or a place to
    export one; its OK button says which. It lists folders and preset files only."""
    words = "file_dialog.import" if existing_only else "file_dialog.export"
    return FileDialog(dialog_rect(size, margin=20), manager, title, start, ok_words=phrase(words),
                      existing_only=existing_only, suffixes={SUFFIX})


def export_start(name: str, folder: Path) -> Path:
    """Where Export… proposes to write ``name``: the documents folder, under the preset's
    name."""
    return folder / f"{safe_stem(name)}.json"

"""The house-rules editor: every rule-set field by section (made from the field
descriptions, :mod:`kalooki.ui.house_rules.rows`), the difference from the base preset in
words, what is wrong said beside the field at fault, Preview rules, Save, Save as… and
Play; and a Presets page to start from, edit, rename, duplicate, delete, import and
export presets. Nothing typed can crash it: a value is judged, never trusted."""

from __future__ import annotations

import dataclasses
import html
from collections.abc import Callable
from pathlib import Path
from typing import TYPE_CHECKING, Any

import pygame
import pygame_gui
from pygame_gui.elements import UIButton, UITextBox

from kalooki.engine.rules import PRESETS
from kalooki.engine.rules.fields import Section
from kalooki.store.paths import StorePaths
from kalooki.store.presets import (
    PresetError,
    delete_preset,
    duplicate_preset,
    export_preset,
    free_name,
    import_preset,
    load_shelf,
    rename_preset,
    save_preset,
)
from kalooki.ui.house_rules.draft import Draft
from kalooki.ui.house_rules.presets import Act, PresetsPage, export_start, file_dialog
from kalooki.ui.house_rules.rows import FieldEditor, section_editors, shape
from kalooki.ui.widgets.dialogs import Dialog
from kalooki.ui.widgets.file_dialog import FileDialog
from kalooki.ui.widgets.fitted_label import FittedLabel
from kalooki.ui.widgets.form import GAP, Form, Tabs, button_width
from kalooki.ui.widgets.page import BUTTON_H, BUTTON_W, Page
from kalooki.words import Said, phrase, tr, ui_text
from kalooki.words.house_rules import built_in_names as built_ins
from kalooki.words.house_rules import summary
from kalooki.words.notices import notice_said

if TYPE_CHECKING:
    from kalooki.ui.scene import Host

PRESETS_PAGE = "presets"
_TAB_H = 40
_SUMMARY_H = 48
"""Two lines of the summary (four changes in French wrap onto a second), shown whole."""
_STATUS_H = 24
_TEXT = "#f4ecd6"
_BAD = "#ff9b85"


def new_draft(paths: StorePaths, name: str) -> Draft:
    """A draft to start from the preset ``name``: a built-in one under a fresh name of
    its own, or a custom one as it is (saving it replaces it)."""
    if name in PRESETS:
        fresh = free_name(paths, tr("house_rules.default_name"), reserved=built_ins())
        return Draft(dataclasses.replace(PRESETS[name], name=fresh), name)
    found = load_shelf(paths, reserved=built_ins()).find(name)
    if found is None:
        fresh = free_name(paths, tr("house_rules.default_name"), reserved=built_ins())
        return Draft(dataclasses.replace(PRESETS["caribbean"], name=fresh), "caribbean")
    return Draft(found.rules, found.based_on, origin=found.name)


def _same(name: str | None, other: str) -> bool:
    """Whether ``name`` is the preset ``other``: preset names differ by more than case."""
    return name is not None and name.casefold() == other.casefold()


class RulesEditorScene(Page):
    """``on_play(name)`` (when given) starts a game with the saved preset ``name``;
    ``on_preview(rules, back)`` shows the rules text and comes back with ``back``;
    ``on_back`` may read ``chosen``, the rules to offer where the editor was opened."""

    heading = "house_rules.heading"

    def __init__(self, app: Host, paths: StorePaths, draft: Draft,
                 on_back: Callable[[], object], *,
                 on_play: Callable[[str], None] | None = None,
                 on_preview: Callable[[RulesEditorScene], None] | None = None,
                 page: str = Section.DECK.value) -> None:
        self.paths = paths
        self.draft = draft
        self.on_play = on_play
        self.on_preview = on_preview
        self.page = page
        self.editors: list[FieldEditor] = []
        self.presets: PresetsPage | None = None
        self.dialog: Dialog | None = None
        self.file_dialog: FileDialog | None = None
        self.file_act: Act | None = None
        self.status: tuple[Said, bool] = ("", False)
        self.offset = 0
        self.chosen: str | None = draft.origin
        """The preset to offer once back: the player's own preset the editor opened on,
        then the one last saved here; followed through a rename, forgotten once deleted
        (None: the one offered before)."""
        super().__init__(app, on_back)

    def title(self) -> dict[str, Any]:
        return ui_text(self.heading, name=self.draft.rules.name)

    # --- layout ---------------------------------------------------------------------

    def build(self) -> None:
        manager, body = self.app.ui, self.body
        pages = [(section.value, f"rules.section.{section.value}") for section in Section]
        pages.append((PRESETS_PAGE, "house_rules.presets_tab"))
        self.tabs = Tabs(manager, pygame.Rect(body.left, body.top, body.width, _TAB_H), pages,
                         self.page, self.open_page)
        for widget in self.tabs.widgets():
            self.add(widget)
        bottom = body.bottom - _SUMMARY_H - _STATUS_H - GAP
        view = pygame.Rect(body.left, body.top + _TAB_H + GAP, body.width,
                           bottom - body.top - _TAB_H - 2 * GAP)
        self.form = Form(manager, view)
        if self.page == PRESETS_PAGE:
            self.editors = []
            shelf = load_shelf(self.paths, reserved=built_ins())
            self.presets = PresetsPage(self.form, shelf, self.draft.origin)
        else:
            self.presets = None
            self.editors = section_editors(self.form, Section(self.page), self.draft.rules,
                                           self.draft.base_rules)
        self.form.finish()
        self.form.scroll_to(self.offset)
        self.summary_box = self.add(UITextBox(" ", pygame.Rect(body.left, bottom, body.width,
                                                                _SUMMARY_H), manager,
                                              object_id="#summary"))
        self.status_label = self.add(FittedLabel(
            pygame.Rect(body.left, bottom + _SUMMARY_H, body.width, _STATUS_H), " ",
            manager, object_id="#problem"))
        self._buttons()
        self.refresh()

    def _buttons(self) -> None:
        manager, body, top = self.app.ui, self.body, self.buttons_top
        specs: list[tuple[str, str, Callable[[], None], str | None]] = []
        if self.on_play is not None:
            specs.append(("play", "house_rules.play", self.play, "#primary"))
        specs += [("save", "house_rules.save", self._save_pressed,
                   None if self.on_play else "#primary"),
                  ("save_as", "house_rules.save_as", self.ask_save_as, None),
                  ("preview", "house_rules.preview", self.preview, None)]
        self.buttons: dict[str, UIButton] = {}
        x = body.right
        for name, key, command, object_id in specs:
            width = button_width(tr(key), BUTTON_W)
            x -= width
            self.buttons[name] = self.add(UIButton(pygame.Rect(x, top, width, BUTTON_H),
                                                   **ui_text(key), manager=manager,
                                                   object_id=object_id, command=command))
            x -= GAP

    def _kill(self) -> None:
        if getattr(self, "form", None) is not None:
            self.offset = self.form.offset
            self.form.kill()
        for held in (self.dialog, self.file_dialog):
            if held is not None:
                held.kill()
        self.dialog = self.file_dialog = None
        super()._kill()

    # --- what is shown --------------------------------------------------------------

    def refresh(self) -> None:
        """The summary, the problems beside their fields, and which buttons may be used."""
        draft = self.draft
        problems = draft.problems()
        local = next((p for p in (e.local_problem() for e in self.editors) if p), None)
        for editor in self.editors:
            mine = next((p.sentence for p in problems if p.field in editor.fields), None)
            editor.show_problem(editor.local_problem() or mine)
            editor.follow(draft.rules)
        words = summary(draft.rules, draft.base_rules)
        self.summary_box.set_text(f'<font color="{_TEXT}">{html.escape(words)}</font>')
        blocked = bool(problems) or local is not None
        for name in ("play", "save", "save_as"):
            if name in self.buttons:
                self.buttons[name].disable() if blocked else self.buttons[name].enable()
        said, bad = self.status
        if problems:
            first = problems[0]
            section = first.section
            said = first.sentence if section is None or section.value == self.page else \
                tr("house_rules.problem_in", section=tr(f"rules.section.{section.value}"),
                   problem=first.sentence)
            bad = True
        elif local is not None:
            said, bad = local, True
        self.status_label.change_object_id("#problem" if bad else "#help")
        self.status_label.set_text(str(said) or " ")
        self.heading_label.set_text(**self.title())

    def say(self, said: Said, bad: bool = False) -> None:
        self.status = (said, bad)
        self.refresh()

    # --- actions --------------------------------------------------------------------

    def open_page(self, page: str) -> None:
        self.page = page
        self.form.scroll_to(0)
        self.rebuild()

    def _apply(self, changes: dict[str, object]) -> None:
        self.status = ("", False)
        before = self.draft.rules
        self.draft.set(**changes)
        if any(shape(getattr(before, name)) != shape(value) for name, value in changes.items()):
            self.rebuild()
        else:
            self.refresh()

    def _save_pressed(self) -> None:
        self.save()

    def save(self) -> bool:
        """Save under the draft's name (replacing the preset being edited); True when
        saved, else the refusal is shown."""
        draft = self.draft
        name = draft.rules.name.strip()
        try:
            shelf = load_shelf(self.paths, reserved=built_ins())
            origin = shelf.find(draft.origin) if draft.origin else None
            if origin is not None and origin.name.casefold() != name.casefold():
                origin = rename_preset(self.paths, origin, name, reserved=built_ins())
            saved = save_preset(self.paths, draft.rules, draft.base, name,
                                reserved=built_ins(), replace=origin is not None)
        except PresetError as error:
            self.say(notice_said(error.fact), bad=True)
            return False
        draft.saved_as(saved.rules, saved.name)
        self.chosen = saved.name
        self.say(phrase("house_rules.saved", name=saved.name))
        return True

    def ask_save_as(self) -> None:
        def save_as(name: str) -> Said | None:
            try:
                saved = save_preset(self.paths, self.draft.rules, self.draft.base, name,
                                    reserved=built_ins())
            except PresetError as error:
                return notice_said(error.fact)
            self.draft = Draft(saved.rules, saved.based_on, origin=saved.name)
            self.chosen = saved.name
            self.status = (phrase("house_rules.saved", name=saved.name), False)
            return None

        self._ask(Dialog(self.app.ui, self.app.size, phrase("house_rules.save_as_title"),
                         phrase("house_rules.save_as_message"), phrase("house_rules.save"),
                         save_as, self._closed,
                         entry=free_name(self.paths, self.draft.rules.name,
                                         reserved=built_ins())))

    def play(self) -> None:
        if self.on_play is None:
            return
        if (self.draft.unsaved or self.draft.origin is None) and not self.save():
            return
        assert self.draft.origin is not None
        self._kill()
        self.on_play(self.draft.origin)

    def preview(self) -> None:
        if self.on_preview is not None:
            self._kill()
            self.on_preview(self)

    def back(self) -> None:
        if not self.draft.unsaved:
            super().back()
            return

        def leave(_: str) -> Said | None:
            self._kill()
            self.on_back()
            return None

        self._ask(Dialog(self.app.ui, self.app.size, phrase("house_rules.leave_title"),
                         phrase("house_rules.leave_message"), phrase("house_rules.leave_ok"),
                         leave, self._closed))

    def _ask(self, dialog: Dialog) -> None:
        if self.dialog is not None:
            self.dialog.kill()
        self.dialog = dialog

    def _closed(self) -> None:
        self.dialog = None
        if self.widgets:
            self.rebuild()

    # --- the presets page -----------------------------------------------------------

    def _act(self, act: Act) -> None:
        page = self.presets
        assert page is not None
        custom = page.custom(act.target)
        if act.what == "start" and act.target is not None:
            self._replace_draft(lambda: new_draft(self.paths, str(act.target)))
        elif act.what == "edit" and custom is not None:
            self._replace_draft(lambda: Draft(custom.rules, custom.based_on, origin=custom.name))
        elif act.what == "rename" and custom is not None:
            self._ask(Dialog(self.app.ui, self.app.size,
                             phrase("house_rules.presets.rename_title"),
                             phrase("house_rules.presets.rename_message", name=custom.name),
                             phrase("house_rules.presets.rename"),
                             lambda name: self._rename(act.target, name), self._closed,
                             entry=custom.name))
        elif act.what == "duplicate" and custom is not None:
            self._file_op(lambda: phrase(
                "house_rules.presets.duplicated",
                name=duplicate_preset(self.paths, custom, reserved=built_ins()).name))
        elif act.what == "delete":
            self._ask_delete(act.target)
        elif act.what in ("export", "import"):
            self.file_act = act
            folder = self.paths.documents()
            start = export_start(act.target or "", folder) if act.what == "export" else folder
            title = (phrase("house_rules.presets.export_title", name=act.target)
                     if act.what == "export" else phrase("house_rules.presets.import_title"))
            self.file_dialog = file_dialog(self.app.ui, self.app.size, title, start,
                                           existing_only=act.what == "import")

    def _replace_draft(self, make: Callable[[], Draft]) -> None:
        """Edit other rules; unsaved changes are asked about first."""
        def go(_: str = "") -> Said | None:
            self.draft = make()
            self.page = Section.DECK.value
            self.offset = 0
            self.status = ("", False)
            return None

        if not self.draft.unsaved:
            go()
            self.rebuild()
            return
        self._ask(Dialog(self.app.ui, self.app.size, phrase("house_rules.leave_title"),
                         phrase("house_rules.leave_message"), phrase("house_rules.leave_ok"),
                         go, self._closed))

    def _rename(self, old: str | None, name: str) -> Said | None:
        found = load_shelf(self.paths, reserved=built_ins()).find(old or "")
        if found is None:
            return None
        try:
            renamed = rename_preset(self.paths, found, name, reserved=built_ins())
        except PresetError as error:
            return notice_said(error.fact)
        if _same(self.draft.origin, found.name):
            self.draft.origin_renamed(renamed.name)
        if _same(self.chosen, found.name):
            self.chosen = renamed.name
        self.status = (phrase("house_rules.presets.renamed", name=renamed.name), False)
        return None

    def _ask_delete(self, target: str | None) -> None:
        page = self.presets
        assert page is not None
        doomed = page.custom(target) or page.damaged(target)
        if doomed is None:
            return
        name = doomed.name if hasattr(doomed, "name") else doomed.path.name

        def delete(_: str) -> Said | None:
            try:
                delete_preset(self.paths, doomed)
            except PresetError as error:
                return notice_said(error.fact)
            if _same(self.draft.origin, str(name)):
                self.draft.origin_deleted()
            if _same(self.chosen, str(name)):
                self.chosen = None
            self.status = (phrase("house_rules.presets.deleted", name=name), False)
            return None

        self._ask(Dialog(self.app.ui, self.app.size, phrase("house_rules.presets.delete_title"),
                         phrase("house_rules.presets.delete_message", name=name),
                         phrase("house_rules.presets.delete"), delete, self._closed))

    def _file_op(self, run: Callable[[], Said]) -> None:
        try:
            said = run()
        except PresetError as error:
            self.say(notice_said(error.fact), bad=True)
            return
        self.status = (said, False)
        self.rebuild()

    def _picked(self, path: Path) -> None:
        act, self.file_act, self.file_dialog = self.file_act, None, None
        if act is None or self.presets is None:
            return
        if act.what == "import":
            self._file_op(lambda: phrase(
                "house_rules.presets.imported",
                name=import_preset(self.paths, path, reserved=built_ins()).name))
            return
        custom = self.presets.custom(act.target)
        if custom is not None:
            self._file_op(lambda: phrase("house_rules.presets.exported",
                                         file=str(export_preset(custom, path))))

    # --- Scene ----------------------------------------------------------------------

    def handle_event(self, event: pygame.event.Event) -> None:
        if self.dialog is not None:
            self.dialog.handle_event(event)
            return
        if self.file_dialog is not None:
            if event.type == pygame_gui.UI_FILE_DIALOG_PATH_PICKED:
                self._picked(Path(event.text))
            elif event.type == pygame_gui.UI_WINDOW_CLOSE and \
                    event.ui_element is self.file_dialog:
                self.file_dialog = self.file_act = None
            return
        if self.tabs.handle(event):
            return
        if self.presets is not None:
            act = self.presets.handle(event)
            if act is not None:
                self._act(act)
                return
        for editor in self.editors:
            changes = editor.handle(event)
            if changes is not None:
                self._apply(changes)
                return
        self.form.handle_event(event)
        super().handle_event(event)

    def update(self, dt: float) -> None:
        self.form.update()

"""Saved games: the Load game screen (load, watch, rename, delete, or watch another record
file picked in a file dialog) and the Save game dialog the pause menu opens. Every file
operation goes through :mod:`kalooki.store.saves`; what goes wrong is said on screen in the
store's own sentence, never raised."""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path
from typing import TYPE_CHECKING, Any

import pygame
import pygame_gui
from pygame_gui.elements import UIButton

from kalooki.engine.facts.said import Fact
from kalooki.store.notices import Refused, os_reason
from kalooki.store.paths import StorePaths
from kalooki.store.savegame import SaveError
from kalooki.store.saves import SUFFIX, SaveEntry, delete_save, list_saves, rename_save
from kalooki.ui.art import text as ink
from kalooki.ui.widgets.clicks import DoubleClicks
from kalooki.ui.widgets.dialogs import Dialog
from kalooki.ui.widgets.file_dialog import FileDialog, dialog_rect
from kalooki.ui.widgets.form import button_width
from kalooki.ui.widgets.page import BUTTON_H, Page
from kalooki.words import Said, phrase, tr, ui_text
from kalooki.words.formats import seat_name, short_date
from kalooki.words.house_rules import match_title, offered_title
from kalooki.words.notices import brief_said, notice_said

if TYPE_CHECKING:
    from kalooki.ui.scene import Host

_SELECTED = (201, 164, 76, 70)
_STRIPE = (255, 255, 255, 14)
_ACTION_W = 140
_REPLAYS = "saves.replay_heading"
"""The list opened to watch is headed so, and the file dialog, which opens a file to watch."""


def entry_name(entry: SaveEntry) -> str:
    """What a save is called on screen: a named save by its name; an autosave by its
    rules' title and its players ("Baby Kalooki: You, Marcia, Delroy"), never by the
    preset's code the file keeps."""
    if entry.kind != "autosave":
        return entry.name
    return match_title(entry.preset, entry.players)


def describe(entry: SaveEntry) -> tuple[str, str, str]:
    """A save's two lines and its date: name; rules, deal and each player's score."""
    scores = ", ".join(f"{seat_name(name)} {total}" for name, total in
                       zip(entry.players, entry.totals, strict=True))
    state = tr("saves.finished") if entry.over else tr("saves.at_deal", deal=entry.deal)
    name = tr("saves.autosave_name", name=entry_name(entry)) if entry.kind == "autosave" \
        else entry.name
    return (name, tr("saves.details", rules=offered_title(entry.preset), state=state,
                     scores=scores), short_date(entry.saved_at.astimezone()))


def save_error(error: Refused | OSError) -> Said:
    """The sentence a refused save, rename or delete shows; the commonest refusals of the
    disk in the player's words, any other in the system's."""
    if isinstance(error, OSError):
        return phrase("saves.disk_refused", reason=notice_said(os_reason(error)))
    return phrase("saves.refused", reason=notice_said(error.fact))


Opener = Callable[[Path], Said | None]
"""Opens a file (and leaves this screen), or returns why it cannot."""


class LoadGameScene(Page):
    """``on_load`` resumes a save's game; ``on_watch`` replays a save, ``on_watch_file``
    any record file picked in the file dialog. Opened to watch (``watching``), the page
    is headed so and Enter watches."""

    heading = "saves.heading"
    help_topic = "load"

    def __init__(self, app: Host, paths: StorePaths, on_load: Opener,
                 on_back: Callable[[], object], *, on_watch: Opener | None = None,
                 on_watch_file: Opener | None = None, watching: bool = False) -> None:
        self.paths = paths
        self.on_load = on_load
        self.on_watch = on_watch
        self.on_watch_file = on_watch_file
        self.watching = watching
        self.picker: FileDialog | None = None
        self.entries: list[SaveEntry] = []
        self.damaged: list[Fact] = []
        """Why files could not be listed; kept while the screen is open, because the
        store sets a damaged file aside and a second listing no longer meets it."""
        self.selected: int | None = None
        self.scroll = 0
        self.status: tuple[Said, bool] = ("", False)
        self.dialog: Dialog | None = None
        self.clicks = DoubleClicks()
        self.refresh()
        super().__init__(app, on_back)

    def title(self) -> dict[str, Any]:
        return ui_text(_REPLAYS if self.watching else self.heading)

    def refresh(self, keep: Path | None = None) -> None:
        entries, warnings = list_saves(self.paths)
        self.entries = entries
        self.damaged += [w for w in warnings if w not in self.damaged]
        paths = [entry.path for entry in entries]
        if keep in paths:
            self.selected = paths.index(keep)
        elif self.entries:
            self.selected = min(self.selected or 0, len(self.entries) - 1)
        else:
            self.selected = None

    # --- layout ---------------------------------------------------------------------

    def build(self) -> None:
        manager = self.app.ui
        self.size = max(15, min(19, round(self.app.size[1] * 0.023)))
        self.line = round(self.size * 1.35)
        self.row_h = 2 * self.line + 14
        self.list_rect = pygame.Rect(self.body.left, self.body.top, self.body.width,
                                     self.body.height - self.line - 8)
        self.visible_rows = max(1, self.list_rect.height // self.row_h)
        x = self.body.right
        self.actions: dict[str, UIButton] = {}
        actions: list[tuple[str, Callable[[], None]]] = [("load", self.load)]
        if self.on_watch is not None:
            actions.insert(1 if not self.watching else 0, ("watch", self.watch))
        actions += [("delete", self.ask_delete), ("rename", self.ask_rename)]
        if self.on_watch_file is not None:
            actions.append(("open_file", self.open_picker))
        primary = "watch" if self.watching and self.on_watch is not None else "load"
        for name, command in actions:
            object_id = "#primary" if name == primary else None
            width = button_width(tr(f"saves.{name}"), _ACTION_W)
            x -= width
            self.actions[name] = self.add(UIButton(
                pygame.Rect(x, self.buttons_top, width, BUTTON_H),
                **ui_text(f"saves.{name}"), manager=manager, object_id=object_id,
                command=command))
            x -= 12
        self._enable()

    def _enable(self) -> None:
        free = self.dialog is None and self.picker is None
        usable = self.selected is not None and free
        for name, button in self.actions.items():
            button.enable() if usable or (name == "open_file" and free) else button.disable()
        self.back_button.enable() if free else self.back_button.disable()

    def rows(self) -> list[tuple[str, str, str, bool]]:
        """Every row of the list: saves (name, details, date), then why files were damaged
        (in brief: where a file's JSON breaks is for the log file, not the player)."""
        saves = [(*describe(entry), False) for entry in self.entries]
        return saves + [("", str(brief_said(warning)), "", True) for warning in self.damaged]

    # --- actions --------------------------------------------------------------------

    def chosen(self) -> SaveEntry | None:
        return None if self.selected is None else self.entries[self.selected]

    def say(self, words: Said, bad: bool = False) -> None:
        self.status = (words, bad)

    def load(self) -> None:
        entry = self.chosen()
        if entry is None:
            return
        refusal = self.on_load(entry.path)
        if refusal is not None:
            self.say(refusal, bad=True)
            self.refresh()
            self._enable()

    def watch(self) -> None:
        entry = self.chosen()
        if entry is not None and self.on_watch is not None:
            self._opened(self.on_watch(entry.path))

    def _opened(self, refusal: Said | None) -> None:
        if refusal is not None:
            self.say(refusal, bad=True)
            self.refresh()
            self._enable()

    def open_picker(self) -> None:
        """The file dialog, in the saves folder, listing the files a replay can be watched
        from (saves and game records, never a ``.bak`` or a damaged file set aside); titled
        as the page that lists replays is, since it is for watching one."""
        if self.picker is not None or self.dialog is not None:
            return
        self.picker = FileDialog(dialog_rect(self.app.size), self.app.ui, phrase(_REPLAYS),
                                 self.paths.saves_dir, ok_words=phrase("file_dialog.watch"),
                                 existing_only=True, suffixes={SUFFIX})
        self._enable()

    def _picked(self, path: Path | None) -> None:
        """The file dialog closed: with the path picked, or None when cancelled."""
        self.picker = None
        self._enable()
        if path is not None and self.on_watch_file is not None:
            self._opened(self.on_watch_file(path))

    def ask_rename(self) -> None:
        entry = self.chosen()
        if entry is not None:
            self._open(Dialog(self.app.ui, self.app.size, phrase("saves.rename_title"),
                              phrase("saves.rename_message", name=entry_name(entry)),
                              phrase("saves.rename"),
                              lambda name: self.rename(entry, name), self._closed,
                              entry=entry_name(entry)))

    def rename(self, entry: SaveEntry, name: str) -> Said | None:
        try:
            path = rename_save(self.paths, entry.path, name)
        except (SaveError, OSError) as error:
            return save_error(error)
        self.refresh(keep=path)
        self.say(phrase("saves.renamed", name=name.strip()))
        return None

    def ask_delete(self) -> None:
        entry = self.chosen()
        if entry is not None:
            self._open(Dialog(self.app.ui, self.app.size, phrase("saves.delete_title"),
                              phrase("saves.delete_message", name=entry_name(entry)),
                              phrase("saves.delete"),
                              lambda _: self.delete(entry), self._closed))

    def delete(self, entry: SaveEntry) -> Said | None:
        try:
            delete_save(self.paths, entry.path)
        except (SaveError, OSError) as error:
            return save_error(error)
        self.refresh()
        self.say(phrase("saves.deleted", name=entry_name(entry)))
        return None

    def _open(self, dialog: Dialog) -> None:
        self.dialog = dialog
        self._enable()

    def _closed(self) -> None:
        self.dialog = None
        self._enable()

    def select(self, index: int) -> None:
        if self.entries:
            self.selected = max(0, min(len(self.entries) - 1, index))
            if self.selected < self.scroll:
                self.scroll = self.selected
            elif self.selected >= self.scroll + self.visible_rows:
                self.scroll = self.selected - self.visible_rows + 1
            self._enable()

    def row_at(self, pos: tuple[int, int]) -> int | None:
        if not self.list_rect.collidepoint(pos):
            return None
        index = self.scroll + (pos[1] - self.list_rect.top) // self.row_h
        return index if index < len(self.rows()) else None

    # --- Scene ----------------------------------------------------------------------

    def handle_event(self, event: pygame.event.Event) -> None:
        if self.picker is not None:
            if (event.type == pygame_gui.UI_FILE_DIALOG_PATH_PICKED
                    and event.ui_element is self.picker):
                self._picked(Path(event.text))
            elif (event.type == pygame_gui.UI_WINDOW_CLOSE
                  and event.ui_element is self.picker):
                self._picked(None)
            elif event.type == pygame.KEYDOWN and event.key == pygame.K_ESCAPE:
                self.picker.kill()
            return
        if self.dialog is not None:
            self.dialog.handle_event(event)
            return
        if event.type == pygame.MOUSEBUTTONDOWN and event.button == 1:
            self._click(event.pos)
        elif event.type == pygame.MOUSEWHEEL:
            most = max(0, len(self.rows()) - self.visible_rows)
            self.scroll = max(0, min(most, self.scroll - event.y))
        elif event.type == pygame.KEYDOWN and event.key in (pygame.K_UP, pygame.K_DOWN):
            current = -1 if self.selected is None else self.selected
            self.select(current + (1 if event.key == pygame.K_DOWN else -1))
        elif event.type == pygame.KEYDOWN and event.key in (pygame.K_RETURN, pygame.K_KP_ENTER):
            self.watch() if self.watching else self.load()
        elif event.type == pygame.KEYDOWN and event.key == pygame.K_w:
            self.watch()
        elif event.type == pygame.KEYDOWN and event.key == pygame.K_o:
            self.open_picker()
        elif event.type == pygame.KEYDOWN and event.key == pygame.K_DELETE:
            self.ask_delete()
        else:
            super().handle_event(event)

    def _click(self, pos: tuple[int, int]) -> None:
        index = self.row_at(pos)
        if index is None or index >= len(self.entries):
            return
        double = self.clicks.click(index)
        self.select(index)
        if double:
            self.watch() if self.watching else self.load()

    def update(self, dt: float) -> None:
        self.clicks.tick(dt)

    def _kill(self) -> None:
        if self.dialog is not None:
            self.dialog.kill()
            self.dialog = None
        if self.picker is not None:
            self.picker.kill()
            self.picker = None
        super()._kill()

    def draw_body(self, surface: pygame.Surface) -> None:
        rows, box, size = self.rows(), self.list_rect, self.size
        if not rows:
            image = ink.text(tr("saves.empty"), size + 6, ink.DIM, True)
            surface.blit(image, image.get_rect(center=box.center))
        shade = pygame.Surface((box.width, self.row_h), pygame.SRCALPHA)
        y = box.top
        for index in range(self.scroll, min(len(rows), self.scroll + self.visible_rows)):
            name, details, saved, damaged = rows[index]
            shade.fill(_SELECTED if index == self.selected else
                       _STRIPE if index % 2 == 0 else (0, 0, 0, 0))
            surface.blit(shade, (box.left, y))
            left, width = box.left + 12, box.width - 24
            date = ink.text(saved, size, ink.DIM)
            surface.blit(date, date.get_rect(topright=(box.right - 12, y + 7)))
            top = y + 7
            if damaged:  # the store's sentence, on both lines of the row or centred on one
                first, *rest = ink.wrap(details, size, width) or [""]
                lines = [ink.text(first, size, ink.BAD)]
                if rest:
                    lines.append(ink.fit(" ".join(rest), size, width, ink.BAD))
                else:
                    top = y + (self.row_h - self.line) // 2
            else:
                lines = [ink.fit(name, size + 1, width - date.get_width() - 24, ink.TEXT, True),
                         ink.fit(details, size, width, ink.DIM)]
            for number, image in enumerate(lines):
                surface.blit(image, (left, top + number * self.line))
            y += self.row_h
        words, bad = self.status
        if words:
            surface.blit(ink.fit(str(words), size, box.width, ink.BAD if bad else ink.GOOD, True),
                         (box.left, self.body.bottom - self.line))


def save_dialog(app: Host, default: str, save: Callable[[str], Said | None]
                ) -> Callable[[Callable[[], None]], Dialog]:
    """The Save game dialog, built when shown: ``save`` writes under the typed name and
    returns a refusal, or None when saved (then the dialog closes and says so)."""
    def make(on_close: Callable[[], None]) -> Dialog:
        def ok(name: str) -> Said | None:
            refusal = save(name)
            if refusal is None:
                app.notify(phrase("saves.saved", name=name.strip()))
            return refusal

        return Dialog(app.ui, app.size, phrase("saves.save_title"),
                      phrase("saves.save_message"), phrase("saves.save"), ok, on_close,
                      entry=default)
    return make

"""Choosing a file: pygame_gui's file dialog, configured for players.

As pygame_gui ships it, the dialog lists hidden files (``.cargo``, ``.bashrc``), sets its
names in rows too short for their letters (the bottom of ``g`` and ``y`` cut off), and
names its four small buttons by signs alone (⌂ ⌧ ↑ ⇪). Here it hides dot-files, its
rows are as tall as the theme says (``#file_display_list``: letters whole), and each
button says what it does in words, OK saying what the file is for (Import, Export,
Watch). Given ``suffixes``, it lists only the files the game can open (a save, not its
``.bak`` or a damaged copy set aside as ``.broken-…``), and every folder.
"""

from __future__ import annotations

from pathlib import Path

import pygame
import pygame_gui
from pygame_gui.elements import UIButton
from pygame_gui.windows import UIFileDialog

from kalooki.ui.widgets.form import text_width
from kalooki.words import Said, tr, ui_text, ui_text_of

_PAD, _GAP, _ROW, _LIST_TOP_GAP = 10, 8, 32, 10
_SMALL = (("home_button", "file_dialog.home"), ("parent_directory_button", "file_dialog.up"),
          ("refresh_button", "file_dialog.refresh"), ("delete_button", "file_dialog.delete"))
"""The small buttons along the top, in this order, with their words."""
_LEAST = (720, 520)
"""The dialog's size in a small window (as large as the window allows)."""


def dialog_rect(window: tuple[int, int], margin: int = 40) -> pygame.Rect:
    """Where a file dialog goes in a window of size ``window``: centred, at least
    :data:`_LEAST` and growing with a large window (a long path and many names show
    whole), never nearer its edges than ``margin``."""
    width = min(max(_LEAST[0], window[0] * 9 // 20), window[0] - 2 * margin)
    height = min(max(_LEAST[1], window[1] * 3 // 5), window[1] - 2 * margin)
    rect = pygame.Rect(0, 0, width, height)
    rect.center = (window[0] // 2, window[1] // 2)
    return rect


class FileDialog(UIFileDialog):
    """``ok_words``: what the OK button says (the act the chosen file is for);
    ``suffixes``: how the names of the files listed end (None: any file)."""

    def __init__(self, rect: pygame.Rect, manager: pygame_gui.UIManager, title: Said,
                 start: Path, *, ok_words: Said, existing_only: bool,
                 suffixes: set[str] | None = None) -> None:
        self._ok_words = ok_words
        super().__init__(rect, manager, str(title), allowed_suffixes=suffixes,
                         initial_file_path=str(start),
                         allow_existing_files_only=existing_only, always_on_top=True)

    def _setup_ui_elements(self) -> None:
        super()._setup_ui_elements()
        self.ok_button.set_text(**ui_text_of(self._ok_words))
        self.cancel_button.set_text(**ui_text("common.cancel"))
        width = self.get_container().get_size()[0]
        x = _PAD
        for name, key in _SMALL:
            button: UIButton = getattr(self, name)
            words = max(text_width(tr(key), 19) + 28, 60)
            button.set_tooltip(None)
            button.set_relative_position((x, _PAD))
            button.set_dimensions((words, _ROW))
            button.change_object_id("#file_dialog_button")  # not the signs' tiny theme
            button.set_text(**ui_text(key))
            x += words + _GAP
        entry_top = _PAD + _ROW + _GAP
        self.file_path_text_line.set_relative_position((_PAD, entry_top))
        list_top = entry_top + self.file_path_text_line.rect.height + _LIST_TOP_GAP
        listing = self.file_selection_list  # rows as tall as the theme's (letters whole)
        listing.set_relative_position((_PAD, list_top))
        listing.set_dimensions((width - 2 * _PAD,
                                self.get_container().get_size()[1] - list_top - 50))

    def _create_list_of_directories_and_files_on_current_path(self) -> None:
        super()._create_list_of_directories_and_files_on_current_path()
        self.current_file_list = [item for item in self.current_file_list
                                  if not _name(item).startswith(".")]


def _name(item: str | tuple[str, str]) -> str:
    return item if isinstance(item, str) else item[0]

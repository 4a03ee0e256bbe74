"""A small centred panel asking one question with a button per answer: the pause menu and
the joker-placement chooser. The window behind it is dimmed while it asks: the game waits."""

from __future__ import annotations

from collections.abc import Callable, Sequence
from functools import partial

import pygame
import pygame_gui
from pygame_gui.elements import UIButton, UIImage, UILabel, UIPanel

from kalooki.ui.widgets.focus import MODAL_LAYER
from kalooki.ui.widgets.form import text_width

_PAD, _ROW, _GAP = 20, 46, 10
_HEADING = 28
"""The theme's heading size (``#heading``), the title's font when the window has room."""
DIM = (0, 0, 0, 120)
"""The veil over the table (and its buttons) while a question waits for an answer."""


class ChoicePanel:
    """``on_pick`` gets the index of the answer (a partial, not a lambda with a default:
    pygame_gui passes the event to a command that takes a parameter)."""

    def __init__(self, manager: pygame_gui.UIManager, size: tuple[int, int], title: str,
                 options: Sequence[str], on_pick: Callable[[int], None]) -> None:
        room = text_width(title, _HEADING) + 2 * _PAD + 12  # the title in the heading font
        width = min(size[0] - 40, max(620, room))
        height = 2 * _PAD + _ROW + len(options) * (_ROW + _GAP)
        rect = pygame.Rect(0, 0, width, height)
        rect.center = (size[0] // 2, size[1] // 2)
        veil = pygame.Surface(size, pygame.SRCALPHA)
        veil.fill(DIM)
        self.veil = UIImage(pygame.Rect((0, 0), size), veil, manager,
                            starting_height=MODAL_LAYER - 1)
        self.panel = UIPanel(rect, manager=manager, starting_height=MODAL_LAYER)
        UILabel(pygame.Rect(_PAD, _PAD, width - 2 * _PAD, _ROW - _GAP), title, manager,
                self.panel, object_id="#heading" if room <= width else None)
        self.buttons: list[UIButton] = []
        y = _PAD + _ROW
        for index, text in enumerate(options):
            self.buttons.append(UIButton(
                pygame.Rect(_PAD, y, width - 2 * _PAD - 6, _ROW), text, manager, self.panel,
                object_id="#primary" if index == 0 else None,
                command=partial(on_pick, index)))
            y += _ROW + _GAP

    def kill(self) -> None:
        self.veil.kill()
        self.panel.kill()

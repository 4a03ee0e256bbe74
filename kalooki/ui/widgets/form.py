"""Forms built from field descriptions: rows of a label, a one-line explanation and an
editor, scrolled when they do not fit (the settings screen, the house-rules editor).

Rows scroll by moving their widgets and hiding those outside the view, rather than in a
pygame_gui scrolling container: a drop-down's list then opens over the whole window
instead of being cut off at the container's edge.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from typing import Any, TypeVar

import pygame
import pygame_gui
from pygame_gui.core import UIElement
from pygame_gui.elements import (
    UIButton,
    UIDropDownMenu,
    UILabel,
    UITextEntryLine,
    UIVerticalScrollBar,
)

from kalooki.ui.resources import font
from kalooki.ui.widgets.fitted_label import FittedLabel
from kalooki.ui.widgets.name_entry import NameEntry
from kalooki.ui.widgets.slider import TrackSlider
from kalooki.words import Said, tr, ui_text

W = TypeVar("W", bound=UIElement)
"""A widget, given back to whoever placed it with its own type."""

ROW_H = 62
LINE_H = 26
HELP_H = 22
WIDGET_H = 38
SCROLLBAR_W = 18
BUTTON_PAD = 14
TAB_FONT = 16
GAP = 10
_WHEEL_PIXELS = 48


@dataclass
class Row:
    """One line of a form: widgets placed relative to the row's top-left corner."""

    height: int
    widgets: list[tuple[UIElement, int, int]] = field(default_factory=list)

    def place(self, widget: UIElement, dx: int, dy: int) -> UIElement:
        self.widgets.append((widget, dx, dy))
        return widget

    def swap(self, old: UIElement, new: UIElement) -> None:
        """Put ``new`` where ``old`` stands (``new`` placed last, as just made)."""
        self.widgets.pop()
        self.widgets = [(new, dx, dy) if w is old else (w, dx, dy)
                        for w, dx, dy in self.widgets]


class Form:
    """Rows stacked in ``view``; a scroll bar appears when they are taller than it."""

    def __init__(self, manager: pygame_gui.UIManager, view: pygame.Rect) -> None:
        self.manager = manager
        self.view = view
        self.rows: list[Row] = []
        self.offset = 0
        self.scrollbar: UIVerticalScrollBar | None = None
        self.widgets: list[UIElement] = []

    @property
    def width(self) -> int:
        """The width rows may use (less the scroll bar's)."""
        return self.view.width - SCROLLBAR_W - GAP

    def row(self, height: int = ROW_H) -> Row:
        made = Row(height)
        self.rows.append(made)
        return made

    def add(self, row: Row, widget: W, dx: int, dy: int) -> W:
        self.widgets.append(widget)
        row.place(widget, dx, dy)
        return widget

    def labelled(self, label_key: str, help_key: str | None, height: int | None = None,
                 **params: object) -> Row:
        """A row with its label (and explanation) on the left half; editors go right."""
        row = self.row(height or (ROW_H if help_key else LINE_H + 14))
        half = self.label_width
        self.add(row, UILabel(pygame.Rect(0, 0, half, LINE_H), **ui_text(label_key, **params),
                              manager=self.manager), 0, 4)
        if help_key:
            self.add(row, FittedLabel(pygame.Rect(0, 0, half, HELP_H), **ui_text(help_key),
                                  manager=self.manager, object_id="#help"), 0, LINE_H + 6)
        return row

    @property
    def label_width(self) -> int:
        return self.width * 11 // 20

    @property
    def editor_x(self) -> int:
        return self.label_width + GAP

    @property
    def editor_width(self) -> int:
        return self.width - self.editor_x

    def total_height(self) -> int:
        return sum(row.height for row in self.rows)

    # --- scrolling ------------------------------------------------------------------

    def finish(self) -> None:
        """Lay the rows out; add the scroll bar when they do not fit."""
        total = self.total_height()
        if total > self.view.height and self.scrollbar is None:
            bar = pygame.Rect(self.view.right - SCROLLBAR_W, self.view.top, SCROLLBAR_W,
                              self.view.height)
            self.scrollbar = UIVerticalScrollBar(bar, self.view.height / total, self.manager)
            self.widgets.append(self.scrollbar)
        self.layout()

    def most(self) -> int:
        return max(0, self.total_height() - self.view.height)

    def scroll_to(self, offset: int) -> None:
        self.offset = max(0, min(self.most(), offset))
        if self.scrollbar is not None:
            self.scrollbar.set_scroll_from_start_percentage(self.offset / self.total_height())
        self.layout()

    def order(self, widget: UIElement) -> tuple[int, int] | None:
        """Where ``widget`` stands in the rows (row, x), for the keyboard's reading order."""
        for index, row in enumerate(self.rows):
            for held, dx, _ in row.widgets:
                if held is widget:
                    return index, dx
        return None

    def reveal(self, widget: UIElement) -> None:
        """Scroll so the row holding ``widget`` is in view."""
        top = 0
        for row in self.rows:
            if any(w is widget for w, _, _ in row.widgets):
                if top < self.offset:
                    self.scroll_to(top)
                elif top + row.height > self.offset + self.view.height:
                    self.scroll_to(top + row.height - self.view.height)
                return
            top += row.height

    def layout(self) -> None:
        y = self.view.top - self.offset
        for row in self.rows:
            inside = y >= self.view.top - 1 and y + row.height <= self.view.bottom + 1
            for widget, dx, dy in row.widgets:
                widget.set_position((self.view.left + dx, y + dy))
                widget.show() if inside else widget.hide()
            y += row.height

    def handle_event(self, event: pygame.event.Event) -> None:
        if event.type == pygame.MOUSEWHEEL and self.view.collidepoint(pygame.mouse.get_pos()):
            self.scroll_to(self.offset - event.y * _WHEEL_PIXELS)
        elif event.type == pygame.KEYDOWN and event.key in (pygame.K_PAGEUP, pygame.K_PAGEDOWN):
            step = self.view.height - ROW_H
            self.scroll_to(self.offset + (step if event.key == pygame.K_PAGEDOWN else -step))

    def update(self) -> None:
        """Follow the scroll bar when the player drags it."""
        bar = self.scrollbar
        if bar is not None and bar.check_has_moved_recently():
            self.offset = round(bar.start_percentage * self.total_height())
            self.offset = min(self.offset, self.most())
            self.layout()

    def kill(self) -> None:
        for widget in self.widgets:
            widget.kill()
        self.widgets = []
        self.rows = []
        self.scrollbar = None


# --- editors ----------------------------------------------------------------------------


class Editor:
    """A widget (or a few) editing one value; ``handle`` says when the player changed it."""

    value: Any

    def handle(self, event: pygame.event.Event) -> bool:
        raise NotImplementedError

    def set_value(self, value: Any) -> None:
        raise NotImplementedError

    def widgets(self) -> list[UIElement]:
        raise NotImplementedError

    def owns(self, element: object) -> bool:
        """Whether ``element`` is one of this editor's widgets."""
        return any(element is widget for widget in self.widgets())


class Toggle(Editor):
    """On or off: one button that says which and flips when pressed."""

    def __init__(self, form: Form, row: Row, x: int, width: int, value: bool, *,
                 on_key: str = "form.on", off_key: str = "form.off",
                 dy: int | None = None) -> None:
        self.keys = (off_key, on_key)
        self.value = bool(value)
        top = (row.height - WIDGET_H) // 2 if dy is None else dy
        self.button = form.add(row, UIButton(pygame.Rect(0, 0, width, WIDGET_H), " ",
                                             form.manager), x, top)
        self._show()

    def _show(self) -> None:
        self.button.change_object_id("#primary" if self.value else None)
        self.button.set_text(**ui_text(self.keys[self.value]))

    def handle(self, event: pygame.event.Event) -> bool:
        if event.type == pygame_gui.UI_BUTTON_PRESSED and event.ui_element is self.button:
            self.set_value(not self.value)
            return True
        return False

    def set_value(self, value: Any) -> None:
        self.value = bool(value)
        self._show()

    def widgets(self) -> list[UIElement]:
        return [self.button]


class Choice(Editor):
    """One of a few codes, chosen from a drop-down of their words."""

    def __init__(self, form: Form, row: Row, x: int, width: int, value: str,
                 options: Sequence[tuple[str, str]], dy: int | None = None) -> None:
        self.options = list(options)
        self.value = value
        self.form, self.row, self.x, self.width = form, row, x, width
        self.top = (row.height - WIDGET_H) // 2 if dy is None else dy
        self.menu = self._menu(value)

    def _menu(self, value: str) -> UIDropDownMenu:
        chosen = next((o for o in self.options if o[1] == value), self.options[0])
        menu = UIDropDownMenu(list(self.options), chosen, pygame.Rect(0, 0, self.width,
                                                                      WIDGET_H),
                              self.form.manager)
        self.form.add(self.row, menu, self.x, self.top)
        return menu

    def handle(self, event: pygame.event.Event) -> bool:
        if event.type == pygame_gui.UI_DROP_DOWN_MENU_CHANGED and event.ui_element is self.menu:
            self.value = self.menu.selected_option[1]
            return True
        return False

    def set_value(self, value: Any) -> None:
        """Show ``value`` chosen: pygame_gui's drop-down has no setter, so it is made again
        in the same place of its row."""
        if value == self.value:
            return
        self.value = value
        old = self.menu
        self.menu = self._menu(value)
        self.row.swap(old, self.menu)  # the new menu was placed last, by _menu
        self.form.widgets.remove(old)
        old.kill()
        self.form.layout()

    def widgets(self) -> list[UIElement]:
        return [self.menu]


class Slider(Editor):
    """A number in a range, by steps; its value is written beside it."""

    def __init__(self, form: Form, row: Row, x: int, width: int, value: float,
                 low: float, high: float, step: float,
                 words: Callable[[float], str]) -> None:
        self.low, self.high, self.step, self.words = low, high, step, words
        self.value = value
        reading = 110
        self.slider = form.add(row, TrackSlider(
            pygame.Rect(0, 0, width - reading - GAP, WIDGET_H - 8), value, (low, high),
            form.manager, click_increment=step), x, (row.height - WIDGET_H) // 2 + 4)
        self.reading = form.add(row, UILabel(pygame.Rect(0, 0, reading, WIDGET_H),
                                             words(value), form.manager),
                                x + width - reading, (row.height - WIDGET_H) // 2)

    def _snapped(self, raw: float) -> float:
        steps = round((raw - self.low) / self.step)
        return round(min(self.high, max(self.low, self.low + steps * self.step)), 6)

    def handle(self, event: pygame.event.Event) -> bool:
        if event.type == pygame_gui.UI_HORIZONTAL_SLIDER_MOVED and \
                event.ui_element is self.slider:
            snapped = self._snapped(self.slider.get_current_value())
            if snapped == self.value:
                return False
            self.value = snapped
            self.reading.set_text(self.words(snapped))
            return True
        return False

    def set_value(self, value: Any) -> None:
        self.value = value
        self.slider.set_current_value(value)
        self.reading.set_text(self.words(value))

    def widgets(self) -> list[UIElement]:
        return [self.slider, self.reading]


class Stepper(Editor):
    """A whole number: typed, or stepped with − and +, kept within its range. A typed
    value that is not a number in range is not taken; ``problem`` says why."""

    def __init__(self, form: Form, row: Row, x: int, width: int, value: int,
                 low: int | None, high: int | None, dy: int | None = None) -> None:
        self.low, self.high = low, high
        self.value = value
        self.problem: str | None = None
        top = (row.height - WIDGET_H) // 2 if dy is None else dy
        small = WIDGET_H
        self.minus = form.add(row, UIButton(pygame.Rect(0, 0, small, WIDGET_H), "−",
                                            form.manager), x, top)
        self.entry = form.add(row, UITextEntryLine(
            pygame.Rect(0, 0, width - 2 * small - 8, WIDGET_H), form.manager,
            initial_text=str(value)), x + small + 4, top)
        self.entry.set_allowed_characters([*"0123456789-"])
        self.entry.set_text_length_limit(7)
        self.plus = form.add(row, UIButton(pygame.Rect(0, 0, small, WIDGET_H), "+",
                                           form.manager), x + width - small, top)

    def _clamped(self, number: int) -> int:
        if self.low is not None:
            number = max(self.low, number)
        if self.high is not None:
            number = min(self.high, number)
        return number

    def handle(self, event: pygame.event.Event) -> bool:
        if event.type == pygame_gui.UI_BUTTON_PRESSED and event.ui_element in (self.minus,
                                                                                self.plus):
            step = 1 if event.ui_element is self.plus else -1
            changed = self._clamped(self.value + step)
            self.set_value(changed)
            return True
        if event.type == pygame_gui.UI_TEXT_ENTRY_CHANGED and event.ui_element is self.entry:
            typed = self.entry.get_text().strip()
            try:
                number = int(typed)
            except ValueError:
                number = None
            if number is None or number != self._clamped(number):
                self.problem = tr("form.whole_number", low=self.low, high=self.high) \
                    if self.high is not None else tr("form.whole_number_from", low=self.low)
                return True
            self.problem = None
            self.value = number
            return True
        return False

    def set_value(self, value: Any) -> None:
        self.value = value
        self.problem = None
        self.entry.set_text(str(value))

    def widgets(self) -> list[UIElement]:
        return [self.minus, self.entry, self.plus]


class TextLine(Editor):
    """A short text (a name); taken as typed, judged by whoever holds the value. What
    it cannot hold (past ``limit``, a sign the fonts cannot draw) is refused as typed,
    ``problem`` saying why until the next change."""

    def __init__(self, form: Form, row: Row, x: int, width: int, value: str,
                 limit: int, dy: int | None = None) -> None:
        self.value = value
        self.problem: Said | None = None
        top = (row.height - WIDGET_H) // 2 if dy is None else dy
        self.entry = form.add(row, NameEntry(pygame.Rect(0, 0, width, WIDGET_H),
                                             form.manager, initial_text=value, limit=limit,
                                             on_refused=self._refused), x, top)

    def _refused(self, why: Said) -> None:
        self.problem = why

    def handle(self, event: pygame.event.Event) -> bool:
        if event.type == pygame_gui.UI_TEXT_ENTRY_CHANGED and event.ui_element is self.entry:
            self.value = self.entry.get_text()
            self.problem = None
            return True
        return self.problem is not None and event.type == pygame.TEXTINPUT

    def set_value(self, value: Any) -> None:
        self.value = value
        self.entry.set_text(value)

    def widgets(self) -> list[UIElement]:
        return [self.entry]


def problem_label(form: Form, row: Row, x: int, width: int) -> UILabel:
    """A line under a row's editor where what is wrong with its value is said."""
    return form.add(row, FittedLabel(pygame.Rect(0, 0, width, HELP_H), " ", form.manager,
                                 object_id="#problem"), x, row.height - HELP_H)


def text_width(words: str, size: int = 19) -> int:
    """How wide ``words`` are in the theme's bold button font at ``size`` pixels."""
    return font(size, True).size(words)[0]


def fit_clauses(words: str, width: int, size: int, bold: bool = False,
                joint: str = " · ") -> str:
    """``words`` cut after as many ``joint``-separated clauses as fit ``width`` pixels,
    with "…" when some are left out (a long list of house rules on one line)."""
    face = font(size, bold)
    if face.size(words)[0] <= width:
        return words
    clauses = words.split(joint)
    for keep in range(len(clauses) - 1, 0, -1):
        cut = joint.join(clauses[:keep]) + " …"
        if face.size(cut)[0] <= width:
            return cut
    return clauses[0]


def button_width(words: str, minimum: int, size: int = 19) -> int:
    """A button wide enough for ``words`` (in any language), and never narrower than
    ``minimum``."""
    return max(minimum, text_width(words, size) + 2 * BUTTON_PAD)


class Tabs:
    """A row of buttons, one per page of a form; the open one is highlighted. Each is as
    wide as its words need, the row's spare room shared out, so no language is cut."""

    def __init__(self, manager: pygame_gui.UIManager, rect: pygame.Rect,
                 pages: Sequence[tuple[str, str]], current: str,
                 on_pick: Callable[[str], None]) -> None:
        """``pages`` are (code, catalog key) pairs, in order."""
        self.on_pick = on_pick
        self.buttons: dict[str, UIButton] = {}
        gap = 6
        natural = [text_width(tr(key), TAB_FONT) + 2 * BUTTON_PAD for _, key in pages]
        spare = rect.width - gap * (len(pages) - 1) - sum(natural)
        widths = [w + spare // len(pages) for w in natural]
        x = rect.left
        for (code, key), width in zip(pages, widths, strict=True):
            place = pygame.Rect(x, rect.top, width, rect.height)
            self.buttons[code] = UIButton(place, **ui_text(key), manager=manager,
                                          object_id="#tab_open" if code == current
                                          else "#tab")
            x += width + gap

    def handle(self, event: pygame.event.Event) -> bool:
        if event.type != pygame_gui.UI_BUTTON_PRESSED:
            return False
        for code, button in self.buttons.items():
            if event.ui_element is button:
                self.on_pick(code)
                return True
        return False

    def widgets(self) -> list[UIElement]:
        return list(self.buttons.values())

"""The one form builder: the rows of a form, made from the fields' own descriptions
(:class:`~kalooki.engine.facts.fields.FieldSpec`), for the settings screen and the house-rules
editor alike. The widget follows the field's kind (a number with a ``step`` is a slider,
without one a stepper), its range and choices come from the description, its words from
the catalog keys the description makes. A new field appears with no new code here,
unless it is of a new kind; a screen with kinds of its own (the rules' deal table) hands
their editors in.

Each :class:`FieldEditor` edits one or more fields and answers an event with the
changes it made (or None; ``{}`` when what was typed is not a value yet).
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass
from typing import Any

import pygame
from pygame_gui.elements import UILabel

from kalooki.engine.facts.fields import FieldSpec, Kind, Shown
from kalooki.ui.widgets.form import (
    GAP,
    ROW_H,
    WIDGET_H,
    Choice,
    Editor,
    Form,
    Row,
    Slider,
    Stepper,
    TextLine,
    Toggle,
    button_width,
    problem_label,
)
from kalooki.words import language_name, languages, tr, ui_text
from kalooki.words.formats import decimal, plain_number, seat_name

Changes = dict[str, Any]
SMALL_W = 150
"""The width of a small switch."""


@dataclass(frozen=True)
class RowStyle:
    """How one screen's rows are sized. ``problem_line``: what is wrong with a value is
    said on a line under its editor (a text's, a list's), never in place of the field's
    explanation (as it is without)."""

    row_h: int = ROW_H
    toggle_w: int = 200
    stepper_w: int = 220
    problem_line: bool = False


class FieldEditor:
    """Edits ``fields``; its row's explanation (or its problem line) turns into the
    problem when one is blamed on a field it edits."""

    fields: tuple[str, ...] = ()
    help_label: UILabel | None = None
    help_key: str | None = None
    problem_label: UILabel | None = None

    def handle(self, event: pygame.event.Event) -> Changes | None:
        raise NotImplementedError

    def local_problem(self) -> str | None:
        """What is wrong with what the player typed, before it reaches the record."""
        return None

    def show_problem(self, sentence: str | None) -> None:
        if self.problem_label is not None:
            self.problem_label.set_text(sentence or " ")
            return
        label = self.help_label
        if label is None:
            return
        if sentence:
            label.change_object_id("#problem")
            label.set_text(sentence)
        else:
            label.change_object_id("#help")
            label.set_text(**ui_text(self.help_key or ""))

    def editors(self) -> list[Editor]:
        return []

    def follow(self, record: Any) -> None:
        """The record has changed: a row whose words depend on other fields than its
        own says them anew (most rows show only their own values)."""


def labelled(form: Form, spec: FieldSpec, style: RowStyle) -> Row:
    """The row of one field: its label and explanation on the left, editors right."""
    return form.labelled(spec.label_key, spec.help_key, style.row_h)


def help_of(row: Row) -> UILabel | None:
    """The explanation of a :func:`labelled` row."""
    labels = [w for w, _, _ in row.widgets if isinstance(w, UILabel)]
    return labels[1] if len(labels) > 1 else None


def reading(spec: FieldSpec, value: float) -> str:
    """A slider's value as the player reads it."""
    if spec.shown is Shown.SECONDS:
        return tr("form.seconds", value=plain_number(value))
    if spec.shown is Shown.PERCENT:
        return tr("form.percent", value=round(value * 100))
    if spec.shown is Shown.TIMES:
        return tr("form.times", value=decimal(value, 2))
    return plain_number(value)


def editor_for(form: Form, spec: FieldSpec, row: Row, x: int, width: int, value: Any,
               style: RowStyle, dy: int | None = None) -> Editor:
    """The one widget of a single value: a toggle, a drop-down, a text line, a slider
    (a number with a step) or a stepper."""
    kind = spec.kind
    if kind is Kind.BOOL:
        return Toggle(form, row, x, min(width, style.toggle_w), value, dy=dy)
    if kind is Kind.CHOICE:
        options = [(tr(spec.choice_key(code)), str(code)) for code in spec.choices]
        return Choice(form, row, x, width, str(value), options, dy=dy)
    if kind is Kind.LANGUAGE:
        options = [(language_name(code), code) for code in languages()]
        return Choice(form, row, x, width, value, options, dy=dy)
    if kind is Kind.TEXT:
        shown = seat_name(value) if spec.shown is Shown.NAME else value
        return TextLine(form, row, x, width, shown, spec.maximum or 40, dy)
    if spec.step is not None and spec.low is not None and spec.high is not None:
        return Slider(form, row, x, width, value, spec.low, spec.high, spec.step,
                      lambda number: reading(spec, number))
    return Stepper(form, row, x, min(width, style.stepper_w), value, spec.minimum,
                   spec.maximum, dy)


class SingleField(FieldEditor):
    """One field, one editor (toggle, drop-down, text, slider or stepper)."""

    def __init__(self, form: Form, spec: FieldSpec, value: Any, style: RowStyle) -> None:
        self.fields = (spec.name,)
        self.help_key = spec.help_key
        row = labelled(form, spec, style)
        self.help_label = None if style.problem_line else help_of(row)
        x, width = form.editor_x, form.editor_width
        self.editor = editor_for(form, spec, row, x, width, value, style)
        if spec.kind is Kind.TEXT and style.problem_line:
            self.problem_label = problem_label(form, row, x, width)

    def handle(self, event: pygame.event.Event) -> Changes | None:
        if not self.editor.handle(event):
            return None
        if isinstance(self.editor, Stepper | TextLine) and self.editor.problem is not None:
            self.show_problem(str(self.editor.problem))
            return {}
        return {self.fields[0]: self.editor.value}

    def local_problem(self) -> str | None:
        return self.editor.problem if isinstance(self.editor, Stepper) else None

    def editors(self) -> list[Editor]:
        return [self.editor]


class OptionalNumber(FieldEditor):
    """A number or none ("No limit", "Contracts instead"): a switch and a number; the
    switch says ``<words>.<name>.some`` and ``.none``."""

    def __init__(self, form: Form, spec: FieldSpec, value: int | None, fallback: int,
                 style: RowStyle) -> None:
        self.fields = (spec.name,)
        self.help_key = spec.help_key
        self.fallback = value if value is not None else fallback
        row = labelled(form, spec, style)
        self.help_label = None if style.problem_line else help_of(row)
        on_key, off_key = spec.key("some"), spec.key("none")
        # as wide as its words in this language need ("Contrats à la place" was cut),
        # leaving the number its room when there is one
        room = form.editor_width - (style.stepper_w + GAP if value is not None else 0)
        width = min(button_width(tr(on_key if value is not None else off_key), SMALL_W + 30),
                    room)
        self.switch = Toggle(form, row, form.editor_x, width, value is not None,
                             on_key=on_key, off_key=off_key)
        self.number: Stepper | None = None
        if value is not None:
            self.number = Stepper(form, row, form.editor_x + width + GAP,
                                  style.stepper_w, value, spec.minimum, spec.maximum)

    def handle(self, event: pygame.event.Event) -> Changes | None:
        if self.switch.handle(event):
            return {self.fields[0]: self.fallback if self.switch.value else None}
        if self.number is not None and self.number.handle(event):
            if self.number.problem is not None:
                self.show_problem(self.number.problem)
                return {}
            return {self.fields[0]: self.number.value}
        return None

    def local_problem(self) -> str | None:
        return None if self.number is None else self.number.problem

    def editors(self) -> list[Editor]:
        return [self.switch, *([self.number] if self.number else [])]


class ChoiceSet(FieldEditor):
    """Any of a few choices: a switch per choice under the field's label."""

    def __init__(self, form: Form, spec: FieldSpec, value: Sequence[str],
                 style: RowStyle) -> None:
        self.fields = (spec.name,)
        self.help_key = spec.help_key
        row = labelled(form, spec, style)
        self.help_label = None if style.problem_line else help_of(row)
        self.order = list(spec.choices)
        self.switches: dict[str, Toggle] = {}
        for code in spec.choices:
            row = form.row(WIDGET_H + 8)
            form.add(row, UILabel(pygame.Rect(0, 0, form.label_width - 24, WIDGET_H),
                                  **ui_text(spec.choice_key(code)), manager=form.manager),
                     24, 4)
            self.switches[code] = Toggle(form, row, form.editor_x, style.toggle_w,
                                         code in value, dy=4)

    def handle(self, event: pygame.event.Event) -> Changes | None:
        if not any(switch.handle(event) for switch in self.switches.values()):
            return None
        return {self.fields[0]: tuple(code for code in self.order
                                      if self.switches[code].value)}

    def editors(self) -> list[Editor]:
        return list(self.switches.values())


class ListColumns(FieldEditor):
    """List fields side by side, a row per item ("Opponent 2"), a heading per field; the
    rows are as many as the longest list may hold (an item not in a list shows the
    default's)."""

    def __init__(self, form: Form, specs: Sequence[FieldSpec], record: object,
                 style: RowStyle) -> None:
        self.fields = tuple(spec.name for spec in specs)
        length = int(max(spec.high or 0 for spec in specs))
        heads = form.row(30)
        width = (form.editor_width - GAP * (len(specs) - 1)) // len(specs)
        for index, spec in enumerate(specs):
            form.add(heads, UILabel(pygame.Rect(0, 0, width, 26), **ui_text(spec.label_key),
                                    manager=form.manager, object_id="#column_heading"),
                     form.editor_x + index * (width + GAP), 2)
        defaults = type(record)()
        self.columns: dict[str, list[Editor]] = {spec.name: [] for spec in specs}
        for item in range(length):
            row = form.labelled(specs[0].row_key, None, number=item + 1)
            for index, spec in enumerate(specs):
                values = getattr(record, spec.name)
                value = values[item] if item < len(values) \
                    else getattr(defaults, spec.name)[item]
                self.columns[spec.name].append(editor_for(
                    form, spec.item, row, form.editor_x + index * (width + GAP), width,
                    value, style, dy=(row.height - WIDGET_H) // 2))
        note = form.row(ROW_H // 2)
        self.problems = {spec.name: problem_label(form, note, form.editor_x, form.editor_width)
                         for spec in specs}
        self.changed = self.fields[0]

    def handle(self, event: pygame.event.Event) -> Changes | None:
        for name, column in self.columns.items():
            if any(editor.handle(event) for editor in column):
                self.changed = name
                return {name: tuple(editor.value for editor in column)}
        return None

    def show_problem(self, sentence: str | None) -> None:
        self.problems[self.changed].set_text(sentence or " ")

    def editors(self) -> list[Editor]:
        return [editor for column in self.columns.values() for editor in column]


Made = Callable[[Form, FieldSpec], FieldEditor]
"""An editor of a kind one screen has alone, made by that screen."""


def field_rows(form: Form, specs: Sequence[FieldSpec], record: object, style: RowStyle,
               made: Mapping[Kind, Made] | None = None,
               fallback: Callable[[FieldSpec], int] | None = None) -> list[FieldEditor]:
    """The rows editing ``specs`` of ``record``, in their order; list fields together in
    columns after the others. ``made`` makes the editors of kinds a screen has alone (an
    editor may cover more than one field); ``fallback`` is the number an optional field
    takes when it is switched on (else its least)."""
    rows: list[FieldEditor] = []
    covered: set[str] = set()
    lists = [spec for spec in specs if spec.kind is Kind.LIST]
    for spec in specs:
        if spec.name in covered or spec.kind is Kind.LIST:
            continue
        value = getattr(record, spec.name)
        editor: FieldEditor
        if made is not None and spec.kind in made:
            editor = made[spec.kind](form, spec)
        elif spec.kind is Kind.OPTIONAL_INT:
            least = fallback(spec) if fallback is not None else spec.minimum or 0
            editor = OptionalNumber(form, spec, value, least, style)
        elif spec.kind is Kind.CHOICE_SET:
            editor = ChoiceSet(form, spec, value, style)
        else:
            editor = SingleField(form, spec, value, style)
        covered |= set(editor.fields)
        rows.append(editor)
    if lists:
        rows.append(ListColumns(form, lists, record, style))
    return rows

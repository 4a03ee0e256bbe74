"""The house-rules editor's rows, made from the rule-set field descriptions
(:mod:`kalooki.engine.rule_fields`): the widget follows the field's kind, its range and
choices come from the description, its words from ``rules.field.<name>.*``. A new field
appears with no new code here, unless it is of a new kind.

Each :class:`FieldEditor` edits one or more fields and answers an event with the
changes it made (or None). Per-deal hand sizes and contracts are one table; so are the
bigger tables' decks.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

import pygame
import pygame_gui
from pygame_gui.elements import UIButton, UILabel

from kalooki.engine.rule_fields import GROUP, RUN, SPECS, FieldSpec, Kind, Section, fields_in
from kalooki.engine.rules import CARIBBEAN_CONTRACTS, PRESETS, RuleSet
from kalooki.ui.widgets.form import (
    GAP,
    WIDGET_H,
    Choice,
    Editor,
    Form,
    Row,
    Stepper,
    TextLine,
    Toggle,
)
from kalooki.words import tr, ui_text

RULE_ROW_H = 66
STEPPER_W = 190
_TABLE_ROW_H = 48
_SMALL_W = 150

Changes = dict[str, Any]


def shape(value: Any) -> object:
    """What decides a field's rows: whether it is set, and how many entries it has. A
    change of shape makes the form again; a change of value keeps it (and the focus)."""
    if value is None:
        return None
    return len(value) if isinstance(value, tuple) else True


class FieldEditor:
    """Edits ``fields``; its row's explanation turns into the problem when one is blamed
    on a field it edits."""

    fields: tuple[str, ...] = ()
    help_label: UILabel | None = None
    help_key: str | None = None

    def handle(self, event: pygame.event.Event) -> Changes | None:
        raise NotImplementedError

    def local_problem(self) -> str | None:
        """What is wrong with what the player typed, before it reaches the rules."""
        return None

    def show_problem(self, sentence: str | None) -> None:
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


def _labelled(form: Form, spec: FieldSpec) -> Row:
    return form.labelled(spec.label_key, spec.help_key, RULE_ROW_H)


def _help_of(row: Row) -> UILabel | None:
    labels = [w for w, _, _ in row.widgets if isinstance(w, UILabel)]
    return labels[1] if len(labels) > 1 else None


class SingleField(FieldEditor):
    """One field, one editor (toggle, drop-down, number or text)."""

    def __init__(self, form: Form, spec: FieldSpec, value: Any) -> None:
        self.fields = (spec.name,)
        self.help_key = spec.help_key
        row = _labelled(form, spec)
        self.help_label = _help_of(row)
        x, width, dy = form.editor_x, form.editor_width, (RULE_ROW_H - WIDGET_H) // 2
        self.editor: Editor
        if spec.kind is Kind.BOOL:
            self.editor = Toggle(form, row, x, _SMALL_W + 40, value, dy=dy)
        elif spec.kind is Kind.CHOICE:
            options = [(tr(spec.choice_key(code)), code) for code in spec.choices]
            self.editor = Choice(form, row, x, width, str(value), options, dy=dy)
        elif spec.kind is Kind.TEXT:
            self.editor = TextLine(form, row, x, width, value, spec.maximum or 40, dy)
        else:
            self.editor = Stepper(form, row, x, STEPPER_W, value, spec.minimum, spec.maximum,
                                  dy)

    def handle(self, event: pygame.event.Event) -> Changes | None:
        if not self.editor.handle(event):
            return None
        if isinstance(self.editor, Stepper) and self.editor.problem is not None:
            self.show_problem(self.editor.problem)
            return {}
        return {self.fields[0]: self.editor.value}

    def local_problem(self) -> str | None:
        return self.editor.problem if isinstance(self.editor, Stepper) else None

    def editors(self) -> list[Editor]:
        return [self.editor]


class OptionalNumber(FieldEditor):
    """A number or none ("No limit", "Contracts instead"): a switch and a number."""

    def __init__(self, form: Form, spec: FieldSpec, value: int | None, fallback: int) -> None:
        self.fields = (spec.name,)
        self.help_key = spec.help_key
        self.fallback = value if value is not None else fallback
        row = _labelled(form, spec)
        self.help_label = _help_of(row)
        dy = (RULE_ROW_H - WIDGET_H) // 2
        self.switch = Toggle(form, row, form.editor_x, _SMALL_W + 30, value is not None,
                             on_key=f"rules.field.{spec.name}.some",
                             off_key=f"rules.field.{spec.name}.none", dy=dy)
        self.number: Stepper | None = None
        if value is not None:
            self.number = Stepper(form, row, form.editor_x + _SMALL_W + 30 + GAP, STEPPER_W,
                                  value, spec.minimum, spec.maximum, dy)

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

    def __init__(self, form: Form, spec: FieldSpec, value: Sequence[str]) -> None:
        self.fields = (spec.name,)
        self.help_key = spec.help_key
        self.help_label = _help_of(form.labelled(spec.label_key, spec.help_key, RULE_ROW_H))
        self.order = list(spec.choices)
        self.switches: dict[str, Toggle] = {}
        for code in spec.choices:
            row = form.row(WIDGET_H + 8)
            form.add(row, UILabel(pygame.Rect(0, 0, form.label_width - 24, WIDGET_H),
                                  **ui_text(spec.choice_key(code)), manager=form.manager),
                     24, 4)
            self.switches[code] = Toggle(form, row, form.editor_x, _SMALL_W + 40,
                                         code in value, dy=4)

    def handle(self, event: pygame.event.Event) -> Changes | None:
        if not any(switch.handle(event) for switch in self.switches.values()):
            return None
        return {self.fields[0]: tuple(code for code in self.order
                                      if self.switches[code].value)}

    def editors(self) -> list[Editor]:
        return list(self.switches.values())


def _contract(groups: int, runs: int) -> tuple[int, ...]:
    return (GROUP,) * groups + (RUN,) * runs


class DealTable(FieldEditor):
    """Hand sizes and contracts, deal by deal: cards, groups and runs per deal; add or
    remove deals; switch contracts off for an opening game."""

    def __init__(self, form: Form, rules: RuleSet) -> None:
        hands, contracts = SPECS["hand_sizes"], SPECS["contracts"]
        self.fields = ("hand_sizes", "contracts")
        self.sizes = list(rules.hand_sizes)
        self.contracts = None if rules.contracts is None else list(rules.contracts)
        deals = max(len(self.sizes), len(self.contracts or ()), 1)
        self.sizes += [self.sizes[-1]] * (deals - len(self.sizes))
        if self.contracts is not None:
            self.contracts += [self.contracts[-1]] * (deals - len(self.contracts))
        self.help_key = hands.help_key
        self.help_label = _help_of(form.labelled(hands.label_key, hands.help_key, RULE_ROW_H))
        switch_row = form.labelled(contracts.label_key, contracts.help_key, RULE_ROW_H)
        self.contract_help = _help_of(switch_row)
        self.switch = Toggle(form, switch_row, form.editor_x, _SMALL_W + 40,
                             self.contracts is not None, dy=(RULE_ROW_H - WIDGET_H) // 2)
        columns = ["cards"] + (["groups", "runs"] if self.contracts is not None else [])
        width = (form.editor_width + form.label_width // 2) // 3 - GAP
        left = form.width - 3 * (width + GAP)
        heads = form.row(28)
        for index, column in enumerate(columns):
            form.add(heads, UILabel(pygame.Rect(0, 0, width, 24),
                                    **ui_text(f"house_rules.column.{column}"),
                                    manager=form.manager, object_id="#column_heading"),
                     left + index * (width + GAP) + 4, 2)
        self.cells: list[list[Stepper]] = []
        high = contracts.maximum or 8
        for deal in range(deals):
            key = "house_rules.last_deal_row" if deal == deals - 1 else "house_rules.deal_row"
            row = form.row(_TABLE_ROW_H)
            form.add(row, UILabel(pygame.Rect(0, 0, left - GAP, WIDGET_H),
                                  **ui_text(key, deal=deal + 1), manager=form.manager), 0, 4)
            cells = [Stepper(form, row, left, width, self.sizes[deal], hands.minimum,
                             hands.maximum, 4)]
            if self.contracts is not None:
                contract = self.contracts[deal]
                for index, count in enumerate((contract.count(GROUP), contract.count(RUN))):
                    cells.append(Stepper(form, row, left + (index + 1) * (width + GAP), width,
                                         count, 0, high, 4))
            self.cells.append(cells)
        buttons = form.row(_TABLE_ROW_H)
        self.add_button = form.add(buttons, UIButton(
            pygame.Rect(0, 0, width + 40, WIDGET_H), **ui_text("house_rules.add_deal"),
            manager=form.manager), left, 4)
        self.remove_button = form.add(buttons, UIButton(
            pygame.Rect(0, 0, 2 * width - 40 + GAP, WIDGET_H),
            **ui_text("house_rules.remove_deal"), manager=form.manager),
            left + width + 40 + GAP, 4)
        if deals <= 1:
            self.remove_button.disable()

    def _values(self) -> Changes:
        sizes = tuple(cells[0].value for cells in self.cells)
        if self.contracts is None:
            return {"hand_sizes": sizes, "contracts": None}
        return {"hand_sizes": sizes,
                "contracts": tuple(_contract(cells[1].value, cells[2].value)
                                   for cells in self.cells)}

    def handle(self, event: pygame.event.Event) -> Changes | None:
        if self.switch.handle(event):
            if not self.switch.value:
                return {"contracts": None}
            deals = len(self.cells)
            fill = [CARIBBEAN_CONTRACTS[min(d, len(CARIBBEAN_CONTRACTS) - 1)]
                    for d in range(deals)]
            return {"contracts": tuple(fill)}
        if event.type == pygame_gui.UI_BUTTON_PRESSED and event.ui_element is self.add_button:
            values = self._values()
            changes: Changes = {"hand_sizes": (*values["hand_sizes"], values["hand_sizes"][-1])}
            if values["contracts"] is not None:
                changes["contracts"] = (*values["contracts"], values["contracts"][-1])
            return changes
        if event.type == pygame_gui.UI_BUTTON_PRESSED and \
                event.ui_element is self.remove_button and len(self.cells) > 1:
            values = self._values()
            changes = {"hand_sizes": values["hand_sizes"][:-1]}
            if values["contracts"] is not None:
                changes["contracts"] = values["contracts"][:-1]
            return changes
        for cells in self.cells:
            for column, cell in enumerate(cells):
                if cell.handle(event):
                    if cell.problem is not None:
                        self.show_problem(cell.problem)
                        return {}
                    field = "hand_sizes" if column == 0 else "contracts"
                    return {field: self._values()[field]}
        return None

    def local_problem(self) -> str | None:
        return next((cell.problem for cells in self.cells for cell in cells
                     if cell.problem is not None), None)

    def editors(self) -> list[Editor]:
        return [self.switch, *(cell for cells in self.cells for cell in cells)]


class BiggerTables(FieldEditor):
    """From so many players, so many packs and jokers: a row per threshold."""

    def __init__(self, form: Form, spec: FieldSpec, value: Sequence[tuple[int, int, int]]
                 ) -> None:
        self.fields = (spec.name,)
        self.help_key = spec.help_key
        self.help_label = _help_of(_labelled(form, spec))
        self.entries = [tuple(entry) for entry in value]
        width = (form.editor_width + form.label_width // 2) // 4 - GAP
        left = form.width - 4 * (width + GAP)
        ranges = [(SPECS["players_max"].minimum, SPECS["players_max"].maximum),
                  (SPECS["packs"].minimum, SPECS["packs"].maximum),
                  (SPECS["jokers"].minimum, SPECS["jokers"].maximum)]
        if self.entries:
            heads = form.row(28)
            for index, column in enumerate(("players", "packs", "jokers")):
                form.add(heads, UILabel(pygame.Rect(0, 0, width, 24),
                                        **ui_text(f"house_rules.column.{column}"),
                                        manager=form.manager, object_id="#column_heading"),
                         left + index * (width + GAP) + 4, 2)
        self.cells: list[list[Stepper]] = []
        self.removers: list[UIButton] = []
        for entry in self.entries:
            row = form.row(_TABLE_ROW_H)
            self.cells.append([Stepper(form, row, left + index * (width + GAP), width, number,
                                       low, high, 4)
                               for index, (number, (low, high)) in enumerate(zip(entry, ranges,
                                                                                 strict=True))])
            self.removers.append(form.add(row, UIButton(
                pygame.Rect(0, 0, width, WIDGET_H), **ui_text("house_rules.remove"),
                manager=form.manager), left + 3 * (width + GAP), 4))
        buttons = form.row(_TABLE_ROW_H)
        self.add_button = form.add(buttons, UIButton(
            pygame.Rect(0, 0, 2 * width + GAP, WIDGET_H), **ui_text("house_rules.add_table"),
            manager=form.manager), left, 4)
        if spec.max_items is not None and len(self.entries) >= spec.max_items:
            self.add_button.disable()

    def _values(self) -> tuple[tuple[int, ...], ...]:
        return tuple(tuple(cell.value for cell in cells) for cells in self.cells)

    def handle(self, event: pygame.event.Event) -> Changes | None:
        name = self.fields[0]
        if event.type == pygame_gui.UI_BUTTON_PRESSED:
            if event.ui_element is self.add_button:
                last = self.entries[-1] if self.entries else (6, 3, 6)
                more = (min(last[0] + 1, SPECS["players_max"].maximum or 8), *last[1:])
                return {name: (*self._values(), more)}
            for index, remover in enumerate(self.removers):
                if event.ui_element is remover:
                    values = list(self._values())
                    del values[index]
                    return {name: tuple(values)}
        for cells in self.cells:
            for cell in cells:
                if cell.handle(event):
                    if cell.problem is not None:
                        self.show_problem(cell.problem)
                        return {}
                    return {name: self._values()}
        return None

    def local_problem(self) -> str | None:
        return next((cell.problem for cells in self.cells for cell in cells
                     if cell.problem is not None), None)

    def editors(self) -> list[Editor]:
        return [cell for cells in self.cells for cell in cells]


def _fallback(spec: FieldSpec, base: RuleSet) -> int:
    """The number an optional field takes when switched on: its base preset's, else the
    first built-in preset's that has one, else the smallest it may be."""
    for rules in (base, *PRESETS.values()):
        value = getattr(rules, spec.name)
        if value is not None:
            return int(value)
    return spec.minimum or 0


def section_editors(form: Form, section: Section, rules: RuleSet, base: RuleSet
                    ) -> list[FieldEditor]:
    """The rows of one section of the editor, in the rule set's order."""
    made: list[FieldEditor] = []
    covered: set[str] = set()
    for spec in fields_in(section):
        if spec.name in covered:
            continue
        value = getattr(rules, spec.name)
        editor: FieldEditor
        if spec.kind in (Kind.HAND_SIZES, Kind.CONTRACTS):
            editor = DealTable(form, rules)
        elif spec.kind is Kind.OPTIONAL_INT:
            editor = OptionalNumber(form, spec, value, _fallback(spec, base))
        elif spec.kind is Kind.CHOICE_SET:
            editor = ChoiceSet(form, spec, value)
        elif spec.kind is Kind.PACKS_BY_PLAYERS:
            editor = BiggerTables(form, spec, value)
        else:
            editor = SingleField(form, spec, value)
        covered |= set(editor.fields)
        made.append(editor)
    return made


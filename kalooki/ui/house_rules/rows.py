"""The house-rules editor's rows: the one form builder
(:mod:`kalooki.ui.widgets.field_rows`) over the rule-set fields' own descriptions
(:class:`~kalooki.engine.rules.RuleSet`), with the rules' row sizes and the two editors
only rules have: per-deal hand sizes and contracts are one table, and so are the bigger
tables' decks. A new field appears with no new code here, unless it is of a new kind.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

import pygame
import pygame_gui
from pygame_gui.elements import UIButton, UILabel

from kalooki.engine.facts.fields import FieldSpec, Kind
from kalooki.engine.rules import CARIBBEAN_CONTRACTS, PRESETS, SPECS, RuleSet, fields_in
from kalooki.engine.rules.choices import MatchEnd
from kalooki.engine.rules.fields import GROUP, RUN, Section
from kalooki.ui.widgets.field_rows import (
    Changes,
    FieldEditor,
    RowStyle,
    field_rows,
    help_of,
    labelled,
)
from kalooki.ui.widgets.form import GAP, WIDGET_H, Editor, Form, Stepper, Toggle
from kalooki.words import ui_text

RULE_ROW_H = 66
STYLE = RowStyle(row_h=RULE_ROW_H, toggle_w=190, stepper_w=190)
"""The rules' rows: a little taller than the settings', with narrower editors."""
_TABLE_ROW_H = 48


def shape(value: Any) -> object:
    """What decides a field's rows: whether it is set, and how many entries it has. A
    change of shape makes the form again; a change of value keeps it (and the focus)."""
    if value is None:
        return None
    return len(value) if isinstance(value, tuple) else True


def _contract(groups: int, runs: int) -> tuple[int, ...]:
    return (GROUP,) * groups + (RUN,) * runs


def deal_row_key(rules: RuleSet, deal: int, rows: int) -> str:
    """The catalog key naming row ``deal`` of a schedule of ``rows`` rows."""
    reach = len(rules.reachable_deals())
    if deal > reach:
        return "house_rules.unplayed_deal_row"
    later = rules.match_end == MatchEnd.ELIMINATION or reach > rows
    return "house_rules.last_deal_row" if deal == rows and later else "house_rules.deal_row"


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
        self.help_label = help_of(labelled(form, hands, STYLE))
        switch_row = labelled(form, contracts, STYLE)
        self.contract_help = help_of(switch_row)
        self.switch = Toggle(form, switch_row, form.editor_x, STYLE.toggle_w,
                             self.contracts is not None)
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
        self.row_labels: list[UILabel] = []
        """Each deal's name (:func:`deal_row_key`); a longer match, fixed or played to
        elimination, deals the last row again (:meth:`RuleSet.contract`)."""
        high = contracts.maximum or 8
        for deal in range(deals):
            row = form.row(_TABLE_ROW_H)
            self.row_labels.append(form.add(row, UILabel(
                pygame.Rect(0, 0, left - GAP, WIDGET_H), " ", manager=form.manager), 0, 4))
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
        self.follow(rules)

    def follow(self, record: Any) -> None:
        """Each row's name by what the match makes of it: rows a fixed match never reaches
        say so, and the last row is "deal N and after" only when later deals play it."""
        for deal, label in enumerate(self.row_labels, start=1):
            label.set_text(**ui_text(deal_row_key(record, deal, len(self.row_labels)),
                                     deal=deal))

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
        self.help_label = help_of(labelled(form, spec, STYLE))
        self.entries = [tuple(entry) for entry in value]
        width = (form.editor_width + form.label_width // 2) // 4 - GAP
        left = form.width - 4 * (width + GAP)
        ranges = [(part.minimum, part.maximum) for part in spec.items]
        self.most_players = spec.items[0].maximum or 8
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
                more = (min(last[0] + 1, self.most_players), *last[1:])
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
    def deals(form: Form, spec: FieldSpec) -> FieldEditor:
        return DealTable(form, rules)

    def tables(form: Form, spec: FieldSpec) -> FieldEditor:
        return BiggerTables(form, spec, rules.packs_by_players)

    made = {Kind.HAND_SIZES: deals, Kind.CONTRACTS: deals, Kind.PACKS_BY_PLAYERS: tables}
    return field_rows(form, fields_in(section), rules, STYLE, made,
                      lambda spec: _fallback(spec, base))

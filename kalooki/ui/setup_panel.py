"""The quick new-game panel of the main menu: rules preset (by its readable name, with a
one-line summary), number of players (as many as that preset allows), and each opponent's
level and name. It only gathers a ``GameSetup``; starting the game is the caller's
business."""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass

import pygame
import pygame_gui
from pygame_gui.elements import (
    UIButton,
    UIDropDownMenu,
    UILabel,
    UIPanel,
    UITextEntryLine,
)

from kalooki.ai.levels import DEFAULT_LEVEL, OPPONENT_LEVELS
from kalooki.engine.rule_fields import MAX_PLAYERS
from kalooki.engine.rules import PRESETS, RuleSet
from kalooki.ui.form import fit_clauses
from kalooki.words import tr, ui_text
from kalooki.words.house_rules import offered_title, summary
from kalooki.words.presets import preset_summary

ALL_PRESETS = tuple(PRESETS)
"""Every preset the engine knows, offered in its order."""
MIN_PLAYERS = 2
DEFAULT_NAMES = ("Marcia", "Delroy", "Winston", "Beverley", "Errol", "Precious", "Lloyd")
HouseRules = Mapping[str, tuple[RuleSet, RuleSet]]
"""Custom presets the panel offers: name -> (its rules, the built-in preset they change)."""
NAME_LIMIT = 16

PANEL_WIDTH = 640
_PAD = 28
_HEADING = 56
_ROW = 40
_GAP = 10
_COLUMNS = 26
_OPPONENT_ROW = 48
_TIGHT_ROW = 42
"""The opponent rows' height when seven opponents must fit the smallest window."""
_BEFORE_BUTTONS = 14
_LABEL_W, _LEVEL_W = 150, 170
_SUMMARY = 30
_SUMMARY_FONT = 14
"""The theme's ``#column_heading`` size, which the summary line is drawn in."""
_BUTTON_W, _BUTTON_H = 170, 50


@dataclass(frozen=True)
class GameSetup:
    """What the player chose; ``levels`` and ``names`` list the opponents in seat order."""

    preset: str
    players: int
    levels: tuple[str, ...]
    names: tuple[str, ...]


def default_setup(presets: Sequence[str]) -> GameSetup:
    opponents = MAX_PLAYERS - 1
    return GameSetup(presets[0], 4, (DEFAULT_LEVEL,) * opponents, DEFAULT_NAMES[:opponents])


def _fixed_height() -> int:
    return (2 * _PAD + _HEADING + 2 * (_ROW + _GAP) + _SUMMARY + _COLUMNS + _BEFORE_BUTTONS
            + _BUTTON_H)


def opponent_row(window_height: int) -> int:
    """Opponent rows as tall as the window lets all seven be, between tight and roomy."""
    room = (window_height - 24 - _fixed_height()) // (MAX_PLAYERS - 1)
    return max(_TIGHT_ROW, min(_OPPONENT_ROW, room))


def panel_height(window_height: int = 1080) -> int:
    return _fixed_height() + (MAX_PLAYERS - 1) * opponent_row(window_height)


def player_counts(rules: RuleSet) -> list[int]:
    """Every table size the rule set allows, two players included where it does."""
    return list(range(max(MIN_PLAYERS, rules.players_min),
                      min(MAX_PLAYERS, rules.players_max) + 1))


class SetupPanel:
    """The widgets of the setup panel, centred in a window of ``size``. ``values`` holds
    every opponent row, hidden ones too, so raising the player count restores names."""

    def __init__(self, manager: pygame_gui.UIManager, size: tuple[int, int],
                 presets: Sequence[str], values: GameSetup,
                 on_start: Callable[[GameSetup], None], on_back: Callable[[], None], *,
                 house_rules: HouseRules | None = None,
                 on_house_rules: Callable[[str], None] | None = None) -> None:
        self.house_rules = dict(house_rules or {})
        row_h = opponent_row(size[1])
        rect = pygame.Rect(0, 0, PANEL_WIDTH, panel_height(size[1]))
        rect.center = (size[0] // 2, size[1] // 2)
        self.panel = UIPanel(rect, manager=manager, starting_height=2)
        inner = PANEL_WIDTH - 2 * _PAD
        y = _PAD
        self.heading = UILabel(pygame.Rect(_PAD, y, inner, _HEADING - 12),
                               **ui_text("setup.heading"), manager=manager,
                               container=self.panel, object_id="#heading")
        y += _HEADING
        self.manager = manager
        self.presets = [*presets, *(name for name in self.house_rules if name not in presets)]
        self.titles = {offered_title(p): p for p in self.presets}
        chosen = values.preset if values.preset in self.presets else self.presets[0]
        self.preset = self._row(manager, y, "setup.rules", list(self.titles),
                                offered_title(chosen), wide=True)
        y += _ROW + _GAP
        self.summary = UILabel(pygame.Rect(_PAD, y - _GAP // 2, inner, _SUMMARY - 4), " ",
                               manager, self.panel, object_id="#column_heading")
        y += _SUMMARY
        UILabel(pygame.Rect(_PAD, y, _LABEL_W - 10, _ROW), **ui_text("setup.players"),
                manager=manager, container=self.panel)
        self.players_rect = pygame.Rect(_PAD + _LABEL_W, y, _LEVEL_W - 10, _ROW)
        self.players = self._players_menu(chosen, values.players)
        y += _ROW + _GAP
        name_x = _PAD + _LABEL_W + _LEVEL_W + 16
        for column, x in (("opponent", _PAD), ("level", _PAD + _LABEL_W), ("name", name_x)):
            UILabel(pygame.Rect(x, y, 140, 22), **ui_text(f"setup.column.{column}"),
                    manager=manager, container=self.panel, object_id="#column_heading")
        y += _COLUMNS
        self.rows: list[tuple[UILabel, UIDropDownMenu, UITextEntryLine]] = []
        for index, (level, name) in enumerate(zip(values.levels, values.names, strict=True)):
            label = UILabel(pygame.Rect(_PAD, y, _LABEL_W - 10, _ROW),
                            **ui_text("setup.opponent", number=index + 1), manager=manager,
                            container=self.panel)
            levels: list[str | tuple[str, str]] = [(tr(f"setup.level.{name}"), name)
                                                   for name in OPPONENT_LEVELS]
            level_menu = UIDropDownMenu(levels, levels[OPPONENT_LEVELS.index(level)],
                                        pygame.Rect(_PAD + _LABEL_W, y, _LEVEL_W - 10, _ROW),
                                        manager, self.panel)
            entry = UITextEntryLine(pygame.Rect(name_x, y, PANEL_WIDTH - _PAD - name_x, _ROW),
                                    manager, self.panel, initial_text=name)
            entry.set_text_length_limit(NAME_LIMIT)
            self.rows.append((label, level_menu, entry))
            y += row_h
        y += _BEFORE_BUTTONS
        self.back = UIButton(pygame.Rect(_PAD, y, _BUTTON_W, _BUTTON_H),
                             **ui_text("common.back"), manager=manager, container=self.panel,
                             command=on_back)
        self.start = UIButton(pygame.Rect(PANEL_WIDTH - _PAD - _BUTTON_W, y, _BUTTON_W,
                                          _BUTTON_H), **ui_text("setup.start"),
                              manager=manager, container=self.panel, object_id="#primary",
                              command=lambda: on_start(self.chosen()))
        self.house_rules_button: UIButton | None = None
        if on_house_rules is not None:
            self.house_rules_button = UIButton(
                pygame.Rect((PANEL_WIDTH - _BUTTON_W - 30) // 2, y, _BUTTON_W + 30, _BUTTON_H),
                **ui_text("house_rules.open"), manager=manager, container=self.panel,
                command=lambda: on_house_rules(self.preset_name()))
        self._show_rows()

    def _row(self, manager: pygame_gui.UIManager, y: int, key: str, options: list[str],
             selected: str, wide: bool = False) -> UIDropDownMenu:
        UILabel(pygame.Rect(_PAD, y, _LABEL_W - 10, _ROW), **ui_text(key), manager=manager,
                container=self.panel)
        width = PANEL_WIDTH - 2 * _PAD - _LABEL_W if wide else _LEVEL_W - 10
        return UIDropDownMenu(options, selected,
                              pygame.Rect(_PAD + _LABEL_W, y, width, _ROW),
                              manager, self.panel)

    def rules_of(self, preset: str) -> RuleSet:
        return self.house_rules[preset][0] if preset in self.house_rules else PRESETS[preset]

    def _players_menu(self, preset: str, wanted: int) -> UIDropDownMenu:
        """The player-count menu for ``preset``: its counts, ``wanted`` brought within them."""
        counts = player_counts(self.rules_of(preset))
        count = min(max(wanted, counts[0]), counts[-1])
        if preset in self.house_rules:
            words = summary(*self.house_rules[preset])
            self.summary.set_text(fit_clauses(words, self.summary.rect.width - 4, _SUMMARY_FONT,
                                              bold=True))
        else:
            self.summary.set_text(preset_summary(preset) or " ")
        return UIDropDownMenu([str(n) for n in counts], str(count), self.players_rect,
                              self.manager, self.panel)

    def preset_name(self) -> str:
        return self.titles[self.preset.selected_option[0]]

    def player_count(self) -> int:
        return int(self.players.selected_option[0])

    def _show_rows(self) -> None:
        for index, row in enumerate(self.rows):
            visible = index < self.player_count() - 1 and self.panel.visible
            for widget in row:
                widget.show() if visible else widget.hide()

    def values(self) -> GameSetup:
        """Every row's level and name as typed (blank names fall back to the default)."""
        names = tuple(entry.get_text().strip() or DEFAULT_NAMES[i]
                      for i, (_, _, entry) in enumerate(self.rows))
        levels = tuple(menu.selected_option[1] for _, menu, _ in self.rows)
        return GameSetup(self.preset_name(), self.player_count(), levels, names)

    def chosen(self) -> GameSetup:
        """The setup to start: only the seated opponents."""
        every = self.values()
        seated = every.players - 1
        return GameSetup(every.preset, every.players, every.levels[:seated],
                         every.names[:seated])

    def handle_event(self, event: pygame.event.Event) -> None:
        if event.type != pygame_gui.UI_DROP_DOWN_MENU_CHANGED:
            return
        if event.ui_element is self.preset:
            wanted = self.player_count()
            self.players.kill()
            self.players = self._players_menu(self.preset_name(), wanted)
            self._show_rows()
        elif event.ui_element is self.players:
            self._show_rows()

    def show(self) -> None:
        self.panel.show()
        self._show_rows()

    def hide(self) -> None:
        self.panel.hide()

    def kill(self) -> None:
        self.panel.kill()

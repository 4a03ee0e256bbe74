"""The quick new-game panel of the main menu: rules preset (by its readable name, with a
one-line summary), number of players (as many as that preset allows), and who plays each
seat: a person (with a name) or a computer player (with a level and a name). Friends at
one computer sit as several people; with nobody, the game is one to watch (the Start
button says so). Two players may not share a name (the pass screen calls them by it).
It only gathers a ``GameSetup``; starting the game is the caller's business."""

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

from kalooki.engine.facts.seats import DEFAULT_LEVEL, HUMAN, OPPONENT_LEVELS, SEAT_KINDS
from kalooki.engine.rules import PRESETS, RuleSet
from kalooki.engine.rules.fields import MAX_PLAYERS
from kalooki.ui.widgets.form import button_width, fit_clauses
from kalooki.ui.widgets.name_entry import NameEntry
from kalooki.words import tr, ui_text
from kalooki.words.house_rules import offered_title, summary
from kalooki.words.presets import preset_summary

ALL_PRESETS = tuple(PRESETS)
"""Every preset the engine knows, offered in its order."""
MIN_PLAYERS = 2
DEFAULT_NAMES = ("Marcia", "Delroy", "Winston", "Beverley", "Errol", "Precious", "Lloyd")
FIRST_SEAT_NAMES = ("Marcus", *DEFAULT_NAMES)
"""Who takes the seat a person would have: the steady medium personality, unless one of
the chosen opponents already has that name."""
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
_TIGHT_ROW = 36
"""The seat rows' height when all eight seats must fit the smallest window."""
_BEFORE_BUTTONS = 14
_NOTE = 24
"""Room for the line saying why Start is off (two players of one name)."""
_LABEL_W, _LEVEL_W = 150, 190
_NAME_X = _PAD + _LABEL_W + _LEVEL_W + 16
_SUMMARY = 30
_SUMMARY_FONT = 14
"""The theme's ``#column_heading`` size, which the summary line is drawn in."""
_BUTTON_W, _BUTTON_H = 170, 50


@dataclass(frozen=True)
class GameSetup:
    """What the player chose: the first seat's kind (``human`` for a person, else a
    computer's level) and name ("": the settings' player name), then ``levels`` and
    ``names`` of the other seats in seat order (a level may be ``human`` too)."""

    preset: str
    players: int
    levels: tuple[str, ...]
    names: tuple[str, ...]
    first: str = HUMAN
    first_name: str = ""

    @property
    def people(self) -> int:
        """How many seats people play."""
        return (self.first == HUMAN) + sum(level == HUMAN for level in self.levels)


def default_setup(presets: Sequence[str]) -> GameSetup:
    """You against computer players of the default level."""
    opponents = MAX_PLAYERS - 1
    return GameSetup(presets[0], 4, (DEFAULT_LEVEL,) * opponents, DEFAULT_NAMES[:opponents])


def _fixed_height() -> int:
    return (2 * _PAD + _HEADING + 2 * (_ROW + _GAP) + _SUMMARY + _COLUMNS + _BEFORE_BUTTONS
            + _NOTE + _BUTTON_H)


def free_name(names: Sequence[str]) -> str:
    """The name for a computer in the person's seat: the first of ``FIRST_SEAT_NAMES``
    that none of ``names`` is (there is one more of them than other seats)."""
    taken = {name.casefold() for name in names}
    return next(name for name in FIRST_SEAT_NAMES if name.casefold() not in taken)


def opponent_row(window_height: int) -> int:
    """Seat rows as tall as the window lets all eight be, between tight and roomy."""
    room = (window_height - 16 - _fixed_height()) // MAX_PLAYERS
    return max(_TIGHT_ROW, min(_OPPONENT_ROW, room))


def panel_height(window_height: int = 1080) -> int:
    return _fixed_height() + MAX_PLAYERS * opponent_row(window_height)


def player_counts(rules: RuleSet) -> list[int]:
    """Every table size the rule set allows, two players included where it does."""
    return list(range(max(MIN_PLAYERS, rules.players_min),
                      min(MAX_PLAYERS, rules.players_max) + 1))


Row = tuple[UILabel, UIDropDownMenu, UITextEntryLine]
"""One seat: its label, who plays it (a person or a computer's level) and the name."""


class SetupPanel:
    """The widgets of the setup panel, centred in a window of ``size``. ``values`` holds
    every seat row, hidden ones too, so raising the player count restores names. Set up
    for ``watching``, every row, the first too, offers computer players only: the
    person's seat shows a computer under a name of its own (never the person's), and a
    row a person had keeps that for next time (the first seat always does)."""

    def __init__(self, manager: pygame_gui.UIManager, size: tuple[int, int],
                 presets: Sequence[str], values: GameSetup,
                 on_start: Callable[[GameSetup], None], on_back: Callable[[], None], *,
                 house_rules: HouseRules | None = None,
                 on_house_rules: Callable[[str], None] | None = None,
                 watching: bool = False) -> None:
        self.house_rules = dict(house_rules or {})
        self.watching = watching
        self.row_h = opponent_row(size[1])
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
        for column, x in (("seat", _PAD), ("kind", _PAD + _LABEL_W), ("name", _NAME_X)):
            UILabel(pygame.Rect(x, y, 170, 22), **ui_text(f"setup.column.{column}"),
                    manager=manager, container=self.panel, object_id="#column_heading")
        y += _COLUMNS
        self.kept_people: set[int] = set()
        """Rows a person plays that a watched game hands to computers (by row; -1: the
        first seat): they are people again in the next game to play."""
        self.person_name = values.first_name
        """The first seat's person's name, kept while a watched game's row shows a
        computer there."""
        first_name = (free_name(values.names) if watching and values.first == HUMAN
                      else values.first_name)
        self.first = self._seat(y, 1, values.first, first_name, -1)
        y += self.row_h
        self.rows: list[Row] = []
        """The other seats' rows, in seat order (the first seat's is ``first``)."""
        for index, (level, name) in enumerate(zip(values.levels, values.names, strict=True)):
            self.rows.append(self._seat(y, index + 2, level, name, index))
            y += self.row_h
        self.note = UILabel(pygame.Rect(_PAD, y, inner, _NOTE), " ", manager, self.panel,
                            object_id="#column_heading")
        y += _NOTE + _BEFORE_BUTTONS
        self.back = UIButton(pygame.Rect(_PAD, y, _BUTTON_W, _BUTTON_H),
                             **ui_text("common.back"), manager=manager, container=self.panel,
                             command=on_back)
        self.start = UIButton(pygame.Rect(PANEL_WIDTH - _PAD - _BUTTON_W, y, _BUTTON_W,
                                          _BUTTON_H), **ui_text("setup.start"),
                              manager=manager, container=self.panel, object_id="#primary",
                              command=lambda: on_start(self.chosen()))
        self.house_rules_button: UIButton | None = None
        if on_house_rules is not None:
            between = PANEL_WIDTH - 2 * (_PAD + _BUTTON_W + 12)  # Back and Start aside
            width = min(button_width(tr("house_rules.open"), _BUTTON_W + 30), between)
            self.house_rules_button = UIButton(
                pygame.Rect((PANEL_WIDTH - width) // 2, y, width, _BUTTON_H),
                **ui_text("house_rules.open"), manager=manager, container=self.panel,
                command=lambda: on_house_rules(self.preset_name()))
        self._show_rows()

    def _seat(self, y: int, number: int, kind: str, name: str, row: int) -> Row:
        """One seat's row: ``kind`` is ``human`` or a level; a watched game offers levels
        only, showing a person's seat as the default level (and keeping it in mind)."""
        kinds = OPPONENT_LEVELS if self.watching else SEAT_KINDS
        if kind not in kinds:
            if kind == HUMAN:
                self.kept_people.add(row)
            kind = DEFAULT_LEVEL
        height = min(_ROW, self.row_h - 4)
        label = UILabel(pygame.Rect(_PAD, y, _LABEL_W - 10, height),
                        **ui_text("setup.seat", number=number), manager=self.manager,
                        container=self.panel)
        options: list[str | tuple[str, str]] = [(tr(f"setup.level.{k}"), k) for k in kinds]
        menu = UIDropDownMenu(options, options[kinds.index(kind)],
                              pygame.Rect(_PAD + _LABEL_W, y, _LEVEL_W - 10, height),
                              self.manager, self.panel)
        entry = NameEntry(pygame.Rect(_NAME_X, y, PANEL_WIDTH - _PAD - _NAME_X, height),
                          self.manager, self.panel, initial_text=name, limit=NAME_LIMIT,
                          on_refused=lambda why: self.note.set_text(str(why)))
        return label, menu, entry

    def _row(self, manager: pygame_gui.UIManager, y: int, key: str, options: list[str],
             selected: str, wide: bool = False) -> UIDropDownMenu:
        UILabel(pygame.Rect(_PAD, y, _LABEL_W - 10, _ROW), **ui_text(key), manager=manager,
                container=self.panel)
        width = PANEL_WIDTH - 2 * _PAD - _LABEL_W if wide else _LEVEL_W - 10
        choices: list[str | tuple[str, str]] = list(options)
        return UIDropDownMenu(choices, selected,
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
        shown = self.panel.visible
        for widget in self.first:
            widget.show() if shown else widget.hide()
        for index, row in enumerate(self.rows):
            visible = index < self.player_count() - 1 and shown
            for widget in row:
                widget.show() if visible else widget.hide()
        self._judge()

    def _kind(self, row: int, menu: UIDropDownMenu) -> str:
        """Who plays a row: as chosen; a person's seat left alone in a watched game's
        panel stays a person's for the next game to play."""
        kind = str(menu.selected_option[1])
        return HUMAN if row in self.kept_people and kind == DEFAULT_LEVEL else kind

    def values(self) -> GameSetup:
        """Every row's kind and name as typed (blank names fall back to the default; the
        first seat's to the settings' player name); a person's first seat stays theirs
        whatever a watched game put there."""
        names = tuple(entry.get_text().strip() or DEFAULT_NAMES[i]
                      for i, (_, _, entry) in enumerate(self.rows))
        levels = tuple(self._kind(i, menu) for i, (_, menu, _) in enumerate(self.rows))
        first, first_name = self._kind(-1, self.first[1]), self.first[2].get_text().strip()
        if self.watching and -1 in self.kept_people:
            first, first_name = HUMAN, self.person_name
        return GameSetup(self.preset_name(), self.player_count(), levels, names, first,
                         first_name)

    def chosen(self) -> GameSetup:
        """The setup to start: only the seated players, as the panel shows them (a
        watched game's seats all computers)."""
        every = self.values()
        seated = every.players - 1
        if self.watching:
            levels = tuple(str(menu.selected_option[1]) for _, menu, _ in self.rows)
            return GameSetup(every.preset, every.players, levels[:seated],
                             every.names[:seated], str(self.first[1].selected_option[1]),
                             self.first[2].get_text().strip())
        return GameSetup(every.preset, every.players, every.levels[:seated],
                         every.names[:seated], every.first, every.first_name)

    def problem(self) -> str:
        """Why the game cannot start as set (two seated players of one name), or ""."""
        setup = self.chosen()
        seen: set[str] = set()
        for name in (setup.first_name, *setup.names):
            if name and name.casefold() in seen:
                return tr("setup.same_name", name=name)
            seen.add(name.casefold())
        return ""

    def _judge(self) -> None:
        """Start says what it starts (a game to watch when nobody plays) and is off, with
        the reason beside it, while two players share a name."""
        problem = self.problem()
        self.note.set_text(problem or " ")
        watch = self.watching or self.chosen().people == 0
        self.start.set_text(**ui_text("setup.watch" if watch else "setup.start"))
        self.start.disable() if problem else self.start.enable()

    def handle_event(self, event: pygame.event.Event) -> None:
        if event.type == pygame_gui.UI_TEXT_ENTRY_CHANGED:
            self._judge()
        if event.type != pygame_gui.UI_DROP_DOWN_MENU_CHANGED:
            return
        if event.ui_element is self.preset:
            wanted = self.player_count()
            self.players.kill()
            self.players = self._players_menu(self.preset_name(), wanted)
            self._show_rows()
        else:
            self._show_rows()

    def show(self) -> None:
        self.panel.show()
        self._show_rows()

    def hide(self) -> None:
        self.panel.hide()

    def kill(self) -> None:
        self.panel.kill()

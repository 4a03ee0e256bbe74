"""The main menu: Continue, New game, Learn to play, Watch a game, Load game, Watch a
replay, Rules, Statistics, Settings (when the game has a settings screen), Quit, and the
new-game panel (which also sets up a watched game). Continue and Load game are always
there, greyed (saying why when pointed at) while there is nothing to continue or to
load, so the buttons never move when a save appears.

Everything the menu cannot do itself arrives as a callback, so later issues plug in the
table, the store's autosave and the full setup screens without touching this scene.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import TYPE_CHECKING

import pygame
from pygame_gui.elements import UIButton

from kalooki.ui.art.felt import felt
from kalooki.ui.art.title import render_title
from kalooki.ui.pages.setup import (
    ALL_PRESETS,
    GameSetup,
    HouseRules,
    SetupPanel,
    default_setup,
)
from kalooki.ui.widgets.fitted_label import FittedLabel
from kalooki.ui.widgets.tip_button import TipButton
from kalooki.words import Said, phrase, ui_text, ui_text_of, ui_tooltip

if TYPE_CHECKING:
    from kalooki.ui.scene import Host

DEFAULT_PRESETS = ALL_PRESETS
TABLE_NOT_READY = phrase("menu.table_not_ready")

_BUTTON_W, _BUTTON_H, _BUTTON_GAP = 300, 54, 14
_NOTICE_H = 40
_DIM = (0, 0, 0, 120)


class MainMenuScene:
    """The first screen. ``has_autosave`` is asked each time the menu is laid out."""

    def __init__(self, app: Host, *, has_autosave: Callable[[], bool] = lambda: False,
                 presets: Sequence[str] = DEFAULT_PRESETS,
                 on_start: Callable[[GameSetup], None] | None = None,
                 on_continue: Callable[[], object] | None = None,
                 on_settings: Callable[[], object] | None = None,
                 on_load: Callable[[], object] | None = None,
                 has_saves: Callable[[], bool] = lambda: False,
                 on_rules: Callable[[], object] | None = None,
                 on_stats: Callable[[], object] | None = None,
                 on_watch: Callable[[GameSetup], None] | None = None,
                 on_replay: Callable[[], None] | None = None,
                 on_learn: Callable[[], object] | None = None,
                 newcomer: Callable[[], bool] = lambda: False,
                 house_rules: HouseRules | None = None,
                 on_house_rules: Callable[[GameSetup], object] | None = None,
                 setup: GameSetup | None = None) -> None:
        self.app = app
        self.has_autosave = has_autosave
        self.presets = tuple(presets)
        self.on_start = on_start or self._table_not_ready
        self.on_continue = on_continue or self._table_not_ready
        self.on_settings = on_settings
        self.on_load = on_load
        self.has_saves = has_saves
        self.on_rules = on_rules
        self.help_rules = on_rules
        """The help overlay's link to the rules."""
        self.on_stats = on_stats
        self.on_watch = on_watch
        self.on_replay = on_replay
        self.on_learn = on_learn
        self.newcomer = newcomer
        """Asked when laid out: no game played yet, so Learn to play is offered first."""
        self.house_rules = house_rules
        self.on_house_rules = on_house_rules
        """Opens the house-rules editor from the new-game panel, on the chosen preset."""
        self.watching = False
        """The new-game panel is open to set up a game to watch, not to play."""
        self.setup_values = setup or default_setup(self.presets)
        self.setup_open = False
        self._setup: SetupPanel | None = None
        self.notice_text: Said = ""
        self._build(app.size)

    # --- widgets ---------------------------------------------------------------------

    def _build(self, size: tuple[int, int]) -> None:
        manager = self.app.ui
        self.title = render_title(self.app.card_art, size)
        self.dim = pygame.Surface(size, pygame.SRCALPHA)
        self.dim.fill(_DIM)
        autosave = self.has_autosave()
        learn_first = not autosave and self.on_learn is not None and self.newcomer()
        # offered with nothing to do yet: greyed, saying why (they keep their places,
        # so the menu never moves when a save appears)
        greyed = {"continue": not autosave,
                  "load_game": not (autosave or self.has_saves())}
        optional: list[tuple[str, Callable[[], object] | None, str | None]] = [
            ("continue", self.on_continue, "#primary" if autosave else None),
            ("new_game", self.open_setup, None if autosave or learn_first else "#primary"),
            ("learn", self.on_learn, "#primary" if learn_first else None),
            ("watch", self.open_watch if self.on_watch else None, None),
            ("load_game", self.on_load, None),
            ("replay", self.on_replay, None),
            ("rules", self.on_rules, None),
            ("statistics", self.on_stats, None),
            ("settings", self.on_settings, None),
            ("quit", self.app.quit, None),
        ]
        entries = [(name, command, object_id) for name, command, object_id in optional
                   if command is not None]
        rects = self._place(size, len(entries))
        self.buttons: dict[str, UIButton] = {}
        """The menu's buttons by name: ``continue``, ``new_game``, ``load_game``, ``rules``,
        ``learn``, ``replay``, ``statistics``, ``settings``, ``quit`` (those offered now)."""
        for (name, command, object_id), rect in zip(entries, rects, strict=True):
            self.buttons[name] = button = TipButton(
                rect, **ui_text(f"menu.{name}"), manager=manager, command=command,
                object_id=object_id, greyed_tip=ui_tooltip(f"menu.{name}_greyed_tip")
                if name in greyed else None)
            if greyed.get(name):
                button.disable()
        y = rects[-1].bottom + _BUTTON_GAP
        self.notice = FittedLabel(pygame.Rect(0, y, size[0], _NOTICE_H), " ", manager,
                                  object_id="#notice")  # a long notice ends in "…", whole
                                                        # in its tooltip
        if self.notice_text:
            self._say(self.notice_text)
        self._show_mode()

    @property
    def setup(self) -> SetupPanel:
        """The new-game panel, built when first wanted: it is the largest thing on the
        menu (its framed panel alone costs pygame_gui more than all the buttons), and the
        menu's first frame does not show it."""
        if self._setup is None:
            self._setup = SetupPanel(self.app.ui, self.app.size, self.presets,
                                     self.setup_values, on_start=self._start,
                                     on_back=self.close_setup, house_rules=self.house_rules,
                                     on_house_rules=self._house_rules if self.on_house_rules
                                     else None, watching=self.watching)
            self._show_panel()
        return self._setup

    def _place(self, size: tuple[int, int], count: int) -> list[pygame.Rect]:
        """The buttons' places under the title: one column when it fits the window, else
        two or three (a short last row centred); the title is placed to centre the whole
        block."""
        room = size[1] - 2 * round(size[1] * 0.03)
        columns = next((n for n in (1, 2) if self._block(count, n) <= room), 3)
        rows = -(-count // columns)
        top = max(round(size[1] * 0.03), (size[1] - self._block(count, columns)) // 2)
        self.title_pos = ((size[0] - self.title.get_width()) // 2, top)
        y = top + self.title.get_height()
        rects = []
        for index in range(count):
            row, column = divmod(index, columns)
            in_row = columns if row < rows - 1 else count - row * columns
            width = in_row * _BUTTON_W + (in_row - 1) * _BUTTON_GAP
            x = (size[0] - width) // 2 + column * (_BUTTON_W + _BUTTON_GAP)
            rects.append(pygame.Rect(x, y + row * (_BUTTON_H + _BUTTON_GAP), _BUTTON_W,
                                     _BUTTON_H))
        return rects

    def _block(self, count: int, columns: int) -> int:
        rows = -(-count // columns)
        return self.title.get_height() + rows * (_BUTTON_H + _BUTTON_GAP) + _NOTICE_H

    @property
    def help_topic(self) -> str:
        return "setup" if self.setup_open else "menu"

    def _kill(self) -> None:
        if self.setup_open:
            self.setup_values = self.setup.values()
        for button in self.buttons.values():
            button.kill()
        self.notice.kill()
        if self._setup is not None:
            self._setup.kill()
            self._setup = None

    def _show_mode(self) -> None:
        for widget in (*self.buttons.values(), self.notice):
            widget.hide() if self.setup_open else widget.show()
        if not self.notice_text:
            self.notice.hide()
        if self.setup_open or self._setup is not None:
            self._show_panel()

    def _show_panel(self) -> None:
        self.setup.show() if self.setup_open else self.setup.hide()
        self.setup.heading.set_text(**ui_text("menu.watch" if self.watching
                                              else "setup.heading"))

    # --- actions ---------------------------------------------------------------------

    def open_setup(self) -> None:
        self._open_panel(watching=False)

    def open_watch(self) -> None:
        """The new-game panel, to choose the game the computers will play."""
        self._open_panel(watching=True)

    def _open_panel(self, watching: bool) -> None:
        """The panel, set up for a game to play or to watch (its rows differ)."""
        if watching != self.watching:
            self._kill()
            self.watching = watching
            self._build(self.app.size)
        self.setup_open = True
        self.notice_text = ""
        self._show_mode()

    def close_setup(self) -> None:
        if self._setup is not None:
            self.setup_values = self._setup.values()
        self.setup_open = False
        self._show_mode()

    def _start(self, setup: GameSetup) -> None:
        self.close_setup()
        if (self.watching or setup.people == 0) and self.on_watch is not None:
            self.on_watch(setup)
        else:
            self.on_start(setup)

    def _house_rules(self, preset: str) -> None:
        if self.on_house_rules is not None:
            self.setup_values = self.setup.values()
            self.on_house_rules(self.setup_values)

    def _table_not_ready(self, *_: object) -> None:
        self.show_notice(TABLE_NOT_READY)

    def show_notice(self, said: Said) -> None:
        """Say ``said`` under the buttons: a Phrase follows a language switch; a str is
        shown as it is (a sentence already in the player's language)."""
        self.notice_text = said
        self._say(said)
        self._show_mode()

    def _say(self, said: Said) -> None:
        self.notice.set_text(**ui_text_of(said))

    # --- Scene -----------------------------------------------------------------------

    def handle_event(self, event: pygame.event.Event) -> None:
        if self.setup_open:
            self.setup.handle_event(event)
            if event.type == pygame.KEYDOWN and event.key == pygame.K_ESCAPE:
                self.close_setup()

    def update(self, dt: float) -> None:
        pass

    def frame_due(self) -> float | None:
        return None  # nothing here moves by itself: only input changes it

    def draw(self, surface: pygame.Surface) -> None:
        surface.blit(felt(surface.get_size()), (0, 0))
        surface.blit(self.title, self.title_pos)
        if self.setup_open:
            surface.blit(self.dim, (0, 0))

    def on_resize(self, size: tuple[int, int]) -> None:
        self._kill()
        self._build(size)

    def leave(self) -> None:
        self._kill()

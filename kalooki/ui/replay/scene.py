"""The replay viewer: a recorded match drawn by the table's own painter, position by
position, with the log following the cursor.

The scene holds a :class:`ReplayCursor` (the model) and builds a :class:`TableFrame` from
the game at the cursor, seen by one seat; with hands open, every other seat's hand is drawn
face up too. Hands are opened, and other seats chosen, only in a deal the record played to
its end (or a match no person played): in the deal a save stopped in, the person could go
on playing it, so the table is then seen from their seat only, as they saw it. The scene
never changes the record: stepping moves the cursor, and the frame is rebuilt from what
it stands on.

Keys: ← and → step, Home and End go to the ends, Page Up and Page Down (or 1–9) jump
between deals, Space plays and pauses, + and − change the speed, V opens or hides the
hands, S changes whose seat the table is seen from, Esc goes back.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING

import pygame
import pygame_gui
from pygame_gui.elements import UIButton, UIDropDownMenu

from kalooki.engine import events as ev
from kalooki.engine.cards import sort_key_suit
from kalooki.engine.facts.seats import HUMAN
from kalooki.ui.art import text as ink
from kalooki.ui.hand.arrangement import Arrangement
from kalooki.ui.replay.sources import Watched
from kalooki.ui.session import public_part
from kalooki.ui.table.frame import Lit, Marks, TableFrame
from kalooki.ui.table.layout import compute_layout
from kalooki.ui.table.log import LogPage, TableLog, log_box
from kalooki.ui.table.motion import Motion
from kalooki.ui.table.narrate import Narrator
from kalooki.ui.table.painter import TablePainter
from kalooki.ui.table.placement import place_cards
from kalooki.ui.table.summary import render_summary
from kalooki.words import Said, tr, ui_text, ui_tooltip

if TYPE_CHECKING:
    from kalooki.engine.events import Event
    from kalooki.engine.view import PublicMeld
    from kalooki.ui.scene import Host

SPEEDS = (1.6, 0.8, 0.35, 0.12)
"""Seconds between two actions while playing, slowest first."""
SUMMARY_HOLD = 3.0
"""While playing, a deal's summary stays this many seconds before play goes on."""
LOG_LIMIT = 300
_PANEL = (11, 42, 27, 250)
_BAR = (60, 80, 64)
_BAR_DONE = (201, 164, 76)
_DEAL_TICK = (246, 215, 122)

_KEYS: dict[int, str] = {
    pygame.K_RIGHT: "forward", pygame.K_LEFT: "back", pygame.K_HOME: "start",
    pygame.K_END: "end", pygame.K_PAGEDOWN: "next_deal", pygame.K_PAGEUP: "previous_deal",
    pygame.K_SPACE: "play", pygame.K_PLUS: "faster", pygame.K_EQUALS: "faster",
    pygame.K_KP_PLUS: "faster", pygame.K_MINUS: "slower", pygame.K_KP_MINUS: "slower",
    pygame.K_v: "hands", pygame.K_s: "seat",
}
"""Every key of the viewer and the command it gives (the help overlay lists them)."""


class ReplayScene:
    help_topic = "replay"

    def __init__(self, app: Host, watched: Watched, on_back: Callable[[], object], *,
                 open_hands: bool = True, speed: int = 1, card_scale: float = 1.0) -> None:
        self.app = app
        self.watched = watched
        self.cursor = watched.cursor
        self.on_back = on_back
        self.viewer = watched.viewer
        """The seat chosen to see the table from (where the deal allows it)."""
        self.person = watched.viewer if HUMAN in watched.levels else None
        """The seat a person played, whose hidden cards matter in an unfinished deal."""
        self.shared = watched.levels.count(HUMAN) > 1
        """Several people played it at one computer: an unfinished deal shows no hand
        and its log no hidden card, as the table between their turns."""
        self.layout_seat = -1
        self.open_hands = open_hands
        self.speed = max(0, min(len(SPEEDS) - 1, speed))
        self.card_scale = card_scale
        self.playing = False
        self.wait = 0.0
        self.painter = TablePainter(app.card_art)
        self.motion = Motion("instant")
        self.buttons: dict[str, UIButton] = {}
        self.deal_menu: UIDropDownMenu | None = None
        self.summary: pygame.Surface | None = None
        self.commands: dict[str, Callable[[], object]] = {
            "forward": self.forward, "back": self.back, "start": lambda: self.seek(0),
            "end": lambda: self.seek(self.cursor.length), "next_deal": self.next_deal,
            "previous_deal": self.previous_deal, "play": self.toggle_play,
            "faster": lambda: self.set_speed(self.speed + 1),
            "slower": lambda: self.set_speed(self.speed - 1),
            "hands": self.toggle_hands, "seat": self.next_seat,
        }
        self.logbook = TableLog()
        """The page of the log on screen (its wrapping kept between frames)."""
        self._narrate()
        self._build(app.size)

    # --- what is drawn --------------------------------------------------------------

    def free(self, deal: int) -> bool:
        """Whether every hand of ``deal`` may be shown (see the module's docstring)."""
        return self.person is None or self.cursor.deal_is_over(deal)

    def shown_seat(self) -> int:
        """The seat the table is seen from now."""
        return self._eyes(self.cursor.deal)

    def hands_shown(self) -> bool:
        return self.open_hands and self.free(self.cursor.deal)

    def _seer(self, deal: int) -> int | None:
        """Whose eyes a log line of ``deal`` is told with (None: everyone's)."""
        return None if self.open_hands and self.free(deal) else self._eyes(deal)

    def _eyes(self, deal: int) -> int:
        """The chosen seat, or in a deal still hiding its cards, the person's."""
        return self.person if self.person is not None and not self.free(deal) else self.viewer

    def _narrate(self) -> None:
        """Every log line of the match, per step, as the seat shown in its deal may know
        them (all of them with hands open)."""
        cursor = self.cursor
        narrator = Narrator(self.watched.names, None if self.shared else self.person,
                            cursor.record.rules)

        def said(events: tuple[Event, ...], table: tuple[PublicMeld, ...],
                 deal: int) -> list[Said]:
            seer = self._seer(deal)
            hidden = self.shared and not self.free(deal)
            lines = (narrator.line(e.seen_by(None) if hidden else e if seer is None
                                   else e.seen_by(seer), table) for e in events)
            return [line for line in lines if line]

        first = min(cursor.deal_starts)
        self.lines = [said(cursor.start_events, cursor.start_table, first)]
        self.lines += [said(step.events, step.table, step.deal) for step in cursor.steps]

    def log(self) -> tuple[Said, ...]:
        """The log as it stood at the cursor (phrases, worded as drawn)."""
        shown = [line for lines in self.lines[:self.cursor.position + 1] for line in lines]
        return tuple(shown[-LOG_LIMIT:])

    def _build(self, size: tuple[int, int]) -> None:
        self.layout_seat = -1
        self._moved()

    def _lay_out(self, seat: int) -> None:
        """The table's places around ``seat`` (at the bottom), and the widgets on them."""
        self.layout_seat = seat
        self.layout = compute_layout(self.app.size, self.cursor.game.players, seat,
                                     self.card_scale)
        self._build_widgets()

    def _moved(self) -> None:
        """The cursor moved (or the seat or hands changed): rebuild what is drawn."""
        game = self.cursor.game
        seat = self.shown_seat()
        if seat != self.layout_seat:
            self._lay_out(seat)
        self.view = game.view(seat)
        if self.shared and not self.free(self.cursor.deal):
            self.view = public_part(self.view)
        arrangement = Arrangement()
        arrangement.sync(self.view.hand)
        arrangement.sort(sort_key_suit)
        self.placement = place_cards(self.layout, self.view, arrangement, [])
        self.motion.clear()
        self.motion.settle(self.placement, ())
        step = self.cursor.last_step
        ended = step is not None and any(isinstance(e, ev.DealEnded | ev.MatchEnded)
                                         for e in step.events)
        self.summary = self._summary() if ended and game.results else None
        self._refresh_widgets()

    def _summary(self) -> pygame.Surface:
        game = self.cursor.game
        result = game.results[-1]
        return render_summary(self.app.card_art, self.app.size, result, self.watched.names,
                              list(game.totals), game.over, rules=game.rules,
                              out=list(game.out), history=list(game.results))

    def open_hands_now(self) -> dict[int, tuple[int, ...]]:
        if not self.hands_shown():
            return {}
        hands, shown = self.cursor.game.hands, self.shown_seat()
        return {seat: tuple(hand) for seat, hand in enumerate(hands) if seat != shown}

    def frame(self) -> TableFrame:
        view, placement = self.view, self.placement
        sprites = self.motion.sprites(placement, (), (), None, view.discard)
        return TableFrame(
            layout=self.layout, view=view, names=self.watched.names,
            open_hands=self.open_hands_now(), levels=self.watched.levels, at_screen=False,
            melds_owner=None, callers=(),
            cards=sprites, flights=(), dragged=(), lit=Lit(), staged=(), ready=False,
            lay_problem="", cut=None, hint_reason=None, hint_cards=(), hint_places=(),
            taught=Marks(),
            call_asked=False, call_seconds=None, log=self._log_page(), toast="", banner="")

    def _log_page(self) -> LogPage:
        """The newest lines of the log at the cursor, wrapped to the panel."""
        self.logbook.lines[:] = self.log()
        return self.logbook.page(log_box(self.layout))

    # --- widgets ----------------------------------------------------------------------

    def _build_widgets(self) -> None:
        """The transport buttons where the table's own buttons go; the deal menu, speed,
        hands, seat and Back in a row along the bottom of the status panel."""
        self._kill_widgets()
        manager, box, h = self.app.ui, self.layout.buttons, self.layout.button_h
        gap = 6
        fifth = (box.width - 4 * gap) // 5
        row = [pygame.Rect(box.left + i * (fifth + gap), box.top, fifth, h) for i in range(5)]
        specs = {"previous_deal": (row[0], "|◀◀"), "back": (row[1], "◀|"),
                 "play": (row[2], "▶"), "forward": (row[3], "|▶"), "next_deal": (row[4], "▶▶|")}
        self.buttons = {}
        for name, (rect, glyph) in specs.items():
            self.buttons[name] = UIButton(rect, glyph, manager, command=self.commands[name],
                                          **ui_tooltip(f"replay.tip.{name}"))
        staging, font = self.layout.staging, self.layout.font
        inner = staging.width - 2 * font
        width = (inner - 4 * gap) // 5
        top = staging.bottom - h - font // 2
        slots = [pygame.Rect(staging.left + font + i * (width + gap), top, width, h)
                 for i in range(5)]
        others: dict[str, Callable[[], object]] = {
            "speed": lambda: self.set_speed((self.speed + 1) % len(SPEEDS)),
            "hands": self.toggle_hands, "seat": self.next_seat, "quit": self.back_out}
        for name, rect in zip(others, slots[1:], strict=True):
            self.buttons[name] = UIButton(rect, "", manager, command=others[name],
                                          **ui_tooltip(f"replay.tip.{name}"))
        deals = sorted(self.cursor.deal_starts)
        labels = [tr("replay.deal_option", deal=deal) for deal in deals]
        self.deal_options = dict(zip(labels, deals, strict=True))
        options: list[str | tuple[str, str]] = list(labels)
        self.deal_rect = slots[0]
        self.deal_menu = UIDropDownMenu(options, tr("replay.deal_option", deal=self.cursor.deal),
                                        slots[0], manager, expand_on_option_click=True)

    def _kill_widgets(self) -> None:
        for button in self.buttons.values():
            button.kill()
        self.buttons = {}
        if self.deal_menu is not None:
            self.deal_menu.kill()
            self.deal_menu = None

    def _refresh_widgets(self) -> None:
        if not self.buttons:
            return
        cursor = self.cursor
        self.buttons["play"].set_text("❚❚" if self.playing else "▶")
        self.buttons["speed"].set_text(**ui_text("replay.speed", speed=self.speed + 1))
        self.buttons["hands"].set_text(**ui_text("replay.hide_hands" if self.hands_shown()
                                                 else "replay.show_hands"))
        self.buttons["quit"].set_text(**ui_text("replay.back"))
        self.buttons["seat"].set_text(**ui_text("replay.seat_button"))
        free = self.free(cursor.deal)
        for name, usable in (("back", not cursor.at_start), ("previous_deal", not cursor.at_start),
                             ("forward", not cursor.at_end), ("play", not cursor.at_end
                                                              or self.playing),
                             ("next_deal", any(d > cursor.deal for d in cursor.deal_starts)),
                             ("hands", free), ("seat", free)):
            self.buttons[name].enable() if usable else self.buttons[name].disable()
        if self.deal_menu is not None:
            label = tr("replay.deal_option", deal=cursor.deal)
            if self.deal_menu.selected_option[0] != label and label in self.deal_options:
                self.deal_menu.kill()
                self.deal_menu = UIDropDownMenu(list(self.deal_options), label,
                                                self.deal_rect, self.app.ui,
                                                expand_on_option_click=True)
        for widget in (*self.buttons.values(), self.deal_menu):
            if widget is not None:  # a deal's summary covers the table: a click lifts it
                widget.hide() if self.summary is not None else widget.show()

    # --- commands ---------------------------------------------------------------------

    def forward(self) -> bool:
        moved = self.cursor.forward() is not None
        if moved:
            self._moved()
        return moved

    def back(self) -> bool:
        self.playing = False
        moved = self.cursor.back()
        if moved:
            self._moved()
        return moved

    def seek(self, position: int) -> None:
        self.cursor.seek(position)
        self._moved()

    def next_deal(self) -> None:
        if self.cursor.next_deal():
            self._moved()

    def previous_deal(self) -> None:
        if self.cursor.previous_deal():
            self._moved()

    def to_deal(self, deal: int) -> None:
        if self.cursor.to_deal(deal):
            self._moved()

    def toggle_play(self) -> None:
        if not self.playing and self.cursor.at_end:
            return
        self.playing = not self.playing
        self.wait = SPEEDS[self.speed]
        self._refresh_widgets()

    def set_speed(self, speed: int) -> None:
        self.speed = max(0, min(len(SPEEDS) - 1, speed))
        self.wait = min(self.wait, SPEEDS[self.speed])
        self._refresh_widgets()

    def toggle_hands(self) -> None:
        if not self.free(self.cursor.deal):
            return
        self.open_hands = not self.open_hands
        self._narrate()
        self._moved()

    def next_seat(self) -> None:
        """See the table from the next seat (its hand at the bottom)."""
        if not self.free(self.cursor.deal):
            return
        self.viewer = (self.viewer + 1) % self.cursor.game.players
        self._narrate()
        self._moved()

    def back_out(self) -> None:
        self.leave()
        self.on_back()

    # --- Scene ------------------------------------------------------------------------

    def handle_event(self, event: pygame.event.Event) -> None:
        if event.type == pygame.KEYDOWN:
            if event.key == pygame.K_ESCAPE:
                self.back_out()
            elif event.key in _KEYS:
                self.commands[_KEYS[event.key]]()
            elif pygame.K_1 <= event.key <= pygame.K_9:
                self.to_deal(event.key - pygame.K_0)
        elif event.type == pygame.MOUSEBUTTONDOWN and event.button == 1 and self.summary:
            self.summary = None
            self._refresh_widgets()
        elif event.type == pygame.MOUSEBUTTONDOWN and event.button == 1:
            if self.bar_rect().inflate(0, 12).collidepoint(event.pos):
                self.seek_at(event.pos[0])
        elif (event.type == pygame_gui.UI_DROP_DOWN_MENU_CHANGED
              and event.ui_element is self.deal_menu):
            self.to_deal(self.deal_options[event.text])

    def seek_at(self, x: int) -> None:
        """A click on the progress bar goes to that point of the match."""
        bar = self.bar_rect()
        share = max(0.0, min(1.0, (x - bar.left) / max(1, bar.width)))
        self.seek(round(share * self.cursor.length))

    def update(self, dt: float) -> None:
        if not self.playing:
            return
        self.wait -= dt
        if self.wait > 0:
            return
        if self.cursor.at_end or not self.forward():
            self.playing = False
            self._refresh_widgets()
            return
        self.wait = SUMMARY_HOLD if self.summary is not None else SPEEDS[self.speed]

    def frame_due(self) -> float | None:
        return max(0.0, self.wait) if self.playing else None

    def bar_rect(self) -> pygame.Rect:
        """The progress bar (a click on it seeks), above the panel's row of widgets."""
        staging, font = self.layout.staging, self.layout.font
        height = max(8, font // 2)
        bottom = staging.bottom - self.layout.button_h - font
        return pygame.Rect(staging.left + font, bottom - height, staging.width - 2 * font,
                           height)

    def status_lines(self) -> tuple[str, str]:
        """What the panel above the hand says: where the cursor is, and the last action."""
        cursor = self.cursor
        where = tr("replay.where", deal=cursor.deal, position=cursor.position,
                   length=cursor.length)
        said = (line for lines in reversed(self.lines[:cursor.position + 1]) for line in
                reversed(lines))
        return where, str(next(said, ""))

    def draw(self, surface: pygame.Surface) -> None:
        self.painter.draw(surface, self.frame())
        self._draw_status(surface)
        if self.summary is not None:
            surface.blit(self.summary, (0, 0))
            size = self.layout.font
            hint = ink.fit(tr("replay.summary_hint"), size, surface.get_width() - 4 * size,
                           ink.DIM)
            surface.blit(hint, hint.get_rect(midbottom=(surface.get_width() // 2,
                                                        surface.get_height() - size * 2)))

    def _draw_status(self, surface: pygame.Surface) -> None:
        staging, font = self.layout.staging, self.layout.font
        panel = pygame.Surface(staging.size, pygame.SRCALPHA)
        pygame.draw.rect(panel, _PANEL, panel.get_rect(), border_radius=10)
        surface.blit(panel, staging)
        where, last = self.status_lines()
        heading = tr("replay.heading", name=self.watched.title)
        seat = self.shown_seat()
        seen = (tr("replay.unfinished_deal") if not self.free(self.cursor.deal)
                else tr("replay.seen_from_yours") if seat == self.person
                else tr("replay.seen_from", name=self.watched.names[seat]))
        x, y = staging.left + font, staging.top + font // 2
        surface.blit(ink.fit(heading, font, staging.width - 2 * font, ink.GOLD, True), (x, y))
        y += round(font * 1.5)
        surface.blit(ink.fit(f"{where} · {seen}", font - 2, staging.width - 2 * font,
                             ink.DIM), (x, y))
        y += round(font * 1.4)
        surface.blit(ink.fit(last, font, staging.width - 2 * font), (x, y))
        bar = self.bar_rect()
        pygame.draw.rect(surface, _BAR, bar, border_radius=bar.height // 2)
        length = max(1, self.cursor.length)
        done = bar.copy()
        done.width = round(bar.width * self.cursor.position / length)
        if done.width:
            pygame.draw.rect(surface, _BAR_DONE, done, border_radius=bar.height // 2)
        for start in self.cursor.deal_starts.values():
            tick_x = bar.left + round(bar.width * start / length)
            pygame.draw.line(surface, _DEAL_TICK, (tick_x, bar.top - 3),
                             (tick_x, bar.bottom + 2), 2)

    def on_resize(self, size: tuple[int, int]) -> None:
        self._build(size)

    def leave(self) -> None:
        self._kill_widgets()

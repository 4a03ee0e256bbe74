"""The replay viewer: a recorded match drawn by the table's own painter, position by
position, with the log following the cursor.

The scene holds a :class:`ReplayCursor` (the model) and builds a :class:`TableFrame` from
the game at the cursor, seen by one seat; with hands open, every other seat's hand is drawn
face up too. Who sees what, and the log as they may know it, is the :class:`Sight`
(:mod:`kalooki.ui.replay.sight`); the buttons and the status panel are the
:class:`ReplayPanel` (:mod:`kalooki.ui.replay.panel`). The scene never changes the record:
stepping moves the cursor, and the frame is rebuilt from what it stands on.

Keys: ← and → step, Home and End go to the ends, Page Up and Page Down (or 1–9) jump
between deals, Space plays and pauses, + and − change the speed, V opens or hides the
hands, S changes whose seat the table is seen from, Esc goes back.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING

import pygame
import pygame_gui

from kalooki.engine import events as ev
from kalooki.engine.cards import sort_key_suit
from kalooki.ui.art import text as ink
from kalooki.ui.hand.arrangement import Arrangement
from kalooki.ui.replay.panel import PanelState, ReplayPanel, bar_rect
from kalooki.ui.replay.sight import Sight
from kalooki.ui.replay.sources import Watched
from kalooki.ui.session import public_part
from kalooki.ui.table.frame import Lit, Marks, TableFrame
from kalooki.ui.table.layout import compute_layout
from kalooki.ui.table.log.book import LogPage, TableLog, log_box
from kalooki.ui.table.motion import Motion
from kalooki.ui.table.painter import TablePainter
from kalooki.ui.table.placement import place_cards
from kalooki.ui.table.summary import render_summary
from kalooki.words import tr

if TYPE_CHECKING:
    from kalooki.ui.scene import Host

SPEEDS = (1.6, 0.8, 0.35, 0.12)
"""Seconds between two actions while playing, slowest first."""
SUMMARY_HOLD = 3.0
"""While playing, a deal's summary stays this many seconds before play goes on."""

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
        self.sight = Sight(watched, open_hands)
        self.layout_seat = -1
        self.speed = max(0, min(len(SPEEDS) - 1, speed))
        self.card_scale = card_scale
        self.playing = False
        self.wait = 0.0
        self.painter = TablePainter(app.card_art)
        self.motion = Motion("instant")
        self.summary: pygame.Surface | None = None
        self.commands: dict[str, Callable[[], object]] = {
            "forward": self.forward, "back": self.back, "start": lambda: self.seek(0),
            "end": lambda: self.seek(self.cursor.length), "next_deal": self.next_deal,
            "previous_deal": self.previous_deal, "play": self.toggle_play,
            "faster": lambda: self.set_speed(self.speed + 1),
            "slower": lambda: self.set_speed(self.speed - 1),
            "speed": lambda: self.set_speed((self.speed + 1) % len(SPEEDS)),
            "hands": self.toggle_hands, "seat": self.next_seat, "quit": self.back_out,
        }
        self.panel = ReplayPanel(app, self.cursor, self.commands)
        self.logbook = TableLog()
        """The page of the log on screen (its wrapping kept between frames)."""
        self._build(app.size)

    # --- what is drawn --------------------------------------------------------------

    def _build(self, size: tuple[int, int]) -> None:
        self.layout_seat = -1
        self._moved()

    def _lay_out(self, seat: int) -> None:
        """The table's places around ``seat`` (at the bottom), and the widgets on them."""
        self.layout_seat = seat
        self.layout = compute_layout(self.app.size, self.cursor.game.players, seat,
                                     self.card_scale)
        self.panel.build(self.layout)

    def _moved(self) -> None:
        """The cursor moved (or the seat or hands changed): rebuild what is drawn."""
        game = self.cursor.game
        seat = self.sight.shown_seat()
        if seat != self.layout_seat:
            self._lay_out(seat)
        self.view = game.view(seat)
        if self.sight.hidden():
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
        if not self.sight.hands_shown():
            return {}
        hands, shown = self.cursor.game.hands, self.sight.shown_seat()
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
        self.logbook.lines[:] = self.sight.log()
        return self.logbook.page(log_box(self.layout))

    def _refresh_widgets(self) -> None:
        self.panel.refresh(PanelState(self.playing, self.speed, self.sight.hands_shown(),
                                      self.sight.free(self.cursor.deal),
                                      self.summary is not None))

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
        if self.sight.toggle_hands():
            self._moved()

    def next_seat(self) -> None:
        """See the table from the next seat (its hand at the bottom)."""
        if self.sight.next_seat():
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
            if bar_rect(self.layout).inflate(0, 12).collidepoint(event.pos):
                self.seek_at(event.pos[0])
        elif (event.type == pygame_gui.UI_DROP_DOWN_MENU_CHANGED
              and event.ui_element is self.panel.deal_menu):
            self.to_deal(self.panel.deal_options[event.text])

    def seek_at(self, x: int) -> None:
        """A click on the progress bar goes to that point of the match."""
        bar = bar_rect(self.layout)
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
        heading = tr("replay.heading", name=self.watched.title)
        seat, sight = self.sight.shown_seat(), self.sight
        seen = (tr("replay.unfinished_deal") if not sight.free(self.cursor.deal)
                else tr("replay.seen_from_yours") if seat == sight.person
                else tr("replay.seen_from", name=self.watched.names[seat]))
        self.panel.draw(surface, self.layout, heading, seen, sight.last_line())

    def on_resize(self, size: tuple[int, int]) -> None:
        self._build(size)

    def leave(self) -> None:
        self.panel.kill()

"""The table: a whole match played with the mouse (and keys). The scene coordinates rooms
of one concept each, held (never inherited):

- ``options`` (:mod:`options`): the settings the table follows, one frozen value,
  changed only by :meth:`TableScene.apply_options`;
- ``hand`` (:mod:`hand`): the person's cards, the melds staged and what each gesture
  means; ``seats`` (:mod:`seats`): who plays at the screen (a watch, the device passed);
- ``calls`` (:mod:`calls.own`) and ``shared_calls`` (:mod:`calls.shared`): the person's
  call window and the one several people share; ``asking`` (:mod:`asking`): the choice
  panels;
- ``input`` (:mod:`input`) turns pygame events into the verbs of these rooms (hit tests,
  press and drag, keys, double-clicks on the frame clock); ``motion`` (:mod:`motion`)
  moves cards and flights on the frame clock; the frozen :class:`TableFrame`
  (:mod:`frame`) is what :mod:`painter` paints; ``logbook`` (:mod:`log.book`) the log.

The scene reads the player's view (never the game) and changes nothing itself: every
move goes through the session's door as the move of the seat at the screen.

Where to hook: :meth:`TableScene.absorb` sees every event of every applied move (sound
cues, narration, animation start there); the person's call window ticks in
``calls.tick``, a computer's call is made by :meth:`MatchSession.update`; gestures not
yet committed go through ``hand.rearrange``; the seat at the screen is
:attr:`MatchSession.screen_seat` (several people at one computer move ``session.viewer``,
then call :meth:`TableScene.reseat`).
"""

from __future__ import annotations

import time
from collections.abc import Callable
from functools import partial
from typing import TYPE_CHECKING

import pygame
from pygame_gui.elements import UIButton

from kalooki.engine import events as ev
from kalooki.engine.actions import Action, Allow, Call, Pass, Refuse
from kalooki.engine.deal import DealResult, Phase
from kalooki.engine.events import Event
from kalooki.engine.view import PlayerView
from kalooki.ui.guard import Prompt
from kalooki.ui.hand.edits import HandEdits
from kalooki.ui.session import MatchSession
from kalooki.ui.sound.event_cues import batch_cues
from kalooki.ui.table import gestures, questions
from kalooki.ui.table.asking import Asking
from kalooki.ui.table.buttons import TableButtons
from kalooki.ui.table.calls.own import OwnCalls
from kalooki.ui.table.calls.shared import SharedCalls
from kalooki.ui.table.frame import Marks, TableFrame, dragged_sprites, hint_marks, lit
from kalooki.ui.table.hand import Hand
from kalooki.ui.table.hint import advice
from kalooki.ui.table.input import TableInput, log_covered
from kalooki.ui.table.layout import compute_layout
from kalooki.ui.table.log.book import TableLog, log_box
from kalooki.ui.table.log.narrate import Narrator
from kalooki.ui.table.motion import Motion
from kalooki.ui.table.options import NORMAL, TableOptions
from kalooki.ui.table.painter import TablePainter
from kalooki.ui.table.placement import Placement, place_cards
from kalooki.ui.table.prompts import admits, summary_prompt
from kalooki.ui.table.seats import Seats
from kalooki.ui.table.summary import render_summary
from kalooki.words import Said, phrase
from kalooki.words.refusals import refusal

if TYPE_CHECKING:
    from kalooki.ui.scene import Host

TOAST_SECONDS = 3.5
BANNER_SECONDS = 1.6
COMPUTER_POLL = 0.05
"""Seconds between looks at a computer player's move (its pause, its thinking thread)."""
COUNTDOWN_EDGE = 0.001
"""A hair past the countdown's next whole second, so the frame drawn then shows it."""

PauseExtras = tuple[tuple[str, Callable[[], None]], ...]


class TableScene:
    help_topic = "table"

    def __init__(self, app: Host, session: MatchSession,
                 options: TableOptions = NORMAL, *, batch_seconds: float = 0.0,
                 deal_limit: int | None = None,
                 on_quit: Callable[[], object] | None = None,
                 pause_extras: PauseExtras = (),
                 help_rules: Callable[[], None] | None = None,
                 now: Callable[[], float] = time.perf_counter) -> None:
        self.app = app
        self.session = session
        self.options = options
        self.deal_limit = deal_limit
        """Deals to play before the table is left (a watched match of a few deals)."""
        self.batch_seconds = batch_seconds
        """With more than 0, computer moves are applied back to back for up to this many
        seconds of one frame (``now`` tells), drawing only the last (autoplay)."""
        self.pause_extras = pause_extras
        """Pause-menu entries between Resume and Quit to menu (Rules, Save game, Settings),
        given by the code that opens the table."""
        self.help_rules = help_rules
        """Opens this game's rules (the help overlay's link), when the window can."""
        self._now = now
        self.on_quit = on_quit or app.quit
        self.on_leave: list[Callable[[], None]] = []
        """Called as the table is left, before its session closes (the autosave keeping
        the cards as the people left them)."""
        self.view = session.view()
        self.seats = Seats(self)
        self.hand = Hand(self)
        self.asking = Asking(self)
        self.calls = OwnCalls(self)
        self.shared_calls = SharedCalls(self)
        self.narrator = Narrator(list(session.names), None if session.shared_screen
                                 else self.seats.seat, self.view.rules)
        """With several people at the screen, the log names everyone and tells only what
        all may see."""
        self.motion = Motion(options.speed)
        self.input = TableInput()
        self.logbook = TableLog()
        self.log: list[Said] = self.logbook.lines
        """The log's lines as phrases, oldest first, worded when drawn (a language switch
        re-words them); kept in place by the log room."""
        self.toast: tuple[Said, float] = ("", 0.0)
        self.banner: tuple[Said, float] = ("", 0.0)
        self.result: DealResult | None = None
        self.summary_surface: pygame.Surface | None = None
        self.summary_room = 0
        """Height the deal's summary keeps clear at its bottom left (for a lesson)."""
        self.deals_finished = 0
        self.lesson_marks: Callable[[], Marks] = Marks
        """What the guided game's lesson lights now (see :meth:`lesson_says`)."""
        self.lesson_box = pygame.Rect(0, 0, 0, 0)
        """Where the guided game's lesson box lies over the table (see :meth:`lesson_says`)."""
        self.away = False
        """Another screen is shown over the paused table (its widgets hidden)."""
        self.painter = TablePainter(app.card_art)
        self.layout = compute_layout(app.size, self.view.players, self.view.player,
                                     options.card_scale)
        self.placement = Placement()
        self._buttons = TableButtons()
        self._build_widgets()
        events = session.take_events()
        if not events:  # a match resumed: its story so far, from the record
            self.logbook.retell(session.record, None if session.shared_screen
                                else session.viewer, self.narrator)
        self.absorb(events)

    def apply_options(self, options: TableOptions) -> None:
        """Follow new options from now on, rebuilding what depends on them: the cards'
        flight time, and for a new card size the layout and the widgets on it."""
        before, self.options = self.options, options
        self.motion.set_speed(options.speed)
        if options.card_scale != before.card_scale:
            self.on_resize(self.app.size)

    # --- widgets ---------------------------------------------------------------------

    @property
    def buttons(self) -> dict[str, UIButton]:
        return self._buttons.by_name

    def _build_widgets(self) -> None:
        hand, calls = self.hand, self.calls
        self._buttons.build(self.app.ui, self.layout, self.app.size, {
            "lay": hand.lay_down, "call": partial(calls.answer, Call()),
            "pass": partial(calls.answer, Pass()), "allow": partial(calls.answer, Allow()),
            "refuse": partial(calls.answer, Refuse()), "wait": calls.hold_call,
            "next": self.next_deal,
            "suit": lambda: hand.sort("suit"),
            "rank": lambda: hand.sort("rank"),
            "hint": self.show_hint, "hands": self.seats.toggle_hands,
            "undo": lambda: hand.rearrange(HandEdits.undo),
            "redo": lambda: hand.rearrange(HandEdits.redo)})
        self._refresh_widgets()

    def _refresh_widgets(self) -> None:
        if self.away:  # under another screen (a rebuild for a new card size, say)
            self._buttons.hide()
            return
        call = self.calls.window
        self._buttons.refresh(self.view, self.seats.at_screen, self.result is not None,
                              self.finished, bool(self.hand.lays), self.seats.show_hands,
                              call_asked=call is not None and call.asks,
                              call_held=call is not None and call.held,
                              log_covered=log_covered(self))

    def step_away(self) -> None:
        """Another screen is shown over the paused table: its widgets hide until
        :meth:`come_back`."""
        self.away = True
        self._buttons.hide()

    def come_back(self, paused: bool = True) -> None:
        """The table is on screen again, as it was: its pause menu open again when the
        screen was opened from it (``paused``)."""
        self.away = False
        self.on_resize(self.app.size)
        if paused:
            self.open_pause()

    @property
    def help_lines(self) -> list[tuple[str, str]]:
        """The F1 help's lines for the people's call keys, in the language now."""
        return self.shared_calls.help_lines()

    def lesson_says(self, marks: Callable[[], Marks], room: int, box: pygame.Rect) -> None:
        """The guided game's lesson: what it lights now, the height the deal's summary
        keeps clear at its bottom left for it, and where its box lies over the table
        (empty: none). The log under the box keeps still and its scroll bar hides (a
        widget is drawn over the scene: the bar would show through the box)."""
        self.lesson_marks = marks
        self.summary_room = room
        if box != self.lesson_box:
            self.lesson_box = box
            self._refresh_widgets()

    # --- the engine's answers --------------------------------------------------------

    def submit(self, action: Action) -> bool:
        """Hand ``action`` to the engine as the move of the seat the person at the screen
        plays, never anyone else's; a refusal is shown and changes nothing."""
        seat = self.seats.seat
        if seat is None:  # nobody at the screen: the computers play alone
            return False
        problem = self.session.submit(action, seat)
        if problem is not None:
            self.show_toast(refusal(problem))
            return False
        self.hand.edits.committed()
        self.absorb(self.session.take_events())
        return True

    def absorb(self, events: list[Event]) -> None:
        """Take in what happened (every applied move's events, as the viewer may see
        them): sounds, the log, banners, animations, the deal's end; then the new view."""
        view = self.session.view()
        self.app.sounds.cue(batch_cues(events), flight=self.motion.duration)
        for event in events:
            line = self.narrator.line(
                event.seen_by(None) if self.session.shared_screen else event, view.table)
            if line:
                self.logbook.add(line)
            self.motion.follow(event, self.layout, view.player)
            self._note(event, view, line)
        if events:
            self.hand.drop_hint()  # the game moved on: the hint with it
        self.hand.follow(self.view, view, any(isinstance(e, ev.Dealt) for e in events))
        self.view = view
        self.restage()

    def _note(self, event: Event, view: PlayerView, line: Said | None) -> None:
        """What an event changes at the table besides the cards: banners, the deal's end.
        A call's banner is its outcome (allowed, or refused), worded as the log has it:
        a call that is then refused is never announced as won."""
        match event:
            case ev.Allowed() | ev.Refused() if line:
                self.banner = (line, BANNER_SECONDS)
            case ev.DealEnded(result=result):
                self.deals_finished += 1
                self.result = result
            case ev.MatchEnded() if self.result is None and view.results:
                self.result = view.results[-1]  # decided by a buy-in: the standings
            case ev.DealVoided():
                self.deals_finished += 1
                self.banner = (line or "", BANNER_SECONDS)

    def restage(self) -> None:
        """Re-read the staged melds, the lay-downs they allow, and where every card goes."""
        self.hand.judge()
        self.place_cards()
        if self.result is not None and self.summary_surface is None:
            self._open_summary()
        self._refresh_widgets()

    def place_cards(self) -> None:
        """Where every card goes now; motion takes them there."""
        self.placement = place_cards(self.layout, self.view, self.hand.arrangement,
                                     self.hand.staged)
        drag = self.input.drag
        self.motion.settle(self.placement, drag.cards if drag else ())
        history = self.hand.edits.history
        self._buttons.refresh_undo(history.can_undo, history.can_redo)

    # --- deal end ----------------------------------------------------------------------

    def _open_summary(self) -> None:
        assert self.result is not None
        session = self.session
        session.set_paused(True)
        view = self.view
        openings = {player: points for (deal, player), points in session.openings.items()
                    if deal == self.result.deal}
        self.summary_surface = render_summary(
            self.app.card_art, self.app.size, self.result, session.names,
            list(view.totals), session.over, rules=view.rules, openings=openings,
            opened=session.down_at_end.get(self.result.deal), out=list(view.out),
            history=list(view.results),
            you=None if session.shared_screen else self.seats.seat, room=self.summary_room)

    @property
    def finished(self) -> bool:
        """The match is over, or the deals this table was opened for are played."""
        return self.session.over or (self.deal_limit is not None
                                     and self.deals_finished >= self.deal_limit)

    def next_deal(self) -> None:
        if self.result is not None and not self.admits(
                summary_prompt(self.result.deal, self.options.settle_seconds)):
            return
        if self.finished:
            self.on_quit()
            return
        self.result = None
        self.summary_surface = None
        self.session.set_paused(self.asking.open)
        self._refresh_widgets()

    # --- messages, questions, prompts ----------------------------------------------------

    def show_toast(self, message: Said) -> None:
        self.toast = (message, TOAST_SECONDS)

    def open_pause(self) -> None:
        self.asking.ask(questions.pause_menu(self.pause_extras, self.on_quit))

    def show_hint(self) -> None:
        """Ask the advisor what to do now: its reason is shown and the cards or the place
        it means are outlined until the game moves on; the card it discards is selected or
        its melds staged, one step with the hint that Undo takes back."""
        view = self.view
        if not (view.my_turn and view.legal and self.session.screen_to_act):
            self.show_toast(phrase("table.toast.hint_not_yours"))
            return
        if view.phase == Phase.CUT:
            self.show_toast(phrase("table.toast.hint_cut"))
            return
        shown, ready = advice(view, self.hand.arrangement, self.session.names)
        self.hand.rearrange(lambda edits: edits.advise(shown, ready))

    def prompt(self) -> Prompt | None:
        """The prompt on top of the table now: a choice panel, the deal's summary, the
        shared call window, or the call or allowing the person is asked."""
        if self.asking.open:
            return self.asking.prompt
        if self.result is not None:
            return summary_prompt(self.result.deal, self.options.settle_seconds)
        if self.shared_calls.window is not None:
            return self.shared_calls.prompt()
        return self.calls.prompt()

    def admits(self, wanted: Prompt | None) -> bool:
        """Whether the input handled now answers ``wanted`` (see :func:`prompts.admits`)."""
        return admits(self.app.guard, wanted, self.prompt(), self.app.notify)

    def reseat(self) -> None:
        """Look through the eyes of the session's viewer anew (the device was passed to
        the next person): their cards as they left them this deal (a card that came
        meanwhile, a call's penalty card, glows); the log, shared, only ever told what
        all may see."""
        self.view = self.session.view()
        self.hand.take_back(self.view)
        self.on_resize(self.app.size)

    # --- Scene -----------------------------------------------------------------------------

    def handle_event(self, event: pygame.event.Event) -> None:
        self.input.handle(event, self)

    def update(self, dt: float) -> None:
        self.input.tick(dt)
        self._buttons.follow_log(self.logbook, log_box(self.layout))
        self._buttons.place_tips(self.app.size)
        self.motion.update(dt)
        if self.session.update(dt, busy=self.motion.busy):
            self.absorb(self.session.take_events())
            deadline = self._now() + self.batch_seconds
            while (self.result is None and self._now() < deadline
                   and self.session.update(0.0, busy=self.motion.busy)):
                self.absorb(self.session.take_events())
        self.calls.tick(dt)
        self.shared_calls.tick(dt)
        self.seats.offer_pass()
        self.seats.offer_buy_in()
        self.toast = (self.toast[0], self.toast[1] - dt)
        self.banner = (self.banner[0], self.banner[1] - dt)

    def frame_due(self) -> float | None:
        """0 while cards fly; else the next moment the table changes by itself: a computer
        player's next look at its move, the call countdown's next second, a message's end.
        None while it waits for the person at the screen."""
        if self.motion.busy:
            return 0.0
        dues = [left for _, left in (self.toast, self.banner) if left > 0]
        if not self.session.paused:
            if self.session.computer_to_act is not None:
                dues.append(COMPUTER_POLL)
            window = self.calls.window or self.shared_calls.window
            due = window.due() if window is not None else None
            if due is not None:
                dues.append(due + COUNTDOWN_EDGE)
        return min(dues, default=None)

    def frame(self) -> TableFrame:
        """This frame, as the painter draws it."""
        view, layout, placement, motion = self.view, self.layout, self.placement, self.motion
        hand, seats, shared = self.hand, self.seats, self.shared_calls.window
        drag, hint = self.input.drag, hand.hint
        hint_cards, hint_places = hint_marks(hint.action if hint else None, layout,
                                             placement, motion, self._buttons.shown())
        cut = None
        if hand.cutting:
            aims = gestures.cut_aims(view)
            cut = ((aims[-1] + 1) if aims else 100, self.input.cut_share(layout))
        return TableFrame(
            layout=layout, view=view, names=self.session.names, open_hands=seats.open_hands,
            levels=tuple(seat.level for seat in self.session.seats),
            at_screen=seats.at_screen and not self.session.covered,
            melds_owner=seats.melds_owner,
            callers=shared.people if shared is not None else (),
            cards=motion.sprites(placement, hand.arrangement.selected,
                                 drag.cards if drag else (), view.freed_joker, view.discard,
                                 face_down=view.hand if seats.watching and not seats.show_hands
                                 else (), fresh=hand.edits.fresh),
            flights=motion.flights(), dragged=dragged_sprites(drag, layout, view),
            lit=lit(drag, view, layout, placement),
            staged=tuple(zip(hand.staged, placement.staged_rects, strict=True)),
            ready=bool(hand.lays), lay_problem=hand.lay_problem,
            cut=cut,
            hint_reason=hint.reason if hint else None, hint_cards=hint_cards,
            hint_places=hint_places, taught=self.lesson_marks(), call_asked=self.calls.asked,
            call_seconds=self.calls.window.seconds_shown if self.calls.window else None,
            log=self.logbook.page(log_box(layout)),
            toast=self.toast[0] if self.toast[1] > 0 else "",
            banner=self.banner[0] if self.banner[1] > 0 and self.result is None else "",
            lesson_box=self.lesson_box)

    def draw(self, surface: pygame.Surface) -> None:
        self.app.guard.shown(self.prompt())
        self.painter.draw(surface, self.frame())
        self.input.draw_focus(surface, self)
        if self.summary_surface is not None:
            surface.blit(self.summary_surface, (0, 0))

    def on_resize(self, size: tuple[int, int]) -> None:
        self.layout = compute_layout(size, self.view.players, self.view.player,
                                     self.options.card_scale)
        self.motion.clear()
        self._build_widgets()
        if self.asking.open:
            self.asking.close()
            self.open_pause()
        if self.summary_surface is not None:
            self.summary_surface = None
        self.restage()

    def leave(self) -> None:
        for keep in self.on_leave:
            keep()
        self.session.close()
        self.shared_calls.close()
        self.asking.close()
        self._buttons.kill()

"""The table: a whole match played with the mouse (and keys). The scene coordinates rooms
of one concept each:

- :mod:`table_input` turns pygame events into this scene's verbs (hit tests, press and
  drag, keys, double-clicks on the frame clock); its list of places is the focus ring
  for keyboard play;
- :mod:`table_gestures` says what a gesture means, purely: the player's view and what
  was touched in, the action (chosen from ``view.legal``) out;
- :mod:`table_motion` moves cards and flights on the frame clock;
- :mod:`table_frame` is the frozen snapshot of one frame, which :mod:`table_draw` paints;
- :mod:`table_buttons` holds the widgets; :mod:`table_questions` the choice panels;
- :mod:`table_hand` keeps the person's own cards as arranged, with undo and redo;
- :mod:`call_window` times the person's call window and says whom a key press is for;
- :mod:`table_seats` knows who plays at the screen (a watch, the device passed on).

The scene reads the player's view (never the game) and changes nothing itself: every
move goes through the session's door as the move of the seat at the screen.

Where to hook: :meth:`TableScene.absorb` sees every event of every applied move (sound
cues, narration, animation start there); the person's call window ticks in
:meth:`TableScene._tick_call`, a computer's call is made by :meth:`MatchSession.update`;
gestures not yet committed go through :meth:`TableScene.rearrange`; the seat at the
screen is :attr:`MatchSession.screen_seat` (several people at one computer move
``session.viewer``, then call :meth:`TableScene.reseat`).
"""

from __future__ import annotations

import random
import time
from collections.abc import Callable
from functools import partial
from typing import TYPE_CHECKING

import pygame
from pygame_gui.elements import UIButton

from kalooki.engine import events as ev
from kalooki.engine.actions import (
    Action,
    Allow,
    Call,
    Discard,
    LayDown,
    Pass,
    Refuse,
)
from kalooki.engine.cards import sort_key_rank, sort_key_suit
from kalooki.engine.deal import DealResult, Phase
from kalooki.engine.errors import RuleError
from kalooki.engine.events import Event
from kalooki.engine.view import PlayerView
from kalooki.ui.hand.arrangement import Arrangement
from kalooki.ui.hand.edits import HandEdits
from kalooki.ui.hand.staging import StagedMeld, assess, legal_lay_downs
from kalooki.ui.session import MatchSession
from kalooki.ui.sound.cues import batch_cues
from kalooki.ui.table import gestures, questions
from kalooki.ui.table.buttons import TableButtons
from kalooki.ui.table.call_window import CallDesk, SharedCall
from kalooki.ui.table.frame import Marks, TableFrame, dragged_sprites, hint_marks, lit
from kalooki.ui.table.hint import Hint, advice
from kalooki.ui.table.input import Place, TableInput
from kalooki.ui.table.layout import compute_layout
from kalooki.ui.table.log import TableLog, chip_rect, log_box
from kalooki.ui.table.motion import Motion
from kalooki.ui.table.narrate import Narrator
from kalooki.ui.table.own_calls import OwnCalls
from kalooki.ui.table.painter import TablePainter
from kalooki.ui.table.placement import Placement, Spot, place_cards
from kalooki.ui.table.prompts import (
    question_prompt,
    summary_prompt,
)
from kalooki.ui.table.questions import Question
from kalooki.ui.table.seats import ScreenSeats
from kalooki.ui.table.shared_calls import CallPanel, SharedCalls
from kalooki.ui.table.summary import render_summary
from kalooki.ui.widgets.choice_panel import ChoicePanel
from kalooki.ui.widgets.guard import SETTLE_SECONDS, Prompt
from kalooki.words import Said, phrase, tr
from kalooki.words.refusals import refusal

if TYPE_CHECKING:
    from kalooki.ui.scene import Host

TOAST_SECONDS = 3.5
BANNER_SECONDS = 1.6
COMPUTER_POLL = 0.05
"""Seconds between looks at a computer player's move (its pause, its thinking thread)."""
COUNTDOWN_EDGE = 0.001
"""A hair past the countdown's next whole second, so the frame drawn then shows it."""


class TableScene(ScreenSeats, SharedCalls, OwnCalls):
    pause_extras: tuple[tuple[str, Callable[[], None]], ...] = ()
    help_topic = "table"
    help_rules: Callable[[], None] | None = None
    """Opens this game's rules (the help overlay's link), when the window can."""
    """Pause-menu entries between Resume and Quit to menu (Rules, Save game), set by the
    code that opens the table."""

    def __init__(self, app: Host, session: MatchSession, *, speed: str = "normal",
                 call_seconds: float = 5.0, ask_only_when_helps: bool = True,
                 card_scale: float = 1.0,
                 confirm_discard: bool = False, batch_seconds: float = 0.0,
                 deal_limit: int | None = None, settle_seconds: float = SETTLE_SECONDS,
                 on_quit: Callable[[], object] | None = None,
                 now: Callable[[], float] = time.perf_counter) -> None:
        self.app = app
        self.deal_limit = deal_limit
        """Deals to play before the table is left (a watched match of a few deals)."""
        self.show_hands = True
        """In a watched match, every hand face up (else every hand face down)."""
        self.session = session
        self.call_seconds = call_seconds
        self.settle_seconds = settle_seconds
        """How long a prompt that comes up by itself ignores input (see :mod:`prompts`)."""
        self.ask_only_when_helps = ask_only_when_helps
        self.card_scale = card_scale
        self.confirm_discard = confirm_discard
        self.batch_seconds = batch_seconds
        """With more than 0, computer moves are applied back to back for up to this many
        seconds of one frame (``now`` tells), drawing only the last (autoplay)."""
        self._now = now
        self.on_quit = on_quit or app.quit
        self.view = session.view()
        self.narrator = Narrator(list(session.names), None if session.shared_screen
                                 else self.seat, self.view.rules)
        """With several people at the screen, the log names everyone and tells only what
        all may see."""
        self.edits = HandEdits()
        self.kept: dict[int, tuple[int, HandEdits]] = {}
        """Each person's cards as they left them (and the deal), while others play."""
        self.staged: list[StagedMeld] = []
        self.lays: list[LayDown] = []
        self.lay_problem: Said = ""
        self.speed = speed
        self.motion = Motion(speed)
        self.input = TableInput()
        self.logbook = TableLog()
        self.log: list[Said] = self.logbook.lines
        """The log's lines as phrases, oldest first, worded when drawn (a language switch
        re-words them); kept in place by the log room."""
        self.toast: tuple[Said, float] = ("", 0.0)
        self.banner: tuple[Said, float] = ("", 0.0)
        self.calls = CallDesk()
        self.shared: SharedCall | None = None
        self.shared_panel: CallPanel | None = None
        self.result: DealResult | None = None
        self.summary_surface: pygame.Surface | None = None
        self.summary_room = 0
        """Height the deal's summary keeps clear at its bottom left (for a lesson)."""
        self.deals_finished = 0
        self.chooser: ChoicePanel | None = None
        self.asked: Question | None = None
        """The question the chooser shows."""
        self.asked_prompt: Prompt | None = None
        self.questions = 0
        """Choice panels opened so far: the serial of the one open now."""
        self.hint: Hint | None = None
        self.lesson_marks: Callable[[], Marks] = Marks
        """What the guided game's lesson lights now (the lesson room sets it)."""
        self.cut_random = random.Random()
        self.painter = TablePainter(app.card_art)
        self.layout = compute_layout(app.size, self.view.players, self.view.player, card_scale)
        self.placement = Placement()
        self._buttons = TableButtons()
        self._build_widgets()
        events = session.take_events()
        if not events:  # a match resumed: its story so far, from the record
            self.logbook.retell(session.record, None if session.shared_screen
                                else session.viewer, self.narrator)
        self.absorb(events)

    # --- widgets ---------------------------------------------------------------------

    @property
    def buttons(self) -> dict[str, UIButton]:
        return self._buttons.by_name

    def _build_widgets(self) -> None:
        self._buttons.build(self.app.ui, self.layout, self.app.size, {
            "lay": self.lay_down, "call": partial(self.answer, Call()),
            "pass": partial(self.answer, Pass()), "allow": partial(self.answer, Allow()),
            "refuse": partial(self.answer, Refuse()), "wait": self.hold_call,
            "next": self.next_deal,
            "suit": lambda: self.rearrange(lambda e: e.sort(sort_key_suit)),
            "rank": lambda: self.rearrange(lambda e: e.sort(sort_key_rank)),
            "hint": self.show_hint, "hands": self.toggle_hands,
            "undo": lambda: self.rearrange(HandEdits.undo),
            "redo": lambda: self.rearrange(HandEdits.redo)})
        self._refresh_widgets()

    def _refresh_widgets(self) -> None:
        call = self.calls.window
        self._buttons.refresh(self.view, self.at_screen, self.result is not None,
                              self.finished, bool(self.lays), self.show_hands,
                              call_asked=call is not None and call.asks,
                              call_held=call is not None and call.held)

    # --- the engine's answers --------------------------------------------------------

    def submit(self, action: Action) -> bool:
        """Hand ``action`` to the engine as the move of the seat the person at the screen
        plays, never anyone else's; a refusal is shown and changes nothing."""
        seat = self.seat
        if seat is None:  # nobody at the screen: the computers play alone
            return False
        problem = self.session.submit(action, seat)
        if problem is not None:
            self.show_toast(refusal(problem))
            return False
        self.edits.committed()
        self.absorb(self.session.take_events())
        return True

    def _offer(self, meant: Action | gestures.Nudge | None) -> None:
        """Submit what a gesture meant (a discard asked about first, when the settings
        say so and it is legal); a nudge is said instead."""
        if isinstance(meant, gestures.Nudge):
            self.show_toast(meant.text)
        elif isinstance(meant, Discard) and self.confirm_discard and \
                self.why_illegal(meant) is None:
            self.ask(questions.confirm_discard(meant, self.submit))
        elif meant is not None:
            self.submit(meant)

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
            self.hint = None  # the game moved on
        if self.view.hand and not view.hand and self.session.covered:  # the turn is over
            self.kept[self.view.player] = (self.view.deal_no, self.edits)
            self.edits = HandEdits()
        self.view = view
        self.edits.follow(view.hand, dealt=any(isinstance(event, ev.Dealt) for event in events))
        self._restage()

    def _note(self, event: Event, view: PlayerView, line: Said | None) -> None:
        """What an event changes at the table besides the cards: banners, the deal's end.
        A call's banner is its outcome (allowed, or refused), worded as the log has it:
        a call that is then refused is never announced as won."""
        match event:
            case ev.Allowed() | ev.Refused() if line:
                self.show_banner(line)
            case ev.DealEnded(result=result):
                self.deals_finished += 1
                self.result = result
            case ev.MatchEnded() if self.result is None and view.results:
                self.result = view.results[-1]  # decided by a buy-in: the standings
            case ev.DealVoided():
                self.deals_finished += 1
                self.show_banner(line or "")

    def why_illegal(self, action: Action) -> RuleError | None:
        """Why the engine would refuse ``action`` from the seat whose view this is."""
        return self.session.why_illegal(action, self.view.player)

    def _restage(self) -> None:
        """Re-read the staged melds, the lay-downs they allow, and where every card goes."""
        rules = self.view.rules
        self.staged = [assess(meld, rules) for meld in self.arrangement.staged]
        mine = self.view.to_act == self.view.player and self.view.phase == Phase.PLAY
        if mine and self.staged:
            self.lays, problem = legal_lay_downs(self.staged, self.why_illegal)
            self.lay_problem = refusal(problem) if problem else ""
        else:
            self.lays, self.lay_problem = [], ""
        self.place_cards()
        if self.result is not None and self.summary_surface is None:
            self._open_summary()
        self._refresh_widgets()

    def place_cards(self) -> None:
        """Where every card goes now; motion takes them there."""
        self.placement = place_cards(self.layout, self.view, self.arrangement, self.staged)
        drag = self.input.drag
        self.motion.settle(self.placement, drag.cards if drag else ())
        self._buttons.refresh_undo(self.edits.history.can_undo, self.edits.history.can_redo)

    # --- deal end ----------------------------------------------------------------------

    def _open_summary(self) -> None:
        assert self.result is not None
        self.session.paused = True
        view = self.view
        openings = {player: points for (deal, player), points in self.session.openings.items()
                    if deal == self.result.deal}
        self.summary_surface = render_summary(
            self.app.card_art, self.app.size, self.result, self.session.names,
            list(view.totals), self.session.over, rules=view.rules, openings=openings,
            opened=self.session.down_at_end.get(self.result.deal), out=list(view.out),
            history=list(view.results), you=None if self.session.shared_screen else self.seat,
            room=self.summary_room)

    @property
    def finished(self) -> bool:
        """The match is over, or the deals this table was opened for are played."""
        return self.session.over or (self.deal_limit is not None
                                     and self.deals_finished >= self.deal_limit)

    def next_deal(self) -> None:
        if self.result is not None and not self.admits(
                summary_prompt(self.result.deal, self.settle_seconds)):
            return
        if self.finished:
            self.on_quit()
            return
        self.result = None
        self.summary_surface = None
        self.session.paused = self.chooser is not None
        self._refresh_widgets()

    # --- messages and choices ------------------------------------------------------------

    def show_toast(self, message: Said) -> None:
        self.toast = (message, TOAST_SECONDS)

    def show_banner(self, message: Said) -> None:
        self.banner = (message, BANNER_SECONDS)

    def ask(self, question: Question) -> None:
        """Open a choice panel (the game waits meanwhile); the answer chosen is done."""
        self.close_chooser()
        self.session.paused = True
        self.asked = question
        self.questions += 1
        self.asked_prompt = question_prompt(question, self.questions, self.settle_seconds)
        self.chooser = ChoicePanel(self.app.ui, self.app.size, question.title,
                                   question.options, self.pick)

    def pick(self, index: int) -> None:
        """The ``index``-th answer of the question asked: done, when the input was made
        for this question (see :mod:`prompts`)."""
        question = self.asked
        if question is None or not self.admits(self.asked_prompt):
            return
        self.close_chooser()
        deed = question.answers[index][1]
        if deed is not None:
            deed()

    def close_chooser(self) -> None:
        if self.chooser is not None:
            self.chooser.kill()
            self.chooser = None
            self.asked = self.asked_prompt = None
        self.session.paused = self.result is not None

    def open_pause(self) -> None:
        self.ask(questions.pause_menu(self.pause_extras, self.on_quit))

    def show_hint(self) -> None:
        """Ask the advisor what to do now: its reason is shown and the cards or the place
        it means are outlined until the game moves on."""
        view = self.view
        if not (view.my_turn and view.legal and self.session.screen_to_act):
            self.show_toast(phrase("table.toast.hint_not_yours"))
            return
        if view.phase == Phase.CUT:
            self.show_toast(phrase("table.toast.hint_cut"))
            return
        self.hint, readied = advice(view, self.arrangement)
        if readied is not None:  # its card selected, or its melds staged
            self.rearrange(readied)

    # --- the verbs input asks for (see table_input.TableVerbs) ----------------------------

    @property
    def asking(self) -> bool:
        """A choice panel (pause menu, joker placement, confirmation) waits for an answer."""
        return self.chooser is not None

    @property
    def summary_open(self) -> bool:
        return self.result is not None

    @property
    def cutting(self) -> bool:
        view = self.view
        return (view.phase == Phase.CUT and view.to_act == view.player
                and self.session.screen_to_act and self.result is None)

    def scroll_log(self, entries: int = 0, pages: int = 0) -> None:
        """The log ``entries`` or ``pages`` further on (negative: back in the match)."""
        page = self.logbook.page(log_box(self.layout))
        self.logbook.scroll(entries + pages * max(1, page.count - 1), page)

    @property
    def log_chip(self) -> pygame.Rect | None:
        """Where the log's "new lines ↓" chip is, while it is shown."""
        box = log_box(self.layout)
        return chip_rect(box, tr("table.log.new_lines")) if self.logbook.page(box).unread \
            else None

    def follow_log(self) -> None:
        self.logbook.follow()

    @property
    def arrangement(self) -> Arrangement:
        """The person's cards as they lie (changed only through ``self.edits``)."""
        return self.edits.arrangement

    def pick_up(self, card: int) -> list[int]:
        return self.edits.lift(card)

    def rearrange(self, change: Callable[[HandEdits], object]) -> None:
        """A gesture on the person's own cards (select, sort, stage, undo…): an undoable
        step of ``self.edits``; then the staged melds are judged again."""
        change(self.edits)
        self._restage()

    def stage(self, cards: list[int], meld: int | None) -> None:
        self.rearrange(lambda edits: edits.stage(cards, meld))

    def to_hand(self, cards: list[int], index: int | None) -> None:
        self.rearrange(lambda edits: edits.to_hand(cards, index))

    def let_go(self, cards: list[int], spots: list[Spot]) -> None:
        self.motion.let_go(cards, spots)

    def from_pile(self, pile: gestures.Pile) -> None:
        self._offer(gestures.from_pile(self.view, pile, self.cut_random))

    def click_discard(self) -> None:
        self._offer(gestures.click_discard(self.view, self.arrangement.chosen()))

    def cut_at(self, share: float | None) -> None:
        """Cut where the pack was let go, or anywhere for None; the engine adds its own
        wobble, so the exact count is never the player's to see."""
        self._offer(gestures.cut(self.view, share, self.cut_random))

    def discard(self, cards: list[int]) -> None:
        self._offer(gestures.discard(self.view, cards))

    def tack(self, cards: list[int], meld: int, end: str) -> None:
        """Add ``cards`` to table meld ``meld`` one by one (``end``: the half they were
        dropped on); naturals that free a joker of the meld do that instead."""
        release = gestures.release(self.view, cards, meld)
        if release is not None:
            self.submit(release)
            return
        for card in gestures.tack_order(self.view, cards, meld, end):
            if not self.submit(gestures.tack(self.view, card, meld, end)):
                return

    def drop_cards(self, cards: list[int], place: Place | None, clicked: bool) -> None:
        """Cards let go (or clicked to) ``place``: discard, tack, stage or reorder."""
        if place is None:
            if not clicked:
                self.show_toast(phrase("table.toast.drop_where"))
        elif place.kind == "discard":
            self.discard(cards)
        elif place.kind == "meld":
            assert place.index is not None
            self.tack(cards, place.index, place.end)
        elif place.kind == "staging":
            self.stage(cards, place.index)
        else:
            self.to_hand(cards, place.index)
        self.edits.settle()
        self.place_cards()

    def lay_down(self) -> None:
        if not self.lays:
            self.show_toast(self.lay_problem or phrase("table.toast.stage_first"))
            return
        if len(self.lays) == 1:
            self.submit(self.lays[0])
            return
        self.ask(questions.joker_places(self.lays, self.view.rules, self.submit))

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
        self._tick_call(dt)
        self._tick_shared(dt)
        self._offer_pass()
        self._offer_buy_in()
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
            window = self.calls.window or self.shared
            due = window.due() if window is not None else None
            if due is not None:
                dues.append(due + COUNTDOWN_EDGE)
        return min(dues, default=None)

    def _offer_buy_in(self) -> None:
        """Over the elimination limit with a buy-in left: ask, once the summary is closed."""
        view = self.view
        if (view.phase != Phase.BUY_IN or view.to_act != view.player or self.result is not None
                or self.chooser is not None or not self.session.screen_to_act):
            return
        shared = self.session.shared_screen
        self.ask(questions.buy_in(view, self.submit,
                                  self.session.names[view.player] if shared else None))

    def frame(self) -> TableFrame:
        """This frame, as the painter draws it."""
        view, layout, placement, motion = self.view, self.layout, self.placement, self.motion
        drag = self.input.drag
        hint_cards, hint_places = hint_marks(self.hint.action if self.hint else None, layout,
                                             placement, motion, self._buttons.shown())
        cut = None
        if self.cutting:
            aims = gestures.cut_aims(view)
            cut = ((aims[-1] + 1) if aims else 100, self.input.cut_share(layout))
        return TableFrame(
            layout=layout, view=view, names=self.session.names, open_hands=self.open_hands,
            levels=tuple(seat.level for seat in self.session.seats),
            at_screen=self.at_screen and not self.session.covered,
            melds_owner=self.melds_owner,
            callers=self.shared.people if self.shared is not None else (),
            cards=motion.sprites(placement, self.arrangement.selected,
                                 drag.cards if drag else (), view.freed_joker, view.discard,
                                 face_down=view.hand if self.watching and not self.show_hands
                                 else (), fresh=self.edits.fresh),
            flights=motion.flights(), dragged=dragged_sprites(drag, layout, view),
            lit=lit(drag, view, layout, placement),
            staged=tuple(zip(self.staged, placement.staged_rects, strict=True)),
            ready=bool(self.lays), lay_problem=self.lay_problem,
            cut=cut,
            hint_reason=self.hint.reason if self.hint else None, hint_cards=hint_cards,
            hint_places=hint_places, taught=self.lesson_marks(), call_asked=self.calls.asked,
            call_seconds=self.calls.window.seconds_shown if self.calls.window else None,
            log=self.logbook.page(log_box(layout)),
            toast=self.toast[0] if self.toast[1] > 0 else "",
            banner=self.banner[0] if self.banner[1] > 0 else "")

    def draw(self, surface: pygame.Surface) -> None:
        self.app.guard.shown(self.prompt())
        self.painter.draw(surface, self.frame())
        self.input.draw_focus(surface, self)
        if self.summary_surface is not None:
            surface.blit(self.summary_surface, (0, 0))

    def on_resize(self, size: tuple[int, int]) -> None:
        self.layout = compute_layout(size, self.view.players, self.view.player,
                                     self.card_scale)
        self.motion.clear()
        self._build_widgets()
        if self.chooser is not None:
            self.close_chooser()
            self.open_pause()
        if self.summary_surface is not None:
            self.summary_surface = None
        self._restage()

    def leave(self) -> None:
        self.session.close()
        self._close_shared()
        self.close_chooser()
        self._buttons.kill()

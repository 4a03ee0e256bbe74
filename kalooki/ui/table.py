"""The table: a whole match played with the mouse (and keys).

Gestures become engine actions submitted through the :class:`MatchSession`; the events
that come back are narrated in the log and animated by moving cards from where they are
drawn to where :mod:`placement` says they now belong. The scene never changes the game.
"""

from __future__ import annotations

import random
import time
from collections.abc import Callable
from dataclasses import dataclass
from typing import TYPE_CHECKING

import pygame
from pygame_gui.elements import UIButton

from kalooki.ai.hint import hint
from kalooki.engine.actions import (
    Action,
    Allow,
    BuyIn,
    Call,
    Cut,
    Discard,
    DrawStock,
    DropOut,
    EndTurn,
    LayDown,
    MeldSpec,
    Pass,
    Refuse,
    ReleaseJoker,
    ShiftJoker,
    TackOn,
    TakeDiscard,
)
from kalooki.engine.cards import card_text, face_of, is_joker, sort_key_rank, sort_key_suit
from kalooki.engine.errors import RuleError
from kalooki.engine.events import Event
from kalooki.engine.melds import HIGH, LOW, declared_meld
from kalooki.engine.state import DealResult, Phase
from kalooki.ui.arrangement import Arrangement
from kalooki.ui.choice_panel import ChoicePanel
from kalooki.ui.clicks import DoubleClicks
from kalooki.ui.narrate import Narrator
from kalooki.ui.placement import Placement, place_cards
from kalooki.ui.session import MatchSession
from kalooki.ui.sound_cues import batch_cues
from kalooki.ui.staging import StagedMeld, assess, legal_lay_downs
from kalooki.ui.summary import render_summary, summary_rect
from kalooki.ui.table_draw import TablePainter
from kalooki.ui.table_layout import compute_layout
from kalooki.ui.tween import SPEEDS, Tween, Tweens
from kalooki.words import ui_text, ui_tooltip
from kalooki.words.refusals import refusal_text

if TYPE_CHECKING:
    from kalooki.ui.app import App

Point = tuple[float, float]

DRAG_THRESHOLD = 6
TOAST_SECONDS = 3.5
BANNER_SECONDS = 1.6
LOG_LIMIT = 300
DEAL_STAGGER = 0.03
COMPUTER_POLL = 0.05
"""Seconds between looks at a computer player's move (its pause, its thinking thread)."""
COUNTDOWN_EDGE = 0.001
"""A hair past the countdown's next whole second, so the frame drawn then shows it."""


@dataclass
class Press:
    """A mouse button held down that has not yet become a drag."""

    source: str  # "card", "stock" or "discard"
    card: int | None
    pos: tuple[int, int]


@dataclass
class Drag:
    source: str
    cards: list[int]
    grab: tuple[int, int]
    pos: tuple[int, int]


@dataclass(frozen=True)
class Hint:
    """A suggestion on screen until the game moves on: the action, why, and when."""

    action: Action
    reason: str
    stamp: int


@dataclass
class Flight:
    """A card that flies without a place to land in the view: a face-down draw, or a
    card an opponent took into their hidden hand. ``face`` is None for a card back."""

    face: int | None
    width: int


class TableScene:
    pause_extras: tuple[tuple[str, Callable[[], None]], ...] = ()
    """Pause-menu entries between Resume and Quit to menu (Rules, Save game), set by the
    code that opens the table."""

    def __init__(self, app: App, session: MatchSession, *, speed: str = "normal",
                 call_seconds: float = 5.0, card_scale: float = 1.0,
                 confirm_discard: bool = False, batch_seconds: float = 0.0,
                 deal_limit: int | None = None,
                 on_quit: Callable[[], None] | None = None) -> None:
        self.app = app
        self.deal_limit = deal_limit
        """Deals to play before the table is left (a watched match of a few deals)."""
        self.show_hands = True
        """In a watched match, every hand face up (else every hand face down)."""
        self.session = session
        self.speed = speed
        self.call_seconds = call_seconds
        self.card_scale = card_scale
        self.confirm_discard = confirm_discard
        self.batch_seconds = batch_seconds
        """With more than 0, computer moves are applied back to back for up to this many
        seconds of one frame, drawing only the last (autoplay: as fast as it can)."""
        self.on_quit = on_quit or app.quit
        names = list(session.names)
        human = session.seats[session.viewer].human
        self.narrator = Narrator(names, session.viewer if human else None,
                                 session.game.rules)
        self.arrangement = Arrangement()
        self.staged: list[StagedMeld] = []
        self.lays: list[LayDown] = []
        self.lay_problem = ""
        self.tweens = Tweens()
        self.flights: dict[int, Flight] = {}
        self._flight_key = 0
        self.pos: dict[int, Point] = {}
        self.origin: dict[int, tuple[Point, float]] = {}
        self.log: list[str] = []
        self.toast = ("", 0.0)
        self.banner = ("", 0.0)
        self.press: Press | None = None
        self.drag: Drag | None = None
        self.clicks = DoubleClicks()
        self.call_left: float | None = None
        self.result: DealResult | None = None
        self.summary_surface: pygame.Surface | None = None
        self.deals_finished = 0
        self.chooser: ChoicePanel | None = None
        self.hint: Hint | None = None
        self.cut_random = random.Random()
        self.view = session.view()
        self.painter = TablePainter(app.card_art)
        self.layout = compute_layout(app.size, session.game.players, session.viewer,
                                     card_scale)
        self.placement = Placement()
        self.buttons: dict[str, UIButton] = {}
        self._build_widgets()
        self._absorb(session.take_events())

    # --- widgets ---------------------------------------------------------------------

    def _build_widgets(self) -> None:
        for button in self.buttons.values():
            button.kill()
        manager, box, h = self.app.ui, self.layout.buttons, self.layout.button_h
        half = (box.width - 8) // 2
        top = pygame.Rect(box.left, box.top, box.width, h)
        left = pygame.Rect(box.left, box.top, half, h)
        right = pygame.Rect(box.left + half + 8, box.top, half, h)
        low = h + (box.height - 2 * h)
        third = (box.width - 16) // 3
        thirds = [pygame.Rect(box.left + i * (third + 8), box.top + low, third, h)
                  for i in range(3)]
        specs: dict[str, tuple[pygame.Rect, str, Callable[[], None], str | None]] = {
            "lay": (top, "Lay down", self.lay_down, "#primary"),
            "call": (left, "Call", lambda: self.submit(Call()), "#primary"),
            "pass": (right, "Pass", lambda: self.submit(Pass()), None),
            "allow": (left, "Allow", lambda: self.submit(Allow()), None),
            "refuse": (right, "Refuse", lambda: self.submit(Refuse()), "#primary"),
            "next": (self._next_rect(), "Next deal", self.next_deal, "#primary"),
            "suit": (thirds[0], "Suits", lambda: self.sort(sort_key_suit), None),
            "rank": (thirds[1], "Ranks", lambda: self.sort(sort_key_rank), None),
            "hint": (thirds[2], "Hint", self.show_hint, None),
            "hands": (top, "", self.toggle_hands, None),
        }
        tips = {"suit": "Sort your hand by suit (S)", "rank": "Sort your hand by rank (R)",
                "hint": "What would a good player do now? (H)"}
        self.buttons = {name: UIButton(rect, label, manager, command=command,
                                       object_id=object_id, tool_tip_text=tips.get(name))
                        for name, (rect, label, command, object_id) in specs.items()}
        tip = ui_tooltip("table.hands_tip")
        self.buttons["hands"].set_tooltip(tip["tool_tip_text"],
                                          text_kwargs=tip["tool_tip_text_kwargs"])
        self._refresh_widgets()

    def _next_rect(self) -> pygame.Rect:
        panel = summary_rect(self.app.size)
        h = self.layout.button_h
        return pygame.Rect(panel.right - 240, panel.bottom - h - 16, 220, h)

    def _refresh_widgets(self) -> None:
        view, mine = self.view, self.session.seats[self.session.viewer].human
        asked = mine and view.to_act == view.player
        shown = {"suit", "rank", "hint"} if mine else set()
        if mine:
            usable = asked and view.phase != Phase.CUT and self.result is None
            self.buttons["hint"].enable() if usable else self.buttons["hint"].disable()
        if self.result is not None:
            shown = {"next"}
            self.buttons["next"].set_text("Back to menu" if self.finished else "Next deal")
        elif asked and view.phase == Phase.CALL:
            shown |= {"call", "pass"}
        elif asked and view.phase == Phase.ALLOW:
            shown |= {"allow", "refuse"}
        elif self.watching:
            shown.add("hands")
            self.buttons["hands"].set_text(**ui_text(
                "table.hide_hands" if self.show_hands else "table.show_hands"))
        elif mine:
            shown.add("lay")
            self.buttons["lay"].set_text("Lay down" if not view.down[view.player]
                                         else "Lay melds")
            enabled = bool(self.lays) and asked and view.phase == Phase.PLAY
            self.buttons["lay"].enable() if enabled else self.buttons["lay"].disable()
        for name, button in self.buttons.items():
            button.show() if name in shown else button.hide()

    # --- the engine's answers --------------------------------------------------------

    def submit(self, action: Action) -> bool:
        """Hand ``action`` to the engine as the move of the seat the person at the screen
        plays, never anyone else's; a refusal is shown and changes nothing."""
        seat = self.session.screen_seat
        if seat is None:  # nobody at the screen: the computers play alone
            return False
        problem = self.session.submit(action, seat)
        if problem is not None:
            self.show_toast(refusal_text(problem))
            return False
        self._absorb(self.session.take_events())
        return True

    def _absorb(self, events: list[Event]) -> None:
        view = self.session.view()
        self.app.sounds.cue(batch_cues(events), flight=SPEEDS[self.speed])
        for event in events:
            line = self.narrator.line(event, view.table)
            if line:
                self.log.append(line)
            self._animate_event(event)
        del self.log[:-LOG_LIMIT]
        if self.hint is not None and self.hint.stamp != len(self.session.recorder.actions):
            self.hint = None
        self.view = view
        self.arrangement.sync(view.hand)
        self._restage()

    def why_illegal(self, action: Action) -> RuleError | None:
        """Why the engine would refuse ``action`` from the seat whose view this is."""
        return self.session.why_illegal(action, self.view.player)

    def _animate_event(self, event: Event) -> None:
        kind, player = event.kind, event.player
        viewer = self.session.viewer
        stock = (float(self.layout.stock.left), float(self.layout.stock.top))
        zone = self._zone_point(player)
        if kind == "deal":
            if player == viewer:
                for i, card in enumerate(event.cards):
                    self.origin[card] = (stock, i * DEAL_STAGGER)
            else:
                self._fly(None, stock, zone, delay=(player or 0) * DEAL_STAGGER)
        elif kind in ("draw", "upcard") and (event.cards or kind == "upcard"):
            for card in event.cards:
                self.origin[card] = (stock, 0.0)
        elif kind == "draw":
            self._fly(None, stock, zone)
        elif kind in ("take", "refuse", "allow") and zone is not None:
            taker = event.info.get("caller", player)
            if taker != viewer:
                for card in event.cards:
                    start = self.pos.get(card, (float(self.layout.discard.left),
                                                float(self.layout.discard.top)))
                    self._fly(face_of(card), start, self._zone_point(taker))
        elif kind in ("discard", "lay", "tack", "shift") and player != viewer and zone:
            for card in event.cards:
                self.origin[card] = (zone, 0.0)
        elif kind in ("call", "call-won"):
            self.show_banner(self.narrator.line(event, ()) or "")
        elif kind == "deal-end":
            self.deals_finished += 1
            self.result = event.info["result"]
        elif kind == "match-end" and self.result is None and self.session.game.results:
            self.result = self.session.game.results[-1]  # decided by a buy-in: standings
        elif kind == "deal-void":
            self.deals_finished += 1
            self.show_banner("Deal void: dealing again")

    def _zone_point(self, player: int | None) -> Point | None:
        if player is None:
            return None
        if player == self.session.viewer:
            hand = self.layout.hand
            return (float(hand.centerx), float(hand.top))
        fan = self.layout.zones[player].fan
        return (float(fan.left), float(fan.top))

    def _fly(self, face: int | None, start: Point, end: Point | None,
             delay: float = 0.0) -> None:
        duration = SPEEDS[self.speed]
        if end is None or duration <= 0:
            return
        self._flight_key -= 1
        width = self.layout.back_w if face is None else self.layout.meld_w
        self.flights[self._flight_key] = Flight(face, width)
        self.tweens.add(self._flight_key, Tween(start, end, duration, delay))

    def _restage(self) -> None:
        """Re-read the staged melds, the lay-downs they allow, and where every card goes."""
        rules = self.view.rules
        self.staged = [assess(meld, rules) for meld in self.arrangement.staged]
        mine = self.view.to_act == self.view.player and self.view.phase == Phase.PLAY
        if mine and self.staged:
            self.lays, problem = legal_lay_downs(self.staged, self.why_illegal)
            self.lay_problem = refusal_text(problem) if problem else ""
        else:
            self.lays, self.lay_problem = [], ""
        self._place()
        if self.result is not None and self.summary_surface is None:
            self._open_summary()
        self._refresh_widgets()

    def _place(self) -> None:
        """Move every card towards its new spot: new cards come from their origin."""
        self.placement = place_cards(self.layout, self.view, self.arrangement, self.staged)
        duration = SPEEDS[self.speed]
        dragged = set(self.drag.cards) if self.drag else set()
        for card, (x, y, _) in self.placement.spots.items():
            target = (float(x), float(y))
            start, delay = self.origin.pop(card, (self.pos.get(card, target), 0.0))
            running = self.tweens.active.get(card)
            self.pos[card] = target
            if running is not None and running.end == target:
                continue
            if card in dragged:
                start = target
            current = self.tweens.position(card) or start
            if current != target and duration > 0:
                self.tweens.add(card, Tween(current, target, duration, delay))
            else:
                self.tweens.active.pop(card, None)
        for card in [c for c in self.pos if c not in self.placement.spots]:
            del self.pos[card]
        self.origin.clear()

    # --- deal end ----------------------------------------------------------------------

    def _open_summary(self) -> None:
        assert self.result is not None
        self.session.paused = True
        game = self.session.game
        openings = {player: points for (deal, player), points in self.session.openings.items()
                    if deal == self.result.deal}
        self.summary_surface = render_summary(
            self.app.card_art, self.app.size, self.result, self.session.names,
            game.totals, self.session.over, rules=game.rules, openings=openings,
            opened=self.session.down_at_end.get(self.result.deal), out=game.out,
            history=game.results)

    @property
    def finished(self) -> bool:
        """The match is over, or the deals this table was opened for are played."""
        return self.session.over or (self.deal_limit is not None
                                     and self.deals_finished >= self.deal_limit)

    @property
    def watching(self) -> bool:
        """Every seat is a computer's: the person at the screen watches."""
        return self.session.screen_seat is None

    @property
    def open_hands(self) -> dict[int, tuple[int, ...]]:
        """The hands to draw face up beyond the viewer's own: all of them in a watched
        match with hands shown (no one at the table to hide them from), else none."""
        return self.session.open_hands() if self.watching and self.show_hands else {}

    def toggle_hands(self) -> None:
        if self.watching:
            self.show_hands = not self.show_hands
            self._refresh_widgets()

    def next_deal(self) -> None:
        if self.finished:
            self.on_quit()
            return
        self.result = None
        self.summary_surface = None
        self.session.paused = self.chooser is not None
        self._refresh_widgets()

    # --- player commands -----------------------------------------------------------------

    def show_toast(self, message: str) -> None:
        self.toast = (message, TOAST_SECONDS)

    def show_banner(self, message: str) -> None:
        self.banner = (message, BANNER_SECONDS)

    def sort(self, key: Callable[[int], object]) -> None:
        self.arrangement.sort(key)  # type: ignore[arg-type]
        self._place()

    def lay_down(self) -> None:
        if not self.lays:
            self.show_toast(self.lay_problem or "Stage your melds first: drag cards above "
                            "your hand.")
            return
        if len(self.lays) == 1:
            self.submit(self.lays[0])
            return
        options = ["; ".join(self._describe(spec) for spec in lay.melds) for lay in self.lays]
        lays = list(self.lays)

        def pick(index: int) -> None:
            self._close_chooser()
            if index < len(lays):
                self.submit(lays[index])

        self._open_chooser("Where do the jokers go?", [*options, "Cancel"], pick)

    def _describe(self, spec: MeldSpec) -> str:
        return declared_meld(spec.kind, spec.cards, self.view.rules).describe()

    def _open_chooser(self, title: str, options: list[str],
                      pick: Callable[[int], None]) -> None:
        self._close_chooser()
        self.session.paused = True
        self.chooser = ChoicePanel(self.app.ui, self.app.size, title, options, pick)

    def _close_chooser(self) -> None:
        if self.chooser is not None:
            self.chooser.kill()
            self.chooser = None
        self.session.paused = self.result is not None

    def open_pause(self) -> None:
        extras = self.pause_extras

        def pick(index: int) -> None:
            self._close_chooser()
            if index == len(extras) + 1:
                self.on_quit()
            elif index > 0:
                extras[index - 1][1]()

        self._open_chooser("Paused", ["Resume", *(label for label, _ in extras),
                                      "Quit to menu"], pick)

    def show_hint(self) -> None:
        """Ask the advisor what to do now: its reason is shown and the cards or the place
        it means are outlined until the game moves on."""
        view = self.view
        if not (view.my_turn and view.legal and self.session.screen_to_act):
            self.show_toast("A hint is for your own turn.")
            return
        if view.phase == Phase.CUT:
            self.show_toast("Cutting is luck: drag along the pack, or click it.")
            return
        action, reason = hint(view)
        self.hint = Hint(action, reason, len(self.session.recorder.actions))

    def hint_marks(self) -> tuple[set[int], list[pygame.Rect]]:
        """The hinted cards (by id) and the places to outline (piles, melds, buttons)."""
        if self.hint is None:
            return set(), []
        action = self.hint.action
        places: list[pygame.Rect] = []
        cards: set[int] = set()
        if isinstance(action, DrawStock):
            places.append(self.layout.stock)
        elif isinstance(action, TakeDiscard):
            places.append(self.layout.discard)
        elif isinstance(action, Discard):
            cards.add(action.card)
            places.append(self.layout.discard)
        elif isinstance(action, LayDown):
            cards.update(c for spec in action.melds for c in spec.cards)
        elif isinstance(action, TackOn | ShiftJoker):
            cards.add(action.card)
            if 0 <= action.meld < len(self.placement.meld_rects):
                places.append(self.placement.meld_rects[action.meld])
        elif isinstance(action, EndTurn):
            places.append(self.layout.discard)
        else:
            name = {Call: "call", Pass: "pass", Allow: "allow", Refuse: "refuse"}.get(
                type(action))
            if name is not None and self.buttons[name].visible:
                places.append(self.buttons[name].rect)
        return cards, places

    def cut_aims(self) -> list[int]:
        return sorted(a.aim for a in self.view.legal if isinstance(a, Cut))

    def cut_at(self, x: float | None) -> None:
        """Cut where the pack was let go (``x`` on the screen), or anywhere for None. The
        engine adds its own wobble, so the exact count is never the player's to see."""
        aims = self.cut_aims()
        if not aims:
            return
        if x is None:
            aim = self.cut_random.choice(aims)
        else:
            strip = self.layout.cut_strip
            share = min(1.0, max(0.0, (x - strip.left) / max(1, strip.width)))
            aim = min(aims, key=lambda a: abs(a - share * (aims[-1] + 1)))
        self.submit(Cut(aim))

    def cut_fraction(self) -> float | None:
        """How far along the pack a cut drag is, for the painter (None when not cutting)."""
        drag = self.drag
        if drag is None or drag.source != "cut":
            return None
        strip = self.layout.cut_strip
        return min(1.0, max(0.0, (drag.pos[0] - strip.left) / max(1, strip.width)))

    @property
    def cutting(self) -> bool:
        view = self.view
        return (view.phase == Phase.CUT and view.to_act == view.player
                and self.session.screen_to_act and self.result is None)

    def draw_card(self, source: str) -> None:
        view = self.view
        if source == "stock" and view.phase == Phase.CUT:
            self.cut_at(None)
        elif source == "stock":
            self.submit(DrawStock())
        else:
            self.submit(TakeDiscard())

    def discard(self, cards: list[int]) -> None:
        if len(cards) != 1:
            self.show_toast("Discard one card: select just one, then drop it on the pile.")
            return
        action = Discard(cards[0])
        if not self.confirm_discard or self.why_illegal(action) is not None:
            self.submit(action)
            return

        def pick(index: int) -> None:
            self._close_chooser()
            if index == 0:
                self.submit(action)

        self._open_chooser(f"Discard {card_text(cards[0], True)}?",
                           ["Discard", "Keep it"], pick)

    def tack(self, cards: list[int], meld: int, end: str) -> None:
        """Add ``cards`` to table meld ``meld``; ``end`` is the half it was dropped on (a
        card that fits only the other end goes there). Naturals that free a joker of the
        meld do that instead."""
        release = self._release(cards, meld)
        if release is not None:
            self.submit(release)
            return
        if not self.view.table[meld].meld.is_run:
            end = ""
        ends = (end, HIGH if end == LOW else LOW) if end else ("",)
        for card in sorted(cards, key=sort_key_rank, reverse=end == LOW):
            tries: list[Action] = [TackOn(card, meld, e) for e in ends]
            tries += [ShiftJoker(card, meld, e) for e in ends if e]
            action = next((a for a in tries if self.why_illegal(a) is None), None)
            if action is None:
                self.submit(tries[0])  # shows the engine's reason
                return
            self.submit(action)

    def _release(self, cards: list[int], meld: int) -> ReleaseJoker | None:
        """The joker release ``cards`` make on table meld ``meld`` when it is legal; for a
        pair dropped on a group holding a joker, the attempt anyway, so that its refusal
        says why. None when the drop is no release at all."""
        target = self.view.table[meld].meld
        if not target.joker_positions() or not 1 <= len(cards) <= 2 or any(
                is_joker(c) for c in cards):
            return None
        tries = [ReleaseJoker(tuple(cards), meld), ReleaseJoker(tuple(reversed(cards)), meld)]
        legal = next((a for a in tries if self.why_illegal(a) is None), None)
        if legal is not None or target.is_run or len(cards) == 1:
            return legal
        return tries[0]

    def stage(self, cards: list[int], meld: int | None) -> None:
        self.arrangement.stage(cards, meld)
        self.arrangement.selected.clear()
        self._restage()

    def to_hand(self, cards: list[int], index: int | None) -> None:
        self.arrangement.move_to_hand(cards, index)
        self._restage()

    # --- hit testing ---------------------------------------------------------------------

    def card_at(self, pos: tuple[int, int]) -> int | None:
        """The topmost of your own cards (hand or staged) under ``pos``."""
        mine = set(self.arrangement.all_cards())
        for card in reversed(self.placement.order):
            if card in mine and self._card_rect(card).collidepoint(pos):
                return card
        return None

    def _card_rect(self, card: int) -> pygame.Rect:
        x, y, w = self.placement.spots[card]
        return pygame.Rect(x, y, w, round(w * 1.4))

    def meld_at(self, pos: tuple[int, int]) -> tuple[int, str] | None:
        for index, rect in enumerate(self.placement.meld_rects):
            if rect.inflate(8, 8).collidepoint(pos):
                return index, LOW if pos[0] < rect.centerx else HIGH
        return None

    def staged_at(self, pos: tuple[int, int]) -> int | None:
        for index, rect in enumerate(self.placement.staged_rects):
            if rect.inflate(12, 12).collidepoint(pos):
                return index
        return None

    def hand_index(self, x: int, moving: list[int]) -> int:
        return len([c for left, c in self.placement.hand_xs
                    if c not in moving and left + self.layout.card_w // 2 < x])

    def legal_targets(self, cards: list[int]) -> tuple[set[int], bool]:
        """Table melds the dragged cards may join, and whether the discard pile takes them."""
        faces = {face_of(c) for c in cards}
        dragged = sorted(faces) if len(faces) == len(cards) else None
        freed = self.view.freed_joker
        melds = {a.meld for a in self.view.legal if isinstance(a, TackOn | ShiftJoker)
                 and face_of(a.card) in faces and (a.card != freed or freed in cards)}
        melds |= {a.meld for a in self.view.legal if isinstance(a, ReleaseJoker)
                  and sorted(face_of(c) for c in a.cards) == dragged}
        discard = len(cards) == 1 and any(isinstance(a, Discard) and face_of(a.card) in faces
                                          for a in self.view.legal)
        return melds, discard

    # --- input ---------------------------------------------------------------------------

    def handle_event(self, event: pygame.event.Event) -> None:
        if event.type == pygame.KEYDOWN:
            self._key(event.key)
            return
        if self.chooser is not None or self.result is not None:
            self.press = self.drag = None
            return
        if not self.session.seats[self.session.viewer].human:
            return
        if event.type == pygame.MOUSEBUTTONDOWN and event.button == 1:
            self._mouse_down(event.pos)
        elif event.type == pygame.MOUSEMOTION:
            self._mouse_move(event.pos)
        elif event.type == pygame.MOUSEBUTTONUP and event.button == 1:
            self._mouse_up(event.pos)

    def _mouse_down(self, pos: tuple[int, int]) -> None:
        card = self.card_at(pos)
        if self.cutting and self.layout.cut_strip.collidepoint(pos):
            self.press = Press("cut", None, pos)
        elif card is not None:
            self.press = Press("card", card, pos)
        elif self.layout.stock.collidepoint(pos):
            self.press = Press("stock", None, pos)
        elif self.layout.discard.collidepoint(pos):
            self.press = Press("discard", None, pos)
        else:
            self.press = Press("felt", None, pos)

    def _mouse_move(self, pos: tuple[int, int]) -> None:
        if self.drag is not None:
            self.drag.pos = pos
            return
        press = self.press
        if press is None or press.source == "felt":
            return
        if abs(pos[0] - press.pos[0]) + abs(pos[1] - press.pos[1]) < DRAG_THRESHOLD:
            return
        if press.source == "card" and press.card in self.placement.spots:
            assert press.card is not None
            self.arrangement.selected.add(press.card)
            cards = self.arrangement.chosen()
            x, y, _ = self.placement.spots[press.card]
            grab = (press.pos[0] - x, press.pos[1] - y)
            self.drag = Drag("cards", cards, grab, pos)
            self._place()
        elif press.source == "cut":
            self.drag = Drag("cut", [], (0, 0), pos)
        elif press.source in ("stock", "discard"):
            rect = self.layout.stock
            self.drag = Drag(press.source, [], (press.pos[0] - rect.left,
                                                press.pos[1] - rect.top), pos)
        self.press = None

    def _mouse_up(self, pos: tuple[int, int]) -> None:
        drag, press = self.drag, self.press
        self.drag = self.press = None
        if drag is not None:
            self._drop(drag, pos)
        elif press is not None:
            self._click(press, pos)

    def _click(self, press: Press, pos: tuple[int, int]) -> None:
        chosen = self.arrangement.chosen()
        if press.source == "card" and press.card is not None:
            if self.clicks.click(press.card):
                self.discard([press.card])
                return
            self.arrangement.toggle(press.card)
            self._place()
        elif press.source == "cut":
            self.cut_at(None)
        elif press.source == "stock":
            self.draw_card("stock")
        elif press.source == "discard":
            self._click_discard(chosen)
        elif chosen:
            self._drop_cards(chosen, pos, clicked=True)

    def _click_discard(self, chosen: list[int]) -> None:
        view = self.view
        if view.phase == Phase.CALL:
            self.submit(Call())
        elif view.phase == Phase.PLAY and chosen:
            self.discard(chosen)
        elif view.phase == Phase.PLAY and any(isinstance(a, EndTurn) for a in view.legal):
            self.submit(EndTurn())
        else:
            self.draw_card("discard")

    def _drop(self, drag: Drag, pos: tuple[int, int]) -> None:
        if drag.source == "cut":
            if self.cutting:
                self.cut_at(pos[0])
            return
        if drag.source in ("stock", "discard"):
            if pos[1] >= self.layout.staging.top:
                self.draw_card(drag.source)
            return
        for card, (x, y, _) in zip(drag.cards, self.drag_spots(drag), strict=False):
            self.pos[card] = (float(x), float(y))
        self._drop_cards(drag.cards, pos, clicked=False)
        self._place()

    def _drop_cards(self, cards: list[int], pos: tuple[int, int], clicked: bool) -> None:
        """Cards let go (or clicked to) at ``pos``: discard, tack, stage or reorder."""
        layout = self.layout
        meld = self.meld_at(pos)
        if layout.discard.inflate(16, 16).collidepoint(pos):
            self.discard(cards)
        elif meld is not None:
            self.tack(cards, *meld)
        elif layout.staging.collidepoint(pos):
            self.stage(cards, self.staged_at(pos))
        elif layout.hand.collidepoint(pos) or layout.prompt.collidepoint(pos):
            self.to_hand(cards, self.hand_index(pos[0], cards))
        elif not clicked:
            self.show_toast("Drop cards in your hand, the staging area, on a meld, "
                            "or on the discard pile.")

    def _key(self, key: int) -> None:
        if key == pygame.K_ESCAPE:
            if self.chooser is not None:
                self._close_chooser()
            else:
                self.open_pause()
            return
        if self.result is not None:
            if key in (pygame.K_RETURN, pygame.K_SPACE):
                self.next_deal()
            return
        if key == pygame.K_v and self.chooser is None:
            self.toggle_hands()
            return
        if self.chooser is not None or not self.session.seats[self.session.viewer].human:
            return
        chosen = self.arrangement.chosen()
        commands: dict[int, Callable[[], object]] = {
            pygame.K_s: lambda: self.sort(sort_key_suit),
            pygame.K_r: lambda: self.sort(sort_key_rank),
            pygame.K_d: lambda: self.draw_card("stock"),
            pygame.K_t: lambda: self.draw_card("discard"),
            pygame.K_RETURN: self.lay_down,
            pygame.K_x: lambda: self.discard(chosen),
            pygame.K_DELETE: lambda: self.discard(chosen),
            pygame.K_g: lambda: self.stage(chosen, None) if chosen else None,
            pygame.K_u: lambda: self.to_hand(chosen or self.arrangement.all_cards(), None),
            pygame.K_LEFT: lambda: self._shift(-1),
            pygame.K_RIGHT: lambda: self._shift(1),
            pygame.K_c: lambda: self.submit(Call()),
            pygame.K_p: lambda: self.submit(Pass()),
            pygame.K_a: lambda: self.submit(Allow()),
            pygame.K_f: lambda: self.submit(Refuse()),
            pygame.K_h: self.show_hint,
        }
        command = commands.get(key)
        if command is not None:
            command()

    def _shift(self, step: int) -> None:
        self.arrangement.shift(step)
        self._place()

    # --- Scene -----------------------------------------------------------------------------

    def update(self, dt: float) -> None:
        self.clicks.tick(dt)
        for key in self.tweens.update(dt):
            self.flights.pop(key, None)
        if self.session.update(dt, busy=self.tweens.busy):
            self._absorb(self.session.take_events())
            deadline = time.perf_counter() + self.batch_seconds
            while (self.result is None and time.perf_counter() < deadline
                   and self.session.update(0.0, busy=self.tweens.busy)):
                self._absorb(self.session.take_events())
        self._tick_call(dt)
        self._offer_buy_in()
        self.toast = (self.toast[0], self.toast[1] - dt)
        self.banner = (self.banner[0], self.banner[1] - dt)

    def frame_due(self) -> float | None:
        """0 while cards fly; else the next moment the table changes by itself: a computer
        player's next look at its move, the call countdown's next second, a message's end.
        None while it waits for the person at the screen."""
        if self.tweens.busy:
            return 0.0
        dues = [left for _, left in (self.toast, self.banner) if left > 0]
        if not self.session.paused:
            if self.session.computer_to_act is not None:
                dues.append(COMPUTER_POLL)
            if self.call_left is not None:
                dues.append(self.call_left % 1.0 + COUNTDOWN_EDGE)
        return min(dues, default=None)

    def _offer_buy_in(self) -> None:
        """Over the elimination limit with a buy-in left: ask, once the summary is closed."""
        view = self.view
        if (view.phase != Phase.BUY_IN or view.to_act != view.player or self.result is not None
                or self.chooser is not None or not self.session.screen_to_act):
            return
        rules = view.rules
        left = rules.buy_ins - view.buy_ins_used[view.player]
        rejoin = view.rejoin_score

        def pick(index: int) -> None:
            self._close_chooser()
            self.submit(BuyIn() if index == 0 else DropOut())

        self._open_chooser(
            f"Your {view.totals[view.player]} is over {rules.elimination_limit}.",
            [f"Buy in: back at {rejoin} ({left} buy-in{'s' if left != 1 else ''} left)",
             "Drop out of the match"], pick)

    def _tick_call(self, dt: float) -> None:
        view = self.view
        asked = (view.phase == Phase.CALL and view.to_act == view.player
                 and self.session.screen_to_act)
        if not asked:
            self.call_left = None
            return
        if self.call_left is None:
            self.call_left = self.call_seconds
        elif not self.session.paused:
            self.call_left -= dt
        if self.call_left <= 0:
            self.call_left = None
            self.submit(Pass())
            return
        label = f"Call ({int(self.call_left) + 1})"
        if self.buttons["call"].text != label:
            self.buttons["call"].set_text(label)

    def draw(self, surface: pygame.Surface) -> None:
        self.painter.draw(surface, self)
        if self.summary_surface is not None:
            surface.blit(self.summary_surface, (0, 0))

    def on_resize(self, size: tuple[int, int]) -> None:
        self.layout = compute_layout(size, self.session.game.players, self.session.viewer,
                                     self.card_scale)
        self.tweens.clear()
        self.flights.clear()
        self.pos.clear()
        self._build_widgets()
        if self.chooser is not None:
            self._close_chooser()
            self.open_pause()
        if self.summary_surface is not None:
            self.summary_surface = None
        self._restage()

    def leave(self) -> None:
        self.session.close()
        self._close_chooser()
        for button in self.buttons.values():
            button.kill()
        self.buttons = {}

    # --- for the painter -----------------------------------------------------------------

    def drawn_at(self, card: int) -> Point:
        return self.tweens.position(card) or self.pos[card]

    def drag_spots(self, drag: Drag) -> list[tuple[int, int, int]]:
        """Where the dragged cards are drawn: fanned out from the pointer."""
        width = self.layout.card_w
        grab = (min(drag.grab[0], width), min(drag.grab[1], round(width * 1.4)))
        step = round(width * 0.45)
        x, y = drag.pos[0] - grab[0], drag.pos[1] - grab[1]
        return [(x + i * step, y, width) for i in range(max(1, len(drag.cards)))]

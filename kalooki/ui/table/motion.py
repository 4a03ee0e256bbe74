"""Motion at the table: where every card is drawn this frame, on the frame clock.

Cards glide from where they were drawn to where :mod:`placement` says they now belong;
a card that appears (dealt, drawn, laid by an opponent) starts from where it came from,
and a card that goes where the view cannot follow it (a face-down draw, a card taken into
a hidden hand) flies as a *flight*. Nothing here reads a clock: :meth:`Motion.update`
advances by the frame's ``dt``, so the app's injected clock decides how fast time passes.
The painter gets the result as :class:`Sprite` values, never this object.
"""

from __future__ import annotations

from collections.abc import Collection
from dataclasses import dataclass

from kalooki.engine import events as ev
from kalooki.engine.cards import face_of
from kalooki.engine.events import Event
from kalooki.ui.table.layout import TableLayout
from kalooki.ui.table.placement import Placement
from kalooki.ui.table.tween import SPEEDS, Point, Tween, Tweens

DEAL_STAGGER = 0.03
"""Seconds between two cards of the deal leaving the stock."""


@dataclass(frozen=True, slots=True)
class Sprite:
    """One card as drawn this frame: its face (None for a back), top-left corner and width,
    and its marks (selected, lit as the freed joker, lifted with a shadow, just drawn)."""

    face: int | None
    x: float
    y: float
    width: int
    selected: bool = False
    glow: bool = False
    shadow: bool = False
    fresh: bool = False


@dataclass(frozen=True, slots=True)
class _Flight:
    face: int | None
    width: int


class Motion:
    def __init__(self, speed: str) -> None:
        self.duration = SPEEDS[speed]
        self.tweens = Tweens()
        self.pos: dict[int, Point] = {}
        """Where each placed card rests (or is heading)."""
        self._origin: dict[int, tuple[Point, float]] = {}
        self._flights: dict[int, _Flight] = {}
        self._flight_key = 0

    def set_speed(self, speed: str) -> None:
        """Fly the cards at ``speed`` from now on (the settings changed it)."""
        self.duration = SPEEDS[speed]

    @property
    def busy(self) -> bool:
        return self.tweens.busy

    def update(self, dt: float) -> None:
        for key in self.tweens.update(dt):
            self._flights.pop(key, None)

    def clear(self) -> None:
        """Forget every motion (a new window size puts everything in its place at once)."""
        self.tweens.clear()
        self._flights.clear()
        self.pos.clear()

    # --- what happened ---------------------------------------------------------------

    def follow(self, event: Event, layout: TableLayout, viewer: int) -> None:
        """Say where the cards of ``event`` come from, or fly the ones the view loses."""
        player = event.player
        stock = (float(layout.stock.left), float(layout.stock.top))
        zone = _zone_point(layout, viewer, player)
        match event:
            case ev.Dealt() if player == viewer:
                for i, card in enumerate(event.cards):
                    self._origin[card] = (stock, i * DEAL_STAGGER)
            case ev.Dealt():
                self._fly(layout, None, stock, zone, delay=(player or 0) * DEAL_STAGGER)
            case ev.Drew() | ev.UpcardTurned() if event.cards or isinstance(event, ev.UpcardTurned):
                for card in event.cards:
                    self._origin[card] = (stock, 0.0)
            case ev.Drew():
                self._fly(layout, None, stock, zone)
            case ev.Took() | ev.Refused() | ev.Allowed() if zone is not None:
                taker = event.caller if isinstance(event, ev.Allowed) else player
                if taker != viewer:
                    for card in event.cards:
                        start = self.pos.get(card, (float(layout.discard.left),
                                                    float(layout.discard.top)))
                        self._fly(layout, face_of(card), start,
                                  _zone_point(layout, viewer, taker))
            case ev.Discarded() | ev.Laid() | ev.TackedOn() | ev.JokerShifted() \
                    if player != viewer and zone:
                for card in event.cards:
                    self._origin[card] = (zone, 0.0)

    def _fly(self, layout: TableLayout, face: int | None, start: Point, end: Point | None,
             delay: float = 0.0) -> None:
        if end is None or self.duration <= 0:
            return
        self._flight_key -= 1
        width = layout.back_w if face is None else layout.meld_w
        self._flights[self._flight_key] = _Flight(face, width)
        self.tweens.add(self._flight_key, Tween(start, end, self.duration, delay))

    def settle(self, placement: Placement, dragged: Collection[int]) -> None:
        """Move every card towards its new spot; new cards come from their origin, and a
        card let go from a drag starts where it was dropped."""
        for card, (x, y, _) in placement.spots.items():
            target = (float(x), float(y))
            start, delay = self._origin.pop(card, (self.pos.get(card, target), 0.0))
            running = self.tweens.active.get(card)
            self.pos[card] = target
            if running is not None and running.end == target:
                continue
            if card in dragged:
                start = target
            current = self.tweens.position(card) or start
            if current != target and self.duration > 0:
                self.tweens.add(card, Tween(current, target, self.duration, delay))
            else:
                self.tweens.active.pop(card, None)
        for card in [c for c in self.pos if c not in placement.spots]:
            del self.pos[card]
        self._origin.clear()

    def let_go(self, cards: Collection[int], spots: list[tuple[int, int, int]]) -> None:
        """Dragged cards were let go where they were drawn: they glide on from there."""
        for card, (x, y, _) in zip(cards, spots, strict=False):
            self.pos[card] = (float(x), float(y))

    # --- what the painter draws ------------------------------------------------------

    def drawn_at(self, card: int) -> Point:
        return self.tweens.position(card) or self.pos[card]

    def sprites(self, placement: Placement, selected: Collection[int],
                hidden: Collection[int], freed: int | None, discard: Collection[int],
                face_down: Collection[int] = (), fresh: Collection[int] = ()
                ) -> tuple[Sprite, ...]:
        """Every placed card but ``hidden`` (the dragged ones), resting cards first and
        moving ones above them, ``face_down`` ones as backs, ``fresh`` ones (just drawn)
        marked; a dealt card waits in the stock until its turn to fly."""
        resting, moving = [], []
        for card in placement.order:
            if card in hidden:
                continue
            width = placement.spots[card][2]
            face = None if card in face_down else face_of(card)
            tween = self.tweens.active.get(card)
            if tween is None:
                x, y = self.pos[card]
                resting.append(Sprite(face, x, y, width, card in selected,
                                      glow=card == freed and card not in selected,
                                      fresh=card in fresh))
            elif tween.elapsed >= tween.delay or card in discard:
                moving.append(Sprite(face, *tween.position, width, shadow=True))
        return (*resting, *moving)

    def flights(self) -> tuple[Sprite, ...]:
        shown = []
        for key, flight in self._flights.items():
            tween = self.tweens.active.get(key)
            if tween is not None and tween.elapsed >= tween.delay:
                shown.append(Sprite(flight.face, *tween.position, flight.width))
        return tuple(shown)


def _zone_point(layout: TableLayout, viewer: int, player: int | None) -> Point | None:
    """Where a player's cards come from and go to: the hand, or an opponent's fan."""
    if player is None:
        return None
    if player == viewer:
        return (float(layout.hand.centerx), float(layout.hand.top))
    fan = layout.zones[player].fan
    return (float(fan.left), float(fan.top))

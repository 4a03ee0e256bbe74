"""The person's cards at the table and what their gestures mean: the cards as arranged
(undoable edits, kept per person while others play), the melds staged and the lay-downs
they allow, and each gesture on the piles, the table and the hand turned into the action
it means (:mod:`gestures`), submitted through the table.

A room of :class:`kalooki.ui.table.scene.TableScene`, asking the table through
:class:`HandTable`; :class:`kalooki.ui.table.input.TableInput` asks it through the table's
``hand``.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Mapping
from functools import partial
from typing import TYPE_CHECKING, Protocol

from kalooki.engine.actions import Action, Discard, LayDown
from kalooki.engine.cards import sort_key_rank, sort_key_suit
from kalooki.engine.deal import Phase
from kalooki.engine.errors import RuleError
from kalooki.engine.rules.choices import AceInRuns
from kalooki.store.savegame import HandLayout
from kalooki.ui.hand.arrangement import Arrangement, Snapshot
from kalooki.ui.hand.edits import HandEdits
from kalooki.ui.hand.staging import StagedMeld, assess, legal_lay_downs
from kalooki.ui.table import gestures, questions
from kalooki.ui.table.frame import hinted_card
from kalooki.ui.table.hint import Hint
from kalooki.words import Said, phrase
from kalooki.words.refusals import refusal

if TYPE_CHECKING:
    from kalooki.engine.deal import DealResult
    from kalooki.engine.view import PlayerView
    from kalooki.ui.session import MatchSession
    from kalooki.ui.table.asking import Asking
    from kalooki.ui.table.input import Place
    from kalooki.ui.table.motion import Motion
    from kalooki.ui.table.options import TableOptions
    from kalooki.ui.table.placement import Spot


class HandTable(Protocol):
    """What the person's hand asks of the table."""

    session: MatchSession
    view: PlayerView
    options: TableOptions
    motion: Motion
    result: DealResult | None
    asking: Asking

    def submit(self, action: Action) -> bool: ...
    def restage(self) -> None: ...
    def place_cards(self) -> None: ...
    def show_toast(self, message: Said) -> None: ...


class Hand:
    """The person's own cards (``edits``), the melds staged from them (``staged``) and
    the lay-downs those allow (``lays``, or ``lay_problem``)."""

    def __init__(self, table: HandTable) -> None:
        self.table = table
        self.edits = HandEdits()
        self.kept: dict[int, tuple[int, HandEdits]] = {}
        """Each person's cards as they left them (and the deal), while others play."""
        self.staged: list[StagedMeld] = []
        self.lays: list[LayDown] = []
        self.lay_problem: Said = ""
        self.cut_random = random.Random()
        """Where a cut lands when the person cuts anywhere (a lesson's own, to deal alike)."""

    @property
    def arrangement(self) -> Arrangement:
        """The person's cards as they lie (changed only through ``self.edits``)."""
        return self.edits.arrangement

    @property
    def hint(self) -> Hint | None:
        """The hint shown over the cards: asked for this turn, until the game moves on or
        Undo takes it back with the cards it readied."""
        shown = self.arrangement.advice
        return shown if isinstance(shown, Hint) else None

    def drop_hint(self) -> None:
        """The game moved on: the hint goes, and the card it selected with it."""
        shown = self.hint
        card = hinted_card(shown.action) if shown is not None else None
        self.edits.drop_advice(() if card is None else (card,))

    def cut_with(self, chance: random.Random) -> None:
        """Cut anywhere by ``chance`` (the guided game's own, so its deal is always one)."""
        self.cut_random = chance

    # --- following the match -----------------------------------------------------------

    def follow(self, before: PlayerView, view: PlayerView, dealt: bool) -> None:
        """The view moved from ``before`` to ``view``: when the person's turn at a shared
        screen is over, their cards are kept for them; the hand follows the view's."""
        if before.hand and not view.hand and self.table.session.covered:
            self.kept[before.player] = (before.deal_no, self.edits)
            self.edits = HandEdits()
        self.edits.follow(view.hand, dealt=dealt)

    def take_back(self, view: PlayerView) -> None:
        """The person whose view this is is back at the screen: their cards as they left
        them this deal (a card that came meanwhile glows)."""
        deal, edits = self.kept.pop(view.player, (-1, HandEdits()))
        same_deal = deal == view.deal_no
        self.edits = edits if same_deal else HandEdits()
        self.edits.follow(view.hand, dealt=not same_deal)

    # --- what a save keeps ----------------------------------------------------------------

    def layouts(self) -> dict[int, HandLayout]:
        """Each person's cards as laid out in this deal: the cards on the screen, and
        those kept for the people away from it."""
        view = self.table.view
        laid = {seat: _layout_of(deal, edits.arrangement)
                for seat, (deal, edits) in self.kept.items() if deal == view.deal_no}
        if view.hand:
            laid[view.player] = _layout_of(view.deal_no, self.arrangement)
        return laid

    def lay_out(self, layouts: Mapping[int, HandLayout]) -> None:
        """Give the people back their cards as a save kept them: only a person's own
        cards still in their hand, in the deal they were laid out in."""
        view = self.table.view
        seats = self.table.session.seats
        for seat, layout in layouts.items():
            if not (0 <= seat < len(seats) and seats[seat].human) or layout.deal != view.deal_no:
                continue
            edits = HandEdits()
            edits.arrangement.restore(Snapshot(layout.order, layout.staged, frozenset()))
            if seat == view.player and view.hand:
                edits.follow(view.hand, dealt=True)
                self.edits = edits
            else:
                self.kept[seat] = (layout.deal, edits)
        self.table.restage()

    def judge(self) -> None:
        """Re-read the staged melds and the lay-downs they allow."""
        view = self.table.view
        self.staged = [assess(meld, view.rules) for meld in self.arrangement.staged]
        mine = view.to_act == view.player and view.phase == Phase.PLAY
        if mine and self.staged:
            self.lays, problem = legal_lay_downs(self.staged, self.why_illegal)
            self.lay_problem = refusal(problem) if problem else ""
        else:
            self.lays, self.lay_problem = [], ""

    def why_illegal(self, action: Action) -> RuleError | None:
        """Why the engine would refuse ``action`` from the seat whose view this is."""
        return self.table.session.why_illegal(action, self.table.view.player)

    @property
    def cutting(self) -> bool:
        """The person at the screen cuts the pack now."""
        table = self.table
        view = table.view
        return (view.phase == Phase.CUT and view.to_act == view.player
                and table.session.screen_to_act and table.result is None)

    # --- gestures on the person's own cards ----------------------------------------------

    def pick_up(self, card: int) -> list[int]:
        return self.edits.lift(card)

    def rearrange(self, change: Callable[[HandEdits], object]) -> None:
        """A gesture on the person's own cards (select, sort, stage, undo…): an undoable
        step of ``self.edits``; then the staged melds are judged again."""
        change(self.edits)
        self.table.restage()

    def sort(self, order: str) -> None:
        """The person's cards by ``suit`` or by ``rank``, the ace above the king where
        this game's runs take it only high (Rami 40), else below the two."""
        high = self.table.view.rules.ace_in_runs == AceInRuns.HIGH_ONLY
        key = partial(sort_key_suit if order == "suit" else sort_key_rank, ace_high=high)
        self.rearrange(lambda edits: edits.sort(key))

    def stage(self, cards: list[int], meld: int | None) -> None:
        self.rearrange(lambda edits: edits.stage(cards, meld))

    def to_hand(self, cards: list[int], index: int | None) -> None:
        self.rearrange(lambda edits: edits.to_hand(cards, index))

    def let_go(self, cards: list[int], spots: list[Spot]) -> None:
        self.table.motion.let_go(cards, spots)

    # --- gestures that mean a move ---------------------------------------------------------

    def offer(self, meant: Action | gestures.Nudge | None) -> None:
        """Submit what a gesture meant (a discard asked about first, when the settings
        say so and it is legal); a nudge is said instead."""
        table = self.table
        if isinstance(meant, gestures.Nudge):
            table.show_toast(meant.text)
        elif isinstance(meant, Discard) and table.options.confirm_discard and \
                self.why_illegal(meant) is None:
            table.asking.ask(questions.confirm_discard(meant, table.submit))
        elif meant is not None:
            table.submit(meant)

    def from_pile(self, pile: gestures.Pile, place: Place | None = None) -> None:
        """A pile clicked, keyed or dragged to the hand: draw, take (or cut). The card
        drawn joins the end of the hand, or, for a drag, the ``place`` it was let go: a
        spot in the hand, or a staged meld or the staging area, which stages it there."""
        meant = gestures.from_pile(self.table.view, pile, self.cut_random)
        if meant is None or not self.table.submit(meant) or place is None:
            return
        if place.kind == "staging":
            self.edits.stage(self.edits.arrived(), place.index)
        elif place.kind == "hand" and place.index is not None:
            self.edits.land(place.index)
        else:
            return
        self.table.restage()

    def click_discard(self) -> None:
        self.offer(gestures.click_discard(self.table.view, self.arrangement.chosen()))

    def cut_at(self, share: float | None) -> None:
        """Cut where the pack was let go, or anywhere for None; the engine adds its own
        wobble, so the exact count is never the player's to see."""
        self.offer(gestures.cut(self.table.view, share, self.cut_random))

    def discard(self, cards: list[int]) -> None:
        self.offer(gestures.discard(self.table.view, cards))

    def tack(self, cards: list[int], meld: int, end: str) -> None:
        """Add ``cards`` to table meld ``meld`` one by one (``end``: the half they were
        dropped on); naturals that free a joker of the meld do that instead."""
        table = self.table
        release = gestures.release(table.view, cards, meld)
        if release is not None:
            table.submit(release)
            return
        for card in gestures.tack_order(table.view, cards, meld, end):
            if not table.submit(gestures.tack(table.view, card, meld, end)):
                return

    def drop_cards(self, cards: list[int], place: Place | None, clicked: bool) -> None:
        """Cards let go (or clicked to) ``place``: discard, tack, stage or reorder."""
        if place is None:
            if not clicked:
                self.table.show_toast(phrase("table.toast.drop_where"))
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
        self.table.place_cards()

    def lay_down(self) -> None:
        table = self.table
        if not self.lays:
            table.show_toast(self.lay_problem or phrase("table.toast.stage_first"))
            return
        if len(self.lays) == 1:
            table.submit(self.lays[0])
            return
        table.asking.ask(questions.joker_places(self.lays, table.view.rules, table.submit))


def _layout_of(deal: int, arrangement: Arrangement) -> HandLayout:
    shown = arrangement.snapshot()
    return HandLayout(deal, shown.order, shown.staged)

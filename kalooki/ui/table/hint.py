"""The person's hint at the table: what the adviser (:func:`kalooki.ai.hint.hint`) would
do, and the gesture that readies it — the card it discards selected (X discards it), the
melds of a lay-down staged (Lay down or Enter lays them). A card it puts on a table meld
is only outlined with that meld, never selected: X would throw it away. Shown, the hint
is one step of the hand's edits with the cards it readied, so Ctrl+Z takes back both, the
hint's line and outlines with the selection, and Ctrl+Y brings both again."""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass

from kalooki.ai.hint import hint
from kalooki.engine.actions import Action, LayDown
from kalooki.engine.view import PlayerView
from kalooki.ui.hand.arrangement import Arrangement
from kalooki.ui.table.frame import hinted_card
from kalooki.words import Said


@dataclass(frozen=True)
class Hint:
    """A suggestion on screen until the game moves on: the action and why."""

    action: Action
    reason: Said


def advice(view: PlayerView, arrangement: Arrangement, names: Sequence[str] = ()
           ) -> tuple[Hint, Callable[[Arrangement], object] | None]:
    """The hint for ``view`` (``names`` by seat name the owner of a meld it plays on) and
    what readies its cards (None: nothing to ready)."""
    action, reason = hint(view, names)
    card = hinted_card(action)
    if card is not None and card in arrangement.order:
        return Hint(action, reason), lambda cards: cards.choose([card])
    if isinstance(action, LayDown):
        melds = [spec.cards for spec in action.melds]
        return Hint(action, reason), lambda cards: cards.stage_only(melds)
    return Hint(action, reason), None

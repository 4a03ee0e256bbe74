"""The person's hint at the table: what the adviser (:func:`kalooki.ai.hint.hint`) would
do, and the gesture that readies it — the card it plays selected (the next key plays it),
the melds of a lay-down staged (Lay down or Enter lays them). The gesture is one step of
the hand's edits, so Ctrl+Z takes it back."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass

from kalooki.ai.hint import hint
from kalooki.engine.actions import Action, LayDown
from kalooki.engine.view import PlayerView
from kalooki.ui.hand.arrangement import Arrangement
from kalooki.ui.hand.edits import HandEdits
from kalooki.ui.table.frame import hinted_card
from kalooki.words import Said


@dataclass(frozen=True)
class Hint:
    """A suggestion on screen until the game moves on: the action and why."""

    action: Action
    reason: Said


def advice(view: PlayerView, arrangement: Arrangement
           ) -> tuple[Hint, Callable[[HandEdits], object] | None]:
    """The hint for ``view`` and the gesture that readies it (None: nothing to ready)."""
    action, reason = hint(view)
    card = hinted_card(action)
    if card is not None and card in arrangement.order:
        return Hint(action, reason), lambda edits: edits.choose([card])
    if isinstance(action, LayDown):
        melds = [spec.cards for spec in action.melds]
        return Hint(action, reason), lambda edits: edits.stage_melds(melds)
    return Hint(action, reason), None

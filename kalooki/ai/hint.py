"""The human's hint: what the medium player would do in their seat, and why."""

from __future__ import annotations

from collections.abc import Sequence

from kalooki.ai.medium import MediumPlayer
from kalooki.engine.actions import Action
from kalooki.engine.rng import Rng
from kalooki.engine.view import PlayerView
from kalooki.words import Said


class _Adviser(MediumPlayer):
    """Medium, but never advising to throw back the card the person just took from the
    discard while another will do: "take Q♦", then "discard Q♦" reads as nonsense (and
    is a wasted turn). The computers keep their own play."""

    def __init__(self, names: Sequence[str]) -> None:
        super().__init__(name="hint")
        self.seat_names = tuple(names)

    def discard_candidates(self, view: PlayerView, rng: Rng) -> list[int]:
        cards = super().discard_candidates(view, rng)
        kept = [card for card in cards if card != view.took_discard]
        return kept or cards


def hint(view: PlayerView, names: Sequence[str] = ()) -> tuple[Action, Said]:
    """The suggested action with a one-line reason, a catalog phrase with its facts
    (``hint.reason.take_completes``, card 9♣: "take 9♣: it completes your contract");
    ``names``, by seat, name the owner of a meld it plays on. Deterministic: the same
    view always gets the same hint."""
    if not view.my_turn or not view.legal:
        raise ValueError("A hint is for the player whose turn it is to act.")
    return _Adviser(names).decide(view, Rng(0))

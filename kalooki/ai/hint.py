"""The human's hint: what the medium player would do in their seat, and why."""

from __future__ import annotations

from kalooki.ai.medium import MediumPlayer
from kalooki.engine.actions import Action
from kalooki.engine.rng import Rng
from kalooki.engine.view import PlayerView
from kalooki.words import Said


def hint(view: PlayerView) -> tuple[Action, Said]:
    """The suggested action with a one-line reason, a catalog phrase with its facts
    (``hint.reason.take_completes``, card 9♣: "takes 9♣: it completes your contract").
    Deterministic: the same view always gets the same hint."""
    if not view.my_turn or not view.legal:
        raise ValueError("A hint is for the player whose turn it is to act.")
    return MediumPlayer(name="hint").decide(view, Rng(0))

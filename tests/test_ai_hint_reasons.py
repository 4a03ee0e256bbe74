"""A hint's reason says why the adviser chose: a discard of a down player is called "the
costliest card" only when no costlier card could go, and a threshold game's "cards still
needed" are said to be needed to open; the table shows the reason as a sentence."""

from __future__ import annotations

from kalooki.ai.hint import hint
from kalooki.engine.actions import Discard, DrawStock
from kalooki.engine.cards import parse_cards
from kalooki.engine.rules import preset
from kalooki.words import Phrase, tr
from tests.support.rig import rigged

_OTHERS = ["2C 3C 4C 9C 9D 2D 3D 4S 5S 7C 8C 6C 7D",
           "JC JD 9S 2S 3S 4D 6H 7H 5C 10C 10D QD KD"]


def test_a_down_discard_keeping_costlier_cards_says_they_may_make_melds() -> None:
    rules = preset("rami40")
    game = rigged(["5D 8H 10H QS QC KH KS JH", *_OTHERS], rules=rules, down=(0,),
                  table=((0, "AS AH AC"), (0, "6S 6H 6D")), stock="3H")
    game.apply(DrawStock(), 0)
    action, reason = hint(game.view(0), ["You", "Marcia", "Delroy"])
    assert action == Discard(parse_cards(["8H"], 2, 2, [])[0])  # 10♥ and the faces cost more
    assert isinstance(reason, Phrase) and reason.key == "hint.reason.discard_builds"
    said = str(reason)
    assert "costliest" not in said and "10♥ J♥ Q♠ Q♣" in said


def test_cards_still_needed_in_a_threshold_game_are_needed_to_open() -> None:
    rules = preset("kalooki51")
    game = rigged(["4S 7S JS 5H 6H 10H 7C 8C 3D 5D 6D JD KC",
                   "2C 3C 4C 9C 9D 2D 3H 2S 5S 9H 8D 6C 7D",
                   "JC 9S 3S 4D 4H 8H 5C 10C 10D QD KD KH QH"], rules=rules, stock="7H")
    game.apply(DrawStock(), 0)
    _, reason = hint(game.view(0))
    assert isinstance(reason, Phrase) and reason.key == "hint.reason.discard_keeps_open"
    assert str(reason).endswith("to open")
    assert tr("table.prompt.hint", reason=reason) == f"Hint: {reason}."

"""The log and the deal summary word the scoring the engine did: the bonus note follows
the bonus rule, and the feat's name comes from the rules, not the preset's name."""

import dataclasses

from kalooki.engine.rules import preset
from kalooki.ui.narrate import going_word
from kalooki.ui.summary import _bent_note
from kalooki.words import set_language

CARIB, K51, R40 = preset("caribbean"), preset("kalooki51"), preset("rami40")


def test_a_losers_note_follows_the_bonus_rule():
    assert _bent_note(CARIB) == "×2 bent"
    assert _bent_note(dataclasses.replace(CARIB, going_out_bonus="plus")) == "+25 bent"
    assert _bent_note(dataclasses.replace(CARIB, going_out_bonus="none")) == ""
    assert _bent_note(K51) == "+25 going Kalooki"
    set_language("fr")
    assert _bent_note(K51) == "+25, en faisant Kalooki"


def test_going_rami_or_kalooki_is_decided_by_the_rules():
    assert str(going_word(R40)) == "going Rami"
    assert str(going_word(dataclasses.replace(K51, name="rami51"))) == "going Kalooki"
    assert str(going_word(dataclasses.replace(R40, name="our table"))) == "going Rami"

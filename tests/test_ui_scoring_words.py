"""The log and the deal summary word the scoring the engine did: the bonus note follows
the bonus rule, and the feat's name comes from the rules, not the preset's name."""

import dataclasses

from kalooki.engine.rules import preset
from kalooki.ui.narrate import going_word
from kalooki.ui.summary import _bent_words

CARIB, K51, R40 = preset("caribbean"), preset("kalooki51"), preset("rami40")


def test_a_losers_note_follows_the_bonus_rule():
    assert _bent_words(CARIB)[1] == "×2 bent"
    assert _bent_words(dataclasses.replace(CARIB, going_out_bonus="plus"))[1] == "+25 bent"
    assert _bent_words(dataclasses.replace(CARIB, going_out_bonus="none"))[1] == ""
    assert _bent_words(K51)[1] == "+25 going Kalooki"


def test_going_rami_or_kalooki_is_decided_by_the_rules():
    assert going_word(R40) == "going Rami"
    assert going_word(dataclasses.replace(K51, name="rami51")) == "going Kalooki"
    assert going_word(dataclasses.replace(R40, name="our table")) == "going Rami"

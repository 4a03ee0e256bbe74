"""The log and the deal summary word the scoring the engine did: the bonus note follows
the bonus rule, and the feat's name comes from the rules, not the preset's name."""

import dataclasses

import pytest

from kalooki.engine.rules import preset
from kalooki.ui.table.log.narrate import going_word
from kalooki.ui.table.summary import _bent_note
from kalooki.words import set_language
from tests.support.words import plain

CARIB, K51, R40 = preset("caribbean"), preset("kalooki51"), preset("rami40")


def test_a_losers_note_follows_the_bonus_rule_from_the_hand_s_points():
    """The note starts from the hand's points, so "+164" beside "82 ×2: table bent" says
    the doubling is in the 164 (after "×2: table bent" alone, players asked)."""
    assert plain(_bent_note(CARIB, 82)) == "82 ×2: table bent"
    plus = dataclasses.replace(CARIB, going_out_bonus="plus")
    assert plain(_bent_note(plus, 57)) == "57 +25: table bent"
    assert _bent_note(dataclasses.replace(CARIB, going_out_bonus="none"), 57) == ""
    assert _bent_note(K51, 40) == "40 +25 going Kalooki"
    set_language("fr")
    assert plain(_bent_note(K51, 40)) == "40 +25, en faisant Kalooki"
    assert plain(_bent_note(CARIB, 82)) == "82 ×2, table renversée"


def test_the_summary_notes_each_loser_s_own_hand_on_a_bent_table():
    from kalooki.engine.deal import DealResult
    from kalooki.engine.scoring import deal_scores, hand_points
    from kalooki.ui.table.summary import _score_notes

    hands = ((), (1, 2, 3), (40, 41))
    scores = tuple(deal_scores(hands, 0, True, (False,) * 3, CARIB))
    bent = DealResult(deal=2, dealer=1, scores=scores, winner=0, bent=True, void=False,
                      cut_bonus=False, hands=hands)
    for player in (1, 2):
        points = hand_points(hands[player], CARIB)
        assert scores[player] == 2 * points
        assert plain(_score_notes(bent, player, CARIB, ())) == f"{points} ×2: table bent"
    assert _score_notes(bent, 0, CARIB, ()) == ""


def test_going_rami_or_kalooki_is_decided_by_the_rules():
    assert str(going_word(R40)) == "going Rami"
    assert str(going_word(dataclasses.replace(K51, name="rami51"))) == "going Kalooki"
    assert str(going_word(dataclasses.replace(R40, name="our table"))) == "going Rami"


def test_the_summary_speaks_to_the_person_at_the_screen():
    from kalooki.engine.deal import DealResult
    from kalooki.ui.table.summary import _final_line, _title

    won = DealResult(deal=2, dealer=1, scores=(0, 30, 12), winner=0, bent=False, void=False,
                     cut_bonus=False, hands=((), (1,), (2,)))
    bent = dataclasses.replace(won, bent=True)
    names = ["Vous", "Marcia", "Delroy"]
    set_language("fr")
    assert plain(_title(won, names, CARIB, you=0)) == "Donne 2 : vous sortez"
    assert plain(_title(bent, names, CARIB, you=0)) == \
        "Donne 2 : vous sortez et renversez la table"
    assert plain(_final_line(names, [10, 200, 300], True, [False, True, True], you=0)) \
        .startswith("Vous restez seul en lice !")
    set_language("en")
    assert _title(won, ["You", "Marcia", "Delroy"], CARIB, you=0) == "Deal 2: you went out"


SIZES = ((1024, 640), (1920, 1080))


@pytest.mark.parametrize("players", [3, 6])
def test_a_match_s_summaries_show_every_word_whole(players: int) -> None:
    """"×2 inclus (table renve…" at 1920x1080 in French: every summary of a Baby Kalooki
    match (tables bent, the dealer's cut bonus, the chart and its marks, the standings)
    shows its words whole at both sizes in both languages, each summary seen in all four
    (the window resized and the language switched as a player may), at six players (short
    rows) and three (a long note wraps)."""
    from kalooki.tools.screens.charts import summary_after
    from kalooki.ui.app import App
    from kalooki.ui.art.text import watching_cuts
    from tests.support.ui import FakeClock

    app = App(SIZES[0], clock=FakeClock())
    seen: list[tuple[int, tuple[int, int], str]] = []
    cuts: list[tuple[int, tuple[int, int], str, list[str]]] = []

    def in_every_size_and_language(table) -> None:
        for size in SIZES:
            for lang in ("en", "fr"):
                with watching_cuts() as cut:  # the summary is drawn as it is laid out again
                    app.window.size = size
                    app.set_language(lang)
                    app.run_frames(2)
                assert app.size == size and table.result is not None
                seen.append((table.result.deal, size, lang))
                if cut:
                    cuts.append((table.result.deal, size, lang, sorted(set(cut))))

    try:
        table = summary_after(app, 99, rules="baby", players=players,
                              at_summary=in_every_size_and_language)
    finally:
        app.close()
    assert table.session.over
    deals = {deal for deal, _, _ in seen}
    assert len(deals) >= 3 and len(seen) == 4 * len(deals)
    assert cuts == []

"""Rules text generated from the rule set (English and French), diffs against presets,
custom presets as JSON, and the ``kalooki rules`` commands that use them."""

import dataclasses
import json

import pytest

from kalooki.cli.main import main
from kalooki.engine.errors import RuleError
from kalooki.engine.presets_io import dumps_rules, loads_rules, rules_from_data
from kalooki.engine.rules import GROUP, PRESETS, RuleSet, preset
from kalooki.engine.rules.choices import MatchEnd
from kalooki.words import set_language
from kalooki.words.house_rules import changes
from kalooki.words.refusals import refusal_text
from kalooki.words.rules_text import render_text, rules_sections
from tests.support.words import plain

CARIB, K51, R40 = preset("caribbean"), preset("kalooki51"), preset("rami40")
ELIM = dataclasses.replace(K51, match_end="elimination", buy_ins=1)

CHANGES = {
    "name": (K51, "our table"),
    "packs": (CARIB, 3),
    "jokers": (CARIB, 2),
    "packs_by_players": (CARIB, ((5, 3, 8),)),
    "players_min": (CARIB, 2),
    "players_max": (CARIB, 5),
    "hand_sizes": (CARIB, (12, 12, 12, 12, 12, 13, 14, 15, 16)),
    "contracts": (CARIB, ((GROUP, GROUP),) + CARIB.contracts[1:]),
    "deals_per_match": (K51, 7),
    "match_end": (K51, "elimination"),
    "elimination_limit": (ELIM, 200),
    "buy_ins": (ELIM, 2),
    "buy_in_min_players": (ELIM, 4),
    "cut_bonus": (CARIB, False),
    "cut_bonus_points": (CARIB, -25),
    "first_dealer": (CARIB, "first-seat"),
    "first_upcard": (CARIB, False),
    "group_min": (CARIB, 4),
    "group_max": (CARIB, 6),
    "group_distinct_suits": (CARIB, True),
    "group_min_naturals": (CARIB, 1),
    "max_jokers_per_meld": (CARIB, 1),
    "run_min": (CARIB, 3),
    "ace_in_runs": (CARIB, "high-only"),
    "adjacent_jokers_in_run": (CARIB, True),
    "contract_distinct_ranks": (CARIB, False),
    "contract_distinct_suits": (CARIB, False),
    "opening_points": (K51, 40),
    "opening_pure_run": (K51, True),
    "discard_take": (CARIB, "free"),
    "discard_take_card_in_meld": (R40, True),
    "new_melds_after_down": (CARIB, False),
    "tack_same_turn": (CARIB, False),
    "tack_on_others": (CARIB, False),
    "joker_on_others_melds": (CARIB, True),
    "joker_discard": (CARIB, True),
    "joker_final_discard": (dataclasses.replace(CARIB, joker_discard=True), False),
    "joker_release": (K51, ("run-exact",)),
    "released_joker_must_be_used": (K51, False),
    "released_joker_new_meld": (K51, True),
    "joker_release_needs_down": (K51, False),
    "joker_shift_in_run": (CARIB, "upward"),
    "joker_shift_is_tacking": (dataclasses.replace(CARIB, tack_on_others=False), False),
    "final_discard": (CARIB, False),
    "calls_enabled": (CARIB, False),
    "max_calls": (CARIB, 2),
    "call_penalty_cards": (CARIB, 2),
    "call_priority": (CARIB, "random"),
    "down_player_may_refuse": (CARIB, True),
    "joker_points": (CARIB, 25),
    "black_ace_points": (CARIB, 11),
    "red_ace_points": (CARIB, 11),
    "face_points": (CARIB, 11),
    "ten_points": (CARIB, 5),
    "pip_points": (CARIB, 5),
    "going_out_bonus": (CARIB, "plus"),
    "going_out_bonus_points": (K51, 30),
    "going_out_bonus_no_tacking": (K51, False),
    "stock_exhaustion": (CARIB, "always-reshuffle"),
    "reshuffle_limit": (K51, 8),
    "redeal_limit": (CARIB, 0),
    "opening_ace_low_points": (K51, 2),
    "opening_ace_high_points": (K51, 12),
}


def test_every_field_has_a_text_change_case():
    assert set(CHANGES) == {f.name for f in dataclasses.fields(RuleSet)}


@pytest.mark.parametrize("field", sorted(CHANGES))
@pytest.mark.parametrize("lang", ["en", "fr"])
def test_changing_a_field_changes_the_rules_text(field, lang):
    base, value = CHANGES[field]
    changed = dataclasses.replace(base, **{field: value})
    assert render_text(changed, lang) != render_text(base, lang)
    if field != "name":
        set_language(lang)
        try:
            assert changes(changed, base), field
        finally:
            set_language("en")


@pytest.mark.parametrize("name", sorted(PRESETS))
@pytest.mark.parametrize("lang", ["en", "fr"])
def test_every_preset_has_rules_text_with_all_sections(name, lang):
    sections = rules_sections(preset(name), lang)
    assert [s.key for s in sections] == ["deck", "dealing", "melds",
                                         "contract" if preset(name).uses_contracts
                                         else "opening", "turn", "calls", "jokers",
                                         "going-out", "scoring", "match-end"]
    assert all(s.title and s.paragraphs and all(p.strip() for p in s.paragraphs)
               for s in sections)


@pytest.mark.parametrize("lang", ["en", "fr"])
def test_more_packs_are_told_only_for_tables_the_game_seats(lang):
    """From 3 to 6 players, then "with 7 players or more" contradicted itself."""
    def deck(rules: RuleSet) -> str:
        return " ".join(rules_sections(rules, lang)[0].paragraphs)

    six = dataclasses.replace(CARIB, players_max=6, packs_by_players=((7, 3, 6),))
    assert "7" not in deck(six)
    eight = dataclasses.replace(six, players_max=8)
    assert ("With 7 players or more" if lang == "en" else "À partir de 7 joueurs") in deck(eight)
    assert "8" in deck(eight)


@pytest.mark.parametrize("lang", ["en", "fr"])
def test_a_bigger_table_at_the_largest_says_no_more_than_it_seats(lang):
    """"From 3 to 6 players", then "with 6 players or more": at the largest table the
    rules name that table alone."""
    def deck(rules: RuleSet) -> str:
        return " ".join(rules_sections(rules, lang)[0].paragraphs)

    six = dataclasses.replace(CARIB, players_max=6, packs_by_players=((6, 3, 6),))
    more = "or more" if lang == "en" else "À partir de 6"
    assert "6" in deck(six) and more not in deck(six)
    assert more in deck(dataclasses.replace(six, players_max=8))


def test_english_and_french_differ_and_say_the_key_numbers():
    en, fr = render_text(K51, "en"), render_text(K51, "fr")
    assert en != fr
    for text in (en, fr):
        assert "51" in text and "106" in text and "25" in text


@pytest.mark.parametrize(("lang", "said"), [
    ("en", "the card then on top of the discard pile may not be taken that turn"),
    ("fr", "la carte qui se trouve alors sur la défausse ne peut pas être prise")])
def test_the_calls_section_says_the_next_discard_is_dead_after_an_allowed_call(
        lang: str, said: str) -> None:
    """The engine refuses the discard under an allowed call (``discard-dead``): a newcomer
    found it only in the table's prompt, so the rules say it where calls are explained."""
    calls = next(s for s in rules_sections(CARIB, lang) if s.key == "calls")
    assert any(said in plain(p) for p in calls.paragraphs)
    no_calls = dataclasses.replace(CARIB, calls_enabled=False)
    assert said not in plain(render_text(no_calls, lang))


def test_diff_reads_like_house_rules():
    rules = dataclasses.replace(CARIB, hand_sizes=(12, 12, 12, 12, 12, 13, 14, 15, 16),
                                joker_points=25)
    assert changes(rules, CARIB) == ["12 cards in deals 1–3", "Jokers: 25 points"]
    assert changes(CARIB, CARIB) == []


def test_diff_says_only_the_deals_a_match_reaches():
    """A fixed match of 2 deals never plays deal 3: its cards and contract there are not
    a change (the editor's summary said them after the third deal was removed); a match
    to elimination goes on past its count, so there they are."""
    baby = PRESETS["baby"]
    two = dataclasses.replace(baby, deals_per_match=2, hand_sizes=baby.hand_sizes[:2],
                              contracts=baby.contracts[:2], max_calls=5)
    assert [plain(w) for w in changes(two, baby)] == ["Deals in a match: 2",
                                                        "Calls per deal: 5"]
    endless = dataclasses.replace(two, match_end=MatchEnd.ELIMINATION)
    assert any("deal 3" in plain(w) for w in changes(endless, baby))


@pytest.mark.parametrize(("lang", "said"), [
    ("en", ["Jokers: 25 points", "Black aces: 1 point", "Picture cards: 5 points",
            "Tens: 5 points", "Cards 2 to 9: 2 points each"]),
    ("fr", ["Jokers : 25 points", "As noirs : 1 point", "Figures : 5 points",
            "Dix : 5 points", "Cartes de 2 à 9 : 2 points chacune"])])
def test_what_a_card_counts_reads_as_its_points(lang: str, said: list[str]) -> None:
    """"Jokers count: 25" read oddly: the house-rules line says what each card is worth
    the way a player would."""
    set_language(lang)
    rules = dataclasses.replace(CARIB, joker_points=25, black_ace_points=1, face_points=5,
                                ten_points=5, pip_points=2)
    assert [plain(words) for words in changes(rules, CARIB)] == said


# --- validation ------------------------------------------------------------------

@pytest.mark.parametrize(("changes", "words"), [
    ({"hand_sizes": (8,) * 9}, "needs 9 cards"),
    ({"players_max": 8, "packs_by_players": ()}, "cards"),
    ({"group_distinct_suits": True, "group_max": 5}, "different suits"),
    ({"opening_points": 40}, "not both"),
    ({"buy_ins": 2}, "Buy-ins"),
    ({"contracts": None, "opening_points": 500}, "cannot be reached"),
    ({"jokers": 0, "joker_release": ("group-both-missing",)}, "jokers"),
])
def test_validate_refuses_contradictions_with_a_sentence(changes, words):
    with pytest.raises(RuleError) as caught:
        dataclasses.replace(CARIB, **changes).validate()
    assert words in refusal_text(caught.value)


def test_a_hand_size_that_empties_the_stock_is_refused():
    with pytest.raises(RuleError) as caught:
        dataclasses.replace(K51, hand_sizes=(17,)).validate(6)
    assert caught.value.code in ("rules-no-stock", "rules-deck-small")


# --- custom presets as JSON ------------------------------------------------------------

def test_custom_preset_round_trip_keeps_only_the_differences():
    rules = dataclasses.replace(K51, name="our table", joker_points=30)
    data = json.loads(dumps_rules(rules))
    assert data == {"format": 1, "name": "our table", "based_on": "kalooki51",
                    "joker_points": 30}
    assert loads_rules(dumps_rules(rules)) == rules


@pytest.mark.parametrize(("data", "named"), [
    ({"name": "x", "colour": 1}, "colour"),
    ({"name": "x", "max_calls": "three"}, "Calls per deal"),
    ({"name": "x", "call_priority": "loudest"}, "Several callers"),  # by its label
    ({"name": "x", "based_on": "bridge"}, "bridge"),
    ({"based_on": "rami40"}, "name"),
])
def test_damaged_custom_presets_are_refused_naming_the_field(data, named):
    with pytest.raises(RuleError) as caught:
        rules_from_data(data)
    assert named in refusal_text(caught.value)


def test_bad_json_is_refused_with_where_it_breaks():
    with pytest.raises(RuleError) as caught:
        loads_rules("{nope")
    assert refusal_text(caught.value) == \
        "The custom preset is not valid JSON (line 1, column 2)."
    set_language("fr")
    try:
        assert "ligne 1, colonne 2" in plain(refusal_text(caught.value))
    finally:
        set_language("en")


# --- command line ---------------------------------------------------------------------

def run(capsys, *argv):
    code = main(["rules", *argv])
    out, err = capsys.readouterr()
    return code, out, err.strip()


def test_rules_presets_lists_one_line_each(capsys):
    code, out, _ = run(capsys, "presets")
    lines = out.strip().splitlines()
    assert code == 0 and [line.split(":")[0] for line in lines] == list(PRESETS)


def test_rules_explain_in_both_languages(capsys):
    assert run(capsys, "explain", "--preset", "rami40")[1] == render_text(R40, "en")
    assert run(capsys, "explain", "--preset", "rami40", "--lang", "fr")[1] \
        == render_text(R40, "fr")


def test_rules_commands_take_a_custom_file(capsys, tmp_path):
    path = tmp_path / "ours.json"
    path.write_text(json.dumps({"name": "ours", "based_on": "kalooki51",
                                "joker_points": 30}))
    assert run(capsys, "score", "--rules", str(path), "JK", "5H")[:2] == (0, "35\n")
    assert "ours" in run(capsys, "explain", "--rules", str(path))[1]
    path.write_text(json.dumps({"name": "ours", "colour": 3}))
    code, _, err = run(capsys, "meld", "--rules", str(path), "7H", "7S", "7D")
    assert code == 2 and "colour" in err and len(err.splitlines()) == 1
    code, _, err = run(capsys, "presets", "--rules", str(tmp_path / "missing.json"))
    assert code == 2 and "missing.json could not be read" in err


def test_rules_contract_answers_for_opening_games(capsys):
    code, out, _ = run(capsys, "contract", "--preset", "kalooki51", "--deal", "4",
                       "7H", "8H", "9H", "KS", "KD", "KC", "2C")
    assert code == 0 and out.strip() == "7H 8H 9H | KS KC KD = 54 || 2C"
    code, out, _ = run(capsys, "contract", "--preset", "kalooki51", "7H", "8H", "9H", "2C")
    assert code == 1 and out.startswith("no: ")


def test_only_whole_number_fields_have_a_change_sentence_of_their_own() -> None:
    from kalooki.engine.facts.fields import Kind
    from kalooki.engine.rules import SPECS
    from kalooki.words.layout import read

    own = [key.split(".")[2] for key in read("en")
           if key.startswith("rules.field.") and key.endswith(".change")]
    assert own and all(SPECS[name].kind in (Kind.INT, Kind.OPTIONAL_INT) for name in own)

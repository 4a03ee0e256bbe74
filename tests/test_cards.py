"""Cards: ids, faces and the text notation players type."""

import pytest
from hypothesis import given
from hypothesis import strategies as st

from kalooki.engine.cards import (
    JOKER_FACE,
    build_deck,
    card_code,
    card_text,
    face_of,
    is_joker,
    make_card,
    parse_card_code,
    parse_cards,
    parse_face,
    rank_of,
    suit_of,
)
from kalooki.engine.errors import RuleError


def test_two_packs_and_four_jokers_make_108_distinct_cards():
    deck = build_deck(2, 4)
    assert len(deck) == 108 == len(set(deck))
    assert sum(is_joker(c) for c in deck) == 4


def test_the_two_packs_share_faces_but_not_ids():
    first, second = make_card(7, 1, 0), make_card(7, 1, 1)
    assert first != second
    assert face_of(first) == face_of(second)
    assert card_text(first) == card_text(second) == "7H"


@pytest.mark.parametrize("token, text", [
    ("7H", "7H"), ("10H", "10H"), ("TH", "10H"), ("th", "10H"), ("AS", "AS"), ("as", "AS"),
    ("7♥", "7H"), ("Q♠", "QS"), ("k♦", "KD"), ("2♣", "2C"), ("JK", "JK"), ("joker", "JK"),
])
def test_notation_is_read_in_every_accepted_form(token, text):
    from kalooki.engine.cards import face_text

    assert face_text(parse_face(token)) == text


@pytest.mark.parametrize("token", ["1H", "11S", "ZZ", "7X", "", "H7", "10"])
def test_a_bad_token_is_an_error_naming_it(token):
    with pytest.raises(RuleError) as error:
        parse_face(token)
    assert error.value.code == "bad-card"
    assert error.value.params["text"] == token


def test_parse_cards_gives_each_copy_its_own_id_and_refuses_a_third():
    a, b = parse_cards(["7H", "7h"], packs=2)
    assert a != b and face_of(a) == face_of(b)
    with pytest.raises(RuleError):
        parse_cards(["7H", "7H", "7H"], packs=2)
    assert len(set(parse_cards(["JK"] * 4, jokers=4))) == 4


@given(st.sampled_from(build_deck(4, 16)))
def test_card_codes_round_trip(card):
    assert parse_card_code(card_code(card)) == card


def test_symbols_and_joker_text():
    assert card_text(make_card(1, 0), symbols=True) == "A♠"
    assert face_of(parse_cards(["JK"])[0]) == JOKER_FACE
    assert rank_of(make_card(14, 3)) == 1 and suit_of(make_card(14, 3)) == 3

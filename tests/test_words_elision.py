"""French elides "de" and "que" before a name or word that begins with a vowel ("d'Ana"),
wherever a catalog entry puts one after them; English and consonants are left alone, and
the marks the lookup uses never reach the player."""

from __future__ import annotations

from hypothesis import given
from hypothesis import strategies as st

from kalooki.words import phrase, set_language, tr
from kalooki.words.elision import MARK, elided
from tests.support.words import plain


def test_a_name_beginning_with_a_vowel_is_elided_in_french() -> None:
    set_language("fr")
    assert tr("error.not_your_turn.named", name="Ana") == "C'est au tour d'Ana."
    assert tr("error.not_your_turn.named", name="Élodie") == "C'est au tour d'Élodie."
    assert tr("error.not_your_turn.named", name="Marcia") == "C'est au tour de Marcia."
    assert tr("error.not_your_turn.named", name="Hugo") == "C'est au tour de Hugo."
    assert tr("replay.seen_from", name="Ines") == "vu du siège d'Ines"


def test_a_phrase_inside_a_phrase_elides_too() -> None:
    set_language("fr")
    refused = phrase("log.refuse.other", who="Ana", card="2♠",
                     call=phrase("log.whose_call.other", who="Olivier"))
    assert plain(str(refused)) == "Ana a refusé l'appel d'Olivier et a pris 2♠."
    set_language("en")
    assert str(refused) == "Ana refused Olivier's call and took 2♠."


def test_english_is_left_alone() -> None:
    assert tr("error.not_your_turn.named", name="Ana") == "It is Ana's turn."


def test_que_elides_and_digits_do_not() -> None:
    assert elided(f"plus que {MARK}Ana", "fr") == "plus qu'Ana"
    assert elided(f"De {MARK}Ana", "fr") == "D'Ana"
    assert elided(f"de {MARK}8 cartes", "fr") == "de 8 cartes"
    assert elided(f"le cas de {MARK}Ana", "en") == "le cas de Ana"
    assert elided("de Ana", "fr") == "de Ana"  # only filled-in words elide


@given(st.text(alphabet=st.characters(blacklist_categories=("Cs", "Cc")), min_size=1,
               max_size=12))
def test_any_name_reads_de_or_d_apostrophe_and_no_mark_shows(name: str) -> None:
    set_language("fr")
    said = tr("error.not_your_turn.named", name=name)
    assert MARK not in said
    assert said in (f"C'est au tour de {name}.", f"C'est au tour d'{name}.")
    assert said.startswith("C'est au tour d'") == (name[0].lower() in "aeiouàâæéèêëîïôœùûü")


def test_a_preposition_contracts_with_the_article_a_filled_in_phrase_begins_with() -> None:
    assert elided(f"ajouté 3♣ à {MARK}le groupe de 3", "fr") == "ajouté 3♣ au groupe de 3"
    assert elided(f"À {MARK}les autres", "fr") == "Aux autres"
    assert elided(f"la place {MARK}de {MARK}le joker", "fr") == "la place du joker"
    assert elided(f"de {MARK}les jokers", "fr") == "des jokers"
    assert elided(f"de {MARK}Le Goff", "fr") == "de Le Goff"  # a name keeps its article
    assert elided(f"à {MARK}la suite", "fr") == "à la suite"
    assert elided(f"to {MARK}le groupe", "en") == "to le groupe"


def test_a_value_bound_by_a_no_break_space_elides_too() -> None:
    """The catalogs bind a card to the word before it ("l'appel de\u00a0%{card}") so that
    it never starts a line alone: it elides all the same."""
    set_language("fr")
    assert plain(tr("table.stale.allow", card="A♦")) == \
        "Cette réponse visait l'appel d'A♦, déjà réglé."
    assert elided(f"à\u00a0{MARK}le groupe", "fr") == "au groupe"

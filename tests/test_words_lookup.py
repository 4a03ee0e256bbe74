"""The one lookup: parameters, plurals per language, phrases that follow a switch, the
cards' names, and the first start's language."""

from __future__ import annotations

import pytest

from kalooki.engine.cards import ACE_HIGH, QUEEN, SUIT_NAMES, joker, make_card
from kalooki.words import language, phrase, set_language, tr
from kalooki.words.cards import card_name, rank_name, suit_name
from kalooki.words.catalog import has
from kalooki.words.system import system_language
from tests.support.words import plain


def test_english_is_spoken_until_told_otherwise() -> None:
    assert language() == "en"
    assert tr("common.back") == "Back"


def test_french_is_spoken_after_the_switch_and_back() -> None:
    set_language("fr")
    assert (language(), tr("common.back")) == ("fr", "Retour")
    set_language("en")
    assert tr("common.back") == "Back"


def test_an_unknown_language_is_refused() -> None:
    with pytest.raises(ValueError, match="en, fr"):
        set_language("de")
    assert language() == "en"


@pytest.mark.parametrize(("lang", "count", "said"), [
    ("en", 0, "0 cards"), ("en", 1, "1 card"), ("en", 2, "2 cards"), ("en", 12, "12 cards"),
    ("fr", 0, "0 carte"), ("fr", 1, "1 carte"), ("fr", 2, "2 cartes"), ("fr", 12, "12 cartes"),
])
def test_plurals_follow_each_language(lang: str, count: int, said: str) -> None:
    set_language(lang)
    assert plain(tr("cards.count", count=count)) == said


def test_a_plural_entry_without_a_count_is_a_mistake_said_plainly() -> None:
    with pytest.raises(TypeError, match="count"):
        tr("cards.count")


def test_parameters_are_filled_and_phrases_inside_phrases_follow_the_language() -> None:
    queen = card_name(make_card(QUEEN, SUIT_NAMES.index("hearts")))
    assert str(queen) == "queen of hearts"
    set_language("fr")
    assert str(queen) == "dame de cœur"
    assert tr("cards.card", rank="as", suit=suit_name(0)) == "as de pique"


def test_a_phrase_is_made_into_words_each_time_it_is_shown() -> None:
    kept = phrase("cards.count", count=3)
    assert str(kept) == "3 cards"
    set_language("fr")
    assert plain(str(kept)) == "3 cartes"


def test_every_card_has_a_name_in_every_language() -> None:
    for lang in ("en", "fr"):
        set_language(lang)
        names = {str(card_name(make_card(rank, suit))) for rank in range(1, 14)
                 for suit in range(4)}
        assert len(names) == 52
        assert str(card_name(joker())) == "joker"
    assert str(rank_name(ACE_HIGH)) == str(rank_name(1)) == "as"


def test_a_missing_key_shows_itself_instead_of_stopping_the_game() -> None:
    assert not has("nowhere.to_be_found")
    assert tr("nowhere.to_be_found") == "nowhere.to_be_found"


@pytest.mark.parametrize(("environ", "process", "lang"), [
    ({"LANG": "fr_FR.UTF-8"}, None, "fr"),
    ({"LANG": "fr_CA.UTF-8"}, None, "fr"),
    ({"LANGUAGE": "fr:en", "LANG": "en_US.UTF-8"}, None, "fr"),
    ({"LC_ALL": "en_GB.UTF-8", "LANG": "fr_FR.UTF-8"}, None, "en"),
    ({"LANG": "de_DE.UTF-8"}, None, "en"),
    ({"LANG": "C.UTF-8"}, "fr_FR", "en"),
    ({}, "French_France", "fr"),
    ({}, "fr_BE", "fr"),
    ({}, "English_United States", "en"),
    ({}, None, "en"),
])
def test_the_first_start_follows_the_system_language(environ: dict[str, str],
                                                     process: str | None, lang: str) -> None:
    assert system_language(environ, lambda: process) == lang


def test_the_words_layer_stands_on_the_engine_alone() -> None:
    """No pygame (the command line speaks through it) and nothing from the layers above
    (``kalooki`` itself, below the engine, finds the catalogs: ``asset_path``)."""
    import ast
    import subprocess
    import sys
    from pathlib import Path

    words = Path(__file__).resolve().parents[1] / "kalooki" / "words"
    for path in words.glob("*.py"):
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if isinstance(node, ast.ImportFrom) and node.module:
                assert node.module == "kalooki" or node.module.split(".")[:2] in (
                    ["kalooki", "words"], ["kalooki", "engine"]) \
                    or not node.module.startswith("kalooki"), f"{path.name}: {node.module}"
    code = ("import sys, kalooki.words, kalooki.words.cards, kalooki.words.system;"
            "kalooki.words.tr('common.back'); assert 'pygame' not in sys.modules")
    subprocess.run([sys.executable, "-c", code], check=True)


@pytest.mark.parametrize("key", ["table.zone.dealer", "table.sidebar.deal",
                                 "table.sidebar.deal_of"])
def test_french_names_whoever_deals_in_words_that_suit_a_woman_or_a_man(key: str) -> None:
    """"Keisha · donneur" reads wrong for a woman: the dealer is told by a verb or an
    idiom (« à la donne », « Keisha donne »), never by a gendered noun."""
    said = tr(key, locale="fr", name="Keisha", dealer="Keisha", deal=1, deals=9)
    assert "Keisha" in said and not any(word in said for word in ("donneur", "donneuse"))

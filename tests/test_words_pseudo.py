"""The pseudo-language ``qps``: English made strange the first time it is spoken
(accented, about 40% longer, bracketed), and the check that reads a screen's words for
cut and stray text."""

from __future__ import annotations

import pytest

from kalooki.cli.main import main
from kalooki.tools.screens.check import outside_brackets, word_problems
from kalooki.words import PSEUDO, language, languages, set_language, tr
from kalooki.words.cards import card_name
from kalooki.words.pseudo import accented, pseudo, pseudo_entry


def test_every_letter_is_accented_and_the_entry_grows_inside_brackets() -> None:
    made = pseudo("Call")
    assert made.startswith("[") and made.endswith("]")
    assert made == "[Ćáĺĺ ··]"
    assert not any(c.isascii() and c.isalpha() for c in accented("the quick brown fox"
                                                                    .replace("q", "")))
    long = pseudo("Start your turn by drawing a card.")
    assert len(long) >= 1.4 * len("Start your turn by drawing a card.")


def test_parameters_and_number_formats_are_kept() -> None:
    assert pseudo("%{name} drew %{count} cards, 100%%") == \
        "[%{name} ďŕéŵ %{count} ćáŕďś, 100%% ·······]"
    assert pseudo_entry("format.decimal_mark", ".") == "."
    assert pseudo_entry("cards.count", {"one": "%{count} card", "other": "%{count} cards"}) \
        == {"one": "[%{count} ćáŕď ··]", "other": "[%{count} ćáŕďś ···]"}


def test_it_is_made_only_once_spoken_or_asked_for() -> None:
    import i18n

    from kalooki.words.catalog import full_key, has, use_catalogs

    use_catalogs(None)  # the catalogs as a launch finds them
    assert tr("common.back") == "Back"
    assert not i18n.translations.has(full_key("common.back"), PSEUDO)
    assert has("common.back", PSEUDO)  # asked for by name: made then
    assert tr("common.back", locale=PSEUDO) == "[Ḃáćķ ··]"
    use_catalogs(None)
    set_language(PSEUDO)
    assert tr("common.back") == "[Ḃáćķ ··]"
    use_catalogs(None)


def test_the_game_speaks_it_when_asked_but_never_offers_it() -> None:
    assert PSEUDO not in languages()
    set_language(PSEUDO)
    assert language() == PSEUDO
    assert tr("common.back") == "[Ḃáćķ ··]"
    assert tr("cards.count", count=3) == "[3 ćáŕďś ···]"
    assert str(card_name(12)).startswith("[[")  # a phrase inside a phrase, both marked


def test_rules_explain_in_the_pseudo_language_is_all_brackets(capsys) -> None:
    assert main(["rules", "explain", "--lang", PSEUDO]) == 0
    said = capsys.readouterr().out
    assert not any(c.isascii() and c.isalpha() for c in outside_brackets(said))


@pytest.mark.parametrize(("words", "fits", "found"), [
    ("[Ḃáćķ ··]", True, []),
    ("[Ḃáćķ ··]", False, ["cut"]),
    ("[Ŵĥó ćáĺĺś 7♥? ··", True, ["cut"]),
    ("[Ďéáĺ 1 · [Marcia ·] ··]", True, []),
    ("Back", True, ["stray"]),
    ("[Ḃáćķ ··] to menu", True, ["stray"]),
    ("Marcia · 12", True, []),
    ("Friday night.json.bak", True, []),
])
def test_the_check_finds_cut_and_stray_words(words: str, fits: bool, found: list[str]) -> None:
    assert word_problems(words, fits, {"Marcia", "Friday night"}) == found

"""The words of an entry are made once and kept (a frame asks for the same labels again):
what is kept always equals what the catalogs say now, in the language of the moment."""

from __future__ import annotations

import shutil
from pathlib import Path

from hypothesis import given, settings
from hypothesis import strategies as st

from kalooki.words import phrase, set_language, tr
from kalooki.words.catalog import _fill, catalog_dir, read_catalog, use_catalogs
from kalooki.words.layout import dump

PLAIN = sorted(key for key, entry in read_catalog("en").items()
               if isinstance(entry, str) and "%{" not in entry)


@settings(max_examples=200, deadline=None)
@given(key=st.sampled_from(PLAIN), lang=st.sampled_from(["en", "fr"]),
       again=st.booleans())
def test_kept_words_are_the_catalogs_words(key: str, lang: str, again: bool) -> None:
    set_language(lang)
    if again:
        tr(key)
    assert tr(key) == _fill(key, lang, {})
    set_language("en")


def test_kept_words_follow_the_language_the_values_and_their_types() -> None:
    set_language("fr")
    french = tr("cards.count", count=3)
    set_language("en")
    assert tr("cards.count", count=3) == "3 cards" != french
    assert tr("cards.count", count=1) != tr("cards.count", count=2)
    assert tr("hint.reason.take_closer", card=phrase("cards.count", count=2)) != \
        tr("hint.reason.take_closer", card=phrase("cards.count", count=3))
    assert tr("common.back", locale="fr") != tr("common.back")
    assert str(tr("cards.count", count=1.5)) == _fill("cards.count", "en", {"count": 1.5})


def test_other_catalogs_are_read_afresh(tmp_path: Path) -> None:
    assert tr("common.back") == "Back"
    folder = tmp_path / "translations"
    shutil.copytree(catalog_dir(), folder)
    entries = read_catalog("en")
    entries["common.back"] = "Go back"
    (folder / "kalooki.en.json").write_text(dump("en", entries), encoding="utf-8")
    use_catalogs(folder)
    try:
        assert tr("common.back") == "Go back"
    finally:
        use_catalogs(None)
    assert tr("common.back") == "Back"

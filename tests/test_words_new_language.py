"""A language is a file: a catalog written now, for a language nobody ships, is offered at
once and speaks every screen the test opens (the menu, the settings with it among the
languages, a table, the house-rules editor, the rules screen) and ``kalooki rules
explain``, and a refusal of the store (issue 25 item 3). Its every entry is bracketed
``⟨…⟩``, so a word on a screen that does not come from the new catalog shows outside the
brackets."""

from __future__ import annotations

import shutil
from collections.abc import Iterator
from pathlib import Path

import pytest

from kalooki.cli.main import main
from kalooki.store.presets import PresetError, read_preset
from kalooki.tools.screens.check import Problem, outside_brackets
from kalooki.tools.screens.registry import render
from kalooki.words import language_name, languages, set_language
from kalooki.words.catalog import catalog_dir, read_catalog, use_catalogs
from kalooki.words.house_rules import built_in_names
from kalooki.words.layout import dump
from kalooki.words.notices import notices_text

OPENING, CLOSING = "⟨", "⟩"
SCREENS = ("menu", "settings", "table", "house-rules", "rules")


def _invented(entry: object) -> object:
    if isinstance(entry, dict):
        return {form: f"{OPENING}{text}{CLOSING}" for form, text in entry.items()}
    return f"{OPENING}{entry}{CLOSING}"


@pytest.fixture
def invented(tmp_path: Path) -> Iterator[str]:
    """The game's catalogs and one more, ``kalooki.xq.json``, in a folder of their own."""
    folder = tmp_path / "translations"
    shutil.copytree(catalog_dir(), folder)
    entries = {key: _invented(entry) for key, entry in read_catalog("en").items()
               if key != "language.en"}
    entries["language.xq"] = f"{OPENING}Xq{CLOSING}"
    (folder / "kalooki.xq.json").write_text(dump("xq", entries), encoding="utf-8")
    use_catalogs(folder)
    yield "xq"
    use_catalogs(None)


def test_a_catalog_file_is_a_language_offered_by_its_own_name(invented: str) -> None:
    assert languages() == ("en", "fr", invented)
    assert language_name(invented) == "⟨Xq⟩" and language_name("fr") == "Français"
    use_catalogs(None)
    assert invented not in languages()


def test_rules_explain_speaks_the_new_language(invented: str, capsys) -> None:
    assert main(["rules", "explain", "--preset", "kalooki51", "--lang", invented]) == 0
    said = capsys.readouterr().out
    assert "⟨" in said and not any(c.isalpha() for c in outside_brackets(said, "⟨", "⟩"))


def test_every_screen_opened_speaks_only_the_new_language(invented: str,
                                                          tmp_path: Path) -> None:
    found: list[Problem] = []
    written = render(tmp_path / "pictures", [(1024, 640)], invented, SCREENS, found,
                     (OPENING, CLOSING))
    assert all(written[name] for name in SCREENS)
    assert [str(problem) for problem in found if problem.kind == "stray"] == []
    set_language("en")


def test_a_store_refusal_speaks_the_new_language(invented: str, tmp_path: Path) -> None:
    """The store says a fact; its words come from the new catalog, nested facts too."""
    broken = tmp_path / "ours.json"
    broken.write_text("{nope", encoding="utf-8")
    set_language(invented)
    try:
        with pytest.raises(PresetError) as refused:
            read_preset(broken, reserved=built_in_names())
        said = notices_text(refused.value.fact)
    finally:
        set_language("en")
    left = outside_brackets(said, OPENING, CLOSING).replace("ours.json", "")
    assert said.startswith(OPENING) and not any(c.isalpha() for c in left), said

"""The catalogs: the same keys in every language, nothing empty, the same parameters, the
plural forms each language needs, one layout (so concurrent additions merge), and every
key the code names exists."""

from __future__ import annotations

import ast
import re
from pathlib import Path

import pytest

from kalooki.words.catalog import FALLBACK, RESERVED_PARAMS, catalog_file, languages
from kalooki.words.layout import PLURAL_FORMS, dump, read
from tests.support.words import forms, placeholders

ROOT = Path(__file__).resolve().parents[1]
KEY = re.compile(r"[a-z][a-z0-9_]*(\.[a-z0-9_]+)+")
NEEDED_FORMS = {"en": {"one", "other"}, "fr": {"zero", "one", "other"}}
"""French says "0 carte": its plural entries give ``zero`` (the singular, or "aucune …").
A language not listed gives at least ``other``."""
OWN_NAME = re.compile(r"language\.[a-z]{2,3}")
"""Each catalog names its own language (``language.fr`` in the French one) and no other:
the others name themselves."""
LOOKUPS = {"tr", "phrase", "Phrase", "ui_text", "ui_tooltip", "has"}


def catalogs() -> dict[str, dict[str, object]]:
    return {lang: read(lang) for lang in languages()}


def test_every_language_has_the_same_keys() -> None:
    keys = {lang: {key for key in entries if not OWN_NAME.fullmatch(key)}
            for lang, entries in catalogs().items()}
    english = keys[FALLBACK]
    for lang, theirs in keys.items():
        assert theirs - english == set(), f"{lang} has keys English lacks"
        assert english - theirs == set(), f"{lang} lacks {sorted(english - theirs)}"


def test_keys_are_dotted_lower_case_names() -> None:
    for lang, entries in catalogs().items():
        bad = [key for key in entries if not KEY.fullmatch(key)]
        assert bad == [], f"{lang}: keys must look like area.name: {bad}"


def test_no_entry_is_empty_and_plurals_give_the_forms_their_language_needs() -> None:
    for lang, entries in catalogs().items():
        for key, entry in entries.items():
            if isinstance(entry, dict):
                assert set(entry) <= set(PLURAL_FORMS), f"{lang} {key}: unknown forms"
                needed = NEEDED_FORMS.get(lang, {"other"})
                assert needed <= set(entry), f"{lang} {key} needs the forms {sorted(needed)}"
            else:
                assert isinstance(entry, str), f"{lang} {key}: text or plural forms only"
            assert all(isinstance(text, str) and text.strip() for text in forms(entry)), \
                f"{lang} {key} is empty"


def test_every_language_fills_the_same_parameters() -> None:
    found = catalogs()
    for key, entry in found[FALLBACK].items():
        expected = placeholders(entry)
        assert not expected & RESERVED_PARAMS, f"{key} uses a reserved parameter name"
        for lang in languages()[1:]:
            if OWN_NAME.fullmatch(key):
                continue
            assert placeholders(found[lang][key]) == expected, \
                f"{lang} {key}: parameters differ from English"


def test_each_catalog_names_its_own_language_and_no_other() -> None:
    for lang, entries in catalogs().items():
        assert [key for key in entries if OWN_NAME.fullmatch(key)] == [f"language.{lang}"]


@pytest.mark.parametrize("lang", languages())
def test_catalog_is_in_the_one_layout(lang: str) -> None:
    """Sorted keys, one entry per line: rewrite it with ``python -m kalooki.words.layout``."""
    text = catalog_file(lang).read_text(encoding="utf-8")
    assert text == dump(lang, read(lang)), \
        f"{catalog_file(lang).name} is not in layout: run python -m kalooki.words.layout"


def _named_keys(root: Path = ROOT / "kalooki") -> dict[str, str]:
    """Every key the code under ``root`` names as a literal string to a lookup: key -> where."""
    named: dict[str, str] = {}
    for path in root.rglob("*.py"):
        tree = ast.parse(path.read_text(encoding="utf-8"))
        for node in ast.walk(tree):
            if not isinstance(node, ast.Call) or not node.args:
                continue
            func = node.func
            name = func.id if isinstance(func, ast.Name) else \
                func.attr if isinstance(func, ast.Attribute) else None
            first = node.args[0]
            if name in LOOKUPS and isinstance(first, ast.Constant) \
                    and isinstance(first.value, str):
                named[first.value] = f"{path.name}:{node.lineno}"
    return named


def test_every_key_the_code_names_is_in_the_catalogs() -> None:
    english = read(FALLBACK)
    missing = {key: where for key, where in _named_keys().items() if key not in english}
    assert missing == {}, f"keys without an entry: {missing}"


def test_the_key_scan_finds_keys_however_the_lookup_is_reached(tmp_path: Path) -> None:
    (tmp_path / "screen.py").write_text(
        'tr("a.one")\nwords.phrase("a.two", n=1)\nUIButton(r, **ui_text("a.three"))\n'
        'tr(f"a.{x}")\nprint("a.four")\n', encoding="utf-8")
    assert set(_named_keys(tmp_path)) == {"a.one", "a.two", "a.three"}

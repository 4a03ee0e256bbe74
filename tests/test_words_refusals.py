"""Every refusal the engine can give has a sentence in every language, with its parameters
filled. The codes are found by reading the engine, so a new code without a sentence fails."""

from __future__ import annotations

import ast
from pathlib import Path

import pytest

from kalooki.engine.actions import DrawStock
from kalooki.engine.cards import parse_cards
from kalooki.engine.errors import RuleError
from kalooki.engine.melds import make_group, make_run
from kalooki.engine.rules import GROUP, RUN, preset
from kalooki.words import languages, set_language
from kalooki.words.catalog import has
from kalooki.words.layout import read
from kalooki.words.refusals import refusal, refusal_key, refusal_text
from tests.support.rig import rigged
from tests.support.words import placeholders, plain

ROOT = Path(__file__).resolve().parents[1] / "kalooki"
CARIB = preset("caribbean")
SAMPLES: dict[str, object] = {
    "count": 3, "deal": 2, "card": parse_cards(["QH"])[0],
    "cards": tuple(parse_cards(["7H", "8C"])),
    "rank": 12, "kind": "trio", "contract": (GROUP, GROUP, RUN), "laid": (GROUP,),
    "name": "Marcia", "seat": 1, "text": "7X", "number": 5, "needed": 40, "field": "seed",
    "action": "draw", "least": 2, "most": 8, "players": 9, "deals": 9, "need": 12,
    "dealt": 10, "points": 51, "size": 15, "deck": 108, "known": "caribbean, baby",
    "rule": "packs", "value": 11, "line": 3, "column": 7,
    "reason": RuleError("run-no-natural"),
    "meld": make_run(parse_cards(["5H", "6H", "JK", "8H"]), CARIB),
    "melds": (make_group(parse_cards(["7H", "7C", "7D"]), CARIB),
              make_run(parse_cards(["5H", "6H", "7H", "8H"]), CARIB)),
}
"""A value for each parameter name a refusal may carry (a new name needs one here)."""


def _constants(node: ast.expr) -> list[object]:
    if isinstance(node, ast.Constant):
        return [node.value]
    if isinstance(node, ast.IfExp):
        return _constants(node.body) + _constants(node.orelse)
    raise AssertionError(f"line {node.lineno}: a refusal's case must be written out")


def refusal_sites(root: Path = ROOT) -> list[tuple[str, str, object, frozenset[str]]]:
    """(where, code, case, parameter names) of every RuleError the code under ``root``
    makes."""
    sites = []
    for path in sorted(root.rglob("*.py")):
        if path.name == "errors.py":
            continue
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if not (isinstance(node, ast.Call) and isinstance(node.func, ast.Name)
                    and node.func.id == "RuleError"):
                continue
            where = f"{path.name}:{node.lineno}"
            assert node.args and isinstance(node.args[0], ast.Constant), \
                f"{where}: a refusal's code must be written out"
            assert len(node.args) == 1, f"{where}: the sentence belongs in the catalogs"
            names = frozenset(k.arg for k in node.keywords if k.arg not in (None, "case"))
            cases = next((_constants(k.value) for k in node.keywords if k.arg == "case"),
                         [None])
            sites += [(where, node.args[0].value, case, names) for case in cases]
    return sites


def test_the_scan_finds_the_engines_refusals() -> None:
    codes = {code for _, code, _, _ in refusal_sites()}
    assert {"group-too-short", "not-contract", "release-count"} <= codes


def test_the_scan_refuses_a_sentence_in_the_engine(tmp_path: Path) -> None:
    (tmp_path / "rules_x.py").write_text('raise RuleError("x-code", "An English sentence.")\n',
                                         encoding="utf-8")
    with pytest.raises(AssertionError, match="catalogs"):
        refusal_sites(tmp_path)


@pytest.mark.parametrize("lang", languages())
def test_every_refusal_has_a_sentence_with_the_parameters_it_is_given(lang: str) -> None:
    """Each sentence uses only facts the error carries (it may carry more, for the
    program: ``not-your-turn`` keeps the ``seat`` whose turn it is)."""
    entries = read(lang)
    for where, code, case, names in refusal_sites():
        key = refusal_key(code, case)
        assert has(key, lang), f"{where}: no {lang} sentence {key}"
        assert placeholders(entries[key]) <= names, \
            f"{where}: {key} uses {sorted(placeholders(entries[key]))}, the engine gives " \
            f"only {sorted(names)}"


@pytest.mark.parametrize("lang", languages())
def test_every_refusal_reads_whole_with_sample_facts(lang: str) -> None:
    set_language(lang)
    for where, code, case, names in refusal_sites():
        missing = names - set(SAMPLES)
        assert not missing, f"{where}: add a sample for {sorted(missing)}"
        params = {name: SAMPLES[name] for name in names}
        if case is not None:
            params["case"] = case
        text = refusal_text(RuleError(code, **params))
        assert "%{" not in text and "error." not in text and "kalooki." not in text, \
            f"{where}: {text}"


def test_a_refusal_follows_the_language_and_names_its_facts() -> None:
    error = RuleError("not-contract", case="deal", deal=2, contract=(GROUP, GROUP, RUN),
                      laid=(GROUP, GROUP))
    said = refusal(error)
    assert str(said) == "Deal 2 needs two groups and one run; your melds make two groups."
    set_language("fr")
    assert plain(str(said)) == "La donne 2 demande deux groupes et une suite ; vos combinaisons " \
                        "font deux groupes."
    nested = refusal_text(RuleError("tack-wrong-card", case="suit", card=SAMPLES["card"],
                                    meld=SAMPLES["meld"]))
    assert plain(nested) == "D♥ ne va pas dans la suite 5♥–8♥ (joker pour 7♥)."


def test_a_refusal_without_a_sentence_says_its_engine_message() -> None:
    assert refusal_text(RuleError("made-up", "Plain words.")) == "Plain words."
    assert refusal_text(RuleError("made-up")) == "made-up"


def test_the_engines_turn_refusal_names_the_player_by_number() -> None:
    """The seat the engine gives counts from 0; the sentence counts players from 1."""
    game = rigged(["2S 3S", "4S 5S", "6S 7S"])
    error = game.why_illegal(DrawStock(), 1)
    assert error is not None and refusal_text(error) == "It is player 1's turn."
    set_language("fr")
    assert refusal_text(error) == "C'est au tour du joueur 1."

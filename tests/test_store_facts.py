"""The store says facts, not words (issue 25.2): every notice and refusal it makes is a
code and its parameters, never a sentence in any language; the words for each code are in
every catalog, made at the edges in the player's language; and quoting a refused value
costs what the quote shows (issue 30.4)."""

from __future__ import annotations

import ast
import re
from pathlib import Path

import pytest

from kalooki.engine.errors import RuleError
from kalooki.engine.facts import said
from kalooki.engine.facts.said import QUOTE_CHARS, Fact, fact, quoted
from kalooki.store.notices import Refused
from kalooki.store.savefile import decode
from kalooki.store.savegame import GameSave, SaveError, resume
from kalooki.words import languages, set_language
from kalooki.words.catalog import has
from kalooki.words.layout import read
from kalooki.words.notices import _RENAMED, notice_key, notice_said, notices_text
from tests.support.words import plain

STORE = Path(__file__).resolve().parents[1] / "kalooki" / "store"
MAKERS = frozenset({"notice", "fact", "Refused", "Damaged", "Invalid", "SaveError",
                    "PresetError", "FileRefused"})
"""What makes a fact in the store: each takes the fact's code first."""
CODE = re.compile(r"[a-z]+(?:-[a-z]+)*")


def _sites() -> list[tuple[str, str, str | None, set[str]]]:
    """(where, code, case, parameter names) of every fact the store's code makes."""
    found = []
    for path in sorted(STORE.glob("*.py")):
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if not isinstance(node, ast.Call) or not node.args:
                continue
            name = getattr(node.func, "id", None) or getattr(node.func, "attr", None)
            if name not in MAKERS:
                continue
            first = node.args[0]
            if not isinstance(first, ast.Constant):
                continue  # a fact passed on (``SaveError(error.fact)``), or made by a call
            case = next((k.value.value for k in node.keywords if k.arg == "case"
                         and isinstance(k.value, ast.Constant)), None)
            found.append((f"{path.name}:{node.lineno}", first.value, case,
                          {k.arg for k in node.keywords if k.arg is not None}))
    return found


def test_the_store_makes_facts_from_codes_never_sentences() -> None:
    sites = _sites()
    assert len(sites) >= 80
    for where, code, _, _ in sites:
        assert isinstance(code, str) and CODE.fullmatch(code), \
            f"{where}: {code!r} is a sentence or no code: the store says codes only"


@pytest.mark.parametrize("lang", languages())
def test_every_fact_of_the_store_has_words_in_every_language(lang: str) -> None:
    entries = read(lang)
    for where, code, case, names in _sites():
        key = notice_key(code, case)
        assert has(key, lang), f"{where}: no {lang} words for {code} ({key})"
        wanted = {_RENAMED.get(n, n) for n in names}
        used = set(re.findall(r"%\{(\w+)\}", str(entries[key])))
        assert used <= wanted, f"{where}: {key} wants {used - wanted}"


def test_a_refusal_carries_a_code_and_is_worded_only_at_the_edge() -> None:
    with pytest.raises(SaveError) as caught:
        decode(b"{not json")
    refusal = caught.value
    assert isinstance(refusal, Refused) and refusal.fact == fact(
        "save-unreadable", reason=fact("not-json", line=1, column=2))
    assert str(refusal) == "save-unreadable(reason=not-json(line=1, column=2))"  # the log's
    english = notices_text(refusal.fact)
    set_language("fr")
    try:
        french = notices_text(refusal.fact)
    finally:
        set_language("en")
    assert english == "not a readable JSON object: not valid JSON at line 1, column 2"
    assert plain(french).startswith("pas un objet JSON lisible : JSON non valide")


def test_a_fact_s_parameters_are_worded_by_what_they_are() -> None:
    told = fact("file-damaged", file="stats.json", reason=RuleError("bad-record",
                                                                      case="actions"),
                aside=fact("kept-aside", target="stats.json.broken-1"))
    assert str(notice_said(told)).startswith("stats.json was damaged (")
    assert str(notice_said(told)).endswith("; it was kept as stats.json.broken-1.")
    assert notices_text(fact("not-saved", what="settings",
                             reason=fact("os-error", case="enospc", text="No space"))) \
        == "Could not save the settings (the disk is full); the previous copy is unchanged."
    assert notices_text(fact("os-error", case="eio", text="Input/output error")) == \
        "Input/output error"  # a refusal of the system without words of ours: its own
    assert notices_text(fact("no-such-code", n=1)) == "no-such-code(n=1)"


# -- 4. refusals cost what they show ----------------------------------------------------


def test_a_quote_shows_at_most_its_length_of_any_value() -> None:
    for value in ("x" * 10_000_000, ["y" * 1000] * 1000, {"k": list(range(10**5))},
                  10**1000, [[[[[[["deep"]]]]]]], "\u202e" * 1000):
        assert len(quoted(value)) <= QUOTE_CHARS * 6  # an escape is at most 6 characters
    assert quoted("short") == "'short'" and quoted([1, 2]) == "[1, 2]"


def test_a_fifty_megabyte_string_is_refused_looking_at_a_few_hundred_characters(
        monkeypatch: pytest.MonkeyPatch) -> None:
    """Issue 30.4: a 10 MB string in a save took 7.4 s of CPU to refuse (the whole value
    escaped for the message); its refusal now looks at what it shows. Counted, not timed:
    each character the message's escaping examines is counted."""
    looked = 0
    real = said.escaped

    def counted(text: str) -> str:
        nonlocal looked
        looked += len(text)
        return real(text)

    monkeypatch.setattr(said, "escaped", counted)
    huge = "\u00e9" * (50 << 20)
    for field in ("action", "card"):
        doc = _save_doc()
        if field == "action":
            doc["record"]["actions"][3] = huge
        else:
            doc["first_deck"][0] = huge
        with pytest.raises(SaveError) as caught:
            resume(GameSave.from_dict(doc))
        assert len(str(caught.value)) < 1000 and len(notices_text(caught.value.fact)) < 1000
    assert looked < 2000  # the wall clock is the bench's: python -m bench refusals


def _save_doc() -> dict[str, object]:
    import dataclasses
    from datetime import UTC, datetime

    from kalooki.ai.random_player import choose_random
    from kalooki.engine.record import Recorder
    from kalooki.engine.rng import Rng
    from kalooki.engine.rules import preset
    from kalooki.store.savegame import Seat, snapshot

    recorder = Recorder.new(preset("baby"), 3, 5)
    rng = Rng(5)
    while len(recorder.actions) < 12:
        seat = recorder.game.to_act
        assert seat is not None
        recorder.apply(choose_random(recorder.game.view(seat), rng), seat)
    seats = [Seat("You", "human"), Seat("A", "easy"), Seat("B", "easy")]
    save = dataclasses.replace(snapshot(recorder, seats), saved_at=datetime(2026, 1, 1,
                                                                            tzinfo=UTC))
    return save.to_dict()


def test_facts_compare_by_their_code_and_parameters() -> None:
    assert fact("x", a=1) == Fact("x", (("a", 1),)) != fact("x", a=2)

"""Custom presets on disk: saved, renamed, duplicated, deleted, imported and exported;
damaged, hostile and oversized files listed with their reason, never half-loaded."""

from __future__ import annotations

import contextlib
import dataclasses
import json
import os
import re
from collections.abc import Iterator
from pathlib import Path

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from kalooki.engine.presets_io import dumps_rules
from kalooki.engine.rules import PRESETS, preset
from kalooki.store.paths import StorePaths
from kalooki.store.presets import (
    MAX_BYTES,
    PresetError,
    delete_preset,
    duplicate_preset,
    export_preset,
    find_rules,
    import_preset,
    load_shelf,
    parse_preset,
    presets_dir,
    rename_preset,
    save_preset,
)
from kalooki.words.house_rules import built_in_names
from kalooki.words.notices import notices_text

OUR_TABLE = dataclasses.replace(preset("caribbean"), hand_sizes=(12, 12, 12, 12, 12, 13, 14,
                                                                 15, 16),
                                joker_points=25, max_calls=2, cut_bonus=False)

RESERVED = built_in_names()
"""The names the words give the built-in presets: no custom preset may take one."""


@contextlib.contextmanager
def refused_as(words: str) -> Iterator[None]:
    """The block is refused with a PresetError whose words match ``words`` (the store
    says a fact; the words are made here, as the window and the command line make them)."""
    with pytest.raises(PresetError) as caught:
        yield
    said = notices_text(caught.value.fact)
    assert re.search(words, said), said


def put(paths: StorePaths, name: str, content: str | bytes) -> Path:
    folder = presets_dir(paths)
    folder.mkdir(parents=True, exist_ok=True)
    path = folder / name
    path.write_bytes(content.encode("utf-8") if isinstance(content, str) else content)
    return path


def test_a_saved_preset_comes_back_with_every_field(paths: StorePaths) -> None:
    saved = save_preset(paths, OUR_TABLE, "caribbean", "our table", reserved=RESERVED)
    shelf = load_shelf(paths, reserved=RESERVED)
    assert [p.name for p in shelf.presets] == ["our table"] and not shelf.damaged
    back = shelf.presets[0]
    assert back.rules == dataclasses.replace(OUR_TABLE, name="our table")
    assert back.based_on == "caribbean" and back.path == saved.path
    document = json.loads(saved.path.read_text(encoding="utf-8"))
    assert document["based_on"] == "caribbean" and document["joker_points"] == 25
    assert "packs" not in document  # only what differs from the base is written


def test_find_rules_knows_built_in_and_custom_names(paths: StorePaths) -> None:
    save_preset(paths, OUR_TABLE, "caribbean", "our table", reserved=RESERVED)
    assert find_rules(paths, "rami40", reserved=RESERVED) is PRESETS["rami40"]
    assert find_rules(paths, "Our Table", reserved=RESERVED).joker_points == 25
    with refused_as(r"no preset called “nowhere”.*our table"):
        find_rules(paths, "nowhere", reserved=RESERVED)


def test_saving_refuses_taken_built_in_blank_and_invalid(paths: StorePaths) -> None:
    save_preset(paths, OUR_TABLE, "caribbean", "our table", reserved=RESERVED)
    for name, reason in (("OUR TABLE", "already a preset"), ("baby", "built-in"),
                         ("Rami 40", "built-in"), ("  ", "needs a name"), ("x" * 41, "40"),
                         ("a\x07b", "control")):
        with refused_as(reason):
            save_preset(paths, OUR_TABLE, "caribbean", name, reserved=RESERVED)
    broken = dataclasses.replace(OUR_TABLE, hand_sizes=(5,) * 9)
    with refused_as("contract needs 9 cards, 5 dealt"):
        save_preset(paths, broken, "caribbean", "short hands", reserved=RESERVED)
    assert [p.name for p in load_shelf(paths, reserved=RESERVED).presets] == ["our table"]


def test_save_with_replace_overwrites_the_same_file(paths: StorePaths) -> None:
    first = save_preset(paths, OUR_TABLE, "caribbean", "our table", reserved=RESERVED)
    again = save_preset(paths, dataclasses.replace(OUR_TABLE, joker_points=30), "caribbean",
                        "our table", replace=True, reserved=RESERVED)
    assert again.path == first.path
    assert find_rules(paths, "our table", reserved=RESERVED).joker_points == 30


def test_rename_duplicate_and_delete(paths: StorePaths) -> None:
    first = save_preset(paths, OUR_TABLE, "caribbean", "our table", reserved=RESERVED)
    save_preset(paths, preset("baby"), "baby", "kids", reserved=RESERVED)
    with refused_as("already a preset called “kids”"):
        rename_preset(paths, first, "Kids", reserved=RESERVED)
    renamed = rename_preset(paths, first, "Friday table", reserved=RESERVED)
    assert not first.path.exists()
    copy = duplicate_preset(paths, renamed, reserved=RESERVED)
    assert copy.name == "Friday table (2)" and copy.rules.joker_points == 25
    assert [p.name for p in load_shelf(paths, reserved=RESERVED).presets] == ["Friday table",
                                                            "Friday table (2)", "kids"]
    delete_preset(paths, copy)
    shelf = load_shelf(paths, reserved=RESERVED)
    assert [p.name for p in shelf.presets] == ["Friday table", "kids"]


def test_delete_refuses_files_outside_the_presets_folder(paths: StorePaths,
                                                         tmp_path: Path) -> None:
    outside = tmp_path / "elsewhere.json"
    outside.write_text("{}", encoding="utf-8")
    save_preset(paths, OUR_TABLE, "caribbean", "our table", reserved=RESERVED)
    stray = dataclasses.replace(load_shelf(paths, reserved=RESERVED).presets[0], path=outside)
    with refused_as("not a preset"):
        delete_preset(paths, stray)
    assert outside.exists()


def test_export_then_import_on_another_machine(paths: StorePaths, tmp_path: Path) -> None:
    mine = save_preset(paths, OUR_TABLE, "caribbean", "our table", reserved=RESERVED)
    shared = export_preset(mine, tmp_path / "share" / "our-table")
    assert shared.name == "our-table.json"
    friend = StorePaths.under(tmp_path / "friend")
    imported = import_preset(friend, shared, reserved=RESERVED)
    assert imported.rules == mine.rules and imported.based_on == "caribbean"
    again = import_preset(friend, shared, reserved=RESERVED)  # a numbered name: no overwrite
    assert again.name == "our table (2)"
    assert len(load_shelf(friend, reserved=RESERVED).presets) == 2


def test_import_of_a_bad_file_is_refused_and_nothing_is_written(paths: StorePaths,
                                                               tmp_path: Path) -> None:
    bad = tmp_path / "bad.json"
    bad.write_text('{"name": "x", "joker_points": "lots"}', encoding="utf-8")
    with refused_as("Jokers count"):
        import_preset(paths, bad, reserved=RESERVED)
    assert not presets_dir(paths).exists() or not list(presets_dir(paths).iterdir())


HOSTILE = {
    "not-json.json": ("{\"name\": ", "not valid JSON"),
    "a-list.json": ("[1, 2, 3]", "JSON object"),
    "wrong-type.json": ('{"name": "t", "packs": "two"}',
                        "'Packs of 52 cards' has a value of the wrong kind"),
    "bool-for-int.json": ('{"name": "t", "jokers": true}',
                          "'Jokers in the deck' has a value of the wrong kind"),
    "unknown-field.json": ('{"name": "t", "rm -rf": 1}', "no rule field called 'rm -rf'"),
    "no-name.json": ('{"joker_points": 5}', "needs a 'name'"),
    "bad-base.json": ('{"name": "t", "based_on": "poker"}', "no preset called 'poker'"),
    "future.json": ('{"format": 2, "name": "t"}', "format 2"),
    "impossible.json": ('{"name": "t", "hand_sizes": [3]}', "needs 9 cards"),
    "built-in-name.json": ('{"name": "Baby Kalooki"}', "built-in"),
    "binary.json": (b"\xff\xfe\x00\x01garbage", "not text"),
    "deep.json": ("[" * 100_000 + "]" * 100_000, "larger than 64 KiB"),
    "nested.json": ('{"name": "t", "contracts": ' + "[" * 2000 + "]" * 2000 + "}",
                    "nests too deeply"),
    "slightly-nested.json": ('{"name": "t", "contracts": [[[[[[[[[3]]]]]]]]]}',
                             "nests too deeply"),
    "huge-int.json": ('{"name": "t", "packs": ' + "9" * 5000 + "}", "number too long"),
}


@pytest.mark.parametrize("name", sorted(HOSTILE))
def test_hostile_files_are_listed_as_damaged_with_their_reason(paths: StorePaths,
                                                               name: str) -> None:
    content, reason = HOSTILE[name]
    put(paths, "fine.json", dumps_rules(dataclasses.replace(OUR_TABLE, name="fine")))
    put(paths, name, content)
    shelf = load_shelf(paths, reserved=RESERVED)
    assert [p.name for p in shelf.presets] == ["fine"]
    assert len(shelf.damaged) == 1 and shelf.damaged[0].path.name == name
    said = notices_text(shelf.damaged[0].reason)
    assert said.startswith(name) and "\n" not in said
    assert re.search(reason, said), said
    assert (presets_dir(paths) / name).exists()  # left for the player to mend or delete


def test_a_ten_megabyte_file_is_refused_without_being_read(paths: StorePaths,
                                                           monkeypatch) -> None:
    put(paths, "big.json", b" " * (10 * 1024 * 1024) + b"{}")
    reads: list[int] = []
    real_read = os.read

    def watched(fd: int, size: int) -> bytes:
        reads.append(size)
        return real_read(fd, size)

    monkeypatch.setattr(os, "read", watched)
    shelf = load_shelf(paths, reserved=RESERVED)
    assert notices_text(shelf.damaged[0].reason) == (
        f"big.json could not be read (larger than {MAX_BYTES // 1024} KiB, more than any "
        f"file of the game).")
    assert reads == []


def test_two_files_with_one_name_keep_the_first(paths: StorePaths) -> None:
    put(paths, "a.json", dumps_rules(dataclasses.replace(OUR_TABLE, name="twin")))
    put(paths, "b.json", dumps_rules(dataclasses.replace(OUR_TABLE, name="Twin")))
    shelf = load_shelf(paths, reserved=RESERVED)
    assert [p.path.name for p in shelf.presets] == ["a.json"]
    assert "same name as a.json" in notices_text(shelf.damaged[0].reason)


def test_a_damaged_preset_asked_for_by_name_says_why(paths: StorePaths) -> None:
    put(paths, "torn.json", '{"name": "torn", "packs": 9}')
    with refused_as("'Packs of 52 cards' must be between 1 and 4, not 9"):
        find_rules(paths, "torn", reserved=RESERVED)


JSON = st.recursive(st.none() | st.booleans() | st.integers() | st.floats() | st.text(),
                    lambda inner: st.lists(inner) | st.dictionaries(st.text(), inner),
                    max_leaves=20)


@settings(max_examples=150, suppress_health_check=[HealthCheck.function_scoped_fixture,
                                               HealthCheck.too_slow])
@given(fields=st.dictionaries(st.sampled_from([*OUR_TABLE.to_dict(), "format", "based_on",
                                               "junk"]), JSON))
def test_any_document_is_a_rule_set_or_one_sentence(fields: dict) -> None:
    data = json.dumps({"name": "fuzz", **fields}).encode("utf-8")
    try:
        rules, base = parse_preset(data, "fuzz.json", reserved=RESERVED)
    except PresetError as error:
        said = notices_text(error.fact)
        assert said.startswith("fuzz.json") and "\n" not in said
    else:
        assert rules.problems() == [] and base in PRESETS

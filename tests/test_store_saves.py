"""Saved games: documents that replay to the identical game, named saves, autosaves, names."""

from __future__ import annotations

import json
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest

from kalooki.engine.actions import Action, parse_action
from kalooki.engine.cards import card_code
from kalooki.engine.facts.said import Fact, fact
from kalooki.engine.record import HASH_EVERY, Recorder
from kalooki.store.atomic import backup_path, encode_json
from kalooki.store.filenames import MAX_STEM_BYTES, safe_stem
from kalooki.store.paths import StorePaths
from kalooki.store.savefile import decode, encode, load
from kalooki.store.savegame import FORMAT_VERSION, SaveError, Seat, snapshot
from kalooki.store.saves import (
    autosave,
    autosave_path,
    delete_save,
    latest_autosave,
    list_saves,
    load_save,
    rename_save,
    save_named,
)
from kalooki.words.notices import notices_text
from tests.support.saves import WHEN, eager, format_0, play, same_game, seats, stamped


@pytest.fixture
def paths(tmp_path: Path) -> StorePaths:
    return StorePaths.under(tmp_path / "home")


# -- the document ------------------------------------------------------------------


def test_a_save_round_trips_through_bytes() -> None:
    save = stamped(play(80))
    assert decode(encode(save)) == save
    doc = json.loads(encode(save))
    assert doc["format_version"] == FORMAT_VERSION
    assert doc["players"][1] == {"name": "Marcia", "level": "easy"}
    assert [n for n, _ in doc["record"]["hashes"]] == [25, 50, 75]
    assert doc["summary"]["actions"] == 80
    assert len(doc["first_deck"]) == 108 and doc["first_deck"][0].count("#") == 1


@pytest.mark.parametrize(("steps", "rules", "players"), [
    (1, "caribbean", 4), (HASH_EVERY, "caribbean", 3), (149, "caribbean-12", 6),
    (120, "baby", 3)])
def test_a_loaded_save_is_the_identical_game(steps: int, rules: str, players: int) -> None:
    recorder = play(steps, seed=steps, rules=rules, players=players)
    resumed = load(encode(stamped(recorder)))
    same_game(resumed.recorder, recorder)
    assert resumed.save.seats == seats(players)


def test_a_finished_match_keeps_every_deal() -> None:
    recorder = play(2000, seed=3, rules="baby", players=3, policy=eager)
    assert recorder.game.over and len(recorder.game.results) == 3
    resumed = load(encode(stamped(recorder)))
    same_game(resumed.recorder, recorder)
    assert resumed.save.summary.over and resumed.save.summary.deal == 3


def test_an_interrupted_match_resumes_at_the_same_action_with_the_same_hands(
        paths: StorePaths) -> None:
    """Autosave after every action; at every point "Continue" gives back that very game,
    and the next action does the same to both."""
    resumed: list[Recorder] = []

    def check(original: Recorder) -> None:
        if resumed:  # the previous resume, fed the action just played
            behind = resumed[-1]
            behind.apply(parse_last(original), behind.game.to_act)
            same_game(resumed[-1], original)
        assert autosave(paths, original, seats(4)) == ()
        entry = latest_autosave(paths)
        assert entry is not None and entry.actions == len(original.actions)
        loaded = load_save(entry.path)
        assert loaded.value is not None and loaded.warnings == ()
        same_game(loaded.value.recorder, original)
        resumed.append(loaded.value.recorder)

    play(130, seed=11, after=check)
    assert len(resumed) == 130


def parse_last(recorder: Recorder) -> Action:
    return parse_action(recorder.actions[-1])


# -- checks on load ------------------------------------------------------------------


def doc_of(recorder: Recorder) -> dict[str, Any]:
    return stamped(recorder).to_dict()


def refused(doc: dict[str, Any]) -> Fact:
    """The fact a load of ``doc`` is refused with: the store says codes, never words."""
    with pytest.raises(SaveError) as caught:
        load(encode_json(doc))
    return caught.value.fact


def reason(told: Fact) -> Any:
    return told.facts["reason"]


def test_an_altered_action_is_named_by_its_number() -> None:
    doc = doc_of(play(60))
    doc["record"]["actions"][40] = "discard JK#4"
    told = refused(doc)
    assert told.code == "save-replay" and reason(told).code == "bad-record"
    assert reason(told).params["number"] == 41 and reason(told).params["action"] == \
        "discard JK#4"
    assert "Action 41" in notices_text(told)  # as the window and the command line say it


def test_an_altered_digest_names_the_action() -> None:
    doc = doc_of(play(60))
    doc["record"]["hashes"][1][1] = "0" * 16
    told = refused(doc)
    assert told.code == "save-replay" and reason(told).params["number"] == 50


def test_a_missing_digest_is_refused() -> None:
    doc = doc_of(play(60))
    del doc["record"]["hashes"][0]
    assert refused(doc).code == "save-hashes"


def test_a_cut_log_is_refused_by_the_summary() -> None:
    doc = doc_of(play(60))
    doc["record"]["actions"].pop()
    assert refused(doc) == fact("save-summary", field="summary.actions", stored="60",
                                replayed="59")


def test_a_changed_last_action_is_caught_by_the_final_digest() -> None:
    """No digest falls on action 70, so only the summary's final digest can tell."""
    recorder, before = play(70), play(69)
    others = [a.code for a in before.game.legal_actions(before.game.to_act)
              if a.code != recorder.actions[-1]]
    doc = doc_of(recorder)
    doc["record"]["actions"][-1] = others[0]
    told = refused(doc)
    assert (told.code, told.facts["field"]) == ("save-summary", "summary.digest")


def test_a_changed_seed_is_caught_by_the_first_deck() -> None:
    doc = doc_of(play(30))
    doc["record"]["seed"] += 1
    told = refused(doc)
    assert told.code == "save-deck" and told.facts["card"] >= 1


def test_changed_totals_are_named() -> None:
    doc = doc_of(play(30))
    doc["summary"]["totals"][2] = 15
    assert refused(doc) == fact("save-summary", field="summary.totals",
                                stored="[0, 0, 15, 0]", replayed="[0, 0, 0, 0]")


@pytest.mark.parametrize(("change", "code", "facts", "words"), [
    (lambda d: d.pop("players"), "save-missing", {"field": "players"},
     "the save has no 'players'"),
    (lambda d: d["players"].pop(), "save-players", {"seats": 3, "players": 4},
     "it names 3 players for a game of 4"),
    (lambda d: d["players"][2].update(level="genius"), "save-field", {"field": "players"},
     "'players' holds a value the game cannot use (player 3: 'level': expected one of"),
    (lambda d: d["players"][0].update(name="Tab\there"), "save-field", {"field": "players"},
     "(player 1: 'name': a name cannot hold control"),
    (lambda d: d.update(kind="other"), "save-field", {"field": "kind"},
     "(expected one of autosave, named)"),
    (lambda d: d.update(saved_at="yesterday"), "save-field", {"field": "saved_at"},
     "(expected a date and time like"),
    (lambda d: d.update(saved_at="2026-01-01T10:00:00"), "save-field", {"field": "saved_at"},
     "(the time must say its offset from UTC)"),
    (lambda d: d.update(name="a\nb"), "save-field", {"field": "name"},
     "(a name cannot hold control, invisible"),
    (lambda d: d["record"].update(seed="7"), "save-record", {},
     "its game record is unusable: The record's 'seed' has the wrong"),
    (lambda d: d["record"]["rules"].update(packs="2"), "save-record", {},
     "The rule 'Packs of 52 cards'"),
    (lambda d: d["summary"].update(over=1), "save-field", {"field": "summary.over"},
     "(expected true or false)"),
    (lambda d: d["first_deck"].__setitem__(3, "XX"), "save-field", {"field": "first_deck"},
     "'XX' is not a card"),
    (lambda d: d.update(format_version=FORMAT_VERSION + 1), "save-newer",
     {"version": FORMAT_VERSION + 1, "newest": FORMAT_VERSION},
     f"it comes from a newer Kalooki (format {FORMAT_VERSION + 1}"),
    (lambda d: d.update(format_version=-1), "save-format", {"version": -1},
     "no Kalooki ever wrote its format, -1"),
    (lambda d: d.update(format_version="1"), "save-field", {"field": "format_version"},
     "(expected a whole number)"),
])
def test_each_bad_field_is_named(change: Callable[[dict[str, Any]], object], code: str,
                                 facts: dict[str, object], words: str) -> None:
    doc = doc_of(play(30))
    change(doc)
    told = refused(doc)
    assert told.code == code and facts.items() <= told.facts.items()
    assert words in notices_text(told)


@pytest.mark.parametrize("data", [b"", b"{", b"[]", b"\xff\xfe", b"[" * 100_000])
def test_unreadable_bytes_are_refused_in_one_line(data: bytes) -> None:
    with pytest.raises(SaveError) as caught:
        load(data)
    assert caught.value.code == "save-unreadable"
    assert notices_text(caught.value.fact).startswith(
        "not a readable JSON object: ")


# -- migration -------------------------------------------------------------------------


def test_a_format_0_save_is_migrated_and_replays_identically() -> None:
    recorder = play(90, seed=8)
    resumed = load(encode_json(format_0(recorder)))
    same_game(resumed.recorder, recorder)
    save = resumed.save
    assert (save.name, save.kind, save.saved_at) == ("Old game", "named", WHEN)
    assert save.record.hashes == tuple(recorder.hashes)  # recomputed by the migration
    assert decode(encode(save)) == save  # and written back in the current format


def test_a_damaged_format_0_save_is_refused_naming_the_action() -> None:
    doc = format_0(play(40))
    doc["actions"][5] = "call"
    told = refused(doc)
    assert told.code == "save-replay" and reason(told).params["number"] == 6
    doc = format_0(play(40))
    doc["seats"] = [["You", "human"], "Marcia"]
    assert refused(doc) == fact("save-field", field="seats", reason=fact("expected-pairs"))


# -- file names --------------------------------------------------------------------


@pytest.mark.parametrize(("name", "stem"), [
    ("Friday night", "Friday night"),
    ("Mã's game ♥ 🂡", "Mã's game ♥ 🂡"),
    ("../../etc/passwd", "_.._etc_passwd"),
    ("..", "save"),
    (". hidden", "hidden"),
    ('a<b>c:d"e|f?g*h\\i', "a_b_c_d_e_f_g_h_i"),
    ("tab\there\x00nul", "tab here_nul"),
    ("CON", "_CON"),
    ("lpt1.txt", "_lpt1.txt"),
    ("trailing dots...", "trailing dots"),
])
def test_safe_stems(name: str, stem: str) -> None:
    assert safe_stem(name) == stem


def test_long_names_are_cut_to_whole_characters() -> None:
    stem = safe_stem("é" * 200)
    assert stem == "é" * (MAX_STEM_BYTES // 2)


@pytest.mark.parametrize("name", ["../../outside", "/etc/passwd", "..\\..\\x", "~/x", "CON"])
def test_a_named_save_never_leaves_the_saves_folder(paths: StorePaths, name: str) -> None:
    path = save_named(paths, stamped(play(5)), name)
    assert path.parent == paths.saves_dir and path.exists()
    assert [e.name for e in list_saves(paths)[0]] == [name]


@pytest.mark.parametrize("name", ["", "   ", "x" * 61, "a\nb", "bell\x07"])
def test_unusable_names_are_refused(paths: StorePaths, name: str) -> None:
    with pytest.raises(SaveError, match=r"^save-name\("):
        save_named(paths, stamped(play(5)), name)
    assert not paths.saves_dir.exists()


# -- named saves -------------------------------------------------------------------


def test_saving_under_the_same_name_replaces_and_keeps_the_previous_copy(
        paths: StorePaths) -> None:
    first = save_named(paths, stamped(play(20)), "Friday")
    again = save_named(paths, stamped(play(30)), "Friday")
    assert again == first
    assert decode(backup_path(first).read_bytes()).summary.actions == 20
    assert decode(first.read_bytes()).summary.actions == 30


def test_names_that_share_a_file_name_get_numbered_files(paths: StorePaths) -> None:
    a = save_named(paths, stamped(play(5)), "a/b")
    b = save_named(paths, stamped(play(5)), "a\\b")
    c = save_named(paths, stamped(play(5)), "A/B")  # Windows and macOS ignore case
    assert [p.name for p in (a, b, c)] == ["a_b.json", "a_b-2.json", "A_B-3.json"]
    assert save_named(paths, stamped(play(6)), "a\\b") == b


def test_the_listing_shows_what_the_load_screen_needs(paths: StorePaths) -> None:
    finished = play(2000, seed=3, rules="baby", players=3, policy=eager)
    save_named(paths, stamped(finished), "Done")
    autosave(paths, play(40, seed=2), seats(4))
    entries, warnings = list_saves(paths)
    assert warnings == []
    assert [(e.name, e.kind, e.preset, e.deal, e.over, e.actions) for e in entries] == [
        ("caribbean: You, Marcia, Desmond, Keisha", "autosave", "caribbean", 1, False, 40),
        ("Done", "named", "baby", 3, True, len(finished.actions)),
    ]
    assert entries[1].players == ("You", "Marcia", "Desmond")
    assert entries[1].totals == tuple(finished.game.totals)
    assert entries[0].saved_at > entries[1].saved_at and entries[0].saved_at.tzinfo


def test_rename_moves_the_save_and_leaves_nothing_behind(paths: StorePaths) -> None:
    path = save_named(paths, stamped(play(20)), "Old")
    save_named(paths, stamped(play(21)), "Old")  # so a .bak exists too
    other = save_named(paths, stamped(play(9)), "New")
    renamed = rename_save(paths, path, "new")  # the same file name as "New", without case
    assert renamed.name == "new-2.json"
    assert not path.exists() and not backup_path(path).exists()
    assert decode(renamed.read_bytes()).name == "new"
    assert decode(other.read_bytes()).summary.actions == 9  # untouched
    same_name = rename_save(paths, renamed, "NEW-2")
    assert same_name == renamed and decode(renamed.read_bytes()).name == "NEW-2"


def test_renaming_an_autosave_keeps_it_as_a_named_save(paths: StorePaths) -> None:
    recorder = play(12)
    autosave(paths, recorder, seats(4))
    path = rename_save(paths, autosave_path(paths, recorder.record), "Keep this")
    assert path.parent == paths.saves_dir
    loaded = load_save(path)
    assert loaded.value is not None and loaded.value.save.kind == "named"
    assert latest_autosave(paths) is None


def test_delete_removes_both_copies(paths: StorePaths) -> None:
    path = save_named(paths, stamped(play(5)), "Gone")
    save_named(paths, stamped(play(6)), "Gone")
    delete_save(paths, path)
    assert list(paths.saves_dir.iterdir()) == []


@pytest.mark.parametrize("where", ["outside", "traversal", "not-json"])
def test_delete_and_rename_refuse_files_outside_the_saves(
        paths: StorePaths, tmp_path: Path, where: str) -> None:
    save_named(paths, stamped(play(5)), "Mine")
    target = {"outside": tmp_path / "victim.json",
              "traversal": paths.saves_dir / ".." / "victim.json",
              "not-json": paths.saves_dir / "Mine.json.bak"}[where]
    target.write_text("{}")
    with pytest.raises(SaveError, match=r"^save-foreign\("):
        delete_save(paths, target)
    with pytest.raises(SaveError, match=r"^save-foreign\("):
        rename_save(paths, target, "x")
    assert target.exists()


# -- autosaves -----------------------------------------------------------------------


def test_continue_resumes_the_newest_match_not_over(paths: StorePaths) -> None:
    assert latest_autosave(paths) is None
    older = play(30, seed=1)
    autosave(paths, older, seats(4))
    newer = play(10, seed=2)
    autosave(paths, newer, seats(4))
    entry = latest_autosave(paths)
    assert entry is not None and entry.path == autosave_path(paths, newer.record)
    finished = play(2000, seed=3, rules="baby", players=3, policy=eager)
    autosave(paths, finished, seats(3))
    entry = latest_autosave(paths)
    assert entry is not None and entry.path == autosave_path(paths, newer.record)


def test_a_listing_sets_aside_unreadable_files_and_says_so(paths: StorePaths) -> None:
    save_named(paths, stamped(play(5)), "Good")
    paths.saves_dir.joinpath("junk.json").write_bytes(b"\x00garbage")
    entries, warnings = list_saves(paths)
    assert [e.name for e in entries] == ["Good"]
    assert len(warnings) == 1 and "junk.json was damaged" in notices_text(warnings[0])


def test_the_first_deck_lists_the_engine_deal() -> None:
    recorder = play(1)
    first = Recorder.new(recorder.game.rules, 4, recorder.game.seed).game.deck_order
    assert stamped(recorder).to_dict()["first_deck"] == [card_code(c) for c in first]


def test_a_save_whose_main_file_is_gone_is_listed_from_its_previous_copy(
        paths: StorePaths) -> None:
    path = save_named(paths, stamped(play(10)), "Half")
    save_named(paths, stamped(play(11)), "Half")
    path.unlink()
    entries, warnings = list_saves(paths)
    assert [(e.path, e.actions) for e in entries] == [(path, 10)]
    assert warnings == [fact("file-missing", file="Half.json"),
                        fact("using-backup", backup="Half.json.bak")]
    loaded = load_save(path)
    assert loaded.value is not None and loaded.value.save.summary.actions == 10


def test_seats_are_checked_when_built_so_no_unloadable_save_is_written() -> None:
    with pytest.raises(ValueError, match=r"record=Seat, field=level"):
        Seat("Ann", "expert")
    with pytest.raises(ValueError, match=r"record=Seat, field=name"):
        Seat("", "easy")
    with pytest.raises(ValueError, match="3 seats for a game of 4 players"):
        snapshot(play(3), seats(3))

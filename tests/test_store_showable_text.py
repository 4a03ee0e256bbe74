"""Text that can be shown: one check for every name from a file or a player, applied on
load and on input (issue 19, findings 2 and 3 and U+202E: the probe's lone-surrogate
save and settings, the blank, over-long and control-character rule-set names)."""

from __future__ import annotations

import dataclasses
import json
from pathlib import Path
from typing import Any

import pytest

from kalooki.cli.main import main
from kalooki.engine.errors import RuleError
from kalooki.engine.presets_io import loads_rules
from kalooki.engine.rules import CARIBBEAN
from kalooki.engine.showable import escaped, text_problem
from kalooki.store.atomic import encode_json, save_json
from kalooki.store.journal_import import LEGACY_STATS
from kalooki.store.paths import StorePaths
from kalooki.store.savefile import encode, load
from kalooki.store.savegame import SaveError, Seat, snapshot
from kalooki.store.saves import list_saves, save_named
from kalooki.store.settings import Settings, load_settings, save_settings, settings_path
from kalooki.store.stats import load_stats
from kalooki.ui.app import App
from kalooki.ui.pages.setup import GameSetup
from kalooki.ui.play.match import Profile, open_saves, start_match
from kalooki.words.notices import notices_text
from kalooki.words.refusals import refusal_text
from tests.support.pages import seeds_from
from tests.support.saves import play, seats, stamped

SURROGATE = "\ud800"
UNSHOWABLE = [SURROGATE, "\udfff", "\x1b[2J", "\x00", "\x07", "\u202e", "\u202a", "\u2066",
              "\u200f", "\u2028", "\u2029", "\ue000", "\u0378", "\ufeff", "\x85"]
SHOWABLE = ["Mã's game", "Zoë", "日本語", "👩\u200d👩\u200d👧", "Ελένη", "a b"]


def raw_json(value: Any) -> bytes:
    """JSON as another program may write it: ASCII escapes may spell a lone surrogate."""
    return json.dumps(value, ensure_ascii=True).encode("ascii")


@pytest.mark.parametrize("bad", UNSHOWABLE, ids=ascii)
def test_names_that_cannot_be_shown_are_refused(bad: str) -> None:
    assert text_problem(f"ab{bad}cd", 20) == "unshowable"
    assert text_problem("x" + bad * 2 + "x", 20) == "unshowable"
    assert all(c.isprintable() or c == " " for c in escaped(f"ab{bad}cd"))
    escaped(f"ab{bad}cd").encode("utf-8")


@pytest.mark.parametrize("good", SHOWABLE, ids=ascii)
def test_names_people_write_are_kept(good: str) -> None:
    assert text_problem(good, 20) is None and escaped(good) == good


@pytest.mark.parametrize(("value", "problem"), [
    ("", "blank"), ("   ", "blank"), ("x" * 41, "too-long"), (None, "not-text"),
    (7, "not-text"), (" " + "x" * 40 + " ", None)])
def test_blank_long_and_wrong_types(value: object, problem: str | None) -> None:
    assert text_problem(value, 40) == problem


# -- on input ----------------------------------------------------------------------


@pytest.mark.parametrize("bad", [SURROGATE, "\u202e", "\x1b"], ids=ascii)
def test_a_player_cannot_type_an_unshowable_name(paths: StorePaths, bad: str) -> None:
    with pytest.raises(ValueError):
        Settings(player_name=f"Me{bad}")
    with pytest.raises(ValueError):
        Seat(f"Me{bad}", "human")
    with pytest.raises(SaveError):
        save_named(paths, snapshot(play(5), seats(4)), f"game{bad}")


# -- on load: settings and statistics ----------------------------------------------


def test_a_surrogate_player_name_in_settings_falls_back_with_a_notice(
        paths: StorePaths) -> None:
    settings_path(paths).parent.mkdir(parents=True)
    settings_path(paths).write_bytes(raw_json({"format_version": 1, "player_name": SURROGATE,
                                               "opponent_names": ["Ann", SURROGATE]}))
    settings, warnings = load_settings(paths)
    assert settings.player_name == "You"
    assert settings.opponent_names == Settings().opponent_names
    assert len(warnings) == 2 and all("settings.json" in notices_text(w) for w in warnings)
    said = notices_text(warnings[0])
    assert "'player_name'" in said and "using 'You' instead" in said
    for warning in warnings:
        notices_text(warning).encode("utf-8")


def test_a_surrogate_in_an_unknown_settings_field_does_not_break_later_saves(
        paths: StorePaths) -> None:
    settings_path(paths).parent.mkdir(parents=True)
    settings_path(paths).write_bytes(raw_json({"format_version": 1, "future": SURROGATE,
                                               SURROGATE: 1, "kept": "yes"}))
    settings, warnings = load_settings(paths)
    assert settings.extra == {"kept": "yes"} and len(warnings) == 2
    assert save_settings(paths, dataclasses.replace(settings, sound=False)) == ()
    assert load_settings(paths) == (dataclasses.replace(settings, sound=False), [])


def test_save_json_reports_text_it_cannot_write(tmp_path: Path) -> None:
    warnings = save_json(tmp_path / "x.json", {"name": SURROGATE}, "settings")
    assert len(warnings) == 1 and "Could not save the settings" in notices_text(warnings[0])
    notices_text(warnings[0]).encode("utf-8")
    assert not (tmp_path / "x.json").exists()


def test_a_surrogate_preset_in_statistics_drops_that_table(paths: StorePaths) -> None:
    legacy = paths.data_dir / LEGACY_STATS  # read as it is imported into the journal
    legacy.parent.mkdir(parents=True)
    legacy.write_bytes(raw_json({"format_version": 1, "tables": [
        {"preset": SURROGATE, "players": 4, "deals_played": 2},
        {"preset": "baby", "players": 3, "deals_played": 5}]}))
    stats, warnings = load_stats(paths)
    assert list(stats.tables) == [("baby", 3)] and len(warnings) == 2
    assert "statistics.json" in notices_text(warnings[1])
    assert "of an earlier version imported; old files kept in" in notices_text(warnings[0])


# -- on load: saves ------------------------------------------------------------------


def surrogate_save(paths: StorePaths, where: str) -> Path:
    doc = stamped(play(30), "Probe").to_dict()
    if where == "name":
        doc["name"] = SURROGATE
    elif where == "player":
        doc["players"][1]["name"] = SURROGATE
    else:
        doc["record"]["actions"][10] = f"draw{SURROGATE}"
    paths.saves_dir.mkdir(parents=True, exist_ok=True)
    path = paths.saves_dir / "probe.json"
    path.write_bytes(raw_json(doc))
    return path


@pytest.mark.parametrize("where", ["name", "player", "action"])
def test_a_surrogate_save_is_refused_in_a_sentence_that_can_be_shown(
        paths: StorePaths, where: str) -> None:
    path = surrogate_save(paths, where)
    with pytest.raises(SaveError) as refused:
        load(path.read_bytes())
    notices_text(refused.value.fact).encode("utf-8")
    entries, warnings = list_saves(paths)
    assert entries == [] and len(warnings) == 1 and "probe.json" in notices_text(warnings[0])
    notices_text(warnings[0]).encode("utf-8")


@pytest.mark.parametrize("where", ["name", "player", "action"])
def test_the_load_game_screen_opens_over_a_surrogate_save(
        app: App, paths: StorePaths, where: str) -> None:
    surrogate_save(paths, where)
    screen = open_saves(app, Profile(paths, Settings(), deal_seed=seeds_from()))
    app.run_frames(3)
    assert screen.entries == [] and any("probe.json" in row[1] for row in screen.rows())


@pytest.mark.parametrize("where", ["name", "player", "action"])
def test_replay_and_saves_print_a_surrogate_save_without_a_traceback(
        paths: StorePaths, capsys: pytest.CaptureFixture[str], where: str) -> None:
    path = surrogate_save(paths, where)
    root = str(paths.saves_dir.parent.parent)
    assert main(["replay", str(path)]) == 1
    out, err = capsys.readouterr()
    assert out == "" and err.count("\n") == 1
    err.encode("utf-8")
    assert main(["saves", "--data-dir", root]) == 0
    out, err = capsys.readouterr()
    assert "probe.json" in err and "No saved games" in out
    (out + err).encode("utf-8")


def test_the_table_opens_for_a_player_whose_settings_held_a_surrogate(
        app: App, paths: StorePaths) -> None:
    settings_path(paths).parent.mkdir(parents=True)
    settings_path(paths).write_bytes(raw_json({"format_version": 1, "player_name": SURROGATE}))
    settings, _ = load_settings(paths)
    table = start_match(app, GameSetup("baby", 3, ("easy", "easy"), ("A", "B")),
                        Profile(paths, settings, deal_seed=seeds_from()), seed=1)
    assert table is not None
    app.run_frames(2)
    assert table.session.names[0] == "You"
    table.leave()


# -- the rule set's name -------------------------------------------------------------

BAD_RULE_NAMES = ["", "   ", "x" * 41, "bad\x1b[2Jname", "ab\u202ecd", SURROGATE]


@pytest.mark.parametrize("name", BAD_RULE_NAMES, ids=ascii)
def test_a_rule_set_needs_a_name_that_can_be_shown(name: str) -> None:
    for refused in (lambda: dataclasses.replace(CARIBBEAN, name=name).validate(),
                    lambda: loads_rules(json.dumps({"name": name}))):
        with pytest.raises(RuleError) as caught:
            refused()
        assert "1 to 40 characters" in refusal_text(caught.value)


@pytest.mark.parametrize("name", BAD_RULE_NAMES, ids=ascii)
def test_a_save_whose_rules_name_cannot_be_shown_is_refused_not_played(
        paths: StorePaths, capsys: pytest.CaptureFixture[str], name: str) -> None:
    doc = stamped(play(30), "Unnamed").to_dict()
    doc["record"]["rules"]["name"] = name
    paths.saves_dir.mkdir(parents=True)
    path = paths.saves_dir / "unnamed.json"
    path.write_bytes(raw_json(doc))
    with pytest.raises(SaveError) as refused:
        load(path.read_bytes())
    assert "1 to 40 characters" in notices_text(refused.value.fact)
    assert main(["replay", str(path)]) == 1
    out, err = capsys.readouterr()
    assert "\x1b" not in out + err and err.count("\n") == 1


def test_a_good_save_still_loads(paths: StorePaths) -> None:
    recorder = play(40)
    assert load(encode(stamped(recorder))).game.state_hash() == recorder.game.state_hash()
    assert encode_json({"a": "Zoë"}) == b'{\n  "a": "Zo\xc3\xab"\n}\n'

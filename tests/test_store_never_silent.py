"""Never silent: every fallback the store makes (the previous copy, defaults, a file set
aside) reaches the player, naming the file and what was used instead, and the save list
shows what Load will really load (issue 19, finding 1: the probe's damaged-by-replay save
with its ``.bak``)."""

from __future__ import annotations

import json
import logging
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest

from kalooki.engine.facts.said import Fact
from kalooki.store.atomic import backup_path
from kalooki.store.paths import StorePaths
from kalooki.store.savegame import snapshot
from kalooki.store.saves import autosave, list_saves, load_save, save_named
from kalooki.store.settings import Settings
from kalooki.ui.app import App
from kalooki.ui.pages.saves import LoadGameScene
from kalooki.ui.play.match import Profile, open_saves, resume_save
from kalooki.ui.table.scene import TableScene
from kalooki.words import languages, set_language
from kalooki.words.notices import notices_text
from tests.support.pages import seeds_from
from tests.support.saves import play, seats

NAME = "Friday night"
Doc = dict[str, Any]


def edit_an_action(doc: Doc) -> None:
    """One action changed for another the replay refuses or that leads elsewhere."""
    actions = doc["record"]["actions"]
    index = next(i for i in range(100, len(actions)) if actions[i] == "draw")
    actions[index] = "take"


def wrong_digest(doc: Doc) -> None:
    n, digest = doc["record"]["hashes"][3]
    doc["record"]["hashes"][3] = [n, ("0" if digest[0] != "0" else "1") + digest[1:]]


def flip_a_byte(doc: Doc) -> None:
    """A flipped bit in the final digest: still valid JSON, wrong only for the replay."""
    digest = doc["summary"]["digest"]
    doc["summary"]["digest"] = digest[:-1] + chr(ord(digest[-1]) ^ 1)


DAMAGES: list[Callable[[Doc], None]] = [edit_an_action, wrong_digest, flip_a_byte]


def damaged_save(paths: StorePaths, damage: Callable[[Doc], None]) -> Path:
    """A named save at 200 actions whose ``.bak`` holds the same match at 40, the main
    file damaged in a way only the replay sees."""
    older = play(40, seed=3)
    newer = play(200, seed=3)
    save_named(paths, snapshot(older, seats(4)), NAME)
    path = save_named(paths, snapshot(newer, seats(4)), NAME)
    assert len(json.loads(backup_path(path).read_text())["record"]["actions"]) == 40
    doc = json.loads(path.read_text())
    damage(doc)
    path.write_text(json.dumps(doc))
    return path


@pytest.mark.parametrize("damage", DAMAGES, ids=lambda d: d.__name__)
def test_the_list_shows_what_load_will_load(paths: StorePaths,
                                            damage: Callable[[Doc], None]) -> None:
    path = damaged_save(paths, damage)
    entries, warnings = list_saves(paths)
    assert [(e.name, e.actions) for e in entries] == [(NAME, 40)]
    said = notices_text(warnings)
    assert path.name in said and "previous copy" in said and backup_path(path).name in said


@pytest.mark.parametrize("damage", DAMAGES, ids=lambda d: d.__name__)
def test_loading_the_previous_copy_says_so(paths: StorePaths,
                                           damage: Callable[[Doc], None]) -> None:
    path = damaged_save(paths, damage)
    loaded = load_save(path)
    assert loaded.value is not None and loaded.value.game.actions_applied == 40
    assert loaded.source == backup_path(path)
    assert any(path.name in notices_text(w) and "damaged" in notices_text(w)
               for w in loaded.warnings)
    assert f"{backup_path(path).name}: 40 actions" in notices_text(loaded.warnings[-1])


def test_load_game_tells_the_window_and_the_table_log(app: App, tmp_path: Path,
                                                      caplog: pytest.LogCaptureFixture
                                                      ) -> None:
    paths = StorePaths.under(tmp_path / "home")
    path = damaged_save(paths, edit_an_action)
    profile = Profile(paths, Settings(), deal_seed=seeds_from())
    screen = open_saves(app, profile)
    assert isinstance(screen, LoadGameScene)
    assert [e.actions for e in screen.entries] == [40]
    with caplog.at_level(logging.WARNING, logger="kalooki"):
        table = resume_save(app, profile, path)
    assert isinstance(table, TableScene) and table.session.game.actions_applied == 40
    message, seconds = app.note
    assert seconds > 0 and backup_path(path).name in message and "40 actions" in message
    assert any(backup_path(path).name in line for line in map(str, table.log))
    assert any("actions=40" in record.getMessage() for record in caplog.records)  # the fact
    table.leave()


def test_a_clean_load_says_nothing(app: App, tmp_path: Path) -> None:
    paths = StorePaths.under(tmp_path / "home")
    path = save_named(paths, snapshot(play(60, seed=4), seats(4)), NAME)
    table = resume_save(app, Profile(paths, Settings(), deal_seed=seeds_from()), path)
    assert isinstance(table, TableScene)
    assert app.note[1] == 0 and not any(".json" in line for line in map(str, table.log))
    table.leave()


@pytest.mark.parametrize("lang", languages())
def test_a_damaged_save_s_line_says_where_it_went_and_leaves_the_parser_to_the_log(
        app: App, tmp_path: Path, caplog: pytest.LogCaptureFixture, lang: str) -> None:
    """A damaged save's line names the file and the name it was set aside under, in the
    player's words: where the parser stopped (line and column) helps only whoever
    debugs, and the log file keeps it."""
    paths = StorePaths.under(tmp_path / "home")
    paths.saves_dir.mkdir(parents=True)
    (paths.saves_dir / "Torn.json").write_text('{"format_version": 1, "rec', encoding="utf-8")
    set_language(lang)
    try:
        with caplog.at_level(logging.WARNING, logger="kalooki"):
            screen = open_saves(app, Profile(paths, Settings(), deal_seed=seeds_from()))
        [aside] = [p.name for p in paths.saves_dir.iterdir() if ".broken-" in p.name]
        [line] = [details for _, details, _, damaged in screen.rows() if damaged]
        [told] = screen.damaged
        reason = told.facts["reason"]
        assert isinstance(reason, Fact)
        where = reason.facts["reason"]
        assert isinstance(where, Fact) and where.code == "not-json"
        assert "Torn.json" in line and aside in line
        assert notices_text(where) not in line and notices_text(reason) not in line
    finally:
        set_language("en")
    assert any(str(told) in record.getMessage() for record in caplog.records)


def test_an_earlier_save_loaded_keeps_the_match_s_further_play_as_a_save(
        app: App, tmp_path: Path) -> None:
    """Saved by name at action 40, the match played on to action 120 (its autosave):
    loading the named save resumes at 40, and the play to 120, which the resumed match's
    autosave replaces, is first kept as a save of its own, said in the window and the log.
    Loaded again, nothing further is left to keep."""
    paths = StorePaths.under(tmp_path / "home")
    further = play(120, seed=4)
    path = save_named(paths, snapshot(play(40, seed=4), seats(4)), NAME)
    assert autosave(paths, further, seats(4)) == ()
    profile = Profile(paths, Settings(), deal_seed=seeds_from())
    table = resume_save(app, profile, path)
    assert isinstance(table, TableScene) and table.session.game.actions_applied == 40
    table.leave()
    deal = further.game.deal_no
    kept = [entry for entry in list_saves(paths)[0] if entry.kind == "named"
            and entry.name != NAME]
    assert [(entry.name, entry.actions) for entry in kept] == [
        (f"Caribbean Kalooki, deal {deal} (kept)", 120)]
    assert f"later play of this match (deal {deal})" in app.note[0] and kept[0].name in app.note[0]
    assert any(kept[0].name in line for line in map(str, table.log))
    resumed = load_save(kept[0].path).value
    assert resumed is not None and resumed.recorder.actions == further.actions
    again = resume_save(app, profile, path)
    assert isinstance(again, TableScene)
    again.leave()
    assert len(list_saves(paths)[0]) == len([*kept, NAME, "autosave"])

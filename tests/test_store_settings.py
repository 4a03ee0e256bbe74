"""Settings: typed, always valid in memory, forgiving field by field on disk."""

from __future__ import annotations

import dataclasses
import json
import tempfile
from pathlib import Path
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from kalooki.store.atomic import backup_path
from kalooki.store.paths import HOME_ENV, StorePaths
from kalooki.store.settings import (
    FORMAT_VERSION,
    Settings,
    load_settings,
    save_settings,
    settings_path,
)
from kalooki.words.notices import notices_text

CHANGED = Settings(
    animation_speed="instant", card_scale=1.6, four_colour_deck=True, language="fr",
    english_card_letters=True,
    sound=False, volume=0.0, fullscreen=True, window_size=(7680, 4320),
    call_window_seconds=30, input_settle_seconds=1.0, calls_only_when_helpful=False,
    ai_think_budget=0.05,
    confirm_before_discard=True, ai_pause_seconds=3.0, last_preset="kalooki-51",
    last_players=6, first_seat="hard", player_name="Zed",
    opponent_levels=("human", "hard"), opponent_names=("Ann", "Bo"), lessons_skipped=True,
)

EVERY_FIELD_WRONG: dict[str, Any] = {
    "animation_speed": "slow", "card_scale": 2.0, "four_colour_deck": "yes",
    "english_card_letters": "no",
    "language": "Deutsch", "sound": 1, "volume": -0.1, "fullscreen": None,
    "window_size": [800, 600], "call_window_seconds": 0, "calls_only_when_helpful": "no",
    "input_settle_seconds": 1.5, "ai_think_budget": "NaN",
    "confirm_before_discard": [], "ai_pause_seconds": 3.5, "last_preset": "",
    "last_players": 9, "first_seat": "nobody", "player_name": "x" * 21,
    "opponent_levels": ["easy", "expert"],
    "opponent_names": "Ann", "lessons_skipped": "yes", "format_version": 0,
}


def write_raw(paths: StorePaths, content: bytes) -> Path:
    path = settings_path(paths)
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_bytes(content)
    return path


def test_every_field_is_checked_by_the_wrong_values_table() -> None:
    known = {f.name for f in dataclasses.fields(Settings)} - {"extra"}
    assert set(EVERY_FIELD_WRONG) == known
    assert all(getattr(CHANGED, name) != getattr(Settings(), name)
               for name in known - {"format_version"})


def test_no_file_gives_defaults_silently(paths: StorePaths) -> None:
    assert load_settings(paths) == (Settings(), [])


def test_round_trip(paths: StorePaths) -> None:
    assert save_settings(paths, CHANGED) == ()
    assert load_settings(paths) == (CHANGED, [])
    assert save_settings(paths, Settings()) == ()
    assert load_settings(paths) == (Settings(), [])


def test_defaults_match_the_specification() -> None:
    s = Settings()
    assert (s.animation_speed, s.card_scale, s.window_size, s.call_window_seconds) == (
        "normal", 1.0, (1280, 720), 5)
    assert (s.ai_think_budget, s.confirm_before_discard, s.ai_pause_seconds) == (
        0.9, False, 0.6)
    assert (s.last_preset, s.last_players, s.player_name) == ("caribbean", 4, "You")
    assert s.format_version == FORMAT_VERSION


def test_file_is_readable_json(paths: StorePaths) -> None:
    save_settings(paths, CHANGED)
    data = json.loads(settings_path(paths).read_text("utf-8"))
    assert data["window_size"] == [7680, 4320]
    assert data["opponent_levels"] == ["human", "hard"]
    assert data["format_version"] == FORMAT_VERSION


def test_every_field_wrong_gives_defaults_and_one_warning_each(paths: StorePaths) -> None:
    write_raw(paths, json.dumps(EVERY_FIELD_WRONG).encode())
    loaded, warnings = load_settings(paths)
    assert loaded == Settings()
    assert len(warnings) == len(EVERY_FIELD_WRONG)
    for name, warning in zip(EVERY_FIELD_WRONG, warnings, strict=True):
        assert f"settings.json: '{name}' had an unusable value" in notices_text(warning)


def test_one_bad_field_costs_only_that_field(paths: StorePaths) -> None:
    data = Settings(volume=0.3, language="fr").to_dict()
    data["card_scale"] = "huge"
    write_raw(paths, json.dumps(data).encode())
    loaded, [warning] = load_settings(paths)
    assert loaded == Settings(volume=0.3, language="fr")
    assert "'card_scale'" in notices_text(warning) and "1.0" in notices_text(warning)


def test_missing_fields_take_defaults_without_warning(paths: StorePaths) -> None:
    write_raw(paths, b'{"volume": 0.25}')
    assert load_settings(paths) == (Settings(volume=0.25), [])


def test_whole_numbers_are_accepted_for_decimal_settings(paths: StorePaths) -> None:
    write_raw(paths, b'{"volume": 1, "ai_pause_seconds": 0}')
    loaded, warnings = load_settings(paths)
    assert (loaded.volume, loaded.ai_pause_seconds, warnings) == (1.0, 0.0, [])


def test_true_and_false_are_not_numbers(paths: StorePaths) -> None:
    write_raw(paths, b'{"volume": true, "last_players": true, "card_scale": false}')
    loaded, warnings = load_settings(paths)
    assert (loaded, len(warnings)) == (Settings(), 3)


def test_unknown_fields_survive_a_round_trip(paths: StorePaths) -> None:
    newer = {**Settings(sound=False).to_dict(), "format_version": 2,
             "table_felt": "green", "hints": {"level": 2}}
    write_raw(paths, json.dumps(newer).encode())
    loaded, warnings = load_settings(paths)
    assert warnings == []
    assert loaded.extra == {"table_felt": "green", "hints": {"level": 2}}
    assert loaded.format_version == 2
    save_settings(paths, dataclasses.replace(loaded, volume=0.5))
    data = json.loads(settings_path(paths).read_text("utf-8"))
    assert data == json.loads(json.dumps({**newer, "volume": 0.5}))


@pytest.mark.parametrize("content", [
    b"not json", b'{"volume": 0.5', b"[]", b"42", b"", b"\x80\x81",
])
def test_unparseable_file_is_set_aside_reported_and_defaults_used(
        paths: StorePaths, content: bytes) -> None:
    path = write_raw(paths, content)
    loaded, warnings = load_settings(paths)
    assert loaded == Settings()
    [aside] = path.parent.glob("settings.json.broken-*")
    assert aside.read_bytes() == content
    assert len(warnings) == 1 and aside.name in notices_text(warnings[0])


def test_backup_is_used_when_the_main_file_is_damaged(paths: StorePaths) -> None:
    save_settings(paths, Settings(volume=0.1))
    save_settings(paths, Settings(volume=0.2))
    assert backup_path(settings_path(paths)).exists()
    write_raw(paths, b'{"volume": 0.2, "sou')
    loaded, warnings = load_settings(paths)
    assert loaded == Settings(volume=0.1)
    assert len(warnings) == 2


def test_a_bom_from_a_text_editor_is_accepted(paths: StorePaths) -> None:
    write_raw(paths, b'\xef\xbb\xbf{"language": "fr"}')
    assert load_settings(paths) == (Settings(language="fr"), [])


def test_save_failure_is_reported_not_raised(paths: StorePaths) -> None:
    paths.config_dir.write_bytes(b"a file where the folder should be")
    [warning] = save_settings(paths, Settings())
    assert "Could not save the settings" in notices_text(warning)


def test_invalid_settings_cannot_be_built() -> None:
    with pytest.raises(ValueError, match=r"record=Settings, field=volume"):
        dataclasses.replace(Settings(), volume=1.5)
    with pytest.raises(ValueError, match=r"record=Settings, field=window_size"):
        Settings(window_size=(1023, 640))


def test_names_are_trimmed_and_lists_become_tuples() -> None:
    s = Settings(player_name="  Ann  ", opponent_levels=["hard"])  # type: ignore[arg-type]
    assert (s.player_name, s.opponent_levels) == ("Ann", ("hard",))


def test_settings_under_kalooki_home(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv(HOME_ENV, str(tmp_path))
    save_settings(StorePaths.default(), Settings(volume=0.4))
    assert (tmp_path / "config" / "settings.json").exists()
    assert load_settings(StorePaths.default())[0].volume == 0.4


# -- properties -------------------------------------------------------------------------

SCALAR = st.none() | st.booleans() | st.integers() | st.floats() | st.text(max_size=30)
JSON = SCALAR | st.lists(SCALAR, max_size=6) | st.dictionaries(st.text(max_size=8), SCALAR,
                                                               max_size=3)
FIELD_NAMES = st.sampled_from(sorted(EVERY_FIELD_WRONG))


def load_from(content: bytes) -> tuple[Settings, list[str]]:
    with tempfile.TemporaryDirectory() as root:
        paths = StorePaths.under(root)
        write_raw(paths, content)
        return load_settings(paths)


SETTINGS_OBJECTS = st.dictionaries(FIELD_NAMES | st.text(max_size=8), JSON, max_size=10)
TRUNCATED = st.builds(lambda data, cut: json.dumps(data).encode()[:cut],
                      SETTINGS_OBJECTS, st.integers(0, 400))


@settings(max_examples=300, deadline=None)
@given(st.binary(max_size=300) | TRUNCATED)
def test_any_bytes_load_without_raising(content: bytes) -> None:
    loaded, _ = load_from(content)
    assert isinstance(loaded, Settings)


@settings(max_examples=300, deadline=None)
@given(SETTINGS_OBJECTS)
def test_any_json_object_gives_valid_settings(data: dict[str, Any]) -> None:
    loaded, warnings = Settings.from_dict(data)  # NaN and infinities included
    assert dataclasses.replace(loaded) == loaded  # passes its own checks
    assert len(warnings) <= len(data)


VALID = st.builds(
    Settings,
    animation_speed=st.sampled_from(["normal", "fast", "instant"]),
    card_scale=st.floats(0.6, 1.6),
    volume=st.floats(0.0, 1.0),
    window_size=st.tuples(st.integers(1024, 7680), st.integers(640, 4320)),
    player_name=st.text(st.characters(blacklist_categories=("Cc", "Cs", "Co", "Cn", "Cf",
                                                            "Zl", "Zp")),
                        min_size=1, max_size=20).filter(lambda t: t == t.strip() and t),
    opponent_levels=st.lists(st.sampled_from(["easy", "medium", "hard"]), max_size=5),
)


@settings(max_examples=100, deadline=None)
@given(VALID)
def test_any_valid_settings_round_trip(value: Settings) -> None:
    with tempfile.TemporaryDirectory() as root:
        paths = StorePaths.under(root)
        assert save_settings(paths, value) == ()
        assert load_settings(paths) == (value, [])


def test_a_first_start_speaks_the_system_language(paths, monkeypatch) -> None:
    """The window's first start (``ui.profile.first_start``): the store keeps what the
    edge, which knows the words and the system, makes of a first start."""
    from kalooki.ui.profile import first_start

    monkeypatch.setenv("LANG", "fr_FR.UTF-8")
    assert load_settings(paths, first_start)[0].language == "fr"
    save_settings(paths, Settings(language="en"))
    assert load_settings(paths, first_start)[0].language == "en", \
        "a chosen language outlives the system's"


def test_a_french_first_start_calls_the_player_vous(paths, monkeypatch) -> None:
    from kalooki.ui.profile import first_start

    monkeypatch.setenv("LANG", "fr_FR.UTF-8")
    assert load_settings(paths, first_start)[0].player_name == "Vous"
    monkeypatch.setenv("LANG", "en_GB.UTF-8")
    assert load_settings(paths, first_start)[0].player_name == "You"

"""The command line sees the custom presets: ``rules presets`` lists them (a damaged one
with its reason), and ``--preset NAME`` takes a custom name in every subcommand."""

from __future__ import annotations

import dataclasses

import pytest

from kalooki.cli.main import main
from kalooki.engine.rules import preset
from kalooki.store.paths import StorePaths
from kalooki.store.presets import presets_dir, save_preset
from kalooki.store.savefile import load
from kalooki.words.house_rules import built_in_names

SHORT = dataclasses.replace(preset("baby"), joker_points=25, max_calls=2, cut_bonus=False)

RESERVED = built_in_names()
"""The names the words give the built-in presets: no custom preset may take one."""


@pytest.fixture
def store() -> StorePaths:
    paths = StorePaths.default()  # under KALOOKI_HOME, the test's own folder
    save_preset(paths, SHORT, "baby", "our table", reserved=RESERVED)
    return paths


def test_presets_lists_custom_ones_marked_and_damaged_ones_with_their_reason(
        store: StorePaths, capsys) -> None:
    (presets_dir(store) / "torn.json").write_text('{"name": "torn", "packs": 0}',
                                                  encoding="utf-8")
    assert main(["rules", "presets"]) == 0
    lines = capsys.readouterr().out.splitlines()
    assert lines[0].startswith("caribbean: ")
    assert "our table (custom, based on baby): Dealer's cut bonus: no · Calls per deal: 2 · " \
           "Jokers: 25 points" in lines
    assert lines[-1] == ("torn.json (custom, damaged): torn.json: The rule 'Packs of 52 "
                         "cards' must be between 1 and 4, not 0.")


def test_explain_and_score_take_a_custom_preset_by_name(store: StorePaths, capsys) -> None:
    assert main(["rules", "score", "--preset", "our table", "JK"]) == 0
    assert capsys.readouterr().out == "25\n"
    assert main(["rules", "explain", "--preset", "our table"]) == 0
    assert "our table" in capsys.readouterr().out


def test_an_unknown_preset_is_a_usage_error_naming_the_custom_ones(store: StorePaths,
                                                                   capsys) -> None:
    assert main(["rules", "score", "--preset", "nowhere", "JK"]) == 2
    err = capsys.readouterr().err
    assert err.count("\n") == 1 and "our table" in err


def test_simulate_plays_a_custom_preset(store: StorePaths, tmp_path, capsys) -> None:
    assert main(["simulate", "--preset", "our table", "--players", "3", "--seats",
                 "easy,random,random", "--deals", "1", "--first-deal-only",
                 "--save-records", str(tmp_path / "records")]) == 0
    record = load(next((tmp_path / "records").glob("*.json")).read_bytes()).save.record
    assert record.rules.name == "our table" and record.rules.joker_points == 25


def test_autoplay_plays_a_custom_preset(store: StorePaths, tmp_path) -> None:
    shot = tmp_path / "last.png"
    assert main(["--autoplay", "--preset", "our table", "--players", "3", "--deals", "1",
                 "--screenshot", str(shot)]) == 0
    assert shot.exists()


def test_autoplay_with_an_unknown_preset_is_a_usage_error(capsys) -> None:
    assert main(["--autoplay", "--preset", "nowhere"]) == 2
    assert "no preset called “nowhere”" in capsys.readouterr().err

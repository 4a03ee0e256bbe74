"""``kalooki simulate``: rotations, the JSON table, saved records that replay."""

from __future__ import annotations

import json

import pytest

from kalooki.cli.main import main
from kalooki.cli.simulate import wilson
from kalooki.engine.record import replay
from kalooki.store.savefile import load


def test_simulate_plays_every_seed_in_every_rotation_and_saves_replayable_records(
        tmp_path, capsys):
    code = main(["simulate", "--preset", "baby", "--players", "3", "--seats",
                 "medium,easy,random", "--deals", "2", "--seed", "4", "--json",
                 "--save-records", str(tmp_path)])
    assert code == 0
    table = json.loads(capsys.readouterr().out)["levels"]
    assert set(table) == {"medium", "easy", "random"}
    assert all(row["seats"] == 6 for row in table.values())
    files = sorted(tmp_path.glob("*.json"))
    assert len(files) == 6
    resumed = load(files[0].read_bytes())  # a save, checked as a loaded game is
    assert resumed.game.results
    assert resumed.game.state_hash() == replay(resumed.save.record).game.state_hash()


def test_a_simulated_record_is_a_save_that_kalooki_replay_reads(tmp_path, capsys):
    assert main(["simulate", "--preset", "kalooki51", "--players", "3", "--seats",
                 "hard,medium:delia,random", "--deals", "1", "--seed", "9",
                 "--reproducible", "--think", "0.01", "--save-records", str(tmp_path)]) == 0
    capsys.readouterr()
    first = sorted(tmp_path.glob("*.json"))[0]
    save = load(first.read_bytes()).save
    assert [(s.name, s.level) for s in save.seats] == [
        ("Hard 1", "hard"), ("Delia", "medium"), ("Random 3", "random")]
    assert save.name == first.stem and save.record.rules.name == "kalooki51"
    assert main(["replay", str(first)]) == 0
    out = capsys.readouterr().out
    assert out.startswith(f"{first.stem}: kalooki51, 3 players, seed {save.record.seed}")
    assert "Delia" in out and "Total" in out


def test_simulate_refuses_a_seat_list_of_the_wrong_length(capsys):
    assert main(["simulate", "--players", "4", "--seats", "medium,easy", "--deals", "1"]) == 2
    assert "seats" in capsys.readouterr().err


def test_simulate_prints_a_table_with_a_row_per_level(capsys):
    assert main(["simulate", "--preset", "baby", "--players", "3", "--seats",
                 "easy,random,random", "--deals", "1", "--first-deal-only"]) == 0
    out = capsys.readouterr().out
    assert "win share" in out and "easy" in out and "random" in out


def test_wilson_interval_contains_the_share_and_narrows_with_more_deals():
    low, high = wilson(30, 100)
    assert low < 0.3 < high
    low2, high2 = wilson(300, 1000)
    assert high2 - low2 < high - low
    assert wilson(0, 0) == (0.0, 0.0)


def test_simulate_spawns_its_workers_so_other_threads_cannot_lock_them(monkeypatch, capsys):
    """A forked worker inherits the locks other threads hold at that moment (the window's,
    a test's) and may wait on them forever; spawned ones start clean, and still play."""
    import multiprocessing

    started: list[str | None] = []
    real = multiprocessing.get_context

    def recorded(method=None):
        started.append(method)
        return real(method)

    monkeypatch.setattr(multiprocessing, "get_context", recorded)
    assert main(["simulate", "--preset", "baby", "--players", "3", "--seats",
                 "easy,random,random", "--deals", "4", "--jobs", "2", "--first-deal-only",
                 "--json"]) == 0
    assert started == ["spawn"]
    played = json.loads(capsys.readouterr().out)["levels"]
    assert sum(level["seats"] for level in played.values()) == 4 * 3 * 3  # deals, rotations, seats


def test_the_json_table_gives_the_relative_penalty_its_interval(capsys):
    """Chunks of a long run are summed from each chunk's mean, spread and seats."""
    assert main(["simulate", "--preset", "baby", "--players", "3", "--seats",
                 "medium,easy,random", "--deals", "3", "--seed", "2", "--json"]) == 0
    row = json.loads(capsys.readouterr().out)["levels"]["random"]
    mean, spread = row["relative_penalty"], row["relative_sd"]
    assert spread > 0
    half = 1.96 * spread / row["seats"] ** 0.5
    assert row["relative_low"] == pytest.approx(mean - half)
    assert row["relative_high"] == pytest.approx(mean + half)


def test_simulate_seats_hard_then_medium_at_any_table_without_seats(capsys):
    """Without ``--seats``, three players are hard and two medium (the default was a
    list of four, which refused ``--players 3``)."""
    assert main(["simulate", "--preset", "baby", "--players", "3", "--deals", "1",
                 "--first-deal-only", "--think", "0.02", "--reproducible", "--json"]) == 0
    levels = json.loads(capsys.readouterr().out)["levels"]
    assert sorted(levels) == ["hard", "medium"]
    assert levels["medium"]["seats"] == 2 * levels["hard"]["seats"]

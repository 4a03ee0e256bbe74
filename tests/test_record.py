"""Game records: the seed and the action codes rebuild the match; damage is named."""

import pytest

from kalooki.ai.random_player import choose_random
from kalooki.engine.errors import RuleError
from kalooki.engine.record import HASH_EVERY, GameRecord, Recorder, replay
from kalooki.engine.rng import Rng
from kalooki.engine.rules import preset
from kalooki.words.refusals import refusal_text


def played(steps=120, seed=5):
    recorder = Recorder.new(preset("caribbean"), 4, seed)
    rng = Rng(1)
    for _ in range(steps):
        seat = recorder.game.to_act
        recorder.apply(choose_random(recorder.game.view(seat), rng), seat)
    return recorder


def test_record_round_trips_through_a_dict():
    record = played().record
    assert GameRecord.from_dict(record.to_dict()) == record
    assert len(record.hashes) == 120 // HASH_EVERY


def test_an_illegal_action_in_the_log_is_named_by_its_number():
    record = played().record
    actions = list(record.actions)
    actions[10] = "discard JK#1"
    bad = GameRecord(record.rules, record.players, record.seed, tuple(actions), record.hashes)
    with pytest.raises(RuleError) as refused:
        replay(bad)
    assert refused.value.params["case"] == "replay" and refused.value.params["number"] == 11
    assert refusal_text(refused.value).startswith("Action 11 ('discard JK#1') cannot be ")


def test_an_altered_digest_is_detected():
    record = played().record
    hashes = list(record.hashes)
    hashes[1] = (hashes[1][0], "0" * 16)
    with pytest.raises(RuleError) as refused:
        replay(GameRecord(record.rules, record.players, record.seed, record.actions,
                          tuple(hashes)))
    assert refused.value.params == {"case": "altered", "number": hashes[1][0]}


def test_missing_or_mistyped_fields_are_named():
    data = played(10).record.to_dict()
    del data["seed"]
    with pytest.raises(RuleError, match="'seed'"):
        GameRecord.from_dict(data)
    data = played(10).record.to_dict()
    data["players"] = "four"
    with pytest.raises(RuleError, match="'players'"):
        GameRecord.from_dict(data)


def test_replay_can_stop_part_way():
    record = played(60).record
    partial = replay(record, upto=30)
    assert len(partial.actions) == 30

"""The rule set is covered by a save's digest (issue 19, finding 5): a save whose rules were
edited, even in a field play has not touched yet, is refused instead of loading as another
match; saves of format 1, written before the digest, still load."""

from __future__ import annotations

import dataclasses
import hashlib
import json
from typing import Any

import pytest

from kalooki.engine.position import state_digest
from kalooki.engine.record import Recorder, replay
from kalooki.engine.rng import Rng
from kalooki.engine.rules import LATER_FIELDS, PRESETS, RuleSet, preset
from kalooki.store.savefile import encode, load
from kalooki.store.savegame import SaveError
from tests.support.saves import eager, play, stamped

FIELDS = [f.name for f in dataclasses.fields(RuleSet)]


def saved(doc: dict[str, Any]) -> bytes:
    return json.dumps(doc).encode()


def as_format(recorder: Recorder, version: int) -> dict[str, Any]:
    """The save of ``recorder`` as format ``version`` wrote it: before format 3 its record
    kept the first state digest and did not say so."""
    if version >= 3:
        return json.loads(encode(stamped(recorder)))
    old = replay(dataclasses.replace(recorder.record, hashes=(), hash_version=1))
    doc = json.loads(encode(stamped(old)))
    del doc["record"]["hash_version"]
    return {**doc, "format_version": version}


def early_in_deal_two() -> Recorder:
    """A Caribbean match saved five actions into its second deal."""
    recorder = Recorder.new(preset("caribbean"), 4, 6)
    rng = Rng(6 * 7919 + 1)
    while recorder.game.deal_no < 2:
        game = recorder.game
        recorder.apply(eager(game.view(game.to_act), rng), game.to_act)
    for _ in range(5):
        game = recorder.game
        recorder.apply(eager(game.view(game.to_act), rng), game.to_act)
    return recorder


@pytest.mark.parametrize(("version", "refusal"), [
    (2, r"summary\.rules"),   # its state digests leave the rules out: the rules digest tells
    (3, r"case='altered'"),  # the state digests cover the rules: the record was altered
])
def test_a_caribbean_save_with_baby_rules_is_refused(version: int, refusal: str) -> None:
    doc = as_format(early_in_deal_two(), version)
    assert load(saved(doc)).game.deal_no == 2
    doc["record"]["rules"] = {**preset("baby").to_dict(), "name": "caribbean"}
    with pytest.raises(SaveError, match=refusal):
        load(saved(doc))


def other_values(name: str, value: Any) -> list[Any]:
    """Values the field takes in other presets, or a small change of its own."""
    found = [p.to_dict()[name] for p in PRESETS.values()]
    if isinstance(value, bool):
        found.append(not value)
    elif isinstance(value, int):
        found += [value + 1, value - 1]
    return [v for v in found if v != value]


@pytest.mark.parametrize("name", FIELDS)
def test_every_single_field_edit_of_the_rules_is_refused(name: str) -> None:
    recorder = play(60, seed=2)
    doc = json.loads(encode(stamped(recorder)))
    original = doc["record"]["rules"][name]
    for value in other_values(name, original):
        doc["record"]["rules"][name] = value
        with pytest.raises(SaveError):
            load(saved(doc))
    doc["record"]["rules"][name] = original
    assert load(saved(doc)).game.state_hash() == recorder.game.state_hash()


def test_a_format_1_save_without_the_rules_digest_still_loads() -> None:
    recorder = play(80, seed=9)
    doc = as_format(recorder, 2)
    del doc["summary"]["rules"]
    doc["format_version"] = 1
    loaded = load(saved(doc)).game
    assert state_digest(loaded) == state_digest(recorder.game) and loaded.hash_version == 1
    doc["format_version"] = 2
    with pytest.raises(SaveError, match=r"summary\.rules"):
        load(saved(doc))


def test_a_save_older_than_the_later_fields_loads_as_it_was_played() -> None:
    """Saves written before ``redeal_limit``, ``first_upcard``, ``buy_in_min_players``,
    ... existed lack them: they replay with each field's before-it-existed value, as they
    were played, and their rules digest (computed without them) still matches."""
    older = dataclasses.replace(preset("caribbean"), **LATER_FIELDS)
    recorder = Recorder.new(older, 4, 3)
    rng = Rng(3)
    for _ in range(120):
        game = recorder.game
        recorder.apply(eager(game.view(game.to_act), rng), game.to_act)
    doc = json.loads(encode(stamped(recorder)))
    rules = doc["record"]["rules"]
    for name in LATER_FIELDS:
        del rules[name]
    old_text = json.dumps(rules, sort_keys=True, separators=(",", ":"), ensure_ascii=True)
    assert doc["summary"]["rules"] == hashlib.sha256(old_text.encode()).hexdigest()[:16]
    loaded = load(saved(doc))
    assert loaded.game.rules == older and loaded.game.rules.redeal_limit is None
    assert loaded.game.state_hash() == recorder.game.state_hash()

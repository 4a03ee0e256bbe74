"""The replay viewer's cursor: stepping to the end reaches the saved state, every position
equals replaying the record from the root, back then forward gives the same positions,
deals can be jumped to, and a damaged record is refused with its reason."""

from __future__ import annotations

import dataclasses

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from kalooki.engine.errors import RuleError
from kalooki.engine.events import Event
from kalooki.engine.record import GameRecord, Recorder, replay
from kalooki.engine.rng import Rng
from kalooki.engine.rules import preset
from kalooki.store.savegame import Seat, snapshot
from kalooki.ui.replay import model
from kalooki.ui.replay.model import ReplayCursor
from kalooki.words.refusals import refusal
from tests.support.rig import eager


def played(seed: int, deals: int = 3) -> tuple[Recorder, list[Event]]:
    rules = dataclasses.replace(preset("baby"), deals_per_match=deals)
    recorder = Recorder.new(rules, 3, seed)
    events = list(recorder.game.start_events)
    rng = Rng(seed)
    while recorder.game.to_act is not None:
        seat = recorder.game.to_act
        events += recorder.apply(eager(recorder.game.view(seat), rng), seat)
    return recorder, events


@pytest.fixture(scope="module")
def match() -> tuple[Recorder, list[Event]]:
    return played(21)


@pytest.fixture(scope="module")
def cursor(match: tuple[Recorder, list[Event]]) -> ReplayCursor:
    return ReplayCursor(match[0].record)


def test_stepping_to_the_end_reaches_the_saved_state(match: tuple[Recorder, list[Event]]
                                                     ) -> None:
    recorder, _ = match
    save = snapshot(recorder, [Seat("You", "human"), Seat("A", "easy"), Seat("B", "easy")])
    walker = ReplayCursor(save.record)
    while walker.forward() is not None:
        pass
    assert walker.at_end and walker.position == len(save.record.actions)
    assert walker.game.state_hash() == save.summary.digest == walker.end_hash
    assert walker.game.over


def test_the_log_follows_the_position(match: tuple[Recorder, list[Event]],
                                      cursor: ReplayCursor) -> None:
    cursor.seek(cursor.length)
    assert cursor.events() == match[1]
    cursor.seek(0)
    assert cursor.events() == list(cursor.start_events)
    cursor.seek(10)
    assert cursor.events() == [*cursor.start_events,
                               *(e for step in cursor.steps[:10] for e in step.events)]


@settings(max_examples=25, deadline=None)
@given(st.data())
def test_every_position_equals_replaying_from_the_root(cursor: ReplayCursor,
                                                       data: st.DataObject) -> None:
    record = cursor.record
    for _ in range(3):
        position = data.draw(st.integers(0, cursor.length))
        cursor.seek(position)
        assert cursor.position == position
        assert cursor.game.state_hash() == replay(record, position).game.state_hash()


def test_back_then_forward_gives_the_same_positions(cursor: ReplayCursor) -> None:
    cursor.seek(0)
    going = [cursor.game.state_hash()]
    while cursor.forward() is not None:
        going.append(cursor.game.state_hash())
    coming = [cursor.game.state_hash()]
    while cursor.back():
        coming.append(cursor.game.state_hash())
    assert coming == going[::-1]
    again = [cursor.game.state_hash()]
    while cursor.forward() is not None:
        again.append(cursor.game.state_hash())
    assert again == going


def test_jumping_to_a_deal_stands_at_its_first_hand(cursor: ReplayCursor) -> None:
    assert sorted(cursor.deal_starts) == [1, 2, 3]
    for deal, start in cursor.deal_starts.items():
        cursor.seek(cursor.length)
        assert cursor.to_deal(deal)
        assert cursor.position == start and cursor.deal == deal
        assert cursor.game.state_hash() == replay(cursor.record, start).game.state_hash()
    assert not cursor.to_deal(7)
    cursor.to_deal(2)
    cursor.forward()
    assert cursor.previous_deal() and cursor.position == cursor.deal_starts[2]
    assert cursor.previous_deal() and cursor.deal == 1
    assert cursor.next_deal() and cursor.deal == 2


def test_steps_name_their_seat_and_deal(cursor: ReplayCursor) -> None:
    cursor.seek(0)
    for step in cursor.steps[:30]:
        assert cursor.game.to_act == step.seat and cursor.deal == step.deal
        cursor.forward()
        assert cursor.last_step == step


def test_a_damaged_record_is_refused_with_its_reason(cursor: ReplayCursor) -> None:
    record = cursor.record
    actions = list(record.actions)
    actions[5] = "lay R:5H#1"
    refused = ReplayCursor.open(dataclasses.replace(record, actions=tuple(actions)))
    assert isinstance(refused, RuleError) and refused.code == "bad-record"
    assert refused.params["case"] == "replay" and refused.params["number"] == 6
    assert "Action 6" in str(refusal(refused))
    number, digest = record.hashes[0]
    altered = dataclasses.replace(record, hashes=((number, "0" + digest[1:]),))
    refused = ReplayCursor.open(altered)
    assert isinstance(refused, RuleError) and refused.params == {"case": "altered",
                                                                 "number": number}
    assert isinstance(ReplayCursor.open(GameRecord(record.rules, 1, 3)), RuleError)


def test_going_back_starts_from_a_checkpoint_not_the_root(
        cursor: ReplayCursor, monkeypatch: pytest.MonkeyPatch) -> None:
    applied: list[str] = []
    real = model.parse_action
    monkeypatch.setattr(model, "parse_action",
                        lambda code: applied.append(code) or real(code))
    cursor.seek(cursor.length)
    applied.clear()
    cursor.back()
    assert 0 < len(applied) < model.CHECKPOINT_EVERY

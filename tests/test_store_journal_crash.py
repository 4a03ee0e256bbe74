"""Crash points around a deal's end: the program killed before or after every write
statement of the actions around the end of a deal and of the match. After each kill the
game restarts, Continue resumes, the match is played to its end, and the statistics and
the final state are those of a match nobody killed: no deal lost, none counted twice, and
the history holds the match once."""

from __future__ import annotations

import dataclasses
from pathlib import Path

import pytest

from kalooki.engine import events as ev
from kalooki.engine.actions import parse_action
from kalooki.engine.rng import Rng
from kalooki.engine.rules import preset
from kalooki.store.history import load_history
from kalooki.store.paths import StorePaths
from kalooki.store.saves import latest_autosave, list_saves, load_save
from kalooki.store.stats import Stats, load_stats
from kalooki.ui.keeper import MatchKeeper
from kalooki.ui.session import MatchSession, Seat
from tests.support.saves import Faulty, Killed, eager

RULES = dataclasses.replace(preset("baby"), deals_per_match=2)
SEED = 5


def seats() -> list[Seat]:
    return [Seat("You", "human", True), Seat("A", "easy"), Seat("B", "easy")]


def keeper(paths: StorePaths, notes: list[str]) -> MatchKeeper:
    return MatchKeeper(paths, lambda said: notes.append(str(said)))


def reference(tmp_path: Path) -> tuple[list[str], str, Stats, list[int]]:
    """A match nobody kills: its actions, final digest, statistics, and the numbers of
    the actions that ended a deal."""
    paths = StorePaths.under(tmp_path / "reference")
    session = MatchSession(RULES, seats(), SEED, ai_pause=0.0)
    notes: list[str] = []
    session.after_action.append(keeper(paths, notes))
    rng = Rng(SEED)
    ends = []
    while not session.over:
        seat = session.game.to_act
        assert seat is not None
        assert session.submit(eager(session.game.view(seat), rng), seat) is None
        if any(isinstance(e, ev.DealEnded) for e in session.take_events()):
            ends.append(len(session.recorder.actions))
    assert notes == [] and len(ends) == 2
    stats, _ = load_stats(paths)
    return (list(session.recorder.actions), session.game.state_hash(), stats, ends)


def play_on(session: MatchSession, actions: list[str], upto: int) -> None:
    while len(session.recorder.actions) < upto:
        seat = session.game.to_act
        assert seat is not None
        code = actions[len(session.recorder.actions)]
        assert session.submit(parse_action(code), seat) is None


def just_before(paths: StorePaths, actions: list[str],
                number: int) -> tuple[MatchSession, MatchKeeper]:
    """A match kept in ``paths``, played up to action ``number`` (not yet played)."""
    session = MatchSession(RULES, seats(), SEED, ai_pause=0.0)
    kept = keeper(paths, [])
    session.after_action.append(kept)
    play_on(session, actions, number - 1)
    assert kept.journal._connection is not None
    return session, kept


def write_points(tmp_path: Path, actions: list[str], number: int) -> int:
    """How many write statements the append after action ``number`` makes."""
    session, kept = just_before(StorePaths.under(tmp_path / f"count-{number}"), actions,
                                number)
    assert kept.journal._connection is not None
    spy = Faulty(kept.journal._connection, fail_at=0)
    kept.journal._connection = spy  # type: ignore[assignment]
    play_on(session, actions, number)
    kept.journal.close()
    return spy.writes


def test_no_kill_around_a_deal_end_loses_or_doubles_anything(tmp_path: Path) -> None:
    actions, final, stats, ends = reference(tmp_path)
    assert stats.table("baby", 3).deals_played == 2
    assert stats.table("baby", 3).matches_played == 1
    around = sorted({n for end in ends for n in (end - 1, end, end + 1)
                     if n <= len(actions)})
    points = [(number, fail_at, after) for number in around
              for fail_at in range(1, write_points(tmp_path, actions, number) + 1)
              for after in (False, True)]
    points_at_end = write_points(tmp_path, actions, len(actions))
    assert len(points) >= 40  # five actions, four or five statements each, both sides
    for case, (number, fail_at, after) in enumerate(points):
        paths = StorePaths.under(tmp_path / f"case-{case}")
        session, kept = just_before(paths, actions, number)
        assert kept.journal._connection is not None
        real = kept.journal._connection
        kept.journal._connection = Faulty(real, fail_at,  # type: ignore[assignment]
                                          after=after)
        with pytest.raises(Killed):
            play_on(session, actions, number)
        # The process is gone, and with it what it had not committed. (Closing alone is
        # not that here: the test still holds the killed statement, which keeps the
        # transaction open.)
        if real.in_transaction:
            real.execute("ROLLBACK")
        real.close()
        # The restart: Continue resumes the match as the file has it.
        entry = latest_autosave(paths)
        if entry is None:  # killed once the match's last action was in: nothing to resume
            assert (number, after) == (len(actions), True) and fail_at == points_at_end
            [finished] = list_saves(paths)[0]
            loaded = load_save(finished.path)
        else:
            loaded = load_save(entry.path)
        assert loaded.value is not None and loaded.warnings == ()
        resumed = loaded.value.recorder
        assert len(resumed.actions) in (number - 1, number), (number, fail_at, after)
        assert resumed.actions == actions[:len(resumed.actions)]
        notes: list[str] = []
        session = MatchSession(RULES, seats(), SEED, ai_pause=0.0, recorder=resumed)
        session.after_action.append(keeper(paths, notes))
        play_on(session, actions, len(actions))
        assert notes == []
        assert session.game.state_hash() == final
        assert load_stats(paths) == (stats, []), (number, fail_at, after)
        entries, _ = load_history(paths)
        assert len(entries) == 1, (number, fail_at, after)  # the history's line, once
        assert latest_autosave(paths) is None  # the match is over

"""Saves written before a change of the engine keep loading, and play as they were played:
every save of the recorded-matches corpus (bench/corpus/saves, save format 2, written at 07ed255)
replays with every action, digest and check field proved, and the corpus's digest of
actions and state hashes is the one it was made with (bench/corpus/__init__.py)."""

from __future__ import annotations

from pathlib import Path

from bench.corpus import CORPUS, CORPUS_DIGEST, digest, load_all, plays_apart, saves
from kalooki.store.savefile import decode


def test_every_corpus_save_loads() -> None:
    ok, problems = load_all(CORPUS)
    assert problems == []
    assert ok == len(saves(CORPUS)) >= 72


def test_corpus_digest_is_the_one_it_was_made_with() -> None:
    assert digest(CORPUS) == (CORPUS_DIGEST, 10985)


def test_a_save_played_differently_is_named_with_the_levels_seated_in_it(tmp_path: Path) -> None:
    stored, fresh = tmp_path / "stored", tmp_path / "fresh"
    kept, changed = saves(CORPUS)[:2]
    for folder in (stored, fresh):
        for path in (kept, changed):
            (folder / path.parent.name).mkdir(parents=True, exist_ok=True)
            (folder / path.parent.name / path.name).write_bytes(path.read_bytes())
    assert plays_apart(stored, fresh) == []
    (fresh / changed.parent.name / changed.name).unlink()
    levels = tuple(seat.level for seat in decode(changed.read_bytes()).seats)
    assert plays_apart(stored, fresh) == [(f"{changed.parent.name}/{changed.name}", levels)]

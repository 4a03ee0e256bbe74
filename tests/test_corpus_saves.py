"""Saves written before a change of the engine keep loading, and play as they were played:
every save of the recorded-matches corpus (bench/corpus, save format 2, written at 07ed255)
replays with every action, digest and check field proved, and the corpus's digest of
actions and state hashes is the one it was made with (bench/bench_corpus.py)."""

from __future__ import annotations

from bench.bench_corpus import CORPUS, CORPUS_DIGEST, digest, load_all, saves


def test_every_corpus_save_loads() -> None:
    ok, problems = load_all(CORPUS)
    assert problems == []
    assert ok == len(saves(CORPUS)) >= 72


def test_corpus_digest_is_the_one_it_was_made_with() -> None:
    assert digest(CORPUS) == (CORPUS_DIGEST, 10985)

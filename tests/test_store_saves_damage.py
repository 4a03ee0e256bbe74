"""Damaged saves: 1,000 mutated records are each loaded as the very same game or refused in
one line; nothing else escapes. A seeded loop, so a failure names its mutant's number."""

from __future__ import annotations

import json
import random
from collections.abc import Callable
from pathlib import Path
from typing import Any

from kalooki.engine.record import HASH_EVERY
from kalooki.store.atomic import backup_path, encode_json, write_json_atomic
from kalooki.store.savefile import encode, load
from kalooki.store.savegame import SaveError
from kalooki.store.saves import load_save
from tests.support.saves import eager, play, stamped

MUTANTS = 1000
THROUGH_THE_DISK = 100
"""Of those, how many also go through ``load_save`` with a good ``.bak`` beside them."""

WRONG_VALUES: list[Any] = [None, True, False, 0, -1, 7, 2**70, 1.5, "", "x", "7H#1", [],
                           [1], ["draw"], {}, {"a": 1}]
ODD_ACTIONS = ["draw", "take", "call", "pass", "allow", "refuse", "end", "cut 1", "cut 0",
               "cut 99999999999999999999", "discard JK#1", "discard 7H#3", "discard 7H#9",
               "tack 7H#1 m0 lo", "tack 7H#1 m0", "tack KS#2 m99 hi", "shift 5S#2 m0 hi",
               "lay R:5H#1 6H#1 7H#1 8H#1", "lay G:7H#1 7S#1 7D#1", "lay G:", "lay", "",
               "garbage", "discard", "tack 7H#1 mx lo", "lay R:5H#1 6H#1 | G:5H#1"]

Doc = dict[str, Any]


def originals() -> list[tuple[bytes, str, int]]:
    """(file, final state digest, actions) for a few short matches of different shapes."""
    games = [play(45, seed=21), play(150, seed=22, rules="baby", players=3, policy=eager),
             play(100, seed=23, rules="caribbean-12", players=6)]
    return [(encode(stamped(r)), r.game.state_hash(), len(r.actions)) for r in games]


# -- mutations: each takes the file and a random stream, returns the damaged file -------


def locations(value: Any, path: tuple[Any, ...] = ()) -> list[tuple[Any, ...]]:
    """Every key and index inside a parsed document, as paths from its root."""
    found = [path] if path else []
    items = value.items() if isinstance(value, dict) else (
        enumerate(value) if isinstance(value, list) else ())
    for key, inner in items:
        found += locations(inner, (*path, key))
    return found


def parent(doc: Doc, path: tuple[Any, ...]) -> Any:
    for key in path[:-1]:
        doc = doc[key]
    return doc


def truncate(data: bytes, rng: random.Random) -> bytes:
    return data[:rng.randrange(len(data))]


def flip_bytes(data: bytes, rng: random.Random) -> bytes:
    damaged = bytearray(data)
    for _ in range(rng.randint(1, 3)):
        damaged[rng.randrange(len(damaged))] ^= rng.randint(1, 255)
    return bytes(damaged)


def on_document(change: Callable[[Doc, random.Random], None]) -> Callable[
        [bytes, random.Random], bytes]:
    def mutate(data: bytes, rng: random.Random) -> bytes:
        doc = json.loads(data)
        change(doc, rng)
        return encode_json(doc)
    mutate.__name__ = change.__name__
    return mutate


@on_document
def remove_field(doc: Doc, rng: random.Random) -> None:
    path = rng.choice([p for p in locations(doc) if isinstance(parent(doc, p), dict)])
    del parent(doc, path)[path[-1]]


@on_document
def wrong_value(doc: Doc, rng: random.Random) -> None:
    path = rng.choice(locations(doc))
    parent(doc, path)[path[-1]] = rng.choice(WRONG_VALUES)


@on_document
def nudge_number(doc: Doc, rng: random.Random) -> None:
    numbers = [p for p in locations(doc) if type(parent(doc, p)[p[-1]]) is int]
    path = rng.choice(numbers)
    parent(doc, path)[path[-1]] += rng.choice([-1, 1])


@on_document
def flip_flag(doc: Doc, rng: random.Random) -> None:
    flags = [p for p in locations(doc) if type(parent(doc, p)[p[-1]]) is bool]
    path = rng.choice(flags)
    parent(doc, path)[path[-1]] = not parent(doc, path)[path[-1]]


@on_document
def swap_actions(doc: Doc, rng: random.Random) -> None:
    actions = doc["record"]["actions"]
    i = rng.randrange(len(actions) - 1)
    j = i + 1 if rng.random() < 0.5 else rng.randrange(len(actions))
    actions[i], actions[j] = actions[j], actions[i]


@on_document
def replace_action(doc: Doc, rng: random.Random) -> None:
    actions = doc["record"]["actions"]
    actions[rng.randrange(len(actions))] = rng.choice(ODD_ACTIONS + actions)


@on_document
def drop_or_repeat_action(doc: Doc, rng: random.Random) -> None:
    actions = doc["record"]["actions"]
    i = rng.randrange(len(actions))
    if rng.random() < 0.5:
        del actions[i]
    else:
        actions.insert(i, actions[i])


@on_document
def alter_digest(doc: Doc, rng: random.Random) -> None:
    hashes = doc["record"]["hashes"]
    if hashes and rng.random() < 0.7:
        entry = rng.choice(hashes)
        if rng.random() < 0.5:
            entry[0] += rng.choice([-1, 1, HASH_EVERY])
        else:
            entry[1] = tweak_hex(entry[1], rng)
    else:
        doc["summary"]["digest"] = tweak_hex(doc["summary"]["digest"], rng)


def tweak_hex(digest: str, rng: random.Random) -> str:
    i = rng.randrange(len(digest))
    return digest[:i] + rng.choice([c for c in "0123456789abcdef" if c != digest[i]]) + \
        digest[i + 1:]


@on_document
def shuffle_first_deck(doc: Doc, rng: random.Random) -> None:
    deck = doc["first_deck"]
    i, j = rng.sample(range(len(deck)), 2)
    deck[i], deck[j] = deck[j], deck[i]


MUTATIONS = [truncate, flip_bytes, remove_field, wrong_value, nudge_number, flip_flag,
             swap_actions, replace_action, drop_or_repeat_action, alter_digest,
             shuffle_first_deck]


def one_line(message: str) -> bool:
    return bool(message.strip()) and "\n" not in message


def test_a_thousand_damaged_records_load_as_the_same_game_or_are_refused(
        tmp_path: Path) -> None:
    rng = random.Random(20260301)
    bases = originals()
    outcomes: dict[str, list[int]] = {m.__name__: [0, 0] for m in MUTATIONS}
    for number in range(MUTANTS):
        data, digest, actions = bases[number % len(bases)]
        mutation = MUTATIONS[number % len(MUTATIONS)]
        damaged = mutation(data, rng)
        label = f"mutant {number} ({mutation.__name__})"
        try:
            resumed = load(damaged)
        except SaveError as error:
            assert one_line(str(error)), label
            outcomes[mutation.__name__][1] += 1
        else:  # whatever changed, it did not change the game
            assert resumed.game.state_hash() == digest, label
            assert len(resumed.recorder.actions) == actions, label
            outcomes[mutation.__name__][0] += 1
        if number < THROUGH_THE_DISK:
            through_the_disk(tmp_path / f"m{number}", data, damaged, digest, label)
    assert all(refused > 0 for _, refused in outcomes.values()), outcomes


def through_the_disk(folder: Path, good: bytes, damaged: bytes, digest: str,
                     label: str) -> None:
    """As the program loads: a damaged main file gives way to its good ``.bak``."""
    path = folder / "game.json"
    write_json_atomic(path, json.loads(good))
    write_json_atomic(path, json.loads(good))
    path.write_bytes(damaged)
    loaded = load_save(path)
    assert loaded.value is not None, label
    assert loaded.value.game.state_hash() == digest, label
    assert (loaded.source == path) == (loaded.warnings == ()), label
    assert backup_path(path).read_bytes() == good

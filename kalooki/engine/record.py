"""Game records: the header (rules, players, seed) and the action codes, in order.

A record is all it takes to rebuild a match: replaying the actions from the seed gives
the identical game, so a save is a record and loading is a replay. State digests taken
along the way let a replay prove it reached the same places.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass, field
from typing import Any

from kalooki.engine.actions import Action, parse_action
from kalooki.engine.errors import RuleError
from kalooki.engine.events import Event
from kalooki.engine.position import DIGEST_VERSIONS, HASH_VERSION
from kalooki.engine.rules import RuleSet
from kalooki.engine.state import Game

HASH_EVERY = 25
"""A state digest every this many actions: cheap, and pins a tampered log to a spot."""


@dataclass(frozen=True)
class GameRecord:
    rules: RuleSet
    players: int
    seed: int
    actions: tuple[str, ...] = ()
    hashes: tuple[tuple[int, str], ...] = field(default=())
    """(number of actions applied, state digest after them)."""
    hash_version: int = HASH_VERSION
    """Which state digest :attr:`hashes` hold (:func:`~kalooki.engine.position.state_digest`):
    a record written before the digest covered every deciding field holds version 1."""

    def to_dict(self) -> dict[str, Any]:
        return {
            "rules": self.rules.to_dict(),
            "players": self.players,
            "seed": self.seed,
            "actions": list(self.actions),
            "hashes": [[n, h] for n, h in self.hashes],
            "hash_version": self.hash_version,
        }

    @classmethod
    def from_dict(cls, data: dict[str, Any]) -> GameRecord:
        """Read a record's engine part; a missing or mistyped field is a RuleError naming it."""
        def need(key: str, kind: type | tuple[type, ...]) -> Any:
            if key not in data:
                raise RuleError("bad-record", case="missing", field=key)
            value = data[key]
            if not isinstance(value, kind) or isinstance(value, bool):
                raise RuleError("bad-record", case="wrong_type", field=key)
            return value

        rules = RuleSet.from_record(need("rules", dict))
        actions = need("actions", list)
        if not all(isinstance(a, str) for a in actions):
            raise RuleError("bad-record", case="actions")
        raw_hashes = data.get("hashes", [])
        if not isinstance(raw_hashes, list) or not all(
                isinstance(h, list) and len(h) == 2 and isinstance(h[0], int)
                and isinstance(h[1], str) for h in raw_hashes):
            raise RuleError("bad-record", case="hashes")
        version = data.get("hash_version", 1)  # written from version 2 on
        if isinstance(version, bool) or version not in DIGEST_VERSIONS:
            raise RuleError("bad-record", case="wrong_type", field="hash_version")
        return cls(rules, need("players", int), need("seed", int), tuple(actions),
                   tuple((n, h) for n, h in raw_hashes), version)


class Recorder:
    """A game plus its record, kept in step: every applied action is logged."""

    def __init__(self, game: Game, actions: Iterable[str] = (),
                 hashes: Iterable[tuple[int, str]] = ()) -> None:
        self.game = game
        self.actions: list[str] = list(actions)
        self.hashes: list[tuple[int, str]] = list(hashes)

    @classmethod
    def new(cls, rules: RuleSet, players: int, seed: int) -> Recorder:
        return cls(Game.new(rules, players, seed))

    def apply(self, action: Action, player: int) -> list[Event]:
        """Apply ``action`` by seat ``player`` and log it (a refusal logs nothing)."""
        events = self.game.apply(action, player)
        self.actions.append(action.code)
        if len(self.actions) % HASH_EVERY == 0:
            self.hashes.append((len(self.actions), self.game.state_hash()))
        return events

    @property
    def record(self) -> GameRecord:
        game = self.game
        return GameRecord(game.rules, game.players, game.seed, tuple(self.actions),
                          tuple(self.hashes), game.hash_version)


def replay(record: GameRecord, upto: int | None = None) -> Recorder:
    """Rebuild the game from its record, checking every action and every digest.
    A refusal names the action (1-based) that could not be replayed."""
    try:
        game = Game.new(record.rules, record.players, record.seed)
    except RuleError as error:
        raise RuleError("bad-record", case="header", reason=error) from None
    game.hash_version = record.hash_version  # the game goes on with its record's digest
    expected = dict(record.hashes)
    recorder = Recorder(game)
    for number, code in enumerate(record.actions[:upto], start=1):
        try:
            # A record lists moves in order, as a chess game does: each one is made by
            # the seat to act at that point, so the seat needs no writing down.
            recorder.apply(parse_action(code), _seat_to_act(game))
        except RuleError as error:
            raise RuleError("bad-record", case="replay", number=number, action=code,
                            reason=error) from None
        if number in expected and expected[number] != game.state_hash():
            raise RuleError("bad-record", case="altered", number=number)
    return recorder


def _seat_to_act(game: Game) -> int:
    if game.to_act is None:
        raise RuleError("match-over")
    return game.to_act

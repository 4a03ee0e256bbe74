"""A saved game as a value: who sat where, the engine's record, and check fields.

The engine record (rules, seed, action log, digests) is the whole truth; everything else
in a save is either for people (names, levels, the save's name and time) or a check
that a replay must reproduce: the first deal's deck order, and a summary (deal, totals,
action count, final digest) that lets the load screen list saves without replaying them.
``docs/game-record.md`` describes the file for readers in other languages.
"""

from __future__ import annotations

import dataclasses
import hashlib
import json
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from datetime import datetime
from typing import Any

from kalooki import version
from kalooki.engine.cards import card_code, parse_card_code
from kalooki.engine.errors import RuleError
from kalooki.engine.facts.said import quoted
from kalooki.engine.facts.seats import DEFAULT_NAME, HUMAN, SEAT_LEVELS
from kalooki.engine.record import HASH_EVERY, GameRecord, Recorder, replay
from kalooki.engine.rules import LATER_FIELDS, RuleSet
from kalooki.engine.state import Game
from kalooki.store.fields import (
    Invalid,
    boolean,
    checked,
    integer,
    one_of,
    sequence_of,
    text,
    validate,
)
from kalooki.store.notices import Refused

FORMAT_VERSION = 3
"""3: the record says which state digest it keeps (``record.hash_version``); older saves
keep digest version 1 (:mod:`kalooki.store.migrations`)."""
KINDS = ("autosave", "named")
NAME_CHARS = 60
SEAT_NAME_CHARS = 20
MAX_SEATS = 8


class SaveError(Refused):
    """A save that cannot be used, or an operation on saves refused: its fact names the
    field or the action at fault (``save-field`` with ``field`` and the check's
    ``reason``, ``save-replay`` with the engine's refusal…), worded at the edges
    (``store.<code>``); whatever it quotes from the file is made safe to show."""

    @property
    def damage(self) -> bool:  # type: ignore[override]
        """A newer game's save is not damaged: it is kept for that game."""
        return self.code != "save-newer"


save_name = text(NAME_CHARS)


@dataclass(frozen=True)
class HandLayout:
    """How a person had laid out their cards in a deal: the hand in their order and the
    melds they were building, so a load gives them back as they were left. For that person,
    not a check: a load keeps only the cards the hand still holds, in that deal."""

    deal: int
    order: tuple[int, ...]
    staged: tuple[tuple[int, ...], ...]

    def to_dict(self) -> dict[str, Any]:
        return {"deal": self.deal, "order": card_codes(self.order),
                "staged": [card_codes(meld) for meld in self.staged]}


def _layout(value: Any) -> HandLayout | None:
    """A seat's ``cards``: absent, or the deal, the order and the staged melds, no card
    twice (a layout read from a file, or one already built)."""
    if value is None:
        return None
    layout = value if isinstance(value, HandLayout) else _layout_read(json_object(value))
    cards = [*layout.order, *(c for meld in layout.staged for c in meld)]
    if len(set(cards)) != len(cards):
        raise Invalid("layout-card-twice")
    return layout


def _layout_read(raw: dict[str, Any]) -> HandLayout:
    missing = next((key for key in ("deal", "order", "staged") if key not in raw), None)
    if missing is not None:
        raise Invalid("layout-missing", field=missing)
    if not isinstance(raw["staged"], list):
        raise Invalid("expected-card-lists")
    return HandLayout(integer(1)(raw["deal"]), _cards(raw["order"]),
                      tuple(_cards(meld) for meld in raw["staged"]))


@dataclass(frozen=True)
class Seat:
    """Who sits in a seat; checked when built, so no save can hold a seat it cannot load."""

    name: str = checked(DEFAULT_NAME, text(SEAT_NAME_CHARS))
    level: str = checked(HUMAN, one_of(*SEAT_LEVELS))
    """``human``, ``easy``, ``medium``, ``hard`` or ``random``."""
    cards: HandLayout | None = checked(None, _layout)
    """A person's cards as they had laid them out, when they had (never a computer's)."""

    def __post_init__(self) -> None:
        validate(self)

    def to_dict(self) -> dict[str, Any]:
        entry: dict[str, Any] = {"name": self.name, "level": self.level}
        if self.cards is not None:
            entry["cards"] = self.cards.to_dict()
        return entry


@dataclass(frozen=True)
class Summary:
    """What a listing shows without replaying; a load checks it against the replay."""

    deal: int
    """The deal in progress (the last deal once the match is over), from 1."""
    over: bool
    totals: tuple[int, ...]
    actions: int
    digest: str
    """The state digest after the last action: the log's tail is checked too."""
    rules: str
    """The digest of the rule set (:func:`rules_digest`): the state digests cover only what
    play has touched, so a rule swapped in the file would otherwise load as another match."""

    @classmethod
    def of(cls, game: Game) -> Summary:
        return cls(game.deal_no, game.over, tuple(game.totals), game.actions_applied,
                   game.state_hash(), rules_digest(game.rules))

    def to_dict(self) -> dict[str, Any]:
        return {"deal": self.deal, "over": self.over, "totals": list(self.totals),
                "actions": self.actions, "digest": self.digest, "rules": self.rules}


def rules_digest(rules: RuleSet) -> str:
    """The first 16 hex digits of SHA-256 over the rule set as sorted, compact JSON; a
    later field at its before-it-existed value is left out, so older saves keep theirs."""
    data = {key: value for key, value in rules.to_dict().items()
            if key not in LATER_FIELDS or value != LATER_FIELDS[key]}
    text = json.dumps(data, sort_keys=True, separators=(",", ":"), ensure_ascii=True)
    return hashlib.sha256(text.encode("ascii")).hexdigest()[:16]


@dataclass(frozen=True)
class GameSave:
    """One save file's content; build with :func:`snapshot`, read with ``from_dict``."""

    name: str
    seats: tuple[Seat, ...]
    record: GameRecord
    first_deck: tuple[int, ...]
    summary: Summary
    kind: str = "named"
    saved_at: datetime | None = None
    """Set by the writer; None only before the first write."""
    app_version: str = dataclasses.field(default_factory=version)

    def to_dict(self) -> dict[str, Any]:
        return {
            "format_version": FORMAT_VERSION,
            "app_version": self.app_version,
            "kind": self.kind,
            "saved_at": None if self.saved_at is None else self.saved_at.isoformat(),
            "name": self.name,
            "players": [seat.to_dict() for seat in self.seats],
            "record": self.record.to_dict(),
            "first_deck": card_codes(self.first_deck),
            "summary": self.summary.to_dict(),
        }

    @classmethod
    def from_dict(cls, data: dict[str, Any]) -> GameSave:
        """Read a current-format document; the first bad field is a SaveError naming it."""
        seats_raw = need(data, "players", _seats)
        record_raw = need(data, "record", json_object)
        try:
            record = GameRecord.from_dict(record_raw)
        except RuleError as error:
            raise SaveError("save-record", reason=error) from None
        if record.players != len(seats_raw):
            raise SaveError("save-players", seats=len(seats_raw), players=record.players)
        summary_raw = need(data, "summary", json_object)
        return cls(
            name=need(data, "name", save_name),
            seats=seats_raw,
            record=record,
            first_deck=need(data, "first_deck", _cards),
            summary=Summary(
                deal=need(summary_raw, "deal", integer(1), "summary."),
                over=need(summary_raw, "over", boolean, "summary."),
                totals=need(summary_raw, "totals",
                            sequence_of(integer(), len(seats_raw), len(seats_raw)),
                            "summary."),
                actions=need(summary_raw, "actions", integer(0), "summary."),
                digest=need(summary_raw, "digest", text(64), "summary."),
                rules=need(summary_raw, "rules", text(64), "summary."),
            ),
            kind=need(data, "kind", one_of(*KINDS)),
            saved_at=need(data, "saved_at", timestamp),
            app_version=need(data, "app_version", text(40)),
        )


def snapshot(recorder: Recorder, seats: Sequence[Seat], name: str | None = None) -> GameSave:
    """The save of a match in progress (the writer stamps the time)."""
    seats = tuple(seats)
    if len(seats) != recorder.game.players:
        raise ValueError(f"{len(seats)} seats for a game of {recorder.game.players} players")
        # a caller's mistake, not a file's: no player ever reads it
    record = recorder.record
    chosen = default_name(record, seats) if name is None else name
    return GameSave(save_name(chosen), seats, record, first_deck(record),
                    Summary.of(recorder.game))


def default_name(record: GameRecord, seats: Sequence[Seat]) -> str:
    """``caribbean: You, Marcia, Desmond``, cut to fit a save name."""
    return f"{record.rules.name}: {', '.join(s.name for s in seats)}"[:NAME_CHARS]


def first_deck(record: GameRecord) -> tuple[int, ...]:
    """The first deal's deck order, which the engine derives from the seed."""
    return Game.new(record.rules, record.players, record.seed).deck_order


def card_codes(cards: Sequence[int]) -> list[str]:
    return [card_code(c) for c in cards]


def resume(save: GameSave) -> Recorder:
    """Replay the save to the game it holds, checking every digest and check field."""
    record = save.record
    expected_at = list(range(HASH_EVERY, len(record.actions) + 1, HASH_EVERY))
    if [n for n, _ in record.hashes] != expected_at:
        raise SaveError("save-hashes", every=HASH_EVERY)
    try:  # the engine refuses a file's values with a RuleError: anything else is a fault
        dealt = first_deck(record)
    except RuleError as error:
        raise SaveError("save-setup", reason=error) from None
    if dealt != save.first_deck:
        raise SaveError("save-deck", **_deck_difference(save.first_deck, dealt))
    try:
        recorder = replay(record)
    except RuleError as error:
        raise SaveError("save-replay", reason=error) from None
    replayed = Summary.of(recorder.game)
    for field in dataclasses.fields(Summary):
        stored, actual = getattr(save.summary, field.name), getattr(replayed, field.name)
        if stored != actual:
            raise SaveError("save-summary", field=f"summary.{field.name}",
                            stored=quoted(stored), replayed=quoted(actual))
    return recorder


def _deck_difference(recorded: tuple[int, ...], dealt: tuple[int, ...]) -> dict[str, object]:
    """Where the recorded first deck leaves the one the seed deals, for the log."""
    if len(recorded) != len(dealt):
        return {"cards": len(recorded), "dealt": len(dealt)}
    index = next(i for i, (a, b) in enumerate(zip(recorded, dealt, strict=True)) if a != b)
    return {"card": index + 1, "recorded": card_code(recorded[index]),
            "dealt": card_code(dealt[index])}


# -- field checks ------------------------------------------------------------------


def need(data: dict[str, Any], key: str, check: Callable[[Any], Any],
         prefix: str = "") -> Any:
    """The checked value of ``data[key]``; a SaveError naming the field when absent or bad."""
    if key not in data:
        raise SaveError("save-missing", field=prefix + key)
    try:
        return check(data[key])
    except Invalid as error:
        raise SaveError("save-field", field=prefix + key, reason=error.fact) from None


def json_object(value: Any) -> dict[str, Any]:
    if not isinstance(value, dict):
        raise Invalid("expected-object")
    return value


def _seats(value: Any) -> tuple[Seat, ...]:
    if not isinstance(value, list) or not 2 <= len(value) <= MAX_SEATS:
        raise Invalid("expected-players", low=2, high=MAX_SEATS)
    seats = []
    for number, entry in enumerate(value, start=1):
        try:
            seat = json_object(entry)
            name: Any = seat.get("name")  # Seat's checks refuse a missing or bad one
            level: Any = seat.get("level")
            cards: Any = seat.get("cards")
            seats.append(Seat(name, level, cards))
        except Invalid as error:
            raise Invalid("player-invalid", number=number, reason=error.fact) from None
    return tuple(seats)


def _cards(value: Any) -> tuple[int, ...]:
    if not isinstance(value, list) or not all(isinstance(c, str) for c in value):
        raise Invalid("expected-cards")
    try:
        return tuple(parse_card_code(c) for c in value)
    except RuleError as error:
        raise Invalid("bad-card", reason=error) from None


def timestamp(value: Any) -> datetime:
    if not isinstance(value, str):
        raise Invalid("expected-time")
    try:
        stamp = datetime.fromisoformat(value)
    except ValueError:
        raise Invalid("expected-time", value=quoted(value)) from None
    if stamp.tzinfo is None:
        raise Invalid("expected-time-offset")
    return stamp

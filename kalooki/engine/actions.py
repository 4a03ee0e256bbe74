"""Actions: small frozen values with a text code, like a chess move in UCI.

The code names physical cards (``7H#2`` is the second pack's 7♥) so that a game record
replays exactly. :func:`parse_action` reads every code :attr:`Action.code` writes.
"""

from __future__ import annotations

from dataclasses import dataclass

from kalooki.engine.cards import ascii_number, card_code, parse_card_code
from kalooki.engine.errors import RuleError
from kalooki.engine.melds import GROUP_KIND, HIGH, LOW, RUN_KIND, End, MeldKind


@dataclass(frozen=True, slots=True)
class Action:
    """Base of every action. ``code`` is the stable text form."""

    @property
    def code(self) -> str:  # pragma: no cover - every subclass overrides it
        raise NotImplementedError

    def __str__(self) -> str:
        return self.code


@dataclass(frozen=True, slots=True)
class Cut(Action):
    """The dealer lifts about ``aim`` cards; the engine adds the hand's unsteadiness."""

    aim: int

    @property
    def code(self) -> str:
        return f"cut {self.aim}"


@dataclass(frozen=True, slots=True)
class DrawStock(Action):
    @property
    def code(self) -> str:
        return "draw"


@dataclass(frozen=True, slots=True)
class TakeDiscard(Action):
    @property
    def code(self) -> str:
        return "take"


@dataclass(frozen=True, slots=True)
class Call(Action):
    @property
    def code(self) -> str:
        return "call"


@dataclass(frozen=True, slots=True)
class Pass(Action):
    """Decline to call the discard."""

    @property
    def code(self) -> str:
        return "pass"


@dataclass(frozen=True, slots=True)
class Allow(Action):
    @property
    def code(self) -> str:
        return "allow"


@dataclass(frozen=True, slots=True)
class Refuse(Action):
    @property
    def code(self) -> str:
        return "refuse"


@dataclass(frozen=True, slots=True)
class MeldSpec:
    """A meld as a player declares it: its kind and its cards (a run in rank order)."""

    kind: MeldKind
    cards: tuple[int, ...]

    @property
    def code(self) -> str:
        prefix = "R" if self.kind == RUN_KIND else "G"
        return prefix + ":" + " ".join(card_code(c) for c in self.cards)


@dataclass(frozen=True, slots=True)
class LayDown(Action):
    """Lay melds from the hand: the contract (or opening) when not yet down, new melds after."""

    melds: tuple[MeldSpec, ...]

    @property
    def code(self) -> str:
        return "lay " + " | ".join(m.code for m in self.melds)


@dataclass(frozen=True, slots=True)
class TackOn(Action):
    """Add ``card`` to table meld number ``meld``; ``end`` is ``lo``/``hi`` for a run."""

    card: int
    meld: int
    end: End = End.NONE

    @property
    def code(self) -> str:
        return f"tack {card_code(self.card)} m{self.meld}" + (f" {self.end}" if self.end else "")


@dataclass(frozen=True, slots=True)
class ShiftJoker(Action):
    """Put ``card`` where a run's joker stands for it; the joker moves to ``end``."""

    card: int
    meld: int
    end: End

    @property
    def code(self) -> str:
        return f"shift {card_code(self.card)} m{self.meld} {self.end}"


@dataclass(frozen=True, slots=True)
class ReleaseJoker(Action):
    """Put ``cards`` (naturals) into table meld ``meld`` and take back the joker they free."""

    cards: tuple[int, ...]
    meld: int

    @property
    def code(self) -> str:
        return f"release {','.join(card_code(c) for c in self.cards)} m{self.meld}"


@dataclass(frozen=True, slots=True)
class BuyIn(Action):
    """A player over the elimination limit pays to stay in, at the highest score left."""

    @property
    def code(self) -> str:
        return "buy-in"


@dataclass(frozen=True, slots=True)
class DropOut(Action):
    """A player over the elimination limit leaves the match."""

    @property
    def code(self) -> str:
        return "drop-out"


@dataclass(frozen=True, slots=True)
class Discard(Action):
    card: int

    @property
    def code(self) -> str:
        return f"discard {card_code(self.card)}"


@dataclass(frozen=True, slots=True)
class EndTurn(Action):
    """End the turn without a discard: only for a hand that holds nothing but jokers."""

    @property
    def code(self) -> str:
        return "end"


_SIMPLE: dict[str, Action] = {a.code: a for a in (
    DrawStock(), TakeDiscard(), Call(), Pass(), Allow(), Refuse(), EndTurn(), BuyIn(),
    DropOut())}


def _meld_index(text: str) -> int:
    index = ascii_number(text[1:]) if text.startswith("m") else None
    if index is None:
        raise RuleError("bad-action", case="meld_index", text=text)
    return index


def _parse_meld_spec(text: str) -> MeldSpec:
    prefix, sep, body = text.strip().partition(":")
    kinds = {"R": RUN_KIND, "G": GROUP_KIND}
    if not sep or prefix not in kinds or not body.split():
        raise RuleError("bad-action", case="meld_spec", text=text.strip())
    return MeldSpec(kinds[prefix], tuple(parse_card_code(t) for t in body.split()))


def parse_action(code: str) -> Action:
    """Read an action code; anything unreadable is a ``bad-action`` RuleError."""
    text = code.strip()
    if text in _SIMPLE:
        return _SIMPLE[text]
    verb, _, rest = text.partition(" ")
    words = rest.split()
    try:
        if verb == "cut" and len(words) == 1 and (lifted := ascii_number(words[0])) is not None:
            return Cut(lifted)
        if verb == "discard" and len(words) == 1:
            return Discard(parse_card_code(words[0]))
        if verb == "lay" and rest.strip():
            return LayDown(tuple(_parse_meld_spec(part) for part in rest.split("|")))
        if verb == "tack" and len(words) in (2, 3):
            end = words[2] if len(words) == 3 else End.NONE
            if end not in tuple(End):
                raise RuleError("bad-action", case="end", text=end)
            return TackOn(parse_card_code(words[0]), _meld_index(words[1]), End(end))
        if verb == "release" and len(words) == 2:
            cards = tuple(parse_card_code(t) for t in words[0].split(","))
            return ReleaseJoker(cards, _meld_index(words[1]))
        if verb == "shift" and len(words) == 3 and words[2] in (LOW, HIGH):
            return ShiftJoker(parse_card_code(words[0]), _meld_index(words[1]), End(words[2]))
    except RuleError as error:
        raise RuleError("bad-action", case="unreadable", text=text, reason=error) from None
    raise RuleError("bad-action", case="unknown", text=text)

"""What the program tells a player, as a fact: a code and its parameters, never words.

The store says what it found (a file damaged and kept aside, a save refused, a setting
reset) as a :class:`Fact`; the words for it are made at the edges (the window, the
command line) from the catalog's ``store.<code>``, in the player's language, by
:mod:`kalooki.words.notices`. A parameter is a number, a name, a bit of a file quoted,
another Fact, or an engine :class:`~kalooki.engine.errors.RuleError`.

Whatever a parameter quotes from a file is made safe to show once, here: characters no
screen or terminal can show are escaped, and text is cut to a length a sentence can hold,
so that saying a fact costs in proportion to what it shows, never to what it refused (a
10 MB name is looked at for 200 characters, not 10 million).
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass

from kalooki.engine.errors import RuleError
from kalooki.engine.showable import escaped

TEXT_CHARS = 200
"""The most of any text a fact keeps (a file name, a system's message)."""
QUOTE_CHARS = 80
"""The most of a bad value a fact quotes."""
_CUT = "…"
_ITEMS = 8
"""The most items of a list or an object a quote shows."""


@dataclass(frozen=True)
class Fact:
    """One thing to tell, as its ``code`` (``file-damaged``) and parameters. ``case``,
    when given, chooses among several sentences of one code, as a RuleError's does."""

    code: str
    params: tuple[tuple[str, object], ...] = ()

    @property
    def facts(self) -> Mapping[str, object]:
        return dict(self.params)

    def __str__(self) -> str:
        """For the log file and tracebacks: the code and its facts (players read words)."""
        if not self.params:
            return self.code
        return f"{self.code}({', '.join(f'{k}={v}' for k, v in self.params)})"


def fact(code: str, /, **params: object) -> Fact:
    """A fact whose text parameters are made safe to show (see the module's note)."""
    return Fact(code, tuple((name, shown(value)) for name, value in params.items()))


def shown(value: object) -> object:
    """``value`` safe to show: text escaped and cut to :data:`TEXT_CHARS`, an engine
    refusal's own facts too; anything else as it is."""
    if isinstance(value, str):
        return _cut(value, TEXT_CHARS)
    if isinstance(value, RuleError):
        return type(value)(value.code, _cut(value.message, TEXT_CHARS),
                           **{name: shown(part) for name, part in value.params.items()})
    return value


def quoted(value: object) -> str:
    """A bad value as a message quotes it: much as its ``repr``, at most
    :data:`QUOTE_CHARS` characters, escaped; what it costs depends on those, never on the
    value's size (a long text, a long list or a deep one is looked at for what is shown)."""
    return _cut(_repr(value, 3), QUOTE_CHARS)


def _repr(value: object, depth: int) -> str:
    if isinstance(value, str):
        return repr(value[:QUOTE_CHARS])
    if isinstance(value, list | tuple | dict):
        if depth == 0:
            return _CUT
        items = list(value.items())[:_ITEMS] if isinstance(value, dict) else \
            list(value[:_ITEMS])
        parts = [f"{_repr(k, depth - 1)}: {_repr(v, depth - 1)}" if isinstance(value, dict)
                 else _repr(item, depth - 1) for item in items for k, v in [_pair(item)]]
        if len(value) > _ITEMS:
            parts.append(_CUT)
        ends = "{}" if isinstance(value, dict) else "[]"
        return ends[0] + ", ".join(parts) + ends[1]
    if isinstance(value, int) and not isinstance(value, bool) and value.bit_length() > 200:
        return f"{_CUT}{value % 10**6:06d}"  # no huge number is written out whole
    return repr(value)


def _pair(item: object) -> tuple[object, object]:
    return item if isinstance(item, tuple) and len(item) == 2 else (item, None)


def _cut(text: str, most: int) -> str:
    if len(text) <= most:
        return escaped(text)
    return escaped(text[:most - 1]) + _CUT

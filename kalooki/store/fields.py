"""Field-by-field checking of the store's records, shared by settings and statistics.

Each dataclass field declares its check once (:func:`checked`). The same check guards
construction (a record in memory is always valid) and loading (a bad value on disk falls
back to its default with a warning naming the field, instead of spoiling the whole file).
Each check made here also says what it lets through, as the field description a form is
built from (:class:`~kalooki.engine.facts.fields.FieldSpec`: :func:`accepts`), so a range is
written once: in the check itself; :func:`described` adds what else the form needs.
"""

from __future__ import annotations

import dataclasses
import json
import re
import weakref
from collections.abc import Callable, Mapping
from typing import Any

from kalooki.engine.facts.fields import FieldSpec, Kind, Shown, spec_field
from kalooki.engine.facts.said import Fact, quoted
from kalooki.engine.showable import text_problem
from kalooki.store.notices import Refused, notice

Check = Callable[[Any], Any]
"""Returns the value, normalised (lists become tuples); raises :class:`Invalid` saying
what it expected."""


class Invalid(Refused, ValueError):
    """A value a check refuses: the fact says what was expected (``expected-whole`` with
    its bounds, ``expected-text`` with its length…), worded at the edges."""


_ACCEPTS: weakref.WeakKeyDictionary[Check, FieldSpec] = weakref.WeakKeyDictionary()
"""What each check made here lets through (kept beside the check, not on it, so the
check stays a plain function)."""


def _accepting(check: Check, accepts: FieldSpec) -> Check:
    _ACCEPTS[check] = accepts
    return check


def accepts(check: Check) -> FieldSpec | None:
    """What ``check`` lets through, when it says (every check made here does)."""
    return _ACCEPTS.get(check)


def checked(default: Any, check: Check) -> Any:
    """A dataclass field with a default and the check its values must pass."""
    return dataclasses.field(default=default, metadata={"check": check})


def described(default: Any, check: Check, words: str, section: str | None = None, *,
              step: float | None = None, shown: Shown = Shown.PLAIN,
              choice_words: str | None = None) -> Any:
    """A checked field that a form shows: what it accepts (from ``check``) with its
    section (None: kept by the game, not shown), a slider's ``step`` and reading, and
    where its words are (``<words>.<name>.label``; the choices' under ``choice_words``
    when another screen has them)."""
    said = accepts(check)
    if said is None:  # pragma: no cover - every check made here says what it accepts
        raise TypeError("a described field needs a check that says what it accepts")
    spec = dataclasses.replace(said, section=section, words=words, step=step, shown=shown,
                               choice_words=choice_words)
    return spec_field(default, spec, check=check)


def _checks(record_type: type) -> dict[str, Check]:
    return {f.name: f.metadata["check"] for f in dataclasses.fields(record_type)
            if "check" in f.metadata}


def validate(record: Any) -> None:
    """Normalise a frozen record's checked fields in place; raise Invalid naming a bad one
    (``field-invalid``: the record's type, the field, and what the check expected).

    Call from ``__post_init__``.
    """
    for name, check in _checks(type(record)).items():
        try:
            object.__setattr__(record, name, check(getattr(record, name)))
        except Invalid as error:
            raise Invalid("field-invalid", record=type(record).__name__, field=name,
                          reason=error.fact) from None


def load_fields(record_type: type, data: Mapping[str, Any],
                label: str) -> tuple[dict[str, Any], dict[str, Any], list[Fact]]:
    """Split ``data`` into good known values, unknown fields, and one warning per bad field.

    Missing fields are simply absent (an older file): the caller's defaults fill them.
    """
    checks = _checks(record_type)
    values: dict[str, Any] = {}
    extra: dict[str, Any] = {}
    warnings: list[Fact] = []
    defaults = {f.name: f.default for f in dataclasses.fields(record_type)}
    for name, raw in data.items():
        if name not in checks:
            if _encodable(name, raw):
                extra[name] = raw
            else:
                warnings.append(notice("field-dropped", file=label, field=name))
            continue
        try:
            values[name] = checks[name](raw)
        except Invalid as error:
            warnings.append(notice("field-default", file=label, field=name, value=quoted(raw),
                                   reason=error.fact, default=quoted(defaults[name])))
    return values, extra, warnings


def _encodable(name: str, value: Any) -> bool:
    """Whether a field kept for a newer version can be written back (no lone surrogates)."""
    try:
        json.dumps({name: value}, ensure_ascii=False, allow_nan=False).encode("utf-8")
    except (ValueError, TypeError):
        return False
    return True


# -- checks --------------------------------------------------------------------------


def one_of(*options: str) -> Check:
    def check(value: Any) -> str:
        if not isinstance(value, str) or value not in options:
            raise Invalid("expected-one-of", options=", ".join(options))
        return value
    return _accepting(check, FieldSpec(Kind.CHOICE, choices=options))


LANGUAGE_CODE = re.compile(r"[a-z]{2,3}")


def _language(value: Any) -> str:
    if not isinstance(value, str) or not LANGUAGE_CODE.fullmatch(value):
        raise Invalid("expected-language")
    return value


language_code = _accepting(_language, FieldSpec(Kind.LANGUAGE))
"""A language's code (``en``, ``fr``). Which languages there are is the catalogs' to say
(the words layer finds them); a code without one is spoken as English."""


def _boolean(value: Any) -> bool:
    if not isinstance(value, bool):
        raise Invalid("expected-bool")
    return value


boolean = _accepting(_boolean, FieldSpec(Kind.BOOL))


def integer(low: int | None = None, high: int | None = None) -> Check:
    def check(value: Any) -> int:
        if isinstance(value, bool) or not isinstance(value, int):
            raise Invalid("expected-whole")
        if (low is not None and value < low) or (high is not None and value > high):
            raise Invalid("expected-whole", **_range(low, high))
        return value
    return _accepting(check, FieldSpec(Kind.INT, low, high))


def optional(inner: Check) -> Check:
    def check(value: Any) -> Any:
        return None if value is None else inner(value)
    return check


def number(low: float, high: float) -> Check:
    def check(value: Any) -> float:
        if isinstance(value, bool) or not isinstance(value, int | float):
            raise Invalid("expected-number")
        if not low <= value <= high:  # also refuses NaN and infinities
            raise Invalid("expected-number", **_range(low, high))
        return float(value)
    return _accepting(check, FieldSpec(Kind.NUMBER, low, high))


def text(max_chars: int) -> Check:
    """Text that can be shown (:mod:`kalooki.engine.showable`): 1 to ``max_chars``
    characters once surrounding spaces are trimmed, none of them a control, invisible or
    unencodable one."""
    def check(value: Any) -> str:
        problem = text_problem(value, max_chars)
        if problem == "unshowable":
            raise Invalid("expected-showable")
        if problem is not None:
            raise Invalid("expected-text", most=max_chars)
        return str(value).strip()
    return _accepting(check, FieldSpec(Kind.TEXT, 1, max_chars))


def sequence_of(item: Check, min_len: int, max_len: int) -> Check:
    """A list (or tuple) of checked items, kept as a tuple so the record stays immutable."""
    def check(value: Any) -> tuple[Any, ...]:
        if not isinstance(value, list | tuple) or not min_len <= len(value) <= max_len:
            raise Invalid("expected-list", low=min_len, high=max_len)
        return tuple(item(v) for v in value)
    return _accepting(check, FieldSpec(Kind.LIST, min_len, max_len, items=_told(item)))


def pair_of(first: Check, second: Check) -> Check:
    def check(value: Any) -> tuple[Any, Any]:
        if not isinstance(value, list | tuple) or len(value) != 2:
            raise Invalid("expected-pair")
        return first(value[0]), second(value[1])
    return _accepting(check, FieldSpec(Kind.PAIR, items=(*_told(first), *_told(second))))


def _told(check: Check) -> tuple[FieldSpec, ...]:
    said = accepts(check)
    return () if said is None else (said,)


def _range(low: float | None, high: float | None) -> dict[str, object]:
    """The bounds a number missed, as the parameters of its fact (``case`` chooses the
    sentence: ``range``, ``at_least`` or ``at_most``)."""
    if high is None:
        return {"case": "at_least", "low": low}
    if low is None:
        return {"case": "at_most", "high": high}
    return {"case": "range", "low": low, "high": high}

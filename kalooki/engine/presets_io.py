"""Custom presets as small JSON documents (text in, rule set out; no files here).

Format (version 1)::

    {"format": 1, "name": "our table", "based_on": "kalooki51", "joker_points": 30}

``based_on`` names a built-in preset (default ``caribbean``); every other key is a
:class:`RuleSet` field overriding it. :func:`dumps_rules` writes only the fields that differ
from the base, so a saved house rule set stays short and readable, and later changes to a
preset's defaults reach custom presets that did not override them. Anything unknown or
mistyped is refused with a :class:`RuleError` naming the field.
"""

from __future__ import annotations

import json
from typing import Any

from kalooki.engine.errors import RuleError
from kalooki.engine.rules import PRESETS, RuleSet, preset

FORMAT = 1


def rules_to_data(rules: RuleSet, based_on: str | None = None) -> dict[str, Any]:
    """The smallest document that rebuilds ``rules``: its name, its base preset and the
    fields that differ from it."""
    base_name = based_on or (rules.name if rules.name in PRESETS else _closest(rules))
    base = preset(base_name).to_dict()
    data: dict[str, Any] = {"format": FORMAT, "name": rules.name, "based_on": base_name}
    for key, value in rules.to_dict().items():
        if key != "name" and value != base[key]:
            data[key] = value
    return data


def _closest(rules: RuleSet) -> str:
    """The built-in preset sharing the most fields with ``rules``."""
    mine = rules.to_dict()

    def shared(name: str) -> int:
        other = PRESETS[name].to_dict()
        return sum(mine[k] == other[k] for k in mine)

    return max(PRESETS, key=shared)


def rules_from_data(data: Any) -> RuleSet:
    """Build and validate a rule set from a custom-preset document."""
    if not isinstance(data, dict):
        raise RuleError("bad-rules", case="preset_not_object")
    fields = dict(data)
    version = fields.pop("format", FORMAT)
    if version != FORMAT:
        raise RuleError("bad-rules", case="preset_format", value=repr(version),
                        number=FORMAT)
    base_name = fields.pop("based_on", "caribbean")
    if not isinstance(base_name, str):
        raise RuleError("bad-rules", case="preset_based_on")
    rules = RuleSet.from_dict(fields, base=preset(base_name))
    if "name" not in fields:
        raise RuleError("bad-rules", case="preset_no_name")
    rules.validate()
    return rules


def dumps_rules(rules: RuleSet, based_on: str | None = None) -> str:
    return json.dumps(rules_to_data(rules, based_on), indent=2, ensure_ascii=False) + "\n"


def loads_rules(text: str) -> RuleSet:
    """Read a custom preset from JSON text; damage is a RuleError with one sentence."""
    try:
        data = json.loads(text)
    except json.JSONDecodeError as error:
        raise RuleError("bad-rules", case="preset_json", line=error.lineno,
                        column=error.colno) from None
    return rules_from_data(data)

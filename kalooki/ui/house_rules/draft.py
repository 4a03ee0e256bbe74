"""The rule set being edited in the house-rules editor: its base preset, the custom preset
it came from (if any), the fields changed in order, and what is wrong with it, each
problem placed at the field that caused it.

No pygame here: the editor's widgets write into a draft, and the draft answers.
"""

from __future__ import annotations

import dataclasses
from dataclasses import dataclass, field
from typing import Any

from kalooki.engine.rules import FIELDS, PRESETS, SPECS, RuleSet
from kalooki.engine.rules.fields import Section
from kalooki.words.refusals import refusal_text


@dataclass(frozen=True)
class Problem:
    """One reason the draft cannot be played, and the field the player should look at
    (None when no single field is to blame)."""

    sentence: str
    field: str | None

    @property
    def section(self) -> Section | None:
        section = None if self.field is None else SPECS[self.field].section
        return None if section is None else Section(section)


@dataclass
class Draft:
    """``base`` names the built-in preset the rules are measured against; ``origin`` the
    custom preset being edited (None for new rules)."""

    rules: RuleSet
    base: str
    origin: str | None = None
    edited: list[str] = field(default_factory=list)
    """Field names in the order the player last changed them (most recent last)."""
    saved: RuleSet | None = None
    """The rules as last saved or loaded, to tell unsaved changes."""

    def __post_init__(self) -> None:
        if self.saved is None:
            self.saved = self.rules

    @property
    def base_rules(self) -> RuleSet:
        return PRESETS[self.base]

    @property
    def unsaved(self) -> bool:
        return self.rules != self.saved

    def set(self, **changes: Any) -> None:
        """Take the player's changes (any value: judging them is :meth:`problems`' job)."""
        self.rules = dataclasses.replace(self.rules, **changes)
        for name in changes:
            if name in self.edited:
                self.edited.remove(name)
            self.edited.append(name)

    def saved_as(self, rules: RuleSet, name: str) -> None:
        """The draft was saved as the custom preset ``name``, holding ``rules``."""
        self.rules = self.saved = rules
        self.origin = name

    def origin_renamed(self, name: str) -> None:
        """The custom preset being edited is now called ``name`` (and so are its rules;
        a draft without unsaved changes stays saved)."""
        unsaved = self.unsaved
        self.origin = name
        self.rules = dataclasses.replace(self.rules, name=name)
        self.saved = self.rules if not unsaved else self.saved

    def origin_deleted(self) -> None:
        """The custom preset being edited is gone: saving makes it anew."""
        self.origin = None

    def changed_fields(self) -> list[str]:
        """Fields that differ from the base preset, most recently edited first."""
        base = self.base_rules
        differing = [spec.name for spec in FIELDS if spec.name != "name"
                     and getattr(self.rules, spec.name) != getattr(base, spec.name)]
        recent = [name for name in reversed(self.edited) if name in differing]
        return recent + [name for name in differing if name not in recent]

    def problems(self, players: int | None = None) -> list[Problem]:
        """Every reason these rules cannot be played, each blamed on the field whose
        return to the base preset's value makes it go away (the most recently edited
        such field), else on the field edited last."""
        errors = self.rules.problems(players)
        if not errors:
            return []
        suspects = self.changed_fields()
        if self.rules.name != self.base_rules.name:
            suspects.append("name")
        undone = {name: {e.facts for e in self._without(name).problems(players)}
                  for name in suspects}
        found: list[Problem] = []
        for error in errors:
            blamed = next((name for name in suspects if error.facts not in undone[name]),
                          None)
            if blamed is None and self.edited:
                blamed = self.edited[-1]
            found.append(Problem(refusal_text(error), blamed))
        return found

    def _without(self, name: str) -> RuleSet:
        return dataclasses.replace(self.rules, **{name: getattr(self.base_rules, name)})

"""How the settings screen shows each :class:`~kalooki.store.settings.Settings` field:
its section, the step of its slider, how its value reads. What a field accepts (its
range, its choices, its length) is not repeated here: it is read from the field's own
check (:func:`kalooki.store.fields.accepts`), so the screen and the file agree.

A new setting needs one line here; the meta-test fails until it has one. Fields the game
keeps for itself (the window's size, the last preset chosen) are listed with no section.
"""

from __future__ import annotations

import dataclasses
from dataclasses import dataclass
from enum import StrEnum

from kalooki.store.fields import Accepts, accepts, field_check
from kalooki.store.settings import Settings


class SettingSection(StrEnum):
    """The settings screen's pages, in this order."""

    TABLE = "table"
    SOUND = "sound"
    DISPLAY = "display"
    PLAYERS = "players"


class Shown(StrEnum):
    """How a number reads beside its slider."""

    PLAIN = "plain"
    SECONDS = "seconds"
    PERCENT = "percent"
    TIMES = "times"
    """A scale: ×1.2."""


@dataclass(frozen=True)
class SettingSpec:
    """One field of the settings screen. ``section`` None: not the player's to set."""

    name: str
    section: SettingSection | None
    step: float = 1
    shown: Shown = Shown.PLAIN
    choice_words: str | None = None
    """The catalog prefix of the choices' words when another screen has them already
    (``language`` for the languages' own names); else ``settings.field.<name>.choice``."""

    @property
    def accepts(self) -> Accepts:
        said = accepts(field_check(Settings, self.name))
        if said is None:  # pragma: no cover - every check in store.fields describes itself
            raise TypeError(f"Settings.{self.name}'s check does not say what it accepts")
        return said

    @property
    def label_key(self) -> str:
        return f"settings.field.{self.name}.label"

    @property
    def help_key(self) -> str:
        return f"settings.field.{self.name}.help"

    def choice_key(self, choice: str) -> str:
        prefix = self.choice_words or f"settings.field.{self.name}.choice"
        return f"{prefix}.{choice}"

    @property
    def row_key(self) -> str:
        """A list field's row label ("Opponent %{number}")."""
        return f"settings.field.{self.name}.row"


_T, _S, _D, _P = (SettingSection.TABLE, SettingSection.SOUND, SettingSection.DISPLAY,
                  SettingSection.PLAYERS)

SETTING_SPECS: tuple[SettingSpec, ...] = (
    SettingSpec("animation_speed", _T),
    SettingSpec("card_scale", _T, 0.05, Shown.TIMES),
    SettingSpec("four_colour_deck", _T),
    SettingSpec("confirm_before_discard", _T),
    SettingSpec("call_window_seconds", _T, 1, Shown.SECONDS),
    SettingSpec("calls_only_when_helpful", _T),
    SettingSpec("ai_pause_seconds", _T, 0.1, Shown.SECONDS),
    SettingSpec("ai_think_budget", _T, 0.05, Shown.SECONDS),
    SettingSpec("sound", _S),
    SettingSpec("volume", _S, 0.05, Shown.PERCENT),
    SettingSpec("fullscreen", _D),
    SettingSpec("language", _D),
    SettingSpec("first_seat", _P, choice_words="setup.level"),
    SettingSpec("player_name", _P),
    SettingSpec("last_players", _P),
    SettingSpec("opponent_levels", _P, choice_words="setup.level"),
    SettingSpec("opponent_names", _P),
    SettingSpec("window_size", None),
    SettingSpec("last_preset", None),
    SettingSpec("lessons_skipped", None),
    SettingSpec("format_version", None),
)
"""Every stored setting, in the order the screen shows them."""

SPECS: dict[str, SettingSpec] = {spec.name: spec for spec in SETTING_SPECS}


def settings_in(section: SettingSection) -> tuple[SettingSpec, ...]:
    return tuple(spec for spec in SETTING_SPECS if spec.section is section)


def stored_fields() -> list[str]:
    """The fields of :class:`Settings` the file holds (``extra`` keeps unknown ones)."""
    return [f.name for f in dataclasses.fields(Settings) if f.name != "extra"]

"""The player's settings: one typed, always-valid value, saved as JSON beside nothing else.

Loading is forgiving field by field, so one bad value costs that value only; fields this
version does not know are kept and written back, so a newer version's settings survive a
round trip through an older one.
"""

from __future__ import annotations

import dataclasses
from collections.abc import Callable
from dataclasses import dataclass
from enum import StrEnum
from pathlib import Path
from typing import Any

from kalooki.engine.facts.fields import FieldSpec, Shown, specs_in, specs_of
from kalooki.engine.facts.said import Fact
from kalooki.engine.facts.seats import DEFAULT_BUDGET, DEFAULT_NAME, HUMAN, SEAT_KINDS
from kalooki.engine.rules.fields import MAX_PLAYERS
from kalooki.store.atomic import (
    DAMAGE,
    MAX_FILE_BYTES,
    backup_path,
    parse_json_object,
    read_json,
    save_json,
)
from kalooki.store.bounded import read_bounded
from kalooki.store.fields import (
    Check,
    boolean,
    described,
    integer,
    language_code,
    load_fields,
    number,
    one_of,
    pair_of,
    sequence_of,
    text,
    validate,
)
from kalooki.store.paths import StorePaths

FORMAT_VERSION = 1
SETTINGS_FILE = "settings.json"
MAX_OPPONENTS = MAX_PLAYERS - 1


class SettingSection(StrEnum):
    """The settings screen's pages, in this order."""

    TABLE = "table"
    SOUND = "sound"
    DISPLAY = "display"
    PLAYERS = "players"


_T, _S, _D, _P = (SettingSection.TABLE, SettingSection.SOUND, SettingSection.DISPLAY,
                  SettingSection.PLAYERS)
_WORDS = "settings.field"


def _setting(default: Any, check: Check, section: SettingSection | None = None,
             **form: Any) -> Any:
    """A setting: its default, its check, and how the settings screen shows it (no
    section: the game keeps it for itself); its words are ``settings.field.<name>.*``."""
    return described(default, check, _WORDS, section, **form)


DEFAULT_OPPONENT_NAMES = ("Marcia", "Desmond", "Keisha", "Winston", "Paulette", "Precious",
                          "Lloyd")
"""The other seats' names until the player gives theirs (people's names, in no language)."""


@dataclass(frozen=True)
class Settings:
    """Every setting with its default; construction (and ``dataclasses.replace``) checks
    values. Each is declared here once, in the order the settings screen shows them."""

    # Table
    animation_speed: str = _setting("normal", one_of("normal", "fast", "instant"), _T)
    card_scale: float = _setting(1.0, number(0.6, 1.6), _T, step=0.05, shown=Shown.TIMES)
    four_colour_deck: bool = _setting(False, boolean, _T)
    english_card_letters: bool = _setting(False, boolean, _T)
    """The card faces' corners read K Q J in every language, rather than the language's
    letters (R D V in French)."""
    confirm_before_discard: bool = _setting(False, boolean, _T)
    call_window_seconds: int = _setting(5, integer(1, 30), _T, step=1, shown=Shown.SECONDS)
    """How long other players may call for a discard before play moves on."""
    calls_only_when_helpful: bool = _setting(True, boolean, _T)
    """Ask the person to call only for a card that brings their hand closer to going
    down; for any other card they pass unasked."""
    input_settle_seconds: float = _setting(0.3, number(0.0, 1.0), _T, step=0.05,
                                           shown=Shown.SECONDS)
    """How long a prompt that comes up by itself (a call, the pass screen, the deal's
    summary) ignores keys and clicks: they were meant for what was there before."""
    ai_pause_seconds: float = _setting(0.6, number(0.0, 3.0), _T, step=0.1,
                                       shown=Shown.SECONDS)
    """The pause after each computer move, so a person can follow the play."""
    ai_think_budget: float = _setting(DEFAULT_BUDGET, number(0.05, 5.0), _T, step=0.05,
                                      shown=Shown.SECONDS)
    """Seconds a computer player may spend choosing a move."""
    # Sound
    sound: bool = _setting(True, boolean, _S)
    volume: float = _setting(0.8, number(0.0, 1.0), _S, step=0.05, shown=Shown.PERCENT)
    # Display
    fullscreen: bool = _setting(False, boolean, _D)
    language: str = _setting("en", language_code, _D)
    # Players
    first_seat: str = _setting(HUMAN, one_of(*SEAT_KINDS), _P, choice_words="setup.level")
    """Who plays the first seat: a person (named ``player_name``) or a computer's level."""
    player_name: str = _setting(DEFAULT_NAME, text(20), _P, shown=Shown.NAME)
    last_players: int = _setting(4, integer(2, MAX_PLAYERS), _P, step=1)
    opponent_levels: tuple[str, ...] = _setting(
        ("medium",) * MAX_OPPONENTS, sequence_of(one_of(*SEAT_KINDS), 0, MAX_OPPONENTS), _P,
        choice_words="setup.level")
    """Who plays each other seat: ``human`` for a person (friends at one computer), or
    a computer's level."""
    opponent_names: tuple[str, ...] = _setting(
        DEFAULT_OPPONENT_NAMES, sequence_of(text(20), 0, MAX_OPPONENTS), _P)
    # Kept by the game for itself
    window_size: tuple[int, int] = _setting(
        (1280, 720), pair_of(integer(1024, 7680), integer(640, 4320)))
    last_preset: str = _setting("caribbean", text(40))
    lessons_skipped: bool = _setting(False, boolean)
    """The guided game (Learn to play) now kept was skipped: resumed, it comes back
    without lessons. Kept here, saved at once, so the skip outlasts a kill; a new
    guided game clears it (all guided games share their deal, so there is one at a time)."""
    format_version: int = _setting(FORMAT_VERSION, integer(1))
    """The version of the file these came from: a newer file keeps its number when re-saved."""
    extra: dict[str, Any] = dataclasses.field(default_factory=dict, hash=False)
    """Fields from a newer version, kept untouched and written back."""

    def __post_init__(self) -> None:
        validate(self)

    def to_dict(self) -> dict[str, Any]:
        known = {f.name: getattr(self, f.name) for f in dataclasses.fields(self)
                 if f.name != "extra"}
        return {**self.extra, **known}

    @classmethod
    def from_dict(cls, data: dict[str, Any]) -> tuple[Settings, list[Fact]]:
        """Settings from a parsed file, a default for each bad field, one warning for each."""
        values, extra, warnings = load_fields(cls, data, SETTINGS_FILE)
        return cls(**values, extra=extra), warnings


SETTING_SPECS: tuple[FieldSpec, ...] = specs_of(Settings)
"""Every stored setting, in the order the screen shows them."""


def settings_in(section: SettingSection) -> tuple[FieldSpec, ...]:
    """The settings of one page of the settings screen."""
    return specs_in(Settings, section)


def settings_path(paths: StorePaths) -> Path:
    return paths.config_dir / SETTINGS_FILE


def load_settings(paths: StorePaths, first_start: Callable[[], Settings] = Settings,
                  ) -> tuple[Settings, list[Fact]]:
    """The saved settings (or defaults) and what went wrong reading them. Never raises.
    Without saved settings (a first start) they are ``first_start()``'s: the window's
    are in the system's language, the player called "You" in it (the words know both)."""
    loaded = read_json(settings_path(paths))
    if loaded.value is None:
        return first_start(), list(loaded.warnings)
    settings, warnings = Settings.from_dict(loaded.value)
    return settings, [*loaded.warnings, *warnings]


def saved_language(paths: StorePaths) -> str | None:
    """The language code the saved settings name (or their ``.bak``), looked at without
    touching the files: the command line reads it on every run, and only the window, which
    says what it did, sets a damaged file aside. None when no file names one."""
    for path in (settings_path(paths), backup_path(settings_path(paths))):
        try:
            value = parse_json_object(read_bounded(path, MAX_FILE_BYTES)).get("language")
        except (OSError, ValueError, *DAMAGE):  # missing, unreadable, damaged, a NUL
            continue
        return value if isinstance(value, str) else None
    return None


def save_settings(paths: StorePaths, settings: Settings) -> tuple[Fact, ...]:
    """Save atomically; returns warnings, empty when saved."""
    return save_json(settings_path(paths), settings.to_dict(), "settings")

"""Custom presets: one JSON file each in the data folder's ``presets/``, in the format of
:mod:`kalooki.engine.presets_io`, written atomically.

A table's house rules are shared as these files, so a file here may come from anywhere:
each is read with a size cap and checked whole before it is offered. A file that cannot
be used is listed with its reason and left where it is (the player may mend it or
delete it); nothing is ever loaded half-way.
"""

from __future__ import annotations

import dataclasses
import itertools
import json
from collections.abc import Collection
from dataclasses import dataclass
from pathlib import Path

from kalooki.engine.errors import RuleError
from kalooki.engine.facts.said import Fact, fact
from kalooki.engine.presets_io import dumps_rules, rules_from_data
from kalooki.engine.rules import PRESETS, RuleSet
from kalooki.engine.showable import text_problem
from kalooki.store.atomic import backup_path, write_atomic
from kalooki.store.bounded import read_bounded
from kalooki.store.filenames import numbered, safe_stem
from kalooki.store.notices import Refused, os_reason
from kalooki.store.paths import StorePaths

FOLDER = "presets"
SUFFIX = ".json"
MAX_BYTES = 64 * 1024
"""A preset is a few hundred bytes; anything past this is refused before it is read."""
MAX_DEPTH = 8
"""A preset nests three levels (contracts in a list); deeper is not a preset."""
NAME_CHARS = 40
"""As long as the statistics keep a table's name."""


Reserved = Collection[str]
"""Names no custom preset may take, without case, beyond the built-in presets' codes:
their titles in every language, which the words know (``words.house_rules
.built_in_names``), so whoever calls with a name to check passes them."""


class PresetError(Refused, ValueError):
    """A preset operation refused: its fact says why (``preset-exists``…), worded at
    the edges."""


@dataclass(frozen=True)
class CustomPreset:
    """A usable preset file: its rules (named as the player named them) and its base."""

    path: Path
    rules: RuleSet
    based_on: str

    @property
    def name(self) -> str:
        return self.rules.name


@dataclass(frozen=True)
class DamagedPreset:
    """A file in ``presets/`` that cannot be used, and why (one sentence)."""

    path: Path
    reason: Fact


@dataclass(frozen=True)
class PresetShelf:
    """Everything in ``presets/``: the usable ones by name order, then the damaged."""

    presets: tuple[CustomPreset, ...] = ()
    damaged: tuple[DamagedPreset, ...] = ()

    def find(self, name: str) -> CustomPreset | None:
        wanted = name.casefold()
        return next((p for p in self.presets if p.name.casefold() == wanted), None)

    def rules(self) -> dict[str, RuleSet]:
        """Every rule set a game can be started with: the built-in presets, then these."""
        return {**PRESETS, **{p.name: p.rules for p in self.presets}}


def presets_dir(paths: StorePaths) -> Path:
    return paths.data_dir / FOLDER


# -- reading ---------------------------------------------------------------------------


def _depth(value: object, limit: int) -> int:
    """How deeply ``value`` nests lists and objects, counting no further than ``limit``."""
    if limit <= 0 or not isinstance(value, dict | list):
        return 0
    items = value.values() if isinstance(value, dict) else value
    return 1 + max((_depth(item, limit - 1) for item in items), default=0)


def read_preset(path: Path, *, reserved: Reserved) -> tuple[RuleSet, str]:
    """The rule set in a preset file and the built-in preset it is based on, or
    PresetError saying why it cannot be used."""
    try:
        data = read_bounded(path, MAX_BYTES)
    except OSError as error:  # not a file, too large, or the disk refused
        raise PresetError("preset-unreadable", file=path.name, reason=os_reason(error)) \
            from None
    return parse_preset(data, path.name, reserved=reserved)


def parse_preset(data: bytes, where: str, *, reserved: Reserved) -> tuple[RuleSet, str]:
    """A preset from a file's bytes; ``where`` names it in the refusal."""
    try:
        document = json.loads(data.decode("utf-8-sig"))
    except UnicodeDecodeError:
        raise PresetError("preset-not-text", file=where) from None
    except json.JSONDecodeError as error:
        raise PresetError("preset-not-json", file=where, line=error.lineno,
                          column=error.colno) from None
    except RecursionError:
        raise PresetError("preset-too-deep", file=where) from None
    except ValueError:  # Python refuses to convert a number of thousands of digits
        raise PresetError("preset-number-too-long", file=where) from None
    if _depth(document, MAX_DEPTH + 1) > MAX_DEPTH:
        raise PresetError("preset-too-deep", file=where)
    try:
        rules = rules_from_data(document)
    except RuleError as error:
        raise PresetError("preset-refused", file=where, reason=error) from None
    problem = name_problem(rules.name, reserved=reserved)
    if problem:
        raise PresetError("preset-refused", file=where, reason=problem)
    return rules, document.get("based_on", "caribbean")


def _files(folder: Path) -> list[Path]:
    try:
        return sorted(p for p in folder.iterdir() if p.is_file() and p.suffix == SUFFIX
                      and not p.name.startswith("."))
    except OSError:
        return []


def load_shelf(paths: StorePaths, *, reserved: Reserved) -> PresetShelf:
    """Every custom preset on disk, checked; never raises."""
    usable: list[CustomPreset] = []
    damaged: list[DamagedPreset] = []
    seen: dict[str, Path] = {}
    for path in _files(presets_dir(paths)):
        try:
            rules, based_on = read_preset(path, reserved=reserved)
        except PresetError as error:
            damaged.append(DamagedPreset(path, error.fact))
            continue
        other = seen.get(rules.name.casefold())
        if other is not None:
            damaged.append(DamagedPreset(path, fact("preset-same-name", file=path.name,
                                                    other=other.name, name=rules.name)))
            continue
        seen[rules.name.casefold()] = path
        usable.append(CustomPreset(path, rules, based_on))
    usable.sort(key=lambda p: p.name.casefold())
    return PresetShelf(tuple(usable), tuple(damaged))


def find_rules(paths: StorePaths, name: str, *, reserved: Reserved) -> RuleSet:
    """A built-in preset or a custom one by name (built-ins first); PresetError names
    what there is otherwise."""
    if name in PRESETS:
        return PRESETS[name]
    shelf = load_shelf(paths, reserved=reserved)
    found = shelf.find(name)
    if found is not None:
        return found.rules
    broken = next((d for d in shelf.damaged if safe_stem(name) + SUFFIX == d.path.name), None)
    if broken is not None:
        raise PresetError(broken.reason)
    known = [*PRESETS, *(p.name for p in shelf.presets)]
    raise PresetError("preset-no-such", name=name, known=", ".join(known))


# -- names -----------------------------------------------------------------------------


def name_problem(name: str, *, reserved: Reserved) -> Fact | None:
    """Why ``name`` cannot name a custom preset, or None."""
    problem = text_problem(name, NAME_CHARS)
    if problem in ("blank", "not-text"):
        return fact("preset-needs-name")
    if problem == "too-long":
        return fact("preset-name-too-long", limit=NAME_CHARS)
    if problem is not None:
        return fact("preset-name-unshowable")
    plain = name.strip()
    if plain.casefold() in {*PRESETS, *(other.casefold() for other in reserved)}:
        return fact("preset-built-in-name", name=plain)
    return None


def _checked(name: str, reserved: Reserved) -> str:
    problem = name_problem(name, reserved=reserved)
    if problem:
        raise PresetError(problem)
    return " ".join(name.split())


def _free_path(folder: Path, name: str, mine: Path | None = None) -> Path:
    taken = {p.name.casefold() for p in _files(folder) if p != mine}
    stem = safe_stem(name)
    for number in itertools.count(1):
        candidate = folder / f"{numbered(stem, number)}{SUFFIX}"
        if candidate.name.casefold() not in taken:
            return candidate
    raise AssertionError("unreachable")  # pragma: no cover


# -- writing ---------------------------------------------------------------------------


def _write(path: Path, rules: RuleSet, based_on: str) -> None:
    try:
        write_atomic(path, dumps_rules(rules, based_on).encode("utf-8"))
    except OSError as error:
        raise PresetError("preset-disk-refused", reason=os_reason(error)) from None


def save_preset(paths: StorePaths, rules: RuleSet, based_on: str, name: str, *,
                reserved: Reserved, replace: bool = False) -> CustomPreset:
    """Save ``rules`` as the preset ``name``. An existing preset of that name is
    overwritten only with ``replace`` (Save after editing it), else refused."""
    name = _checked(name, reserved)
    if based_on not in PRESETS:
        raise PresetError("preset-no-such", name=based_on, known=", ".join(PRESETS))
    named = dataclasses.replace(rules, name=name)
    problems = named.problems()
    if problems:
        raise PresetError("preset-rules", reason=problems[0])
    existing = load_shelf(paths, reserved=reserved).find(name)
    if existing is not None and not replace:
        raise PresetError("preset-exists", name=existing.name)
    folder = presets_dir(paths)
    path = existing.path if existing is not None else _free_path(folder, name)
    _write(path, named, based_on)
    return CustomPreset(path, named, based_on)


def rename_preset(paths: StorePaths, preset: CustomPreset, name: str, *,
                  reserved: Reserved) -> CustomPreset:
    name = _checked(name, reserved)
    other = load_shelf(paths, reserved=reserved).find(name)
    if other is not None and other.path != preset.path:
        raise PresetError("preset-exists", name=other.name)
    renamed = dataclasses.replace(preset.rules, name=name)
    path = _free_path(presets_dir(paths), name, mine=preset.path)
    _write(path, renamed, preset.based_on)
    if path != preset.path:
        delete_preset(paths, preset)
    return CustomPreset(path, renamed, preset.based_on)


def free_name(paths: StorePaths, wanted: str, *, reserved: Reserved) -> str:
    """``wanted``, or ``wanted (2)``, ``(3)``… the first no preset uses (``wanted``, a
    name the player sees, comes from the words when the game makes it up)."""
    shelf = load_shelf(paths, reserved=reserved)
    base = " ".join(wanted.split())[:NAME_CHARS - 4]
    if not base:
        raise PresetError("preset-needs-name")
    for number in itertools.count(1):
        candidate = base if number == 1 else f"{base} ({number})"
        if shelf.find(candidate) is None and name_problem(candidate, reserved=reserved) is None:
            return candidate
    raise AssertionError("unreachable")  # pragma: no cover


def duplicate_preset(paths: StorePaths, preset: CustomPreset, *,
                     reserved: Reserved) -> CustomPreset:
    return save_preset(paths, preset.rules, preset.based_on,
                       free_name(paths, preset.name, reserved=reserved), reserved=reserved)


def delete_preset(paths: StorePaths, preset: CustomPreset | DamagedPreset) -> None:
    """Remove a preset file (and its previous copy); only files of ``presets/``."""
    folder = presets_dir(paths).resolve()
    if preset.path.resolve().parent != folder or preset.path.suffix != SUFFIX:
        raise PresetError("preset-not-ours", file=str(preset.path))
    try:
        for file in (preset.path, backup_path(preset.path)):
            file.unlink(missing_ok=True)
    except OSError as error:
        raise PresetError("preset-disk-refused", reason=os_reason(error)) from None


def import_preset(paths: StorePaths, source: Path, *, reserved: Reserved) -> CustomPreset:
    """Copy a shared preset file into ``presets/``, checked first; a name already used
    here gets a number, so an import never overwrites anything."""
    rules, based_on = read_preset(source, reserved=reserved)
    return save_preset(paths, rules, based_on, free_name(paths, rules.name, reserved=reserved),
                       reserved=reserved)


def export_preset(preset: CustomPreset, target: Path) -> Path:
    """Write ``preset`` to ``target`` (``.json`` added when missing) to share it."""
    if target.suffix.lower() != SUFFIX:
        target = target.with_name(target.name + SUFFIX)
    _write(target, preset.rules, preset.based_on)
    return target

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
from dataclasses import dataclass
from pathlib import Path

from kalooki.engine.errors import RuleError
from kalooki.engine.presets_io import dumps_rules, rules_from_data
from kalooki.engine.rules import PRESETS, RuleSet
from kalooki.engine.showable import escaped, text_problem
from kalooki.store.atomic import backup_path, write_atomic
from kalooki.store.bounded import FileRefused, read_bounded
from kalooki.store.filenames import numbered, safe_stem
from kalooki.store.paths import StorePaths
from kalooki.words import Said, phrase
from kalooki.words.house_rules import built_in_names
from kalooki.words.notices import notice_said
from kalooki.words.refusals import refusal

FOLDER = "presets"
SUFFIX = ".json"
MAX_BYTES = 64 * 1024
"""A preset is a few hundred bytes; anything past this is refused before it is read."""
MAX_DEPTH = 8
"""A preset nests three levels (contracts in a list); deeper is not a preset."""
NAME_CHARS = 40
"""As long as the statistics keep a table's name."""


class PresetError(ValueError):
    """A preset operation refused: ``said`` is its sentence, worded when shown."""

    def __init__(self, said: Said) -> None:
        super().__init__(str(said))
        self.said = said

    def __str__(self) -> str:
        return str(self.said)


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
    reason: Said


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


def _shown(path: Path) -> str:
    return escaped(path.name)


def presets_dir(paths: StorePaths) -> Path:
    return paths.data_dir / FOLDER


# -- reading ---------------------------------------------------------------------------


def _depth(value: object, limit: int) -> int:
    """How deeply ``value`` nests lists and objects, counting no further than ``limit``."""
    if limit <= 0 or not isinstance(value, dict | list):
        return 0
    items = value.values() if isinstance(value, dict) else value
    return 1 + max((_depth(item, limit - 1) for item in items), default=0)


def read_preset(path: Path) -> tuple[RuleSet, str]:
    """The rule set in a preset file and the built-in preset it is based on, or
    PresetError saying why it cannot be used."""
    try:
        data = read_bounded(path, MAX_BYTES)
    except FileRefused as error:
        raise PresetError(phrase("presets.unreadable", file=_shown(path),
                                 reason=notice_said(error.notice))) from None
    except OSError as error:
        raise PresetError(phrase("presets.unreadable", file=_shown(path),
                                 reason=error.strerror or str(error))) from None
    return parse_preset(data, path.name)


def parse_preset(data: bytes, where: str) -> tuple[RuleSet, str]:
    """A preset from a file's bytes; ``where`` names it in the refusal."""
    try:
        document = json.loads(data.decode("utf-8-sig"))
    except UnicodeDecodeError:
        raise PresetError(phrase("presets.not_text", file=where)) from None
    except json.JSONDecodeError as error:
        raise PresetError(phrase("presets.not_json", file=where, line=error.lineno,
                                 column=error.colno)) from None
    except RecursionError:
        raise PresetError(phrase("presets.too_deep", file=where)) from None
    except ValueError:  # Python refuses to convert a number of thousands of digits
        raise PresetError(phrase("presets.number_too_long", file=where)) from None
    if _depth(document, MAX_DEPTH + 1) > MAX_DEPTH:
        raise PresetError(phrase("presets.too_deep", file=where))
    try:
        rules = rules_from_data(document)
    except RuleError as error:
        raise PresetError(phrase("presets.refused", file=where, reason=refusal(error))) \
            from None
    problem = name_problem(rules.name)
    if problem:
        raise PresetError(phrase("presets.refused", file=where, reason=problem))
    return rules, document.get("based_on", "caribbean")


def _files(folder: Path) -> list[Path]:
    try:
        return sorted(p for p in folder.iterdir() if p.is_file() and p.suffix == SUFFIX
                      and not p.name.startswith("."))
    except OSError:
        return []


def load_shelf(paths: StorePaths) -> PresetShelf:
    """Every custom preset on disk, checked; never raises."""
    usable: list[CustomPreset] = []
    damaged: list[DamagedPreset] = []
    seen: dict[str, Path] = {}
    for path in _files(presets_dir(paths)):
        try:
            rules, based_on = read_preset(path)
        except PresetError as error:
            damaged.append(DamagedPreset(path, str(error)))
            continue
        other = seen.get(rules.name.casefold())
        if other is not None:
            damaged.append(DamagedPreset(path, phrase("presets.same_name", file=_shown(path),
                                                      other=_shown(other),
                                                      name=rules.name)))
            continue
        seen[rules.name.casefold()] = path
        usable.append(CustomPreset(path, rules, based_on))
    usable.sort(key=lambda p: p.name.casefold())
    return PresetShelf(tuple(usable), tuple(damaged))


def find_rules(paths: StorePaths, name: str) -> RuleSet:
    """A built-in preset or a custom one by name (built-ins first); PresetError names
    what there is otherwise."""
    if name in PRESETS:
        return PRESETS[name]
    shelf = load_shelf(paths)
    found = shelf.find(name)
    if found is not None:
        return found.rules
    broken = next((d for d in shelf.damaged if safe_stem(name) + SUFFIX == d.path.name), None)
    if broken is not None:
        raise PresetError(broken.reason)
    known = [*PRESETS, *(p.name for p in shelf.presets)]
    raise PresetError(phrase("presets.no_such", name=escaped(name), known=", ".join(known)))


# -- names -----------------------------------------------------------------------------


def name_problem(name: str) -> Said | None:
    """Why ``name`` cannot name a custom preset, or None."""
    problem = text_problem(name, NAME_CHARS)
    if problem in ("blank", "not-text"):
        return phrase("presets.needs_name")
    if problem == "too-long":
        return phrase("presets.name_too_long", limit=NAME_CHARS)
    if problem is not None:
        return phrase("presets.name_unshowable")
    plain = name.strip()
    if plain.casefold() in built_in_names():
        return phrase("presets.built_in_name", name=plain)
    return None


def _checked(name: str) -> str:
    problem = name_problem(name)
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
        raise PresetError(phrase("saves.disk_refused", reason=error.strerror or str(error))) \
            from None


def save_preset(paths: StorePaths, rules: RuleSet, based_on: str, name: str, *,
                replace: bool = False) -> CustomPreset:
    """Save ``rules`` as the preset ``name``. An existing preset of that name is
    overwritten only with ``replace`` (Save after editing it), else refused."""
    name = _checked(name)
    if based_on not in PRESETS:
        raise PresetError(phrase("presets.no_such", name=escaped(based_on),
                                 known=", ".join(PRESETS)))
    named = dataclasses.replace(rules, name=name)
    problems = named.problems()
    if problems:
        raise PresetError(refusal(problems[0]))
    existing = load_shelf(paths).find(name)
    if existing is not None and not replace:
        raise PresetError(phrase("presets.exists", name=existing.name))
    folder = presets_dir(paths)
    path = existing.path if existing is not None else _free_path(folder, name)
    _write(path, named, based_on)
    return CustomPreset(path, named, based_on)


def rename_preset(paths: StorePaths, preset: CustomPreset, name: str) -> CustomPreset:
    name = _checked(name)
    other = load_shelf(paths).find(name)
    if other is not None and other.path != preset.path:
        raise PresetError(phrase("presets.exists", name=other.name))
    renamed = dataclasses.replace(preset.rules, name=name)
    path = _free_path(presets_dir(paths), name, mine=preset.path)
    _write(path, renamed, preset.based_on)
    if path != preset.path:
        delete_preset(paths, preset)
    return CustomPreset(path, renamed, preset.based_on)


def free_name(paths: StorePaths, wanted: str) -> str:
    """``wanted``, or ``wanted (2)``, ``(3)``… the first no preset uses."""
    shelf = load_shelf(paths)
    base = " ".join(wanted.split())[:NAME_CHARS - 4] or "House rules"
    for number in itertools.count(1):
        candidate = base if number == 1 else f"{base} ({number})"
        if shelf.find(candidate) is None and name_problem(candidate) is None:
            return candidate
    raise AssertionError("unreachable")  # pragma: no cover


def duplicate_preset(paths: StorePaths, preset: CustomPreset) -> CustomPreset:
    return save_preset(paths, preset.rules, preset.based_on, free_name(paths, preset.name))


def delete_preset(paths: StorePaths, preset: CustomPreset | DamagedPreset) -> None:
    """Remove a preset file (and its previous copy); only files of ``presets/``."""
    folder = presets_dir(paths).resolve()
    if preset.path.resolve().parent != folder or preset.path.suffix != SUFFIX:
        raise PresetError(phrase("presets.not_ours", file=escaped(str(preset.path))))
    try:
        for file in (preset.path, backup_path(preset.path)):
            file.unlink(missing_ok=True)
    except OSError as error:
        raise PresetError(phrase("saves.disk_refused", reason=error.strerror or str(error))) \
            from None


def import_preset(paths: StorePaths, source: Path) -> CustomPreset:
    """Copy a shared preset file into ``presets/``, checked first; a name already used
    here gets a number, so an import never overwrites anything."""
    rules, based_on = read_preset(source)
    return save_preset(paths, rules, based_on, free_name(paths, rules.name))


def export_preset(preset: CustomPreset, target: Path) -> Path:
    """Write ``preset`` to ``target`` (``.json`` added when missing) to share it."""
    if target.suffix.lower() != SUFFIX:
        target = target.with_name(target.name + SUFFIX)
    _write(target, preset.rules, preset.based_on)
    return target

"""Rooms of one concept: no file of the product is over 600 lines, no folder over 20
modules besides its ``__init__`` (``kalooki/ui/`` itself 12: the rest live in its
sub-packages), no three rooms of a folder named alike (``rule_fields``, ``rule_choices``
beside ``rules``: a folder waiting to exist), and the engine's events are told apart by
their class, never by a word. A room that grows past its limit holds more than one idea;
split it where the ideas part (see docs/developing.md)."""

import ast
import dataclasses
import pathlib

import pygame
import pytest

from kalooki.engine import events as ev
from kalooki.engine.facts.fields import Kind

PACKAGE = pathlib.Path(__file__).resolve().parents[1] / "kalooki"
MOST_LINES = 600
MOST_MODULES = 20
MOST_UI_MODULES = 12
FILES = sorted(PACKAGE.rglob("*.py"))
FOLDERS = sorted({path.parent for path in FILES})


def _tree(path: pathlib.Path) -> ast.Module:
    return ast.parse(path.read_text(encoding="utf-8"))


def test_the_rooms_are_found() -> None:
    assert len(FILES) > 50 and PACKAGE / "ui" / "table" / "scene.py" in FILES
    assert PACKAGE / "ui" / "table" in FOLDERS and PACKAGE / "engine" / "solver" in FOLDERS


@pytest.mark.parametrize("path", FILES, ids=lambda p: str(p.relative_to(PACKAGE)))
def test_no_product_file_is_over_600_lines(path: pathlib.Path) -> None:
    lines = len(path.read_text(encoding="utf-8").splitlines())
    assert lines <= MOST_LINES, f"{path.name} has {lines} lines: split it by concept"


@pytest.mark.parametrize("folder", FOLDERS, ids=lambda p: str(p.relative_to(PACKAGE.parent)))
def test_no_folder_holds_more_than_20_modules(folder: pathlib.Path) -> None:
    modules = sorted(p.name for p in folder.glob("*.py") if p.name != "__init__.py")
    most = MOST_UI_MODULES if folder == PACKAGE / "ui" else MOST_MODULES
    assert len(modules) <= most, (
        f"{folder.relative_to(PACKAGE.parent)} holds {len(modules)} modules (at most {most}): "
        "give the concepts in it sub-packages of their own")



# --- a prefix shared by several names is a folder waiting to exist -----------------------

BENCH = PACKAGE.parent / "bench"
MOST_OF_A_FAMILY = 2


def _rooms_of(folder: pathlib.Path) -> list[str]:
    """The modules and sub-packages of ``folder``, by name."""
    return sorted(p.stem for p in folder.iterdir() if not p.name.startswith("_") and (
        p.suffix == ".py" or (p / "__init__.py").is_file()))


def _families(names: list[str]) -> dict[str, list[str]]:
    """The names that share a first word (``rule_fields``, ``rule_choices`` and ``rules``),
    where more than two do."""
    families = {}
    for word in {name.split("_")[0] for name in names if "_" in name}:
        family = [n for n in names if n in (word, word + "s") or n.startswith(word + "_")]
        if len(family) > MOST_OF_A_FAMILY:
            families[word] = family
    return families


def test_the_family_check_sees_what_it_judges() -> None:
    assert _families(["rules", "rule_fields", "rule_choices", "state"]) == {
        "rule": ["rules", "rule_fields", "rule_choices"]}
    assert _families(["journal", "journal_import", "saves"]) == {}
    assert "hard" in _rooms_of(BENCH) and "solver" in _rooms_of(PACKAGE / "engine")


@pytest.mark.parametrize("folder", sorted({p.parent for p in [*FILES, *BENCH.rglob("*.py")]}),
                         ids=lambda p: str(p.relative_to(PACKAGE.parent)))
def test_no_three_rooms_of_a_folder_share_a_first_word(folder: pathlib.Path) -> None:
    families = _families(_rooms_of(folder))
    assert not families, f"{folder.relative_to(PACKAGE.parent)}: {families}: give each a folder"

# --- events: one class per kind, no words ------------------------------------------------

EVENT_WORDS = frozenset({
    "deal-start", "upcard", "call-window", "call-won", "end-turn", "reshuffle", "deal-end",
    "deal-void", "buy-in-offer", "match-end"} | {kind.__name__ for kind in ev.KINDS})
"""The words that once named kinds of events (the ones nothing else at the table is called:
"discard" or "draw" also name places and actions) and the names of the event classes."""
EVENT_NAMES = frozenset({"event", "e", "opened", "ended"})
"""What an event is called where it is handled."""


def test_each_kind_of_event_is_a_frozen_class_with_no_kind_word() -> None:
    kinds = {cls for cls in vars(ev).values() if isinstance(cls, type)
             and issubclass(cls, ev.Event) and not cls.__name__.startswith("_")} - {ev.Event}
    assert kinds == set(ev.KINDS) and len(ev.KINDS) == len(set(ev.KINDS))
    for kind in ev.KINDS:
        assert dataclasses.is_dataclass(kind) and kind.__dataclass_params__.frozen, kind
        assert not hasattr(kind, "kind") and not hasattr(kind, "info"), kind


def _words(node: ast.AST) -> set[str]:
    return {n.value for n in ast.walk(node) if isinstance(n, ast.Constant)
            and isinstance(n.value, str)}


def _event_word_uses(path: pathlib.Path) -> list[str]:
    """Where ``path`` tells events apart by a word: an event's ``.kind`` read, a
    comparison or a ``case`` with an event word, a table keyed by event words."""
    found = []
    for node in ast.walk(_tree(path)):
        if isinstance(node, ast.Attribute) and node.attr in ("kind", "info") \
                and isinstance(node.value, ast.Name) and node.value.id in EVENT_NAMES:
            found.append(f"{node.lineno}: {node.value.id}.{node.attr}")
        elif isinstance(node, ast.Compare | ast.match_case):
            words = _words(node.pattern if isinstance(node, ast.match_case) else node)
            found += [f"{node.pattern.lineno if isinstance(node, ast.match_case) else node.lineno}"
                      f": compares {word!r}" for word in sorted(words & EVENT_WORDS)]
        elif isinstance(node, ast.Dict):
            keys = set().union(*(_words(key) for key in node.keys if key is not None))
            found += [f"{node.lineno}: a table keyed by {word!r}"
                      for word in sorted(keys & EVENT_WORDS)]
    return found


HANDLERS = sorted(path for path in FILES if path.parent.name != "screens"
                  and path != PACKAGE / "engine" / "events.py")


def test_the_word_check_sees_what_it_judges(tmp_path: pathlib.Path) -> None:
    sample = tmp_path / "sample.py"
    sample.write_text('if event.kind == "deal-end":\n    pass\n'
                      'CUES = {"call-won": 1}\nfound = e.info["result"]\n', encoding="utf-8")
    assert len(_event_word_uses(sample)) == 4


@pytest.mark.parametrize("path", HANDLERS, ids=lambda p: str(p.relative_to(PACKAGE)))
def test_no_module_tells_events_apart_by_a_word(path: pathlib.Path) -> None:
    assert not _event_word_uses(path), "match on the event's class (kalooki.engine.events)"


# --- fields: one description, one form builder -------------------------------------------

FORM_BUILDER = PACKAGE / "ui" / "widgets" / "field_rows.py"
KIND_WORDS = frozenset(kind.value for kind in Kind) | {"options", "accepts"}


def _kind_branches(path: pathlib.Path) -> list[str]:
    """Where ``path`` chooses what to do by a field's kind: an ``if`` comparing a
    ``.kind`` with a :class:`Kind` member or a kind's word."""
    found = []
    for node in ast.walk(_tree(path)):
        if not isinstance(node, ast.If | ast.IfExp) or not isinstance(node.test, ast.Compare):
            continue
        test = node.test
        sides = [test.left, *test.comparators]
        kinds = [s for s in sides if isinstance(s, ast.Attribute) and s.attr == "kind"]
        said = {n.attr for s in sides for n in ast.walk(s) if isinstance(n, ast.Attribute)
                and isinstance(n.value, ast.Name) and n.value.id == "Kind"}
        if kinds and (said or _words(test) & KIND_WORDS):
            found.append(f"{node.lineno}: {ast.unparse(test)}")
    return found


UI_FILES = sorted(path for path in FILES if "ui" in path.relative_to(PACKAGE).parts)


def test_the_kind_check_sees_what_it_judges(tmp_path: pathlib.Path) -> None:
    sample = tmp_path / "sample.py"
    sample.write_text('if spec.kind is Kind.BOOL:\n    pass\n'
                      'if accepts.kind == "int":\n    pass\n', encoding="utf-8")
    assert len(_kind_branches(sample)) == 2
    assert _kind_branches(FORM_BUILDER)


@pytest.mark.parametrize("path", [p for p in UI_FILES if p != FORM_BUILDER],
                         ids=lambda p: str(p.relative_to(PACKAGE)))
def test_one_form_builder_chooses_the_widget_of_a_field(path: pathlib.Path) -> None:
    """The settings screen and the house-rules editor are both built by
    ui/widgets/field_rows.py from the fields' own descriptions: no other screen picks a
    widget by a field's kind."""
    assert not _kind_branches(path), "build the rows with kalooki.ui.widgets.field_rows"


# --- objects of one responsibility --------------------------------------------------------

MOST_METHODS = 30
MOST_CLASS_LINES = 400
BEING_SPLIT: set[str] = set()
"""Classes over the limits while an issue takes them apart (none now)."""


def _classes() -> list[tuple[str, ast.ClassDef]]:
    return [(f"{path.relative_to(PACKAGE).as_posix()}:{node.name}", node)
            for path in FILES for node in ast.walk(_tree(path))
            if isinstance(node, ast.ClassDef)]


CLASSES = _classes()


def test_the_class_check_sees_what_it_judges() -> None:
    names = {name for name, _ in CLASSES}
    assert "engine/rules/__init__.py:RuleSet" in names and "ui/app.py:App" in names


@pytest.mark.parametrize(("name", "node"), CLASSES, ids=[name for name, _ in CLASSES])
def test_no_class_holds_more_than_30_methods_or_400_lines(name: str, node: ast.ClassDef
                                                          ) -> None:
    if name in BEING_SPLIT:
        pytest.skip("being split (issue 26.2)")
    methods = [n for n in node.body if isinstance(n, ast.FunctionDef | ast.AsyncFunctionDef)]
    lines = (node.end_lineno or node.lineno) - node.lineno + 1
    assert len(methods) <= MOST_METHODS and lines <= MOST_CLASS_LINES, (
        f"{name}: {len(methods)} methods, {lines} lines: give its concepts objects of their own")


# --- no module writes another's objects ---------------------------------------------------

OWNED = ("ui", "tools")
"""The packages judged: the engine's play modules are functions over its Position (they
are its rules), the others write no object of the product."""
PENDING_WRITES: set[str] = set()
"""Modules still writing another's objects while an issue gives them methods (none now)."""


def _declared() -> dict[str, set[str]]:
    """The attributes each module's classes declare (``self.x = ...`` or a class-body
    annotation), by module."""
    found: dict[str, set[str]] = {}
    for path in FILES:
        names = found.setdefault(path.relative_to(PACKAGE).as_posix(), set())
        for node in ast.walk(_tree(path)):
            if isinstance(node, ast.ClassDef):
                names |= {n.target.id for n in node.body if isinstance(n, ast.AnnAssign)
                          and isinstance(n.target, ast.Name)}
            elif isinstance(node, ast.Assign | ast.AnnAssign | ast.AugAssign):
                targets = node.targets if isinstance(node, ast.Assign) else [node.target]
                names |= {t.attr for t in targets if isinstance(t, ast.Attribute)
                          and isinstance(t.value, ast.Name) and t.value.id == "self"}
    return found


DECLARED = _declared()
VALUES = frozenset(dir(pygame.Rect)) | {"size", "minimum_size", "selected_option", "text"}
"""Attributes of other libraries' objects (a Rect's corners, a window's size, a
drop-down's choice, an XML element's text), which are theirs to be written."""


def _foreign_writes(path: pathlib.Path) -> list[str]:
    """Where ``path`` assigns an attribute that another module's class declares, on an
    object other than ``self``."""
    module = path.relative_to(PACKAGE).as_posix() if path.is_relative_to(PACKAGE) \
        else path.name
    others = set().union(*(names for name, names in DECLARED.items() if name != module))
    others -= DECLARED.get(module, set()) | VALUES
    found = []
    for node in ast.walk(_tree(path)):
        if not isinstance(node, ast.Assign | ast.AnnAssign | ast.AugAssign):
            continue
        targets = node.targets if isinstance(node, ast.Assign) else [node.target]
        while targets:
            target = targets.pop()
            if isinstance(target, ast.Tuple | ast.List):
                targets += target.elts
            elif isinstance(target, ast.Attribute) and target.attr in others and not (
                    isinstance(target.value, ast.Name) and target.value.id in ("self", "cls")):
                found.append(f"{node.lineno}: {ast.unparse(target)}")
    return found


WRITERS = sorted(p for p in FILES if p.relative_to(PACKAGE).parts[0] in OWNED)


def test_the_write_check_sees_what_it_judges(tmp_path: pathlib.Path) -> None:
    sample = tmp_path / "sample.py"
    sample.write_text("def apply(table, settings):\n    table.session = settings\n"
                      "    table.edits = None\n    rect.center = (0, 0)\n", encoding="utf-8")
    assert [w.split(": ")[1] for w in _foreign_writes(sample)] == ["table.session",
                                                                   "table.edits"]


@pytest.mark.parametrize("path", WRITERS, ids=lambda p: str(p.relative_to(PACKAGE)))
def test_no_module_writes_the_attributes_of_another_modules_objects(path: pathlib.Path
                                                                    ) -> None:
    """An object's state changes through its own methods, so that what depends on it is
    kept in step (a speed written to ``table.speed`` was read by nothing again)."""
    if path.relative_to(PACKAGE).as_posix() in PENDING_WRITES:
        pytest.skip("pending")
    assert not _foreign_writes(path), "ask the object to change itself"


def test_no_class_is_a_mixin_that_only_splits_a_file() -> None:
    """A base class of the product has several heirs, is made on its own, is what
    functions take (a Position), or is a protocol: never a part of one class kept in
    another file (the table was TableScene(ScreenSeats, SharedCalls, OwnCalls))."""
    heirs: dict[str, list[str]] = {}
    for name, node in CLASSES:
        for base in node.bases:
            if isinstance(base, ast.Name):
                heirs.setdefault(base.id, []).append(name)
    ours = {name.split(":")[1]: node for name, node in CLASSES}
    made = {node.func.id for path in FILES for node in ast.walk(_tree(path))
            if isinstance(node, ast.Call) and isinstance(node.func, ast.Name)}
    taken = {name.id for path in FILES for node in ast.walk(_tree(path))
             if isinstance(node, ast.arg) and node.annotation is not None
             for name in ast.walk(node.annotation) if isinstance(name, ast.Name)}
    """Classes functions take as their argument (the play modules take a Position)."""
    mixins = [f"{base} only in {names[0]}" for base, names in heirs.items()
              if base in ours and len(names) == 1 and base not in made | taken
              and not any(isinstance(b, ast.Name) and b.id == "Protocol"
                          for b in ours[base].bases)]
    assert not mixins, "hold the part as an object of its own"

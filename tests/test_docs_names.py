"""The developers' documents name only what exists: every module or folder they write in
backticks is in the tree, every ``name()`` they call is defined somewhere in it, every
dotted ``kalooki.x.y`` or ``tests.x.y`` leads to a module and the names in it, and every
``CONSTANT`` is assigned somewhere (a renamed function, a moved module or a constant gone
fails here, not in a newcomer's hands)."""

import ast
import functools
import pathlib
import re

import pytest

ROOT = pathlib.Path(__file__).resolve().parents[1]
DOCS = [ROOT / "docs" / "architecture.md", ROOT / "docs" / "developing.md"]
SOURCES = [p for top in ("kalooki", "bench", "tests") for p in (ROOT / top).rglob("*.py")]
FILE_NAMES = {p.name for p in SOURCES}
PATH = re.compile(r"^[\w./-]*\w\.py$|^[\w-]+(/[\w-]+)*/$")
CALL = re.compile(r"\b([A-Za-z_]\w*)\(\)")
DOTTED = re.compile(r"^(kalooki|tests)(\.\w+)+(?<!\.sqlite3)$")
"""A module path, not a file's name (the journal is ``kalooki.sqlite3``)."""
CONSTANT = re.compile(r"^[A-Z][A-Z0-9_]{2,}$")


@functools.cache
def _names() -> tuple[frozenset[str], frozenset[str]]:
    """The names defined (functions, classes) and those given a value anywhere (constants,
    attributes, module-level names), from one parse of every source, made when first
    asked: at import it cost every worker of the suite three seconds."""
    defined: set[str] = set()
    assigned: set[str] = set()
    for path in SOURCES:
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if isinstance(node, ast.FunctionDef | ast.ClassDef | ast.AsyncFunctionDef):
                defined.add(node.name)
            targets = (node.targets if isinstance(node, ast.Assign)
                       else [node.target] if isinstance(node, ast.AnnAssign) else [])
            assigned |= {n.id if isinstance(n, ast.Name) else n.attr for target in targets
                         for n in ast.walk(target) if isinstance(n, ast.Name | ast.Attribute)}
    return frozenset(defined), frozenset(assigned)


def _leads_somewhere(dotted: str) -> bool:
    """Whether ``dotted`` is a module of the tree followed by names defined or assigned."""
    parts = dotted.split(".")
    for cut in range(len(parts), 0, -1):
        place = ROOT.joinpath(*parts[:cut])
        if place.with_suffix(".py").exists() or (place / "__init__.py").exists():
            defined, assigned = _names()
            return all(name in defined | assigned for name in parts[cut:])
    return False


def _quoted(doc: pathlib.Path) -> list[str]:
    return re.findall(r"`([^`\n]+)`", doc.read_text(encoding="utf-8"))


def _exists(token: str) -> bool:
    if "/" not in token.rstrip("/") and token in FILE_NAMES:
        return True
    return any((base / token).exists() for base in (ROOT, ROOT / "kalooki"))


@pytest.mark.parametrize("doc", DOCS, ids=lambda p: p.name)
def test_every_module_named_exists(doc: pathlib.Path) -> None:
    missing = [t for t in _quoted(doc) if PATH.match(t) and not _exists(t)]
    assert not missing, f"{doc.name} names modules that are not there: {missing}"


@pytest.mark.parametrize("doc", DOCS, ids=lambda p: p.name)
def test_every_function_named_exists(doc: pathlib.Path) -> None:
    missing = [n for t in _quoted(doc) for n in CALL.findall(t) if n not in _names()[0]]
    assert not missing, f"{doc.name} names functions that are not there: {missing}"


@pytest.mark.parametrize("doc", DOCS, ids=lambda p: p.name)
def test_every_dotted_name_and_constant_named_exists(doc: pathlib.Path) -> None:
    missing = [t for t in _quoted(doc) if (DOTTED.match(t) and not _leads_somewhere(t))
               or (CONSTANT.match(t) and t not in _names()[1])]
    assert not missing, f"{doc.name} names what is not there: {missing}"


def test_the_name_check_sees_what_it_judges() -> None:
    assert _leads_somewhere("tests.support.ui.FakeClock")
    assert _leads_somewhere("kalooki.engine.events")
    assert not _leads_somewhere("tests.ui_support.FakeClock")  # moved to tests/support/
    assigned = _names()[1]
    assert "LATER_FIELDS" in assigned and "LANGUAGES" not in assigned

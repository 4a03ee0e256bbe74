"""The developers' documents name only what exists: every module or folder they write in
backticks is in the tree, and every ``name()`` they call is defined somewhere in it (a
renamed function or a moved module fails here, not in a newcomer's hands)."""

import ast
import pathlib
import re

import pytest

ROOT = pathlib.Path(__file__).resolve().parents[1]
DOCS = [ROOT / "docs" / "architecture.md", ROOT / "docs" / "developing.md"]
SOURCES = [p for top in ("kalooki", "bench", "tests") for p in (ROOT / top).rglob("*.py")]
FILE_NAMES = {p.name for p in SOURCES}
PATH = re.compile(r"^[\w./-]*\w\.py$|^[\w-]+(/[\w-]+)*/$")
CALL = re.compile(r"\b([A-Za-z_]\w*)\(\)")


def _defined() -> set[str]:
    names = set()
    for path in SOURCES:
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if isinstance(node, ast.FunctionDef | ast.ClassDef | ast.AsyncFunctionDef):
                names.add(node.name)
    return names


DEFINED = _defined()


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
    missing = [n for t in _quoted(doc) for n in CALL.findall(t) if n not in DEFINED]
    assert not missing, f"{doc.name} names functions that are not there: {missing}"

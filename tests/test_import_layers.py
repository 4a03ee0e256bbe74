"""The import graph of ``kalooki/``: arrows point one way between the layers (engine ←
words ← ai ← store ← ui ← the command line), and no modules import each other in a loop.

Every import counts, at the top of a module or inside a function, since a late import
only hides a loop."""

import ast
import pathlib

import pytest

ROOT = pathlib.Path(__file__).resolve().parents[1]
PACKAGE = ROOT / "kalooki"
LAYERS = ("engine", "words", "ai", "store", "ui")
"""Lowest first; the modules directly in ``kalooki/`` (cli, self-test) stand above all."""


def _module_name(path: pathlib.Path) -> str:
    parts = path.relative_to(ROOT).with_suffix("").parts
    return ".".join(parts[:-1] if parts[-1] == "__init__" else parts)


MODULES = {_module_name(p): p for p in PACKAGE.rglob("*.py")}


def _imports(name: str, path: pathlib.Path) -> set[str]:
    """The kalooki modules ``name`` imports (a package's ``__init__`` stands for it)."""
    found = set()
    package = name if path.name == "__init__.py" else name.rpartition(".")[0]
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
        if isinstance(node, ast.Import):
            targets = [alias.name for alias in node.names]
        elif isinstance(node, ast.ImportFrom):
            base = node.module or ""
            if node.level:
                base = ".".join(package.split(".")[:len(package.split(".")) - node.level + 1]
                                + ([base] if base else []))
            targets = [f"{base}.{alias.name}" if f"{base}.{alias.name}" in MODULES else base
                       for alias in node.names]
        else:
            continue
        found |= {t for t in targets if t in MODULES and t != name}
    return found


GRAPH = {name: _imports(name, path) for name, path in MODULES.items()}


def _layer(name: str) -> int:
    if name == "kalooki":
        return -1  # the package itself: its version, importing nothing
    parts = name.split(".")
    if len(parts) > 1 and parts[1] in LAYERS:
        return LAYERS.index(parts[1])
    return len(LAYERS)


def test_no_module_imports_from_a_layer_above_it():
    upward = [f"{a} -> {b}" for a, targets in GRAPH.items() for b in targets
              if _layer(b) > _layer(a)]
    assert not upward


def _loops() -> list[list[str]]:
    """Strongly connected groups of more than one module (Tarjan)."""
    index: dict[str, int] = {}
    low: dict[str, int] = {}
    stack: list[str] = []
    on_stack: set[str] = set()
    groups: list[list[str]] = []

    def visit(node: str) -> None:
        index[node] = low[node] = len(index)
        stack.append(node)
        on_stack.add(node)
        for other in sorted(GRAPH[node]):
            if other not in index:
                visit(other)
                low[node] = min(low[node], low[other])
            elif other in on_stack:
                low[node] = min(low[node], index[other])
        if low[node] == index[node]:
            group = []
            while True:
                member = stack.pop()
                on_stack.discard(member)
                group.append(member)
                if member == node:
                    break
            if len(group) > 1:
                groups.append(sorted(group))

    for node in sorted(GRAPH):
        if node not in index:
            visit(node)
    return groups


def test_no_modules_import_each_other_in_a_loop():
    assert not _loops()


def test_the_graph_sees_the_imports_it_judges():
    assert "kalooki.engine.rules" in GRAPH["kalooki.engine.melds"]
    assert "kalooki.engine.rules" in GRAPH["kalooki.cli.rules"]  # a late import counts too
    assert "kalooki.cli.rules" in GRAPH["kalooki.cli.main"]
    assert "kalooki.ui.scene" in GRAPH["kalooki.ui.table.scene"]  # under TYPE_CHECKING too


@pytest.mark.parametrize("layer", ["ai"])
def test_the_store_imports_no_layer_it_is_above_for_facts_only(layer: str) -> None:
    """The store keeps facts: it names seat kinds and levels from the engine
    (``engine.facts.seats``), not from the computer players."""
    strays = [f"{a} -> {b}" for a, targets in GRAPH.items() if a.startswith("kalooki.store")
              for b in targets if b.split(".")[1:2] == [layer]]
    assert not strays


def test_human_is_spelled_in_one_place():
    spelled = [path.name for path in PACKAGE.rglob("*.py")
               if any(isinstance(node, ast.Constant) and node.value == "human"
                      for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))))]
    assert spelled == ["seats.py"]  # kalooki/engine/facts/seats.py

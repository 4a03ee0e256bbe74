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


def _loops(graph: dict[str, set[str]]) -> list[list[str]]:
    """Strongly connected groups of more than one node of ``graph`` (Tarjan)."""
    index: dict[str, int] = {}
    low: dict[str, int] = {}
    stack: list[str] = []
    on_stack: set[str] = set()
    groups: list[list[str]] = []

    def visit(node: str) -> None:
        index[node] = low[node] = len(index)
        stack.append(node)
        on_stack.add(node)
        for other in sorted(graph.get(node, ())):
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

    for node in sorted(graph):
        if node not in index:
            visit(node)
    return groups


def test_no_modules_import_each_other_in_a_loop():
    assert not _loops(GRAPH)


def _rooms(folder: pathlib.Path) -> dict[str, set[str]]:
    """The imports between the rooms of ``folder``, each module and sub-package directly in
    it (a sub-package stands for every module below it)."""
    rooms: dict[str, set[str]] = {}
    for name, targets in GRAPH.items():
        if not MODULES[name].is_relative_to(folder):
            continue
        room = MODULES[name].relative_to(folder).parts[0]
        rooms.setdefault(room, set()).update(
            other for target in targets if MODULES[target].is_relative_to(folder)
            and (other := MODULES[target].relative_to(folder).parts[0]) != room)
    return rooms


FOLDERS = sorted({path.parent for path in MODULES.values()})


@pytest.mark.parametrize("folder", FOLDERS, ids=lambda p: str(p.relative_to(ROOT)))
def test_the_rooms_of_a_folder_import_each_other_in_no_loop(folder: pathlib.Path):
    """Inside each folder, its modules and sub-packages stand on floors: a room imports only
    rooms below it, never one that imports it back through others (no arrow runs back up),
    so a sub-package is a concept the rest of its folder uses or builds on, not half of a
    loop with a sibling."""
    loops = [" <-> ".join(group) for group in _loops(_rooms(folder))]
    assert not loops


def test_the_room_check_sees_what_it_judges():
    assert "table" in _rooms(PACKAGE / "ui")["play"]
    assert _loops({"a": {"b"}, "b": {"c"}, "c": {"a"}, "d": {"a"}}) == [["a", "b", "c"]]


def test_the_graph_sees_the_imports_it_judges():
    assert "kalooki.engine.rules" in GRAPH["kalooki.engine.melds"]
    assert "kalooki.engine.rules" in GRAPH["kalooki.cli.rules"]  # a late import counts too
    assert "kalooki.cli.rules" in GRAPH["kalooki.cli.main"]
    assert "kalooki.ui.scene" in GRAPH["kalooki.ui.table.scene"]  # under TYPE_CHECKING too


@pytest.mark.parametrize("layer", ["ai", "words"])
def test_the_store_imports_neither_the_computer_players_nor_the_words(layer: str) -> None:
    """The store keeps facts: it names seat kinds and levels from the engine
    (``engine.facts.seats``), not from the computer players, and says what it found as
    facts (``engine.facts.said``), worded at the edges, not by the words."""
    strays = [f"{a} -> {b}" for a, targets in GRAPH.items() if a.startswith("kalooki.store")
              for b in targets if b.split(".")[1:2] == [layer]]
    assert not strays


def test_human_is_spelled_in_one_place():
    spelled = [path.name for path in PACKAGE.rglob("*.py")
               if any(isinstance(node, ast.Constant) and node.value == "human"
                      for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))))]
    assert spelled == ["seats.py"]  # kalooki/engine/facts/seats.py


# --- the tests: each module stands on its own ---------------------------------------------

TESTS = ROOT / "tests"


def _test_imports(path: pathlib.Path) -> set[str]:
    """The modules of the suite that ``path`` imports: other test modules (by their package
    name or the bare name the test folder on ``sys.path`` once allowed) and conftest."""
    local = {p.stem for p in TESTS.glob("*.py")}
    found = set()
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
        names = ([a.name for a in node.names] if isinstance(node, ast.Import)
                 else [node.module or ""] if isinstance(node, ast.ImportFrom) else [])
        if isinstance(node, ast.ImportFrom) and node.module in ("tests", None):
            names = [".".join(filter(None, (node.module, a.name))) for a in node.names]
        for name in names:
            parts = name.split(".")
            inside = parts[0] == "tests" and len(parts) > 1 and parts[1] != "support"
            if inside or (parts[0] in local and parts[0] != "__init__"):
                found.add(name)
    return found


def test_no_test_module_imports_another_test_module():
    """Shared helpers live in tests/support/, shared fixtures in tests/conftest.py: a test
    file runs alone, in any order, in any worker."""
    strays = {f"{p.relative_to(ROOT)} -> {', '.join(sorted(found))}"
              for p in TESTS.rglob("*.py") if (found := _test_imports(p))}
    assert not strays


def test_the_test_import_check_sees_what_it_judges(tmp_path: pathlib.Path):
    stray = TESTS / "support" / "ui.py"  # any module of the suite stands in
    assert not _test_imports(stray)
    sample = tmp_path / "sample.py"
    sample.write_text("from tests.test_ui_app import click\nimport test_store_saves\n"
                      "from tests.support.ui import shown\nfrom tests import conftest\n"
                      "from tests import test_ui_table\nfrom . import test_ui_replay\n"
                      "from tests import support\n", encoding="utf-8")
    assert _test_imports(sample) == {"tests.test_ui_app", "test_store_saves", "tests.conftest",
                                     "tests.test_ui_table", "test_ui_replay"}


def _fixtures() -> dict[str, list[str]]:
    """Each fixture's body (as source, its name left out) and the files defining it."""
    bodies: dict[str, list[str]] = {}
    for path in sorted(TESTS.rglob("*.py")):
        for node in ast.parse(path.read_text(encoding="utf-8")).body:
            if isinstance(node, ast.FunctionDef) and any(
                    "fixture" in ast.unparse(d) for d in node.decorator_list):
                body = ast.unparse(ast.Module(body=node.body, type_ignores=[]))
                bodies.setdefault(body, []).append(str(path.relative_to(ROOT)))
    return bodies


def test_no_fixture_is_copied_between_files():
    """A fixture two files need lives in conftest.py. (A one-line body, such as a folder
    chosen for a store, is a choice each file makes, not a copy.)"""
    copies = {body.splitlines()[0]: files for body, files in _fixtures().items()
              if len(set(files)) > 1 and len(body.splitlines()) > 1}
    assert not copies

"""The engine imports no pygame and touches no files; the game uses pygame-ce."""

import ast
import pathlib
import subprocess
import sys

ENGINE = pathlib.Path(__file__).resolve().parents[1] / "kalooki" / "engine"
FORBIDDEN = {"pygame", "pygame_gui", "random", "time", "os", "pathlib", "io", "shutil"}


def test_engine_modules_import_nothing_impure():
    for path in ENGINE.rglob("*.py"):
        tree = ast.parse(path.read_text(encoding="utf-8"))
        for node in ast.walk(tree):
            names = []
            if isinstance(node, ast.Import):
                names = [alias.name for alias in node.names]
            elif isinstance(node, ast.ImportFrom) and node.module:
                names = [node.module]
            for name in names:
                assert name.split(".")[0] not in FORBIDDEN, f"{path.name} imports {name}"
            if isinstance(node, ast.Call) and isinstance(node.func, ast.Name):
                assert node.func.id not in ("open", "eval", "exec"), \
                    f"{path.name} calls {node.func.id}()"


def test_importing_the_engine_does_not_load_pygame():
    code = ("import sys, kalooki.engine.state, kalooki.engine.record, kalooki.engine.view;"
            "assert 'pygame' not in sys.modules, 'pygame loaded'")
    subprocess.run([sys.executable, "-c", code], check=True)


def test_pygame_is_the_community_edition():
    import pygame

    assert getattr(pygame, "IS_CE", False), "pygame-ce must be installed, not pygame"

"""The suite's own rules (issue 29): no verdict by chance. Property tests draw the same
examples every run, and no test sleeps, reads the wall clock or draws unseeded random
numbers; the one wait on a real thread is bounded only against a hang."""

from __future__ import annotations

import ast
import os
import pathlib

import pytest
from hypothesis import settings

TESTS = pathlib.Path(__file__).resolve().parent

BY_CHANCE = {
    ("time", "sleep"), ("time", "time"), ("time", "monotonic"), ("time", "perf_counter"),
    ("datetime", "now"), ("datetime", "today"), ("date", "today"),
    *(("random", name) for name in ("random", "randint", "randrange", "choice", "choices",
                                    "shuffle", "sample", "uniform", "seed")),
}
"""Calls whose result depends on the moment or on a fresh random draw."""
WAITS_ON_A_THREAD = {("test_ui_store.py", "run_while_thinking")}
"""Where a test waits for the game's real worker thread: frames until a state, a
millisecond's nap each so the thread runs, the clock only as a bound against a hang."""


def chance_calls(path: pathlib.Path) -> list[str]:
    """``module.function`` calls of :data:`BY_CHANCE`, and ``random.Random()`` without a
    seed, outside :data:`WAITS_ON_A_THREAD` (the enclosing function's name counts)."""
    found = []
    tree = ast.parse(path.read_text(encoding="utf-8"))
    for top in ast.walk(tree):
        if not isinstance(top, ast.FunctionDef | ast.Module):
            continue
        owner = getattr(top, "name", "")
        if (path.name, owner) in WAITS_ON_A_THREAD:
            continue
        for node in (n for statement in top.body for n in ast.walk(statement)
                     if not isinstance(statement, ast.FunctionDef)):
            if not (isinstance(node, ast.Call) and isinstance(node.func, ast.Attribute)
                    and isinstance(node.func.value, ast.Name)):
                continue
            call = (node.func.value.id, node.func.attr)
            unseeded = call == ("random", "Random") and not node.args and not node.keywords
            if call in BY_CHANCE or unseeded:
                found.append(f"{path.name}:{node.lineno} {'.'.join(call)}")
    return found


def unseeded_profiles(path: pathlib.Path) -> list[str]:
    """``Profile(...)`` calls that leave out ``deal_seed``: such a profile shuffles a match
    opened from the menu afresh, so the test would play different deals each run."""
    tree = ast.parse(path.read_text(encoding="utf-8"))
    return [f"{path.name}:{node.lineno} Profile" for node in ast.walk(tree)
            if isinstance(node, ast.Call) and isinstance(node.func, ast.Name)
            and node.func.id == "Profile"
            and "deal_seed" not in {k.arg for k in node.keywords}]


def test_every_profile_in_the_tests_shuffles_the_same_every_run():
    """One run in 250 of a test played a deal its plain strategy could not finish: the
    menu had shuffled a new one (tests.support.pages.seeds_from fixes them)."""
    strays = [hit for path in sorted(TESTS.rglob("*.py")) for hit in unseeded_profiles(path)]
    assert not strays


def test_the_profile_check_sees_what_it_judges(tmp_path: pathlib.Path):
    sample = tmp_path / "test_sample.py"
    sample.write_text("def test_a():\n    Profile(p, s)\n    Profile(p, s, deal_seed=f)\n",
                      encoding="utf-8")
    assert unseeded_profiles(sample) == ["test_sample.py:2 Profile"]


def test_no_test_sleeps_reads_the_clock_or_draws_unseeded_numbers():
    """Wait for states (a file appears, a line is said, a frame is due), inject clocks,
    seed every random.Random."""
    strays = [hit for path in sorted(TESTS.rglob("*.py"))
              for hit in chance_calls(path)]
    assert not strays


def test_the_chance_check_sees_what_it_judges(tmp_path: pathlib.Path):
    sample = tmp_path / "test_sample.py"
    sample.write_text("import random, time\n"
                      "def test_a():\n    time.sleep(0.1)\n    random.Random()\n"
                      "def test_b():\n    random.Random(3).random()\n    random.choice([1])\n",
                      encoding="utf-8")
    assert [hit.split()[-1] for hit in chance_calls(sample)] == [
        "time.sleep", "random.Random", "random.choice"]


@pytest.mark.skipif(bool(os.environ.get("HYPOTHESIS_PROFILE")),
                    reason="a developer chose a hypothesis profile")
def test_property_tests_draw_the_same_examples_every_run():
    """The repeatable profile (tests/conftest.py): derandomized, no example database to
    replay an old failure from, no deadline on the machine's speed."""
    chosen = settings.default
    assert chosen.derandomize and chosen.database is None and chosen.deadline is None

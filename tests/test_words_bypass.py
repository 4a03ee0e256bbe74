"""No word reaches the player around the catalogs: a scan of the UI modules, the store,
the command line, the self-test and the words layer itself for literal text (a capitalised
word, words with spaces or punctuation between them, accented letters) anywhere but in
docstrings, catalog lookups, logging and raised programming errors (a refusal raised to a
person, such as a usage error, is no programming error: its words are looked for too).

The allow-list is short and reviewed: the game's name, the self-test's ``first frame``
marker (a program reads it), people's names in constants called ``…_NAMES``, the names a
module exports (``__all__``), argparse's phrases matched in ``…_MSGIDS`` (to word them from
the catalogs; never shown), and the one file of grammar (French elision's patterns, which
change filled-in words and hold no text of their own). ``kalooki/tools/`` lies outside: its
tools serve translators and packagers, and print to them."""

from __future__ import annotations

import ast
import re
from pathlib import Path

PACKAGE = Path(__file__).resolve().parents[1] / "kalooki"
ROOT = PACKAGE / "ui"
"""Every room of the window. The picture tool (``kalooki/tools/screens``) lies outside: it
renders every screen with sample data, names of saves, presets and players a person would
type, in any language."""
STORE = PACKAGE / "store"
"""The store says facts (codes and parameters, issue 25.2): no sentence either."""
WORDS = PACKAGE / "words"
"""The words layer: it chooses and fills in entries (the rules text is assembled there),
so it holds no sentence either."""
CLI = [*sorted((PACKAGE / "cli").rglob("*.py")), PACKAGE / "selftest.py"]
"""The command line and the self-test it runs: help, answers and refusals in the player's
language (issue 25.1)."""
GRAMMAR = {WORDS / "elision.py"}
"""Patterns a language's grammar applies to filled-in words ("de Ana" is "d'Ana"): not text."""
TEXT = re.compile(r"[A-Za-zÀ-ÿ]{2,}[ ,.:;!?'’] ?[A-Za-zÀ-ÿ]|^[A-Z][a-zà-ÿ]+\b|[À-ÿ]")
"""What reads as words to a person rather than as a name to the program."""
NOT_TEXT = re.compile(r"[a-z0-9_]+(\.[a-z0-9_]+)*\.?|[\w-]+(\.[\w-]+)*\.(png|ttf|json|wav)|#\w+"
                      r"|[A-Z][a-z]")
"""Catalog keys (and their first parts, before an f-string adds the rest), file names,
theme ids, Unicode categories (``Cc``)."""
SQL = re.compile(r"(CREATE|SELECT|INSERT|UPDATE|DELETE|PRAGMA|BEGIN)\b")
"""A statement to the database."""
ALLOWED = {"Kalooki", "KALOOKI", "first frame"}
"""The game's name, the same in every language; the start of the self-test's line that
``build/measure_start.py`` waits for (a marker a program reads, in no language)."""
NAME_CONSTANTS = re.compile(r"[A-Z_]*_NAMES?|__all__|[A-Z_]*_MSGIDS")
"""Module constants holding people's names (``DEFAULT_NAMES``, ``DEFAULT_NAME``: the name
kept for a person who typed none, read in the player's language by the words layer), the
names a module exports, and a library's own phrases matched to look up ours instead
(``ARGPARSE_MSGIDS``)."""
REFUSALS = {"UsageError", "ArgumentTypeError", "SelfTestFailure"}
"""Raised to tell a person why not: not programming errors, so their words are looked for."""
LOOKUPS = {"tr", "phrase", "Phrase", "ui_text", "ui_tooltip", "has"}
QUIET = {"getLogger", "debug", "info", "warning", "error", "exception", "TypeVar"}


def _parents(tree: ast.AST) -> None:
    for node in ast.walk(tree):
        for child in ast.iter_child_nodes(node):
            child.parent = node  # type: ignore[attr-defined]


def _allowed(node: ast.expr) -> bool:
    parent = node.parent  # type: ignore[attr-defined]
    if isinstance(parent, ast.Expr | ast.Compare):  # a docstring; a library's message matched
        return True
    if isinstance(parent, ast.Call):
        func = parent.func
        name = func.id if isinstance(func, ast.Name) else \
            func.attr if isinstance(func, ast.Attribute) else ""
        if name in QUIET or (name in LOOKUPS and parent.args and parent.args[0] is node):
            return True
    while parent is not None and not isinstance(parent, ast.stmt):
        parent = getattr(parent, "parent", None)
    if isinstance(parent, ast.Raise):  # a programming error, unless raised to a person
        raised = parent.exc.func if isinstance(parent.exc, ast.Call) else parent.exc
        name = raised.id if isinstance(raised, ast.Name) else \
            raised.attr if isinstance(raised, ast.Attribute) else ""
        return name not in REFUSALS
    targets = parent.targets if isinstance(parent, ast.Assign) else \
        [parent.target] if isinstance(parent, ast.AnnAssign) else []
    return any(isinstance(t, ast.Name) and NAME_CONSTANTS.fullmatch(t.id) for t in targets)


def bypasses(paths: list[Path]) -> list[str]:
    found = []
    for path in paths:
        tree = ast.parse(path.read_text(encoding="utf-8"))
        _parents(tree)
        for node in ast.walk(tree):
            if not (isinstance(node, ast.Constant) and isinstance(node.value, str)):
                continue
            words = node.value
            if not TEXT.search(words) or NOT_TEXT.fullmatch(words) or words in ALLOWED \
                    or "<" in words or SQL.match(words):
                continue
            shown: ast.expr = node
            if isinstance(node.parent, ast.JoinedStr):  # type: ignore[attr-defined]
                shown = node.parent  # type: ignore[attr-defined]
            if not _allowed(shown):
                found.append(f"{path.parent.name}/{path.name}:{node.lineno}: {words!r}")
    return found


def test_no_ui_module_shows_a_literal_word() -> None:
    modules = sorted(ROOT.rglob("*.py"))
    assert len(modules) > 80  # every room of every sub-package
    assert bypasses(modules) == []


def test_the_words_layer_holds_no_sentence() -> None:
    """The rules text, the house-rules line, refusals and card names are all assembled
    here from catalog entries: no language's words are written in these files."""
    modules = sorted(set(WORDS.rglob("*.py")) - GRAMMAR)
    assert len(modules) > 10
    assert bypasses(modules) == []


def test_the_store_says_facts_not_words() -> None:
    """Its notices and refusals are codes with parameters (``engine.facts.said``); the
    words are made at the edges, in the player's language."""
    modules = sorted(STORE.rglob("*.py"))
    assert len(modules) > 15
    assert bypasses(modules) == []


def test_the_command_line_speaks_from_the_catalogs() -> None:
    """Its help, answers, refusals and usage errors, and the self-test's report."""
    assert len(CLI) > 8
    assert bypasses(CLI) == []


def test_the_scan_finds_words_however_they_are_written(tmp_path: Path) -> None:
    screen = tmp_path / "screen.py"
    screen.write_text(
        '"""A docstring is fine."""\n'
        'button = UIButton(rect, "Play", manager)\n'
        'ink.text(f"Stock {count}", 12)\n'
        'notice = "Déjà vu"\n'
        'label.set_text(**ui_text("menu.play"))\n'
        'log.warning("the log speaks English")\n'
        'options = ("easy", "medium", "#primary", "theme.json", "Kalooki")\n'
        'DEFAULT_NAMES = ("Marcia", "Delroy")\n'
        'raise ValueError("a programming error")\n'
        'raise UsageError(f"no screen called {name}")\n'
        'raise argparse.ArgumentTypeError("Not a number")\n'
        'ARGPARSE_MSGIDS: dict = {"expected one argument": lambda: tr("a.one_value")}\n',
        encoding="utf-8")
    assert sorted(hit.split(": ", 1)[1] for hit in bypasses([screen])) == [
        "'Déjà vu'", "'Not a number'", "'Play'", "'Stock '", "'no screen called '"]

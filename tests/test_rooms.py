"""Rooms of one concept: no file of the product is over 600 lines. A file that grows past
it holds more than one idea; split it where the ideas part (see docs/developing.md)."""

import pathlib

import pytest

PACKAGE = pathlib.Path(__file__).resolve().parents[1] / "kalooki"
MOST_LINES = 600
FILES = sorted(PACKAGE.rglob("*.py"))


def test_the_rooms_are_found() -> None:
    assert len(FILES) > 50 and PACKAGE / "ui" / "table" / "scene.py" in FILES


@pytest.mark.parametrize("path", FILES, ids=lambda p: str(p.relative_to(PACKAGE)))
def test_no_product_file_is_over_600_lines(path: pathlib.Path) -> None:
    lines = len(path.read_text(encoding="utf-8").splitlines())
    assert lines <= MOST_LINES, f"{path.name} has {lines} lines: split it by concept"

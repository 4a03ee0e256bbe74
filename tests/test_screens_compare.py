"""The pixel comparison of two folders of ``kalooki screens`` pictures (issue 26: every
screen looks the same before and after a rearrangement): a picture alike to the last pixel
passes, one changed pixel, another size or a picture missing on one side does not, and
the differing pixels are marked where they are."""

from __future__ import annotations

from pathlib import Path

import pygame
import pytest

from kalooki.tools.screens.compare import MARK, compare, main

FELT = (20, 90, 40)


def _picture(path: Path, size: tuple[int, int] = (64, 40),
             changed: tuple[tuple[int, int], ...] = ()) -> None:
    surface = pygame.Surface(size)
    surface.fill(FELT)
    for x, y in changed:
        surface.set_at((x, y), (FELT[0], FELT[1], FELT[2] + 1))  # one channel, one step
    path.parent.mkdir(parents=True, exist_ok=True)
    pygame.image.save(surface, str(path))


@pytest.fixture
def folders(tmp_path: Path) -> tuple[Path, Path]:
    before, after = tmp_path / "before", tmp_path / "after"
    for folder in (before, after):
        _picture(folder / "menu-64x40.png")
    return before, after


def test_alike_pictures_pass(folders: tuple[Path, Path],
                             capsys: pytest.CaptureFixture[str]) -> None:
    assert compare(*folders) == (1, [])
    assert main([str(folders[0]), str(folders[1])]) == 0
    assert capsys.readouterr().out.splitlines()[-1] == "1 pictures, 0 differ"


def test_each_differing_pixel_is_counted_and_boxed(folders: tuple[Path, Path],
                                                   tmp_path: Path) -> None:
    before, after = folders
    _picture(after / "menu-64x40.png", changed=((3, 5), (60, 30)))
    count, found = compare(before, after, tmp_path / "marked")
    assert count == 1 and len(found) == 1
    assert found[0].pixels == 2 and found[0].box == pygame.Rect(3, 5, 58, 26)
    assert str(found[0]) == "menu-64x40.png: 2 pixels differ in x 3..60, y 5..30"
    marked = pygame.image.load(str(tmp_path / "marked" / "menu-64x40.png"))
    assert marked.get_at((3, 5))[:3] == MARK and marked.get_at((4, 5))[:3] != MARK


def test_a_missing_or_resized_picture_is_a_difference(folders: tuple[Path, Path]) -> None:
    before, after = folders
    _picture(before / "rules-64x40.png")
    _picture(after / "menu-64x40.png", size=(64, 41))
    assert main([str(before), str(after)]) == 1
    assert [str(d) for d in compare(before, after)[1]] == [
        "menu-64x40.png: size (64, 40) -> (64, 41)", "rules-64x40.png: only in BEFORE"]

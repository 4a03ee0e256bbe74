"""Two folders of ``kalooki screens`` pictures compared pixel by pixel: the proof that a
change which should not show (a move of modules, a class taken apart) shows nothing, and
the list of pictures to look at when one should.

    python -m kalooki.tools.screens.compare BEFORE AFTER [--marked DIR]

prints each picture that differs (or is only in one folder) with its count of differing
pixels and their bounding box, then ``N pictures, M differ``; it exits 1 when any differ.
``--marked DIR`` writes, for each differing picture, the AFTER picture darkened with its
differing pixels in red, to find them at a glance. To compare a commit with the work tree
(both languages; ``make screens-compare BEFORE=<commit>`` does all of it)::

    git worktree add --detach /tmp/before <commit>
    (cd /tmp/before && python -m kalooki screens /tmp/shots-before --lang en)
    python -m kalooki screens /tmp/shots-after --lang en
    python -m kalooki.tools.screens.compare /tmp/shots-before /tmp/shots-after

The pictures are the same every run (:class:`kalooki.tools.screens.shots.SteadyClock`) but
for what the store stamps with the wall clock: the saves' dates and the names of files set
aside in the load and replay lists (``load``, ``replay-list``, ``replay-open-file``, whose
path also names the scratch folder). Any other difference is a change of the code.
"""

from __future__ import annotations

import argparse
import os
import sys
from dataclasses import dataclass
from pathlib import Path

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")

import pygame  # after the headless driver is chosen

MARK = (255, 0, 0)


@dataclass(frozen=True)
class Difference:
    """How one picture differs: the pixels that differ and their bounding box, or why
    the two cannot be compared (only in one folder, another size)."""

    name: str
    pixels: int = 0
    box: pygame.Rect | None = None
    reason: str = ""

    def __str__(self) -> str:
        if self.reason:
            return f"{self.name}: {self.reason}"
        assert self.box is not None
        return (f"{self.name}: {self.pixels} pixels differ in x {self.box.left}.."
                f"{self.box.right - 1}, y {self.box.top}..{self.box.bottom - 1}")


def _opaque(path: Path) -> pygame.Surface:
    picture = pygame.image.load(str(path))
    surface = pygame.Surface(picture.get_size(), 0, 32)
    surface.blit(picture, (0, 0))
    return surface


def differing(before: pygame.Surface, after: pygame.Surface) -> pygame.mask.Mask:
    """The pixels whose colour differs between two pictures of one size."""
    apart = before.copy()
    apart.blit(after, (0, 0), special_flags=pygame.BLEND_RGB_SUB)
    back = after.copy()
    back.blit(before, (0, 0), special_flags=pygame.BLEND_RGB_SUB)
    apart.blit(back, (0, 0), special_flags=pygame.BLEND_RGB_ADD)  # |before - after|, each channel
    same = pygame.mask.from_threshold(apart, (0, 0, 0), (1, 1, 1, 255))
    same.invert()
    return same


def compare(before: Path, after: Path, marked: Path | None = None) -> tuple[int, list[Difference]]:
    """The number of pictures in either folder, and how each differing one differs."""
    names = sorted({p.name for p in before.glob("*.png")} | {p.name for p in after.glob("*.png")})
    found = []
    for name in names:
        if not (before / name).exists() or not (after / name).exists():
            found.append(Difference(name, reason="only in " + ("AFTER" if (after / name).exists()
                                                              else "BEFORE")))
            continue
        old, new = _opaque(before / name), _opaque(after / name)
        if old.get_size() != new.get_size():
            found.append(Difference(name, reason=f"size {old.get_size()} -> {new.get_size()}"))
            continue
        mask = differing(old, new)
        pixels = mask.count()
        if not pixels:
            continue
        box = mask.get_bounding_rects()[0].unionall(mask.get_bounding_rects())
        found.append(Difference(name, pixels, box))
        if marked is not None:
            marked.mkdir(parents=True, exist_ok=True)
            new.fill((96, 96, 96), special_flags=pygame.BLEND_RGB_MULT)
            new.blit(mask.to_surface(setcolor=MARK, unsetcolor=None), (0, 0))
            pygame.image.save(new, str(marked / name))
    return len(names), found


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m kalooki.tools.screens.compare",
                                     description=__doc__.split("\n\n")[0])
    parser.add_argument("before", type=Path)
    parser.add_argument("after", type=Path)
    parser.add_argument("--marked", type=Path, help="write each differing picture, marked, here")
    args = parser.parse_args(argv)
    for folder in (args.before, args.after):
        if not folder.is_dir():
            parser.error(f"{folder} is not a folder")
    count, found = compare(args.before, args.after, args.marked)
    for difference in found:
        print(difference)
    print(f"{count} pictures, {len(found)} differ")
    return 1 if found else 0


if __name__ == "__main__":
    sys.exit(main())

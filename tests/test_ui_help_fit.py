"""The help overlay's key lines fit their columns whole: every description is wrapped
rather than cut with "…", every key chip holds its keys, and no two lines overlap, at the
smallest and a large window, in both languages."""

from __future__ import annotations

import pygame
import pytest

from kalooki.ui.art import text as ink
from kalooki.ui.widgets.help_overlay import TOPICS, HelpOverlay
from kalooki.words import set_language
from tests.support.words import plain


@pytest.mark.parametrize("lang", ["en", "fr"])
@pytest.mark.parametrize("size", [(1024, 640), (1920, 1080)])
@pytest.mark.parametrize("topic", sorted(TOPICS))
def test_every_key_line_is_shown_whole(size: tuple[int, int], lang: str, topic: str) -> None:
    set_language(lang)
    try:
        overlay = HelpOverlay(TOPICS[topic], rules=lambda: None)
        surface = pygame.Surface(size)
        overlay.draw(surface)  # lays the panel out as the window does
        rows, pixels = overlay.key_rows, overlay.key_pixels
        assert [keys for _, _, _, keys, _ in rows] == [keys for keys, _ in overlay.lines()]
        window = surface.get_rect()
        step = round(pixels * 1.45)
        boxes = []
        for (x, y, key_w, keys, said), (_, doing) in zip(rows, overlay.lines(), strict=True):
            assert plain(" ".join(said)) == " ".join(plain(doing).split()), \
                "a description was cut"
            assert ink.text(keys, pixels, ink.GOLD, True).get_width() <= key_w - pixels // 2
            boxes.append(pygame.Rect(x, y, key_w, len(said) * step - 1))
        for i, box in enumerate(boxes):
            assert window.contains(box)
            same_column = [b for b in boxes[:i] if b.left == box.left]
            assert box.collidelist(same_column) == -1
    finally:
        set_language("en")

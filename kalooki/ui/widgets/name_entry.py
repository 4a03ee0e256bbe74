"""A name typed in: a text entry that refuses, and says why, what it cannot keep.

pygame_gui's entry already stops at its length limit and drops a character its font has
no glyph for (🎉 would be drawn as a box), but silently: a player typing on sees nothing
happen and does not know why. A :class:`NameEntry` tells its owner the sentence
(``on_refused``): the name is full, or the game's letters cannot draw that sign. Nothing
typed is ever cut: a text is refused whole, as pygame_gui does, or kept.
"""

from __future__ import annotations

from collections.abc import Callable
from functools import lru_cache
from typing import Any

import pygame
from pygame_gui.elements import UITextEntryLine

from kalooki.ui.resources import font
from kalooki.words import Said, phrase

_NOWHERE = chr(0x10FFFD)
"""A character no font has (private use): drawn as the font's "no such glyph" box."""


@lru_cache(maxsize=1024)
def _drawn(character: str, bold: bool) -> bytes:
    image = font(16, bold).render(character, True, (255, 255, 255))
    return b"%dx%d:" % image.get_size() + pygame.image.tobytes(image, "RGBA")


def undrawable(text: str) -> bool:
    """Whether the bundled fonts (plain and bold) have no glyph for some character of
    ``text``: drawn, it would be the box a font draws for a glyph it lacks."""
    return any(_drawn(c, bold) == _drawn(_NOWHERE, bold) for c in set(text)
               for bold in (False, True))


class NameEntry(UITextEntryLine):
    """``limit``: the most characters the name may hold; ``on_refused`` hears the
    sentence when typing (or a paste) is refused."""

    def __init__(self, *args: Any, limit: int,
                 on_refused: Callable[[Said], object] = lambda said: None,
                 **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        self.set_text_length_limit(limit)
        self.limit = limit
        self.on_refused = on_refused

    def _room(self) -> int:
        low, high = sorted(self.select_range)
        return int(self.limit - (len(self.text) - (high - low)))

    def _judge(self, typed: str) -> Said | None:
        """Why ``typed`` cannot go into the name now (None: it can)."""
        if undrawable(typed):
            return phrase("form.glyph_refused")
        if len(typed) > self._room():
            return phrase("form.name_full", high=self.limit)
        return None

    def process_event(self, event: pygame.event.Event) -> bool:
        if self.is_enabled and self.is_focused and event.type == pygame.TEXTINPUT \
                and event.text:
            refusal = self._judge(event.text)
            if refusal is not None:  # not used up: the scene hears of it too
                self.on_refused(refusal)
                return False
        return bool(super().process_event(event))

    def _do_paste(self) -> None:
        from pygame_gui.core.utility import clipboard_paste

        refusal = self._judge(clipboard_paste() or "")
        if refusal is not None:
            self.on_refused(refusal)
            return
        super()._do_paste()

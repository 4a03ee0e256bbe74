"""A one-line label that ends its words with "…" when they are wider than it, and then
shows the whole sentence as its tooltip. pygame_gui's own label cuts long words off at
its edge without a sign (a long house-rules problem, a French explanation), so a reader
cannot tell that anything is missing, nor read it."""

from __future__ import annotations

import html
from collections.abc import Callable

from pygame_gui.core.utility import translate
from pygame_gui.elements import UILabel

ELLIPSIS = "…"


def shortened(words: str, fits: Callable[[str], bool]) -> str:
    """``words`` cut after the most whole words (else characters) that fit with "…"
    (``fits`` says whether a text fits)."""
    if fits(words):
        return words
    cut = words.rstrip()
    while " " in cut:
        cut = cut.rsplit(" ", 1)[0].rstrip(" ,;:·—-")
        if fits(cut + ELLIPSIS):
            return cut + ELLIPSIS
    cut = words
    while len(cut) > 1 and not fits(cut + ELLIPSIS):
        cut = cut[:-1]
    return cut + ELLIPSIS


class FittedLabel(UILabel):
    """A UILabel whose words (a catalog key, translated as pygame_gui does, or plain
    words) are fitted to its width whenever they change: set_text, a language switch,
    a theme change."""

    shown = ""
    """The words on the label now, "…" and all."""

    def _fit(self) -> str:
        words = str(translate(self.text, **self.text_kwargs))
        face = self.font
        room = self.relative_rect.width - 2 * int(self.text_horiz_alignment_padding or 0)
        if face is None or face.get_rect(words).width <= room:
            self.shown = words
            self.set_tooltip(None)
        else:
            self.shown = shortened(words, lambda text: face.get_rect(text).width <= room)
            self.set_tooltip(html.escape(words, quote=False))
        return self.shown

    def rebuild(self) -> None:
        key, params = self.text, self.text_kwargs
        self.text, self.text_kwargs = self._fit(), {}
        try:
            super().rebuild()
        finally:
            self.text, self.text_kwargs = key, params

    def set_text(self, text: str, *, text_kwargs: dict[str, str] | None = None) -> None:
        super().set_text(text, text_kwargs=text_kwargs)
        self._show()

    def on_locale_changed(self) -> None:
        super().on_locale_changed()
        self._show()

    def _show(self) -> None:
        """pygame_gui re-sets a fixed label's words without a rebuild: fit them again."""
        if self.drawable_shape is not None and not (self.dynamic_width or self.dynamic_height):
            self.drawable_shape.set_text(self._fit())

"""The pseudo-language's check of a picture: every widget's words read inside brackets.

Under ``--lang qps`` every catalog entry is bracketed (``[Ĉàļļ ··]``, see
:mod:`kalooki.words.pseudo`). A widget whose words are wider than the room it gives them
is *cut*; words left outside every bracket once names are set aside did not come from
the catalogs (*stray*). :func:`problems` looks at every visible label, button and text
box of a window and says which, so ``kalooki screens DIR --lang qps`` can list them and a
test can require none.
"""

from __future__ import annotations

import html
import re
from collections.abc import Collection, Iterator
from dataclasses import dataclass

from pygame_gui.core.utility import translate
from pygame_gui.elements import UIButton, UILabel, UITextBox

from kalooki.ui.app import App
from kalooki.ui.widgets.fitted_label import ELLIPSIS, FittedLabel

_TAG = re.compile(r"<[^>]*>")
LIST_CUT = " …"
"""How :func:`kalooki.ui.widgets.form.fit_clauses` ends a list it had to shorten."""
_LETTERS = re.compile(r"[A-Za-z]{2,}")
_FILE_SUFFIX = re.compile(r"\.[a-z]+\b")
"""``.json``, ``.bak``: the ends of file names, which name files in no language."""


@dataclass(frozen=True)
class Problem:
    picture: str
    kind: str
    """``cut`` (words wider than their widget) or ``stray`` (words from no catalog)."""
    words: str

    def __str__(self) -> str:
        return f"{self.picture}: {self.kind}: {self.words}"


def _room(widget: UILabel | UIButton) -> int:
    """The width a one-line widget gives its words: its shape's text area (inside the
    border, shadow and rounded corners; padding too, when the words are set left or
    right), else the whole widget."""
    view = getattr(widget.drawable_shape, "text_view_rect", None)
    return int(view.width) if view is not None else int(widget.rect.width)


def _one_line(widget: UILabel | UIButton) -> tuple[str, bool]:
    """A label's or button's words as shown, and whether they fit."""
    if isinstance(widget, FittedLabel):
        return widget.shown, not widget.shown.endswith(ELLIPSIS)
    words = str(translate(widget.text, **widget.text_kwargs))
    face = widget.font
    fits = face is None or not words.strip() or face.get_rect(words).width <= _room(widget)
    return words, fits


def _shown(app: App) -> Iterator[tuple[str, bool]]:
    """Each visible widget's words and whether they fit."""
    for widget in app.ui.get_sprite_group().sprites():
        if not getattr(widget, "visible", True) or not widget.alive():
            continue
        if isinstance(widget, UILabel | UIButton):
            yield _one_line(widget)
        elif isinstance(widget, UITextBox):  # wraps, and scrolls what does not fit
            words = str(translate(widget.html_text, **(widget.text_kwargs or {})))
            yield html.unescape(_TAG.sub(" ", words)), True


def outside_brackets(words: str, opening: str = "[", closing: str = "]") -> str:
    """``words`` without their bracketed parts (nested ones too); an opening bracket that
    is never closed is left in."""
    inner = re.compile(f"{re.escape(opening)}[^{re.escape(opening + closing)}]*"
                       f"{re.escape(closing)}")
    while True:
        fewer = inner.sub(" ", words)
        if fewer == words:
            return words
        words = fewer


def word_problems(words: str, fits: bool, names: Collection[str], opening: str = "[",
                  closing: str = "]") -> list[str]:
    """What is wrong with one widget's words: ``cut`` when they do not fit (or a bracket
    is left open), ``stray`` when letters remain outside the brackets that are none of
    ``names`` (people's, presets' and saves' names, typed by a person). A list shortened
    between its items on purpose (``… · 12 cards in deals 1–3 …``, the house rules in one
    line) is not cut."""
    listed = words.endswith(LIST_CUT)
    left = outside_brackets(words.removesuffix(LIST_CUT), opening, closing)
    found = []
    if not listed and (not fits or opening in left):
        found.append("cut")
    for name in sorted(names, key=len, reverse=True):
        left = left.replace(name, " ")
    left = _FILE_SUFFIX.sub(" ", left)
    if _LETTERS.search(left.replace(opening, " ")):
        found.append("stray")
    return found


def problems(app: App, picture: str, names: Collection[str], opening: str = "[",
             closing: str = "]") -> list[Problem]:
    """Every cut or stray widget of ``app``'s window as it stands."""
    return [Problem(picture, kind, words) for words, fits in _shown(app)
            for kind in word_problems(words, fits, names, opening, closing)]

"""A button that says why it is greyed out.

pygame_gui gives a disabled button no hover, so no tooltip: a player pointing at a greyed
Undo, or at Load game with nothing to load, learns nothing. A :class:`TipButton` greyed
out still answers the pointer with its tooltip, worded for the greyed state (the reason,
``greyed_tip``), and shows no hover colours nor takes a click; enabled, it is a plain
button with its usual tooltip.
"""

from __future__ import annotations

from typing import Any

from pygame_gui.core import UIElement
from pygame_gui.elements import UIButton

_REASON_WIDTH = 340
"""How wide a greyed button's reason may run before it wraps (a sentence, not a word)."""


class TipButton(UIButton):
    """``greyed_tip``: the tooltip while disabled, as :func:`kalooki.words.ui_tooltip`
    gives it (``tool_tip_text`` and ``tool_tip_text_kwargs``)."""

    def __init__(self, *args: Any, greyed_tip: dict[str, Any] | None = None,
                 **kwargs: Any) -> None:
        tip = {"tool_tip_text": kwargs.get("tool_tip_text"),
               "tool_tip_text_kwargs": kwargs.get("tool_tip_text_kwargs") or {}}
        self._tips = (tip, greyed_tip or tip)
        super().__init__(*args, **kwargs)
        self._wrap = self.tool_tip_wrap_width

    def _show_tip(self, greyed: bool) -> None:
        tip = self._tips[greyed]
        text = tip.get("tool_tip_text")
        assert text is None or isinstance(text, str)
        kwargs: dict[str, str] = tip.get("tool_tip_text_kwargs") or {}
        if (text, kwargs) != (self.tool_tip_text, self.tool_tip_text_kwargs):
            if self.tool_tip is not None:
                self.tool_tip.kill()
                self.tool_tip = None
            self.set_tooltip(text, self.tool_tip_object_id, kwargs)
            self.tool_tip_wrap_width = _REASON_WIDTH if greyed else self._wrap

    def reword_greyed(self, greyed_tip: dict[str, Any]) -> None:
        """Say ``greyed_tip`` from now on when greyed (why it is greyed has changed)."""
        if greyed_tip != self._tips[1]:
            self._tips = (self._tips[0], greyed_tip)
            if not self.is_enabled:
                self._show_tip(True)

    def disable(self) -> None:
        super().disable()
        self._show_tip(True)

    def enable(self) -> None:
        super().enable()
        self._show_tip(False)

    def can_hover(self) -> bool:
        if self.is_enabled:
            return super().can_hover()
        return self.alive() and not self.held

    def on_hovered(self) -> None:
        if self.is_enabled:
            super().on_hovered()
        else:
            UIElement.on_hovered(self)  # the hover clock only: no hover colours

    def on_unhovered(self) -> None:
        if self.is_enabled:
            super().on_unhovered()
        else:
            UIElement.on_unhovered(self)

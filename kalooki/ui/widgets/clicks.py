"""Double-clicks counted on the frame clock: a scene adds each frame's time, so a test that
injects the clock decides what is quick enough, and no answer depends on the machine."""

from __future__ import annotations

from collections.abc import Hashable

DOUBLE_CLICK = 0.4
"""Seconds within which a second click on the same thing makes a double-click."""


class DoubleClicks:
    def __init__(self, within: float = DOUBLE_CLICK) -> None:
        self.within = within
        self.now = 0.0
        self._last: tuple[Hashable, float] | None = None

    def tick(self, dt: float) -> None:
        self.now += dt

    def click(self, target: Hashable) -> bool:
        """Note a click on ``target``; True when it completes a double-click (which is then
        spent: a third click starts afresh)."""
        last = self._last
        if last is not None and last[0] == target and self.now - last[1] <= self.within:
            self._last = None
            return True
        self._last = (target, self.now)
        return False

    def forget(self) -> None:
        self._last = None

"""Shared pieces for driving the window in tests."""

from __future__ import annotations


class FakeClock:
    """Every frame lasts exactly 1/60 s, so nothing depends on the machine's speed."""

    def __init__(self) -> None:
        self.frames = 0

    def tick(self, framerate: float = 0) -> int:
        self.frames += 1
        return 16

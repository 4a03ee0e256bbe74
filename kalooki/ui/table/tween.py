"""Cards gliding between places: a queue of tweens driven by the frame time.

Tweens never look at the clock: ``update(dt)`` advances them, so the app's injected clock
(and tests' fake one) decides how fast time passes.
"""

from __future__ import annotations

from dataclasses import dataclass

Point = tuple[float, float]

SPEEDS = {"normal": 0.32, "fast": 0.14, "instant": 0.0}
"""Seconds one card takes to fly, per animation speed setting."""


def _ease(t: float) -> float:
    """Ease-out cubic: fast start, gentle landing."""
    return 1 - (1 - t) ** 3


@dataclass
class Tween:
    start: Point
    end: Point
    duration: float
    delay: float = 0.0
    elapsed: float = 0.0

    def advance(self, dt: float) -> None:
        self.elapsed += dt

    @property
    def done(self) -> bool:
        return self.elapsed >= self.delay + self.duration

    @property
    def position(self) -> Point:
        t = self.elapsed - self.delay
        if t <= 0 or self.duration <= 0:
            return self.start if t <= 0 and self.duration > 0 else self.end
        k = _ease(min(1.0, t / self.duration))
        return (self.start[0] + (self.end[0] - self.start[0]) * k,
                self.start[1] + (self.end[1] - self.start[1]) * k)


class Tweens:
    """Tweens keyed by what moves (a card id, or a negative key for a face-down flight)."""

    def __init__(self) -> None:
        self.active: dict[int, Tween] = {}

    def add(self, key: int, tween: Tween) -> None:
        if tween.duration <= 0 and tween.delay <= 0:
            self.active.pop(key, None)
            return
        self.active[key] = tween

    def update(self, dt: float) -> list[int]:
        """Advance every tween; returns the keys that finished this frame."""
        finished = []
        for key, tween in self.active.items():
            tween.advance(dt)
            if tween.done:
                finished.append(key)
        for key in finished:
            del self.active[key]
        return finished

    def position(self, key: int) -> Point | None:
        tween = self.active.get(key)
        return tween.position if tween is not None else None

    @property
    def busy(self) -> bool:
        return bool(self.active)

    def clear(self) -> None:
        self.active.clear()

"""Shared pieces for driving the window in tests: a clock and a worker the test controls,
so nothing depends on the machine's speed or on how threads are scheduled."""

from __future__ import annotations

from collections.abc import Callable
from concurrent.futures import Executor, Future
from typing import Any


def shown(widget: Any) -> str:
    """What a pygame_gui widget says now: its text (a catalog key, mostly) translated
    with its parameters, as pygame_gui draws it."""
    from pygame_gui.core.utility import translate

    return str(translate(widget.text, **widget.text_kwargs))


class FakeClock:
    """Every frame lasts exactly 1/60 s, so nothing depends on the machine's speed."""

    def __init__(self) -> None:
        self.frames = 0

    def tick(self, framerate: float = 0) -> int:
        self.frames += 1
        return 16


class HeldWorker(Executor):
    """A session's worker whose choices wait until the test lets them go: a computer
    player "thinks" for exactly as long as the test needs, on the test's own thread."""

    def __init__(self) -> None:
        self.held: list[tuple[Future[Any], Callable[..., Any], tuple[Any, ...]]] = []

    def submit(self, fn: Callable[..., Any], /, *args: Any, **kwargs: Any) -> Future[Any]:
        future: Future[Any] = Future()
        self.held.append((future, fn, args))
        return future

    def release(self) -> None:
        """Make every choice asked for so far."""
        held, self.held = self.held, []
        for future, fn, args in held:
            future.set_result(fn(*args))

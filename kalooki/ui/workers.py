"""Where a computer player's thinking runs: in the game a thread, so the window keeps
drawing while a computer thinks; in tests and autoplay at once, on the caller's thread,
so the whole match runs synchronously. Apart from the session, so that the settings and
the menu hold a worker without loading the engine."""

from __future__ import annotations

from collections.abc import Callable
from concurrent.futures import Executor, Future, ThreadPoolExecutor
from typing import ParamSpec, TypeVar

_P = ParamSpec("_P")
_T = TypeVar("_T")


class InlineWorker(Executor):
    """A worker that does the job at once, on the caller's thread: the session then runs
    synchronously, one deterministic step per update."""

    def submit(self, fn: Callable[_P, _T], /, *args: _P.args,
               **kwargs: _P.kwargs) -> Future[_T]:
        future: Future[_T] = Future()
        try:
            future.set_result(fn(*args, **kwargs))
        except Exception as error:  # handed over as a thread's would be: at result()
            future.set_exception(error)
        return future


def thinking_thread() -> Executor:
    """The game's worker: one thread, so the window keeps drawing while a computer thinks."""
    return ThreadPoolExecutor(1, thread_name_prefix="kalooki-ai")

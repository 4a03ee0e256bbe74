"""The prompts of the call bars: the person's own call bar or the question whether to
allow a call (:func:`decision_prompt`), and the bar several people share
(:func:`shared_prompt`), each named by the card under call (see :mod:`kalooki.ui.guard`
and :mod:`kalooki.ui.table.prompts`, the table's other prompts)."""

from __future__ import annotations

from kalooki.engine.deal import Phase
from kalooki.engine.view import PlayerView
from kalooki.ui.guard import Prompt
from kalooki.ui.table.calls.window import CallWindow, Decision, SharedCall


def _top(view: PlayerView) -> str:
    """The card under call by its id, worded in the stale note in the language of the
    moment (a face written here would stay English in French)."""
    return str(view.top_discard) if view.top_discard is not None else ""


def shared_prompt(window: SharedCall, view: PlayerView, settle: float) -> Prompt:
    return Prompt("shared", window.stamp, _top(view), settle)


def decision_prompt(decision: Decision | None, window: CallWindow | None,
                    view: PlayerView, settle: float) -> Prompt | None:
    """The call bar the person at the screen is asked now (a window that passes for
    them unasked asks nothing), or the question whether to allow a call."""
    if decision is None:
        return None
    if view.phase == Phase.CALL:
        if window is None or window.decision != decision or not window.asks:
            return None
        return Prompt("call", decision.moves, _top(view), settle)
    return Prompt("allow", decision.moves, _top(view), settle)

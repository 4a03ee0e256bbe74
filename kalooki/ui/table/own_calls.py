"""The person's own call window and the question whether to allow a call: the decision
asked of the person at the screen, its prompt, the keys and buttons answering it, its
countdown (shown on the bar above the hand, never on the Call button), and the prompt
on top of the table now, which every input is checked against (see :mod:`prompts`).

A part of :class:`kalooki.ui.table.scene.TableScene` kept in its own room, like
:mod:`shared_calls`; the timing is :class:`call_window.CallDesk`'s.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING

from kalooki.engine.actions import Action, Pass
from kalooki.engine.deal import Phase
from kalooki.ui.table.call_window import CallDesk, Decision, SharedCall, decision_of
from kalooki.ui.table.prompts import admits, decision_prompt, shared_prompt, summary_prompt
from kalooki.ui.widgets.guard import Prompt

if TYPE_CHECKING:
    from kalooki.engine.deal import DealResult
    from kalooki.engine.view import PlayerView
    from kalooki.ui.scene import Host
    from kalooki.ui.session import MatchSession


class OwnCalls:
    """The table's call-and-allow verbs and its prompts; the scene provides the state."""

    app: Host
    session: MatchSession
    view: PlayerView
    calls: CallDesk
    shared: SharedCall | None
    chooser: object | None
    asked_prompt: Prompt | None
    result: DealResult | None
    call_seconds: float
    settle_seconds: float
    ask_only_when_helps: bool

    submit: Callable[[Action], bool]
    _refresh_widgets: Callable[[], None]

    def decision(self) -> Decision | None:
        """The call, or the allowing of one, that the person at the screen is asked now."""
        return decision_of(self.view, self.session.screen_to_act, self.session.moves)

    def answer(self, action: Action) -> None:
        """A key or button answering the question on screen (call, pass, allow, refuse):
        only the decision it was pressed for hears it; pressed late, it does nothing."""
        if self.admits(self.call_prompt()):
            self.submit(action)

    def hold_call(self) -> None:
        """Space or Wait: the call window's clock stops until the person answers."""
        prompt = self.call_prompt()
        if prompt is not None and prompt.kind == "call" and self.admits(prompt) \
                and self.calls.hold():
            self._refresh_widgets()

    # --- prompts: what an input was made for -------------------------------------------

    def call_prompt(self) -> Prompt | None:
        """The call bar, or the question whether to allow a call, asked of the person now."""
        return decision_prompt(self.decision(), self.calls.window, self.view,
                               self.settle_seconds)

    def prompt(self) -> Prompt | None:
        """The prompt on top of the table now: a choice panel, the deal's summary, the
        shared call window, or the call or allowing the person is asked."""
        if self.chooser is not None:
            return self.asked_prompt
        if self.result is not None:
            return summary_prompt(self.result.deal, self.settle_seconds)
        if self.shared is not None:
            return shared_prompt(self.shared, self.view, self.settle_seconds)
        return self.call_prompt()

    def admits(self, wanted: Prompt | None) -> bool:
        """Whether the input handled now answers ``wanted`` (see :func:`prompts.admits`)."""
        return admits(self.app.guard, wanted, self.prompt(), self.app.notify)

    def _tick_call(self, dt: float) -> None:
        """The person's call window: opened (or passed at once, unasked), counted down on
        the bar above the hand, then a pass when time is up."""
        decision = self.decision() if self.view.phase == Phase.CALL else None
        before = self.calls.window
        people = sum(seat.human for seat in self.session.seats)
        if self.calls.tick(decision, self.view, dt, not self.session.paused, self.call_seconds,
                           self.ask_only_when_helps, people):
            self.submit(Pass())
        elif self.calls.window is not before:
            self._refresh_widgets()


"""The person's own call window and the question whether to allow a call: the decision
asked of the person at the screen, its prompt, the keys and buttons answering it, and its
countdown (shown on the bar above the hand, never on the Call button).

A room of :class:`kalooki.ui.table.scene.TableScene`, asking the table through
:class:`CallTable`; the timing is :class:`window.CallDesk`'s.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Protocol

from kalooki.engine.actions import Action, Pass
from kalooki.engine.deal import Phase
from kalooki.ui.guard import Prompt
from kalooki.ui.table.calls.prompts import decision_prompt
from kalooki.ui.table.calls.window import CallDesk, CallWindow, Decision, decision_of

if TYPE_CHECKING:
    from kalooki.engine.view import PlayerView
    from kalooki.ui.session import MatchSession
    from kalooki.ui.table.options import TableOptions


class CallTable(Protocol):
    """What the person's calls ask of the table."""

    session: MatchSession
    view: PlayerView
    options: TableOptions

    def submit(self, action: Action) -> bool: ...
    def admits(self, wanted: Prompt | None) -> bool: ...
    def _refresh_widgets(self) -> None: ...


class OwnCalls:
    """The person's call-and-allow verbs and their prompt."""

    def __init__(self, table: CallTable) -> None:
        self.table = table
        self.desk = CallDesk()

    @property
    def window(self) -> CallWindow | None:
        """The person's call window open now."""
        return self.desk.window

    @property
    def asked(self) -> bool:
        """The person is asked to call now (the bar is up)."""
        return self.desk.asked

    def decision(self) -> Decision | None:
        """The call, or the allowing of one, that the person at the screen is asked now."""
        session = self.table.session
        return decision_of(self.table.view, session.screen_to_act, session.moves)

    def answer(self, action: Action) -> None:
        """A key or button answering the question on screen (call, pass, allow, refuse):
        only the decision it was pressed for hears it; pressed late, it does nothing."""
        if self.table.admits(self.prompt()):
            self.table.submit(action)

    def hold_call(self) -> None:
        """Space or Wait: the call window's clock stops until the person answers."""
        prompt = self.prompt()
        if prompt is not None and prompt.kind == "call" and self.table.admits(prompt) \
                and self.desk.hold():
            self.table._refresh_widgets()

    def prompt(self) -> Prompt | None:
        """The call bar, or the question whether to allow a call, asked of the person now."""
        return decision_prompt(self.decision(), self.desk.window, self.table.view,
                               self.table.options.settle_seconds)

    def tick(self, dt: float) -> None:
        """The person's call window: opened (or passed at once, unasked), counted down on
        the bar above the hand, then a pass when time is up."""
        table = self.table
        decision = self.decision() if table.view.phase == Phase.CALL else None
        before = self.desk.window
        people = sum(seat.human for seat in table.session.seats)
        options = table.options
        if self.desk.tick(decision, table.view, dt, not table.session.paused,
                          options.call_seconds, options.ask_only_when_helps, people):
            table.submit(Pass())
        elif self.desk.window is not before:
            table._refresh_widgets()

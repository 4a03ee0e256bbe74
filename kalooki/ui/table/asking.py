"""The table's questions: one choice panel at a time (the pause menu, where a joker goes,
a confirmation, the pass screen, a buy-in), the game waiting while it is open, and the
answer done only when it was given for the question on screen (see :mod:`prompts`).

A room of :class:`kalooki.ui.table.scene.TableScene`, asking the table through
:class:`AskingTable`.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Protocol

from kalooki.ui.table.prompts import question_prompt
from kalooki.ui.widgets.choice_panel import ChoicePanel

if TYPE_CHECKING:
    from kalooki.engine.deal import DealResult
    from kalooki.ui.guard import Prompt
    from kalooki.ui.scene import Host
    from kalooki.ui.session import MatchSession
    from kalooki.ui.table.options import TableOptions
    from kalooki.ui.table.questions import Question


class AskingTable(Protocol):
    """What the questions ask of the table."""

    app: Host
    session: MatchSession
    options: TableOptions
    result: DealResult | None

    def admits(self, wanted: Prompt | None) -> bool: ...


class Asking:
    """The open question (``asked``), its panel (``chooser``) and its prompt."""

    def __init__(self, table: AskingTable) -> None:
        self.table = table
        self.chooser: ChoicePanel | None = None
        self.asked: Question | None = None
        """The question the chooser shows."""
        self.prompt: Prompt | None = None
        self.questions = 0
        """Choice panels opened so far: the serial of the one open now."""

    @property
    def open(self) -> bool:
        """A choice panel waits for an answer."""
        return self.chooser is not None

    def ask(self, question: Question) -> None:
        """Open a choice panel (the game waits meanwhile); the answer chosen is done."""
        self.close()
        table = self.table
        table.session.set_paused(True)
        self.asked = question
        self.questions += 1
        self.prompt = question_prompt(question, self.questions, table.options.settle_seconds)
        self.chooser = ChoicePanel(table.app.ui, table.app.size, question.title,
                                   question.options, self.pick)

    def pick(self, index: int) -> None:
        """The ``index``-th answer of the question asked: done, when the input was made
        for this question (see :mod:`prompts`)."""
        question = self.asked
        if question is None or not self.table.admits(self.prompt):
            return
        self.close()
        deed = question.answers[index][1]
        if deed is not None:
            deed()

    def close(self) -> None:
        if self.chooser is not None:
            self.chooser.kill()
            self.chooser = None
            self.asked = self.prompt = None
        self.table.session.set_paused(self.table.result is not None)

"""The table's prompts, named: which prompt is up now, each with an identity of its own
(see :mod:`kalooki.ui.guard`), and the note an input made for a prompt already
gone gets ("That call was for J♥, already gone.").

The prompts that come up by themselves, while the player may be pressing keys for
something else, wait their settle time before they take any input: the pass screen, a
call bar (the person's own, or the one several people share), the question whether to
allow a call, a buy-in and the deal's summary (the call bars' prompts are made by
:mod:`kalooki.ui.table.calls.prompts`). The pass screen takes no key that means
something elsewhere: only a click on its button, or :data:`REVEAL_KEY`.
"""

from __future__ import annotations

from collections.abc import Callable

import pygame

from kalooki.ui.guard import InputGuard, Prompt, Verdict
from kalooki.ui.table.questions import Question
from kalooki.words import Said, phrase
from kalooki.words.cards import card_said

REVEAL_KEY = pygame.K_m
"""The one key the pass screen takes ("my hand", « ma main »): no other prompt, page or
play at the table uses it, so nobody presses it for anything else."""
_SETTLING = ("pass", "buy-in")
"""The questions that come up by themselves (the others answer the player's own act:
the pause menu, a discard to confirm, where the jokers go)."""


def question_prompt(question: Question, serial: int, settle: float) -> Prompt:
    """The prompt of a choice panel, the ``serial``-th the table opened."""
    waits = question.kind in _SETTLING
    return Prompt(question.kind, serial, question.about, settle if waits else 0.0,
                  frozenset({REVEAL_KEY}) if question.kind == "pass" else None)


def summary_prompt(deal: int, settle: float) -> Prompt:
    return Prompt("summary", deal, str(deal), settle)


def stale_note(gone: Prompt) -> Said:
    """What a player is told when an input of theirs was made for ``gone``, no longer up."""
    if gone.kind in ("call", "shared"):
        return phrase("table.stale.call", card=card_said(int(gone.about)))
    if gone.kind == "allow":
        return phrase("table.stale.allow", card=card_said(int(gone.about)))
    if gone.kind == "summary":
        return phrase("table.stale.summary", deal=int(gone.about))
    if gone.kind == "pass":
        return phrase("table.stale.pass", name=gone.about)
    return phrase("table.stale.question")


def wrong_key_note(prompt: Prompt) -> Said:
    """A key the prompt up now does not take (Space or Enter on the pass screen)."""
    return phrase("table.stale.reveal_key", name=prompt.about)


def admits(guard: InputGuard, wanted: Prompt | None, on_top: Prompt | None,
           notify: Callable[[Said], object]) -> bool:
    """Whether the input handled now answers ``wanted``, the prompt a verb would answer
    now (``on_top``: the prompt on top of the table now). One made for a prompt since
    gone is dropped with a note saying so; one too early or held, silently; a key the
    prompt does not take, with a note naming the ways it takes."""
    verdict = guard.verdict(wanted)
    gone = guard.gone(on_top) if verdict is Verdict.STALE else None
    if gone is not None:
        notify(stale_note(gone))
    elif verdict is Verdict.WRONG_KEY and wanted is not None:
        notify(wrong_key_note(wanted))
    return verdict is Verdict.TAKEN

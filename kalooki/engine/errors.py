"""The engine's one error type: a machine-readable code and a sentence for players."""

from __future__ import annotations


class RuleError(Exception):
    """Raised for anything a player may not do, or any input the engine cannot read.

    ``code`` is stable (tests and the UI branch on it); ``message`` is a full sentence a
    player understands ("Deal 3 needs one group and two runs; you laid two groups.").
    ``params`` are the facts that sentence is made of (``seat=2``), so that a caller who
    knows more (the players' names, the player's language) can say it in its own words.
    """

    def __init__(self, code: str, message: str, **params: object) -> None:
        super().__init__(message)
        self.code = code
        self.message = message
        self.params = params

    def __str__(self) -> str:
        return self.message

"""The engine's one error type: a machine-readable code and the facts of its sentence."""

from __future__ import annotations


class RuleError(Exception):
    """Raised for anything a player may not do, or any input the engine cannot read.

    ``code`` is stable (tests and the UI branch on it); ``params`` are the facts the
    player's sentence is made of (``seat=2``, ``card=…``, ``case="high"`` where one code
    has several sentences). The sentence itself lives with the words
    (``kalooki.words.refusals``, the catalog's ``error.<code>``), so the engine says nothing
    in any language. ``message`` is an older English sentence, empty once a code's sentence
    is in the catalogs.
    """

    def __init__(self, code: str, message: str = "", **params: object) -> None:
        super().__init__(message or code)
        self.code = code
        self.message = message
        self.params = params

    @property
    def facts(self) -> tuple[object, ...]:
        """What tells two refusals apart: the same code and facts say the same thing."""
        return (self.code, self.message, tuple(self.params.items()))

    def __str__(self) -> str:
        """For logs and tracebacks: the code and its facts (players read ``refusal``)."""
        if self.message:
            return self.message
        facts = ", ".join(f"{name}={value!r}" for name, value in self.params.items())
        return f"{self.code} ({facts})" if facts else self.code

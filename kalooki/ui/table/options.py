"""The table's options: the settings a match at the table follows, as one frozen value.

The table is given its options when it opens and takes new ones through one method,
:meth:`kalooki.ui.table.scene.TableScene.apply_options`, which rebuilds what depends on
them (the cards' flight time, the layout for a new card size), so a change made in the
settings over a paused match takes effect in that match.
"""

from __future__ import annotations

from dataclasses import dataclass

from kalooki.store.settings import Settings
from kalooki.ui.guard import SETTLE_SECONDS


@dataclass(frozen=True)
class TableOptions:
    speed: str = "normal"
    """How fast cards fly: ``normal``, ``fast`` or ``instant``."""
    card_scale: float = 1.0
    """The card-size setting: the layout grows or shrinks the cards by it."""
    call_seconds: float = 5.0
    """How long the person's call window runs."""
    ask_only_when_helps: bool = True
    """Ask the person to call only for a card that helps their hand."""
    confirm_discard: bool = False
    """Ask before a discard is made."""
    settle_seconds: float = SETTLE_SECONDS
    """How long a prompt that comes up by itself ignores input (see :mod:`prompts`)."""

    @classmethod
    def from_settings(cls, settings: Settings) -> TableOptions:
        return cls(speed=settings.animation_speed, card_scale=settings.card_scale,
                   call_seconds=settings.call_window_seconds,
                   ask_only_when_helps=settings.calls_only_when_helpful,
                   confirm_discard=settings.confirm_before_discard,
                   settle_seconds=settings.input_settle_seconds)


NORMAL = TableOptions()
"""The options of a table opened without settings."""
INSTANT = TableOptions(speed="instant")
"""Cards in their places at once (tests, pictures, autoplay)."""

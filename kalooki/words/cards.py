"""Cards in words ("queen of hearts", "dame de cœur"), from the catalogs' ``cards.*``.

Names come back as :class:`Phrase` values, so a sentence holding one follows a language
switch like the rest of it.
"""

from __future__ import annotations

from kalooki.engine.cards import ACE, ACE_HIGH, SUIT_NAMES, is_joker, rank_of, suit_of
from kalooki.words.catalog import Phrase, phrase


def rank_name(rank: int) -> Phrase:
    """``rank`` 1 (or 14, an ace high) to 13."""
    return phrase(f"cards.rank.{ACE if rank == ACE_HIGH else rank}")


def suit_name(suit: int) -> Phrase:
    return phrase(f"cards.suit.{SUIT_NAMES[suit]}")


def card_name(card: int) -> Phrase:
    """A physical card's name; a joker is just a joker."""
    if is_joker(card):
        return phrase("cards.joker")
    return phrase("cards.card", rank=rank_name(rank_of(card)), suit=suit_name(suit_of(card)))

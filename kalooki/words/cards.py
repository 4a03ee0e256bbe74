"""Cards in words ("queen of hearts", "dame de cœur") and as the player reads their faces
("Q♥", "D♥" in French), from the catalogs' ``cards.*``.

Names and faces come back as :class:`Phrase` values, so a sentence holding one follows a
language switch like the rest of it. The ranks' letters are the language's
(``cards.letter.<rank>``: K Q J in English, R D V in French); the suits are symbols, the
same in every language; 2 to 10 are numbers.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence

from kalooki.engine.cards import (
    ACE,
    ACE_HIGH,
    JACK,
    KING,
    QUEEN,
    RANK_LETTERS,
    SUIT_NAMES,
    SUIT_SYMBOLS,
    is_joker,
    rank_of,
    suit_of,
)
from kalooki.words.catalog import Phrase, Said, phrase, tr

LETTERED = (ACE, JACK, QUEEN, KING)
"""The ranks written with a letter; the others are their number."""


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


def rank_letter(rank: int) -> Said:
    """A rank as a card's corner shows it: the language's letter ("R" for a king in
    French), or the number."""
    rank = ACE if rank == ACE_HIGH else rank
    return phrase(f"cards.letter.{rank}") if rank in LETTERED else str(rank)


def face_said(rank: int, suit: int) -> Phrase:
    """A face by its rank and suit: "K♥" ("R♥" in French)."""
    return phrase("cards.face", rank=rank_letter(rank), suit=SUIT_SYMBOLS[suit])


def card_face(card: int) -> Phrase:
    """A physical card's face as the table and typed moves show it: "7♥", "R♥", "JK"."""
    if is_joker(card):
        return phrase("cards.letter.joker")
    return face_said(rank_of(card), suit_of(card))


def card_said(card: int) -> Phrase:
    """A physical card inside a sentence: its face, or "a joker" ("un joker"), since
    "JK" is a corner's letters, not a word ("Grace drew a joker.", "Vous avez pioché 7♥.")."""
    if is_joker(card):
        return phrase("cards.a_joker")
    return face_said(rank_of(card), suit_of(card))


def cards_faces(cards: Sequence[int]) -> Said:
    """Cards by their faces, one after the other: ``7♥ 7♣ JK``."""
    if not cards:
        return ""
    shown: Said = card_face(cards[0])
    for card in cards[1:]:
        shown = phrase("cards.faces", first=shown, next=card_face(card))
    return shown


def english_tokens(tokens: Iterable[str]) -> list[str]:
    """Typed cards with the language's rank letters read as the engine's English ones
    ("RH", "R♥" is "KH", "K♥" in French); English letters and suit symbols are read as
    they are in every language."""
    letters = {tr(f"cards.letter.{rank}").upper(): RANK_LETTERS[rank] for rank in LETTERED}
    read = []
    for token in tokens:
        text = token.strip()
        rank, suit = text[:-1].upper(), text[-1:]
        read.append(letters[rank] + suit if len(text) >= 2 and rank in letters else token)
    return read

"""Cards: one integer id per physical card, faces, and the text notation.

Two or more packs are shuffled together, so two cards can share a face (two 7♥).
The engine therefore never identifies a card by its face: every physical card has
its own id. A *face* is what is printed on the card (rank and suit, or joker).

Ids: a natural card is ``pack * 52 + suit * 13 + (rank - 1)``; jokers start at
``JOKER_BASE``. Ranks run 1 (ace) to 13 (king); an ace high in a run counts 14.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence

from kalooki.engine.errors import RuleError

MAX_PACKS = 4
JOKER_BASE = MAX_PACKS * 52
MAX_JOKERS = 16

ACE, JACK, QUEEN, KING = 1, 11, 12, 13
ACE_HIGH = 14

SUIT_LETTERS = "SHCD"  # alternating colours when sorted: ♠ ♥ ♣ ♦
SUIT_SYMBOLS = "♠♥♣♦"
SUIT_NAMES = ("spades", "hearts", "clubs", "diamonds")
BLACK_SUITS = frozenset({0, 2})
RANK_LETTERS = {1: "A", 10: "10", 11: "J", 12: "Q", 13: "K", 14: "A"}

JOKER_FACE = 52
"""Face code of a joker; natural faces are ``suit * 13 + rank - 1`` (0..51)."""


def is_joker(card: int) -> bool:
    return card >= JOKER_BASE


def face_of(card: int) -> int:
    return JOKER_FACE if card >= JOKER_BASE else card % 52


def rank_of(card: int) -> int:
    """Rank 1..13 of a natural card (0 for a joker)."""
    return 0 if card >= JOKER_BASE else card % 13 + 1


def suit_of(card: int) -> int:
    """Suit index 0..3 of a natural card (-1 for a joker)."""
    return -1 if card >= JOKER_BASE else (card % 52) // 13


def pack_of(card: int) -> int:
    return card - JOKER_BASE if card >= JOKER_BASE else card // 52


def make_card(rank: int, suit: int, pack: int = 0) -> int:
    if not 1 <= rank <= 14:
        raise ValueError(f"rank {rank} out of range")
    return pack * 52 + suit * 13 + (1 if rank == ACE_HIGH else rank) - 1


def joker(index: int = 0) -> int:
    return JOKER_BASE + index


def face(rank: int, suit: int) -> int:
    return suit * 13 + (1 if rank == ACE_HIGH else rank) - 1


def face_rank(face_code: int) -> int:
    return 0 if face_code == JOKER_FACE else face_code % 13 + 1


def face_suit(face_code: int) -> int:
    return -1 if face_code == JOKER_FACE else face_code // 13


def is_black(card: int) -> bool:
    return suit_of(card) in BLACK_SUITS


def build_deck(packs: int, jokers: int) -> list[int]:
    """The ids of a deck of ``packs`` packs and ``jokers`` jokers, in id order."""
    if not 1 <= packs <= MAX_PACKS:
        raise ValueError(f"packs must be 1..{MAX_PACKS}")
    if not 0 <= jokers <= MAX_JOKERS:
        raise ValueError(f"jokers must be 0..{MAX_JOKERS}")
    return list(range(packs * 52)) + [JOKER_BASE + j for j in range(jokers)]


# --- text -------------------------------------------------------------------

def rank_text(rank: int) -> str:
    return RANK_LETTERS.get(rank, str(rank))


def face_text(face_code: int, symbols: bool = False) -> str:
    """``7H`` (or ``7♥`` with symbols), ``JK`` for a joker."""
    if face_code == JOKER_FACE:
        return "JK"
    suits = SUIT_SYMBOLS if symbols else SUIT_LETTERS
    return rank_text(face_rank(face_code)) + suits[face_suit(face_code)]


def card_text(card: int, symbols: bool = False) -> str:
    """The face a player sees: ``7H``/``7♥``; both 7♥ of two packs read the same."""
    return face_text(face_of(card), symbols)


def cards_text(cards: Iterable[int], symbols: bool = False) -> str:
    return " ".join(card_text(c, symbols) for c in cards)


def card_code(card: int) -> str:
    """Unambiguous code of one physical card: ``7H#1``, ``7H#2``, ``JK#3``."""
    return f"{card_text(card)}#{pack_of(card) + 1}"


_NUMBER_DIGITS = 9


def ascii_number(text: str) -> int | None:
    """``text`` read as a number of at most 9 digits 0-9, else None. ``str.isdigit``
    also accepts ``²`` (which ``int`` refuses) and ``٣`` (which it reads): neither is a
    card's or an action's number, and no such number needs more digits."""
    if not 0 < len(text) <= _NUMBER_DIGITS or not text.isascii() or not text.isdigit():
        return None
    return int(text)


def parse_card_code(code: str) -> int:
    """Inverse of :func:`card_code`."""
    text, sep, copy = code.partition("#")
    number = ascii_number(copy)
    if not sep or number is None or number < 1:
        raise RuleError("bad-card", case="code", text=code)
    index = number - 1
    face_code = parse_face(text)
    if face_code == JOKER_FACE:
        if index >= MAX_JOKERS:
            raise RuleError("bad-card", case="joker_copy", text=code, number=index + 1)
        return JOKER_BASE + index
    if index >= MAX_PACKS:
        raise RuleError("bad-card", case="pack", text=code, number=index + 1)
    return index * 52 + face_code


_SUIT_INPUT = {
    "S": 0, "♠": 0, "♤": 0,
    "H": 1, "♥": 1, "♡": 1,
    "C": 2, "♣": 2, "♧": 2,
    "D": 3, "♦": 3, "♢": 3,
}
_RANK_INPUT = {"A": 1, "J": 11, "Q": 12, "K": 13, "T": 10}


def parse_face(token: str) -> int:
    """Read ``7H``, ``10h``, ``TH``, ``as``, ``7♥``, ``JK``/``joker``; a bad token is a
    :class:`RuleError` that names it."""
    text = token.strip()
    upper = text.upper()
    if upper in ("JK", "JOKER", "JO", "*"):
        return JOKER_FACE
    if len(text) >= 2:
        rank_part, suit_part = upper[:-1], upper[-1]
        suit = _SUIT_INPUT.get(suit_part, _SUIT_INPUT.get(text[-1]))
        rank = _RANK_INPUT.get(rank_part)
        if rank is None:
            rank = ascii_number(rank_part)
            if rank is not None and not 2 <= rank <= 10:
                rank = None
        if suit is not None and rank is not None:
            return suit * 13 + rank - 1
    raise RuleError("bad-card", case="token", text=token)


def parse_cards(tokens: Sequence[str], packs: int = MAX_PACKS, jokers: int = MAX_JOKERS,
                taken: Iterable[int] = ()) -> list[int]:
    """Turn faces into distinct physical cards: the first 7H read is pack 1's, the
    second pack 2's. Refuses more copies of a face than the packs hold."""
    used = set(taken)
    cards: list[int] = []
    for token in tokens:
        face_code = parse_face(token)
        if face_code == JOKER_FACE:
            candidates: Iterable[int] = (JOKER_BASE + j for j in range(jokers))
        else:
            candidates = (p * 52 + face_code for p in range(packs))
        card = next((c for c in candidates if c not in used), None)
        if card is None:
            raise RuleError("too-many-copies", text=token.strip())
        used.add(card)
        cards.append(card)
    return cards


def sort_key_suit(card: int, ace_high: bool = False) -> tuple[int, int, int]:
    """Suit, then rank (the ace low, or above the king where runs take it only high),
    jokers last."""
    if is_joker(card):
        return (4, 0, card)
    return (suit_of(card), _sorted_rank(card, ace_high), card)


def sort_key_rank(card: int, ace_high: bool = False) -> tuple[int, int, int]:
    """Rank (the ace low, or above the king), then suit, jokers last."""
    if is_joker(card):
        return (99, 0, card)
    return (_sorted_rank(card, ace_high), suit_of(card), card)


def _sorted_rank(card: int, ace_high: bool) -> int:
    rank = rank_of(card)
    return 14 if ace_high and rank == 1 else rank

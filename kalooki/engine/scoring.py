"""Scoring, in one place: what a card left in hand costs, when going out earns the bonus,
what the bonus does to the others' points, and what the table calls going out in one turn.

The state machine scores a deal with :func:`deal_scores`; the command line, the deal
summary and the log ask the same functions (and :func:`one_turn_out` for the name of the
feat), so no rule is re-derived where it is shown.
"""

from __future__ import annotations

from collections.abc import Sequence
from enum import StrEnum

from kalooki.engine.cards import ACE, is_black, is_joker, rank_of
from kalooki.engine.rules import RuleSet
from kalooki.engine.rules.choices import GoingOutBonus


class OneTurnOut(StrEnum):
    """What laying the whole hand in one turn is called at a table (a code: the words
    are the catalogs')."""

    BENT_TABLE = "bent-table"
    """A contract game: going out on the turn of one's first lay-down bends the table."""
    GOING_KALOOKI = "going-kalooki"
    """An opening game whose bonus needs the whole hand laid as new melds."""
    GOING_RAMI = "going-rami"
    """An opening game whose bonus allows adding to other players' melds."""


def one_turn_out(rules: RuleSet) -> OneTurnOut:
    if rules.uses_contracts:
        return OneTurnOut.BENT_TABLE
    if rules.going_out_bonus_no_tacking:
        return OneTurnOut.GOING_KALOOKI
    return OneTurnOut.GOING_RAMI


def card_points(card: int, rules: RuleSet) -> int:
    """Penalty points of a card left in hand."""
    if is_joker(card):
        return rules.joker_points
    rank = rank_of(card)
    if rank == ACE:
        return rules.black_ace_points if is_black(card) else rules.red_ace_points
    return rules.rank_points(rank)


def hand_points(cards: Sequence[int], rules: RuleSet) -> int:
    return sum(card_points(c, rules) for c in cards)


def went_out_in_one_turn(went_down_now: bool, tacked_on_others: bool, rules: RuleSet) -> bool:
    """Whether going out now is the feat the bonus rewards: on the turn of the first
    lay-down, and (when the rules say so) without adding to other players' melds."""
    return went_down_now and not (rules.going_out_bonus_no_tacking and tacked_on_others)


def with_bonus(points: int, rules: RuleSet) -> int:
    """A loser's points when the winner went out in one turn."""
    if rules.going_out_bonus == GoingOutBonus.DOUBLE:
        return points * 2
    if rules.going_out_bonus == GoingOutBonus.PLUS:
        return points + rules.going_out_bonus_points
    return points


def deal_scores(hands: Sequence[Sequence[int]], winner: int | None, bent: bool,
                out: Sequence[bool], rules: RuleSet) -> list[int]:
    """Every player's penalty for a deal ``winner`` went out of (``bent``: in one turn);
    eliminated players, whose hands are empty, pay no bonus. The cut bonus is the
    dealer's and is added apart."""
    scores = []
    for player, hand in enumerate(hands):
        points = hand_points(hand, rules)
        if player != winner and bent and not out[player]:
            points = with_bonus(points, rules)
        scores.append(points)
    return scores

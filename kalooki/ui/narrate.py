"""The log's sentences, one per event, as the viewer may know them. Pure: no pygame.

A few events need context the event does not carry (a call names no card, a tack names
a meld by number), so the narrator keeps the card under call and reads the table it is
given.
"""

from __future__ import annotations

from collections.abc import Sequence

from kalooki.engine.cards import card_text, cards_text
from kalooki.engine.events import Event
from kalooki.engine.rule_choices import GoingOutBonus
from kalooki.engine.rules import RuleSet
from kalooki.engine.scoring import OneTurnOut, one_turn_out
from kalooki.engine.view import PublicMeld
from kalooki.words import tr
from kalooki.words.melds import contract_name


def _card(card: int) -> str:
    return card_text(card, True)


_ONE_TURN_OUT = {OneTurnOut.BENT_TABLE: "bent the table",
                 OneTurnOut.GOING_KALOOKI: "going Kalooki", OneTurnOut.GOING_RAMI: "going Rami"}


def going_word(rules: RuleSet) -> str:
    """What laying the whole hand in one turn is called at this table (the engine says
    which feat it is, from the rules)."""
    return _ONE_TURN_OUT[one_turn_out(rules)]


def bonus_text(rules: RuleSet) -> str:
    """What the others pay when a player goes out in one turn: ``+25 each``, ``×2``."""
    if rules.going_out_bonus == GoingOutBonus.PLUS:
        return f"+{rules.going_out_bonus_points} each"
    return "×2" if rules.going_out_bonus == GoingOutBonus.DOUBLE else ""


def plural(count: int, word: str) -> str:
    """``1 card``, ``2 cards``: the count with the word agreeing."""
    return f"{count} {word}" if count == 1 else f"{count} {word}s"


class Narrator:
    def __init__(self, names: Sequence[str], viewer: int | None,
                 rules: RuleSet | None = None) -> None:
        self.names = list(names)
        self.viewer = viewer
        self.rules = rules
        self.called_card: int | None = None

    def who(self, player: int | None) -> str:
        """The player's name, or "You" for the viewer: the log speaks to the person."""
        if player is None:
            return "?"
        return "You" if player == self.viewer else self.names[player]

    def does(self, player: int | None, verb: str) -> str:
        """``Marcia deals`` but ``You deal``: ``verb`` is a regular verb in the third
        person (``deals``, ``wins``, ``takes``)."""
        if player == self.viewer:
            return f"You {verb.removesuffix('s')}"
        return f"{self.who(player)} {verb}"

    def _meld(self, table: Sequence[PublicMeld], index: int) -> str:
        if not 0 <= index < len(table):
            return "a meld"
        owner = table[index].owner
        whose = "your" if owner == self.viewer else f"{self.names[owner]}'s"
        return f"{whose} {table[index].meld.describe()}"

    def _bent(self, bent: bool) -> str:
        """How going out in one turn reads: going Kalooki or Rami, or bending the table."""
        if not bent:
            return ""
        rules = self.rules
        if rules is None or rules.uses_contracts:
            return " and bent the table"
        bonus = bonus_text(rules)
        return f", {going_word(rules)}" + (f" ({bonus} for the others)" if bonus else "")

    def line(self, event: Event, table: Sequence[PublicMeld]) -> str | None:
        """The sentence for ``event``, or None for events the log leaves out."""
        kind, who, cards, info = event.kind, self.who(event.player), event.cards, event.info
        if kind == "deal-start":
            rules = self.rules
            goal = (f"Open with {rules.opening_points} points" if rules is not None
                    and not rules.uses_contracts else
                    f"Contract: {contract_name(info['contract'])}")
            return (f"Deal {info['deal']}: {self.does(event.player, 'deals')} "
                    f"{plural(info['hand_size'], 'card')}. {goal}.")
        if kind == "cut":
            bonus = " Exactly right: cut bonus!" if info["bonus"] else ""
            return (f"{who} cut {plural(info['count'], 'card')} ({info['needed']} needed)."
                    f"{bonus}")
        if kind == "upcard":
            return f"{_card(cards[0])} is turned up."
        if kind == "draw":
            return f"{who} drew {_card(cards[0])}." if cards else f"{who} drew from the stock."
        if kind == "take":
            return f"{who} took {_card(cards[0])} from the discard."
        if kind == "call-window":
            self.called_card = cards[0]
            return None
        if kind == "call":
            card = _card(self.called_card) if self.called_card is not None else "the discard"
            return f"{who} called {card}."
        if kind == "call-won":
            return f"{self.does(event.player, 'wins')} the call for {_card(cards[0])}."
        if kind == "allow":
            return (f"{who} allowed the call: {self.does(info['caller'], 'takes')} "
                    f"{_card(cards[0])}.")
        if kind == "refuse":
            return f"{who} refused the call and took {_card(cards[0])}."
        if kind == "lay":
            melds = [self._meld(table, i).split(" ", 1)[1] for i in info["melds"]
                     if 0 <= i < len(table)]
            what = "; ".join(melds) if melds else cards_text(cards, True)
            verb = "went down with" if info["first"] else "laid"
            return f"{who} {verb} {what}."
        if kind == "tack":
            return f"{who} put {_card(cards[0])} on {self._meld(table, info['meld'])}."
        if kind == "shift":
            return (f"{who} put {_card(cards[0])} in place of the joker in "
                    f"{self._meld(table, info['meld'])}.")
        if kind == "release":
            return (f"{who} freed the joker from {self._meld(table, info['meld'])} with "
                    f"{cards_text(cards, True)}.")
        if kind == "discard":
            return f"{who} discarded {_card(cards[0])}."
        if kind == "end-turn":
            return f"{who} ended the turn."
        if kind == "reshuffle":
            return (f"The discards were shuffled into a new stock "
                    f"({plural(info['count'], 'card')}).")
        if kind == "deal-void":
            return "The stock ran out again: the deal is void and will be dealt again."
        if kind == "deal-end":
            result = info["result"]
            if result.stalled:
                return tr("summary.log.deal_stalled", deal=info["deal"])
            return f"{who} went out{self._bent(result.bent)}! Deal {info['deal']} is over."
        if kind == "buy-in-offer":
            return (f"{who} {'are' if event.player == self.viewer else 'is'} over the limit "
                    f"with {info['total']}: buy in at {info['rejoin']} or drop out?")
        if kind == "buy-in":
            return f"{self.does(event.player, 'buys')} back in at {info['total']}."
        if kind == "eliminated":
            return f"{who} {'are' if event.player == self.viewer else 'is'} out of the match " \
                   f"({info['total']} points)."
        if kind == "match-end":
            winners = " and ".join(self.who(p) for p in info["winners"])
            return f"The match is over: {winners} won."
        return None

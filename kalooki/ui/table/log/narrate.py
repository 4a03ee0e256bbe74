"""The log's sentences, one per event, as the viewer may know them. Pure: no pygame.

Each line is a :class:`Phrase` (a catalog key and its facts), so the log is worded again
when the language changes. The viewer is spoken to ("You drew 7♣", "Vous avez pioché
7♣"), the others named; a sentence about the viewer has its own key (``log.<event>.you``)
because the verb agrees with its subject. A few events need context the event does not
carry (a call names no card, a tack names a meld by number), so the narrator keeps what
the deal has told so far (the dealer and hand size, the card under call, the caller whose
call comes first, the penalty cards still to come) and reads the table it is given.

The log tells what the player sees, when they see it: the hand size when the cards are
dealt (after the cut), and a call's outcome only once the turn player has allowed or
refused it (the engine ranks the callers first: that caller's call "comes first").
"""

from __future__ import annotations

from collections.abc import Sequence

from kalooki.engine import events as ev
from kalooki.engine.deal import Stall
from kalooki.engine.events import Event
from kalooki.engine.melds import Meld
from kalooki.engine.rules import TURN_CEILING, RuleSet
from kalooki.engine.rules.choices import GoingOutBonus
from kalooki.engine.scoring import OneTurnOut, one_turn_out
from kalooki.engine.view import PublicMeld
from kalooki.words import Phrase, phrase
from kalooki.words.cards import card_said, cards_faces
from kalooki.words.melds import contract_name, meld_name

_ONE_TURN_OUT = {OneTurnOut.BENT_TABLE: "bent", OneTurnOut.GOING_KALOOKI: "kalooki",
                 OneTurnOut.GOING_RAMI: "rami"}


def going_word(rules: RuleSet) -> Phrase:
    """What laying the whole hand in one turn is called at this table (the engine says
    which feat it is, from the rules): bending the table, going Kalooki, going Rami."""
    return phrase(f"log.feat.{_ONE_TURN_OUT[one_turn_out(rules)]}")


def bonus_text(rules: RuleSet) -> Phrase | None:
    """What each other player pays when a player goes out in one turn: ``+25``, ``×2``."""
    if rules.going_out_bonus == GoingOutBonus.PLUS:
        return phrase("bonus.plus", points=rules.going_out_bonus_points)
    return phrase("bonus.double") if rules.going_out_bonus == GoingOutBonus.DOUBLE else None


def listed(items: Sequence[object]) -> object:
    """Names (or melds) joined the language's way: "Marcia and Desmond", "Marcia,
    Ana et Desmond"."""
    joined: object = items[0]
    for item in items[1:-1]:
        joined = phrase("log.list", first=joined, next=item)
    return joined if len(items) == 1 else phrase("log.and", first=joined, next=items[-1])


def melds_said(melds: Sequence[Meld]) -> object:
    """Melds laid, as a sentence lists them: "a group of 2s, a group of 9s and a run
    5♥–8♥" ("un groupe de 2, un groupe de 9 et une suite 5♥–8♥")."""
    return listed([phrase(f"log.a_meld.{'run' if meld.is_run else 'group'}",
                          meld=meld_name(meld)) for meld in melds])


class Narrator:
    def __init__(self, names: Sequence[str], viewer: int | None,
                 rules: RuleSet | None = None) -> None:
        self.names = list(names)
        self.viewer = viewer
        self.rules = rules
        self.called_card: int | None = None
        self.callers = 0
        """Calls on the card of the open call window: one alone need not be told first."""
        self.dealer: int | None = None
        self.hand_size: int | None = None
        self.caller: int | None = None
        """The caller whose call comes first, until the turn player answers."""
        self.penalty_due = 0
        """Penalty cards the allowed caller still draws (their draws say so)."""

    def who(self, player: int | None) -> str:
        return "?" if player is None else self.names[player]

    def said(self, key: str, player: int | None, **params: object) -> Phrase:
        """``log.<key>.you`` about the viewer, ``log.<key>.other`` (naming ``who``) about
        anyone else."""
        if player is not None and player == self.viewer:
            return phrase(f"log.{key}.you", **params)
        return phrase(f"log.{key}.other", who=self.who(player), **params)

    def _meld(self, table: Sequence[PublicMeld], index: int, actor: int | None) -> Phrase:
        """A table meld with its owner: "your run 5♥–8♥", "la suite 5♥–8♥ de Marcia", or
        the ``actor``'s own: "their group of 3s", "son groupe de 3"."""
        if not 0 <= index < len(table):
            return phrase("log.meld.unknown")
        owner, meld = table[index].owner, table[index].meld
        kind = "run" if meld.is_run else "group"
        if owner == self.viewer:
            return phrase(f"log.meld.yours.{kind}", meld=meld_name(meld))
        if owner == actor:
            return phrase(f"log.meld.own.{kind}", meld=meld_name(meld))
        return phrase(f"log.meld.theirs.{kind}", meld=meld_name(meld), owner=self.names[owner])

    def _feat(self, bent: bool) -> Phrase | None:
        """How going out in one turn reads: going Kalooki or Rami, or bending the table."""
        if not bent:
            return None
        rules = self.rules
        if rules is None or rules.uses_contracts:
            return phrase("log.feat.bent")
        bonus = bonus_text(rules)
        if bonus is None:
            return going_word(rules)
        each = rules.going_out_bonus == GoingOutBonus.PLUS
        return phrase("log.feat.with_each" if each else "log.feat.with_bonus",
                      feat=going_word(rules), bonus=bonus)

    def line(self, event: Event, table: Sequence[PublicMeld]) -> Phrase | None:
        """The sentence for ``event``, or None for events the log leaves out."""
        player, cards = event.player, event.cards
        match event:
            case ev.DealStarted():
                return self._deal_start(event)
            case ev.PackCut(count=count, needed=needed, bonus=bonus):
                return self.said("cut_bonus" if bonus else "cut", player,
                                 cards=phrase("cards.count", count=count), needed=needed)
            case ev.UpcardTurned():
                if self.hand_size is None:
                    return phrase("log.upcard", card=card_said(cards[0]))
                return self.said("dealt", self.dealer, card=card_said(cards[0]),
                                 cards=phrase("cards.count", count=self.hand_size))
            case ev.Drew():
                return self._drew(player, cards)
            case ev.Took():
                return self.said("take", player, card=card_said(cards[0]))
            case ev.CallWindowOpened():
                self.called_card, self.callers = cards[0], 0
                return None
            case ev.Called():
                self.callers += 1
                if self.called_card is None:
                    return self.said("call_discard", player)
                return self.said("call", player, card=card_said(self.called_card))
            case ev.CallWon():
                self.caller = player
                if self.called_card is not None and self.callers == 1:
                    return None  # the only call: "comes first" would tell of others
                return self.said("call_won", player, card=card_said(cards[0]))
            case ev.Allowed(caller=caller):
                self.caller = caller
                self.penalty_due = self.rules.call_penalty_cards if self.rules is not None else 0
                return self.said("allow", player,
                                 takes=self.said("takes", caller, card=card_said(cards[0])))
            case ev.Refused():
                return self.said("refuse", player, card=card_said(cards[0]),
                                 call=self.said("whose_call", self.caller))
            case ev.Laid(melds=indices, first=first):
                laid = [table[i].meld for i in indices if 0 <= i < len(table)]
                melds = melds_said(laid) if laid else cards_faces(cards)
                return self.said("open" if first else "lay", player, melds=melds)
            case ev.TackedOn(meld=meld):
                return self.said("tack", player, card=card_said(cards[0]),
                                 meld=self._meld(table, meld, player))
            case ev.JokerShifted(meld=meld):
                return self.said("shift", player, card=card_said(cards[0]),
                                 meld=self._meld(table, meld, player))
            case ev.JokerReleased(meld=meld):
                return self.said("release", player, cards=cards_faces(cards),
                                 meld=self._meld(table, meld, player))
            case ev.Discarded():
                return self.said("discard", player, card=card_said(cards[0]))
            case ev.TurnEnded():
                return self.said("end_turn", player)
            case ev.Reshuffled(count=count):
                return phrase("log.reshuffle", cards=phrase("cards.count", count=count))
            case ev.DealVoided():
                return phrase("log.deal_void")
            case ev.DealEnded():
                return self._deal_end(event)
            case ev.BuyInOffered(total=total, rejoin=rejoin):
                return self.said("buy_in_offer", player, total=total, rejoin=rejoin)
            case ev.BoughtIn(total=total):
                return self.said("buy_in", player, total=total)
            case ev.Eliminated(total=total):
                return self.said("eliminated", player, total=total)
            case ev.MatchEnded(winners=winners):
                return self._match_end(list(winners))
        return None

    def _drew(self, player: int | None, cards: tuple[int, ...]) -> Phrase:
        """A draw from the stock, or one of an allowed call's penalty cards."""
        if self.penalty_due and player == self.caller:
            self.penalty_due -= 1
            return self.said("penalty", player, card=card_said(cards[0])) if cards else \
                self.said("penalty_stock", player)
        return self.said("draw", player, card=card_said(cards[0])) if cards else \
            self.said("draw_stock", player)

    def _deal_end(self, event: ev.DealEnded) -> Phrase:
        """Who went out (and the feat, when it was one), or why the deal stalled."""
        result, deal = event.result, event.deal
        if result.stall == Stall.TURNS:
            return phrase("summary.log.deal_stalled_turns", deal=deal, turns=TURN_CEILING)
        if result.stalled:
            return phrase("summary.log.deal_stalled", deal=deal)
        feat = self._feat(result.bent)
        if feat is None:
            return self.said("deal_end", event.player, deal=deal)
        return self.said("deal_end_feat", event.player, deal=deal, feat=feat)

    def _deal_start(self, event: ev.DealStarted) -> Phrase:
        """The dealer and what the deal asks; the hand size waits for the cards (after
        the cut, when there is one)."""
        self.dealer, self.hand_size = event.player, event.hand_size
        self.caller, self.penalty_due = None, 0
        rules = self.rules
        goal = (phrase("log.goal.opening", points=rules.opening_points)
                if rules is not None and not rules.uses_contracts
                else phrase("log.goal.contract", contract=contract_name(event.contract)))
        return self.said("deal_start", event.player, deal=event.deal, goal=goal)

    def _match_end(self, winners: list[int]) -> Phrase:
        others = [self.names[p] for p in winners if p != self.viewer]
        if len(others) < len(winners):
            return phrase("log.match_end.you") if not others else \
                phrase("log.match_end.with_you", winners=listed(others))
        return phrase("log.match_end.other", winners=listed(others), count=len(others))


"""Build games in a chosen position, so each rule can be tested where it bites."""

from __future__ import annotations

from kalooki.ai.random_player import choose_random
from kalooki.engine.actions import (
    Action,
    Discard,
    DrawStock,
    LayDown,
    MeldSpec,
    TackOn,
)
from kalooki.engine.cards import build_deck, parse_cards
from kalooki.engine.deal import Phase, TableMeld
from kalooki.engine.melds import (
    GROUP_KIND,
    make_meld,
)
from kalooki.engine.rng import Rng
from kalooki.engine.rules import RuleSet, preset
from kalooki.engine.state import Game
from kalooki.engine.view import PlayerView

CARIB = preset("caribbean")


def rigged(hands: list[str], *, rules: RuleSet = CARIB, discard: str = "", stock: str = "",
           turn: int = 0, down: tuple[int, ...] = (), table: tuple[tuple[int, str], ...] = (),
           deal_no: int = 1, dealer: int | None = None) -> Game:
    """A game whose cards lie exactly as described (text like "7H 8H JK"); every other
    card of the deck goes to the bottom of the stock, so all cards stay accounted for.
    ``stock`` lists the next cards to be drawn, first drawn first."""
    n = len(hands)
    rules.validate(n)
    packs, jokers = rules.deck_for(n)
    taken: list[int] = []

    def take(text: str) -> list[int]:
        got = parse_cards(text.split(), packs, jokers, taken)
        taken.extend(got)
        return got

    dealt = [take(h) for h in hands]
    melds = [TableMeld(owner, make_meld(take(text), rules)) for owner, text in table]
    pile = take(discard)
    top = take(stock)
    rest = [c for c in build_deck(packs, jokers) if c not in set(taken)]
    return Game(rules=rules, players=n, seed=7, rng=Rng(7), deal_no=deal_no,
                dealer=(turn - 1) % n if dealer is None else dealer, hands=dealt,
                table=melds, discard=pile, stock=rest + list(reversed(top)),
                down=[p in down for p in range(n)], phase=Phase.DRAW, turn=turn, to_act=turn)


def eager(view: PlayerView, rng: Rng) -> Action:
    """Random, but lays down and tacks on whenever it can, so deals end by going out."""
    keen = [a for a in view.legal if isinstance(a, LayDown | TackOn)]
    return keen[0] if keen else choose_random(view, rng)


def permute_hidden(game: Game, viewer: int, seed: int) -> Game:
    """The same position with the cards ``viewer`` cannot see (other hands, the stock)
    dealt differently: what a fair player sees must not change."""
    other = game.clone()
    seats = [p for p in range(game.players) if p != viewer]
    pool = [c for p in seats for c in other.hands[p]] + other.stock
    Rng(seed).shuffle(pool)
    for p in seats:
        size = len(other.hands[p])
        other.hands[p], pool = pool[:size], pool[size:]
    other.stock = pool
    return other


def held(game, player, text):
    """Ids of these faces in ``player``'s hand (first copies first)."""
    hand = list(game.hands[player])
    found = []
    for token in text.split():
        face = None if token == "JK" else parse_cards([token])[0] % 52
        match = next(c for c in hand if c not in found
                     and (c >= 208 if face is None else c < 208 and c % 52 == face))
        found.append(match)
    return tuple(found)


FOUR = ["2S 3S", "4S 5S", "6S 7S", "8S 9S"]


def discarded(rules=CARIB, **kw):
    game = rigged(FOUR, rules=rules, discard="9D", stock="KH QH JH", **kw)
    game.apply(DrawStock(), game.to_act)
    game.apply(Discard(held(game, 0, "2S")[0]), game.to_act)
    return game


DEAL1 = "5S 5H 5D 6S 6H 6D 7S 7H 7D KC QC"


def ids(game, player, text):
    """The ids of these faces in ``player``'s hand (first copies first)."""
    hand = list(game.hands[player])
    found = []
    for token in text.split():
        face = parse_cards([token])[0] % 52 if token != "JK" else None
        match = next(c for c in hand if (c % 52 == face if face is not None else c >= 208)
                     and c not in found)
        found.append(match)
    return tuple(found)


def group(game, player, text):
    return MeldSpec(GROUP_KIND, ids(game, player, text))


def ready(hand=DEAL1, others=("2C 3C", "4C 8C"), **kw):
    game = rigged([hand, *others], stock="9C", **kw)
    game.apply(DrawStock(), game.to_act)
    return game


def deal_one_contract(game):
    return LayDown((group(game, 0, "5S 5H 5D"), group(game, 0, "6S 6H 6D"),
                    group(game, 0, "7S 7H 7D")))

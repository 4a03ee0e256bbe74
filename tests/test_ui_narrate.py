"""The log tells what the player sees, when they see it: the deal's hand size once the
cards are dealt (after the cut), and a call's outcome only once the turn player has
answered it, never a call "won" that is then refused."""

from __future__ import annotations

import dataclasses

import pytest

from kalooki.engine import events as ev
from kalooki.engine.actions import Allow, Call, Cut, Discard, DrawStock, Pass, Refuse, TackOn
from kalooki.engine.cards import parse_cards
from kalooki.engine.deal import DealResult, Stall
from kalooki.engine.events import Event
from kalooki.engine.rules import TURN_CEILING, CallPriority
from kalooki.engine.state import Game
from kalooki.engine.view import PublicMeld
from kalooki.ui.table.log.narrate import Narrator
from kalooki.ui.table.summary import _title
from kalooki.words import set_language
from tests.support.rig import CARIB, DEAL1, deal_one_contract, ready, rigged
from tests.support.words import plain

NAMES = ["Desmond", "Marcia", "Ana", "Delroy"]


def told(narrator: Narrator, events: list[Event]) -> list[str]:
    """The lines of ``events`` as the narrator's viewer may see them."""
    lines = (narrator.line(event.seen_by(narrator.viewer), ()) for event in events)
    return [plain(str(line)) for line in lines if line]


def cut_and_deal(viewer: int | None) -> list[str]:
    """The opening of a match with a cut: the deal's start, the cut, the cards dealt."""
    game = Game.new(CARIB, 4, seed=11)
    assert game.phase == "cut"
    narrator = Narrator(NAMES, viewer, CARIB)
    dealer = game.to_act
    assert dealer is not None
    lines = told(narrator, game.start_events)
    return lines + told(narrator, game.apply(Cut(40), dealer))


@pytest.mark.parametrize("lang", ["en", "fr"])
def test_the_hand_size_is_told_when_the_cards_are_dealt_after_the_cut(lang: str) -> None:
    set_language(lang)
    lines = cut_and_deal(viewer=None)
    game = Game.new(CARIB, 4, seed=11)
    dealer = NAMES[game.dealer]
    cards = f"{game.hand_size} {'cards' if lang == 'en' else 'cartes'}"
    assert dealer in lines[0] and cards not in lines[0]  # dealer and contract only
    assert ("Contract" if lang == "en" else "Contrat") in lines[0]
    cut = next(i for i, line in enumerate(lines) if (" cut " if lang == "en" else "coupé") in line)
    dealt = next(i for i, line in enumerate(lines) if cards in line)
    assert cut < dealt == len(lines) - 1 and dealer in lines[dealt]


def test_the_dealer_is_spoken_to_when_the_viewer_deals() -> None:
    game = Game.new(CARIB, 4, seed=11)
    lines = cut_and_deal(viewer=game.dealer)
    assert lines[0].startswith("Deal 1: you are the dealer.")
    assert lines[-1].startswith(f"You dealt {game.hand_size} cards each and turned up ")


FOUR = ["2S 3S", "4S 5S", "6S 7S", "8S 9S"]


def to_the_turn_players_answer(narrator: Narrator, both_call: bool = False
                               ) -> tuple[Game, list[str]]:
    """Seat 0 throws 2♠; seat 3 calls it (seat 2 passes, or calls too when
    ``both_call``, the winner then drawn by lot): seat 1 must answer."""
    rules = dataclasses.replace(CARIB, call_priority=CallPriority.RANDOM) if both_call \
        else CARIB
    game = rigged(FOUR, rules=rules, stock="KH QH JH")
    lines = told(narrator, game.apply(DrawStock(), 0))
    lines += told(narrator, game.apply(Discard(parse_cards(["2S"])[0]), 0))
    lines += told(narrator, game.apply(Call() if both_call else Pass(), 2))
    lines += told(narrator, game.apply(Call(), 3))
    assert game.to_act == 1 and game.phase == "allow"
    return game, lines


def test_a_call_is_told_first_only_when_another_called_too() -> None:
    """A lone call is told once ("Delroy called 2♠"), not as coming first: the log
    said "comes first" with nobody else calling. Of two calls (the winner drawn by lot),
    the log tells whose comes first."""
    alone = to_the_turn_players_answer(Narrator(NAMES, None, CARIB))[1]
    assert alone[-1] == "Delroy called 2♠." and not any("first" in line for line in alone)
    game, both = to_the_turn_players_answer(Narrator(NAMES, None, CARIB), both_call=True)
    assert both[-2:-1] == ["Delroy called 2♠."], both
    assert both[-1] == f"{NAMES[game.caller]}'s call for 2♠ comes first.", both


@pytest.mark.parametrize("viewer", [None, 1, 3])
def test_a_refused_call_is_never_told_as_won(viewer: int | None) -> None:
    narrator = Narrator(NAMES, viewer, CARIB)
    game, before = to_the_turn_players_answer(narrator)
    after = told(narrator, game.apply(Refuse(), 1))
    words = before + after
    assert not any("win" in line.lower() for line in words), words
    assert "called 2♠" in before[-1]
    refused = after[0]
    assert "refused" in refused and "2♠" in refused
    caller = "your call" if viewer == 3 else "Delroy's call"
    assert caller in refused


def test_an_allowed_call_tells_the_taking_and_each_penalty_card() -> None:
    rules = dataclasses.replace(CARIB, call_penalty_cards=2)
    narrator = Narrator(NAMES, 3, rules)
    game = rigged(FOUR, rules=rules, stock="KH QH JH")
    for action, seat in [(DrawStock(), 0), (Discard(parse_cards(["2S"])[0]), 0),
                         (Pass(), 2), (Call(), 3)]:
        game.apply(action, seat)
    lines = told(narrator, game.apply(Allow(), 1))
    assert lines == ["Marcia allowed the call: you take 2♠.",
                     "You drew Q♥ as a penalty.",
                     "You drew J♥ as a penalty."]
    later = told(narrator, game.apply(DrawStock(), 1))
    assert later == ["Marcia drew from the stock."]  # the turn player's draw is no penalty


def test_french_tells_the_call_first_then_its_refusal() -> None:
    set_language("fr")
    narrator = Narrator(NAMES, None, CARIB)
    game, before = to_the_turn_players_answer(narrator)
    after = told(narrator, game.apply(Refuse(), 1))
    assert before[-1] == "Delroy a appelé 2♠."
    assert after == ["Marcia a refusé l'appel de Delroy et a pris 2♠."]
    assert not any("remporte" in line for line in before + after)


def test_a_lay_down_lists_its_melds_as_a_sentence_does() -> None:
    game = ready(DEAL1)
    events = game.apply(deal_one_contract(game), 0)
    table = tuple(PublicMeld(m.owner, m.meld) for m in game.table)
    lay = next(e for e in events if isinstance(e, ev.Laid))
    narrator = Narrator(NAMES, 1, CARIB)
    assert str(narrator.line(lay, table)) == (
        "Desmond went down with a group of three 5s, a group of three 6s and a group of "
        "three 7s.")
    set_language("fr")
    assert plain(str(narrator.line(lay, table))) == (  # "de 7" alone reads as seven cards
        "Desmond a ouvert avec un groupe de trois 5, un groupe de trois 6 et un groupe de "
        "trois 7.")


@pytest.mark.parametrize(("lang", "drew"), [("en", "You drew a joker."),
                                            ("fr", "Vous avez pioché un joker.")])
def test_a_joker_is_told_as_a_joker_not_by_its_corner(lang: str, drew: str) -> None:
    """A card in a sentence is its face ("7♥"), but a joker's corner "JK" is no word:
    the log says "a joker" ("un joker")."""
    set_language(lang)
    game = rigged(["3C 5C", "2D 4D", "2S 4S"], stock="JK")
    assert told(Narrator(NAMES, 0, CARIB), game.apply(DrawStock(), 0)) == [drew]


def test_three_winners_are_listed_with_commas_then_and() -> None:
    narrator = Narrator(NAMES, None, CARIB)
    ended = ev.MatchEnded(None, winners=(0, 1, 2), totals=(0, 0, 0))
    assert str(narrator.line(ended, ())).count(",") == 1
    assert "Desmond, Marcia and Ana" in str(narrator.line(ended, ()))


def test_a_tack_names_whose_meld_it_joined_in_good_french() -> None:
    game = rigged(["3C 5C 9D KD", "2D 4D", "2S 4S"], stock="JH", down=(0,),
                  table=((0, "5S 5H 5D"), (1, "3S 3H 3D")))
    game.apply(DrawStock(), 0)
    narrator = Narrator(NAMES, 2, CARIB)
    lines = []
    for card, meld in (("3C", 1), ("5C", 0)):
        face = parse_cards([card])[0] % 52
        held = next(c for c in game.hands[0] if c % 52 == face)
        events = game.apply(TackOn(held, meld), 0)
        table = tuple(PublicMeld(m.owner, m.meld) for m in game.table)
        lines += [narrator.line(e.seen_by(2), table) for e in events
                  if isinstance(e, ev.TackedOn)]
    assert [str(line) for line in lines] == [
        "Desmond put 3♣ on Marcia's group of four 3s.", "Desmond put 5♣ on their group of four 5s."]
    set_language("fr")
    assert [plain(str(line)) for line in lines] == [
        "Desmond a ajouté 3♣ au groupe de quatre 3 de Marcia.",
        "Desmond a ajouté 5♣ à son groupe de quatre 5."]


@pytest.mark.parametrize("stall", list(Stall)[1:])
def test_a_deal_scored_as_the_hands_stand_says_why(stall: Stall) -> None:
    """The log and the summary's headline tell the turn ceiling apart from a stock that ran
    out once more, in both languages."""
    result = DealResult(3, 0, (5, 9, 13, 2), None, False, False, False, ((), (), (), ()),
                        stall=stall)
    ended = ev.DealEnded(None, deal=3, result=result, totals=result.scores)
    line = Narrator(NAMES, None, CARIB).line(ended, ())
    turns = stall == Stall.TURNS
    set_language("en")
    assert (f"Deal 3 has gone on for {TURN_CEILING} turns" in str(line)) is turns
    assert "scored as the hands stand" in str(line)
    assert (f"{TURN_CEILING} turns" in _title(result, NAMES, CARIB)) is turns
    set_language("fr")
    assert (f"La donne 3 dure depuis {TURN_CEILING} tours" in plain(str(line))) is turns
    assert "comptée telle quelle" in str(line)
    assert (f"{TURN_CEILING} tours" in plain(_title(result, NAMES, CARIB))) is turns
